"""`zemlevlasnyk games`: unfinished games listed with table, players, records, size and date;
pruning old finished ones; damaged files named, never a traceback; nothing created."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.savegame import Header, SaveGame
from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.text import catalogue

ME = "cd" * 32


def _line(seq: int, kind: str, players: list[str] | None = None) -> bytes:
    body: dict[str, object] = {"kind": kind, "seq": seq}
    if players is not None:
        body["setup"] = {"players": [{"name": name} for name in players]}
    return canonical_json({"body": body, "sig": "ab" * 64, "t": "record"})


def _game(games: Path, table: str, kinds: list[str], players: list[str]) -> Path:
    path = games / f"{table}-{ME[:16]}.zvl"
    header = Header(table=table, host="aa" * 32, me=ME, preset="zemlevlasnyk", created=1_700_000_000)
    with SaveGame.open(path, header) as game:
        for seq, kind in enumerate(kinds):
            game.append(seq, _line(seq, kind, players if seq == 0 else None))
    return path


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    return tmp_path / "zemlevlasnyk"


def test_games_lists_unfinished_games_with_players_records_and_size(data: Path, capsys) -> None:
    games = data / "games"
    games.mkdir(parents=True)
    unfinished = _game(games, "00112233aabbccdd", ["start", "act", "act"], ["Olena", "Taras"])
    _game(games, "ffffffffffffffff", ["start", "end"], ["Ann", "Bob"])
    assert main(["games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Unfinished games in" in out and "00112233aabbccdd" in out and "Olena, Taras" in out
    assert "records: 3" in out and "KiB" in out and str(unfinished) in out
    assert "ffffffffffffffff" not in out
    assert main(["games", "--all", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "ffffffffffffffff" in out and "(finished)" in out
    assert main(["games", "--lang", "uk"]) == 0
    assert "Незавершені ігри" in capsys.readouterr().out


def test_games_names_a_damaged_file_without_a_traceback(data: Path, capsys) -> None:
    games = data / "games"
    games.mkdir(parents=True)
    (games / "0123456789abcdef-x.zvl").write_bytes(b'{"t":"game","format":2}\n')
    (games / "1123456789abcdef-x.zvl").write_bytes(b"")
    assert main(["games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "0123456789abcdef-x.zvl: " in out and "is not a saved" in out and "is empty" in out


def test_games_with_no_folder_creates_nothing(data: Path, capsys) -> None:
    assert main(["games", "--lang", "en"]) == 0
    assert "No unfinished games" in capsys.readouterr().out
    assert not data.exists()


def test_games_prune_removes_old_finished_games_only(data: Path, capsys) -> None:
    games = data / "games"
    games.mkdir(parents=True)
    old_finished = _game(games, "ffffffffffffffff", ["start", "end"], ["Ann"])
    old_unfinished = _game(games, "eeeeeeeeeeeeeeee", ["start"], ["Ann"])
    for path in (old_finished, old_unfinished):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    assert main(["games", "--prune", "30", "--lang", "en"]) == 0
    assert "Finished games not opened for 30 days, removed: 1." in capsys.readouterr().out
    assert not old_finished.exists() and old_unfinished.exists()
    assert main(["games", "--prune", "-1", "--lang", "en"]) == 2


def test_games_prune_default_matches_the_saved_game_rule() -> None:
    from zemlevlasnyk.p2p.savegame import PRUNE_AFTER_DAYS
    from zemlevlasnyk.ui.cmd_games import _PRUNE_DEFAULT_DAYS
    assert _PRUNE_DEFAULT_DAYS == PRUNE_AFTER_DAYS


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_games_says_when_the_games_folder_is_no_folder(data: Path, capsys, lang: str) -> None:
    """A file where the games folder should be: said (exit 2), not «no unfinished games»;
    the file is left as it was."""
    data.mkdir(parents=True)
    blocker = data / "games"
    blocker.write_text("not a folder")
    assert main(["games", "--lang", lang]) == 2
    assert main(["games", "--prune", "--lang", lang]) == 2
    err = capsys.readouterr().err
    expected = catalogue(lang)["commands"]["games"]["not_folder"].format(folder=blocker)
    assert err.count(expected) == 2 and "Traceback" not in err
    assert blocker.read_text() == "not a folder"

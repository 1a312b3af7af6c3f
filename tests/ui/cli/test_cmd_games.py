"""`zemlevlasnyk games`: unfinished games listed with table, players, records, size and date;
pruning old finished ones; damaged files named, never a traceback; nothing created."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.core.bodies import Head, Player, Setup, StartBody
from zemlevlasnyk.p2p.store.savegame import Header, SaveGame
from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.words.text import catalogue

ME = "cd" * 32


def _line(seq: int, kind: str, players: list[str] | None = None) -> bytes:
    """A record line as the listing reads it: its kind and number; the start record whole,
    with the players' names (nothing here is signed or verified)."""
    body: dict[str, object] = {"kind": kind, "seq": seq}
    if players is not None:
        seated = tuple(Player("aa" * 32, name, "red", None) for name in players)
        setup = Setup("zemlevlasnyk", {}, "ef" * 32, True, "12" * 32, seated, ())
        body = StartBody(*Head("00112233aabbccdd", seq, "0" * 64, 0, "34" * 32, None, [], "56" * 32),
                         setup=setup).to_json()
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
    from zemlevlasnyk.p2p.store.savegame import PRUNE_AFTER_DAYS
    from zemlevlasnyk.ui.cli.games import _PRUNE_DEFAULT_DAYS
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


def _kept_games(data: Path) -> tuple[Path, Path]:
    """Two real games against the computer of the default profile: one played to its end
    (the turn cap ends it), one broken off."""
    from zemlevlasnyk.engine import DEFAULT_PRESET, load_rules
    from zemlevlasnyk.p2p.store.profiles import load_or_create
    from zemlevlasnyk.ui.sessions.local import LocalTable
    games = data / "games"
    games.mkdir(parents=True)
    me = load_or_create("default", name="Оля", folder=data)
    paths = []
    for seed, records in ((3, None), (4, 30)):
        table = LocalTable.new(me, opponents=2, level="random", seed=seed, keep=games,
                               rules=load_rules(DEFAULT_PRESET, {"turn_cap": 10}))
        while table.outcome is None and (records is None or table.records < records):
            if not table.step_computer():
                action = table.game.safe_action(table.me)
                assert action is not None and table.act(action)
        table.close()
        assert table.path is not None
        paths.append(table.path)
    return paths[0], paths[1]


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_games_lists_games_against_the_computer_by_the_names_the_game_shows_and_their_result(
        data: Path, capsys, lang: str) -> None:
    """A computer player is named as the table names it in the language («Богдан»), never
    by the name its seat was given («Bot 1 (random)»); a finished game says who won."""
    from zemlevlasnyk.p2p.store.savegame import read
    finished, unfinished = _kept_games(data)
    words = catalogue(lang)["commands"]["games"]
    bots = catalogue(lang)["ui"]["bot_names"][:2]
    assert main(["games", "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert f"Оля, {bots[0]}, {bots[1]}" in out and str(unfinished) in out and str(finished) not in out
    assert "Bot" not in out
    assert main(["games", "--all", "--lang", lang]) == 0
    out = capsys.readouterr().out
    row = next(line for line in out.splitlines() if str(finished) in line)
    outcome = json.loads(read(finished).records[-1].data)["body"]["outcome"]
    names = ["Оля", *bots]
    result = words["drawn"] if outcome["draw"] else words["won"].format(name=names[outcome["winner"]])
    assert f"({result})" in row and f"Оля, {bots[0]}, {bots[1]}" in row

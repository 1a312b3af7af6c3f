"""A saved game whose host signed hostile names (issue 20, item 3): `verify` refuses it as the
host's fault and, like `games --all`, prints nothing a terminal acts on (before, the names
went out raw, and a carriage return let «final state 00ff» pass for verify's own line);
the command logs write such text as codes."""
from __future__ import annotations

import logging
from pathlib import Path

import pytest
from helpers.p2p import profile

from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.store.savegame import SaveGame, game_path, header_for
from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.words.text import catalogue

TABLE = "00112233aabbccdd"
HOSTILE = "Ev\x1b[2Jil\x07\rfinal state 00ff\u202e"
_ACTING = ("\x1b", "\x07", "\r", "\u202e")


@pytest.fixture
def hostile_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    core = TableHost(profile(0, HOSTILE), clock=False, solo=True, table=TABLE)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    core.add_bot("medium", make_policy("medium", 2), 0.0)
    core.start(0.0)
    for n in range(10):
        core.step(1.0 + n)
    games = tmp_path / "zemlevlasnyk" / "games"
    games.mkdir(parents=True)
    path = game_path(games, TABLE, core.profile.public_key)
    with SaveGame.open(path, header_for(core.records[0], table=TABLE, host=core.key_hex, me=core.key_hex)) as game:
        for seq, record in enumerate(core.records):
            game.append(seq, record)
    return path


def _harmless(out: str) -> None:
    assert not set(_ACTING) & set(out), repr(out)
    assert not any(line.lstrip().startswith("final state") for line in out.splitlines()), out


@pytest.mark.parametrize("lang", ["en", "uk"])
def test_verify_refuses_hostile_names_as_the_hosts_fault_and_prints_them_clean(hostile_game: Path, capsys,
                                                                              lang: str) -> None:
    assert main(["verify", str(hostile_game), "--lang", lang]) == 1
    out = capsys.readouterr().out
    _harmless(out)
    words = catalogue(lang)["commands"]["verify"]
    assert out.startswith(words["bad"].format(path=hostile_game))
    assert words["bad_record"].split("{seq}")[0] + "0" in out, out


def test_games_lists_a_game_with_hostile_names_clean(hostile_game: Path, capsys) -> None:
    assert main(["games", "--all", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    _harmless(out)
    assert "Ev[2Jilfinal state 00ff" in out and TABLE in out


def test_a_command_log_writes_what_a_terminal_acts_on_as_codes(tmp_path: Path) -> None:
    from zemlevlasnyk.ui.shell.logs import log_to_file
    path = log_to_file(tmp_path, logger_name="zemlevlasnyk.test_hostile", file="hostile.log")
    assert path is not None
    logging.getLogger("zemlevlasnyk.test_hostile").warning("an advert named %s", HOSTILE)
    for handler in logging.getLogger("zemlevlasnyk.test_hostile").handlers:
        handler.flush()
    text = path.read_text("utf-8")
    _harmless(text)
    assert "Ev\\u001b[2Jil\\u0007\\u000dfinal state 00ff\\u202e" in text

"""A computer player's temperament on the command line, as in the window's setup and lobby:
`host --bots medium:bold,hard:cautious` seats each with its temperament (written into the
start record, so every peer and a saved game see it), `play --level hard:bold` gives every
opponent that temperament; a temperament on a level without one, or one that does not exist,
is a one-line message in the person's language. (`simulate --bots`: tests/ui/cli/test_simulate.py.)
The host is a real process on 127.0.0.1, joined by another."""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers.faults import Player, SavedGameWatcher
from helpers.wait import wait_for

from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.shell import app, nav

START_SECONDS = 60
POLL_SECONDS = 0.02


def test_cmd_host_seats_each_computer_player_with_its_temperament(tmp_path: Path) -> None:
    host = Player("host", ["host", "--name", "Host", "--bots", "medium:bold, hard:cautious,easy", "--start-at", "4",
                           "--bind", "127.0.0.1", "--no-mdns", "--seed", "1", "--option", "turn_cap=40"],
                  tmp_path / "host")
    players = [host]
    try:
        players.append(Player("Taras", ["join", host.link(), "--name", "Taras", "--bot", "idle", "--seed", "2"],
                              tmp_path / "taras"))
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=START_SECONDS), \
            host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.game is not None, timeout=START_SECONDS,
                        every=POLL_SECONDS), host.err()
        replica = watcher.poll()
    finally:
        for player in players:
            player.stop()
    assert replica is not None
    seated = sorted((p.bot, p.temperament) for p in replica.players if p.name != "Taras")
    assert seated == [("easy", None), ("hard", "cautious"), ("medium", "bold")], replica.players


@pytest.mark.parametrize(("args", "said"), [
    (["host", "--bots", "hard:wild"], "unknown temperament 'wild'; known: cautious, balanced, bold"),
    (["host", "--bots", "idle,random:bold"],
     "bot level 'random' has no temperament; these have one: easy, medium, hard"),
    (["play", "--level", "hard:wild"], "unknown temperament 'wild'"),
    (["play", "--level", "hard:"], "unknown temperament ''"),
    (["play", "--level", "genius:bold"], "--level 'genius': no such computer level"),
])
def test_cmd_a_bad_temperament_is_one_line(args: list[str], said: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.setattr(app, "run_window", lambda **kw: pytest.fail("the window opened"))
    assert main([*args, "--bind", "127.0.0.1", "--no-mdns"] if args[0] == "host" else [*args, "--lang", "en"]) == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1, err


def test_cmd_play_level_with_temperament_gives_every_opponent_that_temperament(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    opened: list[object] = []

    def run_window(**kw: object) -> int:
        opened.append(kw["first"])
        return 0
    monkeypatch.setattr(app, "run_window", run_window)
    assert main(["play", "--opponents", "2", "--level", "hard:bold", "--seed", "4", "--lang", "en"]) == 0
    assert main(["play", "--opponents", "3", "--level", "easy", "--lang", "en"]) == 0
    bold, plain = opened
    assert isinstance(bold, nav.PlayComputer) and isinstance(plain, nav.PlayComputer)
    assert (bold.level, bold.opponents, bold.temperaments, bold.seed) == ("hard", 2, ("bold", "bold"), 4)
    assert (plain.level, plain.temperaments) == ("easy", ())

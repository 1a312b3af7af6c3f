"""A game against the computer survives its window's process being killed (issue 19): real
`zemlevlasnyk` processes under SDL's dummy drivers, SIGKILLed while the computer players
move, lose at most the record being written. The game is then played on from its file
(here, in the test's process, as the window would) at the state of its last whole record,
and goes on exactly as the game played without the kill (the same records, record for
record, to the same end), and the file verifies. Killed twice: `play` while the computer
players open the game, and `resume` while they play on after the person resigned."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers.p2p import REPO, body, cli, subprocess_env

from zemlevlasnyk.engine import DEFAULT_PRESET, Action, Game, Resign, load_rules
from zemlevlasnyk.p2p.store.profiles import load_or_create
from zemlevlasnyk.p2p.store.savegame import read
from zemlevlasnyk.p2p.store.verify import verify_game
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.shell.settings import Gender, Settings, save_settings

pytestmark = pytest.mark.slow

LEVEL = "medium"
NAME = "Оля"
# Games that end by the turn cap: whole games (`verify` passes only those), quickly played.
TURN_CAP = 60
RULES = load_rules(DEFAULT_PRESET, {"turn_cap": TURN_CAP})
# A seed whose first player is a computer player (the person sits last in the round), so
# that the window's game moves before the person has to: found by `_computer_first`.
SEEDS = range(1, 40)
# Records the killed process must have written beyond those it found: it was playing.
GROWN = 4
# A process under the dummy drivers starts in seconds; on a loaded two-core machine, give
# it far longer before calling it stuck.
STARTED_SECONDS = 120
# The person resigns at the first turn of theirs once this many records are out.
RESIGN_AFTER = 25


def person(game: Game, me: int) -> Action:
    action = game.safe_action(me)
    return action if action is not None else game.legal(me).actions[0]


def play(table: LocalTable, *, until: int | None = None, resign_after: int | None = None) -> None:
    while table.outcome is None and (until is None or table.records < until):
        if table.handle.core.wants_step():
            assert table.step_computer()
            continue
        game = table.game
        mine = [d.kind for d in game.pending() if d.seat == table.me]
        if resign_after is not None and table.records >= resign_after and mine[:1] == ["turn"]:
            assert table.act(Resign(table.me))
            return
        assert table.act(person(game, table.me)), table.refusal


def trail(path: Path) -> list[tuple[int, str, str, str]]:
    return [(b["seq"], b["kind"], json.dumps(b.get("auto") or b.get("outcome")), b["state"])
            for b in (body(line.data) for line in read(path).records)]


def _returning(folder: Path) -> None:
    """The person has played here before (the first run's welcome comes before any game the
    command asks for, and would keep the process from playing)."""
    folder.mkdir(parents=True, exist_ok=True)
    save_settings(Settings(lang="uk", name=NAME, gender=Gender.FEMININE), folder)


def _env(data: Path) -> dict[str, str]:
    return {**subprocess_env(data), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}


def _kill_when_grown(args: list[str], data: Path, path_of: Callable[[], Path | None], *, past: int) -> Path:
    """Run a `zemlevlasnyk` command in a process, and SIGKILL it once its saved game holds
    `GROWN` records more than `past`; the saved game's path."""
    proc = subprocess.Popen(cli(*args), cwd=REPO, env=_env(data), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + STARTED_SECONDS
        while time.monotonic() < deadline:
            assert proc.poll() is None, proc.communicate()
            path = path_of()
            if path is not None and len(read(path).records) >= past + GROWN:
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(10)
                return path
            time.sleep(0.05)
        raise AssertionError("the process never played")
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


def _computer_first(folder: Path) -> int:
    for seed in SEEDS:
        table = LocalTable.new(load_or_create("default", folder=folder), opponents=3, level=LEVEL, seed=seed,
                               rules=RULES)
        if table.game.main_seat() != table.me:
            return seed
    raise AssertionError("no seed lets a computer player start")


def _played_on(path: Path, folder: Path) -> LocalTable:
    """The killed game, played on from its file to its end, as the window would."""
    kept = read(path)
    table = LocalTable.resumed(path, load_or_create("default", folder=folder))
    assert table.game.state_hash() == body(kept.records[-1].data)["state"], "at its last whole record"
    play(table)
    table.close()
    return table


def test_faults_kept_play_killed_while_the_computer_plays_goes_on_as_if_never_killed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    folder = data / "zemlevlasnyk"
    _returning(folder)
    seed = _computer_first(folder)
    games = folder / "games"

    def saved() -> Path | None:
        found = sorted(games.glob("*.zvl")) if games.is_dir() else []
        return found[0] if found and read(found[0]).records else None

    path = _kill_when_grown(["play", "--seed", str(seed), "--level", LEVEL, "--name", NAME,
                             "--option", f"turn_cap={TURN_CAP}"], data, saved, past=0)
    _played_on(path, folder)
    straight = LocalTable.new(load_or_create("default", folder=folder).with_name(NAME), opponents=3, level=LEVEL,
                              seed=seed, rules=RULES, keep=tmp_path)
    play(straight)
    straight.close()
    assert straight.path is not None
    assert trail(path) == trail(straight.path)
    assert verify_game(path).ok


def test_faults_kept_resume_killed_while_the_computer_plays_on_goes_on_as_if_never_killed(tmp_path: Path) -> None:
    data = tmp_path / "data"
    folder = data / "zemlevlasnyk"
    games = folder / "games"
    games.mkdir(parents=True)
    _returning(folder)
    me = load_or_create("default", name=NAME, folder=folder)
    kept = LocalTable.new(me, opponents=3, level=LEVEL, seed=7, rules=RULES, keep=games)
    play(kept, resign_after=RESIGN_AFTER)
    kept.close()
    path = kept.path
    assert path is not None and kept.outcome is None, "the person is out, the others play on"
    resigned = len(read(path).records)
    _kill_when_grown(["resume", str(path)], data, lambda: path, past=resigned)
    _played_on(path, folder)
    straight = LocalTable.new(me, opponents=3, level=LEVEL, seed=7, rules=RULES, keep=tmp_path)
    play(straight, resign_after=RESIGN_AFTER)
    play(straight)
    straight.close()
    assert straight.path is not None
    assert trail(path) == trail(straight.path)
    assert verify_game(path).ok

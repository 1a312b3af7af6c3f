"""Random-play soak (docs/DESIGN.md, house style): 2 000 games of 2, 3 and 4 random players, each
to its end or 1 000 turns, with tests/helpers/invariants.py checked after every action.

The games run in two worker processes (CI has two cores); each game is deterministic from
its seed, so a failure names the seed that replays it:
`play_match(load_preset(), ["random"] * players, seed, 1000)`.
"""
from __future__ import annotations

import multiprocessing
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import pytest
from helpers.invariants import MoneyLedger, check_invariants

from zemlevlasnyk.engine import Game, load_preset
from zemlevlasnyk.engine.bots.match import play_match

SOAK_GAMES = 2_000
MAX_TURNS = 1_000
# Games per task: small enough to keep both workers busy to the end.
CHUNK = 50
# CI's core count; more workers would only contend.
WORKERS = 2


@dataclass(frozen=True, slots=True)
class Played:
    seed: int
    players: int
    actions: int
    finished: bool
    winner: int | None
    drawn: bool
    error: str | None = None


def players_for(seed: int) -> int:
    return 2 + seed % 3


def play_checked(seed: int) -> Played:
    """One random game with the invariants checked after every action."""
    players = players_for(seed)
    rules = load_preset()
    ledger = MoneyLedger(Game.new(rules, players, first=0))

    def observe(game: Game, action: object, events: list[dict]) -> None:
        ledger.follow(events)
        check_invariants(game, ledger)

    try:
        result = play_match(rules, ["random"] * players, seed, MAX_TURNS, observer=observe)
    except Exception:  # reported with its seed by the test below
        return Played(seed, players, 0, False, None, False, traceback.format_exc())
    out = result.game.outcome()
    return Played(seed, players, result.actions, out is not None,
                  None if out is None else out.winner, out is not None and out.draw)


def play_chunk(start: int) -> list[Played]:
    return [play_checked(seed) for seed in range(start, min(start + CHUNK, SOAK_GAMES))]


@pytest.mark.slow
def test_soak_random_games_keep_every_invariant() -> None:
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=context) as pool:
        played = [p for chunk in pool.map(play_chunk, range(0, SOAK_GAMES, CHUNK))
                  for p in chunk]
    failures = [p for p in played if p.error is not None]
    assert not failures, f"{len(failures)} games failed; first, seed {failures[0].seed}:\n" \
                         f"{failures[0].error}"
    assert len(played) == SOAK_GAMES
    assert {p.players for p in played} == {2, 3, 4}
    won = [p for p in played if p.winner is not None]
    # The soak must reach the game's ends, not only its middle.
    assert len(won) > SOAK_GAMES // 4
    assert any(p.drawn for p in played)
    assert any(not p.finished for p in played)


def test_soak_games_replay_exactly() -> None:
    """The same seed plays the same game, bit for bit (the table and bots rely on it)."""
    rules = load_preset()
    for seed in (3, 4, 5):
        a = play_match(rules, ["random"] * players_for(seed), seed, 200)
        b = play_match(rules, ["random"] * players_for(seed), seed, 200)
        assert a.actions == b.actions and a.game.state_hash() == b.game.state_hash()

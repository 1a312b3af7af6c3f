"""Random-play soak of every preset (issue 11): 500 games each, as shipped and with every
house-rule option switched from its default, tests/helpers/invariants.py checked after every action;
a short version flips one option at a time.

Each game replays from its seed: `play_match(load_rules(preset, options), ["random"] * n,
seed, MAX_TURNS)`. The full 500 of any preset, outside the test run, with its wall time:
`python tests/test_soak_presets.py PRESET [GAMES]`.
"""
from __future__ import annotations

import multiprocessing
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import pytest
from helpers.engine import all_switched, switched
from helpers.invariants import MoneyLedger, check_invariants

from zemlevlasnyk.engine import Entropy, Event, Game, OptionValue, load_rules, option_specs, preset_names
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.engine.options import QUICK_GAME
from zemlevlasnyk.engine.presets import UNLISTED

# Every preset, the ones still being built (not yet listed for tables) too.
PRESETS = preset_names() + sorted(UNLISTED)
SOAK_GAMES = 500
# Presets added later soak fewer games in CI, to keep its budget (HELPERS.md): Казка's 500
# take about 150 s on two cores as shipped, its 100 about 30 s; docs/RULES.md gives the full
# soak's figures, measured with this file's main.
CI_SOAK_GAMES = {"kazka": 100}
MAX_TURNS = 1_000
# Games per worker task, and the workers (CI has two cores).
CHUNK = 25
WORKERS = 2
# The short version: games per flipped option, and their length.
QUICK_GAMES = 5
QUICK_TURNS = 300
# Whole games of the quick game (issue 19) per preset, played to their end: the time limit
# ends them at about turn 320 (engine/bots/match.py HEADLESS_TURN_MS) if nothing else does.
QUICK_GAME_GAMES = 12


@dataclass(frozen=True, slots=True)
class Played:
    seed: int
    finished: bool
    error: str | None = None


def play_checked(preset: str, options: dict[str, OptionValue], seed: int, max_turns: int) -> Played:
    rules = load_rules(preset, options)
    players = 2 + seed % 3
    ledger = MoneyLedger(Game.new(rules, players, chance=Entropy(b"cash")))   # every start's cash

    def observe(game: Game, action: object, events: list[Event]) -> None:
        ledger.follow(events)
        check_invariants(game, ledger)

    try:
        result = play_match(rules, ["random"] * players, seed, max_turns, observer=observe)
    except Exception:  # reported with its seed by the test
        return Played(seed, False, traceback.format_exc())
    return Played(seed, result.game.outcome() is not None)


def play_chunk(job: tuple[str, dict[str, OptionValue], int, int]) -> list[Played]:
    preset, options, start, games = job
    return [play_checked(preset, options, seed, MAX_TURNS) for seed in range(start, min(start + CHUNK, games))]


def _soak(preset: str, options: dict[str, OptionValue], games: int | None = None) -> None:
    games = CI_SOAK_GAMES.get(preset, SOAK_GAMES) if games is None else games
    context = multiprocessing.get_context("spawn")
    jobs = [(preset, options, start, games) for start in range(0, games, CHUNK)]
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=context) as pool:
        played = [p for chunk in pool.map(play_chunk, jobs) for p in chunk]
    failures = [p for p in played if p.error is not None]
    assert not failures, f"{len(failures)} games failed; first, seed {failures[0].seed}:\n{failures[0].error}"
    assert len(played) == games
    assert sum(p.finished for p in played) > games // 4, "the soak must reach the game's ends"


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_soak_presets_random_games_keep_every_invariant(preset: str) -> None:
    _soak(preset, {})


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_soak_presets_with_every_option_switched_keep_every_invariant(preset: str) -> None:
    options = all_switched(preset)
    assert load_rules(preset, options).options == options
    _soak(preset, options)


@pytest.mark.parametrize("preset", PRESETS)
def test_soak_presets_each_option_switched_alone(preset: str) -> None:
    for spec in option_specs(preset):
        options = {spec.name: switched(spec)}
        for seed in range(QUICK_GAMES):
            played = play_checked(preset, options, seed, QUICK_TURNS)
            assert played.error is None, f"{preset} {options} seed {seed}:\n{played.error}"


@pytest.mark.parametrize("preset", PRESETS)
def test_soak_presets_the_quick_game_keeps_every_invariant_to_its_end(preset: str) -> None:
    for seed in range(QUICK_GAME_GAMES):
        played = play_checked(preset, QUICK_GAME, seed, MAX_TURNS)
        assert played.error is None, f"{preset} quick game, seed {seed}:\n{played.error}"
        assert played.finished, f"{preset} quick game, seed {seed}: the time limit must end it"


if __name__ == "__main__":
    import sys
    import time

    name = sys.argv[1] if len(sys.argv) > 1 else "kazka"
    count = int(sys.argv[2]) if len(sys.argv) > 2 else SOAK_GAMES
    for label, opts in (("as shipped", {}), ("every option switched", all_switched(name))):
        began = time.perf_counter()
        _soak(name, opts, count)
        print(f"{name} {label}: {count} games, every invariant after every action, "
              f"{time.perf_counter() - began:.1f} s")

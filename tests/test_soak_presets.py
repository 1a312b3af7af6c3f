"""Random-play soak of every preset (issue 11): 500 games each, as shipped and with every
house-rule option switched from its default, tests/invariants.py checked after every action;
a short version flips one option at a time.

Each game replays from its seed: `play_match(load_rules(preset, options), ["random"] * n,
seed, MAX_TURNS)`.
"""
from __future__ import annotations

import multiprocessing
import traceback
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

import pytest
from invariants import MoneyLedger, check_invariants

from zemlevlasnyk.engine import Event, Game, OptionKind, OptionSpec, OptionValue, load_rules, option_specs, preset_names
from zemlevlasnyk.engine.bots.match import play_match

SOAK_GAMES = 500
MAX_TURNS = 1_000
# Games per worker task, and the workers (CI has two cores).
CHUNK = 25
WORKERS = 2
# The short version: games per flipped option, and their length.
QUICK_GAMES = 5
QUICK_TURNS = 300


@dataclass(frozen=True, slots=True)
class Played:
    seed: int
    finished: bool
    error: str | None = None


def switched(spec: OptionSpec) -> OptionValue:
    """A value other than the preset's default, for every kind of option."""
    if spec.kind is OptionKind.SWITCH:
        return not spec.default
    if spec.kind is OptionKind.CHOICE:
        return next(c for c in spec.choices if c != spec.default)
    assert isinstance(spec.default, int) and spec.minimum is not None and spec.maximum is not None
    if spec.name == "turn_cap":
        return 120                      # ends many games at the cap, so the cap's end is soaked too
    return spec.default * 2 if spec.default * 2 <= spec.maximum else max(spec.minimum, spec.default // 2)


def all_switched(preset: str) -> dict[str, OptionValue]:
    return {spec.name: switched(spec) for spec in option_specs(preset)}


def play_checked(preset: str, options: dict[str, OptionValue], seed: int, max_turns: int) -> Played:
    rules = load_rules(preset, options)
    players = 2 + seed % 3
    ledger = MoneyLedger(Game.new(rules, players, first=0))

    def observe(game: Game, action: object, events: list[Event]) -> None:
        ledger.follow(events)
        check_invariants(game, ledger)

    try:
        result = play_match(rules, ["random"] * players, seed, max_turns, observer=observe)
    except Exception:  # reported with its seed by the test
        return Played(seed, False, traceback.format_exc())
    return Played(seed, result.game.outcome() is not None)


def play_chunk(job: tuple[str, dict[str, OptionValue], int]) -> list[Played]:
    preset, options, start = job
    return [play_checked(preset, options, seed, MAX_TURNS) for seed in range(start, min(start + CHUNK, SOAK_GAMES))]


def _soak(preset: str, options: dict[str, OptionValue]) -> None:
    context = multiprocessing.get_context("spawn")
    jobs = [(preset, options, start) for start in range(0, SOAK_GAMES, CHUNK)]
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=context) as pool:
        played = [p for chunk in pool.map(play_chunk, jobs) for p in chunk]
    failures = [p for p in played if p.error is not None]
    assert not failures, f"{len(failures)} games failed; first, seed {failures[0].seed}:\n{failures[0].error}"
    assert len(played) == SOAK_GAMES
    assert sum(p.finished for p in played) > SOAK_GAMES // 4, "the soak must reach the game's ends"


@pytest.mark.slow
@pytest.mark.parametrize("preset", preset_names())
def test_soak_presets_random_games_keep_every_invariant(preset: str) -> None:
    _soak(preset, {})


@pytest.mark.slow
@pytest.mark.parametrize("preset", preset_names())
def test_soak_presets_with_every_option_switched_keep_every_invariant(preset: str) -> None:
    options = all_switched(preset)
    assert load_rules(preset, options).options == options
    _soak(preset, options)


@pytest.mark.parametrize("preset", preset_names())
def test_soak_presets_each_option_switched_alone(preset: str) -> None:
    for spec in option_specs(preset):
        options = {spec.name: switched(spec)}
        for seed in range(QUICK_GAMES):
            played = play_checked(preset, options, seed, QUICK_TURNS)
            assert played.error is None, f"{preset} {options} seed {seed}:\n{played.error}"

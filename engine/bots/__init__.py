"""Computer players: every level behind one factory, `make_bot(level, seed)`, and a seat's
bot from its spec (`seat_bot`: a level, or a level and its temperament, `hard:bold`).

A bot sees only what a player at the table sees (the game state is public; the deck's
order does not exist until a draw) and answers with an action through the same surface as
a person: `bot.choose(game, seat) -> Action`, for any seat with a pending decision.
Bots are deterministic given their seed.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ..actions import Action
from ..game import Game
from .basic import IdleBot, RandomBot
from .temperament import Temperament as Temperament


class Bot(Protocol):
    level: str

    def choose(self, game: Game, seat: int) -> Action:
        """An action for `seat`, which has at least one pending decision in `game`."""


BotFactory = Callable[[bytes], Bot]
# A level offered to people also has a temperament (`Temperament`); the others are for
# tests, benchmarks and the clock, and take a seed alone.
TemperedFactory = Callable[[bytes, Temperament], Bot]


# The thinking levels' module (with the appraisers and the trade search, most of the bots'
# code) is imported when the first of them is made: a game of random players never needs it.
def _easy(seed: bytes, temperament: Temperament = Temperament.BALANCED) -> Bot:
    from .heuristic import easy_bot
    return easy_bot(seed, temperament)


def _medium(seed: bytes, temperament: Temperament = Temperament.BALANCED) -> Bot:
    from .heuristic import medium_bot
    return medium_bot(seed, temperament)


def _hard(seed: bytes, temperament: Temperament = Temperament.BALANCED) -> Bot:
    from .heuristic import hard_bot
    return hard_bot(seed, temperament)


def _beginner(seed: bytes) -> Bot:
    from .beginner import BeginnerBot
    return BeginnerBot(seed)


TEMPERED: dict[str, TemperedFactory] = {"easy": _easy, "medium": _medium, "hard": _hard}
TEMPERED_LEVELS = tuple(TEMPERED)
LEVELS: dict[str, BotFactory] = {
    "idle": IdleBot,
    "random": RandomBot,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
    # The tests' and benchmarks' yardstick for easy (not offered to people: ui.vs_computer).
    "beginner": _beginner,
}


def seed_bytes(seed: int | bytes | str) -> bytes:
    if isinstance(seed, bytes):
        return seed
    if isinstance(seed, int):
        return seed.to_bytes(16, "big", signed=True)
    return seed.encode("utf-8")


def make_bot(level: str, seed: int | bytes | str = 0,
             temperament: Temperament | str = Temperament.BALANCED) -> Bot:
    """A bot of `level`, its choices drawn from `seed`; the levels offered to people also
    take a temperament (`cautious`, `balanced`, `bold`), which the others ignore."""
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}") from None
    try:
        mood = Temperament(temperament)
    except ValueError:
        known = ", ".join(t.value for t in Temperament)
        raise ValueError(f"unknown temperament {temperament!r}; known: {known}") from None
    tempered = TEMPERED.get(level)
    if tempered is not None:
        return tempered(seed_bytes(seed), mood)
    return factory(seed_bytes(seed))


# A seat's spec, as `simulate --bots` and `play_match` take it: a level, or a level offered
# to people and its temperament after this mark (`hard:bold`).
TEMPERAMENT_MARK = ":"


def parse_seat(spec: str) -> tuple[str, Temperament]:
    """A seat's level and temperament from its spec; ValueError names what is wrong."""
    level, mark, mood = spec.partition(TEMPERAMENT_MARK)
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}")
    if not mark:
        return level, Temperament.BALANCED
    if level not in TEMPERED:
        raise ValueError(f"bot level {level!r} has no temperament; these have: {', '.join(TEMPERED_LEVELS)}")
    try:
        return level, Temperament(mood)
    except ValueError:
        known = ", ".join(t.value for t in Temperament)
        raise ValueError(f"unknown temperament {mood!r}; known: {known}") from None


def seat_spec(level: str, temperament: Temperament = Temperament.BALANCED) -> str:
    """The spec of a seat: the level alone when balanced (so a balanced seat's spec, and the
    seed a game derives from it, are the level's as before temperaments)."""
    if temperament is Temperament.BALANCED:
        return level
    return f"{level}{TEMPERAMENT_MARK}{temperament.value}"


def seat_bot(spec: str, seed: int | bytes | str = 0) -> Bot:
    """The bot of a seat's spec (`parse_seat`), its choices drawn from `seed`."""
    level, temperament = parse_seat(spec)
    return make_bot(level, seed, temperament)

"""Computer players: every level behind one factory, `make_bot(level, seed)`.

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


class Bot(Protocol):
    level: str

    def choose(self, game: Game, seat: int) -> Action:
        """An action for `seat`, which has at least one pending decision in `game`."""


BotFactory = Callable[[bytes], Bot]


# The thinking levels' module (with the appraisers and the trade search, most of the bots'
# code) is imported when the first of them is made: a game of random players never needs it.
def _easy(seed: bytes) -> Bot:
    from .heuristic import easy_bot
    return easy_bot(seed)


def _medium(seed: bytes) -> Bot:
    from .heuristic import medium_bot
    return medium_bot(seed)


def _hard(seed: bytes) -> Bot:
    from .heuristic import hard_bot
    return hard_bot(seed)


LEVELS: dict[str, BotFactory] = {
    "idle": IdleBot,
    "random": RandomBot,
    "easy": _easy,
    "medium": _medium,
    "hard": _hard,
}


def seed_bytes(seed: int | bytes | str) -> bytes:
    if isinstance(seed, bytes):
        return seed
    if isinstance(seed, int):
        return seed.to_bytes(16, "big", signed=True)
    return seed.encode("utf-8")


def make_bot(level: str, seed: int | bytes | str = 0) -> Bot:
    try:
        factory = LEVELS[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; known: {', '.join(LEVELS)}") from None
    return factory(seed_bytes(seed))

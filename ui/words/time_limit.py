"""A timed game's clock in words (option `time_limit`, engine/time_limit.py): the minutes
left beside the turn, then «останнє коло» / "last round" once the limit has passed.

The time is the table's signed clock (its latest record's `at`, and the time since it came),
the same clock that ends the game, so every window shows the time its engine will end by.
"""
from __future__ import annotations

import math
from typing import Any

from zemlevlasnyk.engine import Game
from zemlevlasnyk.engine.time_limit import left_ms

MS_PER_MINUTE = 60_000


def turn_line(t: dict[str, Any], game: Game, clock_ms: int) -> str:
    """«Хід 12», and with a time limit «Хід 12 · ще 31 хв» (whole minutes, rounded up: the
    line changes once a minute) or «Хід 12 · останнє коло»."""
    turn = str(t["turn_n"].format(n=game.turn))
    left = left_ms(game, clock_ms)
    if left is None:
        return turn
    if left == 0:
        return str(t["last_round"].format(turn=turn))
    return str(t["time_left"].format(turn=turn, minutes=math.ceil(left / MS_PER_MINUTE)))


def until_next_minute(game: Game, clock_ms: int) -> float:
    """Seconds until the line above changes (infinite with no limit, or once it has passed)."""
    left = left_ms(game, clock_ms)
    if not left:
        return math.inf
    return ((left - 1) % MS_PER_MINUTE + 1) / 1000

"""Whose move the table takes now: only a seat with a decision pending acts
(docs/PROTOCOL.md section 5, rule 5).

The engine lets any player in the game offer a draw at any time (`Game.legal`), but a
table takes an action only from a seat among the engine's pending decisions, so that every
record answers what the game waited for and the decision clock counts a seat's own time.
The host, each peer checking a record, and the window's buttons ask this one question.
"""
from __future__ import annotations

from zemlevlasnyk.engine import Action, Game


def decides_now(game: Game, seat: int) -> bool:
    """`seat` has a decision pending: the table takes an action of its now."""
    return any(d.seat == seat for d in game.pending())


def takes_now(game: Game, action: Action) -> bool:
    """The table would take `action` now: its seat decides now and the engine allows it."""
    return decides_now(game, action.seat) and game.is_legal(action)

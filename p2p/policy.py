"""Who decides for a seat nobody is sitting at: the seam where computer players plug in.

A policy is anything with `choose(game, seat) -> Action`. Every level (idle, random, easy,
medium, hard) comes from the engine's `engine.bots.make_bot(level, seed)`; the table only
names them and turns an unknown level into a clear, local error.
"""
from __future__ import annotations

from typing import Protocol

from zemlevlasnyk.engine import Action, Game, bots
from zemlevlasnyk.p2p.errors import Code, local


class Policy(Protocol):
    def choose(self, game: Game, seat: int) -> Action: ...


def levels() -> tuple[str, ...]:
    """The level names `make_policy` accepts."""
    return tuple(bots.LEVELS)


def make_policy(level: str, seed: int) -> Policy:
    if level not in bots.LEVELS:
        known = ", ".join(levels())
        raise local(Code.BAD_MESSAGE, f"unknown computer player level {level!r} (known: {known})",
                    reason="unknown_level", params={"level": level, "known": known})
    return bots.make_bot(level, seed)

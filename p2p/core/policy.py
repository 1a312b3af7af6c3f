"""Who decides for a seat nobody is sitting at: the seam where computer players plug in.

A policy is anything with `choose(game, seat) -> Action`. Every level (idle, random, easy,
medium, hard) comes from the engine's `engine.bots.make_bot(level, seed)`; the table only
names them and turns an unknown level into a clear, local error.
"""
from __future__ import annotations

from typing import Protocol

from zemlevlasnyk.engine import Action, Game, bots
from zemlevlasnyk.p2p.core.errors import Code, local


class Policy(Protocol):
    def choose(self, game: Game, seat: int) -> Action: ...


def levels() -> tuple[str, ...]:
    """The level names `make_policy` accepts."""
    return tuple(bots.LEVELS)


def temperaments() -> tuple[str, ...]:
    """The temperaments a computer player of an offered level may have, cautious first."""
    return tuple(t.value for t in bots.Temperament)


def temperament_of(name: str | None) -> bots.Temperament | None:
    """The temperament called `name` (None: none chosen); an unknown one is a clear, local error."""
    if name is None:
        return None
    try:
        return bots.Temperament(name)
    except ValueError:
        known = ", ".join(temperaments())
        raise local(Code.BAD_MESSAGE, f"unknown computer player temperament {name!r} (known: {known})",
                    reason="unknown_temperament", params={"temperament": name, "known": known}) from None


def make_policy(level: str, seed: int, temperament: str | None = None) -> Policy:
    """A computer player of `level`, seeded by `seed`, of `temperament` (None: balanced;
    the levels for tests ignore it)."""
    if level not in bots.LEVELS:
        known = ", ".join(levels())
        raise local(Code.BAD_MESSAGE, f"unknown computer player level {level!r} (known: {known})",
                    reason="unknown_level", params={"level": level, "known": known})
    return bots.make_bot(level, seed, temperament_of(temperament) or bots.Temperament.BALANCED)

"""Who decides for a seat nobody is sitting at: the seam where computer players plug in.

A policy has `choose(game, seat) -> Action`. `make_policy(level, seed)` returns one: when
the engine ships bots (`engine.bots.make_bot(level, seed)`), every level comes from there;
until then this module provides `idle` (always the clock's safe action) and `random`
(uniform among the legal actions, biased towards ending the turn).
"""
from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Protocol

from engine import (AcceptDraw, Action, Bid, DeclareBankruptcy, EndTurn, Game, OfferDraw,
                    PassBid, Resign, Roll, RollForDouble, SettleDebt)
from p2p.errors import Code, local


class Policy(Protocol):
    def choose(self, game: Game, seat: int) -> Action: ...


# How often the random player bids when it may (else it passes or picks another action).
RANDOM_BID_CHANCE = 0.4
# How strongly it prefers moving the game on (roll, end turn, pass) over anything else, so
# that games between random players end in a few hundred moves rather than never.
RANDOM_MOVE_ON_CHANCE = 0.75
# Draws: offered rarely, accepted often, so that long games between random players finish.
RANDOM_OFFER_DRAW_CHANCE = 0.02
RANDOM_ACCEPT_DRAW_CHANCE = 0.6

_MOVE_ON = (Roll, RollForDouble, EndTurn, PassBid, SettleDebt)
_NEVER_BY_CHOICE = (Resign, DeclareBankruptcy, OfferDraw)


class IdlePolicy:
    """Plays like an empty chair: the clock's safe action, every time."""

    def __init__(self, seed: int = 0) -> None:
        del seed

    def choose(self, game: Game, seat: int) -> Action:
        action = game.safe_action(seat)
        if action is None:
            raise local(Code.NOT_NOW, f"seat {seat} has nothing to decide")
        return action


class RandomPolicy:
    """Uniform among the legal actions, leaning towards moving the game on."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game, seat: int) -> Action:
        rng = self._rng
        legal = game.legal(seat)
        actions = list(legal.actions)
        if legal.bid is not None and rng.random() < RANDOM_BID_CHANCE:
            low, high = legal.bid
            return Bid(seat, rng.randint(low, min(high, low + low // 2 + 1)))
        if any(isinstance(a, AcceptDraw) for a in actions):
            accept = rng.random() < RANDOM_ACCEPT_DRAW_CHANCE
            return next(a for a in actions if isinstance(a, AcceptDraw) == accept)
        offers = [a for a in actions if isinstance(a, OfferDraw)]
        if offers and rng.random() < RANDOM_OFFER_DRAW_CHANCE:
            return offers[0]
        move_on = [a for a in actions if isinstance(a, _MOVE_ON)]
        if move_on and rng.random() < RANDOM_MOVE_ON_CHANCE:
            return rng.choice(move_on)
        choices = [a for a in actions if not isinstance(a, _NEVER_BY_CHOICE)] or actions
        if not choices:
            return IdlePolicy().choose(game, seat)
        return rng.choice(choices)


BUILTIN: dict[str, Callable[[int], Policy]] = {"idle": IdlePolicy, "random": RandomPolicy}


def _engine_factory() -> Callable[[str, int], Policy] | None:
    try:
        bots = importlib.import_module("engine.bots")
    except ImportError:
        return None
    return getattr(bots, "make_bot", None)


def levels() -> tuple[str, ...]:
    """The level names `make_policy` accepts."""
    factory = _engine_factory()
    if factory is not None:
        names = getattr(importlib.import_module("engine.bots"), "LEVELS", None)
        if names:
            return tuple(names)
    return tuple(BUILTIN)


def make_policy(level: str, seed: int) -> Policy:
    factory = _engine_factory()
    if factory is not None:
        try:
            return factory(level, seed)
        except (KeyError, ValueError) as exc:
            raise local(Code.BAD_MESSAGE, f"unknown computer player level {level!r}: {exc}") from None
    if level not in BUILTIN:
        raise local(Code.BAD_MESSAGE, f"unknown computer player level {level!r} (known: {', '.join(BUILTIN)})")
    return BUILTIN[level](seed)

"""A computer player's decision thought over away from the table's loop.

The host asks (`TableHost.ask`) a `Question`: the seat, its player, a copy of the game, and
the record it was asked at. `think(question)` is the thinking itself, a pure function that
any adapter may run wherever it likes (the table driver, `p2p.net.driver`, runs it in a
worker thread so that a window keeps drawing meanwhile); it works on a twin of the player
(`fork`), so the original is unchanged until the host takes the answer (`TableHost.answer`),
and only at the record it was asked at: a thought the table moved on from is thrown away,
the player as it was, and the question asked again. So a game's records are those of the
same seed thought over on the loop, whoever acted meanwhile.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from zemlevlasnyk.engine import Action, EngineError, Game
from zemlevlasnyk.p2p.core.errors import ProtocolError
from zemlevlasnyk.p2p.core.policy import Policy


@runtime_checkable
class Forking(Protocol):
    """A player that makes its own twin (the engine's thinking levels: cheaper than a copy)."""

    def fork(self) -> Policy: ...


@dataclass(frozen=True, slots=True)
class Question:
    seq: int          # the latest record when asked: the answer is taken only there
    seat: int
    player: Policy    # the seat's player as the host holds it (never changed by thinking)
    game: Game        # the thinker's own copy


@dataclass(frozen=True, slots=True)
class Thought:
    action: Action | None   # None: the player erred (the host makes the seat's safe move)
    player: Policy          # the player after choosing, which the host keeps with the answer


def fork(player: Policy) -> Policy:
    """A twin of `player` whose thinking leaves `player` as it was."""
    return player.fork() if isinstance(player, Forking) else copy.deepcopy(player)


def think(question: Question, *, aside: bool = True) -> Thought:
    """The player's choice for the question's seat. `aside`: on a twin (a thought that may be
    thrown away); otherwise on the player itself (the host thinks and applies at once)."""
    player = fork(question.player) if aside else question.player
    try:
        return Thought(player.choose(question.game, question.seat), player)
    except (ProtocolError, EngineError, ValueError):
        return Thought(None, player)

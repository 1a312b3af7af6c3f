"""The time limit (option `time_limit`, minutes; issue 19): once the table's clock passes
it, the round under way is the last, and when it is over the richest player wins (net worth,
as at the turn cap; a tie among the richest is a draw).

The engine has no clock: whoever applies the actions tells it the time first
(`Game.time_passed(ms)`, the milliseconds since the start). At a table that is the signed
`at` of the record that applies the action (the host's ledger and every peer's replica, so a
peer checks the end against the signed times: a host that ends early, or plays on past the
end, publishes a state hash no peer reaches). Against the computer the records' clock counts
only the time the window was open (a kept game played on goes on from its latest record), so
the limit does too. A round is the turns from the first player's (`first`) to the last seat
before it in seat order.
"""
from __future__ import annotations

from .events import Event, TimeUp
from .phases import OVER
from .rules import MS_PER_MINUTE
from .state import GameState


def time_passed(g: GameState, ms: int, ev: list[Event]) -> None:
    """The table's clock reads `ms`: past the limit, the round under way becomes the last."""
    limit = g.rules.time_limit_ms
    if limit and not g.time_up and ms >= limit and g.phase is not OVER:
        g.time_up = True
        ev.append(TimeUp(limit // MS_PER_MINUTE, g.turn))


def round_over(g: GameState, ended: int, following: int) -> bool:
    """Whether the turn passing from seat `ended` to seat `following` ends a round: the
    next seat comes no later in the round's order than the one that just played (a seat
    that plays again, by a power of Казка, is still in the same round)."""
    n, first = g.players, g.first
    return following != ended and (following - first) % n <= (ended - first) % n


def left_ms(g: GameState, ms: int) -> int | None:
    """Milliseconds left before the limit at the table's clock `ms` (0 once it passed), or
    None with no limit."""
    limit = g.rules.time_limit_ms
    if not limit:
        return None
    return 0 if g.time_up else max(0, limit - ms)

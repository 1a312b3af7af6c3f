"""Was I away? The one rule for a loop of ours that wakes later than it asked to.

Every adapter that keeps time (the host's pump and its keepalive, a player's silence watch,
the follower that takes a lost table over) sleeps until a deadline it asked for. Waking far
later than that means this process did not run meanwhile (a closed lid, a stopped or
swapped-out process): whatever the others said since waits unread in our sockets, and
trio may wake this loop before the readers. So our absence must never count as their
silence, their decision clock, or the host's loss: what was measured across it starts
again from the waking (`Heard.woke`). Waking a little late (a busy machine) is no absence,
but what was sent just before the deadline may still be unread (`Waking.LATE`).

Each fix of this kind used to live in its own adapter, each found by its own fault run
(the host timing out a move waiting in its socket, a player hanging up on the end record
waiting in its own, a player taking a table over on waking before it dialled): the rule
is here once, the adapters only say when they asked to wake.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

# A loop of ours that wakes this much later than it asked to was not running meanwhile (a
# closed lid, a stopped or swapped-out process): trio on a busy laptop is late by
# milliseconds, a garbage collection by tens of them, so two seconds (when peers start to
# show us silent) is no scheduling delay. Whatever our peers sent meanwhile waits unread in
# our sockets: our absence must not count as theirs (their silence, their decision clock).
AWAY_SECONDS = 2.0
# A loop that wakes this much later than it asked to was held up (a busy machine, a slow
# disk under a saved game), not away: a move or dice contribution sent before its deadline
# may be waiting unread, and a peer complains of one sent `CLAIM_MARGIN_SECONDS` (0.5 s)
# before the host's record. A tenth of a second is far beyond trio's own lag and well
# inside that margin.
LATE_SECONDS = 0.1


class Waking(Enum):
    ON_TIME = "on_time"
    LATE = "late"       # held up: read what waits before judging by the deadline
    AWAY = "away"       # not running: what was measured across the absence starts again


def waking(asked: float | None, now: float) -> Waking:
    """How a loop that asked to wake at `asked` (None: it asked for nothing, it was woken)
    finds itself at `now`."""
    if asked is None:
        return Waking.ON_TIME
    late = now - asked
    if late > AWAY_SECONDS:
        return Waking.AWAY
    return Waking.LATE if late > LATE_SECONDS else Waking.ON_TIME


@dataclass
class Heard:
    """Since when the other side has been silent, as far as this process could hear it:
    `at` moves on when it speaks, and when we find we were away (its words of the time
    still wait to be read)."""

    at: float

    def said(self, now: float) -> None:
        """The other side said something at `now`."""
        self.at = max(self.at, now)

    def woke(self, asked: float | None, now: float) -> Waking:
        """Our loop, which asked to wake at `asked`, runs at `now`: away, the silence
        counts afresh from now."""
        found = waking(asked, now)
        if found is Waking.AWAY:
            self.at = max(self.at, now)
        return found

    def silent_for(self, now: float) -> float:
        return now - self.at

"""The decision clock: a deadline per pending decision, kept by the host.

Times are plain floats from whoever drives the host (trio's clock in the adapter, so trio's
`MockClock` makes the tests instant). A decision keeps its deadline while it stays pending
and its seat does nothing; a seat that acts, or a decision that is new, gets a fresh one.
"""
from __future__ import annotations

from collections.abc import Iterable

# The table rules' 30-second clock.
DECISION_SECONDS = 30.0


class DecisionClock:
    def __init__(self, *, seconds: float = DECISION_SECONDS) -> None:
        self.seconds = seconds
        self._deadlines: dict[tuple[int, str], float] = {}

    def update(self, pending: Iterable[tuple[int, str]], *, actor: int | None, now: float,
               timed: set[int] | None = None) -> None:
        """After a record: `pending` decisions, `actor` the seat that just acted.

        `timed` limits the clock to those seats (None: every pending seat)."""
        fresh: dict[tuple[int, str], float] = {}
        for decision in pending:
            seat = decision[0]
            if timed is not None and seat not in timed:
                continue
            old = self._deadlines.get(decision)
            fresh[decision] = old if old is not None and seat != actor else now + self.seconds
        self._deadlines = fresh

    def expired(self, now: float) -> list[int]:
        """Seats whose decision ran out, earliest first."""
        due = sorted((t, seat) for (seat, _), t in self._deadlines.items() if t <= now)
        return [seat for _, seat in due]

    def next_deadline(self) -> float | None:
        return min(self._deadlines.values(), default=None)

    def remaining(self, now: float) -> list[dict[str, int]]:
        """What peers are shown: each timed seat and the milliseconds it has left."""
        return [{"seat": seat, "kind": kind, "ms": max(0, int((t - now) * 1000))}
                for (seat, kind), t in sorted(self._deadlines.items())]

    def clear(self) -> None:
        self._deadlines = {}

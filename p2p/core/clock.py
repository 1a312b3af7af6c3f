"""The decision clock: when each pending decision began, on the records' signed times.

Times are the records' `at` values: integer milliseconds since the start record, so the
host (which stamps them) and every peer (which reads them) run exactly the same rule. A
decision keeps its start while it stays pending and its seat does nothing; a seat that
acts, or a decision that is new, starts afresh. The host times out a decision once the
clock's length (the rules' `clock` option: `p2p.core.records.decision_ms`) has passed since
its start; a peer checks each timeout against its own replay of this rule, on the same
rules (`p2p.core.records.Replica`), so a host that runs a clock out early is caught from signed
data alone, never from when bytes happened to arrive.
"""
from __future__ import annotations

from collections.abc import Iterable

from zemlevlasnyk.engine import DecisionKind
from zemlevlasnyk.engine.options import DEFAULT_CLOCK_SECONDS

MS_PER_SECOND = 1000
# The length before a table's rules are known (a replica before its start record): the
# rules' default. Every table times its decisions by its own rules' clock.
DECISION_MS = DEFAULT_CLOCK_SECONDS * MS_PER_SECOND


class DecisionClock:
    def __init__(self, *, ms: int = DECISION_MS) -> None:
        self.ms = ms
        self._since: dict[tuple[int, DecisionKind], int] = {}

    def update(self, pending: Iterable[tuple[int, DecisionKind]], *, actor: int | None, at: int,
               timed: set[int] | None = None) -> None:
        """After a change of state at time `at`: `pending` decisions, `actor` the seat that
        just acted. `timed` limits the clock to those seats (None: every pending seat); a
        seat that becomes timed starts counting at `at`."""
        fresh: dict[tuple[int, DecisionKind], int] = {}
        for decision in pending:
            seat = decision[0]
            if timed is not None and seat not in timed:
                continue
            old = self._since.get(decision)
            fresh[decision] = old if old is not None and seat != actor else at
        self._since = fresh

    def since(self, seat: int) -> int | None:
        """When the seat's (earliest) pending decision began counting, if it is timed."""
        return min((t for (s, _), t in self._since.items() if s == seat), default=None)

    def expired(self, at: int) -> list[int]:
        """Seats whose decision ran out by `at`, earliest first."""
        due = sorted((t, seat) for (seat, _), t in self._since.items() if t + self.ms <= at)
        return [seat for _, seat in due]

    def next_deadline(self) -> int | None:
        """The earliest `at` at which a decision runs out."""
        return min(self._since.values()) + self.ms if self._since else None

    def remaining(self, at: int) -> dict[int, int]:
        """Each timed seat and the milliseconds it has left at `at`."""
        left: dict[int, int] = {}
        for (seat, _), since in self._since.items():
            ms = max(0, since + self.ms - at)
            left[seat] = min(ms, left.get(seat, ms))
        return left

    def restart(self, at: int) -> None:
        """Every pending decision counts afresh from `at`: the host was away (its process
        not running), and what the players sent meanwhile waits unread. A count only ever
        starts later this way, and a peer accepts a timeout counted from any `since` not
        before the start it computed itself (`records.Replica`), so nothing to tell it."""
        self._since = {decision: max(since, at) for decision, since in self._since.items()}

    def clear(self) -> None:
        self._since = {}

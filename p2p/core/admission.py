"""Who may hold a connection to the host: the connection budget, sans-IO (issue 8 defect 1).

Everyone on the Wi-Fi can open a TCP connection to the host, so connections are admitted in
two steps:
- **Before the handshake** a connection is unauthenticated and draws on a small budget of
  its own (8 at once, at most 4 from one address) with a short deadline (3 s). When the
  budget is full, the *oldest* unauthenticated connection (of that address, when the
  address is at its share) is dropped to make room: a flood of silent sockets only ever
  evicts itself, while an honest handshake, which takes milliseconds, always gets through.
- **After the handshake** a seated key, or a player holding the join secret, is always
  admitted (the table replaces an older connection of the same key). Everyone else
  (strangers knocking, spectators without the secret) shares a cap of 16; beyond it the
  answer is the error `busy`, which the client retries later.
The trio adapter (`serve.py`) asks this object and does what it says; nothing here does
I/O or reads a clock.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

# Honest peers need one slot each for a few milliseconds; 8 absorbs several laptops
# reconnecting at once after a Wi-Fi hiccup.
UNAUTHENTICATED_BUDGET = 8
# Half the budget: one address (one laptop) can never hold all of it.
PER_ADDRESS = 4
# A handshake is one frame each way; a LAN answers in milliseconds, a busy laptop in well
# under a second. Three seconds leaves room and lets no silent socket sit for long.
HANDSHAKE_SECONDS = 3.0
# Strangers knocking and spectators without the secret: plenty for a party around four
# seats, and a bound on what people without an invitation can make the host carry.
GUEST_CAP = 16


@dataclass(frozen=True)
class Arrival:
    """What to do with a new connection: drop `evict` (older unauthenticated connections)
    now, and this one if its handshake is not done by `deadline`."""

    conn: int
    deadline: float
    evict: tuple[int, ...]


@dataclass
class _Pending:
    address: str
    deadline: float


class Admission:
    def __init__(self, *, budget: int = UNAUTHENTICATED_BUDGET, per_address: int = PER_ADDRESS,
                 handshake_seconds: float = HANDSHAKE_SECONDS, guest_cap: int = GUEST_CAP) -> None:
        if not 1 <= per_address <= budget:
            raise ValueError("per_address must be between 1 and the budget")
        self.budget = budget
        self.per_address = per_address
        self.handshake_seconds = handshake_seconds
        self.guest_cap = guest_cap
        self._pending: OrderedDict[int, _Pending] = OrderedDict()  # oldest first
        self._guests: set[int] = set()
        self._members: set[int] = set()

    @property
    def unauthenticated(self) -> int:
        return len(self._pending)

    @property
    def guests(self) -> int:
        return len(self._guests)

    @property
    def admitted(self) -> int:
        return len(self._members) + len(self._guests)

    def arrive(self, conn: int, address: str, now: float) -> Arrival:
        """A new connection from `address`; it starts unauthenticated."""
        if conn in self._pending or conn in self._guests or conn in self._members:
            raise ValueError(f"connection {conn} arrived twice")
        evict: list[int] = []
        same = [c for c, p in self._pending.items() if p.address == address]
        if len(same) >= self.per_address:
            evict.append(same[0])
        elif len(self._pending) >= self.budget:
            evict.append(next(iter(self._pending)))
        for old in evict:
            del self._pending[old]
        deadline = now + self.handshake_seconds
        self._pending[conn] = _Pending(address, deadline)
        return Arrival(conn, deadline, tuple(evict))

    def expired(self, now: float) -> list[int]:
        """Unauthenticated connections past their deadline (forgotten here: drop them)."""
        late = [c for c, p in self._pending.items() if p.deadline <= now]
        for conn in late:
            del self._pending[conn]
        return late

    def next_deadline(self) -> float | None:
        return min((p.deadline for p in self._pending.values()), default=None)

    def admit(self, conn: int, *, seated: bool, invited: bool) -> bool:
        """The handshake of `conn` completed: True to admit it, False to refuse it `busy`
        (then it is forgotten). `seated`: its key holds a seat; `invited`: it proved the
        join secret. A connection evicted or expired meanwhile is not admitted."""
        if self._pending.pop(conn, None) is None:
            return False
        if seated or invited:
            self._members.add(conn)
            return True
        if len(self._guests) >= self.guest_cap:
            return False
        self._guests.add(conn)
        return True

    def seated(self, conn: int) -> None:
        """A guest was given a seat (a knock let in): it no longer counts against the cap."""
        if conn in self._guests:
            self._guests.discard(conn)
            self._members.add(conn)

    def leave(self, conn: int) -> None:
        """`conn` closed, for whatever reason (idempotent)."""
        self._pending.pop(conn, None)
        self._guests.discard(conn)
        self._members.discard(conn)

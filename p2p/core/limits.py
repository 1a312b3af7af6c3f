"""How much a connection may ask of the host, and how long it may stay silent.

Every request kind has a token bucket per connection: a message over its limit is dropped
(the sender hears `reject` with code `rate`, at most once a second), and a connection that
keeps going far over its limits is closed (`flood`). A catch-up (`sync`) also has a cost
limit: one in flight per connection and a byte budget per minute. So a hostile or broken
peer can slow only itself; the other players' game goes on at its pace. Admission (who may
connect at all) is the connection budget's job, not this module's.

Keepalive: both sides send something at least every `PING_SECONDS`; a peer whose host
said nothing for `SILENT_SECONDS` shows it, and `IDLE_SECONDS` of silence ends a connection
(a laptop that left the Wi-Fi sends no goodbye, and TCP would take minutes to notice).
A side that finds it was itself away (`p2p.core.away`) counts its peers' silence afresh.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

# A ping a second costs nothing on a LAN and lets silence mean something after two.
PING_SECONDS = 1.0
# Two pings missed: show the player the host is not answering (moves are disabled).
SILENT_SECONDS = 2.0
# Twelve pings missed: the connection is dead. Long enough for a Wi-Fi roam or a busy
# laptop, short enough that a table does not wait long for a seat's clock to start.
IDLE_SECONDS = 12.0


@dataclass(frozen=True, slots=True)
class Rate:
    """`per_second` sustained, bursts of `burst`."""

    per_second: float
    burst: float


# Per request kind. Actions and contributions: a computer player answers every record at
# once, and a table of computer players publishes up to a thousand records a second (each
# costs the host one signature check, 60 us); far beyond that is a flood.
# Lobby requests (ready, unready, profile) make the host message everyone, so few.
RATES: dict[str, Rate] = {
    "act": Rate(1000.0, 2000.0),
    "contrib": Rate(1000.0, 2000.0),
    "chat": Rate(2.0, 10.0),
    "lobby": Rate(2.0, 6.0),
    "sync": Rate(0.5, 4.0),
    "ping": Rate(20.0, 40.0),
    "bye": Rate(1.0, 2.0),
}
# Dropped messages a connection may pile up (refilled at 2 a second) before it is closed.
FLOOD_DROPS = Rate(2.0, 60.0)
# At most one `rate` rejection a second: telling a flood about itself must not be a flood.
TELL_EVERY_SECONDS = 1.0
# Catch-up bytes a connection may receive per minute: two whole logs (a rejoin, and a
# gap later), never less than this floor for a young game.
SYNC_LOGS_PER_MINUTE = 2
SYNC_FLOOR_BYTES = 1 << 20


class Verdict(Enum):
    PASS = "pass"
    DROP = "drop"        # refused with `rate`
    CLOSE = "close"      # far over: hang up with `flood`


class Bucket:
    def __init__(self, rate: Rate, now: float) -> None:
        self.rate = rate
        self.tokens = rate.burst
        self.last = now

    def take(self, now: float, cost: float = 1.0) -> bool:
        self.tokens = min(self.rate.burst, self.tokens + (now - self.last) * self.rate.per_second)
        self.last = now
        if self.tokens < cost:
            return False
        self.tokens -= cost
        return True


class ConnectionLimits:
    """One connection's buckets (created as each kind is first used)."""

    def __init__(self, now: float) -> None:
        self._buckets: dict[str, Bucket] = {}
        self._drops = Bucket(FLOOD_DROPS, now)
        self._told = -TELL_EVERY_SECONDS
        self.sync_in_flight = False
        self._sync_spent: list[tuple[float, int]] = []

    def check(self, kind: str, now: float) -> Verdict:
        bucket = self._buckets.get(kind)
        if bucket is None:
            bucket = self._buckets[kind] = Bucket(RATES[kind], now)
        if bucket.take(now):
            return Verdict.PASS
        return Verdict.DROP if self._drops.take(now) else Verdict.CLOSE

    def tell(self, now: float) -> bool:
        """Whether to tell the sender it was refused for its rate (once a second)."""
        if now - self._told < TELL_EVERY_SECONDS:
            return False
        self._told = now
        return True

    def sync_allowed(self, size: int, *, log_bytes: int, now: float) -> bool:
        """May a catch-up of `size` bytes start now? (It is then counted.)"""
        if self.sync_in_flight:
            return False
        self._sync_spent = [(t, n) for t, n in self._sync_spent if now - t < 60.0]
        budget = max(SYNC_FLOOR_BYTES, SYNC_LOGS_PER_MINUTE * log_bytes)
        if size and sum(n for _, n in self._sync_spent) + size > budget:
            return False
        self._sync_spent.append((now, size))
        self.sync_in_flight = size > 0
        return True

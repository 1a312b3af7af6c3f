"""Table chat rules: how long a line may be and how fast one person may send them."""
from __future__ import annotations

from zemlevlasnyk.p2p.errors import Code, Rejected

# A few sentences; longer text belongs somewhere else than beside the board.
MAX_CHAT_CHARS = 300
# A burst of 5 lines, then one every 2 seconds: chatty but not a flood.
CHAT_BURST = 5
CHAT_REFILL_SECONDS = 2.0


def clean_text(text: object) -> str:
    """The line as shown to everyone; `Rejected` when it is empty or too long."""
    if not isinstance(text, str):
        raise Rejected(Code.BAD_MESSAGE, "chat text must be a string")
    cleaned = "".join(ch for ch in text if ch.isprintable()).strip()
    if len(cleaned) > MAX_CHAT_CHARS:
        raise Rejected(Code.CHAT_TOO_LONG, f"chat lines are at most {MAX_CHAT_CHARS} characters")
    if not cleaned:
        raise Rejected(Code.BAD_MESSAGE, "empty chat line")
    return cleaned


class RateLimiter:
    """A token bucket per sender."""

    def __init__(self, *, burst: int = CHAT_BURST, refill_seconds: float = CHAT_REFILL_SECONDS) -> None:
        self._burst = burst
        self._refill = refill_seconds
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, sender: str, now: float) -> None:
        tokens, last = self._buckets.get(sender, (float(self._burst), now))
        tokens = min(float(self._burst), tokens + (now - last) / self._refill)
        if tokens < 1.0:
            self._buckets[sender] = (tokens, now)
            raise Rejected(Code.CHAT_RATE, "too many chat lines: wait a moment")
        self._buckets[sender] = (tokens - 1.0, now)

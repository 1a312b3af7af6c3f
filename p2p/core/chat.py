"""Table chat rules: how long a line may be and how fast one person may send them."""
from __future__ import annotations

from zemlevlasnyk.p2p.core.errors import Code, local

# A few sentences; longer text belongs somewhere else than beside the board.
MAX_CHAT_CHARS = 300
# A burst of 5 lines, then one every 2 seconds: chatty but not a flood.
CHAT_BURST = 5
CHAT_REFILL_SECONDS = 2.0


def clean_text(text: object) -> str:
    """The line as shown to everyone; `LocalProtocolError` when it is empty or too long
    (the host's router makes it the sender's fault when a peer sent it)."""
    if not isinstance(text, str):
        raise local(Code.BAD_MESSAGE, "chat text must be a string")
    cleaned = "".join(ch for ch in text if ch.isprintable()).strip()
    if len(cleaned) > MAX_CHAT_CHARS:
        raise local(Code.CHAT_TOO_LONG, f"chat lines are at most {MAX_CHAT_CHARS} characters")
    if not cleaned:
        raise local(Code.BAD_MESSAGE, "empty chat line")
    return cleaned


class RateLimiter:
    """A token bucket per sender."""

    def __init__(self, *, burst: int = CHAT_BURST, refill_seconds: float = CHAT_REFILL_SECONDS) -> None:
        self._burst = burst
        self._refill = refill_seconds
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, sender: str, now: float) -> bool:
        """Whether `sender` may say one more line now (it is counted when it may)."""
        tokens, last = self._buckets.get(sender, (float(self._burst), now))
        tokens = min(float(self._burst), tokens + (now - last) / self._refill)
        if tokens < 1.0:
            self._buckets[sender] = (tokens, now)
            return False
        self._buckets[sender] = (tokens - 1.0, now)
        return True

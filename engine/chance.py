"""Chance as an explicit input: a deterministic bit generator, and scripted outcomes for tests.

The engine never draws randomness itself. Whoever applies an action that needs chance (a roll,
a card draw, who moves first) passes a source: the table derives its seed by commit-reveal,
bots and tests from a seeded generator, rule tests script the outcome outright.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol


class ChanceSource(Protocol):
    def roll(self, sides: int) -> int:
        """One die: 1..sides."""

    def pick(self, options: Sequence[str]) -> int:
        """An index into `options`, uniform among them."""


# Per n in 1..256, the bytes below which a byte is used for a number in 0..n-1 (the rest,
# the biased tail, are rejected); any other n has none.
_LIMITS = {n: 256 - 256 % n for n in range(1, 257)}


class Entropy:
    """SHA-256 in counter mode over a seed; integers by rejection sampling (never a biased %)."""

    __slots__ = ("_seed", "_counter", "_buffer", "_at")

    def __init__(self, seed: bytes) -> None:
        if not isinstance(seed, (bytes, bytearray)) or not seed:
            raise ValueError("Entropy needs a non-empty bytes seed")
        self._seed = bytes(seed)
        self._counter = 0
        self._buffer = b""
        self._at = 0

    def _next_block(self) -> bytes:
        """The stream's next 32 bytes, from the start of which reading goes on."""
        block = self._buffer = hashlib.sha256(self._seed + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        self._at = 0
        return block

    def _byte(self) -> int:
        if self._at == len(self._buffer):
            self._next_block()
        at = self._at
        self._at = at + 1
        return self._buffer[at]

    def below(self, n: int) -> int:
        """Uniform in 0..n-1 for 1 <= n <= 256: one byte at a time, rejecting the biased tail."""
        return self.roll(n) - 1

    def randbelow(self, n: int) -> int:
        """Uniform in 0..n-1 for any n >= 1 (bots' choices, auction amounts)."""
        if n <= 256:
            return self.below(n)
        nbytes = (n.bit_length() + 7) // 8
        span = 256 ** nbytes
        limit = span - span % n
        while True:
            value = int.from_bytes(bytes(self._byte() for _ in range(nbytes)), "big")
            if value < limit:
                return value % n

    def chance(self, percent: int) -> bool:
        """True with probability percent/100: a hundred-sided die (below(100) < percent)."""
        return self.roll(100) <= percent

    def choice(self, items: Sequence[object]) -> object:
        return items[self.randbelow(len(items))]

    def fork(self, label: bytes) -> Entropy:
        """An independent stream derived from this one's seed and a label."""
        return Entropy(hashlib.sha256(self._seed + b"/" + label).digest())

    def roll(self, sides: int) -> int:
        """Uniform in 1..sides for 1 <= sides <= 256: one byte at a time, rejecting the biased
        tail. The stream's one draw of a small number (`below` and `chance` ask it): the
        engine rolls two dice at every move of every game, each in this one call."""
        try:
            limit = _LIMITS[sides]
        except KeyError:
            raise ValueError(f"{sides} outcomes: a die or a draw has 1 to 256") from None
        # _byte inlined.
        buffer, at = self._buffer, self._at
        while True:
            if at == len(buffer):
                buffer, at = self._next_block(), 0
            value = buffer[at]
            at += 1
            if value < limit:
                self._at = at
                return value % sides + 1

    def pick(self, options: Sequence[str]) -> int:
        return self.below(len(options))


class Scripted:
    """Outcomes written down in advance, for rule tests: dice pairs (or triples, with the
    speed die's number: `engine/speed_die.py`) and card ids, in order."""

    def __init__(self, dice: Sequence[tuple[int, ...]] = (), cards: Sequence[str] = (),
                 picks: Sequence[int] = ()) -> None:
        self._dice = [d for pair in dice for d in pair]
        self._cards = list(cards)
        self._picks = list(picks)

    def roll(self, sides: int) -> int:
        if not self._dice:
            raise AssertionError("Scripted chance ran out of dice")
        value = self._dice.pop(0)
        if not 1 <= value <= sides:
            raise AssertionError(f"scripted die {value} is not in 1..{sides}")
        return value

    def pick(self, options: Sequence[str]) -> int:
        if self._picks:
            return self._picks.pop(0)
        if not self._cards:
            raise AssertionError("Scripted chance ran out of cards")
        wanted = self._cards.pop(0)
        if wanted not in options:
            raise AssertionError(f"scripted card {wanted!r} is not in the deck: {list(options)}")
        return list(options).index(wanted)

    @property
    def used_up(self) -> bool:
        return not (self._dice or self._cards or self._picks)

"""The engine's small immutable values (events, actions, an auction, a debt, ...) as plain
slotted classes, with equality, hashing and a repr from their fields, as a dataclass has.

Why not frozen dataclasses: a frozen dataclass sets each field through
`object.__setattr__`, about three times the cost of a plain slotted class, and the engine
builds these values at every step of a game (a dozen events a turn, an auction at every
bid); and `@dataclass` itself costs about half a millisecond per class when the engine is
imported, which a command that starts, plays one game and exits pays in full.

A value class lists its fields in order as `__slots__` and `__match_args__` (one tuple,
`__slots__ = __match_args__ = ("seat", "cell")`) and sets each once in `__init__`, declared
`Final` there: the type checker refuses any later assignment. They are immutable by
intent: nothing changes one after it is built; a game replaces them instead.
tests/engine/test_engine_values.py checks every class's layout and that the engine never changes
an event it has emitted.
"""
from __future__ import annotations

from typing import ClassVar


class Value:
    """Base of the engine's immutable values: equal when of the same class with equal
    fields (`__match_args__`), hashed alike, shown as `Class(field=value, ...)`."""
    __slots__ = ()
    __match_args__: ClassVar[tuple[str, ...]] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple([getattr(self, name) for name in self.__match_args__])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, Value)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((type(self), self._values()))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({fields})"

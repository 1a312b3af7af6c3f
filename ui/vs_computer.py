"""Starting a game against the computer: the levels on offer and the in-process table.

The person's identity at such a table is made fresh for the game and never stored: nobody
else is there to recognise it.
"""
from __future__ import annotations

from nacl.signing import SigningKey

from zemlevlasnyk.p2p.identity import COLOURS, Profile, clean_name
from zemlevlasnyk.p2p.policy import levels

from .local_table import LocalTable

DEFAULT_OPPONENTS = 3
# The level a new player meets first, if the engine has it: the rulebook's middle one.
PREFERRED_LEVELS = ("medium", "easy", "random")
MAX_OPPONENTS = 3
# Seeds are whole numbers below 2**63: the computer players' seeds are derived from them by
# small offsets and must fit the engine's 16-byte seeds.
MAX_SEED = 2**63 - 1


def available_levels() -> tuple[str, ...]:
    """Every computer level the engine offers, in its own order."""
    return levels()


def default_level() -> str:
    offered = available_levels()
    return next((lv for lv in PREFERRED_LEVELS if lv in offered), offered[0])


def new_table(*, name: str, opponents: int, level: str, seed: int | None) -> LocalTable:
    """A started table; ValueError with a readable message on bad choices."""
    if not 1 <= opponents <= MAX_OPPONENTS:
        raise ValueError(f"opponents must be 1 to {MAX_OPPONENTS}, not {opponents}")
    if level not in available_levels():
        raise ValueError(f"no computer level {level!r}; available: {', '.join(available_levels())}")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    profile = Profile(clean_name(name), COLOURS[0], SigningKey.generate())
    return LocalTable(profile, opponents=opponents, level=level, seed=seed)


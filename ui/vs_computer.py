"""Starting a game against the computer: the levels on offer and the in-process table.

The person's identity at such a table is made fresh for the game and never stored: nobody
else is there to recognise it.
"""
from __future__ import annotations

from nacl.signing import SigningKey

from zemlevlasnyk.engine import Ruleset
from zemlevlasnyk.p2p.identity import COLOURS, Profile, clean_name
from zemlevlasnyk.p2p.policy import levels

from .local_table import LocalTable

DEFAULT_OPPONENTS = 3
# The levels people choose from, weakest first: those that try to win. The engine has
# others (idle, random) for `simulate` and tests; they make no game worth playing.
OFFERED_LEVELS = ("easy", "medium", "hard")
# The level a new player meets first, if the engine has it: the middle one.
PREFERRED_LEVEL = "medium"
MAX_OPPONENTS = 3
# Seeds are whole numbers below 2**63: the computer players' seeds are derived from them by
# small offsets and must fit the engine's 16-byte seeds.
MAX_SEED = 2**63 - 1


def available_levels() -> tuple[str, ...]:
    """Every computer level the engine offers, in its own order."""
    return levels()


def offered_levels() -> tuple[str, ...]:
    """The levels a person may choose for computer players (in the window and `play`)."""
    return tuple(lv for lv in OFFERED_LEVELS if lv in available_levels()) or available_levels()


def default_level() -> str:
    offered = offered_levels()
    return PREFERRED_LEVEL if PREFERRED_LEVEL in offered else offered[0]


def new_table(*, name: str, opponents: int, level: str, seed: int | None, colour: str = COLOURS[0],
              rules: Ruleset | None = None) -> LocalTable:
    """A started table; ValueError with a readable message on bad choices."""
    if not 1 <= opponents <= MAX_OPPONENTS:
        raise ValueError(f"opponents must be 1 to {MAX_OPPONENTS}, not {opponents}")
    if level not in available_levels():
        raise ValueError(f"no computer level {level!r}; available: {', '.join(available_levels())}")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    profile = Profile(clean_name(name), colour if colour in COLOURS else COLOURS[0], SigningKey.generate())
    return LocalTable(profile, opponents=opponents, level=level, seed=seed, rules=rules)


"""Starting a game against the computer: the levels on offer and the in-process table, kept
or resumed.

A game the window keeps (`keep=True`) is signed with the person's own key, the default
profile's (`p2p.store.profiles`), and saved in the data folder's games as it is played, so
that it shows among the unfinished games and can be played on (`resume_table`). A game not
kept (screenshots, tests) has an identity made fresh for it and never stored: nobody else is
there to recognise it.
"""
from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from nacl.signing import SigningKey

from zemlevlasnyk.engine import Ruleset
from zemlevlasnyk.p2p import (
    COLOURS,
    Profile,
    ProtocolError,
    ResumeError,
    SaveGameError,
    clean_name,
    games_folder,
    levels,
    load_or_create,
    temperaments,
)
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.words.problems import explain, resume_words, trouble
from zemlevlasnyk.ui.words.text import Say

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


def offered_temperaments() -> tuple[str, ...]:
    """The temperaments a person may give a computer player, cautious first."""
    return temperaments()


def new_table(*, name: str, opponents: int, level: str, seed: int | None, colour: str = COLOURS[0],
              rules: Ruleset | None = None, keep: bool = False,
              temperaments: Sequence[str | None] = ()) -> LocalTable:
    """A started table; ValueError with a readable message on bad choices. Kept (`keep`)
    unless the default profile or the games folder cannot be had: then the feed says so."""
    if not 1 <= opponents <= MAX_OPPONENTS:
        raise ValueError(f"opponents must be 1 to {MAX_OPPONENTS}, not {opponents}")
    if level not in available_levels():
        raise ValueError(f"no computer level {level!r}; available: {', '.join(available_levels())}")
    unknown = [t for t in temperaments if t is not None and t not in offered_temperaments()]
    if unknown:
        raise ValueError(f"no temperament {unknown[0]!r}; available: {', '.join(offered_temperaments())}")
    if seed is not None and not 0 <= seed <= MAX_SEED:
        raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, not {seed}")
    key, folder, problem = SigningKey.generate(), None, None
    if keep:
        try:
            key, folder = load_or_create("default").signing_key, games_folder()
        except (ProtocolError, SaveGameError) as exc:
            problem = trouble("keeping the game (the default profile, the games folder)", exc, Say("games.not_kept"))
    profile = Profile(clean_name(name), colour if colour in COLOURS else COLOURS[0], key)
    table = LocalTable.new(profile, opponents=opponents, level=level, seed=seed, rules=rules, keep=folder,
                           temperaments=temperaments)
    if problem is not None:
        table.tell(problem)
    return table


class NotResumed(Exception):
    """A kept game that cannot be played on: `words` say why (the detail is logged)."""

    def __init__(self, words: Say) -> None:
        super().__init__(words.path)
        self.words = words


def resume_table(path: Path) -> LocalTable:
    """The kept game at `path`, played on by the default profile; `NotResumed` when it
    cannot be (finished, damaged, not this profile's, the profile unreadable)."""
    try:
        return LocalTable.resumed(path, load_or_create("default"))
    except ResumeError as exc:
        raise NotResumed(trouble(f"resuming {path}", exc, resume_words(exc.problem))) from None
    except ProtocolError as exc:
        raise NotResumed(explain(exc, "the default profile")) from None

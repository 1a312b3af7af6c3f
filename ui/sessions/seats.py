"""How the window names the players at a table and which grammatical gender sentences
about them take: the person as they are (their gender from the settings), computer
players by the catalogue's names (each with its gender), other people by their own names
(gender unknown: the wording that needs none)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from zemlevlasnyk.engine import Outcome
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.text import Words, form

# A spectator's "seat" at a network table: no seat of the game, so the engine offers it no
# action (the table scene shows no move, only the board, the feed and the chat).
WATCHING = -1


class Named(Protocol):
    """A seat as far as its name goes: a seat at the table, or a saved game's player."""

    @property
    def name(self) -> str: ...
    @property
    def bot(self) -> str | None: ...


def display_names(players: Sequence[Named], t: Words) -> list[str]:
    """The people's own names; the computer players named from the catalogue, in seat order
    (as the table shows them, so that the saved games' lists name them alike)."""
    bots = iter(t["bot_names"])
    return [p.name if p.bot is None else next(bots, p.name) for p in players]


def token_marks(names: Sequence[str]) -> list[str]:
    """What each seat's token shows: the name's initial; where names start alike (Оля and
    Олена, two «Гравець»), the first two letters where those tell them apart, else the
    initial and the seat's order among them («Г1», «Г2»), so no two tokens look the same."""
    initials = [(name.strip()[:1] or "?").upper() for name in names]
    marks = list(initials)
    for initial in set(initials):
        group = [n for n, i in enumerate(initials) if i == initial]
        if len(group) < 2:
            continue
        pairs = [initial + names[n].strip()[1:2].lower() for n in group]
        unique = len(set(pairs)) == len(pairs) and all(len(p) == 2 for p in pairs)
        for k, n in enumerate(group):
            marks[n] = pairs[k] if unique else f"{initial}{k + 1}"
    return marks


class Levelled(Protocol):
    """A seat as far as its computer player goes: its level and temperament."""

    @property
    def bot(self) -> str | None: ...
    @property
    def temperament(self) -> str | None: ...


def level_words(lang: str, t: Words, seat: Levelled, gender: str | None) -> str:
    """A computer player's level, with its temperament beside it when it has one (agreeing
    with the player's gender where the language wants it): «складний, смілива»."""
    level = str(t["levels"].get(seat.bot, seat.bot))
    words = t["temperaments"].get(seat.temperament) if seat.temperament is not None else None
    if words is None:
        return level
    return str(t["level_temperament"]).format(level=level, temperament=form(lang, words, gender=gender))


def display_genders(players: Sequence[PlayerInfo], t: Words, *, me: int | None,
                    gender: str | None) -> list[str | None]:
    """The gender of each seat (None: not known), for `text.form`."""
    bots = iter(t["bot_genders"])
    out: list[str | None] = []
    for seat, p in enumerate(players):
        if p.bot is not None:
            out.append(next(bots, None))
        else:
            out.append(gender if seat == me else None)
    return out


def result_words(outcome: Outcome | None, names: Sequence[str], words: Words) -> str:
    """A finished game's result as its end record says it, in `words` (`won` with the
    winner's name, `drawn`, or only `finished` for a record that names neither)."""
    if outcome is None:
        return str(words["finished"])
    if outcome.draw or outcome.winner is None or not 0 <= outcome.winner < len(names):
        return str(words["drawn"])
    return str(words["won"].format(name=names[outcome.winner]))

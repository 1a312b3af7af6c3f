"""How the window names the players at a table and which grammatical gender sentences
about them take: the person as they are (their gender from the settings), computer
players by the catalogue's names (each with its gender), other people by their own names
(gender unknown: the wording that needs none)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .table_view import PlayerInfo

# A spectator's "seat" at a network table: no seat of the game, so the engine offers it no
# action (the table scene shows no move, only the board, the feed and the chat).
WATCHING = -1


def display_names(players: Sequence[PlayerInfo], t: dict[str, Any]) -> list[str]:
    """The people's own names; the computer players named from the catalogue, in seat order."""
    bots = iter(t["bot_names"])
    return [p.name if p.bot is None else next(bots, p.name) for p in players]


def display_genders(players: Sequence[PlayerInfo], t: dict[str, Any], *, me: int | None,
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

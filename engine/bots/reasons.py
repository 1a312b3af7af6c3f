"""Why an offer makes sense to the player who makes it, in one structured line.

`explain_offer(game, offer)` reads only the public state and the offer (a pending
`TradeOffer` or a `ProposeTrade` about to be made), so every window at the table computes
the same reason for the same offer and nothing new has to travel: the window puts it in
words from its catalogue (`offer_reasons.<kind>`), e.g. «Мені бракує «Садова», щоб зібрати
Зелену групу» / "I need Garden Street to complete the Greens". Every offer a bot makes has
COMPLETE, SWAP or CLOSER for its reason (it asks for the deeds of a group it is collecting),
YOURS (easy sells a partner the deeds they lack for a group) or BLOCK (hard buys the deeds a
third player lacks for a group); a person's offer may have any.
"""
from __future__ import annotations

from enum import StrEnum
from typing import Final

from ..actions import ProposeTrade
from ..game import Game
from ..state import BANK, TradeOffer
from ..values import Value

# The `group` of a reason about stations or utilities (colour groups go by their ids).
STATIONS = "stations"
UTILITIES = "utilities"


class ReasonKind(StrEnum):
    COMPLETE = "complete"   # the deeds asked for complete a group of the proposer's
    SWAP = "swap"           # ... and the deeds given complete one of the partner's
    YOURS = "yours"         # the deeds given complete a group of the partner's (a sale)
    CLOSER = "closer"       # the deeds asked for bring the proposer closer to a group
    BLOCK = "block"         # they are what a third player lacks for a group (the rest is theirs)
    SET = "set"             # they add to the proposer's stations or utilities
    CASH = "cash"           # the proposer sells for money, with no group in it
    OTHER = "other"


class OfferReason(Value):
    """`kind`; `cells`, the deeds the reason is about (asked for, or for YOURS and CASH given);
    `group`, the group they belong to (a colour group's id, STATIONS or UTILITIES; "" when
    none); for SWAP, `their_cells` and `their_group`, the partner's side."""
    __slots__ = __match_args__ = ("kind", "cells", "group", "their_cells", "their_group")

    def __init__(self, kind: ReasonKind, cells: tuple[int, ...], group: str = "",
                 their_cells: tuple[int, ...] = (), their_group: str = "") -> None:
        self.kind: Final = kind
        self.cells: Final = cells
        self.group: Final = group
        self.their_cells: Final = their_cells
        self.their_group: Final = their_group


def explain_offer(game: Game, offer: TradeOffer | ProposeTrade) -> OfferReason:
    """The reason of an offer in `game` as it stands (before it is answered)."""
    if isinstance(offer, ProposeTrade):
        by, to, give, take = offer.seat, offer.to, tuple(offer.give), tuple(offer.take)
        money = offer.money
    else:
        by, to, give, take, money = offer.from_seat, offer.to_seat, offer.give, offer.take, offer.money
    rules = game.rules
    owner = game.owner[:]
    for c in give:
        owner[c] = to
    for c in take:
        owner[c] = by
    ids = {cells: gid for gid, cells in rules.group_cells.items()}
    mine = _completed(game, owner, by, ids)
    theirs = _completed(game, owner, to, ids)
    if mine is not None:
        cells = tuple(c for c in take if c in rules.group_cells[mine])
        if theirs is not None:
            return OfferReason(ReasonKind.SWAP, cells, mine,
                               tuple(c for c in give if c in rules.group_cells[theirs]), theirs)
        return OfferReason(ReasonKind.COMPLETE, cells, mine)
    if theirs is not None:
        return OfferReason(ReasonKind.YOURS, tuple(c for c in give if c in rules.group_cells[theirs]), theirs)
    for gid, group in rules.group_cells.items():
        asked = tuple(c for c in take if c in group)
        rest = {game.owner[c] for c in group if c not in asked}
        if asked and len(rest) == 1 and not rest & {by, to, BANK}:
            return OfferReason(ReasonKind.BLOCK, asked, gid)
    for c in take:
        group = rules.group_of[c]
        kind = rules.cells[c].kind
        if any(game.owner[x] == by for x in group if x != c):
            if kind == "street":
                return OfferReason(ReasonKind.CLOSER, tuple(x for x in take if x in group), ids[group])
            return OfferReason(ReasonKind.SET, tuple(x for x in take if x in group),
                               STATIONS if kind == "station" else UTILITIES)
    if not take and money < 0:
        return OfferReason(ReasonKind.CASH, give)
    return OfferReason(ReasonKind.OTHER, take)


def _completed(game: Game, owner: list[int], seat: int, ids: dict[tuple[int, ...], str]) -> str | None:
    """The first colour group `seat` holds whole in `owner` and not in the game now."""
    now = game.owner
    for cells, gid in ids.items():
        if all(owner[c] == seat for c in cells) and not all(now[c] == seat for c in cells):
            return gid
    return None

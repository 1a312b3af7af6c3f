"""What a square (or a jailing) offers the player who came to it, and the queue of such offers.

A move may leave decisions that are not a purchase: give a donation, throw for a credit or
cancel it, cancel a jailing, make a deposit, bet at the casino (shared/seeds/004). Each is an
`Offer` on the state's `offers` (oldest first; a square whose deed is offered first queues
its own offer behind the purchase), and the game waits in the phase OFFER for the active
player's answer to the first one; the decision's kind is the offer's kind. Answered, the offer
leaves the queue and the move goes on (`Game._finish_move`). The mechanisms (privileges.py,
credit.py, deposits.py, casino.py) say what each offer allows.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any, Final

from .phases import Phase
from .values import Value


class OfferKind(StrEnum):
    """The kinds of offer, which are also the decisions' kinds (JSON values: never rename)."""
    DONATE = "donate"            # give a donation at the donation square, or skip
    CREDIT = "credit"            # throw for the credit square, or cancel it with a privilege
    JAIL_CANCEL = "jail_cancel"  # go to jail, or cancel it with a privilege
    DEPOSIT = "deposit"          # put money on deposit at the bank square, or skip
    CASINO = "casino"            # bet at the casino square, or skip (unless a card brought the token)
    RAID = "raid"                # swap deeds at the raider agency, or skip
    AGENCY = "agency"            # buy an unowned deed through the real-estate agency, or skip
    INVEST = "invest"            # place or move investment chips, then finish


class Offer(Value):
    """An offer waiting for the active player. `reason`: for a jailing, how it came
    (SentToJail's reasons: "jail_cell", "go_to_jail_cell", "card", "three_doubles");
    `minimum`: a compulsory casino bet's least amount (0: the offer may be skipped); `card`: a
    drawn card (its index) whose move waits for the answer (a plate's service, plates.py)."""
    __slots__ = __match_args__ = ("kind", "reason", "minimum", "card")

    def __init__(self, kind: OfferKind, reason: str = "", minimum: int = 0, card: int | None = None) -> None:
        self.kind: Final = kind
        self.reason: Final = reason
        self.minimum: Final = minimum
        self.card: Final = card

    def to_json(self, card_ids: Sequence[str]) -> dict[str, Any]:
        return {"kind": self.kind.value, "reason": self.reason, "minimum": self.minimum,
                "card": None if self.card is None else card_ids[self.card]}


OFFER_KEYS = frozenset({"kind", "reason", "minimum", "card"})
# The jailings a privilege may cancel, by how they came.
JAIL_REASONS = frozenset({"jail_cell", "go_to_jail_cell", "card", "three_doubles"})
# The squares each kind of offer is made on (a jailing's is the jail; an agency's service
# also on a card square carrying its plate).
_SQUARE = {OfferKind.DONATE: ("donation",), OfferKind.CREDIT: ("credit",), OfferKind.JAIL_CANCEL: ("jail",),
           OfferKind.DEPOSIT: ("bank",), OfferKind.CASINO: ("casino",), OfferKind.RAID: ("raid_agency", "card"),
           OfferKind.AGENCY: ("realty_agency", "card"), OfferKind.INVEST: ("card",)}


def check_offers(offers: Sequence[Offer], phase: Phase, where: str, jailed: bool, jail_cancel: bool,
                 need: Callable[[bool, str], None]) -> None:
    """The offers of a loaded state are ones a game can reach (state._check_consistent):
    `where` is the kind of the active player's square, `jailed` whether it is jailed."""
    need(phase is not Phase.OFFER or bool(offers), "the offer phase with nothing offered")
    need(not offers or phase in (Phase.OFFER, Phase.BUY, Phase.AUCTION, Phase.DEBT), "an offer outside a move")
    for o in offers:
        need(where in _SQUARE[o.kind], f"an offer of {o.kind.value} away from its square")
        if o.kind is OfferKind.JAIL_CANCEL:
            need(o.reason in JAIL_REASONS and not jailed and jail_cancel, "a jailing offer")
        else:
            need(not o.reason, "an offer with a reason it cannot have")
        need(o.minimum >= 0 and (not o.minimum or o.kind is OfferKind.CASINO), "an offer's least amount")
        need(o.card is None or (where == "card" and o.kind in (OfferKind.RAID, OfferKind.AGENCY, OfferKind.INVEST)),
             "a card waiting behind an offer that is no plate's")

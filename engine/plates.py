"""Add-on plates on the card squares (shared/seeds/004 L141-152, VARIANTS B3.13).

A plate on a card square gives whoever stops there the service it names, as an option (L144):
the raider agency's (a raid), the real-estate agency's (a purchase from the bank) or an
investment (investments.py). The card is drawn and played as ever; the service is offered
after it, the token staying on the square (L148), unless the card moves the token: then the
service comes first, before the move (L143), and the move follows the answer. Which plates lie
where is the table's option `plates`, one of the preset's named layouts (L150-152).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import agencies, investments
from .offers import OfferKind

if TYPE_CHECKING:
    from .events import Event
    from .operations import GameOps
    from .rules import Card

# What each kind of plate offers, by the agency square whose service it is.
PLATE_KINDS = {"raid": "raid_agency", "realty": "realty_agency"}
# The cards that move the token: a plate's service comes before their move.
MOVE_EFFECTS = frozenset({"advance_to", "advance_to_nearest", "move_back", "go_to_jail"})


def offer_service(g: GameOps, seat: int, plate: str, ev: list[Event] | None, card: int | None = None) -> bool:
    """Queue the plate's service for `seat` (with the card whose move waits for it, if any);
    False when there is nothing it could do with it."""
    if plate == "invest":
        return investments.land(g, seat, ev, card=card)
    return agencies.land(g, seat, PLATE_KINDS[plate], ev, card=card)


def before_card(g: GameOps, seat: int, card: Card, ev: list[Event] | None) -> bool:
    """A card drawn on a plate's square: True when the plate's service is offered first and the
    card's move waits for the answer."""
    plate = g.rules.plates.get(g.pos[seat])
    return plate is not None and card.effect in MOVE_EFFECTS and offer_service(g, seat, plate, ev, card.index)


def after_card(g: GameOps, seat: int, card: Card, ev: list[Event] | None) -> None:
    """A card that left the token on its plate's square: the plate's service, after the card."""
    plate = g.rules.plates.get(g.pos[seat])
    if plate is not None and card.effect not in MOVE_EFFECTS:
        offer_service(g, seat, plate, ev)


def is_plate_offer(kind: OfferKind) -> bool:
    return kind is OfferKind.RAID or kind is OfferKind.AGENCY or kind is OfferKind.INVEST

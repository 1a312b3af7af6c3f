"""Where the mechanisms of seed 004 meet the game: what landing on each of its squares does,
the answers to the offers they leave (offers.py), and the extra actions of a turn (a
withdrawal, a transfer, an auction of one's own deed). The mechanisms are in their own modules
(privileges.py, credit.py, deposits.py, casino.py, transfers.py, stepped_auctions.py); this
module only routes to them, so that `GameOps` needs one hook per place.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import agencies, casino, credit, deposits, investments, privileges, stepped_auctions, transfers
from .actions import Action, CasinoBet, Deposit, GoToJail, RollCredit, Skip, WithdrawDeposit, shared
from .offers import OfferKind
from .phases import Phase
from .rule_sections import AGENCY_KINDS

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .events import Event
    from .operations import GameOps
    from .rules import Card


def land(g: GameOps, seat: int, kind: str, forced: bool, min_bet: int, chance: ChanceSource | None,
         ev: list[Event] | None) -> None:
    """The token came to rest on a square of kind `kind` (rule_sections.SQUARE_KINDS); a card
    that brought it may make the square's offer compulsory (`forced`, a bet of `min_bet`)."""
    if kind == "donation":
        privileges.land(g, seat, forced, ev)
    elif kind == "credit":
        credit.land(g, seat, chance, ev)
    elif kind == "bank":
        deposits.land(g, seat, ev)
    elif kind == "casino":
        casino.land(g, seat, min_bet if forced else None, ev)
    elif kind in AGENCY_KINDS:
        agencies.land(g, seat, kind, ev)


def card_effect(g: GameOps, seat: int, card: Card, ev: list[Event] | None) -> None:
    """A card effect of these mechanisms (rule_sections.SECTION_CARD_EFFECTS)."""
    if card.effect == "deposit_interest":
        deposits.add_interest(g, seat, card.params["percent"], ev)


def candidates(g: GameOps, seat: int) -> list[Action]:
    """The enumerable answers to the offer `seat` must answer now (each still checked)."""
    kind = g.offers[0].kind
    if kind is OfferKind.CREDIT:
        return credit.candidates(g, seat)
    if kind is OfferKind.DEPOSIT:
        return deposits.candidates(g, seat)
    if kind is OfferKind.CASINO:
        return casino.candidates(g, seat)
    if kind is OfferKind.RAID or kind is OfferKind.AGENCY:
        return agencies.candidates(g, seat, kind)
    if kind is OfferKind.INVEST:
        return investments.candidates(g, seat)
    return privileges.candidates(g, seat, kind)


def extras(g: GameOps, seat: int, phase: Phase) -> tuple[list[Action], tuple[int, int] | None]:
    """The main seat's other legal actions under these rules (a withdrawal, transfers, its own
    deeds' auctions) and the amount range of its decision (a deposit, a bet), or None."""
    out: list[Action] = []
    if g.rules.deposit is not None and g.deposit[seat] and phase in deposits.WITHDRAW_PHASES:
        out.append(shared(WithdrawDeposit, seat))
    out += transfers.moves(g, seat)
    out += stepped_auctions.own_lots(g, seat)
    amount = None
    if phase is Phase.OFFER:
        kind = g.offers[0].kind
        if kind is OfferKind.DEPOSIT:
            amount = deposits.amount_range(g, seat)
        elif kind is OfferKind.CASINO:
            amount = casino.amount_range(g, seat)
    return out, amount


def amount_action(g: GameOps, seat: int, amount: int) -> Action | None:
    """The action that names `amount` for the decision `seat` must make now (a deposit, a
    bet), or None when its decision names no amount."""
    if g.phase is not Phase.OFFER or seat != g.active:
        return None
    kind = g.offers[0].kind
    if kind is OfferKind.DEPOSIT:
        return Deposit(seat, amount)
    if kind is OfferKind.CASINO:
        return CasinoBet(seat, amount)
    return None


# The clock's answer to each offer: never spends money or a privilege by choice.
_SAFE: dict[OfferKind, type[Action]] = {
    OfferKind.DONATE: Skip, OfferKind.CREDIT: RollCredit, OfferKind.JAIL_CANCEL: GoToJail,
    OfferKind.DEPOSIT: Skip, OfferKind.RAID: Skip, OfferKind.AGENCY: Skip, OfferKind.INVEST: Skip,
}


def safe(g: GameOps, seat: int) -> Action:
    kind = g.offers[0].kind
    if kind is OfferKind.CASINO:
        return casino.safe(g, seat)
    return shared(_SAFE[kind], seat)


def needs_chance(g: GameOps, action: Action) -> bool:
    """A credit's throw, a casino's, or any answer to a plate's service whose card's move
    waits (it may land on a card square)."""
    if type(action) is RollCredit or type(action) is CasinoBet:
        return True
    return g.phase is Phase.OFFER and bool(g.offers) and g.offers[0].card is not None


CHECKS: dict[type, Any] = {**privileges.CHECKS, **credit.CHECKS, **deposits.CHECKS, **casino.CHECKS,
                           **transfers.CHECKS, **stepped_auctions.CHECKS, **agencies.CHECKS, **investments.CHECKS}
HANDLERS: dict[type, Any] = {**privileges.HANDLERS, **credit.HANDLERS, **deposits.HANDLERS, **casino.HANDLERS,
                             **transfers.HANDLERS, **stepped_auctions.HANDLERS, **agencies.HANDLERS,
                             **investments.HANDLERS}

"""Donations, and the one-time privileges that cancel a jailing or a credit (shared/seeds/004).

- The donation square (L72-76): stopped on by dice, the player may give one donation (its
  amount, from the cash) or skip; brought there by a card, the donation is compulsory (a debt
  to the bank, counted as a donation once paid). One donation per visit.
- A privilege is a donation held or a release card (L65, L75, L96). Spent at once, it turns a
  jailing or the credit square into an empty square: a jailing is then offered as the decision
  `jail_cancel` (go to jail, or spend one), the credit square as `credit` (credit.py). A spent
  donation goes back to the bank's pool (no money moves); a release card goes back to its deck.
- Donations count in the final wealth (holdings.net_worth) and are lost in a bankruptcy.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import reasons as R
from .actions import Action, Donate, GoToJail, Skip, SpendDonation, UseReleaseCard, shared
from .events import Donated, Offered, PrivilegeUsed
from .offers import Offer, OfferKind
from .phases import OFFER
from .state import BANK, Debt, GameState

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps

_NOT_YOURS = ("turn.not_yours", "this seat has no decision to make now")


def release_card(g: GameState, seat: int) -> int | None:
    """The first release card `seat` holds (its card index), or None."""
    cards = g.rules.cards
    for c in g.cards_held[seat]:
        if cards[c].effect == "release":
            return c
    return None


def privileged(g: GameState, seat: int) -> bool:
    """`seat` holds a privilege it could spend now: a donation or a release card."""
    return g.donations[seat] > 0 or release_card(g, seat) is not None


def offer(g: GameOps, seat: int, kind: OfferKind, ev: list[Event] | None, reason: str = "",
          minimum: int = 0, card: int | None = None) -> None:
    """Queue an offer for the active player (the game asks for it once the move resolves)."""
    g.offers.append(Offer(kind, reason, minimum, card))
    if ev is not None:
        ev.append(Offered(seat, kind.value))


# -- the donation square -------------------------------------------------------------------

def land(g: GameOps, seat: int, forced: bool, ev: list[Event] | None) -> None:
    """The token stopped on the donation square: an offer, or by a card a compulsory debt."""
    if forced:
        g.debts.append(Debt(seat, BANK, g.rules.donation, R.DONATION))
    else:
        offer(g, seat, OfferKind.DONATE, ev)


def donated(g: GameOps, seat: int, ev: list[Event] | None) -> None:
    """A donation was paid (by choice or as the card's debt): count it."""
    g.donations[seat] += 1
    if ev is not None:
        ev.append(Donated(seat, g.rules.donation, g.donations[seat]))


def _do_donate(g: GameOps, a: Donate, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    g.offers.pop(0)
    g._pay(a.seat, BANK, g.rules.donation, R.DONATION, ev)
    donated(g, a.seat, ev)
    g._finish_move(ev)


def _do_skip(g: GameOps, a: Skip, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    g._after_offer(g.offers.pop(0), chance, ev)


# -- privileges against a jailing or a credit ----------------------------------------------

def spend(g: GameOps, seat: int, by: str, ev: list[Event] | None) -> None:
    """Spend a privilege on the offer waiting (`jail_cancel` or `credit`): the square is empty."""
    waiting = g.offers.pop(0)
    if by == "donation":
        g.donations[seat] -= 1
    else:
        card = release_card(g, seat)
        assert card is not None, "checked: a release card is held"
        g.cards_held[seat].remove(card)
        g._return_card(card, ev)
    against = "jail" if waiting.kind is OfferKind.JAIL_CANCEL else "credit"
    if ev is not None:
        ev.append(PrivilegeUsed(seat, by, against))
    if waiting.kind is OfferKind.JAIL_CANCEL and waiting.reason == "three_doubles":
        # The third double ends the turn even when its jailing is cancelled.
        g.turn_over = True
    g._finish_move(ev)


def _do_spend_donation(g: GameOps, a: SpendDonation, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    spend(g, a.seat, "donation", ev)


def _do_go_to_jail(g: GameOps, a: GoToJail, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    waiting = g.offers.pop(0)
    g._jail(a.seat, waiting.reason, ev)
    g._finish_move(ev)


def offered(g: GameState, seat: int) -> OfferKind | None:
    """The kind of the offer `seat` must answer now, or None."""
    if g.phase is not OFFER or seat != g.active or not g.offers:
        return None
    return g.offers[0].kind


def use_release_card_on_offer(g: GameState, seat: int) -> Why:
    """The rule for a release card spent on an offer (a jailing or a credit)."""
    if offered(g, seat) not in (OfferKind.JAIL_CANCEL, OfferKind.CREDIT):
        return ("privilege.offer", "a privilege is spent on a jailing or a credit just come")
    if release_card(g, seat) is None:
        return ("jail.release_card", "no release card held")
    return None


def _check_donate(g: GameOps, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if offered(g, seat) is not OfferKind.DONATE:
        return ("donation.offered", "a donation is given on the donation square")
    if g.cash[seat] < g.rules.donation:
        return ("donation.cash", f"a donation is {g.rules.donation}: not enough cash")
    return None


def _check_spend(g: GameOps, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if offered(g, seat) not in (OfferKind.JAIL_CANCEL, OfferKind.CREDIT):
        return ("privilege.offer", "a privilege is spent on a jailing or a credit just come")
    if not g.donations[seat]:
        return ("privilege.donation", "no donation held")
    return None


def _check_go_to_jail(g: GameOps, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if offered(g, seat) is not OfferKind.JAIL_CANCEL:
        return ("jail.cancel_offered", "no jailing waits for an answer")
    return None


def _check_skip(g: GameOps, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if offered(g, seat) not in SKIPPABLE or g.offers[0].minimum:
        return ("offer.optional", "no optional offer waits for an answer")
    return None


# The offers a player may leave unused (a casino's, unless a card made its bet compulsory).
SKIPPABLE = frozenset({OfferKind.DONATE, OfferKind.DEPOSIT, OfferKind.CASINO, OfferKind.RAID, OfferKind.AGENCY,
                       OfferKind.INVEST})

CHECKS: dict[type, Any] = {Donate: _check_donate, SpendDonation: _check_spend, GoToJail: _check_go_to_jail,
                           Skip: _check_skip}
HANDLERS: dict[type, Any] = {Donate: _do_donate, SpendDonation: _do_spend_donation, GoToJail: _do_go_to_jail,
                             Skip: _do_skip}


def candidates(g: GameOps, seat: int, kind: OfferKind) -> list[Action]:
    """The enumerable answers to an offer of these kinds (checked by the caller)."""
    if kind is OfferKind.DONATE:
        return [shared(Donate, seat), shared(Skip, seat)]
    # A jailing or a credit: what else answers it (go to jail, throw), then the privileges.
    return [shared(GoToJail, seat), *spending(seat)] if kind is OfferKind.JAIL_CANCEL else spending(seat)


def spending(seat: int) -> list[Action]:
    return [shared(UseReleaseCard, seat), shared(SpendDonation, seat)]

"""The raider agency and the real-estate agency (shared/seeds/004 L108-123, VARIANTS B3.10-11).

Both are deeds (bought, auctioned, traded and sold like any), which take no rent (L117, L123).
Their service is used only by a player who stops on the agency's square or on a card square
carrying its plate (L111, L120; plates.py), the owner included; it is optional (decision
`raid` or `agency`; `Skip` is the clock's answer). Stopping on an unowned agency, the player
is first offered to buy it (L109, L119).

- Raid (L110-116): `Raid(take_cell, give_cell)` swaps one deed of an opponent for one of one's own, with
  no consent. The deed taken is not the raider agency owner's (L116) and not a street of a
  colour set its holder owns whole (L114); the deed given is not from a set the raider owns
  whole *(PROPOSED: the same rule both ways)*. Transport and utilities may be taken (they are
  no set, L98). The service costs 50, to the raider agency's owner, or to the bank when it is
  unowned, or nothing to its owner (L115); the raider must have it *(PROPOSED)*.
- Purchase through the real-estate agency (L121-122): `BuyFromBank(cell)` buys any one unowned
  deed at its price from the bank plus 30% of it, rounded up, to the agency's owner (to the
  bank when it is unowned, nothing for its owner). While deciding, the buyer may withdraw the
  deposit and sell deeds to the bank (L122).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import holdings as H
from . import investments
from . import reasons as R
from .actions import Action, BuyFromBank, Raid, shared
from .actions import Skip as SkipAction
from .events import AgencyPurchase, Raided
from .offers import OfferKind
from .privileges import offer, offered
from .state import BANK, GameState

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps

def agency_owner(g: GameState, kind: str) -> int:
    """Who owns the agency of `kind` (BANK when unowned or when the board has none)."""
    cells = g.rules.agency_cells.get(kind, ())
    return g.owner[cells[0]] if cells else BANK


def fee_to(g: GameState, kind: str, seat: int) -> int | None:
    """Who is paid for `seat`'s use of the agency of `kind`: its owner, the bank (BANK), or
    nobody (None) when `seat` owns it."""
    owner = agency_owner(g, kind)
    return None if owner == seat else owner


def _in_whole_set(g: GameState, cell: int) -> bool:
    return g.rules.cells[cell].kind == "street" and H.owns_group(g, g.owner[cell], cell)


def can_raid(g: GameState, seat: int, take: int, give: int) -> str | None:
    """None when `seat` may swap its `give` for an opponent's `take` now (the offer aside)."""
    rules = g.rules
    size = rules.size
    if not (0 <= take < size and rules.cells[take].is_property) or g.owner[take] in (BANK, seat):
        return "raid.take_opponents"
    if g.owner[take] == agency_owner(g, "raid_agency"):
        return "raid.agency_owner_immune"
    if _in_whole_set(g, take):
        return "raid.whole_set"
    if not (0 <= give < size and rules.cells[give].is_property) or g.owner[give] != seat:
        return "raid.give_own"
    if _in_whole_set(g, give):
        return "raid.whole_set"
    agencies = rules.agencies
    assert agencies is not None, "called under agency rules"
    if fee_to(g, "raid_agency", seat) is not None and g.cash[seat] < agencies.raid_fee:
        return "raid.fee_cash"
    return None


def raids(g: GameState, seat: int) -> list[tuple[int, int]]:
    """Every (take, give) swap `seat` may make now."""
    rules = g.rules
    mine = [c for c in rules.properties if g.owner[c] == seat and not _in_whole_set(g, c)]
    out = []
    for take in rules.properties:
        if g.owner[take] not in (BANK, seat):
            for give in mine:
                if can_raid(g, seat, take, give) is None:
                    out.append((take, give))
    return out


def surcharge(g: GameState, seat: int, cell: int) -> int:
    """What `seat` pays the real-estate agency on top of `cell`'s price (0 for its owner)."""
    agencies = g.rules.agencies
    assert agencies is not None, "called under agency rules"
    if fee_to(g, "realty_agency", seat) is None:
        return 0
    return -(-g.rules.cells[cell].price * agencies.realty_surcharge_percent // 100)


def can_buy_from_bank(g: GameState, seat: int, cell: int) -> str | None:
    rules = g.rules
    if not (0 <= cell < rules.size and rules.cells[cell].is_property) or g.owner[cell] != BANK:
        return "agency.unowned_deed"
    if g.cash[seat] < rules.cells[cell].price + surcharge(g, seat, cell):
        return "agency.cash"
    return None


def land(g: GameOps, seat: int, kind: str, ev: list[Event] | None, card: int | None = None) -> bool:
    """The token stopped on an agency's square or plate: its service, when there is one to use
    (a purchase of the square's own deed comes first); `card`, a card whose move waits for the
    answer (plates.py). True when it was offered."""
    if kind == "raid_agency":
        if not raids(g, seat):
            return False
        offer(g, seat, OfferKind.RAID, ev, card=card)
        return True
    if not any(g.owner[c] == BANK for c in g.rules.properties):
        return False
    offer(g, seat, OfferKind.AGENCY, ev, card=card)
    return True


def _do_raid(g: GameOps, a: Raid, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    waiting = g.offers.pop(0)
    agencies = g.rules.agencies
    assert agencies is not None, "checked: agency rules"
    victim = g.owner[a.take_cell]
    to = fee_to(g, "raid_agency", a.seat)
    if to is not None and agencies.raid_fee:
        g._pay(a.seat, to, agencies.raid_fee, R.Reason.RAID_FEE, ev)
    if g.chips:
        investments.burn(g, (a.take_cell, a.give_cell), ev)
    g.owner[a.take_cell], g.owner[a.give_cell] = a.seat, victim
    if ev is not None:
        ev.append(Raided(a.seat, victim, a.take_cell, a.give_cell))
    g._after_offer(waiting, chance, ev)


def _do_buy_from_bank(g: GameOps, a: BuyFromBank, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    waiting = g.offers.pop(0)
    price = g.rules.cells[a.cell].price
    extra = surcharge(g, a.seat, a.cell)
    g._pay(a.seat, BANK, price, R.PURCHASE, ev, cell=a.cell)
    if extra:
        g._pay(a.seat, agency_owner(g, "realty_agency"), extra, R.Reason.REALTY_SURCHARGE, ev, cell=a.cell)
    g.owner[a.cell] = a.seat
    if ev is not None:
        ev.append(AgencyPurchase(a.seat, a.cell, price, extra))
    g._after_offer(waiting, chance, ev)


def _check_raid(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    if offered(g, seat) is not OfferKind.RAID:
        return ("raid.offered", "a raid is made at the raider agency")
    if type(a.take_cell) is not int or type(a.give_cell) is not int:
        return ("raid.take_opponents", "a raid names two deeds")
    why = can_raid(g, seat, a.take_cell, a.give_cell)
    return None if why is None else (why, RULE_TEXT[why])


def _check_buy_from_bank(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    if offered(g, seat) is not OfferKind.AGENCY:
        return ("agency.offered", "the agency's service is used at the real-estate agency")
    if type(a.cell) is not int:
        return ("agency.unowned_deed", RULE_TEXT["agency.unowned_deed"])
    why = can_buy_from_bank(g, seat, a.cell)
    return None if why is None else (why, RULE_TEXT[why])


def candidates(g: GameOps, seat: int, kind: OfferKind) -> list[Action]:
    out: list[Action] = [shared(SkipAction, seat)]
    if kind is OfferKind.RAID:
        out += [Raid(seat, take, give) for take, give in raids(g, seat)]
    else:
        out += [BuyFromBank(seat, c) for c in g.rules.properties if can_buy_from_bank(g, seat, c) is None]
    return out


RULE_TEXT = {
    "raid.take_opponents": "a raid takes a deed of another player",
    "raid.agency_owner_immune": "the raider agency's owner's deeds cannot be taken",
    "raid.whole_set": "no deed of a colour set held whole is taken or given",
    "raid.give_own": "a raid gives one of your own deeds",
    "raid.fee_cash": "the agency's fee must be in hand",
    "agency.unowned_deed": "the agency sells a deed the bank still holds",
    "agency.cash": "not enough cash for the price and the agency's surcharge",
}
CHECKS: dict[type, Any] = {Raid: _check_raid, BuyFromBank: _check_buy_from_bank}
HANDLERS: dict[type, Any] = {Raid: _do_raid, BuyFromBank: _do_buy_from_bank}

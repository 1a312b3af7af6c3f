"""The stepped auction of seed 004 (L54-62, VARIANTS B3.3), and the auction of one's own deed.

- A deed the lander declines is auctioned among the *other* players (L14, L54: the lander does
  not bid), in turn order from the lander, from its price (L55). Only players whose cash is at
  least the start price at the opening take part (L56).
- The first bid is at least the start price and sets the step: what it is above the start
  (at least 1). Each later bid is at least the highest bid plus the step, and sets the step to
  what it beat the highest by: a jump widens the step (L58; L59's examples: 60 -> 80, next at
  least 100; 60 -> 65 -> 100, next at least 135). No bid above one's cash (L60). Passing is
  final. The last bidder left with the highest bid pays it (L61); nobody bidding leaves the
  deed where it was (PROPOSED).
- Before the roll, once a turn (PROPOSED), a player may auction a deed of their own whose
  colour set carries no building, from a start price of their choice (L62, L139), among the
  others by the same rules; the money goes to the owner (PROPOSED). Legal actions list it at
  the deed's price; any whole start price from 1 is legal (`AuctionDeed(cell, start)`).
- Every other auction of these rules (a bankrupt's deed) is stepped from the deed's price.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import holdings as H
from .actions import Action, AuctionDeed
from .events import AuctionStarted, AuctionUnsold
from .phases import LOT_AUCTIONED, PRE_ROLL, Phase
from .state import Auction, Lot

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps
    from .state import GameState

_LOTS: dict[tuple[int, int], AuctionDeed] = {}


def bidders(g: GameOps, seller: int, start: int, *, seller_bids: bool) -> tuple[int, ...]:
    """Who bids, in turn order from `seller`: under stepped rules only those whose cash reaches
    the start price."""
    seats = g._seats_from(seller) if seller_bids else g._seats_from(seller)[1:]
    if not start:
        return tuple(seats)
    return tuple(s for s in seats if g.cash[s] >= start)


def least_bid(auction: Auction) -> int:
    """The lowest bid allowed now."""
    if not auction.start:
        return auction.high + 1
    if auction.high_bidder is None:
        return auction.start
    return auction.high + auction.step


def open_auction(g: GameOps, cell: int, seller: int, ev: list[Event] | None, *, start: int, lot: Lot,
                 resume: Phase | None = None, seller_bids: bool) -> Auction | None:
    """An auction of `cell` from `start` (0: the classic auction); None when nobody may bid."""
    seats = bidders(g, seller, start, seller_bids=seller_bids)
    if not seats:
        if ev is not None:
            ev.append(AuctionUnsold(cell))
        return None
    if ev is not None:
        ev.append(AuctionStarted(cell, seats))
    return Auction(cell, seats, lot=lot, resume=resume, start=start)


def can_auction_own(g: GameState, seat: int, cell: int) -> str | None:
    """None when `seat` may auction its deed on `cell` now (turn, phase and start aside)."""
    if not g.rules.stepped_auction:
        return "auction.own_deed_rules"
    if g.auctioned:
        return "auction.own_deed_once"
    if not g.rules.cells[cell].is_property or g.owner[cell] != seat:
        return "deeds.own_property"
    if H.group_built(g, cell):
        return "deeds.no_buildings_in_group"
    return None


def _check_auction_deed(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat() or g.phase is not PRE_ROLL:
        return ("auction.own_deed_before_roll", "a deed of one's own is auctioned before the roll")
    if type(a.cell) is not int or not 0 <= a.cell < g.rules.size:
        return ("board.cell", f"there is no cell {a.cell}")
    why = can_auction_own(g, seat, a.cell)
    if why is not None:
        return (why, RULE_TEXT.get(why, why))
    if type(a.start) is not int or a.start < 1:
        return ("auction.start", "a start price is a whole amount from 1")
    return None


def _do_auction_deed(g: GameOps, a: AuctionDeed, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    g.auctioned = True
    auction = open_auction(g, a.cell, a.seat, ev, start=a.start, lot=Lot.OWN_DEED, resume=PRE_ROLL,
                           seller_bids=False)
    if auction is not None:
        g.auction = auction
        g._step(LOT_AUCTIONED)


def own_lots(g: GameOps, seat: int) -> list[Action]:
    """The seat's deeds it may auction now, each at its price (any start from 1 is legal)."""
    if not g.rules.stepped_auction or g.phase is not PRE_ROLL or g.auctioned:
        return []
    out: list[Action] = []
    for c in g.rules.properties:
        if g.owner[c] == seat and can_auction_own(g, seat, c) is None:
            lot = _LOTS.get((seat, c))
            if lot is None:
                lot = _LOTS[(seat, c)] = AuctionDeed(seat, c, g.rules.cells[c].price)
            out.append(lot)
    return out


RULE_TEXT = {
    "auction.own_deed_rules": "these rules auction no deed of one's own",
    "auction.own_deed_once": "one deed of one's own is auctioned a turn",
    "deeds.own_property": "not your property",
    "deeds.no_buildings_in_group": "sell the group's buildings first",
}
CHECKS: dict[type, Any] = {AuctionDeed: _check_auction_deed}
HANDLERS: dict[type, Any] = {AuctionDeed: _do_auction_deed}

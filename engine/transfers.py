"""Transfers between the transport squares (shared/seeds/004 L99-103, VARIANTS B3.9).

A player whose turn begins on a transport square (not jailed, and not arrived there by a
transfer on their turn before) may move to any other transport square, forward or backward,
instead of rolling (`Transfer(to, direction)`; direction 1 forward, -1 backward). The fare is
the rules' fare times the transport squares entered that way, the destination included (L100:
from Таксі to Аеропорт, 5 forward or 1 backward). It goes to the destination's owner, to the
bank when it is unowned (then it may be bought as after any landing), and is nothing on one's
own (L100); a jailed owner collects nothing (it is rent, option `no_rent_in_jail`). The fare
replaces the rent. No Старт money and no interest on the way (L52, L99). The fare must be in
hand (PROPOSED: a transfer is chosen). The transfer is the turn's move: then the player
manages and ends the turn; the next turn rolls (L102), unless a double ticket lifts that
limit (L103, engine/fair_cards.py). A season ticket halves the fare.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import card_means
from . import reasons as R
from .actions import Action, Transfer
from .events import Moved, OfferedToBuy
from .phases import PRE_ROLL
from .state import BANK

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps


def entered(g: GameOps, cell: int, to: int, direction: int) -> int:
    """The transport squares entered moving from `cell` to `to` in `direction`, `to` included."""
    size = g.rules.size
    steps = (to - cell) * direction % size
    return sum(1 for s in g.rules.stations if 0 < (s - cell) * direction % size <= steps)


def fare(g: GameOps, seat: int, to: int, direction: int) -> int:
    """What the transfer costs `seat`: nothing on its own square or a jailed owner's, less
    with a season ticket."""
    owner = g.owner[to]
    if owner == seat or (owner != BANK and g.rules.no_rent_in_jail and g.jailed[owner]):
        return 0
    transfers = g.rules.transfers
    assert transfers is not None, "called under transfer rules"
    return card_means.season_ticket(g, seat, transfers.fare * entered(g, g.pos[seat], to, direction))


def may_transfer(g: GameOps, seat: int) -> bool:
    """Whether `seat`'s turn may begin with a transfer (its destination aside)."""
    return (g.rules.transfers is not None and g.phase is PRE_ROLL and not g.jailed[seat]
            and g.rules.cells[g.pos[seat]].kind == "station" and not g.transferred[seat])


def _check_transfer(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    if not may_transfer(g, seat):
        return ("transfer.from_transport", "a transfer begins a turn on a transport square, "
                "not the turn after a transfer")
    if (type(a.to) is not int or not 0 <= a.to < g.rules.size or g.rules.cells[a.to].kind != "station"
            or a.to == g.pos[seat]):
        return ("transfer.to_transport", "a transfer goes to another transport square")
    if a.direction not in (1, -1):
        return ("transfer.direction", "a transfer goes forward (1) or backward (-1)")
    if g.cash[seat] < fare(g, seat, a.to, a.direction):
        return ("transfer.fare_cash", "the fare must be in hand")
    return None


def _do_transfer(g: GameOps, a: Transfer, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    seat, to = a.seat, a.to
    here = g.pos[seat]
    size = g.rules.size
    cost = fare(g, seat, to, a.direction)
    g.pos[seat] = to
    g.transferred[seat] = True
    g.reroll = False
    if ev is not None:
        ev.append(Moved(seat, here, to, (to - here) * a.direction % size * a.direction, "transfer", False))
    g._came_to_rest(seat, to, ev)
    owner = g.owner[to]
    if cost:
        g._pay(seat, BANK if owner == BANK else owner, cost, R.Reason.FARE, ev, cell=to)
    if owner == BANK:
        g.pending_buy = to
        if ev is not None:
            ev.append(OfferedToBuy(seat, to, g.rules.cells[to].price))
    g._after_landing(chance, ev)


def moves(g: GameOps, seat: int) -> list[Action]:
    """Every transfer `seat` may make now, each destination both ways."""
    if not may_transfer(g, seat):
        return []
    cash = g.cash[seat]
    return [Transfer(seat, to, d) for to in g.rules.stations if to != g.pos[seat] for d in (1, -1)
            if fare(g, seat, to, d) <= cash]


CHECKS: dict[type, Any] = {Transfer: _check_transfer}
HANDLERS: dict[type, Any] = {Transfer: _do_transfer}

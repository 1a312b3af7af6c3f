"""The credit square (shared/seeds/004 L64-65): the player who stops on it throws the dice;
a total of the lucky number (7) leaves it an empty square, any other total costs half of the
cash, rounded up in the bank's favour (the deposit is untouched). The throw is chance like a
roll's but moves nothing and is no double. Holding a privilege (privileges.py), the player
may spend one before the throw instead (decision `credit`); without one the throw comes at
once. The move then goes on (after a double, the player rolls again).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import reasons as R
from .actions import Action, RollCredit, shared
from .events import CreditThrown
from .offers import OfferKind
from .privileges import offer, offered, privileged, spending
from .state import BANK, Debt

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps


def land(g: GameOps, seat: int, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    """The token stopped on the credit square: the offer to cancel it, or the throw now."""
    if privileged(g, seat):
        offer(g, seat, OfferKind.CREDIT, ev)
    else:
        throw(g, seat, chance, ev)


def throw(g: GameOps, seat: int, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    """Throw two dice; an unlucky total leaves a debt to the bank of the rules' share of cash."""
    credit = g.rules.credit
    assert credit is not None and chance is not None, "a credit square comes with its rules and a move's chance"
    sides = g.rules.dice_sides
    dice = (chance.roll(sides), chance.roll(sides))
    lucky = dice[0] + dice[1] == credit.lucky_total
    owed = 0 if lucky else credit.debt(g.cash[seat])
    if ev is not None:
        ev.append(CreditThrown(seat, dice, lucky, owed))
    if owed:
        g.debts.append(Debt(seat, BANK, owed, R.CREDIT))


def _do_roll_credit(g: GameOps, a: RollCredit, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    g.offers.pop(0)
    throw(g, a.seat, chance, ev)
    g._after_landing(chance, ev)


def _check_roll_credit(g: GameOps, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    if offered(g, seat) is not OfferKind.CREDIT:
        return ("credit.offered", "no credit square waits for its throw")
    return None


def candidates(g: GameOps, seat: int) -> list[Action]:
    return [shared(RollCredit, seat), *spending(seat)]


CHECKS: dict[type, Any] = {RollCredit: _check_roll_credit}
HANDLERS: dict[type, Any] = {RollCredit: _do_roll_credit}

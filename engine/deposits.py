"""The bank square's deposit (shared/seeds/004 L48, L67-70, VARIANTS B3.4).

- Every seat starts with the rules' deposit (200, L48), held by the bank apart from its cash.
- Each time the token passes or stops on the bank square moving forward, by dice or a card
  (never by a transfer, backwards or to jail), the bank adds the interest, 10% of the balance
  rounded down in its favour (L69: 100, 110, 121, 133).
- Stopping there by dice or a card: decision `deposit` — put in any amount from 1 to one's
  cash (`Deposit`; once per visit) or `Skip` (the clock's answer). Deposits are made only there.
- `WithdrawDeposit` takes the whole balance back as cash at any decision of one's own turn
  (before or after the roll, deciding to buy, answering a square's offer) and in a debt.
- The deposit is untouched by the credit square (L64), counts in what a debtor could raise
  and in the final wealth (L4), and in a bankruptcy is withdrawn first and goes with the cash.
A deposit is money paid to the bank (`paid`, reason "deposit"), a withdrawal money paid back
("withdrawal"); the interest is the bank's and appears as `interest` events.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import reasons as R
from .actions import Action, Deposit, Skip, WithdrawDeposit, shared
from .events import DepositMade, InterestPaid
from .offers import OfferKind
from .phases import BUY, DEBT, OFFER, POST_ROLL, PRE_ROLL
from .privileges import offer, offered
from .state import BANK

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps

# Withdrawals are made at any decision of one's own turn, and by a debtor.
WITHDRAW_PHASES = (PRE_ROLL, POST_ROLL, BUY, OFFER, DEBT)


def interest_on_the_way(g: GameOps, seat: int, old: int, steps: int, ev: list[Event] | None) -> None:
    """The interest for every bank square passed or stopped on by a forward move."""
    rules = g.rules
    deposit = rules.deposit
    assert deposit is not None, "called under deposit rules"
    size = rules.size
    for bank in rules.bank_cells:
        if 0 < (bank - old) % size <= steps or steps >= size:
            add_interest(g, seat, deposit.interest_percent, ev)


def add_interest(g: GameOps, seat: int, percent: int, ev: list[Event] | None) -> None:
    amount = g.deposit[seat] * percent // 100
    if amount:
        g.deposit[seat] += amount
        if ev is not None:
            ev.append(InterestPaid(seat, amount, g.deposit[seat]))


def land(g: GameOps, seat: int, ev: list[Event] | None) -> None:
    offer(g, seat, OfferKind.DEPOSIT, ev)


def withdraw(g: GameOps, seat: int, ev: list[Event] | None) -> None:
    """Take the whole balance back as cash (nothing when it is empty)."""
    amount = g.deposit[seat]
    if amount:
        g.deposit[seat] = 0
        g._pay(BANK, seat, amount, R.Reason.WITHDRAWAL, ev)


def _do_deposit(g: GameOps, a: Deposit, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    g.offers.pop(0)
    g._pay(a.seat, BANK, a.amount, R.Reason.DEPOSIT, ev)
    g.deposit[a.seat] += a.amount
    if ev is not None:
        ev.append(DepositMade(a.seat, a.amount, g.deposit[a.seat]))
    g._finish_move(ev)


def _do_withdraw(g: GameOps, a: WithdrawDeposit, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    withdraw(g, a.seat, ev)


def _check_deposit(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    if offered(g, seat) is not OfferKind.DEPOSIT:
        return ("deposit.offered", "deposits are made on the bank square")
    if type(a.amount) is not int or not 1 <= a.amount <= g.cash[seat]:
        return ("deposit.amount", "a deposit is a whole amount from 1 to your cash")
    return None


def _check_withdraw(g: GameOps, a: Action, seat: int) -> Why:
    if seat != g.main_seat() or g.phase not in WITHDRAW_PHASES:
        return ("turn.not_yours", "a deposit is withdrawn on your own turn or in a debt")
    if not g.deposit[seat]:
        return ("deposit.empty", "nothing on deposit")
    return None


def amount_range(g: GameOps, seat: int) -> tuple[int, int] | None:
    """The deposit `seat` may make now (1..cash), or None."""
    if offered(g, seat) is not OfferKind.DEPOSIT or g.cash[seat] < 1:
        return None
    return (1, g.cash[seat])


def candidates(g: GameOps, seat: int) -> list[Action]:
    return [shared(Skip, seat)]


CHECKS: dict[type, Any] = {Deposit: _check_deposit, WithdrawDeposit: _check_withdraw}
HANDLERS: dict[type, Any] = {Deposit: _do_deposit, WithdrawDeposit: _do_withdraw}

"""The `payment_due` decision: a payment that a card its debtor holds may cancel waits for
the debtor's answer instead of being paid at once.

A kept card of effect `cancel_rent` cancels one rent owed to a player; one of effect
`cancel_bank_payment` one of the bank's fines (a tax, the jail fee, a card's payment or
repairs: the payments the option `pot` collects; `state.Debt.cancelled_by`). When such a debt comes first in line and
its debtor holds such a card, the game waits (phase PAYMENT_DUE): the debtor uses the card
(engine/powers.py) or pays — `pay_debt`, the clock's safe action, which spends no card and
goes on exactly as the debt would have without the card (paid at once, raised, or a
bankruptcy).
"""
from __future__ import annotations

from .events import Event, PaymentDue
from .operations import GameOps
from .phases import PAYMENT_WAITS
from .state import BANK, Debt


def waits(g: GameOps, debt: Debt, ev: list[Event] | None) -> bool:
    """Stop at `debt` (first in line) when its debtor holds a card that may cancel it."""
    cards = g.rules.cards
    if not any(debt.cancelled_by(e) for c in g.cards_held[debt.debtor] for e in cards[c].effects):
        return False
    g._step(PAYMENT_WAITS)
    if ev is not None:
        ev.append(PaymentDue(debt.debtor, None if debt.creditor == BANK else debt.creditor, debt.amount,
                             debt.reason))
    return True

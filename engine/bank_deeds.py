"""Deeds sold to the bank, for rules without mortgages (shared/seeds/004 L122, L137): on one's
turn, at any moment, a deed whose colour group carries no building is sold to the bank for
`deed_sale_percent` of its price, rounded down (or its whole price with a good-sale card,
engine/fair_cards.py); it goes back to the bank unowned, for sale again. A debtor raises
money this way too, and so does the clock's settlement of a debt (the cheapest deed first).
The action and its listing are engine/deed_sales.py's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import holdings as H
from . import investments
from . import reasons as R
from .events import DeedSold
from .phases import BUY, DEBT, OFFER, POST_ROLL, PRE_ROLL
from .state import BANK

if TYPE_CHECKING:
    from .events import Event
    from .operations import GameOps
    from .state import GameState

# A deed may be sold at any moment of one's own turn and while raising money for a debt.
SALE_PHASES = (PRE_ROLL, POST_ROLL, BUY, DEBT, OFFER)


def can_sell_deed(s: GameState, seat: int, cell: int) -> str | None:
    """None when `seat` may sell the deed on `cell` to the bank now (turn and phase aside)."""
    if not s.rules.deed_sale_percent:
        return "deeds.no_sales"
    if not s.rules.cells[cell].is_property or s.owner[cell] != seat:
        return "deeds.own_property"
    if H.group_built(s, cell):
        return "deeds.no_buildings_in_group"
    return None


def sell(g: GameOps, seat: int, cell: int, ev: list[Event] | None, *, amount: int | None = None) -> None:
    """Sell the deed to the bank, for `amount` (its sale value unless a card says more)."""
    if amount is None:
        amount = g.rules.deed_sale_values[cell]
    if g.chips:
        investments.burn(g, (cell,), ev)
    g.owner[cell] = BANK
    g._pay(BANK, seat, amount, R.DEED_SALE, ev, cell=cell)
    if ev is not None:
        ev.append(DeedSold(seat, cell, amount))


def cheapest(s: GameState, seat: int) -> int | None:
    """Where the clock sells first: the lowest price, then the first cell."""
    best = None
    cells = s.rules.cells
    for c in s.rules.properties:
        if can_sell_deed(s, seat, c) is None and (best is None or cells[c].price < cells[best].price):
            best = c
    return best

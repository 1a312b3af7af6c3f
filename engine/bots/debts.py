"""Paying a debt short of cash: the raising move that costs least rent, one move at a time.

Shared by every level that thinks at all (and the tests' beginner): a debtor mortgages the
deeds that earn least for the cash they raise, sells houses only when lone deeds are spent,
and keeps a whole group's streets for last.
"""
from __future__ import annotations

from ..actions import Action, PayDebt, SellBuilding, SettleDebt, shared, shared_deed
from ..game import Game
from ..holdings import can_sell, group_built, owns_group, rent
from . import fair
from .valuation import board_model


def pay_debt(game: Game, seat: int) -> Action:
    """The debtor's next move: pay when the cash is there, else raise some, a deposit first
    (legal either way)."""
    amount = game.debts[0].amount
    if game.cash[seat] >= amount:
        return shared(PayDebt, seat)
    if game.deposit[seat]:
        return fair.withdraw(seat)   # a deposit first (seed 004): it costs no rent
    choice = raise_cash(game, seat, amount - game.cash[seat])
    return choice if choice is not None else shared(SettleDebt, seat)


def raise_cash(game: Game, seat: int, short: int) -> Action | None:
    """The raising move that loses least rent per cash raised; when one move covers the
    rest of the debt, the cheapest such move."""
    rules = game.rules
    model = board_model(rules)
    landing, street_rent, mean = model.landing, model.street_rent, int(model.mean_dice)
    owner, buildings, mortgaged = game.owner, game.buildings, game.mortgaged
    # The best move that covers the debt by (rent lost, cash raised, cell), and the best
    # of all by (rent lost per cash raised, cell); each as (key, cell, a sale?). A debtor
    # raises one move at a time, so the moves are weighed as they are found.
    covering: tuple[tuple[float, int, int], int, bool] | None = None
    cheapest: tuple[tuple[float, int], int, bool] | None = None
    # Asked of the debtor, whose turn it is to raise money: a sale or a mortgage is then
    # legal exactly when its deed's own rule allows it (legality._raise_money).
    for c in rules.properties:
        if owner[c] != seat:
            continue
        b = buildings[c]
        if b and can_sell(game, seat, c) is None:
            rents = street_rent[c]
            loss = landing[c] * (rents[b + 1] - rents[b])
            raised = rules.building_refund(c)
            sale = True
        elif not mortgaged[c] and not group_built(game, c):   # can_mortgage, owner aside
            loss = landing[c] * rent(game, c, mean)
            if rules.cells[c].kind == "street" and owns_group(game, seat, c):
                loss *= 2  # a mortgage here also stops the group being built
            raised = fair.liquidation(rules, c)   # a mortgage, or without mortgages a sale
            sale = False
        else:
            continue
        if raised >= short:
            key = (loss, raised, c)
            if covering is None or key < covering[0]:
                covering = (key, c, sale)
        elif covering is None:
            per = (loss / max(1, raised), c)
            if cheapest is None or per < cheapest[0]:
                cheapest = (per, c, sale)
    found = covering or cheapest
    if found is None:
        return None
    _, cell, sale = found
    return shared_deed(SellBuilding, seat, cell) if sale else fair.raise_by(game, seat, cell)

"""Invariants that must hold after every action of any game: used by the soak tests."""
from __future__ import annotations

from engine import BANK, Game


class MoneyLedger:
    """Follows every `paid` event; the state's cash must match it exactly after each action."""

    def __init__(self, game: Game) -> None:
        self.cash = list(game.cash)
        self.bank_out = 0
        self.bank_in = 0

    def follow(self, events: list[dict]) -> None:
        for e in events:
            if e["type"] != "paid":
                continue
            amount = e["amount"]
            assert amount > 0, e
            if e["from"] is None:
                self.bank_out += amount
            else:
                self.cash[e["from"]] -= amount
            if e["to"] is None:
                self.bank_in += amount
            else:
                self.cash[e["to"]] += amount


def check_invariants(game: Game, ledger: MoneyLedger) -> None:
    rules = game.rules
    assert game.cash == ledger.cash, (game.cash, ledger.cash)
    start_total = rules.start_cash * game.players
    assert sum(game.cash) == start_total + ledger.bank_out - ledger.bank_in
    in_debt = {d[0] for d in game.debts} if game.phase == "debt" else set()
    for seat in range(game.players):
        if game.alive[seat]:
            assert game.cash[seat] >= 0 or seat in in_debt, (seat, game.cash[seat])
            assert game.cash[seat] >= 0, "cash never goes below zero: debts wait instead"
        else:
            assert game.cash[seat] == 0
            assert not game.cards_held[seat]
    for cell in range(rules.size):
        info = rules.cells[cell]
        owner = game.owner[cell]
        if not info.is_property:
            assert owner == BANK and not game.mortgaged[cell] and game.buildings[cell] == 0
            continue
        if owner == BANK:
            assert not game.mortgaged[cell] and game.buildings[cell] == 0
            continue
        assert 0 <= owner < game.players and game.alive[owner], (cell, owner)
        b = game.buildings[cell]
        if b:
            assert info.kind == "street"
            group = rules.group_of[cell]
            assert all(game.owner[c] == owner for c in group), "buildings only on a full group"
            assert not any(game.mortgaged[c] for c in group), "no buildings beside a mortgage"
            counts = [game.buildings[c] for c in group]
            assert max(counts) - min(counts) <= 1, f"uneven buildings {counts}"
            assert b <= rules.max_buildings
    held = [c for h in game.cards_held for c in h]
    assert len(held) == len(set(held))
    assert not set(held) & set(game.deck), "a held card is also in the deck"
    assert game.deck == sorted(set(game.deck))
    if game.phase != "over":
        assert game.alive[game.active]
        assert sum(game.alive) >= 2
        assert game.pending(), "a running game always waits for somebody"
    else:
        assert game.outcome() is not None

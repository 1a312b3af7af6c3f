"""Invariants that must hold after every action of any game: used by the soak tests."""
from __future__ import annotations

from engine import BANK, Game


class MoneyLedger:
    """Follows every `paid` event; the state's cash must match it exactly after each action."""

    def __init__(self, game: Game) -> None:
        self.cash = list(game.cash)
        self.start_total = sum(game.cash)
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
    """Money conserved and never negative, each deed owned once by a player still in,
    buildings even on whole unmortgaged groups, cards either held once or in the deck,
    and a running game always waiting for a seat that is in."""
    rules = game.rules
    assert game.cash == ledger.cash, (game.cash, ledger.cash)
    assert sum(game.cash) == ledger.start_total + ledger.bank_out - ledger.bank_in
    for seat in range(game.players):
        assert game.cash[seat] >= 0, "cash never goes below zero: debts wait instead"
        if not game.alive[seat]:
            assert game.cash[seat] == 0
            assert not game.cards_held[seat]
            assert not game.jailed[seat]
    owner, mortgaged, buildings, alive = game.owner, game.mortgaged, game.buildings, game.alive
    for info in rules.cells:
        cell = info.index
        o = owner[cell]
        if o == BANK:
            assert not mortgaged[cell] and buildings[cell] == 0, cell
            continue
        assert info.is_property, cell
        assert 0 <= o < game.players and alive[o], (cell, o)
        b = buildings[cell]
        if b:
            assert info.kind == "street" and b <= rules.max_buildings
            group = rules.group_of[cell]
            assert all(owner[c] == o for c in group), "buildings only on a full group"
            assert not any(mortgaged[c] for c in group), "no buildings beside a mortgage"
            counts = [buildings[c] for c in group]
            assert max(counts) - min(counts) <= 1, f"uneven buildings {counts}"
    held = [c for h in game.cards_held for c in h]
    assert len(held) == len(set(held))
    assert not set(held) & set(game.deck), "a held card is also in the deck"
    assert game.deck == sorted(set(game.deck))
    if game.phase != "over":
        assert game.alive[game.active]
        assert sum(game.alive) >= 2
        pending = game.pending()
        assert pending, "a running game always waits for somebody"
        assert all(alive[d.seat] for d in pending)
        if game.phase == "debt":
            assert game.debts and game.debts[0][0] == game.pending()[-1].seat
        assert (game.phase == "auction") == (game.auction is not None)
        assert (game.phase == "trade") == (game.trade is not None)
        assert (game.phase in ("buy", "auction")) == (game.pending_buy is not None)
    else:
        assert game.outcome() is not None

"""Invariants that must hold after every action of any game: used by the soak tests."""
from __future__ import annotations

from zemlevlasnyk.engine import BANK, Event, Game, Phase, Ruleset, holdings
from zemlevlasnyk.engine.events import CardUsed, InterestPaid, Paid


class MoneyLedger:
    """Follows every `paid` event; the state's cash must match it exactly after each action.
    Under seed 004's rules it also follows the money the bank holds for the players (their
    deposits: paid in, paid back, and the interest) and the casino's jackpot (every bet in,
    the jackpot out when won), which must match the state's too. It also counts the builds that
    bent the even rule (a magic contract used, Казка), by colour group: each may leave that
    group one building more uneven."""

    def __init__(self, game: Game) -> None:
        self.rules = game.rules
        self.bent: dict[tuple[int, ...], int] = {}
        self.cash = list(game.cash)
        self.start_total = sum(game.cash)
        self.bank_out = 0
        self.bank_in = 0
        self.pot_on = game.rules.pot
        self.pot = 0
        self.deposit = list(game.deposit)
        self.jackpot = game.jackpot

    def follow(self, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, InterestPaid):
                self.deposit[e.seat] += e.amount
                assert self.deposit[e.seat] == e.balance, e
            if isinstance(e, CardUsed):
                self._note_bent(e)
            if not isinstance(e, Paid):
                continue
            amount = e.amount
            assert amount > 0, e
            if e.from_seat is None:
                self.bank_out += amount
            else:
                self.cash[e.from_seat] -= amount
            if e.to_seat is None:
                self.bank_in += amount
                if self.pot_on and (e.reason in ("tax", "jail_fee") or e.reason.startswith("card:")):
                    self.pot += amount
            else:
                self.cash[e.to_seat] += amount
            if e.reason == "pot":
                self.pot -= amount
            elif e.reason == "deposit":
                assert e.from_seat is not None
                self.deposit[e.from_seat] += amount
            elif e.reason == "withdrawal":
                assert e.to_seat is not None and self.deposit[e.to_seat] == amount, "the whole deposit"
                self.deposit[e.to_seat] = 0
            elif e.reason == "casino_bet":
                self.jackpot += amount
            elif e.reason == "jackpot":
                assert 0 < amount <= self.jackpot, "at most the jackpot"
                self.jackpot -= amount


    def _note_bent(self, e: CardUsed) -> None:
        rules = self.rules
        if rules.cards[rules.card_index[e.card]].effect == "build_uneven" and e.target_cell is not None:
            group = rules.group_of[e.target_cell]
            self.bent[group] = self.bent.get(group, 0) + 1


_NOT_DEEDS: dict[str, tuple[int, ...]] = {}
_KEPT: dict[str, tuple[int, ...]] = {}


def _kept_cards(rules: Ruleset) -> tuple[int, ...]:
    """The kept cards of a ruleset, by index (cached: checked after every action)."""
    if rules.digest not in _KEPT:
        _KEPT[rules.digest] = tuple(c.index for c in rules.cards if c.kept)
    return _KEPT[rules.digest]


def _not_deeds(rules: Ruleset) -> tuple[int, ...]:
    """Cells that are not properties, per ruleset (cached: checked after every action)."""
    if rules.digest not in _NOT_DEEDS:
        _NOT_DEEDS[rules.digest] = tuple(c.index for c in rules.cells if not c.is_property)
    return _NOT_DEEDS[rules.digest]


def check_invariants(game: Game, ledger: MoneyLedger) -> None:
    """Money conserved and never negative, each deed owned once by a player still in,
    buildings even on whole unmortgaged groups, cards either held once or in the deck,
    and a running game always waiting for a seat that is in."""
    rules = game.rules
    assert game.cash == ledger.cash, (game.cash, ledger.cash)
    assert game.deposit == ledger.deposit, (game.deposit, ledger.deposit)
    assert game.jackpot == ledger.jackpot >= 0, "the jackpot holds every bet since it was last won"
    assert sum(game.cash) == ledger.start_total + ledger.bank_out - ledger.bank_in
    for seat in range(game.players):
        assert game.cash[seat] >= 0, "cash never goes below zero: debts wait instead"
        if not game.alive[seat]:
            assert game.cash[seat] == 0
            assert not game.cards_held[seat]
            assert not game.jailed[seat]
    owner, mortgaged, buildings, alive = game.owner, game.mortgaged, game.buildings, game.alive
    assert all(owner[c] == BANK and not mortgaged[c] and not buildings[c]
               for c in _not_deeds(rules)), "only deeds are owned, mortgaged or built on"
    assert not any(buildings[c] for c in rules.stations + rules.utilities), "streets only"
    for c in rules.properties:
        o = owner[c]
        if o == BANK:
            assert not mortgaged[c] and buildings[c] == 0, c
            continue
        assert 0 <= o < game.players and alive[o], (c, o)
    for group in rules.group_cells.values():
        counts = [buildings[c] for c in group]
        if any(counts):
            o = owner[group[0]]
            assert all(owner[c] == o for c in group), "buildings only on a full group"
            assert not any(mortgaged[c] for c in group), "no buildings beside a mortgage"
            assert not rules.even_building or max(counts) - min(counts) <= 1 + ledger.bent.get(group, 0), \
                f"uneven buildings {counts}"
            assert max(counts) <= rules.max_buildings
    if rules.house_supply is not None:
        assert holdings.houses_left(game) >= 0 and holdings.hotels_left(game) >= 0, "more buildings than the bank had"
    assert game.pot == ledger.pot >= 0, "the pot holds what was paid into it, less what was taken"
    assert all(owner[c] != BANK and mortgaged[c] for c in game.fee_paid)
    assert all(owner[c] == BANK for c in game.auction_queue)
    if not rules.mortgage:
        assert not any(mortgaged), "no mortgages under rules without them"
    assert all(d >= 0 for d in game.donations) and all(alive[s] or not game.donations[s] for s in range(game.players))
    if game.offers:
        assert game.phase in (Phase.OFFER, Phase.BUY, Phase.AUCTION, Phase.DEBT), "an offer waits only within a move"
    held = [c for h in game.cards_held for c in h]
    assert len(held) == len(set(held))
    assert not set(held) & set(game.deck), "a held card is also in the deck"
    assert game.deck == sorted(set(game.deck))
    # A kept card is never lost or doubled: it is held by one seat, or back in its deck.
    kept = _kept_cards(rules)
    assert all((c in held) != (c in game.deck) for c in kept), "a kept card is neither held nor in its deck"
    _check_quick(game)
    if game.phase is not Phase.OVER:
        assert game.alive[game.active] or (game.phase is Phase.DEBT and game.debts[0].reason == "mortgage_fee")
        assert sum(game.alive) >= 2
        pending = game.pending()
        assert pending, "a running game always waits for somebody"
        assert all(alive[d.seat] for d in pending)
        if game.phase is Phase.DEBT:
            assert game.debts and game.debts[0].debtor == pending[-1].seat
        assert (game.phase is Phase.AUCTION) == (game.auction is not None)
        assert (game.phase is Phase.TRADE) == (game.trade is not None)
        buying = game.phase is Phase.BUY or (game.auction is not None and game.auction.resume is None)
        assert buying == (game.pending_buy is not None)
    else:
        assert game.outcome() is not None


def _check_quick(game: Game) -> None:
    """The quick game's parts (engine/speed_die.py, time_limit.py): nothing of them without
    their options; the speed die's choices wait for the player who rolled it, a landlord's
    move only while a move is being resolved."""
    rules = game.rules
    if not rules.speed_die:
        assert game.speed_face is None and not any(game.lapped) and not game.landlord_due
        assert game.phase not in (Phase.BUS, Phase.TRIPLE)
    if game.phase in (Phase.BUS, Phase.TRIPLE):
        assert game.dice is not None and game.lapped[game.active] and game.speed_face is not None
        assert [d.seat for d in game.pending()][-1] == game.active
    if game.landlord_due:
        assert game.speed_face == "landlord"
        assert game.phase not in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.BUS, Phase.TRIPLE, Phase.OVER)
    assert rules.time_limit_ms or not game.time_up
    assert rules.deal_deeds or not game.dealt

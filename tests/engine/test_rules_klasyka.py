"""docs/RULES.md, "Класика": the classic preset from shared/seeds/001 and 003 — its price and
rent table, stations and utilities, two decks with the classic cards (the nearest station at
twice the rent, the nearest utility at ten times a fresh throw), the income tax's choice,
32 houses and 12 hotels with the shortage rules, the 10% fee on mortgaged deeds received,
and a bankrupt's deeds auctioned by the bank."""
from __future__ import annotations

from collections.abc import Sequence

import pytest
from helpers.engine import act, assert_illegal, decisions, give, of_type, payments

from zemlevlasnyk.engine import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    EndTurn,
    Game,
    PassBid,
    PayJailFee,
    PayTax,
    PayTaxPercent,
    Phase,
    ProposeTrade,
    Redeem,
    Roll,
    Scripted,
    SellBuilding,
    holdings,
    load_rules,
    tax_choices,
)
from zemlevlasnyk.engine.state import Lot

RULES = load_rules("klasyka")

# shared/seeds/003's table: cell -> (price, rent with 0..4 houses and a hotel, house cost).
CLASSIC_TABLE = {
    39: (400, (50, 200, 600, 1400, 1700, 2000), 200), 37: (350, (35, 175, 500, 1100, 1300, 1500), 200),
    34: (320, (28, 150, 450, 1000, 1200, 1400), 200), 32: (300, (26, 130, 390, 900, 1100, 1275), 200),
    31: (300, (26, 130, 390, 900, 1100, 1275), 200), 29: (280, (24, 120, 360, 850, 1025, 1200), 150),
    27: (260, (22, 110, 330, 800, 975, 1150), 150), 26: (260, (22, 110, 330, 800, 975, 1150), 150),
    24: (240, (20, 100, 300, 750, 925, 1100), 150), 23: (220, (18, 90, 250, 700, 875, 1050), 150),
    21: (220, (18, 90, 250, 700, 875, 1050), 150), 19: (200, (16, 80, 220, 600, 800, 1000), 100),
    18: (180, (14, 70, 200, 550, 750, 950), 100), 16: (180, (14, 70, 200, 550, 750, 950), 100),
    14: (160, (12, 60, 180, 500, 700, 900), 100), 13: (140, (10, 50, 150, 450, 625, 750), 100),
    11: (140, (10, 50, 150, 450, 625, 750), 100), 9: (120, (8, 40, 100, 300, 450, 600), 50),
    8: (100, (6, 30, 90, 270, 400, 550), 50), 6: (100, (6, 30, 90, 270, 400, 550), 50),
    3: (60, (4, 20, 60, 180, 320, 450), 50), 1: (60, (2, 10, 30, 90, 160, 250), 50),
}
STATIONS = (5, 15, 25, 35)
UTILITIES = (12, 28)


def new_game(players: int = 2, rules: object = RULES) -> Game:
    return Game.new(rules, players, first=0)  # type: ignore[arg-type]


class Spy(Scripted):
    """Scripted chance that records the cards it was offered at each draw."""

    def __init__(self, dice: Sequence[tuple[int, int]] = (), cards: Sequence[str] = ()) -> None:
        super().__init__(dice=dice, cards=cards)
        self.offered: list[list[str]] = []

    def pick(self, options: Sequence[str]) -> int:
        self.offered.append(list(options))
        return super().pick(options)


# -- the board -----------------------------------------------------------------------------

def test_klasyka_prices_and_rents_follow_the_classic_table() -> None:
    streets = [c for c in RULES.cells if c.kind == "street"]
    assert len(streets) == 22 and len(RULES.groups) == 8
    for info in streets:
        assert (info.price, info.rents, info.house_cost) == CLASSIC_TABLE[info.index], info.index
    assert [RULES.cells[c].price for c in STATIONS + UTILITIES] == [200] * 4 + [150] * 2
    assert (RULES.start_cash, RULES.start_salary, RULES.jail_fee, RULES.jail_max_tries) == (1500, 200, 50, 3)
    assert RULES.station_rents == (25, 50, 100, 200) and RULES.utility_multipliers == (4, 10)
    assert (RULES.cells[4].amount, RULES.cells[4].percent, RULES.cells[38].amount) == (200, 10, 75)
    assert (RULES.house_supply, RULES.hotel_supply) == (32, 12)


def test_klasyka_rent_by_buildings() -> None:
    for built, rent in enumerate(CLASSIC_TABLE[39][1]):
        game = new_game()
        give(game, 1, 37, 39)
        game.buildings[37] = game.buildings[39] = built
        game.cash[0] = 5000
        game.pos[0] = 34
        events = act(game, Roll(0), dice=[(2, 3)])
        expected = rent * 2 if built == 0 else rent   # a whole group unbuilt: double
        assert payments(events) == [(0, 1, expected, "rent")], built


@pytest.mark.parametrize("owned", [1, 2, 3, 4])
def test_klasyka_station_rents_25_50_100_200(owned: int) -> None:
    game = new_game()
    give(game, 1, *STATIONS[:owned])
    events = act(game, Roll(0), dice=[(2, 3)])
    assert payments(events) == [(0, 1, (25, 50, 100, 200)[owned - 1], "rent")]


@pytest.mark.parametrize("owned, rent", [((12,), 4 * 4), ((12, 28), 10 * 4)])
def test_klasyka_utilities_4_or_10_times_the_dice(owned: tuple[int, ...], rent: int) -> None:
    game = new_game()
    give(game, 1, *owned)
    game.pos[0] = 8
    assert payments(act(game, Roll(0), dice=[(1, 3)])) == [(0, 1, rent, "rent")]


def test_klasyka_jail_fee_50() -> None:
    game = new_game()
    game.pos[0], game.jailed[0] = 10, True
    assert payments(act(game, PayJailFee(0))) == [(0, None, 50, "jail_fee")]


def test_klasyka_mortgage_breaks_double_rent() -> None:
    game = new_game()
    give(game, 1, 1, 3)
    game.mortgaged[3] = True
    game.pos[0] = 38
    events = act(game, Roll(0), dice=[(1, 2)])                 # onto Вишнева, past Старт
    assert payments(events) == [(None, 0, 200, "start_salary"), (0, 1, 2, "rent")]   # not doubled


# -- decks and cards -----------------------------------------------------------------------

def test_klasyka_two_decks_each_drawn_on_its_own_cells() -> None:
    game = new_game()
    game.pos[0] = 4
    chance = Spy(dice=[(1, 2)], cards=["chance_dividend"])
    game.apply(Roll(0), chance)                                 # onto Шанс (7)
    game.apply(EndTurn(0))
    game.pos[1] = 39
    chest = Spy(dice=[(1, 2)], cards=["chest_stock"])
    game.apply(Roll(1), chest)                                  # onto Скарбниця (2)
    assert len(chance.offered[0]) == 16 and all(c.startswith("chance_") for c in chance.offered[0])
    assert len(chest.offered[0]) == 16 and all(c.startswith("chest_") for c in chest.offered[0])


def test_klasyka_a_deck_is_reshuffled_on_its_own() -> None:
    game = new_game()
    game.deck = [c for c in RULES.deck_cards["chest"]]          # every Шанс card drawn
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(1, 2)], cards=["chance_dividend"])
    assert of_type(events, "deck_reshuffled") == [{"type": "deck_reshuffled", "cards": 16, "deck": "chance"}]
    assert set(RULES.deck_cards["chest"]) <= set(game.deck)


def test_klasyka_card_nearest_station_pays_twice_the_rent() -> None:
    game = new_game()
    give(game, 1, 15)
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(1, 2)], cards=["chance_station_1"])   # Шанс 7 -> 15
    assert game.pos[0] == 15 and payments(events) == [(0, 1, 2 * 25, "rent")]


def test_klasyka_card_nearest_station_unowned_is_offered() -> None:
    game = new_game()
    game.pos[0] = 4
    act(game, Roll(0), dice=[(1, 2)], cards=["chance_station_2"])
    assert game.phase is Phase.BUY and game.pending_buy == 15


def test_klasyka_card_nearest_utility_pays_ten_times_a_fresh_throw() -> None:
    game = new_game()
    give(game, 1, 12)
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(1, 2), (3, 4)], cards=["chance_utility"])   # Шанс 7 -> 12
    assert of_type(events, "rent_dice") == [{"type": "rent_dice", "seat": 0, "dice": [3, 4]}]
    assert payments(events) == [(0, 1, 10 * 7, "rent")]
    assert game.dice == [1, 2]   # the turn's own roll is unchanged


def test_klasyka_card_nearest_utility_mortgaged_needs_no_throw() -> None:
    game = new_game()
    give(game, 1, 12)
    game.mortgaged[12] = True
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(1, 2)], cards=["chance_utility"])
    assert payments(events) == [] and not of_type(events, "rent_dice")


# -- taxes ---------------------------------------------------------------------------------

def test_klasyka_income_tax_the_payer_chooses() -> None:
    game = new_game()
    act(game, Roll(0), dice=[(1, 3)])                            # onto Прибутковий податок
    assert game.phase is Phase.TAX and decisions(game) == [(0, "tax")]
    assert tax_choices(game, 0) == (200, 150)                    # 10% of 1 500 in cash
    assert game.safe_action(0) == PayTaxPercent(0)               # the clock pays the lesser
    assert {type(a) for a in game.legal(0).actions} >= {PayTax, PayTaxPercent}
    events = act(game, PayTax(0))
    assert payments(events) == [(0, None, 200, "tax")] and game.phase is Phase.POST_ROLL


def test_klasyka_income_tax_percent_counts_everything_owned() -> None:
    game = new_game()
    give(game, 0, 1, 3, 39)
    game.mortgaged[39] = True
    game.buildings[1] = game.buildings[3] = 2
    act(game, Roll(0), dice=[(1, 3)])
    worth = 1500 + 60 + 60 + 400 + 4 * 50                       # cash, deeds at price (mortgaged too), houses
    assert tax_choices(game, 0) == (200, worth // 10)
    events = act(game, PayTaxPercent(0))
    assert payments(events) == [(0, None, worth // 10, "tax")]


def test_klasyka_income_tax_by_the_back_three_card() -> None:
    game = new_game()
    game.pos[0] = 4
    act(game, Roll(0), dice=[(1, 2)], cards=["chance_back_three"])   # Шанс 7 -> 4
    assert game.pos[0] == 4 and game.phase is Phase.TAX


def test_klasyka_tax_choice_only_on_such_a_tax() -> None:
    assert_illegal(new_game(), PayTax(0), "tax.choice")
    game = new_game()
    act(game, Roll(0), dice=[(1, 3)])
    assert_illegal(game, PayTaxPercent(1), "turn.not_yours")


def test_klasyka_luxury_tax_75() -> None:
    game = new_game()
    game.pos[0] = 34
    assert payments(act(game, Roll(0), dice=[(1, 3)])) == [(0, None, 75, "tax")]


# -- buildings: 32 houses and 12 hotels ----------------------------------------------------

def _houses_in_use(game: Game, seat: int, counts: dict[int, int]) -> None:
    for c, n in counts.items():
        game.owner[c] = seat
        game.buildings[c] = n


# Light blue and pink at four houses, orange at 3/3/2: 32 houses.
ALL_HOUSES = {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4, 16: 3, 18: 3, 19: 2}


def test_klasyka_no_house_from_an_empty_bank() -> None:
    game = new_game(3)
    _houses_in_use(game, 2, ALL_HOUSES)
    give(game, 0, 1, 3)
    assert holdings.houses_left(game) == 0
    assert_illegal(game, Build(0, 1), "buildings.no_houses_left")


def test_klasyka_no_hotel_from_an_empty_bank() -> None:
    game = new_game(3)
    _houses_in_use(game, 2, {c: 5 for c in (6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24)})
    _houses_in_use(game, 0, {1: 4, 3: 4})
    assert holdings.hotels_left(game) == 0
    assert_illegal(game, Build(0, 1), "buildings.no_hotels_left")


def test_klasyka_a_hotel_gives_its_four_houses_back() -> None:
    game = new_game()
    _houses_in_use(game, 0, {1: 4, 3: 4})
    act(game, Build(0, 1))
    assert holdings.houses_left(game) == 32 - 4 and holdings.hotels_left(game) == 11


def test_klasyka_a_hotel_sells_back_only_with_four_houses_in_the_bank() -> None:
    game = new_game(3)
    _houses_in_use(game, 2, {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4, 16: 2, 18: 2, 19: 2})   # 30
    _houses_in_use(game, 0, {1: 5, 3: 5})
    assert holdings.houses_left(game) == 2
    assert_illegal(game, SellBuilding(0, 1), "buildings.no_houses_for_hotel")


def _last_house(players: int = 2) -> Game:
    """One house left in the bank; seat 0 (brown) and seat 1 (dark blue, orange) could build."""
    game = new_game(players)
    _houses_in_use(game, 0, {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4})   # 24, next would be hotels
    _houses_in_use(game, 1, {16: 3, 18: 2, 19: 2})                     # 7
    give(game, 0, 1, 3)
    give(game, 1, 37, 39)
    assert holdings.houses_left(game) == 1
    return game


def test_klasyka_the_last_houses_are_auctioned_when_several_want_them() -> None:
    game = _last_house()
    events = act(game, Build(0, 1))
    auc = game.auction
    assert game.phase is Phase.AUCTION and auc is not None and auc.lot is Lot.HOUSE
    assert auc.bidders == (0, 1) and auc.resume is Phase.PRE_ROLL and payments(events) == []
    assert game.legal(1).bid is None and game.legal(0).bid == (1, 1500 - 50)   # a bid comes on top of the price
    act(game, Bid(0, 10))
    assert game.legal(1).bid == (11, 1500 - 200)                    # Хрещатик's house costs 200
    act(game, Bid(1, 20))
    events = act(game, PassBid(0))
    # The winner's house goes to its street with the dearest house (Хрещатик).
    assert payments(events) == [(1, None, 20, "auction"), (1, None, 200, "building")]
    assert game.buildings[39] == 1 and game.buildings[1] == 0 and holdings.houses_left(game) == 0
    assert game.phase is Phase.PRE_ROLL and game.active == 0 and game.auction is None


def test_klasyka_the_last_house_goes_at_its_price_when_nobody_bids() -> None:
    game = _last_house()
    act(game, Build(0, 1))
    act(game, PassBid(0))
    events = act(game, PassBid(1))
    assert payments(events) == [(0, None, 50, "building")] and game.buildings[1] == 1
    assert game.phase is Phase.PRE_ROLL


def test_klasyka_the_last_house_without_rivals_is_simply_built() -> None:
    game = new_game()
    _houses_in_use(game, 0, {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4, 16: 3, 18: 2, 19: 2})   # 31
    give(game, 0, 1, 3)
    events = act(game, Build(0, 1))
    assert payments(events) == [(0, None, 50, "building")] and game.phase is Phase.PRE_ROLL
    assert holdings.houses_left(game) == 0


# -- mortgaged deeds received: the 10% fee ------------------------------------------------

def test_klasyka_mortgaged_deed_received_by_trade_costs_ten_percent() -> None:
    game = new_game()
    give(game, 1, 39)
    game.mortgaged[39] = True
    act(game, ProposeTrade(0, 1, (), (39,), 100))
    events = act(game, AcceptTrade(1))
    assert payments(events) == [(0, 1, 100, "trade"), (0, None, 20, "mortgage_fee")]
    assert game.fee_paid == [39]
    # Redeemed at once, the fee already paid stands for the interest: 200, not 220.
    assert payments(act(game, Redeem(0, 39))) == [(0, None, 200, "redeem")]


def test_klasyka_mortgaged_deed_fee_paid_redeem_later_costs_interest_again() -> None:
    game = new_game()
    give(game, 1, 39)
    game.mortgaged[39] = True
    act(game, ProposeTrade(0, 1, (), (39,), 100))
    act(game, AcceptTrade(1))
    game.pos[0] = 35
    act(game, Roll(0), dice=[(1, 2)])                           # onto Податок на розкіш
    act(game, EndTurn(0))
    assert game.fee_paid == []
    assert holdings.redeem_cost(game, 39) == 220


def test_klasyka_trade_needs_the_cash_for_the_fee() -> None:
    game = new_game()
    give(game, 1, 39)
    game.mortgaged[39] = True
    game.cash[0] = 100
    assert_illegal(game, ProposeTrade(0, 1, (), (39,), 100), "trade.mortgage_fee_cash")


def test_klasyka_mortgaged_deeds_received_in_bankruptcy_cost_the_fee() -> None:
    game = new_game(3)
    give(game, 1, 25)
    give(game, 0, 37)
    game.mortgaged[37] = True
    game.cash[0] = 10
    game.pos[0] = 20
    events = act(game, Roll(0), dice=[(2, 3)])                      # 25: rent 25, cannot raise it
    assert of_type(events, "bankrupt")[0]["creditor"] == 1
    assert (1, None, 17, "mortgage_fee") in payments(events)        # 10% of 175
    assert game.owner[37] == 1 and game.fee_paid == [37]


# -- a bankrupt's deeds are auctioned -------------------------------------------------------

def test_klasyka_bankrupt_to_bank_deeds_are_auctioned() -> None:
    game = new_game(3)
    give(game, 0, 1, 3)
    game.cash[0] = 0
    game.pos[0] = 34
    events = act(game, Roll(0), dice=[(1, 3)])                      # Податок на розкіш 75: cannot raise it
    assert of_type(events, "bankrupt")[0]["creditor"] is None
    assert of_type(events, "auction_started") == [{"type": "auction_started", "cell": 1, "bidders": [1, 2]}]
    auc = game.auction
    assert auc is not None and auc.resume is Phase.PRE_ROLL and game.active == 1 and game.auction_queue == [3]
    assert Game.from_json(game.to_json(), RULES).to_json() == game.to_json()
    act(game, Bid(1, 30))
    events = act(game, PassBid(2))
    assert payments(events) == [(1, None, 30, "auction")] and game.owner[1] == 1
    assert game.auction is not None and game.auction.cell == 3
    act(game, PassBid(1))
    act(game, PassBid(2))
    assert game.owner[3] == -1 and game.phase is Phase.PRE_ROLL and decisions(game) == [(1, "turn")]


def test_klasyka_buys_as_usual() -> None:
    game = new_game()
    act(game, Roll(0), dice=[(2, 4)])
    assert payments(act(game, Buy(0))) == [(0, None, 100, "purchase")]

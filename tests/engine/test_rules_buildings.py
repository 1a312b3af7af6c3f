"""RULES.md, "Buildings": the whole unmortgaged group, even building and selling, the hotel
as the fifth building, selling at half price, on the owner's turn only."""
from __future__ import annotations

import pytest
from helpers.engine import act, assert_illegal, give, new_game, of_type, payments

from zemlevlasnyk.engine import Build, Buy, Game, Mortgage, Phase, Roll, SellBuilding

BROWN = (1, 3)            # house 5 000
LIGHT_BLUE = (6, 8, 9)    # house 5 000
GREEN = (31, 32, 34)      # house 20 000


def brown_game() -> Game:
    game = new_game()
    give(game, 0, *BROWN)
    return game


def test_buildings_need_the_whole_group() -> None:
    game = new_game()
    give(game, 0, 1)
    give(game, 1, 3)
    assert_illegal(game, Build(0, 1), "buildings.whole_group")


def test_buildings_need_no_mortgage_in_the_group() -> None:
    game = brown_game()
    game.mortgaged[3] = True
    assert_illegal(game, Build(0, 1), "buildings.no_mortgage_in_group")


def test_buildings_on_streets_only_and_own() -> None:
    game = brown_game()
    give(game, 0, 5, 15, 25, 35)
    assert_illegal(game, Build(0, 5), "buildings.streets_only")
    give(game, 1, *LIGHT_BLUE)
    assert_illegal(game, Build(0, 6), "buildings.own_street")
    assert_illegal(game, Build(0, 99), "board.cell")


def test_buildings_cost_the_house_price() -> None:
    game = new_game()
    give(game, 0, *GREEN)
    events = act(game, Build(0, 32))
    assert payments(events) == [(0, None, 20_000, "building")]
    assert of_type(events, "built") == [{"type": "built", "seat": 0, "cell": 32, "buildings": 1}]


def test_buildings_build_evenly() -> None:
    game = new_game()
    give(game, 0, *LIGHT_BLUE)
    act(game, Build(0, 6))
    assert_illegal(game, Build(0, 6), "buildings.build_evenly")
    act(game, Build(0, 8))
    assert_illegal(game, Build(0, 8), "buildings.build_evenly")
    act(game, Build(0, 9))
    act(game, Build(0, 8))
    assert game.buildings == [0] * 6 + [1, 0, 2, 1] + [0] * 30


def test_buildings_hotel_is_the_fifth_costing_one_more_house() -> None:
    game = brown_game()
    for _ in range(4):
        act(game, Build(0, 1))
        act(game, Build(0, 3))
    assert game.buildings[1] == game.buildings[3] == 4
    cash = game.cash[0]
    events = act(game, Build(0, 3))
    assert game.buildings[3] == 5
    assert payments(events) == [(0, None, 5_000, "building")] and game.cash[0] == cash - 5_000
    act(game, Build(0, 1))
    assert_illegal(game, Build(0, 1), "buildings.hotel_is_last")


def test_buildings_need_the_cash() -> None:
    game = brown_game()
    game.cash[0] = 4_999
    assert_illegal(game, Build(0, 1), "buildings.cash")


def test_buildings_supply_is_unlimited() -> None:
    game = new_game()
    give(game, 0, *BROWN, *LIGHT_BLUE, 11, 13, 14, 16, 18, 19, 21, 23, 24)
    game.cash[0] = 10_000_000
    for c in (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24):
        game.buildings[c] = 4
    for c in (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 21, 23, 24):
        act(game, Build(0, c))
    assert all(game.buildings[c] == 5 for c in (1, 3, 6, 8, 9))


def test_buildings_sell_at_half_price() -> None:
    game = new_game()
    give(game, 0, *GREEN)
    for c in GREEN:
        act(game, Build(0, c))
    events = act(game, SellBuilding(0, 31))
    assert payments(events) == [(None, 0, 10_000, "building_sold")]
    assert of_type(events, "building_sold")[0]["buildings"] == 0


def test_buildings_sell_evenly_from_the_most_built() -> None:
    game = new_game()
    give(game, 0, *LIGHT_BLUE)
    game.buildings[6], game.buildings[8], game.buildings[9] = 2, 1, 2
    assert_illegal(game, SellBuilding(0, 8), "buildings.sell_evenly")
    act(game, SellBuilding(0, 9))
    assert_illegal(game, SellBuilding(0, 9), "buildings.sell_evenly")
    act(game, SellBuilding(0, 6))
    act(game, SellBuilding(0, 8))
    assert [game.buildings[c] for c in LIGHT_BLUE] == [1, 0, 1]


def test_buildings_sell_a_hotel_back_to_four_houses() -> None:
    game = brown_game()
    game.buildings[1] = game.buildings[3] = 5
    events = act(game, SellBuilding(0, 1))
    assert game.buildings[1] == 4
    assert payments(events) == [(None, 0, 2_500, "building_sold")]


def test_buildings_nothing_to_sell() -> None:
    game = brown_game()
    assert_illegal(game, SellBuilding(0, 1), "buildings.nothing_to_sell")
    assert_illegal(game, SellBuilding(1, 1), "turn.not_yours")


def test_buildings_before_and_after_the_roll() -> None:
    game = brown_game()
    act(game, Build(0, 1))
    act(game, Roll(0), dice=[(2, 3)])
    assert game.phase is Phase.BUY
    assert_illegal(game, Build(0, 3), "turn.manage")
    act(game, Buy(0))
    act(game, Build(0, 3))
    assert game.buildings[1] == game.buildings[3] == 1


def test_buildings_on_own_turn_only() -> None:
    game = new_game()
    give(game, 1, *BROWN)
    game.buildings[1] = game.buildings[3] = 1
    assert_illegal(game, Build(1, 1), "turn.not_yours")
    assert_illegal(game, SellBuilding(1, 1), "turn.not_yours")
    assert_illegal(game, Mortgage(1, 1), "turn.not_yours")


@pytest.mark.parametrize("phase", [Phase.PRE_ROLL, Phase.POST_ROLL])
def test_buildings_sold_on_own_turn(phase: Phase) -> None:
    game = brown_game()
    game.phase = phase
    game.buildings[1] = 1
    act(game, SellBuilding(0, 1))
    assert game.buildings[1] == 0

"""RULES.md, "Board" rents: street rent by buildings and the full group, stations by count
owned (mortgaged ones counted), utilities by the dice, mortgaged and own property earn
nothing, a jailed owner still collects."""
from __future__ import annotations

import pytest
from helpers.engine import act, give, new_game, payments

from zemlevlasnyk.engine import Game, Phase, Roll

MLYNSKA, KOZHUMYAKY = 1, 3          # brown: rent 400 / 500
STATIONS = (5, 15, 25, 35)
GAS, WINDMILL = 12, 28


def land(game: Game, cell: int, dice: tuple[int, int] = (1, 2),
         seat: int = 0) -> list[tuple[int | None, int | None, int, str]]:
    """Seat `seat` rolls `dice` from the cell that lands it on `cell`."""
    game.pos[seat] = (cell - sum(dice)) % 40
    return payments(act(game, Roll(seat), dice=[dice]))


@pytest.mark.parametrize("buildings, rent", [
    (1, 500 * 5), (2, 500 * 15), (3, 500 * 45), (4, 500 * 55), (5, 500 * 70)])
def test_rent_street_by_buildings(buildings: int, rent: int) -> None:
    game = new_game()
    give(game, 1, MLYNSKA, KOZHUMYAKY)
    game.buildings[KOZHUMYAKY] = buildings
    game.buildings[MLYNSKA] = max(buildings - 1, 0) if buildings < 5 else 5
    assert land(game, KOZHUMYAKY) == [(0, 1, rent, "rent")]


def test_rent_street_unbuilt_base() -> None:
    game = new_game()
    give(game, 1, KOZHUMYAKY)
    assert land(game, KOZHUMYAKY) == [(0, 1, 500, "rent")]


def test_rent_street_full_group_doubles() -> None:
    game = new_game()
    give(game, 1, MLYNSKA, KOZHUMYAKY)
    assert land(game, KOZHUMYAKY) == [(0, 1, 1_000, "rent")]


def test_rent_street_full_group_doubles_with_another_street_mortgaged() -> None:
    game = new_game()
    give(game, 1, MLYNSKA, KOZHUMYAKY)
    game.mortgaged[MLYNSKA] = True
    assert land(game, KOZHUMYAKY) == [(0, 1, 1_000, "rent")]


def test_rent_street_group_split_between_owners_is_base() -> None:
    game = new_game(3)
    give(game, 1, KOZHUMYAKY)
    give(game, 2, MLYNSKA)
    assert land(game, KOZHUMYAKY) == [(0, 1, 500, "rent")]


@pytest.mark.parametrize("owned, rent", [(1, 2_500), (2, 5_000), (3, 10_000), (4, 20_000)])
def test_rent_stations_by_number_owned(owned: int, rent: int) -> None:
    game = new_game()
    give(game, 1, *STATIONS[:owned])
    assert land(game, 5, dice=(2, 3)) == [(0, 1, rent, "rent")]


def test_rent_stations_count_mortgaged_ones_owned() -> None:
    game = new_game()
    give(game, 1, *STATIONS)
    game.mortgaged[15] = game.mortgaged[25] = True
    assert land(game, 5, dice=(2, 3)) == [(0, 1, 20_000, "rent")]


@pytest.mark.parametrize("dice", [(1, 2), (4, 5), (3, 4)])
def test_rent_utility_400_times_dice(dice: tuple[int, int]) -> None:
    game = new_game()
    give(game, 1, GAS)
    assert land(game, GAS, dice=dice) == [(0, 1, 400 * sum(dice), "rent")]


def test_rent_utility_both_owned_1000_times_dice() -> None:
    game = new_game()
    give(game, 1, GAS, WINDMILL)
    game.mortgaged[GAS] = True
    assert land(game, WINDMILL, dice=(2, 5)) == [(0, 1, 7_000, "rent")]


def test_rent_utility_uses_this_roll_not_an_earlier_one() -> None:
    game = new_game()
    give(game, 0, 6)
    give(game, 1, GAS)
    game.pos[0] = 0
    act(game, Roll(0), dice=[(3, 3)])           # to own Садова, roll again
    assert payments(act(game, Roll(0), dice=[(1, 5)])) == [(0, 1, 2_400, "rent")]


@pytest.mark.parametrize("cell", [KOZHUMYAKY, 5, GAS])
def test_rent_mortgaged_earns_nothing(cell: int) -> None:
    game = new_game()
    give(game, 1, cell)
    game.mortgaged[cell] = True
    assert land(game, cell, dice=(1, 4) if cell == 5 else (1, 2)) == []
    assert game.phase is Phase.POST_ROLL


@pytest.mark.parametrize("cell", [KOZHUMYAKY, 5, GAS])
def test_rent_own_property_nothing(cell: int) -> None:
    game = new_game()
    give(game, 0, cell)
    assert land(game, cell, dice=(1, 4) if cell == 5 else (1, 2)) == []


def test_rent_collected_by_a_jailed_owner() -> None:
    game = new_game()
    give(game, 1, *STATIONS)
    game.jailed[1] = True
    game.pos[1] = 10
    assert land(game, 5, dice=(2, 3)) == [(0, 1, 20_000, "rent")]

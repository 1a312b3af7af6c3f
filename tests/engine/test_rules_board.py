"""RULES.md, "Board": the preset's 40 cells match the rules table exactly, with the rent
multipliers, station and utility rents, start cash and salary, jail numbers and the deck."""
from __future__ import annotations

import pytest
from helpers.engine import RULES

# (name, kind, group, price, base rent, house cost, tax) as printed in RULES.md's table.
BOARD = [
    ("Старт", "start", "", 0, 0, 0, 0),
    ("Млинська", "street", "brown", 5_000, 400, 5_000, 0),
    ("Фортуна", "card", "", 0, 0, 0, 0),
    ("Кожум'яки", "street", "brown", 7_000, 500, 5_000, 0),
    ("Земельний податок", "tax", "", 0, 0, 0, 20_000),
    ("Північний вокзал", "station", "", 20_000, 0, 0, 0),
    ("Садова", "street", "light_blue", 9_000, 600, 5_000, 0),
    ("Фортуна", "card", "", 0, 0, 0, 0),
    ("Кринична", "street", "light_blue", 10_000, 700, 5_000, 0),
    ("Ліхтарна", "street", "light_blue", 11_000, 800, 5_000, 0),
    ("В'язниця", "jail", "", 0, 0, 0, 0),
    ("Гончарна", "street", "pink", 13_000, 900, 10_000, 0),
    ("Газовий завод", "utility", "", 15_000, 0, 0, 0),
    ("Ткацька", "street", "pink", 14_000, 1_000, 10_000, 0),
    ("Каплична", "street", "pink", 15_000, 1_100, 10_000, 0),
    ("Річковий пором", "station", "", 20_000, 0, 0, 0),
    ("Портова", "street", "orange", 17_000, 1_200, 10_000, 0),
    ("Фортуна", "card", "", 0, 0, 0, 0),
    ("Рибний ринок", "street", "orange", 18_000, 1_300, 10_000, 0),
    ("Канатна", "street", "orange", 19_000, 1_400, 10_000, 0),
    ("Міський майдан", "free", "", 0, 0, 0, 0),
    ("Театральна", "street", "red", 21_000, 1_500, 15_000, 0),
    ("Фортуна", "card", "", 0, 0, 0, 0),
    ("Годинникова площа", "street", "red", 22_000, 1_550, 15_000, 0),
    ("Куток поетів", "street", "red", 23_000, 1_600, 15_000, 0),
    ("Трамвайне депо", "station", "", 20_000, 0, 0, 0),
    ("Дзвонова", "street", "yellow", 25_000, 1_800, 15_000, 0),
    ("Друкарський двір", "street", "yellow", 26_000, 1_850, 15_000, 0),
    ("Вітряк", "utility", "", 15_000, 0, 0, 0),
    ("Цехова", "street", "yellow", 27_000, 1_900, 15_000, 0),
    ("До в'язниці", "go_to_jail", "", 0, 0, 0, 0),
    ("Паркова", "street", "green", 29_000, 2_100, 20_000, 0),
    ("Обсерваторна гора", "street", "green", 30_000, 2_150, 20_000, 0),
    ("Фортуна", "card", "", 0, 0, 0, 0),
    ("Оранжерейна", "street", "green", 31_000, 2_200, 20_000, 0),
    ("Аеродром", "station", "", 20_000, 0, 0, 0),
    ("Фортуна", "card", "", 0, 0, 0, 0),
    ("Півколо садів", "street", "dark_blue", 34_000, 2_400, 20_000, 0),
    ("Податок на вікна", "tax", "", 0, 0, 0, 10_000),
    ("Маякова коса", "street", "dark_blue", 38_000, 2_700, 20_000, 0),
]

# The rulebook's group names, in board order (its rent table).
GROUP_NAMES = {
    "brown": "Коричнева", "light_blue": "Блакитна", "pink": "Рожева", "orange": "Помаранчева",
    "red": "Червона", "yellow": "Жовта", "green": "Зелена", "dark_blue": "Синя",
}


def test_board_has_forty_cells() -> None:
    assert RULES.size == 40 == len(BOARD)


@pytest.mark.parametrize("index", range(40))
def test_board_cell_matches_rules_table(index: int) -> None:
    name, kind, group, price, rent, house, tax = BOARD[index]
    c = RULES.cells[index]
    assert (c.name["uk"], c.kind, c.group, c.price, c.rent, c.house_cost, c.amount) == (
        name, kind, group, price, rent, house, tax)


def test_board_counts_as_rulebook() -> None:
    kinds = [c.kind for c in RULES.cells]
    assert kinds.count("street") == 22
    assert kinds.count("station") == 4
    assert kinds.count("utility") == 2
    assert kinds.count("card") == 6
    assert kinds.count("tax") == 2
    assert len(RULES.groups) == 8
    assert all(2 <= len(RULES.group_cells[g]) <= 3 for g in RULES.groups)


def test_board_group_names() -> None:
    assert {g: RULES.groups[g]["name"]["uk"] for g in RULES.groups} == GROUP_NAMES


def test_board_rulebook_rent_table_follows_from_multipliers() -> None:
    """The rulebook's table: 1 house ×5, 4 houses ×55, hotel ×70 of the base rent."""
    assert RULES.street_rent_multipliers == (1, 5, 15, 45, 55, 70)
    assert RULES.full_group_multiplier == 2
    low = RULES.cells[1]   # Млинська: 2 000 / 22 000 / 28 000 in the rulebook
    assert [low.rent * m for m in (5, 55, 70)] == [2_000, 22_000, 28_000]
    top = RULES.cells[39]  # Маякова коса: 13 500 / 148 500 / 189 000
    assert [top.rent * RULES.street_rent_multipliers[i] for i in (1, 4, 5)] == [
        13_500, 148_500, 189_000]


def test_board_station_and_utility_rents() -> None:
    assert RULES.station_rents == (2_500, 5_000, 10_000, 20_000)
    assert RULES.utility_multipliers == (400, 1_000)


def test_board_money_and_jail_numbers() -> None:
    assert RULES.start_cash == 150_000
    assert RULES.start_salary == 20_000
    assert (RULES.min_players, RULES.max_players) == (2, 4)
    assert RULES.jail_cell == 10 and RULES.jail_fee == 5_000 and RULES.jail_max_tries == 3
    assert RULES.doubles_to_jail == 3
    assert RULES.dice_sides == 6
    assert RULES.max_buildings == 5  # four houses, then the hotel
    assert RULES.mortgage_percent == 50 and RULES.redeem_interest_percent == 10
    assert RULES.building_sale_percent == 50


def test_board_fortune_deck_has_thirteen_cards() -> None:
    cards = {c.id: (c.effect, c.params) for c in RULES.cards}
    assert cards == {
        "advance_to_start": ("advance_to", {"cell": 0}),
        "nearest_station": ("advance_to_nearest", {"kind": "station"}),
        "back_three": ("move_back", {"steps": 3}),
        "go_to_jail": ("go_to_jail", {}),
        "dividends": ("receive", {"amount": 5_000}),
        "tax_refund": ("receive", {"amount": 2_000}),
        "inheritance": ("receive", {"amount": 10_000}),
        "birthday": ("collect_from_each", {"amount": 1_000}),
        "fine": ("pay", {"amount": 1_500}),
        "school_fees": ("pay", {"amount": 5_000}),
        "repairs": ("repairs", {"per_house": 2_500, "per_hotel": 10_000}),
        "chairman": ("pay_each", {"amount": 2_500}),
        "release": ("release", {}),
    }

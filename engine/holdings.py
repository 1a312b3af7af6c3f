"""What a seat holds and what it is worth: groups, rent, building rules, money it could raise.

Pure queries over a `GameState`; nothing here changes the state.
"""
from __future__ import annotations

from .state import BANK, GameState


def owns_group(s: GameState, seat: int, cell: int) -> bool:
    owner = s.owner
    return all(owner[c] == seat for c in s.rules.group_of[cell])


def group_built(s: GameState, cell: int) -> bool:
    """Any building on any street of this cell's colour group."""
    b = s.buildings
    return any(b[c] for c in s.rules.group_of[cell]) if s.rules.cells[cell].kind == "street" else False


def rent(s: GameState, cell: int, dice_total: int) -> int:
    """The rent a visitor owes on `cell` now (0 when unowned or mortgaged)."""
    owner = s.owner[cell]
    if owner == BANK or s.mortgaged[cell]:
        return 0
    rules = s.rules
    info = rules.cells[cell]
    kind = info.kind
    if kind == "street":
        built = s.buildings[cell]
        if built:
            return info.rent * rules.street_rent_multipliers[built]
        if owns_group(s, owner, cell):
            return info.rent * rules.full_group_multiplier
        return info.rent
    same_owner = sum(1 for c in rules.group_of[cell] if s.owner[c] == owner)
    if kind == "station":
        return rules.station_rents[same_owner - 1]
    return rules.utility_multipliers[same_owner - 1] * dice_total


def can_build(s: GameState, seat: int, cell: int) -> str | None:
    """None when `seat` may build on `cell` now (turn and phase aside); else the rule broken."""
    rules = s.rules
    info = rules.cells[cell]
    if info.kind != "street":
        return "buildings.streets_only"
    if s.owner[cell] != seat:
        return "buildings.own_street"
    group = rules.group_of[cell]
    if not owns_group(s, seat, cell):
        return "buildings.whole_group"
    if any(s.mortgaged[c] for c in group):
        return "buildings.no_mortgage_in_group"
    here = s.buildings[cell]
    if here >= rules.max_buildings:
        return "buildings.hotel_is_last"
    if here != min(s.buildings[c] for c in group):
        return "buildings.build_evenly"
    if s.cash[seat] < info.house_cost:
        return "buildings.cash"
    return None


def can_sell(s: GameState, seat: int, cell: int) -> str | None:
    rules = s.rules
    if rules.cells[cell].kind != "street" or s.owner[cell] != seat:
        return "buildings.own_street"
    here = s.buildings[cell]
    if here == 0:
        return "buildings.nothing_to_sell"
    if here != max(s.buildings[c] for c in rules.group_of[cell]):
        return "buildings.sell_evenly"
    return None


def can_mortgage(s: GameState, seat: int, cell: int) -> str | None:
    if not s.rules.cells[cell].is_property or s.owner[cell] != seat:
        return "mortgage.own_property"
    if s.mortgaged[cell]:
        return "mortgage.already_mortgaged"
    if group_built(s, cell):
        return "mortgage.no_buildings_in_group"
    return None


def can_redeem(s: GameState, seat: int, cell: int) -> str | None:
    if not s.rules.cells[cell].is_property or s.owner[cell] != seat:
        return "mortgage.own_property"
    if not s.mortgaged[cell]:
        return "mortgage.not_mortgaged"
    if s.cash[seat] < s.rules.redeem_cost(cell):
        return "mortgage.redeem_cash"
    return None


def raisable(s: GameState, seat: int) -> int:
    """Cash plus all the seat could still raise by selling every building and mortgaging."""
    rules = s.rules
    total = s.cash[seat]
    owner = s.owner
    for c in rules.properties:
        if owner[c] == seat:
            if s.buildings[c]:
                total += s.buildings[c] * rules.building_refund(c)
            if not s.mortgaged[c]:
                total += rules.mortgage_value(c)
    return total


def net_worth(s: GameState, seat: int) -> int:
    """Cash plus deeds at price (mortgaged ones at price less the redemption cost) plus
    buildings at cost: a simple score for summaries and bots."""
    rules = s.rules
    total = s.cash[seat]
    for c in rules.properties:
        if s.owner[c] == seat:
            info = rules.cells[c]
            total += info.price - (rules.redeem_cost(c) if s.mortgaged[c] else 0)
            total += s.buildings[c] * info.house_cost
    return total


def houses_and_hotels(s: GameState, seat: int) -> tuple[int, int]:
    hotel = s.rules.max_buildings
    houses = hotels = 0
    for c in s.rules.properties:
        if s.owner[c] == seat and s.buildings[c]:
            if s.buildings[c] == hotel:
                hotels += 1
            else:
                houses += s.buildings[c]
    return houses, hotels


def most_built_street(s: GameState, seat: int) -> int | None:
    """Where the clock sells first: most buildings, then the dearest house, then the last cell."""
    best = None
    best_key = None
    rules = s.rules
    for c in rules.properties:
        if s.owner[c] == seat and s.buildings[c]:
            key = (s.buildings[c], rules.cells[c].house_cost, c)
            if best_key is None or key > best_key:
                best, best_key = c, key
    return best


def cheapest_mortgageable(s: GameState, seat: int) -> int | None:
    """Where the clock mortgages first: the lowest price, then the first cell."""
    best = None
    rules = s.rules
    for c in rules.properties:
        if can_mortgage(s, seat, c) is None and (best is None or rules.cells[c].price < rules.cells[best].price):
            best = c
    return best

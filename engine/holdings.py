"""What a seat holds and what it is worth: groups, rent, building rules, money it could raise.

Pure queries over a `GameState`; nothing here changes the state.
"""
from __future__ import annotations

from . import card_means
from .state import BANK, GameState

# The bank's stock of a building when the rules set no limit: more than any board can hold.
UNLIMITED = 1 << 30


# These two are asked for every deed at nearly every decision of a bot (and by the rules of
# trades and mortgages): a plain loop and a map, which cost about a third of `all`/`any` over
# a generator.

def owns_group(s: GameState, seat: int, cell: int) -> bool:
    owner = s.owner
    for c in s.rules.group_of[cell]:  # noqa: SIM110 (the loop is the fast form, see above)
        if owner[c] != seat:
            return False
    return True


def group_built(s: GameState, cell: int) -> bool:
    """Whether a street of this cell's colour group has a building."""
    if s.rules.cells[cell].kind != "street":
        return False
    return any(map(s.buildings.__getitem__, s.rules.group_of[cell]))


def rent(s: GameState, cell: int, dice_total: int, visitor: int = BANK) -> int:
    """The rent a visitor owes on `cell` now (0 when unowned or mortgaged, or, with the
    option `no_rent_in_jail`, while its owner is in jail). Utilities with tariffs (seed 004)
    charge by what the `visitor` holds."""
    owner = s.owner[cell]
    if owner == BANK or s.mortgaged[cell]:
        return 0
    rules = s.rules
    if rules.no_rent_in_jail and s.jailed[owner]:
        return 0
    info = rules.cells[cell]
    kind = info.kind
    if kind == "street":
        built = s.buildings[cell]
        if built:
            return info.rents[built]
        if owns_group(s, owner, cell) and not (
                rules.mortgage_breaks_double and any(s.mortgaged[c] for c in rules.group_of[cell])):
            return info.rent * rules.full_group_multiplier
        return info.rent
    same_owner = sum(1 for c in rules.group_of[cell] if s.owner[c] == owner)
    if kind == "station":
        return card_means.season_ticket(s, visitor, rules.station_rents[same_owner - 1])
    if kind != "utility":
        return 0            # seed 004's agencies take no rent
    if rules.utility_tariffs:
        return tariff_rent(s, rules.utility_tariffs[same_owner - 1], visitor)
    return rules.utility_multipliers[same_owner - 1] * dice_total


def tariff_rent(s: GameState, tariff: tuple[int, int, int], visitor: int) -> int:
    """A utility's rent by the visitor's holdings (seed 004 L105-107): so much per deed of any
    kind, per branch and per office it holds (an office counts as one office, no branch)."""
    if visitor == BANK:
        return 0
    per_deed, per_branch, per_office = tariff
    office = s.rules.max_buildings
    total = 0
    for c in s.rules.properties:
        if s.owner[c] == visitor:
            built = s.buildings[c]
            total += per_deed + (per_office if built == office else built * per_branch)
    return total


def can_build(s: GameState, seat: int, cell: int, *, cash: bool = True, supply: bool = True,
              even: bool = True) -> str | None:
    """None when `seat` may build on `cell` now (turn and phase aside); else the rule broken.
    `even` False: as if the even rule were off (Казка's magic contract bends it once)."""
    rules = s.rules
    info = rules.cells[cell]
    if info.kind != "street":
        return "buildings.streets_only"
    if s.owner[cell] != seat:
        return "buildings.own_street"
    group = rules.group_of[cell]
    if not owns_group(s, seat, cell):
        return "buildings.whole_group"
    # (map over the group, not a generator: legal() asks this of every whole-group street.)
    if any(map(s.mortgaged.__getitem__, group)):
        return "buildings.no_mortgage_in_group"
    here = s.buildings[cell]
    if here >= rules.max_buildings:
        return "buildings.hotel_is_last"
    if even and rules.even_building and here != min(map(s.buildings.__getitem__, group)):
        return "buildings.build_evenly"
    if supply and rules.house_supply is not None:
        if here + 1 == rules.max_buildings:
            if hotels_left(s) < 1:
                return "buildings.no_hotels_left"
        elif houses_left(s) < 1:
            return "buildings.no_houses_left"
    if cash and s.cash[seat] < info.house_cost:
        return "buildings.cash"
    return None


def houses_left(s: GameState) -> int:
    """Houses still with the bank (a very large number when the supply is unlimited)."""
    rules = s.rules
    if rules.house_supply is None:
        return UNLIMITED
    hotel = rules.max_buildings
    return rules.house_supply - sum(b for c, b in enumerate(s.buildings) if b and b < hotel)


def hotels_left(s: GameState) -> int:
    rules = s.rules
    if rules.hotel_supply is None:
        return UNLIMITED
    hotel = rules.max_buildings
    return rules.hotel_supply - sum(1 for b in s.buildings if b == hotel)


def can_sell(s: GameState, seat: int, cell: int) -> str | None:
    rules = s.rules
    if rules.cells[cell].kind != "street" or s.owner[cell] != seat:
        return "buildings.own_street"
    here = s.buildings[cell]
    if here == 0:
        return "buildings.nothing_to_sell"
    if rules.even_building and here != max(map(s.buildings.__getitem__, rules.group_of[cell])):
        return "buildings.sell_evenly"
    if here == rules.max_buildings and houses_left(s) < rules.max_buildings - 1:
        return "buildings.no_houses_for_hotel"
    return None


def can_mortgage(s: GameState, seat: int, cell: int) -> str | None:
    if not s.rules.mortgage:
        return "mortgage.none"
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
    if s.cash[seat] < redeem_cost(s, cell):
        return "mortgage.redeem_cash"
    return None


def redeem_cost(s: GameState, cell: int) -> int:
    """What redeeming `cell` costs now: the mortgage and its interest, or the mortgage alone
    for a deed just received whose transfer fee was paid (option `mortgage_fee`)."""
    rules = s.rules
    return rules.mortgage_value(cell) if cell in s.fee_paid else rules.redeem_cost(cell)


def transfer_fee(s: GameState, cell: int) -> int:
    """The fee for receiving `cell` mortgaged (option `mortgage_fee`): the redemption interest."""
    rules = s.rules
    return rules.redeem_cost(cell) - rules.mortgage_value(cell) if rules.mortgage_fee else 0


def worth(s: GameState, seat: int) -> int:
    """Everything `seat` owns at printed prices, for a tax paid as a share of it: cash,
    deeds at their price (mortgaged ones too) and buildings at what they cost."""
    rules = s.rules
    total = s.cash[seat]
    for c in rules.properties:
        if s.owner[c] == seat:
            total += rules.cells[c].price + s.buildings[c] * rules.cells[c].house_cost
    return total


def lot_street(s: GameState, seat: int, hotel: bool) -> int | None:
    """Where `seat` would put one of the bank's last houses (or hotels) it wins at auction:
    its street where that building may go now, cash aside, the dearest house first, then the
    last cell. None when it has no such street."""
    rules = s.rules
    best: int | None = None
    for c in rules.properties:
        if s.owner[c] != seat or rules.cells[c].kind != "street":
            continue
        why = can_build(s, seat, c, cash=False, supply=False)
        if why is None and (s.buildings[c] + 1 == rules.max_buildings) == hotel and (
                best is None or (rules.cells[c].house_cost, c) > (rules.cells[best].house_cost, best)):
            best = c
    return best


def raisable(s: GameState, seat: int) -> int:
    """Cash plus all the seat could still raise: its deposit, and what selling every building
    and mortgaging (or, without mortgages, selling every deed to the bank) would bring, and
    what its kept cards of «Ярмарок» would add (a certificate, a full-price sale)."""
    rules = s.rules
    total = s.cash[seat] + s.deposit[seat]
    if rules.powers and s.cards_held[seat]:
        total += card_means.extra_means(s, seat)
    owner = s.owner
    sales = rules.deed_sale_values
    for c in rules.properties:
        if owner[c] == seat:
            if s.buildings[c]:
                total += s.buildings[c] * card_means.building_refund(s, seat, c)
            if not s.mortgaged[c]:
                total += rules.mortgage_value(c) + sales[c]
    return total


def net_worth(s: GameState, seat: int) -> int:
    """Cash plus deeds at price (mortgaged ones at price less the redemption cost) plus
    buildings at cost, plus the deposit and the donations held (seed 004 L4): a simple score for summaries
    and bots, and the winner's at the turn cap."""
    rules = s.rules
    total = s.cash[seat] + s.deposit[seat] + s.donations[seat] * rules.donation
    for c in rules.properties:
        if s.owner[c] == seat:
            info = rules.cells[c]
            total += info.price - (redeem_cost(s, c) if s.mortgaged[c] else 0)
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
        if s.owner[c] == seat and s.buildings[c] and can_sell(s, seat, c) is None:
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

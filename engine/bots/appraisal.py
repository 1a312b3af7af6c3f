"""What a seat's position is worth to a bot, in money: the basis of bids, buys and trades.

Two appraisers share one interface, `strength(game, seat, owner, cash) -> float`, where
`owner` and `cash` may be hypothetical (a trade or purchase being weighed) while the rest of
the state is read from `game`:

- `PriceAppraiser` (easy, medium): deeds at face price, a complete colour group worth its
  price times a bonus, sets of stations and utilities a little more. Cheap, explainable.
- `IncomeAppraiser` (hard): deeds by the rent they will earn, from the board's long-run
  landing frequencies; a complete group by the rent of the buildings its owner can afford
  (cash plus what lone deeds would raise by mortgage), built greedily where each house
  earns most. Cash that would pay for houses is therefore worth more than its face.
"""
from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Protocol

from ..game import Game
from ..rules import Ruleset
from .valuation import BoardModel, board_model, service_income


class Appraiser(Protocol):
    def strength(self, game: Game, seat: int, owner: Sequence[int], cash: Sequence[int]) -> float:
        """What `seat`'s position is worth in money, were deeds and cash as given."""


class PriceAppraiser:
    """Face prices plus a bonus for complete sets."""

    def __init__(self, rules: Ruleset, *, group_bonus: float, partial_bonus: float,
                 set_bonus: float) -> None:
        self.rules = rules
        self.group_bonus = group_bonus
        self.partial_bonus = partial_bonus
        self.set_bonus = set_bonus
        self.street_groups = [cells for cells in rules.group_cells.values()]
        # Seed 004's agencies are sets of one: a deed at its face price.
        self.other_sets = [s for s in (rules.stations, rules.utilities, *rules.agency_cells.values()) if s]
        cells = rules.cells
        # `strength` runs for every deal a bot weighs: its loop invariants, computed once.
        # Per group, colour groups first, then the sets of stations and utilities: its deeds,
        # the factor on the face price of the deeds one seat holds there by how many it
        # holds (index: that count), and whether a complete holding counts its buildings
        # (colour groups); and per cell its price and house cost.
        factors = [
            (0.0, *(1 + partial_bonus * (k - 1) for k in range(1, len(group))), 1 + group_bonus)
            for group in self.street_groups] + [
            (0.0, *(1 + set_bonus * (k - 1) for k in range(1, len(group) + 1)))
            for group in self.other_sets]
        streets = len(self.street_groups)
        self._plan = [(group, factors[g], g < streets)
                      for g, group in enumerate([*self.street_groups, *self.other_sets])]
        self._price = [cell.price for cell in cells]
        self._house_cost = [cell.house_cost for cell in cells]
        # Per cell: its redeem cost, and the cost once its fee is paid (0 where no deed is:
        # never mortgaged); `strength` picks the mortgaged ones with itertools.compress, in C.
        deeds = set(rules.properties)
        self._redeem = [(c, rules.redeem_cost(c), rules.mortgage_value(c)) if c in deeds else (c, 0, 0)
                        for c in range(rules.size)]

    def strength(self, game: Game, seat: int, owner: Sequence[int],
                 cash: Sequence[int]) -> float:
        # The same sum in the same order as always (floats): cash, then each group held
        # (its deeds' face price times the factor for how many are held, and a complete
        # colour group's buildings at cost), then each mortgage's cost to redeem.
        total = float(cash[seat])
        price = self._price
        for group, factor, streets in self._plan:
            # (Plain loops over cells, no generators: a search runs this a few times a turn.)
            count = face = 0
            for c in group:
                if owner[c] == seat:
                    count += 1
                    face += price[c]
            if count:
                total += face * factor[count]
                if streets and count == len(group):
                    buildings, house_cost = game.buildings, self._house_cost
                    built = 0
                    for c in group:
                        built += buildings[c] * house_cost[c]
                    total += built
        fee_paid = game.fee_paid
        for c, cost, fee_paid_cost in compress(self._redeem, game.mortgaged):
            if owner[c] == seat:
                # As holdings.redeem_cost: without interest for a deed whose fee was paid.
                total -= fee_paid_cost if c in fee_paid else cost
        return total


class IncomeAppraiser:
    """Rent the position will earn over a horizon, from landing frequencies and a build plan."""

    def __init__(self, rules: Ruleset, *, horizon: float, reserve: int,
                 option_weight: float, future_laps: float) -> None:
        self.rules = rules
        self.model: BoardModel = board_model(rules)
        self.horizon = horizon
        self.reserve = reserve
        self.option_weight = option_weight
        # Houses are also paid from money still to come (the start salary at least): a
        # player short of cash today still builds on a group within a few laps.
        self.future_cash = rules.start_salary * future_laps
        self.street_groups = [cells for cells in rules.group_cells.values()]
        # Per cell, the figures `strength` reads for every deal a bot weighs (0 where a
        # figure does not apply): computed once.
        cells, model, size = rules.cells, self.model, rules.size
        props = set(rules.properties)
        # What a deed raises at once: its mortgage, or without mortgages its sale to the bank.
        self._mortgage_value = [rules.mortgage_value(c) + rules.deed_sale_values[c] if c in props else 0
                                for c in range(size)]
        self._redeem_cost = [rules.redeem_cost(c) if c in props else 0 for c in range(size)]
        self._refund = [rules.building_refund(c) if c in props else 0 for c in range(size)]
        self._planner = build_planner(rules)
        self._lone_income = [model.landing[c] * model.street_rent[c][0] if model.street_rent[c] else 0.0
                             for c in range(size)]
        self._whole_option = [cells[c].price * option_weight for c in range(size)]
        self._price = [cells[c].price for c in range(size)]
        # Seed 004's agencies earn no rent but their service's fees: each a set of one.
        self._agencies = [((c,), (service_income(rules, c),)) for cells_ in rules.agency_cells.values()
                          for c in cells_]

    def strength(self, game: Game, seat: int, owner: Sequence[int],
                 cash: Sequence[int]) -> float:
        rules = self.rules
        model = self.model
        landing = model.landing
        mortgaged = game.mortgaged
        buildings = game.buildings
        mortgage_value = self._mortgage_value
        redeem_cost = self._redeem_cost
        lone_income = self._lone_income
        price = self._price
        option_weight = self.option_weight
        alive = game.alive
        # The other seats still in the game (booleans count as 0 and 1).
        opponents = (sum(alive) - alive[seat]) or 1
        total = float(cash[seat])
        income = 0.0
        spare = 0.0          # what lone deeds would raise if mortgaged to pay for houses
        monopolies = []
        for group in self.street_groups:
            mine = []
            free = 0
            for c in group:
                holder = owner[c]
                if holder == seat:
                    mine.append(c)
                elif holder < 0:
                    free += 1
            if not mine:
                continue
            if len(mine) == len(group):
                monopolies.append(group)
                continue
            # A part of a group: its rent now, and the chance to complete it by trade.
            option = option_weight * (len(mine) + 0.5 * free) / len(group)
            for c in mine:
                value = mortgage_value[c]
                if mortgaged[c]:
                    total += value - redeem_cost[c]
                else:
                    total += value
                    spare += value
                    income += lone_income[c]
                total += price[c] * option
        for group, table in ((rules.stations, model.station_rent),
                             (rules.utilities, model.utility_rent), *self._agencies):
            mine = [c for c in group if owner[c] == seat]
            for c in mine:
                value = mortgage_value[c]
                if mortgaged[c]:
                    total += value - redeem_cost[c]
                else:
                    total += value
                    spare += value * 0.5
                    income += landing[c] * table[len(mine) - 1]
        budget = max(0.0, cash[seat] - self.reserve) + spare + self.future_cash
        tiers: dict[int, int] = {}
        plans = []
        refund = self._refund
        whole_option = self._whole_option
        for group in monopolies:
            redeem = sum(redeem_cost[c] for c in group if mortgaged[c])
            for c in group:
                # The same development option as a part of a group, at its fullest, so
                # completing a group never looks like a loss to a player short of cash.
                total += mortgage_value[c] + buildings[c] * refund[c]
                total += whole_option[c]
                tiers[c] = buildings[c] + 1
            total -= redeem
            if redeem:
                if redeem > budget:
                    for c in group:
                        if mortgaged[c]:
                            tiers[c] = 0
                    continue
                budget -= redeem
            plans.append(group)
        spent = self._plan(plans, tiers, budget)
        street_rent = model.street_rent
        for c, tier in tiers.items():
            if tier:
                income += landing[c] * street_rent[c][tier]
        total += income * opponents * self.horizon - spent * 0.5
        return total

    def _plan(self, groups: list[tuple[int, ...]], tiers: dict[int, int], budget: float) -> float:
        """Add houses where they earn most per cost until the budget runs out; return spent."""
        return plan_buildings(self._planner, groups, tiers, budget)


class BuildPlanner:
    """`plan_buildings` for one ruleset. Which steps a group can take next depends only on
    its streets' tiers (the board model's figures are frozen), and a bot prices the same
    groups at the same tiers thousands of times a game (every deal it weighs), so each
    group's candidate steps from each set of tiers are worked out once and kept."""

    __slots__ = ("model", "house_cost", "top", "_steps")

    def __init__(self, rules: Ruleset) -> None:
        self.model = board_model(rules)
        self.house_cost = tuple(cell.house_cost for cell in rules.cells)
        self.top = rules.max_buildings + 1
        # (group, its streets' tiers) -> the steps it may take, largest first: (target tier,
        # cost, gain per cost); none once every street is at the top.
        self._steps: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[tuple[int, float, float], ...]] = {}

    def steps(self, group: tuple[int, ...], tiers: tuple[int, ...]) -> tuple[tuple[int, float, float], ...]:
        found = self._steps.get((group, tiers))
        if found is None:
            found = self._steps[(group, tiers)] = self._find_steps(group, tiers)
        return found

    def _find_steps(self, group: tuple[int, ...], tiers: tuple[int, ...]) -> tuple[tuple[int, float, float], ...]:
        landing = self.model.landing
        street_rent = self.model.street_rent
        house_cost = self.house_cost
        top = self.top
        low = min(tiers)
        if low >= top:
            return ()
        out = []
        # Price a step up to the third house at once: the first houses earn little alone but
        # open the way to the dear ones. Short of money, a smaller step.
        for target in range(max(low + 1, min(4, top)), low, -1):
            cost = 0.0
            gain = 0.0
            for c, tier in zip(group, tiers, strict=True):
                if tier < target:
                    cost += (target - tier) * house_cost[c]
                    gain += landing[c] * (street_rent[c][target] - street_rent[c][tier])
            if cost > 0:
                out.append((target, cost, gain / cost))
        return tuple(out)


_PLANNERS: dict[str, BuildPlanner] = {}


def build_planner(rules: Ruleset) -> BuildPlanner:
    planner = _PLANNERS.get(rules.digest)
    if planner is None:
        planner = _PLANNERS[rules.digest] = BuildPlanner(rules)
    return planner


def plan_buildings(planner: BuildPlanner, groups: list[tuple[int, ...]], tiers: dict[int, int],
                   budget: float) -> float:
    """Raise `tiers` (per street: buildings + 1) on `groups` where a step earns most per cost,
    until `budget` runs out; return what was spent."""
    if not groups:
        return 0.0
    steps = planner.steps
    spent = 0.0
    while True:
        best = None
        best_ratio = 0.0
        room = budget - spent
        for group in groups:
            # The largest step the money left pays for.
            for target, cost, ratio in steps(group, tuple([tiers[c] for c in group])):
                if cost <= room:
                    if ratio > best_ratio:
                        best, best_ratio = (group, target, cost), ratio
                    break
        if best is None:
            return spent
        group, target, cost = best
        for c in group:
            if tiers[c] < target:
                tiers[c] = target
        spent += cost

"""What a colour group earns its owner: the yardstick of the rule that no bot gives a player
the last deed of a group for less.

A group's earnings are the rent it brings over `EARN_ROUNDS` rounds of the other players'
turns (the board's landing frequencies), at the buildings its owner can afford: the owner's
cash plus one lap of salary, after redeeming any mortgage in the group, placed where each
step earns most (`appraisal.plan_buildings`). So a group is worth more to a player with the
money to build on it, as it is at a real table.
"""
from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from .appraisal import build_planner, plan_buildings
from .valuation import board_model

# Rounds of rent a group is priced at when it is sold: about a fifth of a game between four
# players (a median of 150-260 turns), the stretch over which a player can still see a deal
# pay back; far beyond its printed price for a group its new owner can build on at once.
EARN_ROUNDS = 8.0
# Laps of salary counted towards the new owner's houses: the next lap's money goes on
# houses too, but a player is not counted as building from money several laps away.
EARN_LAPS = 1.0

def group_earnings(game: Game, seat: int, groups: Sequence[tuple[int, ...]], cash: Sequence[int]) -> float:
    """The rent `groups` (colour groups `seat` would hold whole) bring `seat` over
    `EARN_ROUNDS` rounds, built up as far as `cash[seat]` and a lap's salary allow."""
    if not groups:
        return 0.0
    rules = game.rules
    model = board_model(rules)
    mortgaged, buildings = game.mortgaged, game.buildings
    budget = max(0, cash[seat]) + rules.start_salary * EARN_LAPS
    tiers: dict[int, int] = {}
    plans = []
    for group in groups:
        redeem = sum(rules.redeem_cost(c) for c in group if mortgaged[c])
        if redeem > budget:
            continue    # it cannot even be freed to earn: its mortgaged streets earn nothing
        budget -= redeem
        for c in group:
            tiers[c] = buildings[c] + 1
        plans.append(group)
    plan_buildings(build_planner(rules), plans, tiers, budget)
    income = sum(model.landing[c] * model.street_rent[c][tier] for c, tier in tiers.items())
    alive = game.alive
    opponents = (sum(alive) - (1 if alive[seat] else 0)) or 1
    return income * opponents * EARN_ROUNDS


class Earnings:
    """`group_earnings` in one game as it stands (its buildings, mortgages and players still
    in), each figure computed once: a trade search asks it for every deal it weighs, most of
    them with the same groups for the same seat at the same cash."""

    __slots__ = ("game", "_known")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._known: dict[tuple[int, tuple[tuple[int, ...], ...], int], float] = {}

    def __call__(self, seat: int, groups: Sequence[tuple[int, ...]], cash: Sequence[int]) -> float:
        # The seat's own cash is all of `cash` that group_earnings reads.
        key = (seat, tuple(groups), cash[seat])
        found = self._known.get(key)
        if found is None:
            found = self._known[key] = group_earnings(self.game, seat, groups, cash)
        return found

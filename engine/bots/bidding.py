"""How far a bot goes in an auction for a deed: what the deed is worth to it, within two rules.

- Above the printed price only for a deed that completes a group of its own or blocks
  another player's (the last deed of a group one opponent holds the rest of): any other
  deed is worth at most its price to a bot, as to a sensible person.
- Never more than it can pay and still develop: its usual reserve stays, and so does the
  money for a round of houses on every colour group it would then hold whole and has not
  yet built to three houses.
"""
from __future__ import annotations

from enum import Enum

from ..game import Game
from ..state import BANK

# The most a bot bids for a deed that completes or blocks a group, as a multiple of its
# printed price: beyond it a bid pays back only over many rounds, and a person at the table
# reads it as a mistake (issue 25 saw 4.06x between medium players).
MAX_OVER_PRICE = 2.0
# Houses a group is built to before a player stops keeping money back for it: the third
# house is where a group's rent jumps (the rent tables of every preset).
DEVELOPED_HOUSES = 3


class Stake(Enum):
    """What a deed does to its colour group (or set of stations or utilities) if won."""
    NONE = "none"
    COMPLETES = "completes"   # the bidder holds every other deed of the group
    BLOCKS = "blocks"         # one opponent holds every other deed of it


def stake(game: Game, seat: int, cell: int) -> Stake:
    owner = game.owner
    holders = {owner[c] for c in game.rules.group_of[cell] if c != cell}
    if len(holders) != 1:
        return Stake.NONE
    holder = holders.pop()
    if holder == seat:
        return Stake.COMPLETES
    if holder != BANK and game.alive[holder]:
        return Stake.BLOCKS
    return Stake.NONE


def develop_keep(game: Game, seat: int, cell: int) -> int:
    """The money for one more house on every street of the colour groups `seat` would hold
    whole once it owns `cell`, where the group is short of `DEVELOPED_HOUSES` houses."""
    rules = game.rules
    owner, buildings, cells = game.owner, game.buildings, rules.cells
    total = 0
    for group in rules.group_cells.values():
        if all(owner[c] == seat or c == cell for c in group) and min(buildings[c] for c in group) < DEVELOPED_HOUSES:
            total += sum(cells[c].house_cost for c in group)
    return total


def bid_cap(game: Game, seat: int, cell: int, worth: float, keep: int) -> int:
    """The highest bid for `cell`: its `worth` to the bidder, at most the printed price unless
    it completes or blocks a group (then at most `MAX_OVER_PRICE` times it), and at most the
    cash above `keep` and the money to develop what it would hold."""
    price = game.rules.cells[cell].price
    worth = min(worth, price if stake(game, seat, cell) is Stake.NONE else price * MAX_OVER_PRICE)
    return int(min(worth, game.cash[seat] - keep - develop_keep(game, seat, cell)))

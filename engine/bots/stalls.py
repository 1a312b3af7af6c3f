"""A stalled game and the swap that breaks it: when every deed is owned and a player holds no
colour group whole, the only way on is a trade, and the bots' own rule (no group handed over
for less than it earns its new owner, `earnings.py`) prices every group by the rent it would
bring at the houses its owner can afford. Rich players who never built then ask more for the
last deed of a group than a face-price view offers for it, and four players can circle the
board without end (a table of four mediums on Землевласник reached turn 3 427).

In a stall a proposer therefore weighs a deal that completes its group by the same yardstick
the partner's rule uses: what the groups it completes earn it, less its level's weight times
what the groups it hands over earn the partner, less the money. A swap of two groups passes
then with money for the better one; a group bought for money alone still does not (its
earnings are exactly what the seller asks, which the weight leaves no room for).
"""
from __future__ import annotations

import math

from ..game import Game
from ..holdings import can_build, rent
from ..state import BANK
from .earnings import group_earnings
from .trading import Deal, completed_groups


def all_owned(game: Game) -> bool:
    """True when no deed is left with the bank."""
    return BANK not in map(game.owner.__getitem__, game.rules.properties)


def stalled(game: Game, seat: int) -> bool:
    """True when no deed is left with the bank and `seat` holds no colour group whole: it can
    complete one only by trade."""
    if not all_owned(game):
        return False
    owner = game.owner
    rules = game.rules
    for group in rules.group_cells.values():
        holder = owner[group[0]]
        if holder == seat and all(owner[c] == seat for c in group):
            return False
    return True


def locked(game: Game, seat: int) -> bool:
    """True when no deed is left with the bank and `seat` has nothing left to build: every
    street of the groups it holds whole carries a hotel, or the bank has no house or hotel
    left for it (Класика's 32 and 12). Like a stall, only a trade moves it on."""
    if not all_owned(game):
        return False
    owner = game.owner
    rules = game.rules
    for c in rules.properties:
        if owner[c] == seat and rules.cells[c].kind == "street":
            why = can_build(game, seat, c, cash=False)
            if why is None or why == "buildings.no_mortgage_in_group":
                return False
    return True


# A table frozen this late (`frozen`) is one the computer players offer to end as a draw, and
# agree to: two players left with every house and hotel of the bank built and every colour
# group whole circled Класика's board past turn 20 000, both gaining cash on every lap.
FROZEN_TURN = 1000
# ... offered again by the same player only this many rolls after its last offer.
DRAW_REST_ROLLS = 100
# ... and only while every player in the game holds at least this many times the dearest
# rent on the board: a player nearer ruin may well lose soon (of four such tables of four
# easies, one ended 43 turns later with a winner, another with its poorest player at 11).
FROZEN_RENTS = 5
# The dice total a utility's rent is counted at: the most it can ask.
DICE_MOST = 12


def frozen(game: Game) -> bool:
    """True when nothing but rent can change the game and rent is ruining nobody soon: every
    deed owned, every colour group of streets held whole by one player, no player in the
    game with anything to build (`locked`: hotels everywhere, or the bank's supply out), and
    each with `FROZEN_RENTS` times the dearest rent on the board in hand."""
    if not all_owned(game):
        return False
    owner = game.owner
    rules = game.rules
    for group in rules.group_cells.values():
        if rules.cells[group[0]].kind == "street" and any(owner[c] != owner[group[0]] for c in group):
            return False
    alive = [seat for seat in range(game.players) if game.alive[seat]]
    dearest = max(rent(game, c, DICE_MOST) for c in rules.properties)
    return (all(game.cash[seat] >= FROZEN_RENTS * dearest for seat in alive)
            and all(locked(game, seat) for seat in alive))


def earned_gain(game: Game, deal: Deal, weight: float, owner: list[int], cash: list[int]) -> float:
    """The deal by the groups' earnings: what the groups it completes earn me, less `weight`
    times what those it completes for the partner earn them, plus the money I receive.
    `owner` and `cash`: as after the deal. Only a deal whose deeds from me all go to complete
    the partner's groups is weighed so (-inf for any other): a deed given from elsewhere, a
    step of a group of mine perhaps, is a loss the groups' earnings do not see."""
    theirs_groups = completed_groups(game, owner, deal.partner)
    completing = {c for group in theirs_groups for c in group}
    if any(c not in completing for c in deal.out):
        return -math.inf
    mine = group_earnings(game, deal.me, completed_groups(game, owner, deal.me), cash)
    theirs = group_earnings(game, deal.partner, theirs_groups, cash)
    return mine - weight * theirs + deal.money_in * (1 + weight)

"""The computer players' choices of the speed die (option `speed_die`): which move the bus
takes and which cell a triple goes to.

Every level weighs each cell it could come to rest on the same way, in money: a deed for
sale is worth what buying it gains (`gain`, the level's own appraisal: a beginner's face
price, a thinking level's appraiser with the group it builds towards), another player's
deed costs its rent, a tax its amount, the jail corner's arrest the Старт money it will miss;
passing the start pays its money, and the free corner its pot. The best cell is taken (ties:
the shortest move, so the clock's choice when nothing differs). Cards count as nothing: the
deck is drawn uniformly, and its cards on average neither give nor take much.
"""
from __future__ import annotations

from collections.abc import Callable

from ..actions import Action, MoveTo, TakeBus
from ..game import Game
from ..holdings import rent
from ..phases import BUS
from ..state import BANK

# Being jailed costs about a lap of the Старт money: the turns in jail earn none of it.
JAIL_LAPS = 1.0


def choose(game: Game, seat: int, gain: Callable[[int], float]) -> Action:
    """The bus's or the triple's choice for `seat`, `gain(cell)` the worth of buying the deed
    at `cell` (0 when it would not)."""
    here, size = game.pos[seat], game.rules.size
    options: list[tuple[int, Action]]
    if game.phase is BUS:
        options = [(a.steps, a) for a in game.legal(seat).actions if isinstance(a, TakeBus)]
    else:
        options = [((a.cell - here) % size, a) for a in game.legal(seat).actions if isinstance(a, MoveTo)]
    best = max(options, key=lambda o: (worth(game, seat, o[0], gain), -o[0]))
    return best[1]


def worth(game: Game, seat: int, steps: int, gain: Callable[[int], float]) -> float:
    """What coming to rest `steps` ahead is worth to `seat` (see the module's docstring)."""
    rules = game.rules
    here, size = game.pos[seat], rules.size
    cell = (here + steps) % size
    info = rules.cells[cell]
    total = float(rules.start_salary) if here + steps >= size else 0.0
    kind = info.kind
    if info.is_property:
        owner = game.owner[cell]
        if owner == BANK:
            total += gain(cell)
        elif owner != seat:
            assert game.dice is not None, "a choice follows a roll"
            total -= rent(game, cell, game.dice[0] + game.dice[1])
    elif kind == "tax":
        total -= info.amount
    elif kind == "go_to_jail":
        total -= rules.start_salary * JAIL_LAPS
    elif kind == "free" and rules.pot:
        total += game.pot
    elif kind == "start" and rules.start_bonus:
        total += rules.start_salary
    return total

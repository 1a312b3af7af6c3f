"""The building window of seed 004 (L130-133): branches and central offices are bought, sold
and moved only before one's roll (a debt is the one exception: a debtor sells them to raise
money, B3.15), and a branch moves for free from one street of a whole colour group to
another, keeping the even rule (no two streets more than one apart). A move never makes or
moves an office: an office is not a branch.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import holdings as H
from .actions import Action, MoveBranch
from .events import BranchMoved
from .phases import DEBT, MANAGE_PHASES, PRE_ROLL, RAISE_PHASES, Phase

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps
    from .rules import Ruleset
    from .state import GameState


def may_build(rules: Ruleset, phase: Phase) -> bool:
    """Whether buildings may be bought in `phase` (the decision's own rules aside)."""
    return phase is PRE_ROLL if rules.build_before_roll else phase in MANAGE_PHASES


def may_sell(rules: Ruleset, phase: Phase) -> bool:
    """Whether buildings may be sold back in `phase`."""
    return phase is PRE_ROLL or phase is DEBT if rules.build_before_roll else phase in RAISE_PHASES


def can_move(s: GameState, seat: int, cell: int, to: int) -> str | None:
    """None when `seat` may move a branch from `cell` to `to` now (turn and phase aside)."""
    rules = s.rules
    if not rules.branch_moves:
        return "buildings.no_moves"
    if cell == to or rules.cells[cell].kind != "street" or rules.cells[to].kind != "street" \
            or rules.group_of[cell] != rules.group_of[to]:
        return "buildings.move_in_group"
    if s.owner[cell] != seat or not H.owns_group(s, seat, cell):
        return "buildings.whole_group"
    office = rules.max_buildings
    if not 0 < s.buildings[cell] < office or s.buildings[to] + 1 >= office:
        return "buildings.move_branches_only"
    if rules.even_building:
        counts = [s.buildings[c] - (c == cell) + (c == to) for c in rules.group_of[cell]]
        if max(counts) - min(counts) > 1:
            return "buildings.build_evenly"
    return None


def moves(g: GameOps, seat: int) -> list[Action]:
    """Every branch move `seat` may make now (asked before its roll)."""
    out: list[Action] = []
    for group in g.rules.group_cells.values():
        if g.owner[group[0]] != seat:
            continue
        for c in group:
            for to in group:
                if c != to and can_move(g, seat, c, to) is None:
                    out.append(MoveBranch(seat, c, to))
    return out


def _do_move_branch(g: GameOps, a: MoveBranch, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    g.buildings[a.cell] -= 1
    g.buildings[a.to] += 1
    if ev is not None:
        ev.append(BranchMoved(a.seat, a.cell, a.to))


def _check_move_branch(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat() or g.phase is not PRE_ROLL:
        return ("buildings.before_roll", "branches move before your roll")
    for c in (a.cell, a.to):
        if type(c) is not int or not 0 <= c < g.rules.size:
            return ("board.cell", f"there is no cell {c}")
    why = can_move(g, seat, a.cell, a.to)
    return None if why is None else (why, RULE_TEXT[why])


RULE_TEXT = {
    "buildings.before_roll": "buildings are bought, sold and moved before your roll",
    "buildings.no_moves": "these rules do not move buildings",
    "buildings.move_in_group": "a branch moves to another street of its colour group",
    "buildings.whole_group": "build only when you hold the whole colour group",
    "buildings.move_branches_only": "only a branch moves, and never onto a fourth branch (that is an office)",
    "buildings.build_evenly": "build evenly: this street already has more than another",
}


CHECKS: dict[type, Any] = {MoveBranch: _check_move_branch}
HANDLERS: dict[type, Any] = {MoveBranch: _do_move_branch}

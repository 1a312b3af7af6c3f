"""The action `SellDeed`, for rules without mortgages (shared/seeds/004 L122, L137): its check
and its effect (the rule and the sale itself are engine/bank_deeds.py's). This module also
lists a seat's deed actions under such rules and under a building window before the roll
(branches.py), where the classic list does not apply.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import branches
from . import holdings as H
from .actions import Action, Build, Mortgage, Redeem, SellBuilding, SellDeed, shared_deed
from .bank_deeds import SALE_PHASES, can_sell_deed, sell
from .legality import cell_rule
from .phases import BUY, DEBT, POST_ROLL, PRE_ROLL, Phase

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps

_SALES: dict[int, dict[int, SellDeed]] = {}


def _do_sell_deed(g: GameOps, a: SellDeed, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    sell(g, a.seat, a.cell, ev)


def _check_sell_deed(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat() or g.phase not in SALE_PHASES:
        return ("turn.not_yours", "deeds are sold on your own turn or while raising money")
    return cell_rule(g, a.cell, can_sell_deed, seat)


def sale(seat: int, cell: int) -> SellDeed:
    """The one instance of SellDeed for `seat` and `cell` (legal() lists them often)."""
    by_cell = _SALES.setdefault(seat, {})
    action = by_cell.get(cell)
    if action is None:
        action = by_cell[cell] = SellDeed(seat, cell)
    return action


def cell_actions(g: GameOps, seat: int, phase: Phase) -> list[Action]:
    """The main seat's legal deed actions under rules without mortgages or with a building
    window before the roll: building, selling buildings, moving them, mortgages where the
    rules have them, and deed sales."""
    rules = g.rules
    out: list[Action] = []
    build = branches.may_build(rules, phase)
    sell_building = branches.may_sell(rules, phase)
    manage = phase is PRE_ROLL or phase is POST_ROLL
    mortgage = rules.mortgage and phase in (PRE_ROLL, POST_ROLL, BUY, DEBT)
    deeds = bool(rules.deed_sale_percent) and phase in SALE_PHASES
    for c in rules.properties:
        if g.owner[c] != seat:
            continue
        if build and H.can_build(g, seat, c) is None:
            out.append(shared_deed(Build, seat, c))
        if sell_building and g.buildings[c] and H.can_sell(g, seat, c) is None:
            out.append(shared_deed(SellBuilding, seat, c))
        if mortgage and H.can_mortgage(g, seat, c) is None:
            out.append(shared_deed(Mortgage, seat, c))
        if mortgage and manage and H.can_redeem(g, seat, c) is None:
            out.append(shared_deed(Redeem, seat, c))
        if deeds and can_sell_deed(g, seat, c) is None:
            out.append(sale(seat, c))
    if phase is PRE_ROLL and rules.branch_moves:
        out += branches.moves(g, seat)
    return out


CHECKS: dict[type, Any] = {SellDeed: _check_sell_deed}
HANDLERS: dict[type, Any] = {SellDeed: _do_sell_deed}

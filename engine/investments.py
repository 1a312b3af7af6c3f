"""Investments in the opponents' streets (shared/seeds/004 L154-169, VARIANTS B3.12).

- Made on a card square carrying an investment plate (plates.py), after the card or before its
  move, as an option (decision `invest`): any number of chips, one `Invest(cell)` at a time,
  then `Skip` to finish (the clock's answer). A chip costs half the branch price of its side
  (L157). Only on an opponent's street whose colour set is not whole in one hand (L155-156);
  at most 5 chips a player in the game (L158) and 4 on a street from all investors (L162).
  On the same visit a chip may also move from one eligible street to another (`MoveChip(cell,
  to)`), paying the difference of the chip prices when the new side is dearer, nothing back
  when it is cheaper (L168; PROPOSED: the difference of *chip* prices).
- Rent on an invested street (L159-165, their three examples are tests): for each investor
  other than the visitor, with k chips there, the rent of k branches T is due, half of it
  (rounded down) to the investor and the rest to the owner; no such investor, the visitor pays
  the ordinary rent. The owner pays nothing on their own street (L161); a jailed payee, under
  `no_rent_in_jail`, receives nothing (PROPOSED for investors too).
- Chips burn, going back with no refund (L166-167): on every street of a set when its first
  branch or office is built, on a deed when it changes hands (raid, trade, sale to the bank,
  auction, bankruptcy), and all of an investor's when it goes bankrupt. They are not sold or
  traded (L169) and count in no wealth (L4).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from . import holdings as H
from . import reasons as R
from .actions import Action, Invest, MoveChip, Skip, shared
from .events import ChipMoved, ChipsBurnt, Invested
from .offers import OfferKind
from .privileges import offer, offered
from .state import BANK, Debt, GameState

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps


def chip_price(g: GameState, cell: int) -> int:
    investments = g.rules.investments
    assert investments is not None, "called under investment rules"
    return g.rules.cells[cell].house_cost * investments.price_percent // 100


def chips_of(g: GameState, seat: int) -> int:
    return sum(row[seat] for row in g.chips.values())


def on_street(g: GameState, cell: int) -> int:
    return sum(g.chips.get(cell, ()))


def _eligible(g: GameState, seat: int, cell: int) -> str | None:
    """None when `seat` may hold a chip on `cell` now (its count aside)."""
    rules = g.rules
    if not 0 <= cell < rules.size or rules.cells[cell].kind != "street":
        return "invest.streets_only"
    owner = g.owner[cell]
    if owner in (BANK, seat):
        return "invest.opponents_street"
    if H.owns_group(g, owner, cell):
        return "invest.whole_set"
    return None


def can_invest(g: GameState, seat: int, cell: int) -> str | None:
    investments = g.rules.investments
    assert investments is not None, "called under investment rules"
    why = _eligible(g, seat, cell)
    if why is not None:
        return why
    if chips_of(g, seat) >= investments.chips_per_player:
        return "invest.chips_per_player"
    if on_street(g, cell) >= investments.max_per_street:
        return "invest.chips_per_street"
    if g.cash[seat] < chip_price(g, cell):
        return "invest.cash"
    return None


def move_cost(g: GameState, cell: int, to: int) -> int:
    return max(0, chip_price(g, to) - chip_price(g, cell))


def can_move(g: GameState, seat: int, cell: int, to: int) -> str | None:
    investments = g.rules.investments
    assert investments is not None, "called under investment rules"
    if not 0 <= cell < g.rules.size or not g.chips.get(cell, [0] * g.players)[seat]:
        return "invest.own_chip"
    if cell == to:
        return "invest.move_elsewhere"
    why = _eligible(g, seat, to)
    if why is not None:
        return why
    if on_street(g, to) >= investments.max_per_street:
        return "invest.chips_per_street"
    if g.cash[seat] < move_cost(g, cell, to):
        return "invest.cash"
    return None


def _add(g: GameState, cell: int, seat: int, n: int) -> None:
    row = g.chips.setdefault(cell, [0] * g.players)
    row[seat] += n
    if not any(row):
        del g.chips[cell]


def land(g: GameOps, seat: int, ev: list[Event] | None, card: int | None = None) -> bool:
    """An investment plate: the offer, when `seat` could place or move a chip at all."""
    if not any(_eligible(g, seat, c) is None for c in g.rules.properties):
        return False
    offer(g, seat, OfferKind.INVEST, ev, card=card)
    return True


def _do_invest(g: GameOps, a: Invest, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    price = chip_price(g, a.cell)
    g._pay(a.seat, BANK, price, R.Reason.INVESTMENT, ev, cell=a.cell)
    _add(g, a.cell, a.seat, 1)
    if ev is not None:
        ev.append(Invested(a.seat, a.cell, g.chips[a.cell][a.seat], price))


def _do_move_chip(g: GameOps, a: MoveChip, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    cost = move_cost(g, a.cell, a.to)
    if cost:
        g._pay(a.seat, BANK, cost, R.Reason.INVESTMENT, ev, cell=a.to)
    _add(g, a.cell, a.seat, -1)
    _add(g, a.to, a.seat, 1)
    if ev is not None:
        ev.append(ChipMoved(a.seat, a.cell, a.to, cost))


def burn(g: GameState, cells: Iterable[int], ev: list[Event] | None) -> None:
    """The chips on `cells` go back to the bank, with no refund."""
    for c in cells:
        row = g.chips.pop(c, None)
        if row is not None and ev is not None:
            ev.append(ChipsBurnt(c, tuple(row)))


def burn_investor(g: GameState, seat: int, ev: list[Event] | None) -> None:
    """All of `seat`'s chips go back (it is out of the game)."""
    for c in sorted(g.chips):
        row = g.chips[c]
        if row[seat]:
            gone = [0] * g.players
            gone[seat] = row[seat]
            _add(g, c, seat, -row[seat])
            if ev is not None:
                ev.append(ChipsBurnt(c, tuple(gone)))


def rent_debts(g: GameOps, seat: int, cell: int, owner: int) -> list[Debt] | None:
    """The debts of `seat` landing on the invested street `cell` (None: no other investor
    there, the ordinary rent applies): each other investor's half of its chips' rent, then the
    owner's share of them all."""
    row = g.chips.get(cell)
    if row is None:
        return None
    rents = g.rules.cells[cell].rents
    jail_free = g.rules.no_rent_in_jail
    debts: list[Debt] = []
    owner_share = 0
    found = False
    for i in g._seats_from(seat)[1:]:
        k = row[i]
        if not k or i == owner:
            continue
        found = True
        total = rents[k]
        half = total // 2
        owner_share += total - half
        if half and not (jail_free and g.jailed[i]):
            debts.append(Debt(seat, i, half, R.Reason.INVESTMENT))
    if not found:
        return None
    if owner_share and not (jail_free and g.jailed[owner]):
        debts.append(Debt(seat, owner, owner_share, R.RENT))
    return debts


def _check_invest(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    if offered(g, seat) is not OfferKind.INVEST:
        return ("invest.offered", "investments are made on an investment plate")
    if type(a.cell) is not int:
        return ("invest.streets_only", RULE_TEXT["invest.streets_only"])
    why = can_invest(g, seat, a.cell)
    return None if why is None else (why, RULE_TEXT[why])


def _check_move_chip(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    if offered(g, seat) is not OfferKind.INVEST:
        return ("invest.offered", "investments are made on an investment plate")
    if type(a.cell) is not int or type(a.to) is not int:
        return ("invest.own_chip", RULE_TEXT["invest.own_chip"])
    why = can_move(g, seat, a.cell, a.to)
    return None if why is None else (why, RULE_TEXT[why])


def candidates(g: GameOps, seat: int) -> list[Action]:
    out: list[Action] = [shared(Skip, seat)]
    streets = [c for c in g.rules.properties if g.rules.cells[c].kind == "street"]
    out += [Invest(seat, c) for c in streets if can_invest(g, seat, c) is None]
    for c in sorted(g.chips):
        if g.chips[c][seat]:
            out += [MoveChip(seat, c, to) for to in streets if can_move(g, seat, c, to) is None]
    return out


RULE_TEXT = {
    "invest.streets_only": "chips go on streets",
    "invest.opponents_street": "chips go on another player's street",
    "invest.whole_set": "no chips on a colour set held whole",
    "invest.chips_per_player": "every chip of yours is placed",
    "invest.chips_per_street": "a street takes four chips at most",
    "invest.cash": "not enough cash for the chip",
    "invest.own_chip": "move a chip of your own",
    "invest.move_elsewhere": "a chip moves to another street",
}
CHECKS: dict[type, Any] = {Invest: _check_invest, MoveChip: _check_move_chip}
HANDLERS: dict[type, Any] = {Invest: _do_invest, MoveChip: _do_move_chip}

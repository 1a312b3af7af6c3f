"""What each power of a kept card does, and when its holder may use it.

A power is an effect of a kept card (`rules.POWER_EFFECTS`, and `receive` /
`collect_from_each` saved for later): `POWERS` maps each to a `Power` — the moment it may be
used (`when`: None, or the rule that forbids it now), the targets it may take now
(`targets`: pairs of a seat and a cell, None where it names none) and what it does
(`apply`). engine/kept.py checks an action `use_card` against them, lists every legal use
and, once the card is back in its deck, calls `apply`. A ruleset names the amounts; the
moments are the rules of Казка (docs/RULES.md, «Казка») and of «Ярмарок»
(engine/fair_cards.py).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from . import fair_cards as F
from . import holdings as H
from .actions import Build
from .chance import ChanceSource
from .events import BuildingBurnt, EffectStarted, Event, PaymentCancelled
from .operations import GameOps
from .phases import BUY, DEBT, PAYMENT_DUE, POST_ROLL, PRE_ROLL, Resume
from .reasons import CardReason
from .rules import Card
from .state import BANK, Debt, Effect, GameState
from .values import Value

Target = tuple[int | None, int | None]
NO_TARGET: Target = (None, None)
Params = dict[str, Any]
Apply = Callable[[GameOps, int, Target, Card, Params, ChanceSource | None, "list[Event] | None"], None]

RULE_TEXT = {
    "card.own_turn": "use this card on your own turn, before or after the roll",
    "card.before_roll": "use this card before your roll, instead of rolling (not from jail)",
    "card.after_move": "use this card once your move is over (no double to roll, not in jail)",
    "card.raise_cash": "use this card on your own turn or while you raise money",
    "card.payment_due": "use this card when a payment it cancels falls due",
    "card.extra_turn_once": "another turn is already coming",
    "card.passive": "this card acts while you hold it: it is never used",
    **F.RULE_TEXT,
}


class Power(Value):
    """One power (a value class, `engine/values.py`): when it may be used, its targets now,
    what it does, and whether that may need chance (a move lands on a card cell)."""
    __slots__ = __match_args__ = ("when", "targets", "apply", "chance")

    def __init__(self, when: Callable[[GameState, int], str | None],
                 targets: Callable[[GameState, int, Params], Sequence[Target]], apply: Apply,
                 chance: bool = False) -> None:
        self.when: Final = when
        self.targets: Final = targets
        self.apply: Final = apply
        self.chance: Final = chance


# -- moments -------------------------------------------------------------------------------

# Where a seat may raise money (as engine/legality.py's RAISE_PHASES).
_RAISE_PHASES = (PRE_ROLL, POST_ROLL, BUY, DEBT)


def _own_turn(g: GameState, seat: int) -> str | None:
    phase = g.phase
    return None if seat == g.active and (phase is PRE_ROLL or phase is POST_ROLL) else "card.own_turn"


def _raising(g: GameState, seat: int) -> str | None:
    """The holder's turn, or while it raises money (to buy, in a debt): cash from the bank
    comes in whenever selling and mortgaging may (the holder is the seat the game waits for)."""
    return None if g.phase in _RAISE_PHASES else "card.raise_cash"


def _before_roll(g: GameState, seat: int) -> str | None:
    return None if g.phase is PRE_ROLL and seat == g.active and not g.jailed[seat] else "card.before_roll"


def _after_move(g: GameState, seat: int) -> str | None:
    if g.phase is not POST_ROLL or seat != g.active or g.reroll or g.jailed[seat]:
        return "card.after_move"
    if any(e.kind == "extra_turn" for e in g.effects):
        return "card.extra_turn_once"
    return None


def _payment_due(effect: str) -> Callable[[GameState, int], str | None]:
    def when(g: GameState, seat: int) -> str | None:
        if g.phase is PAYMENT_DUE and g.debts[0].debtor == seat and g.debts[0].cancelled_by(effect):
            return None
        return "card.payment_due"
    return when


# -- targets ---------------------------------------------------------------------------------

def _none(g: GameState, seat: int, p: Params) -> Sequence[Target]:
    return (NO_TARGET,)


def _opponents(g: GameState, seat: int, p: Params) -> Sequence[Target]:
    """The other seats still in, in seat order after the holder."""
    n = g.players
    return [((seat + k) % n, None) for k in range(1, n) if g.alive[(seat + k) % n]]


def _burnable(g: GameState, seat: int, p: Params) -> Sequence[Target]:
    """An opponent's street with buildings where selling one would be allowed to its owner:
    one of the most built in its group (the even rule) and, for a hotel, with four houses in
    the bank to put back."""
    owner, buildings = g.owner, g.buildings
    return [(None, c) for c in g.rules.properties
            if buildings[c] and owner[c] != seat and owner[c] != BANK and H.can_sell(g, owner[c], c) is None]


def _unevenly_buildable(g: GameState, seat: int, p: Params) -> Sequence[Target]:
    """The holder's streets where a building could go up but for the even rule."""
    return [(None, c) for c in g.rules.properties
            if g.owner[c] == seat and H.can_build(g, seat, c, even=False) is None]


def _steps_ahead(g: GameState, seat: int, p: Params) -> Sequence[Target]:
    size, here = g.rules.size, g.pos[seat]
    return [(None, (here + k) % size) for k in range(p["min"], p["max"] + 1)]


def _cells_of_kind(g: GameState, seat: int, p: Params) -> Sequence[Target]:
    here = g.pos[seat]
    return [(None, c.index) for c in g.rules.cells if c.kind == p["kind"] and c.index != here]


# -- what each does --------------------------------------------------------------------------

def _receive(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
             ev: list[Event] | None) -> None:
    g._pay(BANK, seat, p["amount"], CardReason(card.id), ev)


def _collect_from_each(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
                       ev: list[Event] | None) -> None:
    for other in g._seats_from(seat)[1:]:
        g.debts.append(Debt(other, seat, p["amount"], CardReason(card.id)))
    _settle(g, chance, ev)


def _take_from(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
               ev: list[Event] | None) -> None:
    assert t[0] is not None, "checked: an opponent is named"
    g.debts.append(Debt(t[0], seat, p["amount"], CardReason(card.id)))
    _settle(g, chance, ev)


def _settle(g: GameOps, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    """The debts a power just created, paid as any debt is; then back to the decision it was
    used in."""
    g.resume = Resume.BEFORE_ROLL if g.phase is PRE_ROLL else Resume.AFTER_ROLL
    g._run_debts(chance, ev)


def _burn(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
          ev: list[Event] | None) -> None:
    cell = t[1]
    assert cell is not None, "checked: a street is named"
    g.buildings[cell] -= 1
    if ev is not None:
        ev.append(BuildingBurnt(seat, g.owner[cell], cell, g.buildings[cell]))


def _build_uneven(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
                  ev: list[Event] | None) -> None:
    assert t[1] is not None, "checked: a street is named"
    # As any build: at its price, and by auction when the bank is short (Класика's rule).
    g._do_build(Build(seat, t[1]), chance, ev)


def _move(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
          ev: list[Event] | None) -> None:
    """A chosen move instead of the roll: no dice are thrown (so it is no double), the start
    pays as usual and the cell is resolved as after any move."""
    cell = t[1]
    assert cell is not None, "checked: a cell is named"
    rules = g.rules
    steps = (cell - g.pos[seat]) % rules.size or rules.size
    g.dice = None
    g.reroll = False
    g._advance(seat, steps, "card", ev)
    # A utility reached without dice takes its rent on a fresh throw.
    throw = H.rent(g, cell, 1) if rules.cells[cell].kind == "utility" else 0
    g._land(seat, chance, ev, dice_multiplier=throw)
    g._after_landing(chance, ev)


def _cancel(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
            ev: list[Event] | None) -> None:
    debt = g.debts.pop(0)
    if ev is not None:
        ev.append(PaymentCancelled(debt.debtor, None if debt.creditor == BANK else debt.creditor, debt.amount,
                                   debt.reason))
    g._run_debts(chance, ev)


def _lasting(kind: str) -> Apply:
    def start(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
              ev: list[Event] | None) -> None:
        target = seat if t[0] is None else t[0]
        g.effects.append(Effect(kind, seat, target, card.index))
        if ev is not None:
            ev.append(EffectStarted(kind, seat, target))
    return start


POWERS: dict[str, Power] = {
    "receive": Power(_raising, _none, _receive),
    "collect_from_each": Power(_own_turn, _none, _collect_from_each),
    "take_from": Power(_own_turn, _opponents, _take_from),
    "burn_building": Power(_own_turn, _burnable, _burn),
    "build_uneven": Power(_own_turn, _unevenly_buildable, _build_uneven),
    "move_choice": Power(_before_roll, _steps_ahead, _move, chance=True),
    "move_to_choice": Power(_before_roll, _cells_of_kind, _move, chance=True),
    "cancel_rent": Power(_payment_due("cancel_rent"), _none, _cancel),
    "cancel_bank_payment": Power(_payment_due("cancel_bank_payment"), _none, _cancel),
    "extra_turn": Power(_after_move, _none, _lasting("extra_turn")),
    "stare": Power(_own_turn, _opponents, _lasting("stare")),
    "merry": Power(_own_turn, _opponents, _lasting("merry")),
    # «Ярмарок»'s (engine/fair_cards.py); its season ticket acts while held (rules.PASSIVE_EFFECTS).
    "double_transfer": Power(F.transfer_again, _none, F.transfer_allowed),
    "full_price_deed_sale": Power(F.deed_sale, F.sellable_deeds, F.sell_at_price),
    "full_price_building_sale": Power(F.building_sale, _none, F.liquidate),
    "certificate": Power(F.deed_sale, _none, F.redeem),
}

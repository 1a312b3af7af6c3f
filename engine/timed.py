"""Powers that last beyond the moment of use: the state's `effects` and the hooks of the turn
that end them.

- `extra_turn` (the potion of forgetting): when its holder's turn ends, the same seat takes
  another whole turn (the doubles counted afresh).
- `stare` (the potion of the stare): at the start of the target's next turn one die is thrown
  for the target; at most the card's `miss_faces` and the target looked away and owes the
  holder the card's `amount`.
- `merry` (the merry potion): after each of the holder's moves by the dice, one die is
  thrown for the target the same way (a forgotten applause); it lasts until the holder next
  passes or lands on the start, and a move that ends in jail earns no applause.
- `full_price_building_sale` (the liquidation, «Ярмарок», engine/fair_cards.py): the holder's
  buildings go back at what they cost until the turn ends.

Every throw is the engine's chance (the action's own source: an action that may start the
turn of a stared-at seat needs chance, `needs_chance`). An effect ends when either seat
leaves the game.
"""
from __future__ import annotations

from .actions import Action, DeclareBankruptcy, EndTurn, PayDebt, Resign, SettleDebt, UseCard
from .card_means import LIQUIDATION
from .chance import ChanceSource
from .errors import ChanceRequired
from .events import EffectEnded, EffectThrown, Event
from .operations import GameOps
from .phases import Resume
from .reasons import CardReason
from .rules import Card
from .state import Debt, Effect, GameState

# The actions that may end a turn, and so start the next one (and its stare).
_TURN_ENDERS = frozenset({EndTurn, Resign, PayDebt, SettleDebt, DeclareBankruptcy, UseCard})


def needs_chance(g: GameState, action: Action) -> bool:
    """An action that may start the turn of a seat someone stares at."""
    return type(action) in _TURN_ENDERS and any(e.kind == "stare" for e in g.effects)


def _params(card: Card, kind: str) -> dict[str, int]:
    """The amount and the missing faces of `kind` on `card` (or on its choice of that kind)."""
    if card.effect == kind:
        return card.params
    return next(c.params for c in card.choices if c.effect == kind)


def next_active(g: GameOps, ev: list[Event] | None) -> int:
    """Who plays next: the seat whose turn ends, once, when it drank to forget; else the next.
    A liquidation (full-price building sales, «Ярмарок») lasts until the turn ends."""
    seat = g.active
    for e in [e for e in g.effects if e.kind == LIQUIDATION]:
        g.effects.remove(e)
        if ev is not None:
            ev.append(EffectEnded(e.kind, e.by, e.target, "turn"))
    for e in g.effects:
        if e.kind == "extra_turn" and e.by == seat:
            g.effects.remove(e)
            if ev is not None:
                ev.append(EffectEnded(e.kind, e.by, e.target, "done"))
            if g.alive[seat]:
                return seat
            break
    return g._next_seat(seat)


def _throw(g: GameOps, e: Effect, chance: ChanceSource | None, ev: list[Event] | None) -> bool:
    """One die for the effect's target; True when it missed (the target now owes)."""
    if chance is None:
        raise ChanceRequired(f"the {e.kind} throws a die: this action needs a chance source")
    card = g.rules.cards[e.card]
    p = _params(card, e.kind)
    die = chance.roll(g.rules.dice_sides)
    missed = die <= p["miss_faces"]
    if ev is not None:
        ev.append(EffectThrown(e.kind, e.by, e.target, die, missed))
    if missed:
        g.debts.append(Debt(e.target, e.by, p["amount"], CardReason(card.id)))
    return missed


def turn_started(g: GameOps, ev: list[Event] | None) -> None:
    """The stares on the seat whose turn begins are thrown, and end."""
    seat = g.active
    owed = False
    for e in [e for e in g.effects if e.kind == "stare" and e.target == seat]:
        g.effects.remove(e)
        owed = _throw(g, e, g._chance, ev) or owed
        if ev is not None:
            ev.append(EffectEnded(e.kind, e.by, e.target, "done"))
    if owed:
        g.resume = Resume.BEFORE_ROLL
        g._run_debts(g._chance, ev)


def lap(g: GameOps, seat: int, ev: list[Event] | None) -> None:
    """`seat` passed or reached the start: its merry potions are over."""
    for e in [e for e in g.effects if e.kind == "merry" and e.by == seat]:
        g.effects.remove(e)
        if ev is not None:
            ev.append(EffectEnded(e.kind, e.by, e.target, "lap"))


def after_dice_move(g: GameOps, chance: ChanceSource | None, ev: list[Event] | None) -> bool:
    """After a move of the active seat by the dice: its merry potions throw. True when a
    forgotten applause is owed: then the debts run first, and the move goes on after them
    (the offer to buy, a tax's choice, or its end)."""
    seat = g.active
    if g.turn_over:
        return False
    owed = False
    for e in [e for e in g.effects if e.kind == "merry" and e.by == seat]:
        owed = _throw(g, e, chance, ev) or owed
    if not owed:
        return False
    g.resume = Resume.AFTER_LANDING
    g._run_debts(chance, ev)
    return True


def seat_left(g: GameOps, seat: int, ev: list[Event] | None) -> None:
    for e in [e for e in g.effects if seat in (e.by, e.target)]:
        g.effects.remove(e)
        if ev is not None:
            ev.append(EffectEnded(e.kind, e.by, e.target, "left"))

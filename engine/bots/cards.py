"""The computer players' use of kept cards (Казка's characters, objects, potions and magic
contract): when to use each power, on which target, which potion, where to fly.

`choose(bot, game, seat, kind)` answers a decision with a use of a held card, or None to let
the level's usual logic answer it. It only ever picks one of `kept.uses(game, seat)`, the
engine's list of legal uses. A held character also blocks drawing another (one each), so a
card that only brings money is used at once by every level. Beyond that, each level
(`CardStyle`) plays the cards as it plays the rest of the game:

- **easy** uses every card at its first chance, on the first target named: a payment is
  cancelled as soon as one falls due, the ship flies to the dearest deed it can buy.
- **medium** follows simple rules: it cancels a payment of a tenth of the starting cash or
  more, flies only to a deed worth buying, burns the richest opponent's dearest building,
  stares at the richest opponent at once, builds the contract's house where rent jumps most.
- **hard** prices every choice with the board's landing frequencies: a flight against the
  expected value of the dice, a burnt building by the rent it takes from its owner each turn
  (the leader's counts double), a potion by its yield (a stare is the amount times the chance
  of a miss; the merry potion as much per move left in the lap; another turn the dice's value
  and a share of the salary), a rent cancelled only when it is large against the rents the
  board can charge now, the contract only where its rent repays the house.
"""
from __future__ import annotations

from typing import Final, Protocol

from .. import holdings as H
from ..actions import Action, UseCard
from ..game import Game
from ..kept import uses
from ..state import BANK
from ..values import Value
from .valuation import board_model


class HeuristicBot(Protocol):
    """What this module asks of a thinking player (engine/bots/heuristic.py's)."""
    level: str

    def _value_of(self, game: Game, seat: int, cell: int, price: int) -> float: ...

    def reserve(self, game: Game, seat: int, share: float) -> int: ...

# Cards that only bring money now: using them at once is never worse (and frees the slot).
_MONEY_NOW = frozenset({"receive", "collect_from_each", "take_from"})
FIRST, SIMPLE, PRICED = "first", "simple", "priced"


class CardStyle(Value):
    """How one level uses kept cards (a value class, `engine/values.py`): `mode` FIRST,
    SIMPLE or PRICED (see the module docstring); `cancel_share`: a payment from this share of
    the starting cash is worth a cancelling card; `peak_share`: a rent also needs this share of
    the largest rent the board could charge now (PRICED); `burn_share`: a building worth
    burning takes at least this share of the starting cash in rent per opponent's turn;
    `keep_share`: the contract's house keeps this share of the starting cash in hand (the
    level's building reserve, heuristic.py's Style)."""
    __slots__ = __match_args__ = ("mode", "cancel_share", "peak_share", "burn_share", "keep_share")

    def __init__(self, mode: str, cancel_share: float, peak_share: float, burn_share: float,
                 keep_share: float) -> None:
        self.mode: Final = mode
        self.cancel_share: Final = cancel_share
        self.peak_share: Final = peak_share
        self.burn_share: Final = burn_share
        self.keep_share: Final = keep_share


CARD_STYLES = {
    "easy": CardStyle(FIRST, cancel_share=0.0, peak_share=0.0, burn_share=0.0, keep_share=0.3),
    # A tenth of the starting cash is about the rent of a street with two houses.
    "medium": CardStyle(SIMPLE, cancel_share=0.1, peak_share=0.0, burn_share=0.0, keep_share=0.1),
    # Half the largest rent in sight: the card is saved for the rents that ruin.
    "hard": CardStyle(PRICED, cancel_share=0.1, peak_share=0.5, burn_share=0.003, keep_share=0.03),
}
# What a character or an object still to be drawn is worth to the lander, as shares of the
# starting cash (about what their powers pay: VARIANTS §A3.4 puts them at 50-300).
CHARACTER_SHARE = 0.07
OBJECT_SHARE = 0.05
# A trip to jail costs about its fee and a fifth of a lap's salary in lost turns.
JAIL_SALARY_SHARE = 0.2
# Cells a dice move covers on average (two six-sided dice), for the laps' arithmetic.
MEAN_MOVE = 7.0
# Rounds of the other players' turns a building's rent counts for, for the contract.
CONTRACT_ROUNDS = 20
# Hard flies when the chosen cell beats the dice's average by this share of the starting cash.
FLIGHT_MARGIN = 0.03
# Medium burns a building whose loss takes at least this share of the starting cash off the
# street's rent (a third house on most streets).
SIMPLE_BURN_SHARE = 0.1


def choose(bot: HeuristicBot, game: Game, seat: int, kind: str) -> Action | None:
    legal = uses(game, seat)
    if not legal:
        return None
    style = CARD_STYLES.get(bot.level, CARD_STYLES["medium"])
    if kind == "payment_due":
        return _answer_payment(game, seat, legal, style)
    by_effect: dict[str, list[UseCard]] = {}
    for a in legal:
        by_effect.setdefault(_effect(game, a), []).append(a)
    for effect in _MONEY_NOW:
        found = by_effect.get(effect)
        if found:
            victim = _victim(game, seat, found, style)
            return next(a for a in found if a.target_seat == victim)
    flights = by_effect.get("move_choice", []) + by_effect.get("move_to_choice", [])
    choice = _flight(bot, game, seat, flights, style) if flights else None
    if choice is None and "burn_building" in by_effect:
        choice = _burn(game, seat, by_effect["burn_building"], style)
    potions = by_effect.get("stare", []) + by_effect.get("merry", []) + by_effect.get("extra_turn", [])
    if choice is None and potions:
        choice = _potion(bot, game, seat, potions, style)
    if choice is None and "build_uneven" in by_effect:
        choice = _contract(bot, game, seat, by_effect["build_uneven"], style)
    return choice


def _effect(game: Game, a: UseCard) -> str:
    card = game.rules.cards[game.rules.card_index[a.card]]
    return card.choices[a.choice].effect if a.choice is not None else card.effect


def _victim(game: Game, seat: int, legal: list[UseCard], style: CardStyle) -> int | None:
    """Whom a power aims at: easy the first named; medium the richest; hard one it would
    bankrupt (the deeds come to the holder), else the richest."""
    targets = [a.target_seat for a in legal if a.target_seat is not None]
    if not targets:
        return None
    if style.mode == FIRST:
        return targets[0]
    if style.mode == SIMPLE:
        return max(targets, key=lambda s: (H.net_worth(game, s), -s))
    return max(targets, key=lambda s: (H.raisable(game, s) < _card_amount(game, legal), H.net_worth(game, s), -s))


def _card_amount(game: Game, legal: list[UseCard]) -> int:
    card = game.rules.cards[game.rules.card_index[legal[0].card]]
    params = card.choices[legal[0].choice].params if legal[0].choice is not None else card.params
    return int(params.get("amount", 0))


# -- a payment due -------------------------------------------------------------------------

def _answer_payment(game: Game, seat: int, legal: list[UseCard], style: CardStyle) -> Action | None:
    debt = game.debts[0]
    if game.cash[seat] < debt.amount or style.mode == FIRST:
        return legal[0]            # the card spares a sale, a mortgage or a bankruptcy
    threshold = game.rules.start_cash * style.cancel_share
    if style.peak_share and debt.reason == "rent":
        threshold = max(threshold, style.peak_share * _peak_rent(game, seat))
    return legal[0] if debt.amount >= threshold else None


def _peak_rent(game: Game, seat: int) -> int:
    """The largest rent an opponent's deed would charge `seat` now."""
    dice = int(board_model(game.rules).mean_dice)
    return max((H.rent(game, c, dice) for c in game.rules.properties
                if game.owner[c] not in (BANK, seat)), default=0)


# -- chosen moves --------------------------------------------------------------------------

def _cell_value(bot: HeuristicBot, game: Game, seat: int, cell: int) -> float:
    """What coming to rest on `cell` is worth to `seat` now, in money (cards aside)."""
    rules = game.rules
    info = rules.cells[cell]
    if info.is_property:
        owner = game.owner[cell]
        if owner == BANK:
            if game.cash[seat] < info.price:
                return 0.0
            return max(0.0, bot._value_of(game, seat, cell, info.price) - info.price)
        if owner == seat or game.mortgaged[cell]:
            return 0.0
        return -float(H.rent(game, cell, int(board_model(rules).mean_dice)))
    if info.kind == "tax":
        return -float(info.amount)
    if info.kind == "go_to_jail":
        return -(rules.jail_fee + rules.start_salary * JAIL_SALARY_SHARE)
    if info.kind == "card" and info.deck in rules.power_decks:
        return _draw_value(game, seat, info.deck) * rules.start_cash
    return 0.0


def _draw_value(game: Game, seat: int, deck: str) -> float:
    """A character or object this seat would draw here, as a share of the starting cash."""
    rules = game.rules
    cards = rules.cards
    limit = rules.hold_limit.get(deck)
    if limit is not None and sum(1 for c in game.cards_held[seat] if cards[c].deck == deck) >= limit:
        return 0.0
    if not any(cards[c].deck == deck and c not in game.cards_used[seat] for c in game.deck):
        return 0.0
    return CHARACTER_SHARE if limit is not None else OBJECT_SHARE


def _roll_value(bot: HeuristicBot, game: Game, seat: int) -> float:
    """The average of `_cell_value` over the roll of the dice (a double's second roll aside)."""
    rules = game.rules
    sides, size, here = rules.dice_sides, rules.size, game.pos[seat]
    values = {}
    total = 0.0
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            cell = (here + a + b) % size
            if cell not in values:
                values[cell] = _cell_value(bot, game, seat, cell)
            total += values[cell]
    return total / (sides * sides)


def _flight(bot: HeuristicBot, game: Game, seat: int, legal: list[UseCard], style: CardStyle) -> Action | None:
    """Easy and medium fly only to a deed they would buy (easy: the dearest it can pay for);
    hard to the best cell when it beats the dice by a margin."""
    rules = game.rules
    if style.mode == FIRST:
        buyable = [a for a in legal if a.target_cell is not None and rules.cells[a.target_cell].is_property
                   and game.owner[a.target_cell] == BANK and rules.cells[a.target_cell].price <= game.cash[seat]]
        return max(buyable, key=lambda a: rules.cells[a.target_cell or 0].price, default=None)
    values = {a: _cell_value(bot, game, seat, a.target_cell or 0) for a in legal}
    best = max(legal, key=lambda a: (values[a], -(a.target_cell or 0)))
    if style.mode == SIMPLE:
        cell = best.target_cell or 0
        return best if values[best] > 0 and rules.cells[cell].is_property else None
    margin = rules.start_cash * FLIGHT_MARGIN
    return best if values[best] - _roll_value(bot, game, seat) >= margin else None


# -- the dragon's fire ---------------------------------------------------------------------

def _burn(game: Game, seat: int, legal: list[UseCard], style: CardStyle) -> Action | None:
    """Easy burns the first building named; medium the richest opponent's building whose loss
    cuts its street's rent most, once that is a sizeable cut; hard the building whose loss
    costs its owner the most rent per turn of an opponent, the leader's counted double."""
    if style.mode == FIRST:
        return legal[0]
    model = board_model(game.rules)

    def cut(a: UseCard) -> int:
        cell = a.target_cell or 0
        tiers = model.street_rent[cell]
        return tiers[game.buildings[cell] + 1] - tiers[game.buildings[cell]]

    if style.mode == SIMPLE:
        richest = max({game.owner[a.target_cell or 0] for a in legal}, key=lambda s: (H.net_worth(game, s), -s))
        mine = [a for a in legal if game.owner[a.target_cell or 0] == richest]
        best = max(mine, key=lambda a: (cut(a), a.target_cell or 0))
        return best if cut(best) >= game.rules.start_cash * SIMPLE_BURN_SHARE else None
    leader = max((s for s in range(game.players) if game.alive[s] and s != seat),
                 key=lambda s: H.net_worth(game, s))

    def loss(a: UseCard) -> float:
        cell = a.target_cell or 0
        return model.landing[cell] * cut(a) * (2.0 if game.owner[cell] == leader else 1.0)

    best = max(legal, key=lambda a: (loss(a), a.target_cell or 0))
    return best if loss(best) >= game.rules.start_cash * style.burn_share else None


# -- potions -------------------------------------------------------------------------------

def _potion(bot: HeuristicBot, game: Game, seat: int, legal: list[UseCard], style: CardStyle) -> Action | None:
    """Easy and medium drink the stare at once (on the first named, on the richest); hard
    weighs the three by their yield and the moment."""
    rules = game.rules
    targets = [a for a in legal if a.target_seat is not None]
    victim = _victim(game, seat, targets, style) if targets else None
    pick = {_effect(game, a): a for a in legal if a.target_seat in (None, victim)}
    if style.mode != PRICED:
        return pick.get("stare") or pick.get("merry") or pick.get("extra_turn")
    card = rules.cards[rules.card_index[legal[0].card]]

    def per_throw(effect: str) -> float:
        p = next(c for c in card.choices if c.effect == effect).params if card.choices else card.params
        return float(p["amount"] * p["miss_faces"] / rules.dice_sides)

    stare = per_throw("stare") if "stare" in pick else 0.0
    merry = (per_throw("merry") * max(0.0, (rules.size - game.pos[seat]) / MEAN_MOVE - 1)
             if "merry" in pick else 0.0)
    if "extra_turn" in pick:
        turn = _roll_value(bot, game, seat) + rules.start_salary * MEAN_MOVE / rules.size
        if turn >= max(stare, merry):
            return pick["extra_turn"]
        return pick.get("stare")           # after the move: the stare rather than waiting on
    if merry >= stare and "merry" in pick:
        return pick["merry"]
    return None                            # before the roll: wait for the move, or a new lap


# -- the magic contract ---------------------------------------------------------------------

def _contract(bot: HeuristicBot, game: Game, seat: int, legal: list[UseCard], style: CardStyle) -> Action | None:
    """The one uneven building where the rent jumps most (hard: weighted by landings, and only
    where that rent repays the house), keeping the level's cash reserve."""
    rules = game.rules
    model = board_model(rules)

    def jump(a: UseCard) -> float:
        cell = a.target_cell or 0
        built = game.buildings[cell]
        tiers = model.street_rent[cell]
        rise = tiers[built + 2] - tiers[built + 1]
        return float(rise) * (model.landing[cell] if style.mode == PRICED else 1.0)

    best = legal[0] if style.mode == FIRST else max(legal, key=lambda a: (jump(a), a.target_cell or 0))
    cost = rules.cells[best.target_cell or 0].house_cost
    keep = rules.start_cash * style.keep_share if style.mode == FIRST else bot.reserve(game, seat, style.keep_share)
    if game.cash[seat] - cost < keep:
        return None
    if style.mode == PRICED and jump(best) * (sum(game.alive) - 1) * CONTRACT_ROUNDS < cost:
        return None
    return best

"""Kept cards: what a card drawn with `kept` becomes, and the `use_card` action that spends it.

- **Holding.** A kept card (`rules.Card.kept`; release cards always are) goes to its drawer's
  `cards_held` instead of acting. The decks with a `hold_limit` (Казка's characters: one each)
  or `once_per_player` (its magic objects: a seat that used one never gets it again) are
  drawn here (`draw`): uniformly among their cards in the deck, none while the lander holds
  its limit, none that the lander used; with none left, the cell does nothing.
- **Using.** `use_card(seat, card, target_seat, target_cell, choice)` spends a power card
  (any kept card but a release card, which the jail's `use_release_card` spends): the power
  of its effect (engine/powers.py), or of the effect `choice` picks on a `choose` card, must
  allow this moment and this target (`check`); `uses` lists every legal use, for `legal()`.
  Used, the card goes back to its deck (remembered for its seat if the deck is once per
  player) and then its power acts.
- **Bankruptcy.** Release cards of an ordinary deck pass to a creditor who is a player, as
  they always have, and so do «Ярмарок»'s (property, engine/fair_cards.py); every other kept
  card goes back to its deck (a creditor holding two characters would break «one each»).
- **Passive cards** (`rules.PASSIVE_EFFECTS`, «Ярмарок»'s season ticket) act while held and
  are never used.
"""
from __future__ import annotations

from . import fair_cards, timed
from .actions import Action, UseCard
from .chance import ChanceSource
from .errors import Why
from .events import CardDrawn, CardKept, CardUsed, Event
from .operations import GameOps
from .phases import DEBTS_SETTLED, PAYMENT_DUE, POST_ROLL, PRE_ROLL, Resume
from .powers import POWERS, RULE_TEXT, Params, Power, Target
from .rules import PASSIVE_EFFECTS, Card, Ruleset
from .state import GameState


def passes_on(rules: Ruleset, card: int) -> bool:
    """Whether a bankrupt's kept `card` passes to a creditor who is a player: a release card or
    one of «Ярмарок»'s, its holder's property (seed 004 L138), of an ordinary deck."""
    info = rules.cards[card]
    return (info.effect == "release" or info.effect in fair_cards.FAIR_EFFECTS) and info.deck not in rules.power_decks


def note_used(g: GameOps, seat: int, card: int) -> None:
    """Remember a used card of a once-per-player deck, so it never comes to `seat` again."""
    if g.rules.cards[card].deck in g.rules.once_per_player:
        g.cards_used[seat].append(card)


def draw(g: GameOps, seat: int, deck: str, chance: ChanceSource, ev: list[Event] | None) -> None:
    """The lander draws from a deck of kept cards (a hold limit or once per player)."""
    rules = g.rules
    cards = rules.cards
    held = g.cards_held[seat]
    here = g.pos[seat]
    limit = rules.hold_limit.get(deck)
    used = g.cards_used[seat]
    free = [] if limit is not None and sum(1 for c in held if cards[c].deck == deck) >= limit else [
        c for c in g.deck if cards[c].deck == deck and c not in used]
    if not free:
        g._came_to_rest(seat, here, ev)
        return
    card = free[chance.pick([cards[c].id for c in free])]
    g.deck.remove(card)
    if ev is not None:
        ev.append(CardDrawn(seat, cards[card].id))
    g._came_to_rest(seat, here, ev)
    held.append(card)
    if ev is not None:
        ev.append(CardKept(seat, cards[card].id))


def _power(card: Card, choice: int | None) -> tuple[Power, Params] | None:
    """The power a use of `card` with `choice` names, and its parameters (None: no such)."""
    if card.choices:
        if choice is None or type(choice) is not int or not 0 <= choice < len(card.choices):
            return None
        picked = card.choices[choice]
        return POWERS[picked.effect], picked.params
    if choice is not None:
        return None
    power = POWERS.get(card.effect)
    return None if power is None else (power, card.params)


def check(g: GameState, a: UseCard, seat: int) -> Why:
    """Why `a` is illegal now, if it is (legality.ACTION_CHECKS' rule for `use_card`)."""
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    rules = g.rules
    index = rules.card_index.get(a.card) if type(a.card) is str else None
    if index is None or index not in g.cards_held[seat]:
        return ("card.held", f"seat {seat} holds no card {a.card!r}")
    card = rules.cards[index]
    if not card.kept or card.effect == "release":
        return ("card.power", "a release card is used to leave jail")
    if card.effect in PASSIVE_EFFECTS:
        return ("card.passive", RULE_TEXT["card.passive"])
    found = _power(card, a.choice)
    if found is None:
        return ("card.choice", "name one of the card's choices" if card.choices else "this card offers no choice")
    power, params = found
    why = power.when(g, seat)
    if why is not None:
        return (why, RULE_TEXT[why])
    if (a.target_seat, a.target_cell) not in power.targets(g, seat, params):
        return ("card.target", "not a target this card may take now")
    return None


def uses(g: GameState, seat: int) -> list[UseCard]:
    """Every legal use of the power cards `seat` holds (the seat the game waits for)."""
    out: list[UseCard] = []
    cards = g.rules.cards
    seen: set[int] = set()
    for index in g.cards_held[seat]:
        card = cards[index]
        if index in seen or card.effect == "release" or card.effect in PASSIVE_EFFECTS:
            continue
        seen.add(index)
        picks: list[tuple[int | None, str]] = (
            [(k, c.effect) for k, c in enumerate(card.choices)] if card.choices else [(None, card.effect)])
        for choice, effect in picks:
            power = POWERS[effect]
            if power.when(g, seat) is not None:
                continue
            params = card.choices[choice].params if choice is not None else card.params
            out += [UseCard(seat, card.id, t[0], t[1], choice) for t in power.targets(g, seat, params)]
    return out


def needs_chance(g: GameState, a: Action) -> bool:
    """A move that may land on a card, a payment cancelled before the third jail try's move,
    or a turn that may start under a stare."""
    if timed.needs_chance(g, a):
        return True
    if type(a) is not UseCard:
        return False
    if g.phase is PAYMENT_DUE:
        return g.resume is Resume.JAIL_MOVE
    index = g.rules.card_index.get(a.card) if type(a.card) is str else None
    found = None if index is None else _power(g.rules.cards[index], a.choice)
    return found is not None and found[0].chance


def apply(g: GameOps, a: UseCard, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    """Spend the card (checked legal): back to its deck, then its power acts."""
    rules = g.rules
    index = rules.card_index[a.card]
    card = rules.cards[index]
    found = _power(card, a.choice)
    assert found is not None, "checked: the card has this power"
    power, params = found
    g.cards_held[a.seat].remove(index)
    note_used(g, a.seat, index)
    if ev is not None:
        ev.append(CardUsed(a.seat, card.id, a.target_seat, a.target_cell,
                           None if a.choice is None else card.choices[a.choice].id))
    g._return_card(index, ev)
    target: Target = (a.target_seat, a.target_cell)
    power.apply(g, a.seat, target, card, params, chance, ev)


def spend(g: GameOps, seat: int, card: int, cell: int | None, chance: ChanceSource | None,
          ev: list[Event] | None) -> None:
    """Use `seat`'s card `card` (an index) on `cell` as the action would: the clock's
    settlement of a debt spends «Ярмарок»'s this way (engine/fair_cards.py)."""
    apply(g, UseCard(seat, g.rules.cards[card].id, None, cell, None), chance, ev)


def back_to_turn(g: GameOps, resume: Resume, ev: list[Event] | None) -> None:
    """The debts of a power (or of a stare at the turn's start) are settled: back to the
    decision before or after the roll; a turn whose player went bankrupt passes on."""
    if not g.alive[g.active]:
        g._next_turn(ev)
        return
    back = PRE_ROLL if resume is Resume.BEFORE_ROLL else POST_ROLL
    if g.phase is not back:
        g._step(DEBTS_SETTLED, back=back)

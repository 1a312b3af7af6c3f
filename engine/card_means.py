"""What «Ярмарок»'s kept cards are worth to their holder while held (engine/fair_cards.py
says what each does when used): the season ticket's discount on a transport square's rent
and fare, a building's refund while its owner liquidates, and what the cards would add to a
debtor's means, and which may go in a trade. Read from the state alone, for holdings.py,
legality.py and the bots.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .state import BANK

if TYPE_CHECKING:
    from .rules import Card
    from .state import GameState

LIQUIDATION = "full_price_building_sale"


def held(s: GameState, seat: int, effect: str) -> list[int]:
    """The cards of `effect` that `seat` holds (indices, in the order drawn)."""
    cards = s.rules.cards
    return [c for c in s.cards_held[seat] if cards[c].effect == effect]


def season_ticket(s: GameState, seat: int, amount: int) -> int:
    """What `seat` pays of a transport square's rent or fare `amount`: the season ticket's
    `percent` less, rounded in the payee's favour (25 → 13)."""
    if seat == BANK or not s.rules.powers:
        return amount
    for c in held(s, seat, "transport_discount"):
        percent: int = s.rules.cards[c].params["percent"]
        return amount - amount * percent // 100
    return amount


def liquidating(s: GameState, seat: int) -> bool:
    return any(e.kind == LIQUIDATION and e.by == seat for e in s.effects)


def building_refund(s: GameState, seat: int, cell: int) -> int:
    """What the bank pays `seat` for one building on `cell`: what it cost while liquidating."""
    rules = s.rules
    if s.effects and liquidating(s, seat):
        return rules.cells[cell].house_cost
    return rules.building_refund(cell)


def best_full_sale(s: GameState, seat: int) -> int | None:
    """The deed whose full-price sale adds most over its ordinary sale (ties: the first cell)."""
    rules = s.rules
    best, gain = None, 0
    for c in rules.properties:
        if s.owner[c] == seat and not s.mortgaged[c]:
            more = rules.cells[c].price - rules.deed_sale_values[c]
            if more > gain:
                best, gain = c, more
    return best


def extra_means(s: GameState, seat: int) -> int:
    """What `seat`'s cards would add to selling everything (holdings.raisable): the
    certificates' face, the whole price of its best deed, its buildings at what they cost."""
    rules = s.rules
    cards = rules.cards
    total: int = sum(cards[c].params["value"] for c in held(s, seat, "certificate"))
    if held(s, seat, "full_price_deed_sale"):
        best = best_full_sale(s, seat)
        if best is not None:
            total += rules.cells[best].price - rules.deed_sale_values[best]
    if held(s, seat, LIQUIDATION) and not liquidating(s, seat):
        total += sum(s.buildings[c] * (rules.cells[c].house_cost - rules.building_refund(c))
                     for c in rules.properties if s.owner[c] == seat)
    return total


def tradeable(card: Card) -> bool:
    """Whether a card may go in a trade (L138: one with a face value may be offered to players)."""
    return card.effect == "certificate"

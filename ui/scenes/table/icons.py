"""The small drawings of the board's cells of kept cards (Казка: «Обери персонажа» and the four
magic objects) and of the cards' badges on the players panel: a crown for a character, a ship,
a carpet, a sword and a flask for the objects, a scroll for a kept card of a plain deck.

Which drawing a deck gets is read from what its cards do (their effect), the one thing the
engine says about them; nothing here knows a rule.
"""
from __future__ import annotations

from enum import StrEnum

import pygame

from zemlevlasnyk.engine import Ruleset

INK = pygame.Color("#3b2f5c")
CHARACTER = pygame.Color("#7b4fb0")
OBJECT = pygame.Color("#2b8a86")
SCROLL = pygame.Color("#c08b1e")


class Icon(StrEnum):
    CROWN = "crown"
    SHIP = "ship"
    CARPET = "carpet"
    SWORD = "sword"
    FLASK = "flask"
    SCROLL = "scroll"


# An object's drawing by the effect of its card.
_BY_EFFECT = {"move_choice": Icon.SHIP, "move_to_choice": Icon.CARPET, "take_from": Icon.SWORD,
              "choose": Icon.FLASK}


def deck_icon(rules: Ruleset, deck: str) -> Icon | None:
    """The drawing of a cell of `deck`, or None for a plain deck (its cells keep their «?»)."""
    if deck in rules.hold_limit:
        return Icon.CROWN
    if deck in rules.once_per_player:
        effects = {rules.cards[c].effect for c in rules.deck_cards.get(deck, ())}
        return next((_BY_EFFECT[e] for e in sorted(effects) if e in _BY_EFFECT), Icon.SCROLL)
    return None


def card_icon(rules: Ruleset, card: int) -> Icon:
    """The badge of a held card: its deck's drawing, a scroll for a plain deck's."""
    return deck_icon(rules, rules.cards[card].deck) or Icon.SCROLL


def icon_colour(icon: Icon) -> pygame.Color:
    return CHARACTER if icon is Icon.CROWN else SCROLL if icon is Icon.SCROLL else OBJECT


def draw_icon(surface: pygame.Surface, icon: Icon, rect: pygame.Rect, colour: pygame.Color = INK) -> None:
    """`icon` drawn in lines and shapes, filling the square centred in `rect`."""
    size = min(rect.width, rect.height)
    if size < 6:
        return
    box = pygame.Rect(0, 0, size, size)
    box.center = rect.center
    x, y, s = box.left, box.top, size
    line = max(1, s // 12)

    def p(fx: float, fy: float) -> tuple[int, int]:
        return round(x + fx * s), round(y + fy * s)

    if icon is Icon.CROWN:
        pygame.draw.polygon(surface, colour, [p(0.12, 0.78), p(0.12, 0.32), p(0.33, 0.55), p(0.5, 0.22),
                                              p(0.67, 0.55), p(0.88, 0.32), p(0.88, 0.78)])
        pygame.draw.rect(surface, colour, pygame.Rect(*p(0.12, 0.8), round(0.76 * s), max(2, s // 9)))
    elif icon is Icon.SHIP:
        pygame.draw.polygon(surface, colour, [p(0.08, 0.62), p(0.92, 0.62), p(0.76, 0.84), p(0.24, 0.84)])
        pygame.draw.line(surface, colour, p(0.5, 0.62), p(0.5, 0.12), line)
        pygame.draw.polygon(surface, colour, [p(0.54, 0.16), p(0.86, 0.52), p(0.54, 0.52)])
        pygame.draw.polygon(surface, colour, [p(0.46, 0.24), p(0.46, 0.52), p(0.2, 0.52)])
    elif icon is Icon.CARPET:
        # A carpet flying on the wind: a slanted cloth with a border, tassels at both ends.
        cloth = [p(0.16, 0.42), p(0.84, 0.3), p(0.84, 0.58), p(0.16, 0.7)]
        pygame.draw.polygon(surface, colour, cloth)
        pygame.draw.polygon(surface, pygame.Color("#fffdf6"), [p(0.26, 0.47), p(0.74, 0.39), p(0.74, 0.53),
                                                               p(0.26, 0.61)], line)
        for fy in (0.46, 0.56, 0.66):
            pygame.draw.line(surface, colour, p(0.16, fy), p(0.06, fy + 0.04), line)
        for fy in (0.34, 0.44, 0.54):
            pygame.draw.line(surface, colour, p(0.84, fy), p(0.94, fy - 0.04), line)
    elif icon is Icon.SWORD:
        pygame.draw.line(surface, colour, p(0.22, 0.78), p(0.78, 0.22), max(2, s // 8))
        pygame.draw.line(surface, colour, p(0.16, 0.56), p(0.44, 0.84), max(2, s // 10))
        pygame.draw.circle(surface, colour, p(0.16, 0.84), max(2, s // 10))
    elif icon is Icon.FLASK:
        pygame.draw.circle(surface, colour, p(0.5, 0.64), round(0.28 * s))
        pygame.draw.rect(surface, colour, pygame.Rect(*p(0.41, 0.16), round(0.18 * s), round(0.3 * s)))
        pygame.draw.rect(surface, colour, pygame.Rect(*p(0.35, 0.12), round(0.3 * s), max(2, s // 10)))
    else:
        pygame.draw.rect(surface, colour, pygame.Rect(*p(0.22, 0.18), round(0.56 * s), round(0.64 * s)),
                         border_radius=max(1, s // 10))
        for fy in (0.36, 0.5, 0.64):
            pygame.draw.line(surface, pygame.Color("#fffdf6"), p(0.32, fy), p(0.68, fy), line)

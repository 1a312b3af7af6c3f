"""The small drawings of the board's cells of kept cards (Казка: «Обери персонажа» and the four
magic objects) and of the cards' badges on the players panel: a crown for a character, a ship,
a carpet, a sword and a flask for the objects; a kept card of a plain deck (Ярмарок) on the
scroll's colour, drawn by what it does: a ticket, two tickets, a price tag, a house handed back
and a sealed certificate, a scroll for any other.

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
    TICKET = "ticket"
    TICKETS = "tickets"
    TAG = "tag"
    HOUSE_BACK = "house_back"
    SEAL = "seal"


# An object's drawing by the effect of its card.
_BY_EFFECT = {"move_choice": Icon.SHIP, "move_to_choice": Icon.CARPET, "take_from": Icon.SWORD,
              "choose": Icon.FLASK}


# A kept card of a plain deck by its effect: a badge of its own, so that a hand of them does
# not show the same scroll three times.
_KEPT_BY_EFFECT = {"transport_discount": Icon.TICKET, "double_transfer": Icon.TICKETS,
                   "full_price_deed_sale": Icon.TAG, "full_price_building_sale": Icon.HOUSE_BACK,
                   "certificate": Icon.SEAL}
# The drawings on the scroll's colour.
_PLAIN = frozenset({Icon.SCROLL, *_KEPT_BY_EFFECT.values()})


def deck_icon(rules: Ruleset, deck: str) -> Icon | None:
    """The drawing of a cell of `deck`, or None for a plain deck (its cells keep their «?»)."""
    if deck in rules.hold_limit:
        return Icon.CROWN
    if deck in rules.once_per_player:
        effects = {rules.cards[c].effect for c in rules.deck_cards.get(deck, ())}
        return next((_BY_EFFECT[e] for e in sorted(effects) if e in _BY_EFFECT), Icon.SCROLL)
    return None


def card_icon(rules: Ruleset, card: int) -> Icon:
    """The badge of a held card: its deck's drawing; for a plain deck's, what the card does."""
    info = rules.cards[card]
    return deck_icon(rules, info.deck) or _KEPT_BY_EFFECT.get(info.effect, Icon.SCROLL)


def icon_colour(icon: Icon) -> pygame.Color:
    return CHARACTER if icon is Icon.CROWN else SCROLL if icon in _PLAIN else OBJECT


# What shows through an icon's cut-outs (a scroll's lines, a ticket's notches) by default:
# the paper of the board's cells.
PAPER = pygame.Color("#fffdf6")


def draw_icon(surface: pygame.Surface, icon: Icon, rect: pygame.Rect, colour: pygame.Color = INK,
              detail: pygame.Color = PAPER) -> None:
    """`icon` drawn in lines and shapes, filling the square centred in `rect`; its cut-outs in
    `detail` (what it is drawn on)."""
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
        pygame.draw.polygon(surface, detail, [p(0.26, 0.47), p(0.74, 0.39), p(0.74, 0.53),
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
    elif icon in (Icon.TICKET, Icon.TICKETS):
        # A ticket: a strip with a notch on each side and a torn-off stub; two, one behind.
        pair = icon is Icon.TICKETS
        width = 0.64 if pair else 0.76
        for dx, dy in ((0.2, -0.16), (0.0, 0.0)) if pair else ((0.04, 0.0),):
            left, top = 0.06 + dx, 0.38 + dy
            strip = pygame.Rect(*p(left, top), round(width * s), round(0.38 * s))
            pygame.draw.rect(surface, detail, strip.inflate(2 * line, 2 * line), border_radius=max(1, s // 16))
            pygame.draw.rect(surface, colour, strip, border_radius=max(1, s // 16))
            for fx in (left, left + width):
                pygame.draw.circle(surface, detail, p(fx, top + 0.19), max(1, s // 12))
            stub = left + width * 0.72
            pygame.draw.line(surface, detail, p(stub, top + 0.06), p(stub, top + 0.32), line)
    elif icon is Icon.TAG:
        # A price tag: a pentagon pointing left, its hole near the point.
        pygame.draw.polygon(surface, colour, [p(0.1, 0.5), p(0.36, 0.22), p(0.88, 0.22), p(0.88, 0.78),
                                              p(0.36, 0.78)])
        pygame.draw.circle(surface, detail, p(0.34, 0.5), max(1, s // 10))
    elif icon is Icon.HOUSE_BACK:
        # A house over an arrow pointing back to the left: a building handed back to the bank.
        pygame.draw.polygon(surface, colour, [p(0.3, 0.34), p(0.56, 0.12), p(0.82, 0.34), p(0.82, 0.58),
                                              p(0.3, 0.58)])
        pygame.draw.line(surface, colour, p(0.18, 0.78), p(0.86, 0.78), max(2, s // 9))
        pygame.draw.polygon(surface, colour, [p(0.06, 0.78), p(0.28, 0.62), p(0.28, 0.94)])
    elif icon is Icon.SEAL:
        # A certificate's seal: a rosette with two ribbons below it.
        pygame.draw.polygon(surface, colour, [p(0.36, 0.56), p(0.26, 0.92), p(0.4, 0.84), p(0.48, 0.96),
                                              p(0.52, 0.6)])
        pygame.draw.polygon(surface, colour, [p(0.64, 0.56), p(0.74, 0.92), p(0.6, 0.84), p(0.52, 0.96),
                                              p(0.48, 0.6)])
        pygame.draw.circle(surface, colour, p(0.5, 0.4), round(0.3 * s))
        pygame.draw.circle(surface, detail, p(0.5, 0.4), round(0.18 * s), line)
    else:
        pygame.draw.rect(surface, colour, pygame.Rect(*p(0.22, 0.18), round(0.56 * s), round(0.64 * s)),
                         border_radius=max(1, s // 10))
        for fy in (0.36, 0.5, 0.64):
            pygame.draw.line(surface, detail, p(0.32, fy), p(0.68, fy), line)

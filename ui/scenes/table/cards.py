"""Kept cards at the table (Казка): each player's held cards as badges on the players panel,
the buttons that use a card, the picker of a card's target or potion, and the card shown when
a power is used or a badge is clicked.

Every use offered is one of `game.legal(seat)`'s `use_card` actions (engine/kept.py lists a
card's every legal use with its targets): a card whose one use needs no target is a button
that acts; a card with several uses (a seat, a cell or a potion to choose) is a button that
opens the picker, whose every button is one of those actions. Nothing here knows a rule.

The table replicates the whole state to every peer, so a held card is public (docs/RULES.md,
«Казка»): every badge shows its card to everyone.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from zemlevlasnyk.engine import Game, Phase, Ruleset, UseCard
from zemlevlasnyk.engine.events import CardUsed
from zemlevlasnyk.ui.kit import text_audit, theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import LABEL_MARGIN, Button, draw_text, panel, text_width, wrap
from zemlevlasnyk.ui.scenes.table.icons import card_icon, draw_icon, icon_colour
from zemlevlasnyk.ui.words.ruleset import card_name, card_words, cell_name, choice_name, choice_words
from zemlevlasnyk.ui.words.text import money

# A badge's side at the reference window, and the gap between badges.
BADGE = 16
BADGE_GAP = 3
# The picker's width at the reference window, and the most buttons in one column.
PICKER_WIDTH = 520
PICKER_COLUMN = 6
POWER_ACCENT = pygame.Color("#7b4fb0")


@dataclass(frozen=True)
class Pick:
    """A button's intent: open the picker for the uses of the held card `card`."""

    card: str


CANCEL_PICK = Pick("")


def uses(game: Game, seat: int) -> list[UseCard]:
    return [a for a in game.legal(seat).actions if isinstance(a, UseCard)]


def use_buttons(game: Game, seat: int, t: dict[str, Any], lang: str) -> list[Button]:
    """One button per held card that may be used now, in the order the cards were drawn."""
    by_card: dict[str, list[UseCard]] = {}
    for a in uses(game, seat):
        by_card.setdefault(a.card, []).append(a)
    c = t["cards"]
    out = []
    for card, acts in by_card.items():
        name = card_name(game.rules, card, lang)
        only = acts[0]
        if len(acts) == 1 and only.target_seat is None and only.target_cell is None and only.choice is None:
            label = c["cancel" if game.phase is Phase.PAYMENT_DUE else "use"].format(card=name)
            out.append(Button(label, only))
        else:
            out.append(Button(c["choose"].format(card=name), Pick(card)))
    return out


def option_label(game: Game, a: UseCard, names: Sequence[str], t: dict[str, Any], lang: str) -> str:
    """What one use does, in words: a potion and whom it aims at, a cell (with its owner and
    buildings, how far a flight goes, or what the bank pays for a deed sold at full price)."""
    rules = game.rules
    c = t["cards"]
    parts = []
    if a.choice is not None:
        card = rules.cards[rules.card_index[a.card]]
        parts.append(choice_name(rules, a.card, card.choices[a.choice].id, lang))
    if a.target_seat is not None:
        parts.append(names[a.target_seat])
    if a.target_cell is not None:
        cell = a.target_cell
        words = cell_name(rules, cell, lang)
        owner = game.owner[cell]
        if rules.cards[rules.card_index[a.card]].effect == "full_price_deed_sale":
            # A deed sold at its whole price («Ярмарок»'s good sale): what the bank pays.
            words = c["cell_price"].format(cell=words, amount=money(rules.cells[cell].price))
        elif game.buildings[cell] and 0 <= owner < len(names) and owner != a.seat:
            words = c["cell_owned"].format(cell=words, name=names[owner], buildings=game.buildings[cell])
        else:
            steps_ahead = (cell - game.pos[a.seat]) % rules.size
            words = c["cell_ahead"].format(cell=words, n=steps_ahead)
        parts.append(words)
    return str(c["option_join"]).join(parts)


class Picker:
    """The uses of one held card as buttons over the table, with the card's words above them."""

    def __init__(self, game: Game, seat: int, card: str, names: Sequence[str], t: dict[str, Any],
                 lang: str) -> None:
        self.card = card
        self.icon = card_icon(game.rules, game.rules.card_index[card])
        self.title = card_name(game.rules, card, lang)
        self.text = card_words(game.rules, card, lang)
        self.options = [Button(option_label(game, a, names, t, lang), a, face=Face.REGULAR)
                        for a in uses(game, seat) if a.card == card]
        self.cancel = Button(t["cancel"], CANCEL_PICK)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.sizes = theme.REFERENCE_SIZES

    @property
    def cells(self) -> list[int]:
        """The cells the uses name, framed on the board while the picker is up."""
        return [b.intent.target_cell for b in self.options if b.intent.target_cell is not None]

    def _columns(self, width: int) -> int:
        """Two columns when every label fits half the picker's width, else one."""
        s = self.sizes
        pad, gap = s.px(18), s.px(6)
        half = (width - 2 * pad - gap) // 2 - LABEL_MARGIN
        fits = all(text_width(b.label, theme.MIN_TEXT, Face.REGULAR) <= half for b in self.options)
        return 2 if len(self.options) > PICKER_COLUMN and fits else 1

    def _height(self, width: int) -> int:
        s = self.sizes
        pad = s.px(18)
        text_h = len(wrap(self.text, s.small, width - 2 * pad)) * (s.small + s.px(5))
        rows = -(-len(self.options) // self._columns(width))
        return pad + s.heading + s.px(14) + text_h + s.px(10) + rows * (s.px(34) + s.px(6)) + s.px(8) + s.px(34) + pad

    def layout(self, room: pygame.Rect, fallback: pygame.Rect, sizes: Sizes) -> None:
        """Centred in `room`, or in `fallback` (wider, if its labels need it) when `room` is
        too small for it."""
        s = self.sizes = sizes
        pad = s.px(18)
        width = min(room.width - 2 * s.px(8), s.px(PICKER_WIDTH))
        if width < s.px(PICKER_WIDTH) * 3 // 4 or self._height(width) > room.height:
            room = fallback
            width = min(room.width - 2 * s.px(12), s.px(PICKER_WIDTH))
            wider = min(room.width - 2 * s.px(12), 2 * width)
            if self._height(width) > room.height and self._height(wider) <= room.height:
                width = wider
        text_h = len(wrap(self.text, s.small, width - 2 * pad)) * (s.small + s.px(5))
        cols = self._columns(width)
        rows = -(-len(self.options) // cols)
        button_h, gap = s.px(34), s.px(6)
        self.rect = pygame.Rect(0, 0, width, min(room.height, self._height(width)))
        self.rect.center = room.center
        inner = self.rect.inflate(-2 * pad, 0)
        y = self.rect.top + pad + s.heading + s.px(14) + text_h + s.px(10)
        each = (inner.width - (cols - 1) * gap) // cols
        for n, b in enumerate(self.options):
            col, row = divmod(n, rows) if cols > 1 else (0, n)
            b.rect = pygame.Rect(inner.left + col * (each + gap), y + row * (button_h + gap), each, button_h)
            b.size = s.small
        self.cancel.rect = pygame.Rect(inner.right - s.px(160), self.rect.bottom - pad - button_h, s.px(160), button_h)
        self.cancel.size = s.small

    def click(self, pos: tuple[int, int]) -> UseCard | Pick | None:
        for b in (*self.options, self.cancel):
            if b.hit(pos):
                return b.intent  # type: ignore[no-any-return]
        return None

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        s = self.sizes
        pad = s.px(18)
        panel(surface, self.rect, theme.CARD, radius=s.radius + 4, shadow=True)
        text_audit.cover(surface, self.rect)
        inner = self.rect.inflate(-2 * pad, 0)
        head = pygame.Rect(inner.left, self.rect.top + pad // 2, inner.width, s.heading + s.px(14))
        mark = pygame.Rect(head.left, head.centery - s.px(11), s.px(22), s.px(22))
        draw_icon(surface, self.icon, mark, POWER_ACCENT)
        title_box = pygame.Rect(mark.right + s.px(8), head.top, head.right - mark.right - s.px(8), head.height)
        text, size = shrink_line(self.title, title_box.width, steps(s.heading, s.small), Face.BOLD)
        draw_text(surface, text, title_box.midleft, size, theme.INK, Face.BOLD, "midleft", box=title_box)
        y = head.bottom
        body = pygame.Rect(inner.left, y, inner.width, self.rect.bottom - y)
        for line in wrap(self.text, s.small, inner.width):
            draw_text(surface, line, (inner.left, y), s.small, theme.INK_SOFT, box=body)
            y += s.small + s.px(5)
        for b in (*self.options, self.cancel):
            b.draw(surface, mouse)


# -- the badges on the players panel ---------------------------------------------------------

def badge_room(game: Game, seat: int, sizes: Sizes) -> int:
    """The width `seat`'s badges take (none under rules without kept powers)."""
    count = len(game.cards_held[seat]) if game.rules.powers else 0
    return count * (sizes.px(BADGE) + sizes.px(BADGE_GAP))


def badges(game: Game, seat: int, right: int, centre_y: int, sizes: Sizes) -> list[tuple[int, pygame.Rect]]:
    """Each held card's badge, ending at `right`, in the order drawn."""
    if not game.rules.powers:
        return []
    side, gap = sizes.px(BADGE), sizes.px(BADGE_GAP)
    held = game.cards_held[seat]
    x = right - len(held) * (side + gap) + gap
    out = []
    for card in held:
        out.append((card, pygame.Rect(x, centre_y - side // 2, side, side)))
        x += side + gap
    return out


def draw_badge(surface: pygame.Surface, rules: Ruleset, card: int, rect: pygame.Rect) -> None:
    icon = card_icon(rules, card)
    pygame.draw.rect(surface, icon_colour(icon), rect, border_radius=3)
    draw_icon(surface, icon, rect.inflate(-4, -4), theme.INK_ON_DARK, icon_colour(icon))


# -- the card shown --------------------------------------------------------------------------

def power_words(rules: Ruleset, e: CardUsed, names: Sequence[str], t: dict[str, Any], lang: str,
                me: int) -> tuple[str, list[str], str]:
    """A power used, as a card: its name, what it does (a potion's words), who uses it on whom."""
    c = t["cards"]
    who = t["fortune"]["you"] if e.seat == me else names[e.seat]
    if e.target_seat is not None:
        whom = c["you_target"] if e.target_seat == me else names[e.target_seat]
        subtitle = c["used_on"].format(name=who, target=whom)
    elif e.target_cell is not None:
        subtitle = c["used_to"].format(name=who, cell=cell_name(rules, e.target_cell, lang))
    else:
        subtitle = who if e.seat == me else c["used_by"].format(name=who)
    text = choice_words(rules, e.card, e.choice, lang) if e.choice is not None else card_words(rules, e.card, lang)
    return card_name(rules, e.card, lang), [text], subtitle


def held_words(rules: Ruleset, card: int, seat: int, names: Sequence[str], t: dict[str, Any], lang: str,
               me: int) -> tuple[str, list[str], str]:
    """A held card opened from its badge: its name, its words (each potion's), who holds it."""
    info = rules.cards[card]
    lines = [card_words(rules, info.id, lang)]
    lines += [choice_words(rules, info.id, c.id, lang) for c in info.choices]
    holder = t["fortune"]["you"] if seat == me else t["cards"]["held_by"].format(name=names[seat])
    return card_name(rules, info.id, lang), lines, holder

"""The deed card: what a cell costs and pays, read from the ruleset, with the rent it earns
now from `engine.holdings.rent`, and the owner's buttons for it.

The card is laid out for the room it is given (the board's centre): its text shrinks until
the whole card fits, and every line has its own box. The owner's buttons have fixed places
at the card's foot (building in the first row; selling, mortgaging or redeeming in the
second), so a button never moves while the card is open.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from zemlevlasnyk.engine import BANK, Build, Game, holdings
from zemlevlasnyk.ui.kit import text_audit, theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import Button, Fitted, draw_text, fit, panel, text_width, wrap
from zemlevlasnyk.ui.scenes.table.board import deed_colour
from zemlevlasnyk.ui.words.ruleset import branches, cell_name, deck_name
from zemlevlasnyk.ui.words.text import Words, money

# The card's width at the reference window size.
WIDTH = 320
# Scales tried, largest first, until the card fits the room it is given.
SHRINK = (1.0, 0.92, 0.85, 0.78, 0.72)
# Pixels between a figure's label and its amount.
LABEL_GAP = 8


@dataclass(frozen=True)
class DeedRow:
    label: str
    amount: str
    current: bool = False


def deed_rows(game: Game, cell: int, t: Words) -> list[DeedRow]:
    """The rent table of `cell`, the row in force marked `current`."""
    rules = game.rules
    info = rules.cells[cell]
    d = t["deed"]
    owner = game.owner[cell]
    owned = owner != BANK and not game.mortgaged[cell]
    # Without mortgages (seed 004) the buildings are branches and a central office.
    fair = branches(rules)
    if info.kind == "street":
        built = game.buildings[cell]
        full = owned and holdings.owns_group(game, owner, cell)
        rows = [DeedRow(d["rent_base"], money(info.rent), owned and not built and not full),
                DeedRow(d["rent_group_branches" if fair else "rent_group"],
                        money(info.rent * rules.full_group_multiplier), owned and not built and full)]
        houses = d["rent_branches" if fair else "rent_houses"]
        for n in range(1, rules.max_buildings):
            rows.append(DeedRow(houses[min(n, len(houses)) - 1].format(n=n),
                                money(info.rents[n]), owned and built == n))
        hotel = rules.max_buildings
        rows.append(DeedRow(d["rent_office" if fair else "rent_hotel"], money(info.rents[hotel]),
                            owned and built == hotel))
        return rows
    if info.kind == "utility" and rules.utility_tariffs:
        # Seed 004's tariffs: the visitor pays by what it holds, more as the owner holds more.
        group = rules.group_of[cell]
        held = sum(1 for c in group if game.owner[c] == owner) if owned else 0
        rows = [DeedRow(d["tariff_head"], "", False)]
        for n, (deed, branch, office) in enumerate(rules.utility_tariffs[:len(group)], start=1):
            rows.append(DeedRow(d["owned_utilities"].format(n=n), d["tariff"].format(
                deed=money(deed), branch=money(branch), office=money(office)), held == n))
        return rows
    if info.kind in ("station", "utility"):
        group = rules.group_of[cell]
        held = sum(1 for c in group if game.owner[c] == owner) if owned else 0
        tiers = rules.station_rents if info.kind == "station" else rules.utility_multipliers
        rows = []
        for n, value in enumerate(tiers[:len(group)], start=1):
            label = d["owned_stations" if info.kind == "station" else "owned_utilities"].format(n=n)
            amount = money(value) if info.kind == "station" else d["times_dice"].format(n=money(value))
            rows.append(DeedRow(label, amount, held == n))
        return rows
    return []


def rent_now(game: Game, cell: int, t: Words) -> str:
    """What a visitor pays now, in words."""
    d = t["deed"]
    info = game.rules.cells[cell]
    if game.owner[cell] == BANK:
        return str(d["for_sale"].format(price=money(info.price)))
    if game.mortgaged[cell]:
        return str(d["mortgaged"])
    if info.kind == "utility" and game.rules.utility_tariffs:
        return str(d["rent_by_holdings"])
    if info.kind == "utility":
        return str(d["rent_now"].format(amount=d["times_dice"].format(n=money(holdings.rent(game, cell, 1)))))
    return str(d["rent_now"].format(amount=money(holdings.rent(game, cell, 0))))


def facts(game: Game, cell: int, t: Words) -> list[tuple[str, str]]:
    rules = game.rules
    info = rules.cells[cell]
    d = t["deed"]
    if rules.deed_sale_percent:
        out = [(d["price"], money(info.price)), (d["sale_value"], money(rules.deed_sale_values[cell]))]
    else:
        out = [(d["price"], money(info.price)), (d["mortgage_value"], money(rules.mortgage_value(cell)))]
    if info.kind == "street":
        out.append((d["branch_cost" if branches(rules) else "house_cost"], money(info.house_cost)))
    if game.mortgaged[cell]:
        out.append((d["redeem_cost"], money(rules.redeem_cost(cell))))
    return out


def facts_columns(game: Game, cell: int, t: Words, s: Sizes, width: int) -> int:
    """The price, mortgage and house figures go in two columns when each fits its half at
    the card's size, else in one (a narrow card: «Будинок» is not cut to «Буди…»)."""
    half = (width - 2 * s.px(18) - s.px(16)) // 2
    for label, amount in facts(game, cell, t):
        if text_width(label, s.small) + LABEL_GAP + text_width(amount, s.small) > half:
            return 1
    return 2


def about(game: Game, cell: int, t: Words) -> str:
    """A non-property cell's one-line description."""
    rules = game.rules
    info = rules.cells[cell]
    text = t["deed"]["about"].get("card_deck" if info.kind == "card" and info.deck else info.kind, "")
    credit, deposit = rules.credit, rules.deposit
    return str(text.format(amount=money(info.amount), salary=money(rules.start_salary), fee=money(rules.jail_fee),
                           donation=money(rules.donation), lucky=credit.lucky_total if credit else 0,
                           share=credit.share_percent if credit else 0,
                           percent=deposit.interest_percent if deposit else 0, jackpot=money(game.jackpot)))


def _ink_on(colour: pygame.Color) -> pygame.Color:
    luminance = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b
    return theme.INK if luminance > 150 else theme.INK_ON_DARK


def button_rows(game: Game, cell: int, *, mine: bool) -> int:
    """Rows of owner's buttons the card keeps room for: building, then the rest."""
    if not mine:
        return 0
    return 2 if game.rules.cells[cell].kind == "street" else 1


@dataclass(frozen=True)
class DeedCard:
    """A deed card laid out: its rectangle, its sizes and the places of its parts."""

    rect: pygame.Rect
    sizes: Sizes
    close: pygame.Rect
    slots: tuple[pygame.Rect, ...]      # the owner's button rows, top to bottom

    @property
    def pad(self) -> int:
        return self.sizes.px(18)

    @property
    def header(self) -> pygame.Rect:
        s = self.sizes
        return pygame.Rect(self.rect.left + s.px(8), self.rect.top + s.px(8), self.rect.width - s.px(16),
                           s.tiny + s.heading + s.px(18))

    @property
    def row_step(self) -> int:
        return self.sizes.small + self.sizes.px(8)

    @property
    def button_height(self) -> int:
        return self.sizes.px(36)


def owner_words(game: Game, cell: int, names: Sequence[str], t: Words) -> str:
    owner = game.owner[cell]
    return str(t["deed"]["owner"].format(name=t["bank"] if owner == BANK else names[owner]))


def closing_line(words: str, width: int, s: Sizes, base: int) -> Fitted:
    """The owner or the rent now, under the figures: on one line, as large as fits from
    `base` down to the smallest readable size, else on two (the longest names, a narrow card)."""
    sizes = steps(base, theme.MIN_TEXT)
    one = fit(words, width, s.body + s.px(8), sizes, Face.BOLD)
    if len(one.lines) == 1:
        return one
    return fit(words, width, 2 * (s.body + s.px(8)), sizes, Face.BOLD)


def closing_lines(game: Game, cell: int, names: Sequence[str], t: Words, s: Sizes,
                  width: int) -> tuple[Fitted, Fitted]:
    return (closing_line(owner_words(game, cell, names, t), width, s, s.small),
            closing_line(rent_now(game, cell, t), width, s, s.body))


def _rows_width(game: Game, cell: int, t: Words, s: Sizes) -> int:
    """The card's width at which every row of the rent table fits whole at its size."""
    rows = deed_rows(game, cell, t)
    widest = max((text_width(r.label, s.small, Face.BOLD) + LABEL_GAP + text_width(r.amount, s.small, Face.BOLD)
                  for r in rows), default=0)
    return widest + 2 * s.px(18) + s.px(16)


def _content_height(game: Game, cell: int, names: Sequence[str], t: Words, s: Sizes, width: int,
                    rows: int) -> int:
    header = s.tiny + s.heading + s.px(18) + s.px(8)
    pad = s.px(18)
    if not game.rules.cells[cell].is_property:
        lines = len(wrap(about(game, cell, t), s.body, width - 2 * pad))
        return header + s.px(14) + lines * (s.body + s.px(7)) + s.px(14)
    step = s.small + s.px(8)
    table = len(deed_rows(game, cell, t)) * step
    columns = facts_columns(game, cell, t, s, width)
    figures = (len(facts(game, cell, t)) + columns - 1) // columns * step
    lines = sum(len(f.lines) for f in closing_lines(game, cell, names, t, s, width - 2 * pad)) * (s.body + s.px(8))
    buttons = rows * (s.px(36) + s.px(6))
    return header + s.px(10) + table + s.px(12) + figures + s.px(6) + lines + buttons + s.px(12)


def layout_deed(game: Game, cell: int, names: Sequence[str], t: Words, sizes: Sizes, room: pygame.Rect, *,
                mine: bool) -> DeedCard:
    """The card of `cell` laid out to fit `room`, centred in it; `mine`: the person owns it
    (room is kept for the owner's buttons)."""
    rows = button_rows(game, cell, mine=mine)
    s = sizes
    # Only the text shrinks: the card keeps its width, so a smaller size is more room. A
    # rent table whose rows are wider (a utility's, in a small window) widens the card.
    width = min(room.width, max(sizes.px(WIDTH), _rows_width(game, cell, t, sizes)))
    for k in SHRINK:
        s = Sizes(sizes.scale * k)
        height = _content_height(game, cell, names, t, s, width, rows)
        if height <= room.height:
            break
    rect = pygame.Rect(0, 0, width, min(height, room.height))
    rect.center = room.center
    close = pygame.Rect(rect.right - s.px(34), rect.top + s.px(10), s.px(26), s.px(26))
    slots = []
    bottom = rect.bottom - s.px(12)
    for n in range(rows):
        top = bottom - (rows - n) * (s.px(36) + s.px(6)) + s.px(6)
        slots.append(pygame.Rect(rect.left + s.px(16), top, rect.width - s.px(32), s.px(36)))
    return DeedCard(rect, s, close, tuple(slots))


def place_buttons(card: DeedCard, buttons: Sequence[Button]) -> None:
    """Building in the first row; selling, mortgaging or redeeming in the second (at most
    one of those is ever allowed at once)."""
    for b in buttons:
        row = 0 if isinstance(b.intent, Build) or len(card.slots) == 1 else 1
        b.rect = card.slots[min(row, len(card.slots) - 1)].copy() if card.slots else pygame.Rect(0, 0, 0, 0)
        b.size = card.sizes.body


def draw_deed(surface: pygame.Surface, card: DeedCard, game: Game, cell: int, names: Sequence[str],
              t: Words, lang: str, buttons: Sequence[Button], mouse: tuple[int, int], *,
              dimmed: bool = False) -> None:
    rules = game.rules
    info = rules.cells[cell]
    s = card.sizes
    rect = card.rect
    panel(surface, rect, theme.CARD, radius=s.radius + 2, shadow=True)
    text_audit.cover(surface, rect)
    header = card.header
    colour = deed_colour(rules, cell)
    pygame.draw.rect(surface, colour, header, border_radius=s.radius)
    ink = _ink_on(colour)
    room = header.inflate(-2 * (card.close.width + s.px(8)), 0)
    kind = (deck_name(rules, info.deck, lang) if info.kind == "card" and info.deck
            else t["deed"]["kinds"].get(info.kind, "")).upper()
    kind_box = pygame.Rect(room.left, header.top + s.px(4), room.width, s.tiny + s.px(4))
    draw_text(surface, kind, (kind_box.centerx, kind_box.top), s.tiny, ink, Face.BOLD, "midtop", box=kind_box)
    name_box = pygame.Rect(room.left, kind_box.bottom, room.width, header.bottom - kind_box.bottom - s.px(2))
    name, size = shrink_line(cell_name(rules, cell, lang), name_box.width, steps(s.heading, s.small), Face.BOLD)
    draw_text(surface, name, name_box.center, size, ink, Face.BOLD, "center", box=name_box)
    draw_text(surface, "✕", card.close.center, s.body, ink, Face.BOLD, "center", box=card.close)
    left, right = rect.left + card.pad, rect.right - card.pad
    width = right - left
    y = header.bottom + s.px(10)
    if not info.is_property:
        body = pygame.Rect(left, y, width, rect.bottom - y)
        for piece in wrap(about(game, cell, t), s.body, width):
            y += s.px(4)
            draw_text(surface, piece, (rect.centerx, y), s.body, theme.INK, anchor="midtop", box=body)
            y += s.body + s.px(3)
        return
    step = card.row_step
    for row in deed_rows(game, cell, t):
        band = pygame.Rect(left - s.px(8), y, width + s.px(16), step)
        if row.current:
            pygame.draw.rect(surface, theme.SELECTED, band, border_radius=s.px(4))
        face = Face.BOLD if row.current else Face.REGULAR
        _label_and_amount(surface, row.label, row.amount, band.inflate(-s.px(16), 0), s.small, theme.INK, face)
        y += step
    y += s.px(5)
    pygame.draw.line(surface, theme.PANEL_LINE, (left, y), (right, y))
    y += s.px(7)
    columns = facts_columns(game, cell, t, s, rect.width)
    half = (width - s.px(16)) // 2 if columns == 2 else width
    for n, (label, amount) in enumerate(facts(game, cell, t)):
        x = left + (n % columns) * (half + s.px(16))
        _label_and_amount(surface, label, amount, pygame.Rect(x, y, half, step), s.small, theme.INK_SOFT,
                          Face.REGULAR)
        if n % columns == columns - 1:
            y += step
    if len(facts(game, cell, t)) % columns:
        y += step
    y += s.px(6)
    for fitted in closing_lines(game, cell, names, t, s, width):
        for text in fitted.lines:
            line = pygame.Rect(left, y, width, s.body + s.px(8))
            draw_text(surface, text, (line.left, line.centery), fitted.size, theme.INK, Face.BOLD, "midleft", box=line)
            y += line.height
    for b in buttons:
        b.draw(surface, mouse, dimmed=dimmed)


def _label_and_amount(surface: pygame.Surface, label: str, amount: str, line: pygame.Rect, size: int,
                      colour: pygame.Color, face: Face) -> None:
    """A label on the left and its amount on the right of `line`; the label gives way."""
    amount_text, amount_size = shrink_line(amount, line.width // 2, steps(size, theme.MIN_TEXT), face)
    amount_rect = draw_text(surface, amount_text, (line.right, line.centery), amount_size, colour, face, "midright",
                            box=line)
    room = pygame.Rect(line.left, line.top, amount_rect.left - line.left - LABEL_GAP, line.height)
    text, label_size = shrink_line(label, room.width, steps(size, theme.MIN_TEXT), face)
    draw_text(surface, text, (room.left, room.centery), label_size, colour, face, "midleft", box=room)


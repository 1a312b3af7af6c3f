"""The deed card: what a cell costs and pays, read from the ruleset, with the rent it earns
now from `engine.holdings.rent`, and the owner's buttons for it.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from zemlevlasnyk.engine import BANK, Game, holdings

from . import theme
from .board import deed_colour
from .fonts import Face
from .ruleset_text import cell_name
from .text import money
from .widgets import Button, draw_fitted, draw_text, fit, panel, stack, wrap

BUTTON_HEIGHT = 36
HEADER = 64
ROW_SIZE = theme.SMALL + 1
ROW_STEP = ROW_SIZE + 9
FACT_STEP = theme.SMALL + 8
ABOUT_LINE = 24
# The deed card's width, and the width of a non-property's description inside it.
WIDTH = 300
ABOUT_WIDTH = WIDTH - 44


@dataclass(frozen=True)
class DeedRow:
    label: str
    amount: str
    current: bool = False


def deed_rows(game: Game, cell: int, t: dict[str, Any]) -> list[DeedRow]:
    """The rent table of `cell`, the row in force marked `current`."""
    rules = game.rules
    info = rules.cells[cell]
    d = t["deed"]
    owner = game.owner[cell]
    owned = owner != BANK and not game.mortgaged[cell]
    if info.kind == "street":
        built = game.buildings[cell]
        full = owned and holdings.owns_group(game, owner, cell)
        rows = [DeedRow(d["rent_base"], money(info.rent), owned and not built and not full),
                DeedRow(d["rent_group"], money(info.rent * rules.full_group_multiplier),
                        owned and not built and full)]
        for n in range(1, rules.max_buildings):
            rows.append(DeedRow(d["rent_houses"][min(n, len(d["rent_houses"])) - 1].format(n=n),
                                money(info.rents[n]), owned and built == n))
        hotel = rules.max_buildings
        rows.append(DeedRow(d["rent_hotel"], money(info.rents[hotel]),
                            owned and built == hotel))
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


def rent_now(game: Game, cell: int, t: dict[str, Any]) -> str:
    """What a visitor pays now, in words."""
    d = t["deed"]
    info = game.rules.cells[cell]
    if game.owner[cell] == BANK:
        return d["for_sale"].format(price=money(info.price))
    if game.mortgaged[cell]:
        return d["mortgaged"]
    if info.kind == "utility":
        return d["rent_now"].format(amount=d["times_dice"].format(n=money(holdings.rent(game, cell, 1))))
    return d["rent_now"].format(amount=money(holdings.rent(game, cell, 0)))


def facts(game: Game, cell: int, t: dict[str, Any]) -> list[tuple[str, str]]:
    rules = game.rules
    info = rules.cells[cell]
    d = t["deed"]
    out = [(d["price"], money(info.price))]
    if info.kind == "street":
        out.append((d["house_cost"], money(info.house_cost)))
    out.append((d["mortgage_value"], money(rules.mortgage_value(cell))))
    if game.mortgaged[cell]:
        out.append((d["redeem_cost"], money(rules.redeem_cost(cell))))
    return out


def about(game: Game, cell: int, t: dict[str, Any]) -> str:
    """A non-property cell's one-line description."""
    rules = game.rules
    info = rules.cells[cell]
    text = t["deed"]["about"].get(info.kind, "")
    return text.format(amount=money(info.amount), salary=money(rules.start_salary), fee=money(rules.jail_fee))


def _ink_on(colour: pygame.Color) -> pygame.Color:
    luminance = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b
    return theme.INK if luminance > 150 else theme.INK_ON_DARK


def deed_height(game: Game, cell: int, t: dict[str, Any], buttons: int) -> int:
    """How tall the card of `cell` is with `buttons` owner's buttons."""
    top = HEADER + 22
    if not game.rules.cells[cell].is_property:
        return top + len(wrap(about(game, cell, t), theme.BODY, ABOUT_WIDTH)) * ABOUT_LINE + 16
    rows = len(deed_rows(game, cell, t)) * ROW_STEP + 16
    figures = len(facts(game, cell, t)) * FACT_STEP + 4
    rent = FACT_STEP + theme.BODY + 18
    return top + rows + figures + rent + buttons * (BUTTON_HEIGHT + 6) + 10


def layout_deed(rect: pygame.Rect, buttons: Sequence[Button]) -> pygame.Rect:
    """Place the owner's buttons at the foot of the card; the close box's rectangle."""
    area = pygame.Rect(rect.left + 16, rect.bottom - 14 - len(buttons) * (BUTTON_HEIGHT + 6) + 6,
                       rect.width - 32, rect.height)
    stack(list(buttons), area, BUTTON_HEIGHT, gap=6)
    return pygame.Rect(rect.right - 34, rect.top + 8, 26, 26)


def draw_deed(surface: pygame.Surface, rect: pygame.Rect, game: Game, cell: int, names: Sequence[str],
              t: dict[str, Any], lang: str, buttons: Sequence[Button], mouse: tuple[int, int], *,
              dimmed: bool = False) -> None:
    rules = game.rules
    info = rules.cells[cell]
    panel(surface, rect, theme.CARD, radius=10, shadow=True)
    header = pygame.Rect(rect.left + 10, rect.top + 10, rect.width - 20, HEADER)
    colour = deed_colour(rules, cell)
    pygame.draw.rect(surface, colour, header, border_radius=6)
    ink = _ink_on(colour)
    kind = t["deed"]["kinds"].get(info.kind, "")
    draw_text(surface, kind.upper(), (header.centerx, header.top + 6), theme.TINY, ink, Face.BOLD, "midtop")
    fitted = fit(cell_name(rules, cell, lang), header.width - 56, 40, (theme.HEADING, theme.BODY, theme.SMALL),
                 Face.BOLD)
    draw_fitted(surface, fitted, header.centerx, header.top + 24, ink)
    close = pygame.Rect(rect.right - 34, rect.top + 8, 26, 26)
    draw_text(surface, "✕", close.center, theme.BODY, ink, Face.BOLD, "center")
    y = header.bottom + 12
    left, right = rect.left + 22, rect.right - 22
    if not info.is_property:
        for line in wrap(about(game, cell, t), theme.BODY, ABOUT_WIDTH):
            draw_text(surface, line, (rect.centerx, y), theme.BODY, theme.INK, anchor="midtop")
            y += ABOUT_LINE
        return
    for row in deed_rows(game, cell, t):
        if row.current:
            pygame.draw.rect(surface, theme.SELECTED, (left - 8, y - 2, right - left + 16, ROW_SIZE + 8), border_radius=4)
        face = Face.BOLD if row.current else Face.REGULAR
        draw_text(surface, row.label, (left, y), ROW_SIZE, theme.INK, face)
        draw_text(surface, row.amount, (right, y), ROW_SIZE, theme.INK, face, "topright")
        y += ROW_STEP
    y += 4
    pygame.draw.line(surface, theme.PANEL_LINE, (left, y), (right, y))
    y += 8
    for label, amount in facts(game, cell, t):
        draw_text(surface, label, (left, y), theme.SMALL, theme.INK_SOFT)
        draw_text(surface, amount, (right, y), theme.SMALL, theme.INK_SOFT, anchor="topright")
        y += FACT_STEP
    y += 4
    owner = game.owner[cell]
    whom = t["bank"] if owner == BANK else names[owner]
    draw_text(surface, t["deed"]["owner"].format(name=whom), (left, y), theme.SMALL, theme.INK, Face.BOLD)
    y += FACT_STEP
    draw_text(surface, rent_now(game, cell, t), (left, y), theme.BODY, theme.INK, Face.BOLD)
    for b in buttons:
        b.draw(surface, mouse, dimmed=dimmed)

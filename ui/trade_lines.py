"""Deeds in a trade, one to a line: the group's colour (hatched when mortgaged), the name,
its price, and under a mortgaged one the word saying so, so a name never grows past its
column (a long one takes two lines). Shared by the offer a computer player makes and the
proposal's summary."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from zemlevlasnyk.engine import Game, holdings

from . import theme
from .board import deed_colour
from .fonts import Face
from .ruleset_text import cell_name
from .text import money
from .text_fit import shrink_line, steps
from .theme import Sizes
from .widgets import Fitted, draw_text, fit, text_width


def _name(game: Game, cell: int, sizes: Sizes, width: int, lang: str) -> Fitted:
    """A deed's name in a list `width` wide beside its colour and price: on one line, as
    large as fits down to the smallest readable size, else on two (a narrow dialog)."""
    s = sizes
    room = width - s.px(10) - s.px(8) - text_width(money(game.rules.cells[cell].price), s.small) - s.px(8)
    name = cell_name(game.rules, cell, lang)
    sizes_tried = steps(s.small, theme.MIN_TEXT)
    one = fit(name, room, s.small + s.px(8), sizes_tried, Face.REGULAR)
    if len(one.lines) == 1:
        return one
    return fit(name, room, 2 * (s.small + s.px(8)), sizes_tried, Face.REGULAR)


def line_height(game: Game, cell: int, sizes: Sizes, width: int, lang: str) -> int:
    s = sizes
    lines = len(_name(game, cell, s, width, lang).lines)
    return lines * (s.small + s.px(8)) + (s.tiny + s.px(2) if game.mortgaged[cell] else 0)


def list_height(game: Game, cells: Sequence[int], sizes: Sizes, width: int, lang: str) -> int:
    """The height of `cells` listed `width` wide."""
    return sum(line_height(game, c, sizes, width, lang) for c in cells) or sizes.small + sizes.px(8)


def trade_value(game: Game, cells: Sequence[int]) -> int:
    """The deeds at their printed prices."""
    return sum(game.rules.cells[c].price for c in cells)


def trade_totals(game: Game, give: Sequence[int], get: Sequence[int], paid: int) -> tuple[int, int]:
    """What the person gives and what they get, the deeds at their printed prices and the
    money on its side (`paid` > 0 the person pays it, < 0 they receive it): what the
    summary compares, so an offer of money for a deed does not read «you get 0»."""
    return trade_value(game, give) + max(paid, 0), trade_value(game, get) + max(-paid, 0)


def totals_line(game: Game, give: Sequence[int], get: Sequence[int], paid: int, t: dict[str, Any]) -> str:
    """`trade_totals` in words."""
    gives, gets = trade_totals(game, give, get, paid)
    return str(t["trade_total"].format(give=money(gives), get=money(gets)))


def fee_line(game: Game, get: Sequence[int], t: dict[str, Any]) -> str:
    """What the bank takes at once for the mortgaged deeds the person gets (the rules'
    transfer fee, Класика's 10%); empty when nothing."""
    fee = sum(holdings.transfer_fee(game, c) for c in get if game.mortgaged[c])
    return str(t["trade_fee"].format(amount=money(fee), percent=game.rules.redeem_interest_percent)) if fee else ""


def draw_swatch(surface: pygame.Surface, rect: pygame.Rect, colour: pygame.Color, *, mortgaged: bool) -> None:
    if mortgaged:
        pygame.draw.rect(surface, theme.CARD, rect, border_radius=2)
        pygame.draw.rect(surface, colour, rect, 2, border_radius=2)
        pygame.draw.line(surface, theme.MORTGAGE, rect.bottomleft, rect.topright, 2)
    else:
        pygame.draw.rect(surface, colour, rect, border_radius=2)


def draw_deed_list(surface: pygame.Surface, rect: pygame.Rect, game: Game, cells: Sequence[int],
                   t: dict[str, Any], lang: str, sizes: Sizes) -> int:
    """The deeds from the top of `rect` (or «nothing»); the y below the last."""
    s = sizes
    rules = game.rules
    y = rect.top
    if not cells:
        box = pygame.Rect(rect.left, y, rect.width, s.small + s.px(8))
        draw_text(surface, t["nothing"], (box.left, box.centery), s.small, theme.INK_SOFT, anchor="midleft", box=box)
        return box.bottom
    for cell in cells:
        height = line_height(game, cell, s, rect.width, lang)
        mortgaged = game.mortgaged[cell]
        swatch = pygame.Rect(rect.left, y + s.px(3), s.px(10), s.small + s.px(2))
        draw_swatch(surface, swatch, deed_colour(rules, cell), mortgaged=mortgaged)
        price = money(rules.cells[cell].price)
        line = pygame.Rect(swatch.right + s.px(8), y, rect.right - swatch.right - s.px(8), s.small + s.px(8))
        price_rect = draw_text(surface, price, (line.right, line.centery), s.small, theme.INK_SOFT, anchor="midright",
                               box=line)
        fitted = _name(game, cell, s, rect.width, lang)
        for n, text in enumerate(fitted.lines):
            name_box = pygame.Rect(line.left, line.top + n * line.height, price_rect.left - line.left - s.px(8),
                                   line.height)
            draw_text(surface, text, (name_box.left, name_box.centery), fitted.size, theme.INK, anchor="midleft",
                      box=name_box)
        line.height *= len(fitted.lines)
        if mortgaged:
            note = pygame.Rect(line.left, line.bottom - s.px(4), line.width, s.tiny + s.px(4))
            mark, size = shrink_line(t["mortgaged_mark"], note.width, steps(s.tiny, theme.MIN_TEXT))
            draw_text(surface, mark, (note.left, note.centery), size, theme.MORTGAGE, anchor="midleft", box=note)
        y += height
    return y

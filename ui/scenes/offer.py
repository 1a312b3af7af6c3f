"""A computer player's offer waiting for the person's answer, drawn as a dialog over the
table: a trade (what you get and what you give, each deed with its price, the money, and
the totals at the printed prices) or a draw. The answers themselves are the table's
buttons (from `game.legal`), placed at the dialog's foot."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from zemlevlasnyk.engine import Game

from .. import text_audit, theme
from ..fonts import Face
from ..text import money
from ..text_fit import shrink_line, steps
from ..theme import Sizes
from ..trade_lines import draw_deed_list, fee_line, list_height, totals_line
from ..widgets import Button, draw_text, panel, wrap

# The dialog's width at the reference window size.
DIALOG_WIDTH = 560


def _rows(s: Sizes) -> tuple[int, int, int]:
    """(padding, the title's band, the answers' row)."""
    return s.px(22), s.heading + s.px(24), s.px(40)


def offer_rect(game: Game, t: dict[str, Any], lang: str, sizes: Sizes, room: pygame.Rect) -> pygame.Rect:
    """The dialog, centred in `room`."""
    s = sizes
    pad, title, answers = _rows(s)
    width = min(room.width - 2 * s.px(12), s.px(DIALOG_WIDTH))
    if game.trade is not None:
        trade = game.trade
        half = (width - 2 * pad - s.px(20)) // 2
        deeds = max(list_height(game, trade.give, s, half, lang), list_height(game, trade.take, s, half, lang))
        lines = 3 if fee_line(game, trade.give, t) else 2
        body = s.small + s.px(10) + deeds + s.px(8) + lines * (s.body + s.px(10))
    else:
        body = len(wrap(t["draw_offer_text"], s.body, width - 2 * pad)) * (s.body + s.px(6))
    rect = pygame.Rect(0, 0, width, min(room.height, pad + title + body + s.px(12) + answers + pad))
    rect.center = room.center
    return rect


def place_answers(box: pygame.Rect, answers: Sequence[Button], sizes: Sizes) -> None:
    """Accept and decline side by side at the dialog's foot."""
    pad, _, height = _rows(sizes)
    width = (box.width - 2 * pad - sizes.px(12)) // 2
    for n, b in enumerate(answers):
        b.rect = pygame.Rect(box.left + pad + n * (width + sizes.px(12)), box.bottom - pad - height, width, height)
        b.size = sizes.body


def draw_offer(surface: pygame.Surface, box: pygame.Rect, game: Game, names: Sequence[str],
               t: dict[str, Any], lang: str, sizes: Sizes) -> None:
    s = sizes
    pad, title_h, answers = _rows(s)
    panel(surface, box, theme.CARD, radius=s.radius + 4, shadow=True)
    text_audit.cover(surface, box)
    inner = box.inflate(-2 * pad, 0)
    title_box = pygame.Rect(inner.left, box.top + pad // 2, inner.width, title_h)
    if game.trade is None:
        assert game.draw is not None
        title = t["draw_offer_title"].format(name=names[game.draw.by])
        text, size = shrink_line(title, title_box.width, steps(s.heading, s.small), Face.BOLD)
        draw_text(surface, text, title_box.midleft, size, theme.INK, Face.BOLD, "midleft", box=title_box)
        body = pygame.Rect(inner.left, title_box.bottom, inner.width, box.bottom - pad - answers - title_box.bottom)
        y = body.top
        for line in wrap(t["draw_offer_text"], s.body, inner.width):
            draw_text(surface, line, (inner.left, y), s.body, theme.INK_SOFT, box=body)
            y += s.body + s.px(6)
        return
    trade = game.trade
    frm = trade.from_seat
    text, size = shrink_line(t["trade_offer_title"].format(name=names[frm]), title_box.width,
                             steps(s.heading, s.small), Face.BOLD)
    draw_text(surface, text, title_box.midleft, size, theme.INK, Face.BOLD, "midleft", box=title_box)
    y = title_box.bottom
    gap = s.px(20)
    half = (inner.width - gap) // 2
    bottom = y
    columns = ((t["trade_you_get"], trade.give), (t["trade_you_give"], trade.take))
    for column, (title, cells) in enumerate(columns):
        x = inner.left + column * (half + gap)
        head = pygame.Rect(x, y, half, s.small + s.px(10))
        draw_text(surface, title.upper(), (head.left, head.centery), s.tiny, theme.INK_SOFT, Face.BOLD, "midleft",
                  box=head)
        bottom = max(bottom, draw_deed_list(surface, pygame.Rect(x, head.bottom, half, 0), game, cells, t, lang, s))
    y = bottom + s.px(8)
    pygame.draw.line(surface, theme.PANEL_LINE, (inner.left, y), (inner.right, y))
    lines = [money_line(trade.money, names[frm], t),
             totals_line(game, trade.take, trade.give, -trade.money, t), fee_line(game, trade.give, t)]
    for n, line in enumerate(filter(None, lines)):
        row = pygame.Rect(inner.left, y + s.px(4), inner.width, s.body + s.px(8))
        face = Face.BOLD if n == 0 and trade.money else Face.REGULAR
        text, size = shrink_line(line, row.width, steps(s.body, theme.MIN_TEXT), face)
        draw_text(surface, text, (row.left, row.centery), size, theme.INK, face, "midleft", box=row)
        y = row.bottom


def money_line(amount: int, partner: str, t: dict[str, Any]) -> str:
    """Money in a trade offered to the person: `amount` > 0 the partner pays, < 0 the person pays."""
    if amount > 0:
        return str(t["trade_they_pay"].format(name=partner, amount=money(amount)))
    if amount < 0:
        return str(t["trade_you_pay"].format(amount=money(-amount)))
    return ""

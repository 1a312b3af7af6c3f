"""A computer player's offer waiting for the person's answer, drawn as a dialog over the
table: a trade (what you get, what you give, the money) or a draw. The answers themselves
are the table's buttons (from `game.legal`), placed at the dialog's foot."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from zemlevlasnyk.engine import Game

from .. import theme
from ..board import deed_colour
from ..fonts import Face
from ..ruleset_text import cell_name
from ..text import money
from ..widgets import Button, draw_text, panel, wrap

DIALOG_WIDTH = 460
DRAW_OFFER_HEIGHT = 190
# A trade dialog: its frame, and one line per deed of the longer side.
TRADE_FRAME = 230
DEED_LINE = 22
ANSWER_HEIGHT = 40


def offer_height(game: Game) -> int:
    if game.trade is not None:
        listed = max(len(game.trade.give), len(game.trade.take), 1)
        return TRADE_FRAME + listed * DEED_LINE
    return DRAW_OFFER_HEIGHT


def place_answers(box: pygame.Rect, answers: Sequence[Button]) -> None:
    """Accept and decline side by side at the foot of the dialog."""
    row = pygame.Rect(box.left + 24, box.bottom - 24 - ANSWER_HEIGHT, box.width - 48, 0)
    width = (row.width - 12) // 2
    for n, b in enumerate(answers):
        b.rect = pygame.Rect(row.left + n * (width + 12), row.top, width, ANSWER_HEIGHT)


def draw_offer(surface: pygame.Surface, box: pygame.Rect, game: Game, names: Sequence[str],
               t: dict[str, Any], lang: str) -> None:
    panel(surface, box, theme.CARD, radius=12, shadow=True)
    left = box.left + 24
    trade = game.trade
    if trade is None:
        assert game.draw is not None, "an offer dialog shows a trade or a draw offer"
        by = game.draw.by
        draw_text(surface, t["draw_offer_title"].format(name=names[by]), (left, box.top + 22), theme.HEADING,
                  theme.INK, Face.BOLD)
        for n, line in enumerate(wrap(t["draw_offer_text"], theme.BODY, box.width - 48)):
            draw_text(surface, line, (left, box.top + 64 + n * 22), theme.BODY, theme.INK_SOFT)
        return
    frm = trade.from_seat
    draw_text(surface, t["trade_offer_title"].format(name=names[frm]), (left, box.top + 22), theme.HEADING,
              theme.INK, Face.BOLD)
    y = box.top + 66
    half = (box.width - 60) // 2
    for column, (title, cells) in enumerate(((t["trade_you_get"], trade.give),
                                              (t["trade_you_give"], trade.take))):
        x = left + column * (half + 12)
        draw_text(surface, title, (x, y), theme.SMALL, theme.INK_SOFT, Face.BOLD)
        line_y = y + 24
        for cell in cells:
            _draw_deed_line(surface, game, cell, x, line_y, t, lang)
            line_y += DEED_LINE
        if not cells:
            draw_text(surface, t["nothing"], (x, line_y), theme.SMALL, theme.INK_SOFT)
    line = money_line(trade.money, names[frm], t)
    if line:
        draw_text(surface, line, (left, box.bottom - 34 - ANSWER_HEIGHT - 8), theme.BODY, theme.INK, Face.BOLD,
                  "bottomleft")


def _draw_deed_line(surface: pygame.Surface, game: Game, cell: int, x: int, y: int, t: dict[str, Any],
                    lang: str) -> None:
    rules = game.rules
    pygame.draw.rect(surface, deed_colour(rules, cell), (x, y + 2, 10, 16), border_radius=2)
    name = cell_name(rules, cell, lang)
    if game.mortgaged[cell]:
        name += " " + t["mortgaged_mark"]
    draw_text(surface, name, (x + 16, y), theme.SMALL, theme.INK)


def money_line(amount: int, partner: str, t: dict[str, Any]) -> str:
    """Money in a trade offered to the person: `amount` > 0 the partner pays, < 0 the person pays."""
    if amount > 0:
        return t["trade_they_pay"].format(name=partner, amount=money(amount))
    if amount < 0:
        return t["trade_you_pay"].format(amount=money(-amount))
    return ""

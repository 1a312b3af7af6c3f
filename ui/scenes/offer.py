"""A computer player's offer waiting for the person's answer, drawn as a dialog over the
table: a trade (why the proposer wants it, in one line under the title; what you get and
what you give, each deed with its price, a kept card with its face value, the money, and the
totals at the printed prices) or
a draw. The answers themselves are the table's buttons (from `game.legal`), placed at the
dialog's foot."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from zemlevlasnyk.engine import Game, TradeOffer
from zemlevlasnyk.ui.kit import text_audit, theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import Button, draw_text, panel, wrap
from zemlevlasnyk.ui.scenes.table.trade_lines import draw_deed_list, fee_line, list_height, totals_line
from zemlevlasnyk.ui.words.offers import offer_reason
from zemlevlasnyk.ui.words.text import Words

# The dialog's width at the reference window size.
DIALOG_WIDTH = 560


def _rows(s: Sizes) -> tuple[int, int, int]:
    """(padding, the title's band, the answers' row)."""
    return s.px(22), s.heading + s.px(24), s.px(40)


def offer_rect(game: Game, t: Words, lang: str, sizes: Sizes, room: pygame.Rect) -> pygame.Rect:
    """The dialog, centred in `room`."""
    s = sizes
    pad, title, answers = _rows(s)
    width = min(room.width - 2 * s.px(12), s.px(DIALOG_WIDTH))
    if game.trade is not None:
        trade = game.trade
        half = (width - 2 * pad - s.px(20)) // 2
        get, give = sides(trade.money)
        offered, asked = trade_cards(game, trade)
        deeds = max(list_height(game, trade.give, s, half, lang, cash=get, cards=offered),
                    list_height(game, trade.take, s, half, lang, cash=give, cards=asked))
        lines = 2 if fee_line(game, trade.give, t) else 1
        reason = len(_reason_lines(game, lang, s, width - 2 * pad)) * (s.body + s.px(4)) + s.px(6)
        body = reason + s.small + s.px(10) + deeds + s.px(8) + lines * (s.body + s.px(10))
    else:
        body = len(wrap(t["draw_offer_text"], s.body, width - 2 * pad)) * (s.body + s.px(6))
    rect = pygame.Rect(0, 0, width, min(room.height, pad + title + body + s.px(12) + answers + pad))
    rect.center = room.center
    return rect


def _reason_lines(game: Game, lang: str, s: Sizes, width: int) -> list[str]:
    """The proposer's reason for the open trade, wrapped to the dialog's width."""
    assert game.trade is not None
    return wrap(offer_reason(game, game.trade, lang), s.body, width, Face.REGULAR)


def place_answers(box: pygame.Rect, answers: Sequence[Button], sizes: Sizes) -> None:
    """Accept and decline side by side at the dialog's foot."""
    pad, _, height = _rows(sizes)
    width = (box.width - 2 * pad - sizes.px(12)) // 2
    for n, b in enumerate(answers):
        b.rect = pygame.Rect(box.left + pad + n * (width + sizes.px(12)), box.bottom - pad - height, width, height)
        b.size = sizes.body


def draw_offer(surface: pygame.Surface, box: pygame.Rect, game: Game, names: Sequence[str],
               t: Words, lang: str, sizes: Sizes) -> None:
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
    for line in _reason_lines(game, lang, s, inner.width):
        row = pygame.Rect(inner.left, y, inner.width, s.body + s.px(4))
        draw_text(surface, line, (row.left, row.centery), s.body, theme.INK_SOFT, Face.REGULAR, "midleft", box=row)
        y = row.bottom
    y += s.px(6)
    gap = s.px(20)
    half = (inner.width - gap) // 2
    bottom = y
    get, give = sides(trade.money)
    offered, asked = trade_cards(game, trade)
    columns = ((t["trade_you_get"], trade.give, get, offered), (t["trade_you_give"], trade.take, give, asked))
    for column, (title, cells, cash, cards) in enumerate(columns):
        x = inner.left + column * (half + gap)
        head = pygame.Rect(x, y, half, s.small + s.px(10))
        draw_text(surface, title.upper(), (head.left, head.centery), s.tiny, theme.INK_SOFT, Face.BOLD, "midleft",
                  box=head)
        bottom = max(bottom, draw_deed_list(surface, pygame.Rect(x, head.bottom, half, 0), game, cells, t, lang, s,
                                            cash=cash, cards=cards))
    y = bottom + s.px(8)
    pygame.draw.line(surface, theme.PANEL_LINE, (inner.left, y), (inner.right, y))
    lines = [totals_line(game, trade.take, trade.give, -trade.money, t, give_cards=asked, get_cards=offered),
             fee_line(game, trade.give, t)]
    for line in filter(None, lines):
        row = pygame.Rect(inner.left, y + s.px(4), inner.width, s.body + s.px(8))
        text, size = shrink_line(line, row.width, steps(s.body, theme.MIN_TEXT), Face.REGULAR)
        draw_text(surface, text, (row.left, row.centery), size, theme.INK, Face.REGULAR, "midleft", box=row)
        y = row.bottom


def trade_cards(game: Game, trade: TradeOffer) -> tuple[list[str], list[str]]:
    """The kept cards of an open trade (ids) as (what the proposer offers, what it asks for)."""
    cards, theirs = game.rules.cards, game.cards_held[trade.from_seat]
    return ([cards[c].id for c in trade.cards if c in theirs], [cards[c].id for c in trade.cards if c not in theirs])


def sides(amount: int) -> tuple[int, int]:
    """The money of a trade offered to the person (`amount` > 0: the proposer pays it) as
    (what the person gets, what the person gives)."""
    return max(amount, 0), max(-amount, 0)

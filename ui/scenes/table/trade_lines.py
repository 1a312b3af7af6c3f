"""One side of a trade, a thing to a line: each deed with the group's colour (hatched when
mortgaged), the name, its price, and under a mortgaged one the word saying so, so a name
never grows past its column (a long one takes two lines); then the kept cards it hands over
(«Ярмарок»'s certificates: a card mark, the name, the face value); then the money that side
hands over, as a thing given like a deed («Гроші … 42 600»), not a sentence apart. Shared by
the offer a computer player makes and the proposal's summary."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from zemlevlasnyk.engine import Game, holdings
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import Fitted, draw_text, fit, text_width
from zemlevlasnyk.ui.scenes.table.board import deed_colour
from zemlevlasnyk.ui.words.ruleset import card_name, cell_name
from zemlevlasnyk.ui.words.text import Words, money


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


def list_height(game: Game, cells: Sequence[int], sizes: Sizes, width: int, lang: str, *, cash: int = 0,
                cards: Sequence[str] = ()) -> int:
    """The height of `cells`, `cards` and `cash` (money handed over with them) listed `width` wide."""
    row = sizes.small + sizes.px(8)
    return (sum(line_height(game, c, sizes, width, lang) for c in cells) + row * len(cards)
            + (row if cash else 0)) or row


def card_value(game: Game, card: str) -> int:
    """A kept card's face value (a certificate's; 0 for a card without one)."""
    rules = game.rules
    value: int = rules.cards[rules.card_index[card]].params.get("value", 0)
    return value


def trade_value(game: Game, cells: Sequence[int], cards: Sequence[str] = ()) -> int:
    """The deeds at their printed prices, the cards at their face."""
    return sum(game.rules.cells[c].price for c in cells) + sum(card_value(game, c) for c in cards)


def trade_totals(game: Game, give: Sequence[int], get: Sequence[int], paid: int, *,
                 give_cards: Sequence[str] = (), get_cards: Sequence[str] = ()) -> tuple[int, int]:
    """What the person gives and what they get, the deeds at their printed prices, the cards
    at their face and the money on its side (`paid` > 0 the person pays it, < 0 they receive
    it): what the summary compares, so an offer of money for a deed does not read «you get 0»."""
    return (trade_value(game, give, give_cards) + max(paid, 0),
            trade_value(game, get, get_cards) + max(-paid, 0))


def totals_line(game: Game, give: Sequence[int], get: Sequence[int], paid: int, t: Words, *,
                give_cards: Sequence[str] = (), get_cards: Sequence[str] = ()) -> str:
    """`trade_totals` in words."""
    gives, gets = trade_totals(game, give, get, paid, give_cards=give_cards, get_cards=get_cards)
    return str(t["trade_total"].format(give=money(gives), get=money(gets)))


def fee_line(game: Game, get: Sequence[int], t: Words) -> str:
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
                   t: Words, lang: str, sizes: Sizes, *, cash: int = 0, cards: Sequence[str] = ()) -> int:
    """The deeds from the top of `rect`, then the `cards`, then `cash` (the money this side
    hands over, if any), or «nothing»; the y below the last."""
    s = sizes
    rules = game.rules
    y = rect.top
    if not cells and not cash and not cards:
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
    for card in cards:
        y = _draw_card(surface, pygame.Rect(rect.left, y, rect.width, s.small + s.px(8)), game, card, lang, s)
    if cash:
        y = _draw_cash(surface, pygame.Rect(rect.left, y, rect.width, s.small + s.px(8)), cash, t, s)
    return y


def _draw_cash(surface: pygame.Surface, line: pygame.Rect, cash: int, t: Words, sizes: Sizes) -> int:
    """Money in a side's list, laid out as a deed's line: a coin where the colour goes, the
    word, the amount where the price goes (bold: it is the sum itself, not a price)."""
    s = sizes
    radius = s.px(5)
    pygame.draw.circle(surface, theme.HIGHLIGHT, (line.left + radius, line.centery), radius)
    pygame.draw.circle(surface, theme.INK_SOFT, (line.left + radius, line.centery), radius, 1)
    row = pygame.Rect(line.left + s.px(10) + s.px(8), line.top, line.width - s.px(10) - s.px(8), line.height)
    amount = draw_text(surface, money(cash), (row.right, row.centery), s.small, theme.INK, Face.BOLD,
                       anchor="midright", box=row)
    word = pygame.Rect(row.left, row.top, amount.left - row.left - s.px(8), row.height)
    text, size = shrink_line(t["trade_money"], word.width, steps(s.small, theme.MIN_TEXT))
    draw_text(surface, text, (word.left, word.centery), size, theme.INK, anchor="midleft", box=word)
    return line.bottom


def _draw_card(surface: pygame.Surface, line: pygame.Rect, game: Game, card: str, lang: str, sizes: Sizes) -> int:
    """A kept card in a side's list, laid out as a deed's line: a card's outline where the
    colour goes, its name, its face value where the price goes."""
    s = sizes
    mark = pygame.Rect(line.left, line.top + s.px(3), s.px(10), s.small + s.px(2))
    pygame.draw.rect(surface, theme.CARD, mark, border_radius=2)
    pygame.draw.rect(surface, theme.INK_SOFT, mark, 1, border_radius=2)
    row = pygame.Rect(mark.right + s.px(8), line.top, line.right - mark.right - s.px(8), line.height)
    value = draw_text(surface, money(card_value(game, card)), (row.right, row.centery), s.small, theme.INK_SOFT,
                      anchor="midright", box=row)
    word = pygame.Rect(row.left, row.top, value.left - row.left - s.px(8), row.height)
    text, size = shrink_line(card_name(game.rules, card, lang), word.width, steps(s.small, theme.MIN_TEXT))
    draw_text(surface, text, (word.left, word.centery), size, theme.INK, anchor="midleft", box=word)
    return line.bottom

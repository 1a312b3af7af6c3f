"""The trade proposal dialog, over the table: with whom, your deeds, theirs, and money; then
a summary to check before it is sent.

Every other player is listed, always in seat order and in the same place; one the rules do
not let you ask now is shown disabled with the reason (already asked this turn, out of the
game). Nobody is chosen until you choose. Deeds show their price and whether they are
mortgaged. Under each side's deeds come its kept cards that a trade may carry («Ярмарок»'s
certificates, with their face value): a card the engine refuses in any trade (`trade.card`)
is not shown. Which deeds and cards may go into a trade, and whether the whole proposal is
allowed, is asked of the engine (`decisions.why_not`), never decided here; a deed that may
not is greyed, a note under the deeds says why, and the line beside «next» says it of the
deed under the mouse.
"""
from __future__ import annotations

import math

import pygame

from zemlevlasnyk.engine import ProposeTrade, Ruleset
from zemlevlasnyk.ui.kit import text_audit, theme
from zemlevlasnyk.ui.kit.fonts import Face, font
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.widgets import Button, Fitted, Stepper, Style, draw_text, fit, panel, scrim, text_width
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.scenes.table.board import deed_colour
from zemlevlasnyk.ui.scenes.table.choices import bid_step, why_not
from zemlevlasnyk.ui.scenes.table.trade_lines import (
    card_value,
    draw_deed_list,
    draw_swatch,
    fee_line,
    list_height,
    totals_line,
)
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.words.ruleset import card_name, cell_name, short_cell_name
from zemlevlasnyk.ui.words.text import money

# The dialog's size at the reference window size (it shrinks to fit a smaller window, and
# widens, as far as the window allows, until any of the board's deeds fits whole two chips
# to a row: `_wide_enough`).
DIALOG_SIZE = (800, 620)
# A deed chip's colour mark and margins take this many pixels of its width.
CHIP_INSET = 26
# Deeds go one to a row, names whole, while a chip keeps this height (reference pixels);
# below it, two to a row.
CHIP_MIN_HEIGHT = 22
# The note on greyed deeds takes at most this many lines (two reasons may need a second).
NOTE_LINES = 2
NEXT = "next"
SEND = "send"
CHANGE = "change"
CANCEL = "cancel"


class TradeScene(Scene):
    overlay = True

    def __init__(self, app: SceneHost, source: nav.TradeSource) -> None:
        super().__init__(app)
        self.source = source
        self.game = source.game
        self.me = source.me
        self.names = source.names
        self.partner: int | None = None
        self.give: set[int] = set()
        self.take: set[int] = set()
        self.give_cards: set[str] = set()      # kept cards (ids): mine, theirs
        self.take_cards: set[str] = set()
        # Money in a trade moves in the board's round amounts, like bids.
        self.money = Stepper(0, 0, 0, bid_step(self.game.rules))
        self.checking = False          # the summary is shown
        self.partner_buttons: list[Button] = []
        self.mine: list[Button] = []
        self.theirs: list[Button] = []
        self.greyed: dict[int | str, str] = {}   # a deed (or card) that may not go into the trade: the rule
        self.note: Fitted | None = None
        self.note_box = pygame.Rect(0, 0, 0, 0)
        self.next = Button("", NEXT, style=Style.PRIMARY)
        self.send = Button("", SEND, style=Style.PRIMARY)
        self.change = Button("", CHANGE)
        self.cancel = Button("", CANCEL)
        self.box = pygame.Rect(0, 0, *DIALOG_SIZE)
        self.chips_area = pygame.Rect(0, 0, 0, 0)
        self.relabel()

    # --- what may be chosen -------------------------------------------------------------

    def relabel(self) -> None:
        t = self.t
        self.names = self.source.names   # the table renamed its computer players, if the language changed
        self.next.label, self.send.label = t["trade_next"], t["trade_send"]
        self.change.label, self.cancel.label = t["trade_change"], t["cancel"]
        allowed = set(self.game.legal(self.me).trade_partners)
        self.partner_buttons = []
        for seat in range(self.game.players):
            if seat == self.me:
                continue
            reason = None if seat in allowed else self._why_not(seat)
            label = self.names[seat] if reason is None else f"{self.names[seat]} · {reason}"
            self.partner_buttons.append(Button(label, seat, enabled=seat in allowed, selected=seat == self.partner))
        self._chips()
        self.layout(self.size)

    def _why_not(self, seat: int) -> str:
        game = self.game
        if not game.alive[seat]:
            return str(self.t["trade_out"])
        if seat in game.proposed_to:
            return str(self.t["trade_asked"])
        return str(self.t["trade_not_now"])

    def proposal(self) -> ProposeTrade | None:
        if self.partner is None:
            return None
        cards = tuple(c for c in self._card_ids() if c in self.give_cards or c in self.take_cards)
        return ProposeTrade(self.me, self.partner, tuple(sorted(self.give)), tuple(sorted(self.take)),
                            self.money.current, cards)

    def _card_ids(self) -> list[str]:
        """The kept cards of both sides, mine first, each in the order drawn."""
        game = self.game
        seats = (self.me,) if self.partner is None else (self.me, self.partner)
        return [game.rules.cards[c].id for seat in seats for c in game.cards_held[seat]]

    def _choose_partner(self, partner: int) -> None:
        self.partner = partner
        self.give.clear()
        self.take.clear()
        self.give_cards.clear()
        self.take_cards.clear()
        self.money.set_range(-self.game.cash[partner], self.game.cash[self.me])
        self.money.value = 0
        for b in self.partner_buttons:
            b.selected = b.intent == partner
        self._chips()
        self.layout(self.size)

    def _chips(self) -> None:
        game = self.game
        partner = self.partner
        self.greyed = {}
        if partner is None:
            self.mine, self.theirs = [], []
        else:
            self.mine = [self._chip(c, ProposeTrade(self.me, partner, (c,), (), 0))
                         for c in game.rules.properties if game.owner[c] == self.me]
            self.theirs = [self._chip(c, ProposeTrade(self.me, partner, (), (c,), 0))
                           for c in game.rules.properties if game.owner[c] == partner]
            for seat, chips in ((self.me, self.mine), (partner, self.theirs)):
                for index in game.cards_held[seat]:
                    card = game.rules.cards[index].id
                    alone = ProposeTrade(self.me, partner, (), (), 0, (card,))
                    if why_not(game, alone) != "trade.card":
                        chips.append(self._chip(card, alone))
        self._refresh()

    def _chip(self, item: int | str, alone: ProposeTrade) -> Button:
        """A deed (a cell) or a kept card (its id) to click into the trade; its name and price
        are drawn over it (the price always whole, the name giving way)."""
        rule = why_not(self.game, alone)
        if rule is not None:
            self.greyed[item] = rule
        swatch = deed_colour(self.game.rules, item) if isinstance(item, int) else None
        return Button("", item, enabled=rule is None, face=Face.CONDENSED_BOLD, swatch=swatch)

    def _item_name(self, item: int | str) -> str:
        rules = self.game.rules
        return cell_name(rules, item, self.app.lang) if isinstance(item, int) else card_name(rules, item, self.app.lang)

    def _item_price(self, item: int | str) -> int:
        return self.game.rules.cells[item].price if isinstance(item, int) else card_value(self.game, item)

    def _rule_words(self, rule: str) -> str:
        """A trade rule the engine names, in words (the rules a deed or a proposal may break
        here have their own; any other gets the general one)."""
        words = self.t["trade_why"]
        return str(words.get(rule.removeprefix("trade."), words["any"]))

    def _greyed_note(self) -> str:
        """Why the greyed deeds may not go into the trade: each reason once."""
        reasons = dict.fromkeys(self._rule_words(rule) for rule in self.greyed.values())
        return str(self.t["trade_greyed"].format(why="; ".join(reasons))) if reasons else ""

    def _greyed_under(self, pos: tuple[int, int]) -> str | None:
        """Why the greyed deed at `pos` may not go into the trade, if one is there."""
        for b in (*self.mine, *self.theirs):
            if b.intent in self.greyed and b.rect.collidepoint(pos):
                deed = self._item_name(b.intent)
                return str(self.t["trade_greyed_deed"].format(deed=deed, why=self._rule_words(self.greyed[b.intent])))
        return None

    def _refresh(self) -> None:
        for b in self.mine:
            b.selected = b.intent in (self.give if isinstance(b.intent, int) else self.give_cards)
        for b in self.theirs:
            b.selected = b.intent in (self.take if isinstance(b.intent, int) else self.take_cards)
        proposal = self.proposal()
        self.next.enabled = proposal is not None and self.game.is_legal(proposal)
        self.send.enabled = self.next.enabled

    def _problem(self) -> str:
        """Why «next» is not allowed yet, in words."""
        proposal = self.proposal()
        if proposal is None:
            return str(self.t["trade_pick_partner"])
        if not (proposal.give or proposal.take or proposal.money or proposal.cards):
            return str(self.t["trade_choose"])
        rule = why_not(self.game, proposal)
        if rule is None:
            return ""
        if rule.removeprefix("trade.") in self.t["trade_why"]:
            return str(self.t["trade_not_allowed_why"].format(why=self._rule_words(rule)))
        return str(self.t["trade_not_allowed"])

    # --- where things go ----------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.sizes
        w, h = size
        width = max(s.px(DIALOG_SIZE[0]), self._wide_enough())
        self.box = pygame.Rect(0, 0, min(width, w - 2 * s.gap), min(s.px(DIALOG_SIZE[1]), h - 2 * s.gap))
        self.box.center = (w // 2, h // 2)
        pad = s.px(24)
        inner = self.box.inflate(-2 * pad, -2 * pad)
        self.inner = inner
        self.title_box = pygame.Rect(inner.left, inner.top, inner.width, s.heading + s.px(10))
        row = pygame.Rect(inner.left, self.title_box.bottom + s.px(10), inner.width, s.px(36))
        label_w = s.px(90)
        count = max(1, len(self.partner_buttons))
        each = (row.width - label_w - (count - 1) * s.px(8)) // count
        for n, b in enumerate(self.partner_buttons):
            b.rect = pygame.Rect(row.left + label_w + n * (each + s.px(8)), row.top, each, row.height)
            b.size = s.body
        self.partner_row = row
        foot = inner.bottom - s.px(40)
        for b in (self.cancel, self.change):
            b.rect = pygame.Rect(inner.right - s.px(170), foot, s.px(170), s.px(40))
            b.size = s.body
        for b in (self.next, self.send):
            b.rect = pygame.Rect(self.cancel.rect.left - s.px(12) - s.px(230), foot, s.px(230), s.px(40))
            b.size = s.body
        self.problem_box = pygame.Rect(inner.left, foot, self.next.rect.left - inner.left - s.px(12), s.px(40))
        money_row = pygame.Rect(inner.left, foot - s.px(14) - s.px(36), inner.width, s.px(36))
        self.money_label = pygame.Rect(inner.left, money_row.top, label_w, money_row.height)
        self.money.layout(pygame.Rect(inner.left + label_w, money_row.top, min(s.px(260), inner.width // 2),
                                      money_row.height))
        self.money.size = s.body
        self.money_note = pygame.Rect(self.money.rect.right + s.px(14), money_row.top,
                                      inner.right - self.money.rect.right - s.px(14), money_row.height)
        # The note on greyed deeds, under them, only when there are some.
        note = self._greyed_note()
        room = NOTE_LINES * font(s.small, Face.REGULAR).get_linesize()
        self.note = fit(note, inner.width, room, steps(s.small, theme.MIN_TEXT), Face.REGULAR) if note else None
        note_h = len(self.note.lines) * self.note.line_height if self.note else 0
        self.note_box = pygame.Rect(inner.left, money_row.top - s.px(14) - note_h, inner.width, note_h)
        below = note_h + s.px(8) if note_h else 0
        self.chips_area = pygame.Rect(inner.left, row.bottom + s.px(14), inner.width,
                                      money_row.top - s.px(14) - row.bottom - s.px(14) - below)
        gap = s.px(24)
        half = (inner.width - gap) // 2
        head = s.small + s.px(12)
        for column, chips in enumerate((self.mine, self.theirs)):
            area = pygame.Rect(inner.left + column * (half + gap), self.chips_area.top + head, half,
                               self.chips_area.height - head)
            one_h = min(s.px(30), area.height // max(1, len(chips)) - s.px(5))
            two_w = (half - s.px(8)) // 2
            two_h = max(s.px(18), min(s.px(30), area.height // max(1, math.ceil(len(chips) / 2)) - s.px(5)))
            two_size = max(theme.MIN_TEXT, min(s.small, two_h - s.px(12)))
            # One to a row while they all fit so at the full chip height (a short list reads
            # down); else two to a row if every name fits whole so; else one to a row while
            # the chips stay readable; else two, the longest names in their short form.
            if one_h >= s.px(30) or not self._chips_fit(chips, two_w, two_size) \
                    and one_h >= max(s.px(CHIP_MIN_HEIGHT), theme.MIN_TEXT + s.px(10)):
                across, chip_w, chip_h = 1, half, max(s.px(18), one_h)
                chip_size = max(theme.MIN_TEXT, min(s.small, chip_h - s.px(12)))
            else:
                across, chip_w, chip_h, chip_size = 2, two_w, two_h, two_size
            for n, b in enumerate(chips):
                b.rect = pygame.Rect(area.left + (n % across) * (chip_w + s.px(8)),
                                     area.top + (n // across) * (chip_h + s.px(5)), chip_w, chip_h)
                b.size = chip_size

    def _chip_need(self, item: int | str, size: int) -> int:
        """The width of a chip with a deed's (or card's) name whole beside its price at `size`
        (as `_draw_chip` lays them)."""
        price = text_width(money(self._item_price(item)), size, Face.CONDENSED)
        name = text_width(self._item_name(item), size, Face.CONDENSED_BOLD)
        return CHIP_INSET + price + self.sizes.px(6) + name + 1

    def _wide_enough(self) -> int:
        """The dialog's width with room for any deed of the board whole, two chips to a row,
        in both columns. Counted over every deed, not those owned now: the dialog keeps its
        size (and its buttons their places) whoever is chosen."""
        s = self.sizes
        chip = max(self._chip_need(c, s.small) for c in self.game.rules.properties)
        column = 2 * chip + s.px(8)
        return 2 * column + s.px(24) + 2 * s.px(24)

    def _chips_fit(self, chips: list[Button], width: int, size: int) -> bool:
        """Every chip's name and price fit a chip `width` wide whole at `size` (as
        `_draw_chip` lays them): two chips to a row only when no name has to shrink for it,
        else a large window drew some names smaller than their neighbours'."""
        return all(self._chip_need(b.intent, size) <= width for b in chips)

    def next_frame(self) -> float:
        return 0.0 if self.money.holding else math.inf   # else nothing here moves by itself

    def update(self, dt: float) -> None:
        if self.money.update(dt):
            self._refresh()

    # --- input --------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.checking and self.money.handle(event, self.app.mouse):
            self._refresh()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.checking:
                    self.checking = False
                else:
                    self.app.go(nav.Back())
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        pos = event.pos
        if self.checking:
            if self.change.hit(pos):
                self.checking = False
            elif self.send.hit(pos):
                proposal = self.proposal()
                self.app.go(nav.Back())
                if proposal is not None:
                    self.source.send(proposal)
            return
        for b in self.partner_buttons:
            if b.hit(pos) and b.intent != self.partner:
                self._choose_partner(b.intent)
                return
        for chips, deeds, cards in ((self.mine, self.give, self.give_cards), (self.theirs, self.take, self.take_cards)):
            for b in chips:
                if b.hit(pos):
                    if isinstance(b.intent, int):
                        deeds.symmetric_difference_update({b.intent})
                    else:
                        cards.symmetric_difference_update({b.intent})
        if self.cancel.hit(pos):
            self.app.go(nav.Back())
            return
        self._refresh()
        if self.next.hit(pos):
            self.checking = True

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        scrim(surface)
        s = self.sizes
        panel(surface, self.box, theme.CARD, radius=s.px(14), shadow=True)
        text_audit.cover(surface, self.box)
        if self.checking:
            self._draw_summary(surface)
            return
        mouse = self.app.mouse
        box = self.title_box
        text, size = shrink_line(self.t["trade_title"], box.width, steps(s.heading + 2, s.body), Face.BOLD)
        draw_text(surface, text, box.midleft, size, theme.INK, Face.BOLD, "midleft", box=box)
        label = pygame.Rect(self.partner_row.left, self.partner_row.top, s.px(84), self.partner_row.height)
        draw_text(surface, self.t["trade_partner"], label.midleft, s.body, theme.INK_SOFT, Face.BOLD, "midleft",
                  box=label)
        for b in self.partner_buttons:
            b.draw(surface, mouse)
        gap = s.px(24)
        half = (self.inner.width - gap) // 2
        partner = self.names[self.partner] if self.partner is not None else ""
        titles = (self.t["trade_you_give"], self.t["trade_you_get_from"].format(name=partner))
        for column, (title, chips) in enumerate(zip(titles, (self.mine, self.theirs), strict=True)):
            head = pygame.Rect(self.chips_area.left + column * (half + gap), self.chips_area.top, half,
                               s.small + s.px(8))
            if self.partner is not None:
                text, size = shrink_line(title, head.width, steps(s.small + 1, theme.MIN_TEXT), Face.BOLD)
                draw_text(surface, text, head.midleft, size, theme.INK_SOFT, Face.BOLD, "midleft", box=head)
                if not chips:
                    note = head.move(0, head.height + s.px(4))
                    draw_text(surface, self.t["no_deeds"], note.midleft, s.small, theme.INK_SOFT, anchor="midleft",
                              box=note)
            for b in chips:
                self._draw_chip(surface, b, mouse)
        if self.partner is not None:
            draw_text(surface, self.t["trade_money"], self.money_label.midleft, s.small + 1, theme.INK_SOFT,
                      Face.BOLD, "midleft", box=self.money_label)
            self.money.draw(surface, lambda v: money(abs(v)))
            line, size = shrink_line(self._money_words(), self.money_note.width, steps(s.body, theme.MIN_TEXT))
            draw_text(surface, line, self.money_note.midleft, size, theme.INK, anchor="midleft", box=self.money_note)
        if self.note is not None:
            y = self.note_box.top
            for line in self.note.lines:
                draw_text(surface, line, (self.note_box.left, y), self.note.size, theme.INK_SOFT, box=self.note_box)
                y += self.note.line_height
        # The deed under the mouse says why it is greyed, where the dialog says what stops «next».
        greyed = self._greyed_under(mouse)
        problem = greyed or self._problem()
        if problem:
            # Two lines where one is too narrow (the box beside «next» is small in a small window).
            box = self.problem_box
            said = fit(problem, box.width, box.height, steps(s.small, theme.MIN_TEXT), Face.REGULAR)
            y = box.centery - len(said.lines) * said.line_height // 2
            for line in said.lines:
                draw_text(surface, line, (box.left, y), said.size, theme.INK if greyed else theme.INK_SOFT, box=box)
                y += said.line_height
        self.next.draw(surface, mouse)
        self.cancel.draw(surface, mouse)

    def _draw_chip(self, surface: pygame.Surface, chip: Button, mouse: tuple[int, int]) -> None:
        s = self.sizes
        chip.draw(surface, mouse)
        cell = chip.intent
        rules = self.game.rules
        if isinstance(cell, str):
            self._draw_card_chip(surface, chip)
            return
        if self.game.mortgaged[cell]:
            mark = pygame.Rect(chip.rect.left + 6, chip.rect.top + 6, 8, chip.rect.height - 12)
            draw_swatch(surface, mark, deed_colour(rules, cell), mortgaged=True)
        ink = theme.INK if chip.enabled else theme.BUTTON_INK_DISABLED
        room = pygame.Rect(chip.rect.left + 20, chip.rect.top, chip.rect.width - CHIP_INSET, chip.rect.height)
        price = draw_text(surface, money(rules.cells[cell].price), room.midright, chip.size, ink, Face.CONDENSED,
                          "midright", box=room)
        name_box = pygame.Rect(room.left, room.top, price.left - room.left - s.px(6), room.height)
        name, size = chip_name(rules, cell, self.app.lang, name_box.width, chip.size)
        draw_text(surface, name, name_box.midleft, size, ink, Face.CONDENSED_BOLD, "midleft", box=name_box)

    def _draw_card_chip(self, surface: pygame.Surface, chip: Button) -> None:
        """A kept card's chip: a card's outline where a deed's colour goes, the name, the face."""
        s = self.sizes
        ink = theme.INK if chip.enabled else theme.BUTTON_INK_DISABLED
        mark = pygame.Rect(chip.rect.left + 6, chip.rect.top + 6, 8, chip.rect.height - 12)
        pygame.draw.rect(surface, theme.INK_SOFT, mark, 1, border_radius=2)
        room = pygame.Rect(chip.rect.left + 20, chip.rect.top, chip.rect.width - CHIP_INSET, chip.rect.height)
        price = draw_text(surface, money(self._item_price(chip.intent)), room.midright, chip.size, ink,
                          Face.CONDENSED, "midright", box=room)
        name_box = pygame.Rect(room.left, room.top, price.left - room.left - s.px(6), room.height)
        name, size = shrink_line(self._item_name(chip.intent), name_box.width, steps(chip.size, theme.MIN_TEXT),
                                 Face.CONDENSED_BOLD)
        draw_text(surface, name, name_box.midleft, size, ink, Face.CONDENSED_BOLD, "midleft", box=name_box)

    def _money_words(self) -> str:
        value = self.money.current
        partner = self.names[self.partner] if self.partner is not None else ""
        if value > 0:
            return str(self.t["trade_money_you_pay"].format(amount=money(value)))
        if value < 0:
            return str(self.t["trade_money_they_pay"].format(name=partner, amount=money(-value)))
        return str(self.t["trade_money_none"])

    def _draw_summary(self, surface: pygame.Surface) -> None:
        """What will be sent: both sides with their prices, the money, the totals."""
        s = self.sizes
        assert self.partner is not None
        box = self.title_box
        title = self.t["trade_check"].format(name=self.names[self.partner])
        text, size = shrink_line(title, box.width, steps(s.heading + 2, s.small), Face.BOLD)
        draw_text(surface, text, box.midleft, size, theme.INK, Face.BOLD, "midleft", box=box)
        gap = s.px(24)
        half = (self.inner.width - gap) // 2
        top = box.bottom + s.px(16)
        give, take = sorted(self.give), sorted(self.take)
        give_cards = [c for c in self._card_ids() if c in self.give_cards]
        take_cards = [c for c in self._card_ids() if c in self.take_cards]
        value = self.money.value
        bottom = top
        # The money is one more thing given, on the side of whoever pays it.
        for column, (head, cells, cash, cards) in enumerate(
                ((self.t["trade_you_give"], give, max(value, 0), give_cards),
                 (self.t["trade_you_get"], take, max(-value, 0), take_cards))):
            x = self.inner.left + column * (half + gap)
            head_box = pygame.Rect(x, top, half, s.small + s.px(10))
            draw_text(surface, head.upper(), head_box.midleft, s.tiny, theme.INK_SOFT, Face.BOLD, "midleft",
                      box=head_box)
            room = pygame.Rect(x, head_box.bottom, half, list_height(self.game, cells, s, half, self.app.lang,
                                                                    cash=cash, cards=cards))
            bottom = max(bottom, draw_deed_list(surface, room, self.game, cells, self.t, self.app.lang, s, cash=cash,
                                                cards=cards))
        y = bottom + s.px(12)
        pygame.draw.line(surface, theme.PANEL_LINE, (self.inner.left, y), (self.inner.right, y))
        total = totals_line(self.game, give, take, value, self.t, give_cards=give_cards, get_cards=take_cards)
        for line in filter(None, (total, fee_line(self.game, take, self.t))):
            row = pygame.Rect(self.inner.left, y + s.px(6), self.inner.width, s.body + s.px(10))
            text, size = shrink_line(line, row.width, steps(s.body, theme.MIN_TEXT), Face.REGULAR)
            draw_text(surface, text, row.midleft, size, theme.INK, Face.REGULAR, "midleft", box=row)
            y = row.bottom
        self.send.draw(surface, self.app.mouse)
        self.change.draw(surface, self.app.mouse)


def chip_name(rules: Ruleset, cell: int, lang: str, width: int, size: int) -> tuple[str, int]:
    """A deed's name on its chip, `width` wide: whole at the chip's `size`, else the
    catalogue's short form («Обсерв. гора») at that size, as the board has it when small;
    only when neither fits (a window below every size the dialog is made for), the name
    shrunk, and cut at the smallest readable size."""
    name = cell_name(rules, cell, lang)
    if text_width(name, size, Face.CONDENSED_BOLD) <= width:
        return name, size
    short = short_cell_name(rules, cell, lang)
    if short is not None and text_width(short, size, Face.CONDENSED_BOLD) <= width:
        return short, size
    return shrink_line(short or name, width, steps(size, theme.MIN_TEXT), Face.CONDENSED_BOLD)

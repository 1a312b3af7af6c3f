"""The trade proposal dialog, over the table: a partner, your deeds, theirs, and money.

Which deeds may go into a trade, and whether the whole proposal is allowed, is asked of
the engine (`game.is_legal`), never decided here.
"""
from __future__ import annotations

import math

import pygame

from zemlevlasnyk.engine import ProposeTrade

from .. import nav, theme
from ..board import deed_colour
from ..fonts import Face
from ..ruleset_text import cell_name
from ..text import money
from ..widgets import Button, Stepper, Style, draw_text, panel, scrim
from .base import Scene, SceneHost

DIALOG_SIZE = (780, 600)
CHIP_HEIGHT = 28
BUTTON_HEIGHT = 40
# Money in a trade moves in thousands, like prices on the board.
MONEY_STEP = 1000
PROPOSE = "propose"
CANCEL = "cancel"


class TradeScene(Scene):
    overlay = True

    def __init__(self, app: SceneHost, table_scene: nav.TradeSource) -> None:
        super().__init__(app)
        self.table_scene = table_scene
        self.game = table_scene.game
        self.me = table_scene.me
        self.names = table_scene.names
        partners = self.game.legal(self.me).trade_partners
        self.partner_buttons = [Button(self.names[p], p) for p in partners]
        self.partner = partners[0] if partners else None
        self.give: set[int] = set()
        self.take: set[int] = set()
        self.money = Stepper(0, 0, 0, MONEY_STEP)
        self.propose = Button(self.t["trade_propose"], PROPOSE, style=Style.PRIMARY)
        self.cancel = Button(self.t["cancel"], CANCEL)
        self.mine: list[Button] = []
        self.theirs: list[Button] = []
        self.box = pygame.Rect(0, 0, *DIALOG_SIZE)
        self._choose_partner(self.partner)

    def proposal(self) -> ProposeTrade | None:
        if self.partner is None:
            return None
        return ProposeTrade(self.me, self.partner, tuple(sorted(self.give)), tuple(sorted(self.take)),
                            self.money.value)

    def _choose_partner(self, partner: int | None) -> None:
        self.partner = partner
        self.give.clear()
        self.take.clear()
        game = self.game
        for b in self.partner_buttons:
            b.selected = b.intent == partner
        if partner is None:
            self.mine, self.theirs = [], []
        else:
            self.mine = [self._chip(c, ProposeTrade(self.me, partner, (c,), (), 0))
                         for c in game.rules.properties if game.owner[c] == self.me]
            self.theirs = [self._chip(c, ProposeTrade(self.me, partner, (), (c,), 0))
                           for c in game.rules.properties if game.owner[c] == partner]
            self.money.set_range(-game.cash[partner], game.cash[self.me])
        self.money.value = 0
        self._refresh()
        self.layout(self.size)

    def relabel(self) -> None:
        """The language changed: the buttons, partners' and deeds' names."""
        self.propose.label = self.t["trade_propose"]
        self.cancel.label = self.t["cancel"]
        for b in self.partner_buttons:
            b.label = self.table_scene.names[b.intent]
        for b in (*self.mine, *self.theirs):
            b.label = self._chip_label(b.intent)

    def _chip_label(self, cell: int) -> str:
        name = cell_name(self.game.rules, cell, self.app.lang)
        if self.game.mortgaged[cell]:
            name += " " + self.t["mortgaged_mark"]
        return name

    def _chip(self, cell: int, alone: ProposeTrade) -> Button:
        return Button(self._chip_label(cell), cell, enabled=self.game.is_legal(alone), size=theme.SMALL,
                      face=Face.CONDENSED_BOLD, swatch=deed_colour(self.game.rules, cell))

    def _refresh(self) -> None:
        for b in self.mine:
            b.selected = b.intent in self.give
        for b in self.theirs:
            b.selected = b.intent in self.take
        proposal = self.proposal()
        self.propose.enabled = proposal is not None and self.game.is_legal(proposal)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.box = pygame.Rect(0, 0, min(DIALOG_SIZE[0], w - 40), min(DIALOG_SIZE[1], h - 40))
        self.box.center = (w // 2, h // 2)
        left = self.box.left + 28
        inner = self.box.width - 56
        x = left + 110
        for b in self.partner_buttons:
            b.rect = pygame.Rect(x, self.box.top + 70, 150, 36)
            x += 160
        half = (inner - 24) // 2
        top = self.box.top + 150
        for column, chips in enumerate((self.mine, self.theirs)):
            cx = left + column * (half + 24)
            chip_w = (half - 8) // 2
            for n, b in enumerate(chips):
                b.rect = pygame.Rect(cx + (n % 2) * (chip_w + 8), top + (n // 2) * (CHIP_HEIGHT + 6), chip_w,
                                     CHIP_HEIGHT)
        bottom = self.box.bottom - 24 - BUTTON_HEIGHT
        self.money.layout(pygame.Rect(left, bottom - 70, 300, BUTTON_HEIGHT))
        self.cancel.rect = pygame.Rect(self.box.right - 28 - 160, bottom, 160, BUTTON_HEIGHT)
        self.propose.rect = pygame.Rect(self.cancel.rect.left - 12 - 220, bottom, 220, BUTTON_HEIGHT)

    def next_frame(self) -> float:
        return math.inf   # nothing here moves by itself

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if self.money.key(event):
                self._refresh()
            elif event.key == pygame.K_ESCAPE:
                self.app.go(nav.Back())
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        pos = event.pos
        if self.money.click(pos):
            self._refresh()
            return
        self.money.commit()
        for b in self.partner_buttons:
            if b.hit(pos) and b.intent != self.partner:
                self._choose_partner(b.intent)
                return
        for chips, chosen in ((self.mine, self.give), (self.theirs, self.take)):
            for b in chips:
                if b.hit(pos):
                    chosen.symmetric_difference_update({b.intent})
        if self.cancel.hit(pos):
            self.app.go(nav.Back())
            return
        if self.propose.hit(pos):
            proposal = self.proposal()
            self.app.go(nav.Back())
            if proposal is not None:
                self.table_scene.send(proposal)
            return
        self._refresh()

    def draw(self, surface: pygame.Surface) -> None:
        scrim(surface)
        box = self.box
        panel(surface, box, theme.CARD, radius=14, shadow=True)
        left = box.left + 28
        draw_text(surface, self.t["trade_title"], (left, box.top + 22), theme.HEADING + 2, theme.INK, Face.BOLD)
        draw_text(surface, self.t["trade_partner"], (left, box.top + 79), theme.BODY, theme.INK_SOFT, Face.BOLD)
        mouse = self.app.mouse
        for b in self.partner_buttons:
            b.draw(surface, mouse)
        half = (box.width - 56 - 24) // 2
        partner = self.names[self.partner] if self.partner is not None else ""
        for column, (title, chips) in enumerate(((self.t["trade_you_give"], self.mine),
                                                  (self.t["trade_you_get_from"].format(name=partner), self.theirs))):
            x = left + column * (half + 24)
            draw_text(surface, title, (x, box.top + 124), theme.SMALL + 1, theme.INK_SOFT, Face.BOLD)
            if not chips:
                draw_text(surface, self.t["no_deeds"], (x, box.top + 152), theme.SMALL, theme.INK_SOFT)
            for b in chips:
                b.draw(surface, mouse)
        draw_text(surface, self.t["trade_money"], (left, self.money.rect.top - 26), theme.SMALL + 1, theme.INK_SOFT,
                  Face.BOLD)
        self.money.draw(surface, lambda v: money(abs(v)))
        value = self.money.value
        line = (self.t["trade_money_you_pay"].format(amount=money(value)) if value > 0 else
                self.t["trade_money_they_pay"].format(name=partner, amount=money(-value)) if value < 0 else
                self.t["trade_money_none"])
        draw_text(surface, line, (self.money.rect.right + 16, self.money.rect.centery), theme.BODY, theme.INK,
                  anchor="midleft")
        self.propose.draw(surface, mouse)
        self.cancel.draw(surface, mouse)

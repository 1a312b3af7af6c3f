"""The lobby of a friends table, for the host and for those who joined.

Everyone sees the seats (names, colours, who is Ready, who is a computer player) change
live. Joiners press Ready (and may take it back). The host switches the clock before the
start, adds computer players to free seats or removes them, lets strangers in or refuses
them, copies the invite link, and starts once `TableHost.can_start()` says so. When the
start record arrives the table scene takes over; whoever arrived late watches.
"""
from __future__ import annotations

from typing import Any

import pygame

from .. import clipboard, nav, theme
from ..fonts import Face
from ..net_table import NetSession, NetTable
from ..text import form
from ..vs_computer import offered_levels
from ..widgets import Button, Style, draw_text, fit_line, flow, panel, text_width, wrap
from .base import Scene, SceneHost

LEAVE = ("leave",)
START = ("start",)
READY = ("ready",)
COPY = ("copy",)
CLOCK_ON = ("clock", True)
CLOCK_OFF = ("clock", False)
CARD_MAX = (1120, 720)
SEAT_ROW = 62
LEFT_WIDTH = 500
ROW = 44
# Strangers' knocks are listed from here down, under the invite link and a line of notes.
KNOCK_TOP = 290


class LobbyScene(Scene):
    def __init__(self, app: SceneHost, session: NetSession) -> None:
        super().__init__(app)
        self.l = self.t["lobby"]
        self.session = session
        self.note: str | None = None
        self.card = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.leave = Button(self.l["leave"], LEAVE)
        self.start = Button(self.l["start"], START, style=Style.PRIMARY, enabled=False)
        self.ready = Button(self.l["ready_button"], READY, style=Style.PRIMARY)
        self.copy = Button(self.l["copy"], COPY, size=theme.SMALL + 1)
        self.clock = [Button(self.l["clock_on"], CLOCK_ON, size=theme.SMALL + 1),
                      Button(self.l["clock_off"], CLOCK_OFF, size=theme.SMALL + 1)]
        self.bots = [Button(self.t["levels"].get(lv, lv), ("bot", lv), size=theme.SMALL) for lv in offered_levels()]
        self.removes: list[Button] = []
        self.knock_buttons: list[Button] = []
        self.seen: Any = None

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.card = pygame.Rect(0, 0, min(w - 48, CARD_MAX[0]), min(h - 48, CARD_MAX[1]))
        self.card.center = (w // 2, h // 2)
        self._place()

    def _state(self) -> Any:
        s = self.session
        return (s.lobby_seats(), s.clock_on, tuple(k.conn for k in s.knocks), s.can_start() if s.is_host else None,
                getattr(s, "invite", None) is not None, getattr(s, "ready", None), getattr(s, "admitted", None),
                s.phase, s.error, self.size)

    def _place(self) -> None:
        s = self.session
        left = self.card.left + 32
        top = self.card.top + 110
        self.removes = []
        for n, seat in enumerate(s.lobby_seats()):
            if s.is_host and seat is not None and seat.host_filled and seat.bot is not None:
                b = Button(self.l["remove"], ("remove", n), size=theme.SMALL)
                b.rect = pygame.Rect(left + LEFT_WIDTH - 120, top + n * SEAT_ROW + 12, 110, 34)
                self.removes.append(b)
        free = any(seat is None for seat in s.lobby_seats())
        y = top + 4 * SEAT_ROW + 48
        for b in self.bots:
            b.enabled = free
        flow(self.bots, pygame.Rect(left, y, LEFT_WIDTH, 0), 36, gap=8, min_width=84)
        right = left + LEFT_WIDTH + 48
        self.right = pygame.Rect(right, top, self.card.right - 32 - right, self.card.bottom - 24 - ROW - 16 - top)
        for n, b in enumerate(self.clock):
            b.rect = pygame.Rect(right + n * 128, top + 28, 120, 36)
            b.selected = b.intent[1] == s.clock_on
        self.copy.rect = pygame.Rect(self.right.right - 140, top + 100, 140, 34)
        self.knock_buttons = []
        y = top + KNOCK_TOP
        for k in s.knocks:
            yes = Button(self.l["let_in"], ("let_in", k.conn), style=Style.PRIMARY, size=theme.SMALL)
            no = Button(self.l["refuse"], ("refuse", k.conn), size=theme.SMALL)
            yes.rect = pygame.Rect(right, y + 26, 130, 34)
            no.rect = pygame.Rect(right + 140, y + 26, 130, 34)
            self.knock_buttons += [yes, no]
            y += 74
        bottom = self.card.bottom - 24 - ROW
        self.leave.rect = pygame.Rect(left, bottom, 150, ROW)
        self.start.rect = pygame.Rect(self.card.right - 32 - 220, bottom, 220, ROW)
        self.start.enabled = s.is_host and s.can_start()
        ready = getattr(s, "ready", False)
        self.ready.label = self.l["unready_button"] if ready else self.l["ready_button"]
        self.ready.style = Style.NORMAL if ready else Style.PRIMARY
        self.ready.rect = pygame.Rect(self.card.right - 32 - 220, bottom, 220, ROW)
        self.ready.enabled = getattr(s, "admitted", None) is not None and s.phase == "lobby" and s.error is None

    # --- time and input -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        s = self.session
        if s.game is not None and s.my_seat is not None:
            self.app.go(nav.Table(NetTable(s)))
            return
        state = self._state()
        if state != self.seen:
            self.seen = state
            self._place()
        if s.refusal is not None:
            self.note, s.refusal = s.refusal, None

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._leave()
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        s = self.session
        buttons = [self.leave]
        if s.is_host:
            buttons += [self.start, self.copy, *self.clock, *self.bots, *self.removes, *self.knock_buttons]
        else:
            buttons.append(self.ready)
        for b in buttons:
            if b.hit(event.pos):
                self._choose(b.intent)
                return

    def _choose(self, intent: tuple[Any, ...]) -> None:
        s: Any = self.session
        kind = intent[0]
        if intent == LEAVE:
            self._leave()
        elif intent == START:
            s.start()
        elif intent == READY:
            s.set_ready(not s.ready)
        elif intent == COPY and s.invite is not None:
            link = s.invite.to_link()
            if clipboard.copy(link):
                self.note = self.l["copied"]
            else:
                print(link, flush=True)   # a terminal's text can be selected; the window's cannot
                self.note = self.l["no_clipboard"]
        elif kind == "clock":
            s.set_clock(intent[1])
        elif kind == "bot":
            s.add_bot(intent[1])
        elif kind == "remove":
            s.remove_seat(intent[1])
        elif kind in ("let_in", "refuse"):
            s.answer(intent[1], kind == "let_in")
        self.seen = None

    def _leave(self) -> None:
        self.session.close()
        self.app.go(nav.Back())

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        s: Any = self.session
        surface.fill(theme.BACKGROUND)
        panel(surface, self.card, theme.PANEL, radius=14, shadow=True)
        left = self.card.left + 32
        title = (s.core.table_name if s.is_host else s.table_name) or self.t["friends"]["title"]
        draw_text(surface, fit_line(title, theme.HEADING + 6, self.card.width - 64, Face.BOLD),
                  (left, self.card.top + 28), theme.HEADING + 6, theme.INK, Face.BOLD)
        self._draw_seats(surface)
        if s.is_host:
            self._draw_host(surface)
        else:
            self._draw_joiner(surface)
        self.leave.draw(surface, self.app.mouse)
        (self.start if s.is_host else self.ready).draw(surface, self.app.mouse)
        if s.is_host and not self.start.enabled and s.phase == "lobby":
            lines = wrap(self.l["start_wait"], theme.SMALL, self.start.rect.left - self.leave.rect.right - 48)
            y = self.start.rect.centery - len(lines[:2]) * (theme.SMALL + 4) // 2
            for line in lines[:2]:
                draw_text(surface, line, (self.leave.rect.right + 24, y), theme.SMALL, theme.INK_SOFT)
                y += theme.SMALL + 4

    def _draw_seats(self, surface: pygame.Surface) -> None:
        left = self.card.left + 32
        top = self.card.top + 110
        draw_text(surface, self.l["seats"], (left, top - 28), theme.SMALL, theme.INK_SOFT, Face.BOLD)
        bot_names = iter(self.t["bot_names"])
        for n, seat in enumerate(self.session.lobby_seats()):
            row = pygame.Rect(left, top + n * SEAT_ROW, LEFT_WIDTH, SEAT_ROW - 8)
            pygame.draw.rect(surface, theme.CARD, row, border_radius=theme.RADIUS)
            pygame.draw.rect(surface, theme.PANEL_LINE, row, 1, border_radius=theme.RADIUS)
            if seat is None:
                pygame.draw.circle(surface, theme.PANEL_LINE, (row.left + 26, row.centery), 11, 2)
                draw_text(surface, self.l["free"], (row.left + 48, row.centery), theme.BODY, theme.INK_SOFT,
                          anchor="midleft")
                continue
            pygame.draw.circle(surface, theme.player_colour(seat.colour), (row.left + 26, row.centery), 11)
            gender = self.app.settings.gender if seat.mine else None
            marks = [self.l["you"]] if seat.mine else []
            if seat.host_filled and seat.bot is None:
                marks.append(self.l["host_mark"])
            label = seat.name if seat.bot is None else next(bot_names, seat.name)
            label += f"  ({', '.join(marks)})" if marks else ""
            draw_text(surface, fit_line(label, theme.BODY, LEFT_WIDTH - 200, Face.BOLD), (row.left + 48, row.top + 7),
                      theme.BODY, theme.INK, Face.BOLD)
            if seat.bot is not None:
                status, ink = self.l["computer"].format(level=self.t["levels"].get(seat.bot, seat.bot)), theme.INK_SOFT
            elif not seat.connected:
                status, ink = self.l["away"], theme.MONEY_LOSS
            elif seat.ready:
                status, ink = "✓ " + form(self.app.lang, self.l["ready"], gender=gender), theme.MONEY_GAIN
            else:
                status, ink = form(self.app.lang, self.l["not_ready"], gender=gender), theme.INK_SOFT
            draw_text(surface, status, (row.left + 48, row.bottom - 6), theme.SMALL, ink, Face.BOLD, "bottomleft")
        if self.session.is_host:
            y = top + 4 * SEAT_ROW + 20
            draw_text(surface, self.l["add_bot"], (left, y), theme.SMALL, theme.INK_SOFT, Face.BOLD)
            for b in (*self.bots, *self.removes):
                b.draw(surface, self.app.mouse)

    def _draw_host(self, surface: pygame.Surface) -> None:
        s: Any = self.session
        area = self.right
        pygame.draw.line(surface, theme.PANEL_LINE, (area.left - 24, area.top - 20), (area.left - 24, area.bottom))
        draw_text(surface, self.l["clock"], (area.left, area.top), theme.SMALL, theme.INK_SOFT, Face.BOLD)
        for b in self.clock:
            b.draw(surface, self.app.mouse)
        draw_text(surface, self.l["invite"], (area.left, area.top + 84), theme.SMALL, theme.INK_SOFT, Face.BOLD)
        y = area.top + 108
        if s.error:
            y = self._lines(surface, self.l["failed"].format(why=s.error), y, theme.MONEY_LOSS)
        elif s.invite is None:
            y = self._lines(surface, self.l["opening"], y, theme.INK_SOFT)
        else:
            self.copy.draw(surface, self.app.mouse)
            cut = _split_to_fit(s.invite.to_link(), theme.TINY, area.width - 16)
            box = pygame.Rect(area.left, self.copy.rect.bottom + 8, area.width, 12 + len(cut) * (theme.TINY + 6))
            pygame.draw.rect(surface, theme.CARD, box, border_radius=theme.RADIUS)
            pygame.draw.rect(surface, theme.PANEL_LINE, box, 1, border_radius=theme.RADIUS)
            for n, piece in enumerate(cut):
                draw_text(surface, piece, (box.left + 8, box.top + 6 + n * (theme.TINY + 6)), theme.TINY, theme.INK)
            y = box.bottom + 8
        for note in (self.note, s.notice):
            if note:
                y = self._lines(surface, note, y, theme.INK_SOFT)
        y = area.top + KNOCK_TOP
        for n, k in enumerate(s.knocks):
            text = self.l["knock"].format(name=k.name, key=k.fingerprint)
            draw_text(surface, fit_line(text, theme.SMALL, area.width, Face.BOLD), (area.left, y + n * 74),
                      theme.SMALL, theme.INK, Face.BOLD)
        for b in self.knock_buttons:
            b.draw(surface, self.app.mouse)

    def _draw_joiner(self, surface: pygame.Surface) -> None:
        s: Any = self.session
        area = self.right
        pygame.draw.line(surface, theme.PANEL_LINE, (area.left - 24, area.top - 20), (area.left - 24, area.bottom))
        y = area.top
        if s.cheated:
            y = self._lines(surface, self.t["host_cheated"].format(why=s.cheated), y, theme.MONEY_LOSS)
        elif s.error:
            y = self._lines(surface, self.l["failed"].format(why=s.error), y, theme.MONEY_LOSS)
        elif s.admitted is None:
            y = self._lines(surface, self.l["knocking"] if s.knocking else self.l["connecting"], y, theme.INK_SOFT)
        elif s.game is not None and s.my_seat is None:
            y = self._lines(surface, self.l["spectator"], y, theme.INK)
        else:
            state = (self.l["clock_on"] if s.clock_on else self.l["clock_off"]).lower()
            y = self._lines(surface, self.l["clock_state"].format(state=state), y, theme.INK)
            y = self._lines(surface, self.l["joiner_hint"], y + 8, theme.INK_SOFT)
        for note in (self.note, s.notice):
            if note:
                y = self._lines(surface, note, y + 8, theme.INK_SOFT)

    def _lines(self, surface: pygame.Surface, text: str, y: int, colour: pygame.Color) -> int:
        for line in wrap(text, theme.SMALL + 1, self.right.width)[:5]:
            draw_text(surface, line, (self.right.left, y), theme.SMALL + 1, colour, Face.BOLD)
            y += theme.SMALL + 7
        return y + 4


def _split_to_fit(text: str, size: int, width: int) -> list[str]:
    """A long unbroken text (a link) cut into lines that fit `width`."""
    lines: list[str] = []
    while text:
        n = len(text)
        while n > 1 and text_width(text[:n], size, Face.REGULAR) > width:
            n -= 1
        lines.append(text[:n])
        text = text[n:]
    return lines

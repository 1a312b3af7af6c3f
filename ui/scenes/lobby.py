"""The lobby of a friends table, for the host and for those who joined.

Everyone sees the seats (names made unique by the host, colours, who is Ready, who is a
computer player) change live, and the table's short code to read aloud beside the invite
link. Joiners press Ready (and may take it back), choose a free colour, and see the host's
table settings (the clock, the rules and house rules) read-only. The host switches the
clock before the start, adds computer players (easy, medium, hard) to free seats or removes
them, chooses the rules (or the quick game, «Швидка гра», at one click), lets strangers in
or refuses them, copies the invite link, and starts once
`TableHost.can_start()` says so. When the start record arrives the table scene takes over;
whoever arrived late watches.
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pygame

from zemlevlasnyk.engine import OptionError, PresetError, load_rules
from zemlevlasnyk.p2p import COLOURS
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import first_fitting, shrink_line, steps
from zemlevlasnyk.ui.kit.widgets import Button, Style, draw_text, fit_line, flow, panel, text_width, wrap
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.sessions.network import NetSession, NetTable
from zemlevlasnyk.ui.sessions.seats import display_genders, display_names, level_words
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.sessions.vs_computer import offered_levels, offered_temperaments
from zemlevlasnyk.ui.shell import clipboard, nav
from zemlevlasnyk.ui.words.house_rules import RulesChoice, summary_to_fit
from zemlevlasnyk.ui.words.text import Say, Words, form

LEAVE = ("leave",)
START = ("start",)
READY = ("ready",)
COPY = ("copy",)
RULES = ("rules",)
QUICK = ("quick",)
CLOCK_ON = ("clock", True)
CLOCK_OFF = ("clock", False)
# At the reference window size (theme.Sizes scales them).
CARD_MAX = (1120, 720)
PAD = 32
HEAD = 110
SEAT_ROW = 62
LEFT_WIDTH = 500
COLUMN_GAP = 48
ROW = 44
SMALL_ROW = 36
DOT = 11
REMOVE_WIDTH = 110
CLOCK_WIDTH = 120
COPY_WIDTH = 140
ANSWER_WIDTH = 130
KNOCK_ROW = 74
BOTTOM_WIDTH = 220
LEAVE_WIDTH = 150
# Strangers' knocks are listed from here down, under the invite link and a line of notes.
KNOCK_TOP = 290
SEATS = 4
SWATCH = 26
SWATCH_GAP = 12
# The joiner's column, top down: the code, the clock, the rules (two lines), the colours.
JOINER_CLOCK = 34
JOINER_RULES = 60
JOINER_COLOURS = 116
JOINER_HINT = 176
# The host's rules row, under the invite link.
HOST_RULES = 212
RULES_WIDTH = 120
# A computer player seated here plays as its level was tuned unless the host says otherwise.
DEFAULT_TEMPERAMENT = "balanced"
# «Швидка гра» at the end of the clock's row: room for its words in either language.
QUICK_WIDTH = 150


class LobbyScene(Scene):
    def __init__(self, app: SceneHost, session: NetSession) -> None:
        super().__init__(app)
        self.session = session
        self.note: Say | None = None
        self.refused: Say | None = None     # the host's latest refusal of something we asked
        self.card = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.removes: list[Button] = []
        self.knock_buttons: list[Button] = []
        self.swatches: list[tuple[str, pygame.Rect]] = []
        # The host's choice of rules, edited in the rules dialog and sent when it changes.
        preset, options = getattr(session, "rules", None) or (RulesChoice().preset, {})
        self.rules_choice = RulesChoice(preset, dict(options))
        self.rules_row = pygame.Rect(0, 0, 0, 0)
        self.seen: Any = None
        # The temperament the host gives the next computer player it seats.
        self.mood = DEFAULT_TEMPERAMENT
        self.mood_top = 0
        self.relabel()

    @property
    def words(self) -> Words:
        words: Words = self.t["lobby"]
        return words

    def relabel(self) -> None:
        w, s = self.words, self.sizes
        small = s.small + 1
        self.leave = Button(w["leave"], LEAVE, size=s.body)
        self.start = Button(w["start"], START, style=Style.PRIMARY, enabled=False, size=s.body)
        self.ready = Button(w["ready_button"], READY, style=Style.PRIMARY, size=s.body)
        self.copy = Button(w["copy"], COPY, size=small)
        self.change_rules = Button(self.t["rules"]["change"], RULES, size=s.small)
        self.quick = Button(self.t["rules"]["quick"], QUICK, size=s.small)
        self.clock = [Button(w["clock_on"], CLOCK_ON, size=small), Button(w["clock_off"], CLOCK_OFF, size=small)]
        self.bots = [Button(self.t["levels"][lv], ("bot", lv), size=s.small) for lv in offered_levels()]
        self.moods = [Button(form(self.app.lang, self.t["temperaments"][m]), ("mood", m), size=s.small)
                      for m in offered_temperaments()]
        self.seen = None

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.relabel()
        s = self.sizes
        w, h = size
        self.card = pygame.Rect(0, 0, min(w - 2 * s.gap, s.px(CARD_MAX[0])), min(h - 2 * s.gap, s.px(CARD_MAX[1])))
        self.card.center = (w // 2, h // 2)
        self._place()

    def _state(self) -> Any:
        s: Any = self.session
        return (s.lobby_seats(), s.clock_on, tuple(k.conn for k in s.knocks), s.can_start() if s.is_host else None,
                getattr(s, "invite", None) is not None, getattr(s, "ready", None), getattr(s, "admitted", None),
                s.phase, s.error, self.size, self.app.lang)

    def _left(self) -> tuple[int, int]:
        """The seats' column: its left edge and width."""
        s = self.sizes
        inner = self.card.width - 2 * s.px(PAD)
        return self.card.left + s.px(PAD), min(s.px(LEFT_WIDTH), (inner - s.px(COLUMN_GAP)) * 5 // 9)

    def _place(self) -> None:
        s: Any = self.session
        sz = self.sizes
        left, width = self._left()
        top = self.card.top + sz.px(HEAD)
        seat_row = sz.px(SEAT_ROW)
        self.removes = []
        for n, seat in enumerate(s.lobby_seats()):
            if s.is_host and seat is not None and seat.host_filled and seat.bot is not None:
                b = Button(self.words["remove"], ("remove", n), size=sz.small)
                b.rect = pygame.Rect(left + width - sz.px(REMOVE_WIDTH + 10), top + n * seat_row + sz.px(12),
                                     sz.px(REMOVE_WIDTH), sz.px(34))
                self.removes.append(b)
        free = any(seat is None for seat in s.lobby_seats())
        for b in self.bots:
            b.enabled = free
        y = top + SEATS * seat_row + sz.px(48)
        y = flow(self.bots, pygame.Rect(left, y, width, 0), sz.px(SMALL_ROW), gap=sz.px(8), min_width=sz.px(84))
        self.mood_top = y + sz.px(12)
        for b in self.moods:
            b.selected, b.enabled = b.intent[1] == self.mood, free
        flow(self.moods, pygame.Rect(left, self.mood_top + sz.px(28), width, 0), sz.px(SMALL_ROW), gap=sz.px(8),
             min_width=sz.px(84))
        right = left + width + sz.px(COLUMN_GAP)
        bottom = self.card.bottom - sz.px(PAD) - sz.px(ROW)
        self.right = pygame.Rect(right, top, self.card.right - sz.px(PAD) - right, bottom - sz.px(16) - top)
        for n, b in enumerate(self.clock):
            b.rect = pygame.Rect(right + n * sz.px(CLOCK_WIDTH + 8), top + sz.px(28), sz.px(CLOCK_WIDTH),
                                 sz.px(SMALL_ROW))
            b.selected = b.intent[1] == s.clock_on
        self.copy.rect = pygame.Rect(self.right.right - sz.px(COPY_WIDTH), top + sz.px(100), sz.px(COPY_WIDTH),
                                     sz.px(34))
        width = min(sz.px(RULES_WIDTH), self.right.width // 3)
        # The rules row stands below the invite link, however many lines the link takes (four
        # in the smallest window).
        invite = getattr(s, "invite", None)
        link_lines = len(_split_to_fit(invite.to_link(), sz.tiny, self.right.width - sz.px(16))) if invite else 0
        link_bottom = self.copy.rect.bottom + sz.px(8) + sz.px(12) + link_lines * (sz.tiny + sz.px(6))
        rules_top = max(top + sz.px(HOST_RULES), link_bottom + sz.px(8))
        self.change_rules.rect = pygame.Rect(self.right.right - width, rules_top, width, sz.px(30))
        self.change_rules.enabled = s.phase == "lobby"
        # «Швидка гра» ends the clock's row, where the table's settings are switched: the
        # rules row keeps its room for the rules' words.
        clock_end = self.clock[-1].rect.right + sz.px(8)
        quick = min(sz.px(QUICK_WIDTH), self.right.right - clock_end)
        self.quick.rect = pygame.Rect(self.right.right - quick, self.clock[-1].rect.top, quick,
                                      self.clock[-1].rect.height)
        self.quick.enabled = self.change_rules.enabled
        self.quick.selected = self.rules_choice.quick
        self.rules_row = pygame.Rect(right, self.change_rules.rect.top, self.right.width - width - sz.px(8),
                                     self.change_rules.rect.height)
        self.knock_buttons = []
        y = top + sz.px(KNOCK_TOP)
        for k in s.knocks:
            yes = Button(self.words["let_in"], ("let_in", k.conn), style=Style.PRIMARY, size=sz.small)
            no = Button(self.words["refuse"], ("refuse", k.conn), size=sz.small)
            yes.rect = pygame.Rect(right, y + sz.px(26), sz.px(ANSWER_WIDTH), sz.px(34))
            no.rect = pygame.Rect(right + sz.px(ANSWER_WIDTH + 10), y + sz.px(26), sz.px(ANSWER_WIDTH), sz.px(34))
            self.knock_buttons += [yes, no]
            y += sz.px(KNOCK_ROW)
        wide = min(sz.px(BOTTOM_WIDTH), (self.card.width - 2 * sz.px(PAD)) // 3)
        self.leave.rect = pygame.Rect(left, bottom, min(sz.px(LEAVE_WIDTH), wide), sz.px(ROW))
        self.start.rect = pygame.Rect(self.card.right - sz.px(PAD) - wide, bottom, wide, sz.px(ROW))
        self.start.enabled = s.is_host and s.can_start()
        ready = getattr(s, "ready", False)
        self.ready.label = self.words["unready_button"] if ready else self.words["ready_button"]
        self.ready.style = Style.NORMAL if ready else Style.PRIMARY
        self.ready.rect = self.start.rect.copy()
        self.ready.enabled = getattr(s, "admitted", None) is not None and s.phase == "lobby" and s.error is None
        side = sz.px(SWATCH)
        self.swatches = [] if s.is_host else [
            (c, pygame.Rect(right + n * (side + sz.px(SWATCH_GAP)), top + sz.px(JOINER_COLOURS) + sz.small + sz.px(8),
                            side, side)) for n, c in enumerate(COLOURS)]

    # --- time and input -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        s = self.session
        if s.game is not None:
            self.app.go(nav.Table(NetTable(s)))   # seated, or watching
            return
        gone = getattr(s, "gone", None)
        if gone is not None:
            self.app.go(nav.Menu(notice=gone))    # the table is gone: nothing to wait for here
            return
        state = self._state()
        if state != self.seen:
            self.seen = state
            self._place()
        if s.refusal is not None:
            self.refused, s.refusal = s.refusal, None
        host: Any = s
        if s.is_host and s.phase == "lobby" and (self.rules_choice.preset, self.rules_choice.options) != host.rules:
            host.set_rules(self.rules_choice.preset, dict(self.rules_choice.options))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._leave()
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        s = self.session
        buttons = [self.leave]
        if s.is_host:
            buttons += [self.start, self.copy, self.change_rules, self.quick, *self.clock, *self.bots, *self.moods,
                        *self.removes, *self.knock_buttons]
        else:
            buttons.append(self.ready)
        for b in buttons:
            if b.hit(event.pos):
                self._choose(b.intent)
                return
        mine = self._my_colour()
        for colour, rect in self.swatches:
            if rect.collidepoint(event.pos) and mine is not None and colour != mine and colour in self._free_colours():
                s.choose_colour(colour)   # type: ignore[attr-defined]  # a joiner's session
                self.seen = None
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
        elif intent == RULES:
            self.app.go(nav.Rules(self.rules_choice))
        elif intent == QUICK:
            self.rules_choice.toggle_quick()   # sent to the table by the next update
            self.seen = None
        elif intent == COPY and s.invite is not None:
            link = s.invite.to_link()
            if clipboard.copy(link):
                self.note = Say("lobby.copied")
            else:
                print(link, flush=True)   # a terminal's text can be selected; the window's cannot
                self.note = Say("lobby.no_clipboard")
        elif kind == "clock":
            s.set_clock(intent[1])
        elif kind == "bot":
            s.add_bot(intent[1], self.mood)
        elif kind == "mood":
            self.mood = intent[1]
        elif kind == "remove":
            s.remove_seat(intent[1])
        elif kind in ("let_in", "refuse"):
            s.answer(intent[1], kind == "let_in")
        self.seen = None

    def _my_colour(self) -> str | None:
        return next((seat.colour for seat in self.session.lobby_seats() if seat is not None and seat.mine), None)

    def _free_colours(self) -> list[str]:
        taken = {seat.colour for seat in self.session.lobby_seats() if seat is not None and not seat.mine}
        return [c for c in COLOURS if c not in taken]

    def _rules_text(self, fits: Callable[[str], bool]) -> str | None:
        """«Rules: …» as `fits` allows (the first changes and how many more)."""
        rules = getattr(self.session, "rules", None)
        if rules is None:
            return None
        label = str(self.t["rules"]["label"]) + ": "
        preset, options = rules
        return label + summary_to_fit(self.app.lang, preset, options, lambda line: fits(label + line))

    def _clock_seconds(self) -> int:
        """The decision clock's length the table's rules set (their `clock` option)."""
        rules = getattr(self.session, "rules", None)
        if rules is not None:
            with contextlib.suppress(PresetError, OptionError):  # a host's rules this build lacks
                return load_rules(*rules).clock_seconds
        return load_rules().clock_seconds

    def _leave(self) -> None:
        self.session.close()
        self.app.go(nav.Back())

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        s: Any = self.session
        sz = self.sizes
        surface.fill(theme.BACKGROUND)
        panel(surface, self.card, theme.PANEL, radius=sz.px(14), shadow=True)
        left = self.card.left + sz.px(PAD)
        title = (s.core.table_name if s.is_host else s.table_name) or self.t["friends"]["title"]
        size = sz.heading + 6
        draw_text(surface, fit_line(title, size, self.card.width - 2 * sz.px(PAD), Face.BOLD),
                  (left, self.card.top + sz.px(28)), size, theme.INK, Face.BOLD, box=self.card)
        self._draw_seats(surface)
        if s.is_host:
            self._draw_host(surface)
        else:
            self._draw_joiner(surface)
        self.leave.draw(surface, self.app.mouse)
        (self.start if s.is_host else self.ready).draw(surface, self.app.mouse)
        if s.is_host and not self.start.enabled and s.phase == "lobby":
            room = self.start.rect.left - self.leave.rect.right - sz.px(48)
            step = sz.small + sz.px(4)
            lines = wrap(self.words["start_wait"], sz.small, room)[:2]
            y = self.start.rect.centery - len(lines) * step // 2
            for line in lines:
                draw_text(surface, line, (self.leave.rect.right + sz.px(24), y), sz.small, theme.INK_SOFT,
                          box=self.card)
                y += step

    def _draw_seats(self, surface: pygame.Surface) -> None:
        sz = self.sizes
        w = self.words
        left, width = self._left()
        top = self.card.top + sz.px(HEAD)
        seat_row = sz.px(SEAT_ROW)
        draw_text(surface, fit_line(w["seats"], sz.small, width, Face.BOLD), (left, top - sz.px(8)), sz.small,
                  theme.INK_SOFT, Face.BOLD, "bottomleft", box=self.card)
        seats = self.session.lobby_seats()
        infos = [PlayerInfo(seat.name, seat.colour, seat.bot, seat.temperament) if seat is not None
                 else PlayerInfo("", "", None) for seat in seats]
        names = display_names(infos, self.t)
        genders = display_genders(infos, self.t, me=None, gender=None)
        dot = sz.px(DOT)
        for n, seat in enumerate(seats):
            row = pygame.Rect(left, top + n * seat_row, width, seat_row - sz.px(8))
            pygame.draw.rect(surface, theme.CARD, row, border_radius=sz.radius)
            pygame.draw.rect(surface, theme.PANEL_LINE, row, 1, border_radius=sz.radius)
            text_left = row.left + 2 * dot + sz.px(26)
            room = row.right - text_left - sz.px(10)
            if seat is None:
                pygame.draw.circle(surface, theme.PANEL_LINE, (row.left + sz.px(26), row.centery), dot, 2)
                draw_text(surface, fit_line(w["free"], sz.body, room), (text_left, row.centery), sz.body,
                          theme.INK_SOFT, anchor="midleft", box=row)
                continue
            pygame.draw.circle(surface, theme.player_colour(seat.colour), (row.left + sz.px(26), row.centery), dot)
            gender = self.app.settings.gender if seat.mine else None
            marks = [w["you"]] if seat.mine else []
            if seat.host_filled and seat.bot is None:
                marks.append(w["host_mark"])
            label = names[n] + (f" ({', '.join(marks)})" if marks else "")
            removable = any(b.intent == ("remove", n) for b in self.removes)
            name_room = room - (sz.px(REMOVE_WIDTH + 10) if removable else 0)
            draw_text(surface, fit_line(label, sz.body, name_room, Face.BOLD), (text_left, row.top + sz.px(6)),
                      sz.body, theme.INK, Face.BOLD, box=row)
            if seat.bot is not None:
                # Where the row is narrow (800×500), the level and temperament keep their
                # words and «комп'ютер» gives way; then the temperament.
                level = level_words(self.app.lang, self.t, seat, genders[n])
                plain = str(self.t["levels"].get(seat.bot, seat.bot))
                status = first_fitting((w["computer"].format(level=level), level, w["computer"].format(level=plain),
                                        plain), sz.small, name_room, Face.BOLD)
                ink = theme.INK_SOFT
            elif not seat.connected:
                status, ink = w["away"], theme.MONEY_LOSS
            elif seat.ready:
                status, ink = "✓ " + form(self.app.lang, w["ready"], gender=gender), theme.MONEY_GAIN
            else:
                status, ink = form(self.app.lang, w["not_ready"], gender=gender), theme.INK_SOFT
            draw_text(surface, fit_line(status, sz.small, name_room, Face.BOLD), (text_left, row.bottom - sz.px(5)),
                      sz.small, ink, Face.BOLD, "bottomleft", box=row)
        if self.session.is_host:
            y = top + SEATS * seat_row + sz.px(20)
            draw_text(surface, fit_line(w["add_bot"], sz.small, width, Face.BOLD), (left, y), sz.small,
                      theme.INK_SOFT, Face.BOLD, box=self.card)
            draw_text(surface, fit_line(w["bot_temperament"], sz.small, width, Face.BOLD), (left, self.mood_top),
                      sz.small, theme.INK_SOFT, Face.BOLD, box=self.card)
            for b in (*self.bots, *self.moods, *self.removes):
                b.draw(surface, self.app.mouse)

    def _draw_host(self, surface: pygame.Surface) -> None:
        s: Any = self.session
        sz = self.sizes
        area = self.right
        self._divider(surface)
        label = self.words["clock"].format(s=self._clock_seconds())
        draw_text(surface, fit_line(label, sz.small, area.width, Face.BOLD), (area.left, area.top),
                  sz.small, theme.INK_SOFT, Face.BOLD, box=self.card)
        for b in self.clock:
            b.draw(surface, self.app.mouse)
        self.quick.draw(surface, self.app.mouse)
        draw_text(surface, fit_line(self.words["invite"], sz.small, area.width, Face.BOLD),
                  (area.left, area.top + sz.px(84)), sz.small, theme.INK_SOFT, Face.BOLD, box=self.card)
        code = getattr(s, "code", None)
        if code and s.invite is not None:
            room = pygame.Rect(area.left, self.copy.rect.top, self.copy.rect.left - area.left - sz.px(8),
                               self.copy.rect.height)
            text = self.words["code"].format(code=code)
            draw_text(surface, fit_line(text, sz.body, room.width, Face.BOLD), room.midleft, sz.body, theme.INK,
                      Face.BOLD, "midleft", box=room)
        y = area.top + sz.px(108)
        if s.error:
            y = self._lines(surface, self.say(s.error), y, theme.MONEY_LOSS)
        elif s.invite is None:
            y = self._lines(surface, self.words["opening"], y, theme.INK_SOFT)
        else:
            self.copy.draw(surface, self.app.mouse)
            step = sz.tiny + sz.px(6)
            cut = _split_to_fit(s.invite.to_link(), sz.tiny, area.width - sz.px(16))
            box = pygame.Rect(area.left, self.copy.rect.bottom + sz.px(8), area.width, sz.px(12) + len(cut) * step)
            pygame.draw.rect(surface, theme.CARD, box, border_radius=sz.radius)
            pygame.draw.rect(surface, theme.PANEL_LINE, box, 1, border_radius=sz.radius)
            for n, piece in enumerate(cut):
                draw_text(surface, piece, (box.left + sz.px(8), box.top + sz.px(6) + n * step), sz.tiny, theme.INK,
                          box=box)
            y = box.bottom + sz.px(8)
        width = self.rules_row.width
        rules = self._rules_text(lambda line: text_width(line, theme.MIN_TEXT, Face.BOLD) <= width)
        if rules:
            text, size = shrink_line(rules, width, steps(sz.small + 1, theme.MIN_TEXT), Face.BOLD)
            draw_text(surface, text, self.rules_row.midleft, size, theme.INK_SOFT, Face.BOLD, "midleft",
                      box=self.rules_row)
            self.change_rules.draw(surface, self.app.mouse)
            y = max(y, self.rules_row.bottom + sz.px(8))
        for note in (self.note, self.refused, s.notice):
            if note:
                y = self._lines(surface, self.say(note), y, theme.INK_SOFT)
        y = area.top + sz.px(KNOCK_TOP)
        for n, k in enumerate(s.knocks):
            text = self.words["knock"].format(name=k.name, key=k.fingerprint)
            draw_text(surface, fit_line(text, sz.small, area.width, Face.BOLD), (area.left, y + n * sz.px(KNOCK_ROW)),
                      sz.small, theme.INK, Face.BOLD, box=self.card)
        for b in self.knock_buttons:
            b.draw(surface, self.app.mouse)

    def _draw_joiner(self, surface: pygame.Surface) -> None:
        s: Any = self.session
        sz = self.sizes
        area = self.right
        self._divider(surface)
        y = area.top
        if s.cheated:
            y = self._lines(surface, self.say(s.cheated), y, theme.MONEY_LOSS)
        elif s.error:
            y = self._lines(surface, self.say(s.error), y, theme.MONEY_LOSS)
        elif s.admitted is None:
            y = self._lines(surface, self.words["knocking"] if s.knocking else self.words["connecting"], y,
                            theme.INK_SOFT)
        else:
            self._draw_settings(surface)
            y = self._lines(surface, self.words["joiner_hint"], area.top + sz.px(JOINER_HINT), theme.INK_SOFT)
        for note in (self.note, self.refused, s.notice):
            if note:
                y = self._lines(surface, self.say(note), y + sz.px(8), theme.INK_SOFT)

    def _draw_settings(self, surface: pygame.Surface) -> None:
        """What a joiner sees of the host's choices (read-only), and the colours to choose from."""
        s: Any = self.session
        sz = self.sizes
        area = self.right
        code = getattr(s, "code", None)
        if code:
            draw_text(surface, fit_line(self.words["code"].format(code=code), sz.body, area.width, Face.BOLD),
                      (area.left, area.top), sz.body, theme.INK, Face.BOLD, box=self.card)
        state = (self.words["clock_on"] if s.clock_on else self.words["clock_off"]).lower()
        self._lines(surface, self.words["clock_state"].format(state=state, s=self._clock_seconds()),
                    area.top + sz.px(JOINER_CLOCK), theme.INK,
                    limit=1)
        rules = self._rules_text(lambda line: len(wrap(line, sz.small + 1, self.right.width, Face.BOLD)) <= 2)
        if rules:
            self._lines(surface, rules, area.top + sz.px(JOINER_RULES), theme.INK, limit=2)
        draw_text(surface, fit_line(self.words["your_colour"], sz.small, area.width, Face.BOLD),
                  (area.left, area.top + sz.px(JOINER_COLOURS)), sz.small, theme.INK_SOFT, Face.BOLD, box=self.card)
        mine, free = self._my_colour(), self._free_colours()
        for colour, rect in self.swatches:
            if colour == mine:
                pygame.draw.circle(surface, theme.INK, rect.center, rect.width // 2 + sz.px(5), max(2, sz.px(3)))
            if colour in free:
                pygame.draw.circle(surface, theme.player_colour(colour), rect.center, rect.width // 2)
            else:   # another seat's colour: shown as taken
                pygame.draw.circle(surface, theme.player_colour(colour), rect.center, rect.width // 2, max(2, sz.px(3)))

    def _divider(self, surface: pygame.Surface) -> None:
        sz = self.sizes
        x = self.right.left - sz.px(COLUMN_GAP) // 2
        pygame.draw.line(surface, theme.PANEL_LINE, (x, self.right.top - sz.px(20)), (x, self.right.bottom))

    def _lines(self, surface: pygame.Surface, text: str, y: int, colour: pygame.Color, *, limit: int = 5) -> int:
        sz = self.sizes
        size = sz.small + 1
        step = size + sz.px(6)
        room = max(0, (self.right.bottom - y) // step)
        lines = wrap(text, size, self.right.width, Face.BOLD)
        if len(lines) > min(limit, room):
            lines = lines[:min(limit, room)]
            if lines:
                lines[-1] = fit_line(lines[-1] + " …", size, self.right.width, Face.BOLD)
        for line in lines:
            draw_text(surface, line, (self.right.left, y), size, colour, Face.BOLD, box=self.card)
            y += step
        return y + sz.px(4)


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

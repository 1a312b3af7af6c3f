"""Playing with friends: open a table, pick one of the tables nearby, or paste an invite.

The list follows `p2p.lan.discovery.browse` live (tables appear, change seats or phase, go
away) on the interfaces `p2p.lan.interfaces.choose_interfaces` picks from `--interface` and
`ZEMLEVLASNYK_INTERFACES`. Joining from the list asks the host for a seat (the host
decides), unless an invite link for that table was pasted here, whose secret seats us at
once. The field takes an invite link or a table's short code (read aloud across the room)
of a table in the list. A link that is not a table invite is explained in the scene, in the catalogue's
words (the detail goes to the window's log). The name is the one in the settings; a
changed name is kept there and in the default profile.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from zemlevlasnyk.p2p import (
    MAX_NAME,
    PROTOCOL_VERSION,
    AdvertError,
    InterfaceError,
    Invite,
    Profile,
    ProtocolError,
    TableAdvert,
    choose_interfaces,
    clean_name,
    load_or_create,
    look_alikes,
    normalise_code,
    parse_invite,
    to_invite,
)
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face, font
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.widgets import Button, Style, TextField, draw_text, fit, fit_line, panel, text_width, wrap
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.sessions.nearby import NearbyTables
from zemlevlasnyk.ui.shell import clipboard, nav
from zemlevlasnyk.ui.words.house_rules import RulesChoice, summary_to_fit
from zemlevlasnyk.ui.words.problems import error_words, explain, trouble
from zemlevlasnyk.ui.words.ruleset import preset_name
from zemlevlasnyk.ui.words.text import Say, Words, form

if TYPE_CHECKING:
    from zemlevlasnyk.ui.sessions.host import HostSession
    from zemlevlasnyk.ui.sessions.join import JoinSession

HOST = "host"
RULES = "rules"
JOIN_LINK = "join_link"
BACK = "back"
# Long enough for any invite link (an IPv6 address, a port, three hex fields).
LINK_LIMIT = 400
# At the reference window size (theme.Sizes scales them).
CARD_MAX = (1120, 720)
PAD = 32
HEAD = 110
LEFT_WIDTH = 380
COLUMN_GAP = 48
ROW = 46
LABEL_ROOM = 28
TABLE_ROW = 104
# The host key's fingerprint is shown in groups of this many hex digits (read aloud, compared).
KEY_GROUP = 4
JOIN_WIDTH = 170
JOIN_HEIGHT = 40
BACK_WIDTH = 150
RULES_ROW = 32
RULES_WIDTH = 120


class FriendsScene(Scene):
    def __init__(self, app: SceneHost, *, profile: Profile | None = None) -> None:
        """`profile`: who the person is at friends' tables (default: the stored default profile)."""
        super().__init__(app)
        self.message: Say | None = None
        self.profile = profile
        # The stored default profile follows the settings' name; one handed in is left as it is.
        self._saves_name = profile is None
        self.name = TextField(profile.name if profile else app.settings.name or self.t["default_name"], MAX_NAME)
        self.link = TextField("", LINK_LIMIT)
        self.rows: list[Button] = []
        self.listed: list[TableAdvert] = []    # the list the rows were made from
        self.secrets: dict[str, bytes] = {}     # table id -> join secret, from pasted links
        self.rules = RulesChoice()               # the rules of a table opened from here
        self.rules_line = pygame.Rect(0, 0, 0, 0)
        self.card = pygame.Rect(0, 0, 0, 0)
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.interfaces: tuple[str, ...] = ()
        self.nearby: NearbyTables | None = None
        try:
            self.interfaces = choose_interfaces(app.interfaces)
        except InterfaceError as exc:
            self.message = trouble("interfaces", exc, Say("friends.no_network"))
        self.relabel()
        self._look()

    @property
    def f(self) -> Words:
        words: Words = self.t["friends"]
        return words

    def relabel(self) -> None:
        size = self.sizes.body
        self.host_button = Button(self.f["host"], HOST, style=Style.PRIMARY, size=size)
        self.join_link = Button(self.f["join_link"], JOIN_LINK, size=size)
        self.back = Button(self.f["back"], BACK, size=size)
        self.change_rules = Button(self.t["rules"]["change"], RULES, size=self.sizes.small)
        self._rows()

    def _look(self) -> None:
        if self.interfaces:
            self.nearby = NearbyTables(self.interfaces)
            self.app.spawn(self.nearby.run)

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.relabel()
        s = self.sizes
        w, h = size
        self.card = pygame.Rect(0, 0, min(w - 2 * s.gap, s.px(CARD_MAX[0])), min(h - 2 * s.gap, s.px(CARD_MAX[1])))
        self.card.center = (w // 2, h // 2)
        pad, row, label = s.px(PAD), s.px(ROW), s.px(LABEL_ROOM)
        left = self.card.left + pad
        inner = self.card.width - 2 * pad
        left_width = min(s.px(LEFT_WIDTH), (inner - s.px(COLUMN_GAP)) * 2 // 5)
        y = self.card.top + s.px(HEAD)
        self.name.rect = pygame.Rect(left, y, left_width, row)
        self.name.size = s.body
        self.host_button.rect = pygame.Rect(left, self.name.rect.bottom + s.px(24), left_width, row + s.px(6))
        rules_row = s.px(RULES_ROW)
        width = min(s.px(RULES_WIDTH), left_width // 2)
        self.change_rules.rect = pygame.Rect(left + left_width - width, self.host_button.rect.bottom + s.px(8), width,
                                             rules_row)
        self.rules_line = pygame.Rect(left, self.change_rules.rect.top, left_width - width - s.px(8), rules_row)
        y = self.change_rules.rect.bottom + s.px(8) + 2 * (s.small + s.px(6)) + s.px(24) + label
        self.link.rect = pygame.Rect(left, y, left_width, row)
        self.link.size = s.small
        self.join_link.rect = pygame.Rect(left, self.link.rect.bottom + s.px(12), left_width, row)
        self.back.rect = pygame.Rect(left, self.card.bottom - pad - row, min(s.px(BACK_WIDTH), left_width), row)
        right = left + left_width + s.px(COLUMN_GAP)
        top = self.card.top + s.px(HEAD)
        self.list_area = pygame.Rect(right, top, self.card.right - pad - right, self.card.bottom - pad - top)
        self._rows()

    def _rows(self) -> None:
        s = self.sizes
        tables = self.listed = self.nearby.tables if self.nearby else []
        step = s.px(TABLE_ROW)
        fits = max(0, self.list_area.height // step)
        width = min(s.px(JOIN_WIDTH), self.list_area.width // 3)
        self.rows = []
        for n, table in enumerate(tables[:fits]):
            if table.protocol != PROTOCOL_VERSION:
                label, enabled = self.f["other_version"], False
            elif table.phase.value != "lobby":
                label, enabled = self.f["watch_only"], False
            elif table.seats_free == 0:
                label, enabled = self.f["full"], False
            else:
                label, enabled = self.f["join"], True
            b = Button(label, table, enabled=enabled, size=s.body - 1)
            top = self.list_area.top + n * step
            height = s.px(JOIN_HEIGHT)
            b.rect = pygame.Rect(self.list_area.right - width - s.px(12), top + (step - s.px(8) - height) // 2,
                                 width, height)
            self.rows.append(b)

    # --- time and input -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.nearby is not None and self.nearby.task.stopped:
            self._look()   # back from a lobby: look again
        if self.nearby is not None and self.nearby.error and not self.message:
            self.message = trouble("looking for tables", self.nearby.error, Say("friends.no_network"))
        if self.nearby is not None and self.nearby.tables is not self.listed:
            self._rows()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.link.focused and clipboard.is_paste(event):
            pasted = clipboard.paste()
            if pasted:
                self.link.text = (self.link.text + pasted.strip())[:LINK_LIMIT]
            return
        if self.name.handle(event) or self.link.handle(event):
            if event.type == pygame.KEYDOWN or event.type == pygame.TEXTINPUT:
                self.message = None
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.host_button.hit(event.pos):
                self._host()
            elif self.change_rules.hit(event.pos):
                self.app.go(nav.Rules(self.rules))
            elif self.join_link.hit(event.pos):
                self._join_link()
            elif self.back.hit(event.pos):
                self._leave()
            for b in self.rows:
                if b.hit(event.pos):
                    self._join_table(b.intent)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self._leave()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.link.text.strip():
                self._join_link()

    def _leave(self) -> None:
        if self.nearby is not None:
            self.nearby.stop()
        self.app.go(nav.Back())

    def _me(self) -> Profile | None:
        """Who sits down: the default profile under the name in the field, with the
        settings' colour (both kept for next time); None when the profile is unreadable."""
        name = clean_name(self.name.text) if self.name.text.strip() else self.t["default_name"]
        if not self._saves_name:
            assert self.profile is not None
            return self.profile if name == self.profile.name else self.profile.with_name(name)
        settings = self.app.settings
        if settings.name != name:
            self.app.change_settings(dataclasses.replace(settings, name=name))
        try:
            self.profile = load_or_create("default", name=name, colour=settings.colour)
        except ProtocolError as exc:
            self.message = explain(exc, "the default profile")
            return None
        return self.profile

    def _host(self) -> None:
        from zemlevlasnyk.ui.sessions.host import HostSession
        me = self._me()
        if me is None or not self.interfaces:
            return
        session = HostSession(me, interfaces=self.interfaces, table_name=self.f["table_name"].format(name=me.name),
                              preset=self.rules.preset, options=self.rules.options)
        session.set_clock(self.app.settings.clock)
        self._open(session)

    def _join_link(self) -> None:
        code = normalise_code(self.link.text)
        if code is not None:
            table = next((t for t in self.nearby.tables if t.code == code), None) if self.nearby else None
            if table is None:
                self.message = Say("friends.no_code", {"code": code})
            else:
                self._join_table(table)
            return
        try:
            invite = parse_invite(self.link.text)
        except ProtocolError as exc:
            self.message = explain(exc, "the pasted link")
            return
        if invite.secret is not None:
            self.secrets[invite.table] = invite.secret
        self._join(invite)

    def _join_table(self, table: TableAdvert) -> None:
        try:
            invite = to_invite(table, secret=self.secrets.get(table.table_id))
        except AdvertError as exc:
            self.message = trouble("a table nearby", exc, error_words("bad_link"))
            return
        self._join(invite)

    def _join(self, invite: Invite) -> None:
        from zemlevlasnyk.ui.sessions.join import JoinSession
        me = self._me()
        if me is None:
            return
        session = JoinSession(me, invite, interfaces=self.interfaces)
        self._open(session)

    def _open(self, session: HostSession | JoinSession) -> None:
        """Start the session's task and show its lobby; stop looking while we sit at a table."""
        self.message = None
        self.app.spawn(session.run)
        if self.nearby is not None:
            self.nearby.stop()
        self.app.go(nav.Lobby(session))

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        s = self.sizes
        surface.fill(theme.BACKGROUND)
        panel(surface, self.card, theme.PANEL, radius=s.px(14), shadow=True)
        left = self.card.left + s.px(PAD)
        width = self.name.rect.width
        title = s.heading + 6
        draw_text(surface, fit_line(self.f["title"], title, self.card.width - 2 * s.px(PAD), Face.BOLD),
                  (left, self.card.top + s.px(28)), title, theme.INK, Face.BOLD, box=self.card)
        self._label(surface, self.f["your_name"], self.name.rect)
        self.name.draw(surface)
        self.host_button.draw(surface, self.app.mouse)
        label = self.t["rules"]["label"] + ": "
        width = self.rules_line.width
        rules = label + summary_to_fit(self.app.lang, self.rules.preset, self.rules.options,
                                       lambda line: text_width(label + line, theme.MIN_TEXT) <= width)
        text, size = shrink_line(rules, width, steps(s.small, theme.MIN_TEXT))
        draw_text(surface, text, self.rules_line.midleft, size, theme.INK, anchor="midleft", box=self.rules_line)
        self.change_rules.draw(surface, self.app.mouse)
        # The note takes what lies above the link's label, smaller text or a third line
        # rather than lose its end (at 800×500 two lines cut «посилання» off).
        note = self.host_note_box()
        fitted = fit(self.f["host_note"], note.width, note.height, steps(s.small, theme.MIN_TEXT), Face.REGULAR)
        y = note.top
        for line in fitted.lines:
            draw_text(surface, line, (left, y), fitted.size, theme.INK_SOFT, box=note)
            y += fitted.line_height
        self._label(surface, self.f["link"], self.link.rect)
        _draw_field_tail(surface, self.link, self.f["link_hint"], s.small)
        self.join_link.draw(surface, self.app.mouse)
        if self.message:
            y = self.join_link.rect.bottom + s.px(16)
            room = (self.back.rect.top - s.px(8) - y) // (s.small + s.px(6))
            for line in wrap(self.say(self.message), s.small, width, Face.BOLD)[:max(0, room)]:
                draw_text(surface, line, (left, y), s.small, theme.MONEY_LOSS, Face.BOLD, box=self.card)
                y += s.small + s.px(6)
        self.back.draw(surface, self.app.mouse)
        self._draw_list(surface)

    def host_note_box(self) -> pygame.Rect:
        """The room of the note under «open a table»: down to the link's label."""
        s = self.sizes
        top = self.change_rules.rect.bottom + s.px(8)
        label_top = self.link.rect.top - s.px(6) - font(s.body, Face.BOLD).get_linesize()
        return pygame.Rect(self.card.left + s.px(PAD), top, self.name.rect.width, max(0, label_top - s.px(4) - top))

    def _label(self, surface: pygame.Surface, text: str, field: pygame.Rect) -> None:
        s = self.sizes
        draw_text(surface, fit_line(text, s.body, field.width, Face.BOLD), (field.left, field.top - s.px(6)), s.body,
                  theme.INK_SOFT, Face.BOLD, "bottomleft", box=self.card)

    def _draw_list(self, surface: pygame.Surface) -> None:
        s = self.sizes
        area = self.list_area
        pygame.draw.line(surface, theme.PANEL_LINE, (area.left - s.px(24), area.top - s.px(20)),
                         (area.left - s.px(24), area.bottom))
        draw_text(surface, fit_line(self.f["nearby"], s.body, area.width, Face.BOLD), (area.left, area.top - s.px(6)),
                  s.body, theme.INK_SOFT, Face.BOLD, "bottomleft", box=self.card)
        if not self.rows:
            note = self.f["none_yet"] if self.nearby and self.nearby.looking else self.f["looking"]
            y = area.top + s.px(8)
            for line in wrap(note, s.body, area.width)[:3]:
                draw_text(surface, line, (area.left, y), s.body, theme.INK_SOFT, box=area)
                y += s.body + s.px(8)
            return
        step = s.px(TABLE_ROW)
        # A name a person could take for another's is said so, on its key's line.
        marked = look_alikes(self.listed)
        for n, b in enumerate(self.rows):
            table: TableAdvert = b.intent
            row = pygame.Rect(area.left, area.top + n * step, area.width, step - s.px(8))
            pygame.draw.rect(surface, theme.CARD, row, border_radius=s.radius)
            pygame.draw.rect(surface, theme.PANEL_LINE, row, 1, border_radius=s.radius)
            text_left = row.left + s.px(16)
            room = b.rect.left - text_left - s.px(12)
            key = " ".join(table.fingerprint[i:i + KEY_GROUP] for i in range(0, len(table.fingerprint), KEY_GROUP))
            lines = (
                (table.table_name, s.body + 1, theme.INK, Face.BOLD),
                # The rules it is played by (the preset it advertises) beside who hosts it.
                (" · ".join((self.f["hosted_by"].format(host=table.host_name, code=table.code),
                             preset_name(table.preset, self.app.lang))), s.small, theme.INK_SOFT, Face.REGULAR),
                (" · ".join((form(self.app.lang, self.f["seats"], n=table.seats).format(taken=table.seats_taken,
                                                                                         all=table.seats),
                             self.f["phase"].get(table.phase.value, table.phase.value),
                             self.f["clock_on"] if table.clock else self.f["clock_off"])),
                 s.small, theme.INK, Face.REGULAR),
                (self.f["key_lookalike"].format(key=key), s.small, theme.INK_CAUTION, Face.BOLD)
                if table.table_id in marked else (self.f["key"].format(key=key), s.small, theme.INK_SOFT, Face.REGULAR),
            )
            gap = (row.height - sum(size for _, size, _, _ in lines)) // (len(lines) + 1)
            y = row.top + gap
            for text, size, ink, face in lines:
                shown, shown_size = shrink_line(text, room, steps(size, theme.MIN_TEXT), face)
                draw_text(surface, shown, (text_left, y), shown_size, ink, face, box=row)
                y += size + gap
            b.draw(surface, self.app.mouse)


def _draw_field_tail(surface: pygame.Surface, field: TextField, hint: str, size: int) -> None:
    """A text field showing the end of a long text (a pasted link), or a hint when empty."""
    pygame.draw.rect(surface, theme.CARD, field.rect, border_radius=theme.RADIUS)
    pygame.draw.rect(surface, theme.FOCUS if field.focused else theme.PANEL_LINE, field.rect,
                     2 if field.focused else 1, border_radius=theme.RADIUS)
    room = field.rect.width - 24
    if not field.text and not field.focused:
        # The hint shrinks, then takes two lines, rather than lose its end.
        fitted = fit(hint, room, field.rect.height - 4, steps(size, theme.MIN_TEXT), Face.REGULAR)
        y = field.rect.centery - len(fitted.lines) * fitted.line_height // 2
        for line in fitted.lines:
            draw_text(surface, line, (field.rect.left + 12, y), fitted.size, theme.INK_SOFT, box=field.rect)
            y += fitted.line_height
        return
    shown = field.text + ("▏" if field.focused else "")
    while len(shown) > 1 and text_width(shown, size, Face.REGULAR) > room:
        shown = shown[1:]
    draw_text(surface, shown, (field.rect.left + 12, field.rect.centery), size, theme.INK, anchor="midleft",
              box=field.rect)

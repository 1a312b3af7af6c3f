"""Playing with friends: open a table, pick one of the tables nearby, or paste an invite.

The list follows `p2p.discovery.browse` live (tables appear, change seats or phase, go
away) on the interfaces `p2p.interfaces.choose_interfaces` picks from `--interface` and
`ZEMLEVLASNYK_INTERFACES`. Joining from the list asks the host for a seat (the host
decides), unless an invite link for that table was pasted here, whose secret seats us at
once. A link that is not a table invite is explained in the scene.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from zemlevlasnyk.p2p.discovery import AdvertError, TableAdvert, to_invite
from zemlevlasnyk.p2p.errors import ProtocolError
from zemlevlasnyk.p2p.identity import MAX_NAME, Profile, clean_name, load_or_create
from zemlevlasnyk.p2p.interfaces import InterfaceError, choose_interfaces
from zemlevlasnyk.p2p.links import Invite, parse_invite
from zemlevlasnyk.p2p.wire import PROTOCOL_VERSION

from .. import clipboard, nav, theme
from ..fonts import Face
from ..nearby import NearbyTables
from ..text import form
from ..widgets import Button, Style, TextField, draw_text, fit_line, panel, text_width, wrap
from .base import Scene, SceneHost

if TYPE_CHECKING:
    from ..net_host import HostSession
    from ..net_join import JoinSession

HOST = "host"
JOIN_LINK = "join_link"
BACK = "back"
# Long enough for any invite link (an IPv6 address, a port, three hex fields).
LINK_LIMIT = 400
CARD_MAX = (1120, 720)
LEFT_WIDTH = 380
ROW = 46
TABLE_ROW = 84
JOIN_WIDTH = 170


class FriendsScene(Scene):
    def __init__(self, app: SceneHost, *, profile: Profile | None = None) -> None:
        """`profile`: who the person is at friends' tables (default: the stored default profile)."""
        super().__init__(app)
        self.f = self.t["friends"]
        self.message: str | None = None
        self.profile = profile
        # The stored default profile remembers a changed name; one handed in is left as it is.
        self._saves_name = profile is None
        if profile is None:
            try:
                self.profile = load_or_create("default")
            except ProtocolError as exc:
                self.message = self.f["no_profile"].format(why=exc.message)
        self.name = TextField(self.profile.name if self.profile else self.t["default_name"], MAX_NAME)
        self.link = TextField("", LINK_LIMIT)
        self.host_button = Button(self.f["host"], HOST, style=Style.PRIMARY)
        self.join_link = Button(self.f["join_link"], JOIN_LINK)
        self.back = Button(self.f["back"], BACK)
        self.rows: list[Button] = []
        self.listed: list[TableAdvert] = []    # the list the rows were made from
        self.secrets: dict[str, bytes] = {}     # table id -> join secret, from pasted links
        self.card = pygame.Rect(0, 0, 0, 0)
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.interfaces: tuple[str, ...] = ()
        self.nearby: NearbyTables | None = None
        try:
            self.interfaces = choose_interfaces(app.interfaces)
        except InterfaceError as exc:
            self.message = self.f["no_network"].format(why=exc)
        self._look()

    def _look(self) -> None:
        if self.interfaces:
            self.nearby = NearbyTables(self.interfaces)
            self.app.spawn(self.nearby.run)

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.card = pygame.Rect(0, 0, min(w - 48, CARD_MAX[0]), min(h - 48, CARD_MAX[1]))
        self.card.center = (w // 2, h // 2)
        left = self.card.left + 32
        y = self.card.top + 110
        self.name.rect = pygame.Rect(left, y, LEFT_WIDTH, ROW)
        self.host_button.rect = pygame.Rect(left, y + ROW + 24, LEFT_WIDTH, ROW + 6)
        y = self.host_button.rect.bottom + 110
        self.link.rect = pygame.Rect(left, y, LEFT_WIDTH, ROW)
        self.join_link.rect = pygame.Rect(left, y + ROW + 12, LEFT_WIDTH, ROW)
        self.back.rect = pygame.Rect(left, self.card.bottom - 24 - ROW, 150, ROW)
        right = left + LEFT_WIDTH + 48
        self.list_area = pygame.Rect(right, self.card.top + 110, self.card.right - 32 - right,
                                     self.card.bottom - 24 - (self.card.top + 110))
        self._rows()

    def _rows(self) -> None:
        tables = self.listed = self.nearby.tables if self.nearby else []
        fits = max(0, self.list_area.height // TABLE_ROW)
        self.rows = []
        for n, table in enumerate(tables[:fits]):
            if table.phase.value != "lobby" or table.protocol != PROTOCOL_VERSION:
                label, enabled = self.f["watch_only"], False
            elif table.seats_free == 0:
                label, enabled = self.f["full"], False
            else:
                label, enabled = self.f["join"], True
            b = Button(label, table, enabled=enabled, size=theme.BODY - 1)
            top = self.list_area.top + n * TABLE_ROW
            b.rect = pygame.Rect(self.list_area.right - JOIN_WIDTH - 12, top + (TABLE_ROW - 8 - 40) // 2,
                                 JOIN_WIDTH, 40)
            self.rows.append(b)

    # --- time and input -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.nearby is not None and self.nearby.task.stopped:
            self._look()   # back from a lobby: look again
        if self.nearby is not None and self.nearby.error and not self.message:
            self.message = self.f["no_network"].format(why=self.nearby.error)
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
        """Who sits down: the profile under the name in the field (saved for next time)."""
        if self.profile is None:
            return None
        name = clean_name(self.name.text) if self.name.text.strip() else self.profile.name
        if name == self.profile.name:
            return self.profile
        if self._saves_name:
            try:
                self.profile = load_or_create("default", name=name)
                return self.profile
            except ProtocolError as exc:
                self.message = self.f["no_profile"].format(why=exc.message)
        return self.profile.with_name(name)

    def _host(self) -> None:
        from ..net_host import HostSession
        me = self._me()
        if me is None or not self.interfaces:
            return
        session = HostSession(me, interfaces=self.interfaces, table_name=self.f["table_name"].format(name=me.name))
        self._open(session)

    def _join_link(self) -> None:
        try:
            invite = parse_invite(self.link.text)
        except ProtocolError as exc:
            self.message = self.f["bad_link"].format(why=exc.message)
            return
        if invite.secret is not None:
            self.secrets[invite.table] = invite.secret
        self._join(invite)

    def _join_table(self, table: TableAdvert) -> None:
        try:
            invite = to_invite(table, secret=self.secrets.get(table.table_id))
        except AdvertError as exc:
            self.message = self.f["no_network"].format(why=exc)
            return
        self._join(invite)

    def _join(self, invite: Invite) -> None:
        from ..net_join import JoinSession
        me = self._me()
        if me is None:
            return
        session = JoinSession(me, invite)
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
        surface.fill(theme.BACKGROUND)
        panel(surface, self.card, theme.PANEL, radius=14, shadow=True)
        left = self.card.left + 32
        draw_text(surface, self.f["title"], (left, self.card.top + 28), theme.HEADING + 6, theme.INK, Face.BOLD)
        draw_text(surface, self.f["your_name"], (left, self.name.rect.top - 28), theme.BODY, theme.INK_SOFT, Face.BOLD)
        self.name.draw(surface)
        self.host_button.draw(surface, self.app.mouse)
        y = self.host_button.rect.bottom + 10
        for line in wrap(self.f["host_note"], theme.SMALL, LEFT_WIDTH)[:2]:
            draw_text(surface, line, (left, y), theme.SMALL, theme.INK_SOFT)
            y += theme.SMALL + 6
        draw_text(surface, self.f["link"], (left, self.link.rect.top - 28), theme.BODY, theme.INK_SOFT, Face.BOLD)
        _draw_field_tail(surface, self.link, self.f["link_hint"])
        self.join_link.draw(surface, self.app.mouse)
        if self.message:
            y = self.join_link.rect.bottom + 16
            for line in wrap(self.message, theme.SMALL, LEFT_WIDTH)[:6]:
                draw_text(surface, line, (left, y), theme.SMALL, theme.MONEY_LOSS, Face.BOLD)
                y += theme.SMALL + 6
        self.back.draw(surface, self.app.mouse)
        self._draw_list(surface)

    def _draw_list(self, surface: pygame.Surface) -> None:
        area = self.list_area
        pygame.draw.line(surface, theme.PANEL_LINE, (area.left - 24, area.top - 20), (area.left - 24, area.bottom))
        draw_text(surface, self.f["nearby"], (area.left, area.top - 28), theme.BODY, theme.INK_SOFT, Face.BOLD)
        if not self.rows:
            note = self.f["none_yet"] if self.nearby and self.nearby.looking else self.f["looking"]
            y = area.top + 8
            for line in wrap(note, theme.BODY, area.width)[:3]:
                draw_text(surface, line, (area.left, y), theme.BODY, theme.INK_SOFT)
                y += theme.BODY + 8
            return
        for n, b in enumerate(self.rows):
            table: TableAdvert = b.intent
            row = pygame.Rect(area.left, area.top + n * TABLE_ROW, area.width, TABLE_ROW - 8)
            pygame.draw.rect(surface, theme.CARD, row, border_radius=theme.RADIUS)
            pygame.draw.rect(surface, theme.PANEL_LINE, row, 1, border_radius=theme.RADIUS)
            text_left = row.left + 16
            room = b.rect.left - text_left - 12
            draw_text(surface, fit_line(table.table_name, theme.BODY + 1, room, Face.BOLD), (text_left, row.top + 10),
                      theme.BODY + 1, theme.INK, Face.BOLD)
            host = self.f["hosted_by"].format(host=table.host_name, key=table.fingerprint)
            draw_text(surface, fit_line(host, theme.SMALL, room), (text_left, row.top + 34), theme.SMALL,
                      theme.INK_SOFT)
            seats = form(self.app.lang, self.f["seats"], n=table.seats).format(taken=table.seats_taken, all=table.seats)
            facts = " · ".join((seats,
                                self.f["phase"].get(table.phase.value, table.phase.value),
                                self.f["clock_on"] if table.clock else self.f["clock_off"]))
            draw_text(surface, fit_line(facts, theme.SMALL, room), (text_left, row.top + 54), theme.SMALL, theme.INK)
            b.draw(surface, self.app.mouse)


def _draw_field_tail(surface: pygame.Surface, field: TextField, hint: str) -> None:
    """A text field showing the end of a long text (a pasted link), or a hint when empty."""
    pygame.draw.rect(surface, theme.CARD, field.rect, border_radius=theme.RADIUS)
    pygame.draw.rect(surface, theme.FOCUS if field.focused else theme.PANEL_LINE, field.rect,
                     2 if field.focused else 1, border_radius=theme.RADIUS)
    room = field.rect.width - 24
    if not field.text and not field.focused:
        draw_text(surface, fit_line(hint, theme.SMALL, room), (field.rect.left + 12, field.rect.centery), theme.SMALL,
                  theme.INK_SOFT, anchor="midleft")
        return
    shown = field.text + ("▏" if field.focused else "")
    while len(shown) > 1 and text_width(shown, theme.SMALL, Face.REGULAR) > room:
        shown = shown[1:]
    draw_text(surface, shown, (field.rect.left + 12, field.rect.centery), theme.SMALL, theme.INK, anchor="midleft")

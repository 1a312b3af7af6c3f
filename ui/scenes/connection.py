"""The state of a friends table's connection, over the board: a host that went silent or is
being dialled again (with the attempt), a host gone that is still looked for (dialled, and
looked for on the network: it may be back, or another player may take the table over), a
host gone for good (nobody tries any more), a host caught cheating, and
the other players who are offline (the table plays safe moves for them), told apart from
those who left the table on purpose (said goodbye). When the host is
lost and this window is to take the table over, the banner counts down the seconds left
(unless another player takes it over first), then says the window is taking it over, and
then that it hosts the table and waits a few seconds for the others to come back.

While the banner is up the table scene disables every move button (a click never fails
silently), and the banner's own button leads back to the menu at any moment. When the
host answers again the banner goes and the game goes on by itself.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import Button, Style, draw_text, wrap
from zemlevlasnyk.ui.sessions.common import LinkState, Takeover
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.words.text import Say, Words

# At the reference window size (theme.Sizes scales them).
MARGIN = 12
PAD = 14
BUTTON_WIDTH = 150
BUTTON_HEIGHT = 36
MAX_LINES = 4
BACK = "back"


@dataclass(frozen=True)
class Banner:
    text: Say
    colour: pygame.Color
    stops_moves: bool      # the person's moves wait (or are over) while it shows


class ConnectionBanner:
    def __init__(self, net: NetTable) -> None:
        self.net = net
        self.shown: Banner | None = None
        self.lines: list[str] = []
        self.box = pygame.Rect(0, 0, 0, 0)
        self.back = Button("", BACK, style=Style.NORMAL)
        self.size = theme.BODY
        self.step = theme.BODY
        self.pad = PAD

    def banner(self, names: Sequence[str]) -> Banner | None:
        """What the banner says now (None: nothing to say)."""
        net = self.net
        if net.cheated:
            return Banner(net.cheated, theme.BUTTON_DANGER, True)
        if net.takeover is not Takeover.NONE and not net.trouble:
            return self._takeover()
        if net.link is LinkState.LOST:
            return Banner(Say("connection.lost"), theme.BUTTON_DANGER, True)
        if net.trouble:
            return Banner(net.trouble, theme.BUTTON_DANGER, True)
        if net.link is LinkState.RECONNECTING:
            return Banner(Say("connection.reconnecting", {"n": self.attempt}), theme.INK, True)
        if net.link in (LinkState.LOOKING, LinkState.REDIALLING):
            return Banner(Say(f"connection.{net.link.value}"), theme.INK, True)
        if net.link is LinkState.SILENT:
            return Banner(Say("connection.silent"), theme.INK, True)
        away = sorted(s for s in net.offline if s != net.me)
        if not away:
            return None
        left = [s for s in away if s in net.left]
        dropped = [s for s in away if s not in net.left]
        if left and dropped:
            listed = {"offline": ", ".join(names[s] for s in dropped), "left": ", ".join(names[s] for s in left)}
            return Banner(Say("connection.offline_and_left", listed), theme.INK_SOFT, False)
        path = "connection.left" if left else "connection.offline"
        return Banner(Say(path, {"names": ", ".join(names[s] for s in away)}, n=len(away)), theme.INK_SOFT, False)

    def _takeover(self) -> Banner:
        """This window taking over the table of a lost host: moves wait until it hosts the
        table and the others had their time to come back (the handover record)."""
        step = self.net.takeover
        if step is Takeover.TAKING:
            return Banner(Say("connection.taking_over"), theme.INK, True)
        path = "connection.takeover_due" if step is Takeover.DUE else "connection.hosting_grace"
        return Banner(Say(path, {"n": self.seconds_left}), theme.INK, True)

    @property
    def seconds_left(self) -> int:
        """The takeover's countdown in whole seconds, as shown (0 when there is none)."""
        left = self.net.takeover_in()
        return math.ceil(left) if left is not None else 0

    @property
    def attempt(self) -> int:
        return int(getattr(self.net.session, "reconnect_attempt", 0))

    @property
    def stops_moves(self) -> bool:
        """The person's moves wait (as of the last `place`)."""
        return self.shown is not None and self.shown.stops_moves

    def state(self) -> tuple[object, ...]:
        """Changes whenever the banner or the moves it stops may change."""
        return (self.net.link, self.attempt, self.net.cheated, self.net.trouble, frozenset(self.net.offline),
                frozenset(self.net.left), self.net.takeover, self.seconds_left)

    def place(self, area: pygame.Rect, names: Sequence[str], t: Words, lang: str, sizes: Sizes) -> None:
        """Word the banner for now and lay it out across the top of `area` (the board's
        centre, where it hides no cell)."""
        self.shown = banner = self.banner(names)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.back.rect = pygame.Rect(0, 0, 0, 0)
        self.lines = []
        if banner is None:
            return
        s = sizes
        margin, self.pad = s.px(MARGIN), s.px(PAD)
        self.size = s.body
        self.step = self.size + s.px(6)
        width = area.width - 2 * margin
        room = width - 2 * self.pad - (s.px(BUTTON_WIDTH) + self.pad if banner.stops_moves else 0)
        self.lines = wrap(banner.text.text(lang), self.size, room, Face.BOLD)[:MAX_LINES]
        height = max(len(self.lines) * self.step, s.px(BUTTON_HEIGHT) if banner.stops_moves else 0) + 2 * self.pad
        self.box = pygame.Rect(area.left + margin, area.top + margin, width, height)
        if banner.stops_moves:
            self.back.label = t["connection"]["back"]
            self.back.size = s.body
            self.back.rect = pygame.Rect(0, 0, s.px(BUTTON_WIDTH), s.px(BUTTON_HEIGHT))
            self.back.rect.midright = (self.box.right - self.pad, self.box.centery)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the banner's button was clicked (back to the menu)."""
        return (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.stops_moves
                and self.back.hit(event.pos))

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int]) -> None:
        if self.shown is None:
            return
        pygame.draw.rect(surface, self.shown.colour, self.box, border_radius=theme.RADIUS)
        y = self.box.centery - len(self.lines) * self.step // 2
        for line in self.lines:
            draw_text(surface, line, (self.box.left + self.pad, y), self.size, theme.INK_ON_DARK, Face.BOLD,
                      box=self.box)
            y += self.step
        if self.shown.stops_moves:
            self.back.draw(surface, mouse)

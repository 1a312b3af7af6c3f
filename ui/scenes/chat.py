"""The table chat beside the board: the latest lines and a field to write in.

Enter sends the line through the table (`NetTable.say`), which keeps to `p2p.core.chat`'s
length limit; the host's rate limit comes back as a refusal in the feed. While the field
has the keyboard, every key goes to it (Space must not roll the dice).
"""
from __future__ import annotations

import pygame

from zemlevlasnyk.p2p import MAX_CHAT_CHARS
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.widgets import TextField, draw_text, fit_line, wrap
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.sessions.common import ChatEntry
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.words.text import Say, Words

# At the reference window size (theme.Sizes scales them).
LINE_GAP = 5
FIELD_HEIGHT = 34
TITLE_ROOM = 22
DOT = 4
INDENT = 14


class ChatPanel:
    def __init__(self, scene: Scene, table: NetTable) -> None:
        """`scene`: the table scene it sits in (its words, in the language shown now)."""
        self.scene = scene
        self.table = table
        self.field = TextField("", MAX_CHAT_CHARS)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.problem: Say | None = None

    @property
    def t(self) -> Words:
        words: Words = self.scene.t["chat"]
        return words

    def least(self) -> int:
        """The least height that shows the title, two lines and the field."""
        s = self.scene.sizes
        return s.px(TITLE_ROOM) + s.px(FIELD_HEIGHT) + 2 * (s.small + s.px(LINE_GAP)) + 6

    def layout(self, rect: pygame.Rect) -> None:
        s = self.scene.sizes
        self.rect = rect
        height = s.px(FIELD_HEIGHT)
        self.field.rect = pygame.Rect(rect.left, rect.bottom - height, rect.width, height)
        self.field.size = s.small

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the chat took the event."""
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self.field.handle(event)
        if not self.field.focused:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._send()
            elif event.key == pygame.K_ESCAPE:
                self.field.focused = False
            else:
                self.field.handle(event)
            return True
        return self.field.handle(event)

    def _send(self) -> None:
        text = self.field.text.strip()
        if not text:
            return
        self.problem = problem = self.table.say(text)
        if problem is None:
            self.field.text = ""

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scene.sizes
        area = self.rect
        step = s.small + s.px(LINE_GAP)
        title_room = s.px(TITLE_ROOM)
        if area.height < self.field.rect.height + title_room + step:
            return
        pygame.draw.line(surface, theme.PANEL_LINE, (area.left, area.top - 6), (area.right, area.top - 6))
        draw_text(surface, fit_line(self.t["title"], s.tiny, area.width, Face.BOLD), (area.left, area.top + 2), s.tiny,
                  theme.INK_SOFT, Face.BOLD, box=area)
        indent = s.px(INDENT)
        lines = self._lines(self.table.chat, area.width - indent, s.small)
        room = (self.field.rect.top - 6 - area.top - title_room) // step
        if self.problem:
            room -= 1
        y = area.top + title_room
        for text, colour in lines[max(0, len(lines) - room):] if room > 0 else []:
            if colour is not None:
                pygame.draw.circle(surface, theme.player_colour(colour), (area.left + s.px(DOT), y + step // 2 - 2),
                                   s.px(DOT))
            draw_text(surface, text, (area.left + indent, y), s.small, theme.INK, box=area)
            y += step
        if self.problem:
            problem = fit_line(self.scene.say(self.problem), s.tiny, area.width, Face.BOLD)
            draw_text(surface, problem, (area.left, self.field.rect.top - step - 2), s.tiny, theme.MONEY_LOSS,
                      Face.BOLD, box=area)
        self.field.draw(surface)
        if not self.field.text and not self.field.focused:
            hint = fit_line(self.t["hint"], s.small, self.field.rect.width - 24)
            draw_text(surface, hint, (self.field.rect.left + 12, self.field.rect.centery), s.small, theme.INK_SOFT,
                      anchor="midleft", box=self.field.rect)

    @staticmethod
    def _lines(entries: list[ChatEntry], width: int, size: int) -> list[tuple[str, str | None]]:
        out: list[tuple[str, str | None]] = []
        for e in entries:
            for n, piece in enumerate(wrap(f"{e.name}: {e.text}", size, width)):
                out.append((piece if n == 0 else "  " + piece, e.colour if n == 0 else None))
        return out

"""The table chat beside the board: the latest lines and a field to write in.

Enter sends the line through the table (`NetTable.say`), which keeps to `p2p.chat`'s
length limit; the host's rate limit comes back as a refusal in the feed. While the field
has the keyboard, every key goes to it (Space must not roll the dice).
"""
from __future__ import annotations

from typing import Any

import pygame

from zemlevlasnyk.p2p.chat import MAX_CHAT_CHARS

from .. import theme
from ..fonts import Face
from ..net_common import ChatEntry
from ..net_table import NetTable
from ..text import Say
from ..widgets import TextField, draw_text, wrap
from .base import Scene

LINE_STEP = theme.SMALL + 5
FIELD_HEIGHT = 34
TITLE_ROOM = 22


class ChatPanel:
    def __init__(self, scene: Scene, table: NetTable) -> None:
        """`scene`: the table scene it sits in (its words, in the language shown now)."""
        self.scene = scene
        self.table = table
        self.field = TextField("", MAX_CHAT_CHARS)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.problem: Say | None = None

    @property
    def t(self) -> dict[str, Any]:
        words: dict[str, Any] = self.scene.t["chat"]
        return words

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        self.field.rect = pygame.Rect(rect.left, rect.bottom - FIELD_HEIGHT, rect.width, FIELD_HEIGHT)

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
        area = self.rect
        if area.height < FIELD_HEIGHT + TITLE_ROOM + LINE_STEP:
            return
        pygame.draw.line(surface, theme.PANEL_LINE, (area.left, area.top - 6), (area.right, area.top - 6))
        draw_text(surface, self.t["title"], (area.left, area.top + 2), theme.TINY, theme.INK_SOFT, Face.BOLD)
        lines = self._lines(self.table.chat, area.width - 14)
        room = (self.field.rect.top - 6 - area.top - TITLE_ROOM) // LINE_STEP
        if self.problem:
            room -= 1
        y = area.top + TITLE_ROOM
        for text, colour in lines[max(0, len(lines) - room):] if room > 0 else []:
            if colour is not None:
                pygame.draw.circle(surface, theme.player_colour(colour), (area.left + 4, y + LINE_STEP // 2 - 2), 4)
            draw_text(surface, text, (area.left + 14, y), theme.SMALL, theme.INK)
            y += LINE_STEP
        if self.problem:
            draw_text(surface, self.scene.say(self.problem), (area.left, self.field.rect.top - LINE_STEP - 2),
                      theme.TINY, theme.MONEY_LOSS, Face.BOLD)
        self.field.draw(surface)
        if not self.field.text and not self.field.focused:
            draw_text(surface, self.t["hint"], (self.field.rect.left + 12, self.field.rect.centery), theme.SMALL,
                      theme.INK_SOFT, anchor="midleft")

    @staticmethod
    def _lines(entries: list[ChatEntry], width: int) -> list[tuple[str, str | None]]:
        out: list[tuple[str, str | None]] = []
        for e in entries:
            for n, piece in enumerate(wrap(f"{e.name}: {e.text}", theme.SMALL, width)):
                out.append((piece if n == 0 else "  " + piece, e.colour if n == 0 else None))
        return out

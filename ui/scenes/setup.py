"""Setting up a game against the computer: how many opponents, how strong, your name."""
from __future__ import annotations

import pygame

from zemlevlasnyk.p2p.identity import MAX_NAME, clean_name

from .. import nav, theme
from ..fonts import Face
from ..vs_computer import DEFAULT_OPPONENTS, available_levels, default_level
from ..widgets import Button, Style, TextField, draw_text, panel
from .base import Scene, SceneHost

BACK = "back"
START = "start"
CARD_SIZE = (620, 524)
# Room under the level buttons for the chosen level's one-line description.
NOTE_ROOM = 24
ROW = 46


class SetupScene(Scene):
    def __init__(self, app: SceneHost, *, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        self.opponents = DEFAULT_OPPONENTS
        self.level = default_level()
        self.count_buttons = [Button(str(n), n) for n in (1, 2, 3)]
        self.level_buttons = [Button(self.t["levels"].get(lv, lv), lv, size=theme.SMALL + 1)
                              for lv in available_levels()]
        self.name = TextField(self.t["default_name"], MAX_NAME)
        self.back = Button(self.t["back"], BACK)
        self.start = Button(self.t["setup_start"], START, style=Style.PRIMARY)
        self.card = pygame.Rect(0, 0, *CARD_SIZE)
        self._mark()

    def _mark(self) -> None:
        for b in self.count_buttons:
            b.selected = b.intent == self.opponents
        for b in self.level_buttons:
            b.selected = b.intent == self.level

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.card = pygame.Rect(0, 0, *CARD_SIZE)
        self.card.center = (size[0] // 2, size[1] // 2)
        left = self.card.left + 32
        inner = self.card.width - 64
        y = self.card.top + 110
        for n, b in enumerate(self.count_buttons):
            b.rect = pygame.Rect(left + n * (ROW + 16), y + 28, ROW + 8, ROW)
        y += 100
        width = (inner - 10 * (len(self.level_buttons) - 1)) // max(1, len(self.level_buttons))
        for n, b in enumerate(self.level_buttons):
            b.rect = pygame.Rect(left + n * (width + 10), y + 28, width, ROW)
        y += 100 + NOTE_ROOM
        self.name.rect = pygame.Rect(left, y + 28, inner, ROW)
        bottom = self.card.bottom - 24 - ROW
        self.back.rect = pygame.Rect(left, bottom, 150, ROW)
        self.start.rect = pygame.Rect(self.card.right - 32 - 220, bottom, 220, ROW)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.name.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.count_buttons:
                if b.hit(event.pos):
                    self.opponents = b.intent
            for b in self.level_buttons:
                if b.hit(event.pos):
                    self.level = b.intent
            self._mark()
            if self.back.hit(event.pos):
                self.app.go(nav.Back())
            elif self.start.hit(event.pos):
                self._start()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.go(nav.Back())
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._start()

    def _start(self) -> None:
        name = clean_name(self.name.text) if self.name.text.strip() else self.t["default_name"]
        self.app.go(nav.PlayComputer(name, self.opponents, self.level, self.seed))

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        panel(surface, self.card, theme.PANEL, radius=14, shadow=True)
        left = self.card.left + 32
        draw_text(surface, self.t["setup_title"], (left, self.card.top + 28), theme.HEADING + 6, theme.INK, Face.BOLD)
        labels = ((self.count_buttons[0].rect.top - 28, self.t["setup_opponents"]),
                  (self.level_buttons[0].rect.top - 28 if self.level_buttons else 0, self.t["setup_level"]),
                  (self.name.rect.top - 28, self.t["setup_name"]))
        for y, label in labels:
            draw_text(surface, label, (left, y), theme.BODY, theme.INK_SOFT, Face.BOLD)
        note = self.t["level_notes"].get(self.level, "")
        if self.level_buttons and note:
            draw_text(surface, note, (left, self.level_buttons[0].rect.bottom + 8), theme.SMALL, theme.INK_SOFT)
        for b in (*self.count_buttons, *self.level_buttons, self.back, self.start):
            b.draw(surface, self.app.mouse)
        self.name.draw(surface)

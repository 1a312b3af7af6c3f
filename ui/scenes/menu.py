"""The main menu: play against the computer, play with friends, or quit."""
from __future__ import annotations

import pygame

from zemlevlasnyk.engine import load_preset

from .. import nav, theme
from ..fonts import Face
from ..widgets import Button, Style, draw_text, stack
from .base import Scene, SceneHost

PLAY = "play"
FRIENDS = "friends"
QUIT = "quit"
BUTTON_WIDTH = 360
BUTTON_HEIGHT = 52


class MenuScene(Scene):
    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.buttons = [Button(self.t["menu_play_computer"], PLAY, style=Style.PRIMARY, size=theme.HEADING - 2),
                        Button(self.t["menu_play_friends"], FRIENDS, size=theme.HEADING - 2),
                        Button(self.t["menu_quit"], QUIT, size=theme.HEADING - 2)]
        self.colours = [g["colour"] for g in load_preset().groups.values()]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        area = pygame.Rect((w - BUTTON_WIDTH) // 2, h // 2, BUTTON_WIDTH, h // 2)
        stack(self.buttons, area, BUTTON_HEIGHT, gap=14)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    self._choose(b.intent)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN:
            self._choose(PLAY)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._choose(QUIT)

    def _choose(self, intent: str) -> None:
        if intent == PLAY:
            self.app.go(nav.Setup())
        elif intent == FRIENDS:
            self.app.go(nav.Friends())
        else:
            self.app.go(nav.Quit())

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        w, h = self.size
        draw_text(surface, self.t["title"], (w // 2, h // 2 - 150), theme.TITLE + 12, theme.INK_ON_DARK,
                  Face.BOLD, "midbottom")
        draw_text(surface, self.t["tagline"], (w // 2, h // 2 - 130), theme.BODY + 1, theme.INK_ON_DARK_SOFT,
                  anchor="midtop")
        _draw_ornament(surface, (w // 2, h // 2 - 60), self.colours)
        for b in self.buttons:
            b.draw(surface, self.app.mouse)


def _draw_ornament(surface: pygame.Surface, centre: tuple[int, int], colours: list[str]) -> None:
    """A row of the board's group colours: the menu's one decoration."""
    size, gap = 22, 8
    left = centre[0] - (len(colours) * (size + gap) - gap) // 2
    for n, c in enumerate(colours):
        pygame.draw.rect(surface, pygame.Color(c), (left + n * (size + gap), centre[1], size, size), border_radius=4)

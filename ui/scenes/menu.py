"""The main menu: play against the computer, play with friends, the unfinished games, the
settings, or quit."""
from __future__ import annotations

import pygame

from zemlevlasnyk.engine import load_preset

from .. import nav, theme
from ..fonts import Face
from ..widgets import Button, Style, draw_text, fit_line, stack
from .base import Scene, SceneHost

PLAY = "play"
FRIENDS = "friends"
GAMES = "games"
SETTINGS = "settings"
QUIT = "quit"
# At the reference window size (theme.Sizes scales them).
BUTTON_WIDTH = 380
BUTTON_HEIGHT = 48
BUTTON_GAP = 12
# How far above the window's middle the buttons start: five of them fit below.
BUTTONS_ABOVE_MIDDLE = 60
SWATCH = 22
SWATCH_GAP = 8


class MenuScene(Scene):
    def __init__(self, app: SceneHost) -> None:
        super().__init__(app)
        self.colours = [g["colour"] for g in load_preset().groups.values()]
        self.buttons: list[Button] = []
        self.relabel()

    def relabel(self) -> None:
        size = self.sizes.text(theme.HEADING - 2)
        self.buttons = [Button(self.t["menu_play_computer"], PLAY, style=Style.PRIMARY, size=size),
                        Button(self.t["menu_play_friends"], FRIENDS, size=size),
                        Button(self.t["menu_games"], GAMES, size=size),
                        Button(self.t["menu_settings"], SETTINGS, size=size),
                        Button(self.t["menu_quit"], QUIT, size=size)]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.relabel()
        s = self.sizes
        w, h = size
        width = min(w - 2 * s.gap, s.px(BUTTON_WIDTH))
        area = pygame.Rect((w - width) // 2, h // 2 - s.px(BUTTONS_ABOVE_MIDDLE), width, h // 2)
        stack(self.buttons, area, s.px(BUTTON_HEIGHT), gap=s.px(BUTTON_GAP))

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
        elif intent == GAMES:
            self.app.go(nav.Games())
        elif intent == SETTINGS:
            self.app.go(nav.Settings())
        else:
            self.app.go(nav.Quit())

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        s = self.sizes
        w, h = self.size
        top = self.buttons[0].rect.top
        ornament = top - s.px(56)
        title = s.text(theme.TITLE + 12)
        screen = surface.get_rect()
        draw_text(surface, fit_line(self.t["title"], title, w - 2 * s.gap, Face.BOLD),
                  (w // 2, ornament - s.px(70)), title, theme.INK_ON_DARK, Face.BOLD, "midbottom", box=screen)
        draw_text(surface, fit_line(self.t["tagline"], s.body + 1, w - 2 * s.gap), (w // 2, ornament - s.px(52)),
                  s.body + 1, theme.INK_ON_DARK_SOFT, anchor="midtop", box=screen)
        _draw_ornament(surface, (w // 2, ornament), self.colours, s.px(SWATCH), s.px(SWATCH_GAP))
        for b in self.buttons:
            b.draw(surface, self.app.mouse)


def _draw_ornament(surface: pygame.Surface, centre: tuple[int, int], colours: list[str], size: int, gap: int) -> None:
    """A row of the board's group colours: the menu's one decoration."""
    left = centre[0] - (len(colours) * (size + gap) - gap) // 2
    for n, c in enumerate(colours):
        pygame.draw.rect(surface, pygame.Color(c), (left + n * (size + gap), centre[1], size, size),
                         border_radius=max(2, size // 5))

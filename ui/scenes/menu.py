"""The main menu: play on the latest unfinished game against the computer (when the window
keeps them and there is one), play against the computer, play with friends, the saved
games, the settings, or quit; and, when the window came back to it because a friends table
is gone, why (in a card under the buttons)."""
from __future__ import annotations

from pathlib import Path

import pygame

from zemlevlasnyk.engine import load_preset
from zemlevlasnyk.p2p import GAMES_DIR, ProtocolError, data_dir, games_of, load_or_create
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import steps
from zemlevlasnyk.ui.kit.widgets import Button, Style, draw_fitted, draw_text, fit, fit_line, panel, stack
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.words.text import Say

CONTINUE = "continue"
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
# The notice's card stands under the buttons: at most this wide (a line that long still
# reads at a glance) and this high (three lines of body text), its text shrinking down to
# the smallest readable size before it is cut.
NOTICE_WIDTH = 640
NOTICE_HEIGHT = 84
NOTICE_GAP = 16
NOTICE_PAD = 10


class MenuScene(Scene):
    def __init__(self, app: SceneHost, *, unfinished: Path | None = None, notice: Say | None = None) -> None:
        """`unfinished`: the game to continue (default: the latest kept one, when the window
        keeps games); `notice`: why the window came back here."""
        super().__init__(app)
        self.notice = notice
        self.colours = [g["colour"] for g in load_preset().groups.values()]
        self.buttons: list[Button] = []
        self.unfinished = unfinished or (latest_unfinished() if app.keep_games else None)
        self.relabel()

    def relabel(self) -> None:
        size = self.sizes.text(theme.HEADING - 2)
        # An unfinished game to play on comes first, and is the one the person most likely wants.
        again = self.unfinished is not None
        play = Button(self.t["menu_play_computer"], PLAY, style=Style.NORMAL if again else Style.PRIMARY, size=size)
        first = [Button(self.t["menu_continue"], CONTINUE, style=Style.PRIMARY, size=size), play] if again else [play]
        self.buttons = [*first,
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
            self._choose(CONTINUE if self.unfinished is not None else PLAY)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._choose(QUIT)

    def _choose(self, intent: str) -> None:
        if intent == CONTINUE and self.unfinished is not None:
            from zemlevlasnyk.ui.sessions.vs_computer import NotResumed, resume_table  # only when asked for
            try:
                self.app.go(nav.PlayOn(resume_table(self.unfinished)))
            except NotResumed as exc:
                self.app.go(nav.Games(message=exc.words))
        elif intent == PLAY:
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
        if self.notice is not None:
            self._draw_notice(surface, self.notice)
        _draw_ornament(surface, (w // 2, ornament), self.colours, s.px(SWATCH), s.px(SWATCH_GAP))
        for b in self.buttons:
            b.draw(surface, self.app.mouse)

    def _draw_notice(self, surface: pygame.Surface, notice: Say) -> None:
        """Why the window came back here, in a card under the buttons (as a sentence)."""
        s = self.sizes
        w, h = self.size
        top = self.buttons[-1].rect.bottom + s.px(NOTICE_GAP)
        card = pygame.Rect(0, top, min(w - 2 * s.gap, s.px(NOTICE_WIDTH)),
                           max(0, min(s.px(NOTICE_HEIGHT), h - s.gap - top)))
        card.centerx = w // 2
        panel(surface, card)
        inner = card.inflate(-2 * s.px(NOTICE_PAD), -s.px(NOTICE_PAD))
        text = self.say(notice)
        fitted = fit(text[:1].upper() + text[1:], inner.width, inner.height, steps(s.body, theme.MIN_TEXT), Face.BOLD)
        top = inner.top + max(0, (inner.height - len(fitted.lines) * fitted.line_height) // 2)
        draw_fitted(surface, fitted, inner.centerx, top, theme.INK, box=card)


def latest_unfinished() -> Path | None:
    """The kept game against the computer played last that is not finished, if any (of the
    default profile, in the data folder)."""
    try:
        me = load_or_create("default").public_key
    except ProtocolError:
        return None    # the saved games say why, when opened
    return next((g.path for g in games_of(data_dir() / GAMES_DIR, me) if g.solo), None)


def _draw_ornament(surface: pygame.Surface, centre: tuple[int, int], colours: list[str], size: int, gap: int) -> None:
    """A row of the board's group colours: the menu's one decoration."""
    left = centre[0] - (len(colours) * (size + gap) - gap) // 2
    for n, c in enumerate(colours):
        pygame.draw.rect(surface, pygame.Color(c), (left + n * (size + gap), centre[1], size, size),
                         border_radius=max(2, size // 5))

"""The settings, a dialog over the menu or the table: language, name, the grammatical
gender messages use for the person, token colour, sound and volume, the table's pace
(normal, fast, instant), full screen, and the clock of the tables the person hosts.

Every choice takes effect at once through `SceneHost.change_settings` (a new language
relabels the whole window, this dialog and the table under it included) and is kept for
the next run. The name is taken when the dialog closes or Enter is pressed. On the first
run the same dialog welcomes the person and asks, once, for the name and the gender.
"""
from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from zemlevlasnyk.p2p import COLOURS, MAX_NAME, clean_name
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_audit import cover
from zemlevlasnyk.ui.kit.widgets import (
    Button,
    Stepper,
    Style,
    TextField,
    draw_text,
    even_labels,
    fit_line,
    panel,
    scrim,
    text_width,
    wrap,
)
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.sessions.playback import Pace
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.settings import VOLUME_STEP, Gender
from zemlevlasnyk.ui.words.text import LANGUAGES

# The dialog at the reference window size; it scales with the window (theme.Sizes).
CARD_WIDTH = 820
PAD = 32
ROW = 42
ROW_GAP = 14
LABEL_WIDTH = 270
CHOICE_GAP = 10
SWATCH = 30
DONE_WIDTH = 200
# Under the greeting, before the first row: more than the greeting's own line spacing, so it
# reads as a paragraph of its own and not as the first row's caption.
INTRO_GAP = 14
VOLUME_WIDTH = 170
GENDERS = (Gender.FEMININE, Gender.MASCULINE, Gender.NEUTRAL)
# The rows, top to bottom (their labels' keys in the catalogue's ui.shell.settings).
KEYS = ("language", "name", "gender", "colour", "sound", "pace", "fullscreen", "clock")

DONE = "done"


class SettingsScene(Scene):
    overlay = True

    def __init__(self, app: SceneHost, *, welcome: bool = False, then: nav.Nav | None = None) -> None:
        super().__init__(app)
        self.welcome = welcome
        self.then = then
        self.card = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[str, int]] = []     # (label key, row top)
        self.name = TextField(app.settings.name or "", MAX_NAME)
        self.volume = Stepper(app.settings.volume, 0, 100, VOLUME_STEP)
        self.swatches: list[tuple[str, pygame.Rect]] = []
        self.intro: list[str] = []
        self.relabel()

    # --- labels and layout ----------------------------------------------------------------

    def relabel(self) -> None:
        w = self.t["settings"]
        small = self.sizes.small + 1
        self.languages = [Button(w["languages"][lang], ("lang", lang), size=small) for lang in LANGUAGES]
        self.genders = [Button(w["genders"][g.name.lower()], ("gender", g), size=small) for g in GENDERS]
        self.sound = [Button(w["on"], ("sound", True), size=small), Button(w["off"], ("sound", False), size=small)]
        self.fullscreen = [Button(w["on"], ("fullscreen", True), size=small),
                           Button(w["off"], ("fullscreen", False), size=small)]
        self.paces = [Button(w["paces"][p.value], ("pace", p), size=small) for p in Pace]
        self.clock = [Button(w["clock_on"], ("clock", True), size=small),
                      Button(w["clock_off"], ("clock", False), size=small)]
        self.done = Button(w["done"], DONE, style=Style.PRIMARY, size=self.sizes.body)

    def _choices(self) -> list[list[Button]]:
        return [self.languages, self.genders, self.sound, self.paces, self.fullscreen, self.clock]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.relabel()
        s = self.sizes
        w, h = size
        pad, row, gap = s.px(PAD), s.px(ROW), s.px(ROW_GAP)
        width = min(w - 2 * s.gap, s.px(CARD_WIDTH))
        inner = width - 2 * pad
        self.intro = wrap(self.t["settings"]["welcome_text"], s.body, inner) if self.welcome else []
        head = s.px(28) + s.heading + 6 + s.px(14) + len(self.intro) * (s.body + 6)
        if self.intro:
            head += s.px(INTRO_GAP)
        height = head + len(KEYS) * (row + gap) + s.px(16) + row + pad
        self.card = pygame.Rect(0, 0, width, min(h - 2 * s.gap, height))
        self.card.center = (w // 2, h // 2)
        left = self.card.left + pad
        widest = max(text_width(self.t["settings"][key], s.body, Face.BOLD) for key in KEYS)
        label_width = min(max(s.px(LABEL_WIDTH), widest + s.px(16)), inner * 2 // 5)
        controls = pygame.Rect(left + label_width, 0, inner - label_width, row)
        y = self.card.top + head
        self.rows = []
        for key in KEYS:
            self.rows.append((key, y))
            controls.top = y
            if key == "language":
                _spread(self.languages, controls, s.px(CHOICE_GAP))
            elif key == "name":
                self.name.rect = controls.copy()
                self.name.size = s.body
            elif key == "gender":
                _spread(self.genders, controls, s.px(CHOICE_GAP))
            elif key == "colour":
                side = s.px(SWATCH)
                self.swatches = [(c, pygame.Rect(controls.left + n * (side + s.px(CHOICE_GAP) * 2),
                                                 y + (row - side) // 2, side, side)) for n, c in enumerate(COLOURS)]
            elif key in ("sound", "fullscreen"):
                # On/off at the left; the volume (or the keys' hint) in the rest.
                aside = min(s.px(VOLUME_WIDTH), controls.width * 9 // 25)
                toggles = pygame.Rect(controls.left, y, controls.width - aside - s.px(CHOICE_GAP), row)
                _spread(self.sound if key == "sound" else self.fullscreen, toggles, s.px(CHOICE_GAP))
                self.volume.layout(pygame.Rect(controls.right - aside, self.rows[KEYS.index("sound")][1], aside, row))
                self.volume.size = s.body
            elif key == "pace":
                _spread(self.paces, controls, s.px(CHOICE_GAP))
            elif key == "clock":
                _spread(self.clock, controls, s.px(CHOICE_GAP))
            y += row + gap
        self.done.rect = pygame.Rect(0, 0, min(s.px(DONE_WIDTH), inner), row)
        self.done.rect.bottomright = (self.card.right - pad, self.card.bottom - pad)
        self._mark()

    def _mark(self) -> None:
        now = self.app.settings
        chosen: dict[str, Any] = {"lang": now.lang, "gender": now.gender, "sound": now.sound, "pace": now.pace,
                                  "fullscreen": now.fullscreen, "clock": now.clock}
        for buttons in self._choices():
            for b in buttons:
                kind, value = b.intent
                b.selected = chosen[kind] == value
        self.volume.value = now.volume

    # --- input ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._take_name()
        if self.volume.handle(event, self.app.mouse):
            self._change(volume=self.volume.current)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.name.focused:
            self._take_name()
            self.name.focused = False
            return
        if self.name.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self._close()
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        pos = event.pos
        if self.done.hit(pos):
            self._close()
            return
        for colour, rect in self.swatches:
            if rect.collidepoint(pos):
                self._change(colour=colour)
                return
        for buttons in self._choices():
            for b in buttons:
                if b.hit(pos):
                    kind, value = b.intent
                    self._change(**{kind: value})
                    return

    def update(self, dt: float) -> None:
        if self.volume.update(dt):
            self._change(volume=self.volume.value)

    def _take_name(self) -> None:
        text = self.name.text.strip()
        self._change(name=clean_name(text) if text else None)

    def _change(self, **changes: Any) -> None:
        new = dataclasses.replace(self.app.settings, **changes)
        if new != self.app.settings:
            self.app.change_settings(new)
        self._mark()

    def _close(self) -> None:
        self._take_name()
        self.volume.commit()
        if self.app.settings.gender is None:
            # Asked once: closing without choosing is choosing the wording that needs none.
            self._change(gender=Gender.NEUTRAL)
        self.app.go(nav.Back())
        if self.then is not None:
            self.app.go(self.then)

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        s = self.sizes
        w = self.t["settings"]
        scrim(surface)
        panel(surface, self.card, theme.PANEL, radius=s.px(14), shadow=True)
        cover(surface, self.card)
        pad = s.px(PAD)
        left, inner = self.card.left + pad, self.card.width - 2 * pad
        title = w["welcome_title"] if self.welcome else w["title"]
        draw_text(surface, fit_line(title, s.heading + 6, inner, Face.BOLD), (left, self.card.top + s.px(28)),
                  s.heading + 6, theme.INK, Face.BOLD, box=self.card)
        y = self.card.top + s.px(28) + s.heading + 6 + s.px(14)
        for line in self.intro:
            draw_text(surface, line, (left, y), s.body, theme.INK_SOFT, box=self.card)
            y += s.body + 6
        label_room = self.name.rect.left - left - s.px(12)
        row = s.px(ROW)
        for key, top in self.rows:
            self._draw_label(surface, w[key], pygame.Rect(left, top, label_room, row))
        self.name.draw(surface)
        if not self.name.text and not self.name.focused:
            draw_text(surface, fit_line(self.t["default_name"], s.body, self.name.rect.width - 24),
                      (self.name.rect.left + 12, self.name.rect.centery), s.body, theme.BUTTON_INK_DISABLED,
                      anchor="midleft", box=self.name.rect)
        mouse = self.app.mouse
        for buttons in self._choices():
            for b in buttons:
                b.draw(surface, mouse)
        for colour, rect in self.swatches:
            if colour == self.app.settings.colour:
                pygame.draw.circle(surface, theme.INK, rect.center, rect.width // 2 + s.px(5), max(2, s.px(3)))
            pygame.draw.circle(surface, theme.player_colour(colour), rect.center, rect.width // 2)
        self.volume.draw(surface, lambda v: f"{v} %")
        keys_hint = fit_line(w["fullscreen_keys"], s.small, self.volume.rect.width, Face.REGULAR)
        hint_at = (self.volume.rect.left, dict(self.rows)["fullscreen"] + row // 2)
        draw_text(surface, keys_hint, hint_at, s.small, theme.INK_SOFT, anchor="midleft", box=self.card)
        problem = self.app.settings_problem
        if problem is not None:
            lines = wrap(self.say(problem), s.small, self.done.rect.left - left - s.px(16), Face.BOLD)[:2]
            for n, line in enumerate(lines):
                draw_text(surface, line, (left, self.done.rect.top + n * (s.small + 4)), s.small, theme.MONEY_LOSS,
                          Face.BOLD, box=self.card)
        self.done.draw(surface, mouse)


    def _draw_label(self, surface: pygame.Surface, text: str, room: pygame.Rect) -> None:
        """A row's label: one line if it fits, else two smaller ones."""
        s = self.sizes
        if text_width(text, s.body, Face.BOLD) <= room.width:
            draw_text(surface, text, room.midleft, s.body, theme.INK_SOFT, Face.BOLD, "midleft", box=self.card)
            return
        lines = [fit_line(line, s.small, room.width, Face.BOLD) for line in wrap(text, s.small, room.width, Face.BOLD)]
        step = s.small + s.px(4)
        y = room.centery - min(2, len(lines)) * step // 2
        for line in lines[:2]:
            draw_text(surface, line, (room.left, y), s.small, theme.INK_SOFT, Face.BOLD, box=self.card)
            y += step


def _spread(buttons: list[Button], area: pygame.Rect, gap: int) -> None:
    """Buttons side by side, sharing `area`'s width equally."""
    width = (area.width - gap * (len(buttons) - 1)) // max(1, len(buttons))
    for n, b in enumerate(buttons):
        b.rect = pygame.Rect(area.left + n * (width + gap), area.top, width, area.height)
    even_labels(buttons)

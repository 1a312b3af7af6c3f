"""Setting up a game against the computer: how many opponents, each one's temperament, how
strong, your name, and the rules (a preset and its house rules, chosen in the rules dialog;
«Швидка гра» / "Quick game" chooses the quick game's options at one click).

The levels on offer to people are those of `vs_computer.offered_levels` (easy, medium,
hard); the others stay for `simulate`. Each opponent's temperament (cautious, balanced,
bold: `vs_computer.offered_temperaments`) is a button under the count, one an opponent,
its name over its temperament, that a click turns to the next one. The name starts as the one in the settings.
"""
from __future__ import annotations

import pygame

from zemlevlasnyk.p2p import MAX_NAME, clean_name
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face, font
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.widgets import Button, Style, TextField, draw_text, fit, fit_line, panel, text_width
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.sessions.vs_computer import (
    DEFAULT_OPPONENTS,
    MAX_OPPONENTS,
    default_level,
    offered_levels,
    offered_temperaments,
)
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.words.house_rules import RulesChoice, summary_to_fit
from zemlevlasnyk.ui.words.text import LANGUAGES, form, ui_words

BACK = "back"
START = "start"
RULES = "rules"
QUICK = "quick"
# At the reference window size (theme.Sizes scales them).
CARD_WIDTH = 640
PAD = 32
ROW = 46
LABEL_ROOM = 30
SECTION_GAP = 26
COUNT_WIDTH = 62
CHOICE_GAP = 12
BACK_WIDTH = 160
START_WIDTH = 240
RULES_WIDTH = 170
# Every opponent starts as the levels were tuned (docs/BOTS.md).
DEFAULT_TEMPERAMENT = "balanced"


class SetupScene(Scene):
    def __init__(self, app: SceneHost, *, seed: int | None = None) -> None:
        super().__init__(app)
        self.seed = seed
        self.rules = RulesChoice()
        self.opponents = DEFAULT_OPPONENTS
        self.level = default_level()
        self.temperaments = [DEFAULT_TEMPERAMENT] * MAX_OPPONENTS
        self.temperament_buttons: list[Button] = []
        self.name = TextField(app.settings.name or self.t["default_name"], MAX_NAME)
        self.card = pygame.Rect(0, 0, 0, 0)
        self.labels: list[tuple[str, int]] = []
        self.rules_line = pygame.Rect(0, 0, 0, 0)
        self.note_top = 0
        self.note_height = 0
        self.count_buttons: list[Button] = []
        self.level_buttons: list[Button] = []
        self.relabel()

    def relabel(self) -> None:
        if self.name.text in {ui_words(lang)["default_name"] for lang in LANGUAGES}:
            self.name.text = self.t["default_name"]   # untouched: the default of the new language
        size = self.sizes.body
        self.count_buttons = [Button(str(n), n, size=size) for n in range(1, MAX_OPPONENTS + 1)]
        self.level_buttons = [Button(self.t["levels"][lv], lv, size=self.sizes.small + 1) for lv in offered_levels()]
        self.temperament_buttons = [Button(self._temperament_words(n), n, size=self.sizes.small + 1,
                                           caption=self._opponent_name(n))
                                    for n in range(len(self.temperaments))]
        self.back = Button(self.t["back"], BACK, size=size)
        self.start = Button(self.t["setup_start"], START, style=Style.PRIMARY, size=size)
        self.change_rules = Button(self.t["rules"]["change"], RULES, size=self.sizes.small + 1)
        self.quick = Button(self.t["rules"]["quick"], QUICK, size=self.sizes.small + 1)
        self._mark()

    def _mark(self) -> None:
        for b in self.count_buttons:
            b.selected = b.intent == self.opponents
        for b in self.level_buttons:
            b.selected = b.intent == self.level
        self.quick.selected = self.rules.quick
        for b in self.temperament_buttons:
            b.enabled = b.intent < self.opponents

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.relabel()
        s = self.sizes
        w, h = size
        pad, row, label, gap = s.px(PAD), s.px(ROW), s.px(LABEL_ROOM), s.px(SECTION_GAP)
        width = min(w - 2 * s.gap, s.px(CARD_WIDTH))
        inner = width - 2 * pad
        # The chosen level's description: a line, or two in a narrow card.
        self.note_height = 2 * font(theme.MIN_TEXT, Face.REGULAR).get_linesize()
        note = max(s.small + s.px(10), self.note_height + s.px(4))
        head = s.px(28) + s.heading + 6 + s.px(30)
        height = head + 5 * (label + row + gap) + note + row + pad
        self.card = pygame.Rect(0, 0, width, min(h - 2 * s.gap, height))
        self.card.center = (w // 2, h // 2)
        left = self.card.left + pad
        y = self.card.top + head
        self.labels = [("setup_opponents", y)]
        for n, b in enumerate(self.count_buttons):
            b.rect = pygame.Rect(left + n * (s.px(COUNT_WIDTH) + s.px(CHOICE_GAP)), y + label, s.px(COUNT_WIDTH), row)
        y += label + row + gap
        self.labels.append(("setup_temperaments", y))
        each = (inner - s.px(CHOICE_GAP) * (MAX_OPPONENTS - 1)) // MAX_OPPONENTS
        for n, b in enumerate(self.temperament_buttons):
            b.rect = pygame.Rect(left + n * (each + s.px(CHOICE_GAP)), y + label, each, row)
        y += label + row + gap
        self.labels.append(("setup_level", y))
        count = max(1, len(self.level_buttons))
        each = (inner - s.px(CHOICE_GAP) * (count - 1)) // count
        for n, b in enumerate(self.level_buttons):
            b.rect = pygame.Rect(left + n * (each + s.px(CHOICE_GAP)), y + label, each, row)
        self.note_top = y + label + row + s.px(8)
        y += label + row + note + gap
        self.labels.append(("setup_name", y))
        self.name.rect = pygame.Rect(left, y + label, inner, row)
        self.name.size = s.body
        y += label + row + gap
        self.labels.append(("rules", y))
        width = min(s.px(RULES_WIDTH), inner // 4)
        self.change_rules.rect = pygame.Rect(self.card.right - s.px(PAD) - width, y + label, width, row)
        self.quick.rect = self.change_rules.rect.move(-width - s.px(CHOICE_GAP), 0)
        self.rules_line = pygame.Rect(left, y + label, inner - 2 * (width + s.px(CHOICE_GAP)), row)
        bottom = self.card.bottom - pad
        self.back.rect = pygame.Rect(0, 0, s.px(BACK_WIDTH), row)
        self.back.rect.bottomleft = (left, bottom)
        self.start.rect = pygame.Rect(0, 0, min(s.px(START_WIDTH), inner - s.px(BACK_WIDTH) - s.px(CHOICE_GAP)), row)
        self.start.rect.bottomright = (self.card.right - pad, bottom)

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
            for b in self.temperament_buttons:
                if b.enabled and b.hit(event.pos):
                    self._next_temperament(b.intent)
            self._mark()
            if self.back.hit(event.pos):
                self.app.go(nav.Back())
            elif self.change_rules.hit(event.pos):
                self.app.go(nav.Rules(self.rules))
            elif self.quick.hit(event.pos):
                self.rules.toggle_quick()
                self._mark()
            elif self.start.hit(event.pos):
                self._start()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.go(nav.Back())
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._start()

    def _temperament_words(self, seat: int) -> str:
        """The temperament of the opponent at `seat` (from 0), agreeing with its gender: the
        computer players are named in seat order (Богдан, Олена, Тарас)."""
        genders = self.t["bot_genders"]
        return form(self.app.lang, self.t["temperaments"][self.temperaments[seat]],
                    gender=genders[seat] if seat < len(genders) else None)

    def _opponent_name(self, seat: int) -> str | None:
        """The name of the opponent at `seat` (from 0), over its temperament's button: the row is
        one button an opponent, not a choice among three (as the level's row below is)."""
        names = self.t["bot_names"]
        return str(names[seat]) if seat < len(names) else None

    def _next_temperament(self, seat: int) -> None:
        """The opponent at `seat` (from 0) takes the next temperament, round again after the last."""
        moods = offered_temperaments()
        self.choose_temperament(seat, moods[(moods.index(self.temperaments[seat]) + 1) % len(moods)])

    def choose_temperament(self, seat: int, temperament: str) -> None:
        """The opponent at `seat` (from 0) plays `temperament` (one of `offered_temperaments`)."""
        self.temperaments[seat] = temperament
        self.temperament_buttons[seat].label = self._temperament_words(seat)

    def _start(self) -> None:
        name = clean_name(self.name.text) if self.name.text.strip() else None
        self.app.go(nav.PlayComputer(name, self.opponents, self.level, self.seed, rules=self.rules.rules(),
                                     temperaments=tuple(self.temperaments[:self.opponents])))

    def draw(self, surface: pygame.Surface) -> None:
        s = self.sizes
        surface.fill(theme.BACKGROUND)
        panel(surface, self.card, theme.PANEL, radius=s.px(14), shadow=True)
        left = self.card.left + s.px(PAD)
        inner = self.card.width - 2 * s.px(PAD)
        title = s.heading + 6
        draw_text(surface, fit_line(self.t["setup_title"], title, inner, Face.BOLD), (left, self.card.top + s.px(28)),
                  title, theme.INK, Face.BOLD, box=self.card)
        for key, y in self.labels:
            label = self.t[key]["label"] if key == "rules" else self.t[key]
            draw_text(surface, fit_line(label, s.body, inner, Face.BOLD), (left, y), s.body, theme.INK_SOFT,
                      Face.BOLD, box=self.card)
        width = self.rules_line.width
        rules = summary_to_fit(self.app.lang, self.rules.preset, self.rules.options,
                               lambda line: text_width(line, theme.MIN_TEXT) <= width)
        text, size = shrink_line(rules, width, steps(s.body, theme.MIN_TEXT))
        draw_text(surface, text, self.rules_line.midleft, size, theme.INK, anchor="midleft", box=self.rules_line)
        note = self.t["level_notes"].get(self.level, "")
        if self.level_buttons and note:
            box = pygame.Rect(left, self.note_top, inner, self.note_height)
            fitted = fit(note, inner, box.height, steps(s.small, theme.MIN_TEXT), Face.REGULAR)
            for n, line in enumerate(fitted.lines):
                draw_text(surface, line, (box.left, box.top + n * fitted.line_height), fitted.size, theme.INK_SOFT,
                          box=box)
        self.quick.selected = self.rules.quick   # the rules dialog may have changed them
        for b in (*self.count_buttons, *self.temperament_buttons[:self.opponents], *self.level_buttons, self.back,
                  self.start, self.change_rules, self.quick):
            b.draw(surface, self.app.mouse)
        self.name.draw(surface)

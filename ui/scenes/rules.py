"""The rules of a table, a dialog over the scene that asked (the vs-computer setup, the
friends scene before opening a table): the preset, and every house-rule option of that
preset with its control (on/off, a number with − and +, or one of a few choices). The
hovered option's explanation is shown at the foot. It edits the `RulesChoice` it was given;
the scene beneath reads it when the dialog closes.
"""
from __future__ import annotations

from functools import partial

import pygame

from zemlevlasnyk.engine import DEFAULT_PRESET, OptionKind, OptionSpec, preset_names
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_audit import cover
from zemlevlasnyk.ui.kit.widgets import Button, Stepper, Style, draw_text, fit_line, panel, scrim, text_width, wrap
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.words.house_rules import RulesChoice, shown, step_of
from zemlevlasnyk.ui.words.ruleset import preset_name
from zemlevlasnyk.ui.words.text import Words, catalogue

# At the reference window size (theme.Sizes scales them).
CARD_MAX = (1000, 720)
PAD = 28
ROW = 38
ROW_GAP = 8
COLUMN_GAP = 32
CONTROL_WIDTH = 200
CHOICE_GAP = 8
PRESET_WIDTH = 200
DONE_WIDTH = 180
HELP_LINES = 2
COLUMNS = 2
DONE = "done"


class RulesScene(Scene):
    overlay = True

    def __init__(self, app: SceneHost, choice: RulesChoice) -> None:
        super().__init__(app)
        self.choice = choice
        self.card = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[OptionSpec, pygame.Rect]] = []
        self.controls: dict[str, list[Button] | Stepper] = {}
        self.presets: list[Button] = []
        self.done = Button("", DONE)
        self.help_top = 0
        self.relabel()

    @property
    def words(self) -> Words:
        words: Words = self.t["rules"]
        return words

    def relabel(self) -> None:
        s, lang = self.sizes, self.app.lang
        small = s.small
        # The game's own rules first, then the others by name.
        order = sorted(preset_names(), key=lambda p: (p != DEFAULT_PRESET, p))
        self.presets = [Button(preset_name(p, lang), p, size=s.body) for p in order]
        self.done = Button(self.words["done"], DONE, style=Style.PRIMARY, size=s.body)
        self.controls = {}
        for spec in self.choice.specs():
            if spec.kind is OptionKind.NUMBER:
                assert spec.minimum is not None and spec.maximum is not None
                low = spec.minimum if spec.off is None else min(spec.off, spec.minimum)   # a limit's "off"
                stepper = Stepper(int(self.choice.value(spec)), low, spec.maximum, step_of(spec))
                stepper.size = small
                self.controls[spec.name] = stepper
            elif spec.kind is OptionKind.SWITCH:
                self.controls[spec.name] = [Button(shown(lang, spec, v), v, size=small) for v in (True, False)]
            else:
                self.controls[spec.name] = [Button(shown(lang, spec, v), v, size=small) for v in spec.choices]
        self._mark()

    def _mark(self) -> None:
        for b in self.presets:
            b.selected = b.intent == self.choice.preset
        for spec in self.choice.specs():
            control = self.controls[spec.name]
            if isinstance(control, Stepper):
                control.value = int(self.choice.value(spec))
            else:
                for b in control:
                    b.selected = b.intent == self.choice.value(spec)

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.relabel()
        s = self.sizes
        w, h = size
        pad, row, gap = s.px(PAD), s.px(ROW), s.px(ROW_GAP)
        specs = self.choice.specs()
        per_column = -(-len(specs) // COLUMNS)
        lines = (HELP_LINES * (s.small + s.px(4)) + gap) * 2
        height = 2 * pad + s.heading + 6 + s.px(14) + row + gap + lines + per_column * (row + gap) + row
        self.card = pygame.Rect(0, 0, min(w - 2 * s.gap, s.px(CARD_MAX[0])), min(h - 2 * s.gap, height))
        self.card.center = (w // 2, h // 2)
        left, inner = self.card.left + pad, self.card.width - 2 * pad
        y = self.card.top + pad + s.heading + 6 + s.px(14)
        width = min(s.px(PRESET_WIDTH), (inner - s.px(CHOICE_GAP) * (len(self.presets) - 1)) // len(self.presets))
        for n, b in enumerate(self.presets):
            b.rect = pygame.Rect(left + n * (width + s.px(CHOICE_GAP)), y, width, row)
        y += row + gap + HELP_LINES * (s.small + s.px(4)) + gap
        column = (inner - s.px(COLUMN_GAP) * (COLUMNS - 1)) // COLUMNS
        self.rows = []
        for n, spec in enumerate(specs):
            col, line = divmod(n, per_column)
            cell = pygame.Rect(left + col * (column + s.px(COLUMN_GAP)), y + line * (row + gap), column, row)
            self.rows.append((spec, cell))
            # A choice of words takes more room than yes/no or a number; one of more than two
            # words (a preset's own layouts of plates) all the row its name leaves.
            wide = spec.kind is OptionKind.CHOICE
            label = text_width(self.t_all["rule_options"][spec.name]["name"], s.small, Face.BOLD) + s.px(12)
            control_width = (max(column // 2, column - label) if wide and len(spec.choices) > 2
                             else min(s.px(CONTROL_WIDTH * 4 // 3), column * 3 // 5) if wide
                             else min(s.px(CONTROL_WIDTH), column // 2))
            area = pygame.Rect(cell.right - control_width, cell.top, control_width, row)
            control = self.controls[spec.name]
            if isinstance(control, Stepper):
                control.layout(area)
            else:
                each = (area.width - s.px(CHOICE_GAP) * (len(control) - 1)) // len(control)
                for k, b in enumerate(control):
                    b.rect = pygame.Rect(area.left + k * (each + s.px(CHOICE_GAP)), area.top, each, row)
        self.help_top = y + per_column * (row + gap) + gap
        self.done.rect = pygame.Rect(0, 0, min(s.px(DONE_WIDTH), inner // 3), row)
        self.done.rect.bottomright = (self.card.right - pad, self.card.bottom - pad)

    # --- input ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        for spec, stepper in self._steppers():
            if stepper.handle(event, self.app.mouse):
                self._take(spec, stepper)
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.go(nav.Back())
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        pos = event.pos
        if self.done.hit(pos):
            self.app.go(nav.Back())
            return
        for b in self.presets:
            if b.hit(pos):
                self.choice.choose_preset(b.intent)
                self.layout(self.size)
                return
        for spec in self.choice.specs():
            control = self.controls[spec.name]
            if not isinstance(control, Stepper):
                for b in control:
                    if b.hit(pos):
                        self.choice.set(spec, b.intent)
                        self._mark()
                        return

    def update(self, dt: float) -> None:
        for spec, stepper in self._steppers():
            if stepper.update(dt):
                self._take(spec, stepper)

    def _steppers(self) -> list[tuple[OptionSpec, Stepper]]:
        return [(spec, c) for spec in self.choice.specs() if isinstance(c := self.controls[spec.name], Stepper)]

    def _take(self, spec: OptionSpec, stepper: Stepper) -> None:
        """The amount as shown is the choice, typed digits included (kept in range)."""
        self.choice.set(spec, stepper.current)
        self._mark()

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        s, lang = self.sizes, self.app.lang
        scrim(surface)
        panel(surface, self.card, theme.PANEL, radius=s.px(14), shadow=True)
        cover(surface, self.card)
        pad = s.px(PAD)
        left, inner = self.card.left + pad, self.card.width - 2 * pad
        title = s.heading + 6
        draw_text(surface, fit_line(self.words["title"], title, inner, Face.BOLD), (left, self.card.top + pad), title,
                  theme.INK, Face.BOLD, box=self.card)
        mouse = self.app.mouse
        for b in self.presets:
            b.draw(surface, mouse)
        presets: Words = self.t_all["presets"]
        y = self.presets[0].rect.bottom + s.px(ROW_GAP)
        about = presets.get(self.choice.preset, {}).get("help", "")
        for line in wrap(about, s.small, inner)[:HELP_LINES]:
            draw_text(surface, line, (left, y), s.small, theme.INK_SOFT, box=self.card)
            y += s.small + s.px(4)
        names: Words = self.t_all["rule_options"]
        hovered: OptionSpec | None = None
        for spec, cell in self.rows:
            control = self.controls[spec.name]
            control_left = control.rect.left if isinstance(control, Stepper) else control[0].rect.left
            room = pygame.Rect(cell.left, cell.top, control_left - cell.left - s.px(10), cell.height)
            self._label(surface, names[spec.name]["name"], room, changed=spec.name in self.choice.options)
            if cell.collidepoint(mouse):
                hovered = spec
            if isinstance(control, Stepper):
                control.draw(surface, partial(shown, lang, spec))
            else:
                for b in control:
                    b.draw(surface, mouse)
        help_text = names[hovered.name]["help"] if hovered is not None else self.words["hint"]
        y = self.help_top
        for line in wrap(help_text, s.small, self.done.rect.left - left - s.px(16))[:HELP_LINES]:
            draw_text(surface, line, (left, y), s.small, theme.INK_SOFT, box=self.card)
            y += s.small + s.px(4)
        self.done.draw(surface, mouse)

    @property
    def t_all(self) -> Words:
        """The whole catalogue (preset and option words sit beside the window's)."""
        return catalogue(self.app.lang)

    def _label(self, surface: pygame.Surface, text: str, room: pygame.Rect, *, changed: bool) -> None:
        """An option's name: bold when it differs from the preset; two smaller lines if long."""
        s = self.sizes
        face = Face.BOLD if changed else Face.REGULAR
        ink = theme.INK if changed else theme.INK_SOFT
        if text_width(text, s.small, face) <= room.width:
            draw_text(surface, text, room.midleft, s.small, ink, face, "midleft", box=room)
            return
        size = max(theme.MIN_TEXT, s.small - 1)
        lines = wrap(text, size, room.width, face)[:2]
        step = size + s.px(2)
        y = room.centery - len(lines) * step // 2
        for line in lines:
            draw_text(surface, fit_line(line, size, room.width, face), (room.left, y), size, ink, face, box=room)
            y += step

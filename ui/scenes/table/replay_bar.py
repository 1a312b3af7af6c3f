"""A replay's controls, where a live table has the decision panel: where the replay stands
(turn and record), play and pause, a move or a turn back and forth, the start and the end,
the speed (1x, 4x, 16x, instant), the chart so far, and a slider over the game's turns with
its bankruptcies and trades marked. Clicks and keys become the replay's own calls
(`ui.sessions.replay.ReplayTable`); nothing here is a move of the game.

Keys: Space plays or pauses, Left and Right step a move, Up and Down (or Shift with the
arrows) a turn, Home and End go to the start and the end, 1 to 4 choose the speed.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import Button, Style, draw_text, even_labels, text_width, wrap
from zemlevlasnyk.ui.sessions.replay import SPEEDS, Mark, ReplayTable
from zemlevlasnyk.ui.words.text import Words

# The buttons' symbols (DejaVu has each glyph): not words, the same in every language.
PLAY, PAUSE = "▶", "❚❚"
START, END = "⇤", "⇥"
BACK, FORWARD = "◂", "▸"
TURN_BACK, TURN_FORWARD = "◂◂", "▸▸"
SPEED_LABELS = ("1×", "4×", "16×", "∞")
# Intents of the bar (a speed's is the speed itself).
CHART = "chart"
TOGGLE = "toggle"
# A problem shown under the slider takes at most this many lines.
PROBLEM_LINES = 2
# The slider's marks, by what they mark.
MARK_COLOURS = {Mark.BANKRUPTCY: theme.BUTTON_DANGER, Mark.TRADE: theme.BUTTON_PRIMARY}

_MOVES: dict[str, Callable[[ReplayTable], object]] = {
    START: ReplayTable.to_start,
    TURN_BACK: ReplayTable.turn_back,
    BACK: ReplayTable.back,
    FORWARD: ReplayTable.forward,
    TURN_FORWARD: ReplayTable.turn_forward,
    END: ReplayTable.to_end,
}


class ReplayBar:
    def __init__(self, replay: ReplayTable) -> None:
        self.replay = replay
        self.transport = [Button(symbol, symbol) for symbol in (START, TURN_BACK, BACK)] + \
            [Button(PLAY, TOGGLE, style=Style.PRIMARY)] + \
            [Button(symbol, symbol) for symbol in (FORWARD, TURN_FORWARD, END)]
        self.speeds = [Button(label, speed) for label, speed in zip(SPEED_LABELS, SPEEDS, strict=True)]
        self.chart = Button("", CHART)
        self.status = pygame.Rect(0, 0, 0, 0)
        self.speed_label = pygame.Rect(0, 0, 0, 0)
        self.track = pygame.Rect(0, 0, 0, 0)
        self.problem_box = pygame.Rect(0, 0, 0, 0)
        self.sizes = theme.REFERENCE_SIZES
        self.dragging = False
        self.mark()

    @property
    def buttons(self) -> list[Button]:
        return [*self.transport, *self.speeds, self.chart]

    def mark(self) -> None:
        """Show the replay's state: playing or paused, the speed, what can be reached."""
        replay = self.replay
        toggle = self.transport[3]
        toggle.label = PAUSE if replay.playing else PLAY
        for b in self.speeds:
            b.selected = b.intent == replay.speed
        for b in self.transport:
            if b.intent in (START, TURN_BACK, BACK):
                b.enabled = replay.position > 0
            elif b.intent in (FORWARD, TURN_FORWARD, END):
                b.enabled = not replay.at_end

    def layout(self, rect: pygame.Rect, sizes: Sizes, t: Words) -> int:
        """Lay the bar out from the top of `rect`; the y below what it uses."""
        self.sizes = s = sizes
        gap = s.px(6)
        y = rect.top
        line = s.body + s.px(8)
        self.status = pygame.Rect(rect.left, y, rect.width, line)
        y += line + s.px(6)
        height = s.px(36)
        width = (rect.width - gap * (len(self.transport) - 1)) // len(self.transport)
        for n, b in enumerate(self.transport):
            b.rect = pygame.Rect(rect.left + n * (width + gap), y, width, height)
            b.size = s.body
        y += height + gap
        self.chart.label = t["replay"]["chart"]
        chart_w = max(rect.width // 4, 1)
        label_w = rect.width - chart_w - gap - 4 * (s.px(44) + gap)
        if label_w < text_width(t["replay"]["speed"], s.small) + gap:
            label_w = 0     # a narrow panel: the speeds say what they are
        self.speed_label = pygame.Rect(rect.left, y, label_w, height)
        left = self.speed_label.right
        each = (rect.right - chart_w - gap - left - 4 * gap) // 4
        for n, b in enumerate(self.speeds):
            b.rect = pygame.Rect(left + gap + n * (each + gap), y, each, height)
            b.size = s.small
        self.chart.rect = pygame.Rect(rect.right - chart_w, y, chart_w, height)
        self.chart.size = s.small
        even_labels(self.speeds)
        y += height + s.px(12)
        self.track = pygame.Rect(rect.left + s.px(8), y, rect.width - 2 * s.px(8), s.px(22))
        y = self.track.bottom + s.px(8)
        self.problem_box = pygame.Rect(rect.left, y, rect.width, 0)
        if self.replay.partial or not self.replay.rewind.ended:
            self.problem_box.height = PROBLEM_LINES * (s.small + s.px(4))
            y = self.problem_box.bottom + s.px(4)
        self.mark()
        return y

    # --- input ------------------------------------------------------------------------------------

    def click(self, pos: tuple[int, int]) -> str | float | None:
        """A click on the bar: what it asked for (done here, except the chart, returned)."""
        if self.track.inflate(0, self.sizes.px(12)).collidepoint(pos):
            self.dragging = True
            self._seek(pos[0])
            return None
        for b in self.buttons:
            if b.hit(pos):
                return self._do(b.intent)
        return None

    def drag(self, pos: tuple[int, int], held: bool) -> None:
        if self.dragging and held:
            self._seek(pos[0])
        else:
            self.dragging = False

    def key(self, event: pygame.event.Event) -> bool:
        """A key the replay answers (True), else False."""
        key, shift = event.key, bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        replay = self.replay
        if key == pygame.K_SPACE:
            replay.toggle()
        elif key == pygame.K_RIGHT:
            self._do(TURN_FORWARD if shift else FORWARD)
        elif key == pygame.K_LEFT:
            self._do(TURN_BACK if shift else BACK)
        elif key == pygame.K_DOWN:
            self._do(TURN_FORWARD)
        elif key == pygame.K_UP:
            self._do(TURN_BACK)
        elif key == pygame.K_HOME:
            self._do(START)
        elif key == pygame.K_END:
            self._do(END)
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
            replay.choose_speed(SPEEDS[key - pygame.K_1])
        else:
            return False
        self.mark()
        return True

    def _do(self, intent: object) -> str | None:
        replay = self.replay
        if intent == CHART:
            return CHART
        if intent == TOGGLE:
            replay.toggle()
        elif isinstance(intent, float):
            replay.choose_speed(intent)
        else:
            assert isinstance(intent, str), intent   # a move of the bar's own buttons
            _MOVES[intent](replay)
        self.mark()
        return None

    def _seek(self, x: int) -> None:
        turn = self.turn_at(x)
        replay = self.replay
        if turn != replay.turn or replay.playing:
            replay.to_turn(turn)
            self.mark()

    def turn_at(self, x: int) -> int:
        """The turn the slider stands for at `x`."""
        turns = self.replay.turns
        if turns <= 1 or self.track.width <= 0:
            return 1
        share = min(max((x - self.track.left) / self.track.width, 0.0), 1.0)
        return 1 + round(share * (turns - 1))

    def x_of(self, turn: int) -> int:
        turns = self.replay.turns
        share = 0.0 if turns <= 1 else (turn - 1) / (turns - 1)
        return self.track.left + round(share * self.track.width)

    # --- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, t: Words, mouse: tuple[int, int]) -> None:
        s = self.sizes
        replay = self.replay
        words = t["replay"]
        status = words["status"].format(turn=replay.turn, turns=replay.turns, seq=replay.position + 1,
                                        records=replay.last + 1)
        text, size = shrink_line(f"{words['title']} · {status}", self.status.width, steps(s.body, theme.MIN_TEXT),
                                 Face.BOLD)
        draw_text(surface, text, self.status.midleft, size, theme.INK, Face.BOLD, "midleft", box=self.status)
        for b in self.buttons:
            b.draw(surface, mouse)
        if self.speed_label.width > 0:
            text, size = shrink_line(words["speed"], self.speed_label.width, steps(s.small, theme.MIN_TEXT))
            draw_text(surface, text, self.speed_label.midleft, size, theme.INK_SOFT, anchor="midleft",
                      box=self.speed_label)
        self._draw_track(surface)
        self._draw_problem(surface, words)

    def _draw_track(self, surface: pygame.Surface) -> None:
        s = self.sizes
        track = self.track
        bar = pygame.Rect(track.left, track.centery - s.px(3), track.width, max(2, s.px(6)))
        pygame.draw.rect(surface, theme.PANEL_LINE, bar, border_radius=bar.height // 2)
        done = pygame.Rect(bar.left, bar.top, self.x_of(self.replay.turn) - bar.left, bar.height)
        pygame.draw.rect(surface, theme.BUTTON_PRIMARY, done, border_radius=bar.height // 2)
        for turn, mark in self.replay.marks:
            x = self.x_of(turn)
            tick = pygame.Rect(x - max(1, s.px(2)), track.top, max(2, s.px(4)), track.height)
            pygame.draw.rect(surface, MARK_COLOURS[mark], tick, border_radius=1)
        knob = (self.x_of(self.replay.turn), track.centery)
        pygame.draw.circle(surface, theme.INK, knob, max(5, s.px(9)))
        pygame.draw.circle(surface, theme.CARD, knob, max(3, s.px(6)))

    def _draw_problem(self, surface: pygame.Surface, words: Words) -> None:
        replay = self.replay
        if self.problem_box.height == 0:
            return
        s = self.sizes
        text = words["stopped"].format(seq=replay.last + 1) if replay.partial else words["unfinished"]
        box = self.problem_box
        y = box.top
        for line in wrap(text, s.small, box.width)[:PROBLEM_LINES]:
            draw_text(surface, line, (box.left, y), s.small, theme.MONEY_LOSS if replay.partial else theme.INK_SOFT,
                      box=box)
            y += s.small + s.px(4)

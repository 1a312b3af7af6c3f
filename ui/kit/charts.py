"""Charts drawn with pygame alone: every player's net worth over the turns (results), and
win rates with their 95% intervals (`simulate --plots`).

Each chart draws inside the rectangle it is given, labels included, and gives every label
its box (the text-fit tests hold them to it).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.widgets import draw_text, fit_line, text_width
from zemlevlasnyk.ui.words.text import money

# Grid lines on the value axis: about this many, at round amounts.
VALUE_TICKS = 4
# Turn labels under the chart: about this many.
TURN_TICKS = 6
LINE_WIDTH = 3


@dataclass(frozen=True)
class Series:
    label: str
    colour: pygame.Color
    points: Sequence[tuple[int, int]]     # (turn, value)


def nice_step(span: float, ticks: int) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about `ticks` steps over `span`."""
    if span <= 0:
        return 1
    raw = span / ticks
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return int(m * power) or 1
    return int(10 * power)


def draw_line_chart(surface: pygame.Surface, rect: pygame.Rect, series: Sequence[Series], text_size: int,
                    *, x_label: str) -> None:
    """Lines over turns, values on the left axis as amounts; the last value of each line at
    its end is implied by the standings beside it, so the lines carry no labels of their own."""
    points = [p for s in series for p in s.points]
    if not points:
        return
    top_value = max(1, max(v for _, v in points))
    step = nice_step(top_value, VALUE_TICKS)
    top_value = step * math.ceil(top_value / step)
    first_turn = min(t for t, _ in points)
    last_turn = max(max(t for t, _ in points), first_turn + 1)
    label_w = text_width(money(top_value), text_size) + 8
    line_h = text_size + 6
    plot = pygame.Rect(rect.left + label_w, rect.top + line_h // 2, rect.width - label_w - 4,
                       rect.height - 2 * line_h - line_h // 2)
    if plot.width < 20 or plot.height < 20:
        return
    pygame.draw.rect(surface, theme.CARD, plot)

    def at(turn: float, value: float) -> tuple[float, float]:
        return (plot.left + (turn - first_turn) / (last_turn - first_turn) * plot.width,
                plot.bottom - value / top_value * plot.height)

    for value in range(0, top_value + 1, step):
        y = round(at(first_turn, value)[1])
        pygame.draw.line(surface, theme.PANEL_LINE, (plot.left, y), (plot.right, y))
        box = pygame.Rect(rect.left, y - line_h // 2, label_w - 4, line_h)
        draw_text(surface, money(value), (box.right, y), text_size, theme.INK_SOFT, anchor="midright", box=box)
    turn_step = nice_step(last_turn - first_turn, TURN_TICKS)
    turn = first_turn + (-first_turn) % turn_step
    label_room = text_width(str(last_turn), text_size) + 8
    last_x = -math.inf
    while turn <= last_turn:
        x = round(at(turn, 0)[0])
        pygame.draw.line(surface, theme.PANEL_LINE, (x, plot.bottom), (x, plot.bottom + 4))
        if x - last_x >= label_room and x + label_room // 2 <= rect.right:
            box = pygame.Rect(x - label_room // 2, plot.bottom + 4, label_room, line_h)
            draw_text(surface, str(turn), (x, plot.bottom + 5), text_size, theme.INK_SOFT, anchor="midtop", box=box)
            last_x = x
        turn += turn_step
    caption = pygame.Rect(plot.left, rect.bottom - line_h, plot.width, line_h)
    draw_text(surface, fit_line(x_label, text_size, caption.width), caption.midbottom, text_size, theme.INK_SOFT,
              anchor="midbottom", box=caption)
    pygame.draw.rect(surface, theme.CELL_LINE, plot, 1)
    for s in series:
        if len(s.points) >= 2:
            pygame.draw.lines(surface, s.colour, False, [at(t, v) for t, v in s.points], LINE_WIDTH)
        elif s.points:
            pygame.draw.circle(surface, s.colour, at(*s.points[0]), LINE_WIDTH)


@dataclass(frozen=True)
class Bar:
    label: str
    share: float                   # 0..1
    low: float                     # the interval's ends, 0..1
    high: float
    note: str                      # shown at the bar's end, e.g. "41 з 100"


def draw_bar_chart(surface: pygame.Surface, rect: pygame.Rect, bars: Sequence[Bar], text_size: int,
                   colour: pygame.Color = theme.BUTTON_PRIMARY) -> None:
    """Horizontal bars from 0 to 100%, each with its interval as a whisker."""
    if not bars:
        return
    label_w = max(text_width(b.label, text_size, Face.BOLD) for b in bars) + 12
    note_w = max(text_width(b.note, text_size) for b in bars) + 12
    axis_h = text_size + 10
    plot = pygame.Rect(rect.left + label_w, rect.top, rect.width - label_w - note_w, rect.height - axis_h)
    if plot.width < 40:
        return
    pygame.draw.rect(surface, theme.CARD, plot)
    for pct in range(0, 101, 25):
        x = plot.left + round(plot.width * pct / 100)
        pygame.draw.line(surface, theme.PANEL_LINE, (x, plot.top), (x, plot.bottom))
        label = f"{pct}%"
        w = text_width(label, text_size) + 4
        box = pygame.Rect(x - w // 2, plot.bottom + 2, w, axis_h)
        draw_text(surface, label, (x, plot.bottom + 4), text_size, theme.INK_SOFT, anchor="midtop", box=box)
    row = plot.height / len(bars)
    thick = max(6, round(row * 0.5))
    for n, b in enumerate(bars):
        cy = round(plot.top + row * (n + 0.5))
        bar = pygame.Rect(plot.left, cy - thick // 2, round(plot.width * b.share), thick)
        pygame.draw.rect(surface, colour, bar)
        lo, hi = (plot.left + round(plot.width * v) for v in (b.low, b.high))
        pygame.draw.line(surface, theme.INK, (lo, cy), (hi, cy), 2)
        for x in (lo, hi):
            pygame.draw.line(surface, theme.INK, (x, cy - thick // 2), (x, cy + thick // 2), 2)
        label_box = pygame.Rect(rect.left, cy - row // 2, label_w - 8, max(1, round(row)))
        draw_text(surface, b.label, (label_box.right, cy), text_size, theme.INK, Face.BOLD, "midright", box=label_box)
        note_box = pygame.Rect(plot.right + 6, cy - row // 2, note_w - 6, max(1, round(row)))
        draw_text(surface, b.note, (note_box.left, cy), text_size, theme.INK_SOFT, anchor="midleft", box=note_box)
    pygame.draw.rect(surface, theme.CELL_LINE, plot, 1)

"""`simulate --plots DIR`: the run's figures as pictures, drawn by pygame on surfaces that
no window shows: where the tokens stopped (the board as a heat map) and the win rates of
each level and seat with their 95% intervals.

pygame is imported only here, and only when pictures are asked for.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from zemlevlasnyk.engine import Ruleset

if TYPE_CHECKING:
    import pygame

    from zemlevlasnyk.ui.cli.summary import Summary

# The pictures' sizes in pixels: the board square, and the bar chart's width and bar height.
BOARD_SIDE = 1100
CHART_WIDTH = 1100
BAR_ROW = 54
CHART_PAD = 40
TITLE_SIZE = 30
NOTE_SIZE = 18
TEXT_SIZE = 18
HEAT_FILE = "landings.png"
WINS_FILE = "wins.png"


Interval = Callable[[int, int], tuple[float, float]]


def write_plots(folder: Path, summary: Summary, rules: Ruleset, lang: str, interval: Interval) -> list[Path]:
    """Draw and save both pictures in `folder` (which must exist); their paths. `interval`
    gives a win rate's 95% interval from wins and games."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame
    pygame.font.init()
    heat, wins = folder / HEAT_FILE, folder / WINS_FILE
    pygame.image.save(_heat_map(summary, rules, lang), str(heat))
    pygame.image.save(_win_chart(summary, lang, interval), str(wins))
    return [heat, wins]


def _heat_map(summary: Summary, rules: Ruleset, lang: str) -> pygame.Surface:
    import pygame

    from zemlevlasnyk.ui.kit import theme
    from zemlevlasnyk.ui.kit.fonts import Face
    from zemlevlasnyk.ui.kit.widgets import draw_text, wrap
    from zemlevlasnyk.ui.scenes.table.board import draw_heat_board
    from zemlevlasnyk.ui.scenes.table.geometry import BoardGeometry
    from zemlevlasnyk.ui.words.text import catalogue, form
    words = catalogue(lang)["commands"]["plots"]
    surface = pygame.Surface((BOARD_SIDE, BOARD_SIDE))
    geo = BoardGeometry(surface.get_rect(), rules.size)
    draw_heat_board(surface, geo, rules, lang, summary["landings"])
    inner = geo.inner
    games = summary["games"]
    title = form(lang, words["heat"], n=games).format(n=games)
    box = pygame.Rect(inner.left, inner.top + inner.height // 3, inner.width, TITLE_SIZE + 12)
    draw_text(surface, title, box.center, TITLE_SIZE, theme.INK, Face.BOLD, "center", box=box)
    y = box.bottom + 12
    note = pygame.Rect(inner.left, y, inner.width, inner.bottom - y)
    for line in wrap(words["heat_note"], NOTE_SIZE, inner.width):
        draw_text(surface, line, (inner.centerx, y), NOTE_SIZE, theme.INK_SOFT, anchor="midtop", box=note)
        y += NOTE_SIZE + 6
    return surface


def _win_chart(summary: Summary, lang: str, interval: Interval) -> pygame.Surface:
    import pygame

    from zemlevlasnyk.ui.kit import theme
    from zemlevlasnyk.ui.kit.charts import Bar, draw_bar_chart
    from zemlevlasnyk.ui.kit.fonts import Face
    from zemlevlasnyk.ui.kit.widgets import draw_text
    from zemlevlasnyk.ui.words.text import catalogue, form
    words = catalogue(lang)["commands"]["plots"]
    levels = catalogue(lang)["ui"]["levels"]
    games = summary["games"]
    bars = []
    for level, won in summary["wins"]["by_level"].items():
        low, high = interval(won, games)
        bars.append(Bar(levels.get(level, level), won / games, low, high, words["share"].format(wins=won, games=games)))
    for seat, won in enumerate(summary["wins"]["by_seat"], start=1):
        low, high = interval(won, games)
        bars.append(Bar(words["seat"].format(n=seat), won / games, low, high,
                        words["share"].format(wins=won, games=games)))
    height = 2 * CHART_PAD + TITLE_SIZE + 20 + len(bars) * BAR_ROW + TEXT_SIZE + 10
    surface = pygame.Surface((CHART_WIDTH, height))
    surface.fill(theme.PANEL)
    title = form(lang, words["wins"], n=games).format(n=games)
    box = pygame.Rect(CHART_PAD, CHART_PAD, CHART_WIDTH - 2 * CHART_PAD, TITLE_SIZE + 10)
    draw_text(surface, title, box.midleft, TITLE_SIZE, theme.INK, Face.BOLD, "midleft", box=box)
    chart = pygame.Rect(CHART_PAD, box.bottom + 20, CHART_WIDTH - 2 * CHART_PAD,
                        height - box.bottom - 20 - CHART_PAD)
    draw_bar_chart(surface, chart, bars, TEXT_SIZE)
    return surface

"""The window itself: opening it at a size the screen can hold, full screen on and off, and
never smaller than a readable minimum, with or without a window manager.

A window manager keeps the window at least `MIN_SIZE` (the minimum-size hint); without
one nothing does, so a smaller size reported by SDL is undone by setting the size again.
"""
from __future__ import annotations

import os
import sys
import warnings
from enum import StrEnum

import pygame

from zemlevlasnyk.ui.shell.icon import window_icon
from zemlevlasnyk.ui.words.text import catalogue

# The window opens at this size when the screen has room; layouts hold down to MIN_SIZE
# (text scales with the window, see `theme.Sizes`).
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 500)
# A new window takes at most this share of the screen, leaving room for panels and the
# window's own frame.
SCREEN_SHARE = 0.9

# SDL falls back to these when it finds no screen: a window there is invisible. They are
# used only when asked for by name (SDL_VIDEODRIVER), as tests do.
HEADLESS_DRIVERS = ("offscreen", "dummy")


class Why(StrEnum):
    """Why there is no screen (each has its words in the catalogues' commands.window)."""

    NO_SESSION = "no_session"      # neither DISPLAY nor WAYLAND_DISPLAY
    NO_VIDEO = "no_video"          # SDL could not open a video device
    HEADLESS = "headless"          # SDL found only a driver without a screen
    CLOSED = "closed"              # the window is gone


class NoDisplay(Exception):
    """No screen to open a window on: `why`, and SDL's own words (for the log) in `detail`."""

    def __init__(self, why: Why, detail: str = "") -> None:
        super().__init__(f"{why.value}: {detail}" if detail else why.value)
        self.why = why
        self.detail = detail


def no_display_message(error: NoDisplay, lang: str) -> str:
    """The one line a command prints when there is no screen (the detail goes to the log)."""
    words = catalogue(lang)["commands"]["window"]
    return str(words["no_display"].format(why=words["why"][error.why.value]))


def first_size(screen: tuple[int, int] | None) -> tuple[int, int]:
    """The size a new window opens at on a screen of `screen` pixels (None: unknown)."""
    if screen is None:
        return DEFAULT_SIZE
    room = (int(screen[0] * SCREEN_SHARE), int(screen[1] * SCREEN_SHARE))
    scale = min(1.0, room[0] / DEFAULT_SIZE[0], room[1] / DEFAULT_SIZE[1])
    return (max(MIN_SIZE[0], int(DEFAULT_SIZE[0] * scale)), max(MIN_SIZE[1], int(DEFAULT_SIZE[1] * scale)))


def _window() -> pygame.Window:
    with warnings.catch_warnings():
        # pygame-ce 2.5 reaches a display-module window's size and mode only through this
        # (deprecated for drawing, which we do not do through it).
        warnings.simplefilter("ignore", DeprecationWarning)
        return pygame.Window.from_display_module()


def open_window(*, fullscreen: bool = False) -> pygame.Surface:
    """Initialise pygame and open the window; `NoDisplay` when there is no screen."""
    requested = os.environ.get("SDL_VIDEODRIVER")
    if sys.platform.startswith("linux") and not (requested or os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay(Why.NO_SESSION)
    try:
        pygame.display.init()
        pygame.font.init()
        screens = pygame.display.get_desktop_sizes()
        icon = window_icon()
        if icon is not None:
            pygame.display.set_icon(icon)   # before the window opens, so it has it from the start
        surface = pygame.display.set_mode(first_size(screens[0] if screens else None), pygame.RESIZABLE)
    except pygame.error as exc:
        pygame.quit()
        raise NoDisplay(Why.NO_VIDEO, str(exc)) from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and driver != requested:
        pygame.quit()
        raise NoDisplay(Why.HEADLESS, driver)
    _window().minimum_size = MIN_SIZE
    if fullscreen:
        set_fullscreen(True)
    pygame.key.set_repeat(400, 40)
    return pygame.display.get_surface() or surface


def surface() -> pygame.Surface:
    """The window's surface now (full screen and resizing may replace it)."""
    current = pygame.display.get_surface()
    if current is None:
        raise NoDisplay(Why.CLOSED)
    return current


def set_fullscreen(on: bool) -> None:
    """Full screen at the desktop's own resolution (no mode switch), or back to a window."""
    window = _window()
    try:
        if on:
            window.set_fullscreen(desktop=True)
        else:
            window.set_windowed()
    except pygame.error:
        pass   # a driver without full screen (the headless ones) stays as it is


def keep_minimum(size: tuple[int, int]) -> tuple[int, int]:
    """Undo a shrink of the window below MIN_SIZE (nothing else does it without a window
    manager); the size the window has now."""
    wanted = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
    if wanted != size:
        _window().size = wanted
    return wanted

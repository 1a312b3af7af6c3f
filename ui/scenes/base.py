"""The scene contract: `layout` on a new window size, `handle_event` for input, `update(dt)`
to move time on, `draw(surface)` to paint, which never changes anything; `relabel` when
the language changes; `next_frame()` says when the scene must be drawn again with no
input (the window sleeps until then).

A scene sees the window through `SceneHost` (the app implements it): the settings (the
language first), the size, the mouse, a way to start trio tasks, and `go(intent)` to move
elsewhere (`ui.shell.nav`). It never imports the app or another scene.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

import pygame

from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.words.text import Say, Words, ui_words

Spawn = Callable[[Callable[[], Awaitable[object]]], None]


class SceneHost(Protocol):
    """What a scene may ask of the window."""

    @property
    def lang(self) -> str: ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def mouse(self) -> tuple[int, int]: ...
    @property
    def interfaces(self) -> list[str] | None:
        """`--interface` addresses for friends mode (None: the environment, else the LAN)."""
    @property
    def spawn(self) -> Spawn:
        """Start a trio task in the window's nursery."""
    @property
    def keep_games(self) -> bool:
        """Games against the computer are kept (saved as played, listed, resumable)."""
    @property
    def settings(self) -> Settings: ...
    @property
    def settings_problem(self) -> Say | None:
        """Why the settings could not be read or saved, if so."""

    def go(self, to: nav.Nav) -> None:
        """Move to another scene (see `ui.shell.nav`)."""

    def change_settings(self, new: Settings) -> None:
        """Apply new settings at once (a new language relabels every scene) and keep them."""


class Scene:
    # A dialog is drawn over the scene beneath it; a screen hides everything beneath.
    overlay = False

    def __init__(self, app: SceneHost) -> None:
        self.app = app
        self.size = (0, 0)
        # Pixel and font sizes for the window: see `theme.Sizes` (set again by `layout`).
        self.sizes = theme.sizes_for(app.size)

    @property
    def t(self) -> Words:
        """The window's words in the language chosen now (it may change while we are shown)."""
        return ui_words(self.app.lang)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.sizes = theme.sizes_for(size)

    def say(self, text: Say) -> str:
        """A kept text worded in the language shown now."""
        return text.text(self.app.lang)

    def relabel(self) -> None:
        """The language changed: make again every text the scene keeps (button labels,
        messages); `layout` follows. Texts read from `t` while drawing change by themselves."""

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def next_frame(self) -> float:
        """Seconds until this scene looks different with no input and no news from a table:
        0 while something moves (a frame every 1/60 s), `math.inf` when only input or news
        can change it. A scene that does not say is drawn every frame."""
        return 0.0

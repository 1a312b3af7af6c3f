"""The scene contract: `layout` on a new window size, `handle_event` for input, `update(dt)`
to move time on, `draw(surface)` to paint, which never changes anything."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from .. import theme
from ..text import catalogue

if TYPE_CHECKING:
    from ..app import App


class Scene:
    # A dialog is drawn over the scene beneath it; a screen hides everything beneath.
    overlay = False

    def __init__(self, app: App) -> None:
        self.app = app
        self.t: dict[str, Any] = catalogue(app.lang)["ui"]
        self.size = (0, 0)
        # Pixel and font sizes for the window: see `theme.Sizes` (set again by `layout`).
        self.sizes = theme.sizes_for(app.size)

    def layout(self, size: tuple[int, int]) -> None:
        self.size = size
        self.sizes = theme.sizes_for(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass

"""The window's icon, from assets/images (made by tools/make_icon.py)."""
from __future__ import annotations

from importlib import resources

import pygame


def window_icon() -> pygame.Surface | None:
    """The icon, or None if it cannot be read (the window opens without one)."""
    path = resources.files("zemlevlasnyk.assets") / "images" / "icon.png"
    try:
        with resources.as_file(path) as real:
            return pygame.image.load(str(real))
    except (pygame.error, OSError):
        return None

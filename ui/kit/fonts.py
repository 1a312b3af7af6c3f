"""Fonts: the DejaVu faces shipped in assets/fonts, loaded once per size.

Every glyph the game shows (Ukrainian and English) is in DejaVu, so text never falls back
to a system font that may lack Cyrillic. The condensed faces fit long street names into
narrow board cells.
"""
from __future__ import annotations

from enum import StrEnum
from importlib import resources

import pygame


class Face(StrEnum):
    REGULAR = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"
    CONDENSED = "DejaVuSansCondensed.ttf"
    CONDENSED_BOLD = "DejaVuSansCondensed-Bold.ttf"


_loaded: dict[tuple[int, Face], pygame.font.Font] = {}


def font(size: int, face: Face = Face.REGULAR) -> pygame.font.Font:
    """The face at `size` pixels; pygame.font must be initialised."""
    key = (size, face)
    loaded = _loaded.get(key)
    if loaded is None:
        if not _loaded:
            # Fonts die with pygame.quit(); forget them then, so a later init loads afresh.
            pygame.register_quit(_loaded.clear)
        path = resources.files("zemlevlasnyk.assets") / "fonts" / face.value
        with resources.as_file(path) as real:
            loaded = _loaded[key] = pygame.font.Font(str(real), size)
    return loaded

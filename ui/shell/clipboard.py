"""The clipboard, when the system offers one (pygame-ce's SDL clipboard): copying the
invite link, pasting one. Without a clipboard both say so and the scenes fall back to
showing the link selectable and typed input."""
from __future__ import annotations

import pygame


def copy(text: str) -> bool:
    """Put `text` on the clipboard; False when there is none."""
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError):
        return False


def paste() -> str | None:
    """The clipboard's text, or None when there is none."""
    try:
        return pygame.scrap.get_text() if pygame.scrap.has_text() else None
    except (pygame.error, AttributeError):
        return None


def is_paste(event: pygame.event.Event) -> bool:
    """Ctrl+V (Cmd+V on a Mac)."""
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_v
            and bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)))

"""What covers what: the check that no text lies on another, on top of `widgets.record_text`.

`widgets.record_text()` notes every text drawn, the box it was given and its surface.
A card or dialog drawn opaque over part of the window hides what lay there; the code that
draws it says so with `cover`, so the texts it hides do not count as overlapping the
texts drawn on it. Outside an `auditing()` block, `cover` costs one comparison.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import pygame

from zemlevlasnyk.ui.kit.widgets import DrawnText, record_text

# Two texts count as lying on each other when their letters share more than this many
# pixels each way (antialiased edges of neighbouring lines may touch).
TOUCH_SLACK = 1


@dataclass
class TextAudit:
    texts: list[DrawnText]
    # (surface id, the rectangle covered, how many texts had been drawn by then)
    covers: list[tuple[int, pygame.Rect, int]] = field(default_factory=list)

    def visible(self) -> list[DrawnText]:
        """The texts not hidden by something opaque drawn over them later."""
        out = []
        for n, t in enumerate(self.texts):
            if not any(s == t.surface and drawn > n and rect.colliderect(t.rect) for s, rect, drawn in self.covers):
                out.append(t)
        return out

    def outside_box(self) -> list[DrawnText]:
        """Texts that left the box they were given (or their surface), or were given none."""
        return [t for t in self.texts if t.box is None or not t.fits()]

    def overlapping(self) -> list[tuple[DrawnText, DrawnText]]:
        """Pairs of visible texts on the same surface whose letters lie on each other."""
        shown = [(t, t.rect.inflate(-2 * TOUCH_SLACK, -2 * TOUCH_SLACK)) for t in self.visible()]
        pairs = []
        for n, (a, ra) in enumerate(shown):
            for b, rb in shown[n + 1:]:
                if a.surface == b.surface and ra.colliderect(rb):
                    pairs.append((a, b))
        return pairs


_active: list[TextAudit] = []


@contextmanager
def auditing() -> Iterator[TextAudit]:
    """Record every text drawn inside the block, and what was drawn over them."""
    with record_text() as drawn:
        audit = TextAudit(drawn)
        _active.append(audit)
        try:
            yield audit
        finally:
            _active.remove(audit)


def cover(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Something opaque was drawn over `rect`: what lay there before is hidden, not overlapped."""
    for audit in _active:
        audit.covers.append((id(surface), pygame.Rect(rect), len(audit.texts)))

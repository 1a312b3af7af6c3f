"""One line of text made to fit a width: the largest of a few sizes at which it fits whole,
else the smallest size with the end cut and an ellipsis (a last resort for names); a name
in bold tries the condensed bold face before it is cut."""
from __future__ import annotations

from collections.abc import Sequence

from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.widgets import fit_line, text_width


def shrink_line(text: str, width: int, sizes: Sequence[int], face: Face = Face.REGULAR) -> tuple[str, int]:
    """(the text as it fits, its size)."""
    for size in sizes:
        if text_width(text, size, face) <= width:
            return text, size
    size = sizes[-1]
    return fit_line(text, size, max(1, width), face), size


def first_fitting(texts: Sequence[str], size: int, width: int, face: Face = Face.REGULAR) -> str:
    """The first of `texts` (the fullest first) whole within `width`; else the last, cut."""
    for text in texts:
        if text_width(text, size, face) <= width:
            return text
    return fit_line(texts[-1], size, max(1, width), face)


def steps(largest: int, smallest: int) -> tuple[int, ...]:
    """Sizes from `largest` down to `smallest`, one pixel apart."""
    return tuple(range(largest, min(largest, smallest) - 1, -1))


def shrink_name(text: str, width: int, sizes: Sequence[int]) -> tuple[str, int, Face]:
    """A name in bold: shrinking down `sizes`, then in condensed bold (the longest names
    fit), cut only if even that does not hold it. (the text as it fits, its size, its face)."""
    for face in (Face.BOLD, Face.CONDENSED_BOLD):
        shown, size = shrink_line(text, width, sizes, face)
        if shown == text:
            break
    return shown, size, face

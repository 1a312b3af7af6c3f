"""The window's look: palette, player colours, spacing and the font sizes of each role.

A calm, paper-like board on a deep green-grey table; strong colour only where it carries
meaning (colour groups, player tokens, the one action the game waits for).
"""
from __future__ import annotations

from dataclasses import dataclass

from pygame import Color

# Table and surfaces.
BACKGROUND = Color("#23302c")
BOARD = Color("#e9efe4")
BOARD_CENTRE = Color("#d7e3d3")
CELL = Color("#f7f5ec")
CELL_LINE = Color("#7d8a80")
PANEL = Color("#f4f2ea")
PANEL_LINE = Color("#c9c4b4")
CARD = Color("#fffdf6")
SHADOW = Color(0, 0, 0, 90)
TOKEN_SHADOW = Color("#3a4540")
SCRIM = Color(10, 16, 14, 150)

# Text.
INK = Color("#1f2623")
INK_SOFT = Color("#5b655f")
INK_ON_DARK = Color("#f2efe4")
INK_ON_DARK_SOFT = Color("#b9c2b9")
MONEY_GAIN = Color("#2c7a43")
MONEY_LOSS = Color("#b0392c")
# Words asking a person to look twice (a table whose name looks like another's): the red of a loss.
INK_CAUTION = Color("#b0392c")

# Buttons.
BUTTON = Color("#e4e0d2")
BUTTON_HOVER = Color("#d6d1c0")
BUTTON_PRIMARY = Color("#2f6f57")
BUTTON_PRIMARY_HOVER = Color("#2a604c")
BUTTON_DANGER = Color("#a9473a")
BUTTON_DISABLED = Color("#ece9df")
BUTTON_INK_DISABLED = Color("#a3a59c")
SELECTED = Color("#f3c64b")
FOCUS = Color("#3d8bd3")

# Marks on the board.
MORTGAGE = Color("#b0392c")
HOUSE = Color("#2f8f4e")
HOTEL = Color("#c0392b")
HIGHLIGHT = Color("#f3c64b")

# Token colours by profile colour name (p2p.core.identity.COLOURS); deep enough for white text.
PLAYER_COLOURS = {
    "red": Color("#d2463c"),
    "blue": Color("#2f6fce"),
    "green": Color("#2f9a5b"),
    "yellow": Color("#e0a91c"),
    "purple": Color("#8a4fc0"),
    "orange": Color("#e07424"),
}
UNKNOWN_PLAYER = Color("#777777")

# Spacing and font sizes by role, in pixels at the reference window size (REFERENCE);
# `Sizes` scales them to the window actually open.
GAP = 12
RADIUS = 8
TITLE = 44
HEADING = 22
BODY = 17
SMALL = 14
TINY = 12

# The window size the pixel values above were drawn for.
REFERENCE = (1280, 800)
# The scale never goes below what the smallest window allowed gives (800×500 is 0.625 of
# the reference), nor above what a 4K screen gives: larger than that is a poster.
MIN_SCALE = 0.625
MAX_SCALE = 3.0
# No text is ever drawn smaller than this: DejaVu Sans below 10 px loses its counters
# (e, a, є blur into blobs) on an ordinary screen.
MIN_TEXT = 10


def player_colour(name: str) -> Color:
    return PLAYER_COLOURS.get(name, UNKNOWN_PLAYER)


@dataclass(frozen=True)
class Sizes:
    """Pixel sizes for one window size: everything drawn at the reference size times
    `scale`, text never below MIN_TEXT. A large window gets larger text, not only a larger
    board; a small one keeps every text readable.

    Scenes read their `sizes` (set by `Scene.layout`); `px` scales any reference length
    (a row height, a card width), `text` any reference font size, and the role properties
    are the theme's own font sizes scaled."""

    scale: float

    def px(self, n: float) -> int:
        """A length of `n` pixels at the reference size, in this window (never below 1)."""
        return max(1, round(n * self.scale))

    def text(self, n: float) -> int:
        """A font size of `n` pixels at the reference size, in this window."""
        return max(MIN_TEXT, round(n * self.scale))

    @property
    def title(self) -> int:
        return self.text(TITLE)

    @property
    def heading(self) -> int:
        return self.text(HEADING)

    @property
    def body(self) -> int:
        return self.text(BODY)

    @property
    def small(self) -> int:
        return self.text(SMALL)

    @property
    def tiny(self) -> int:
        return self.text(TINY)

    @property
    def gap(self) -> int:
        return self.px(GAP)

    @property
    def radius(self) -> int:
        return self.px(RADIUS)


def sizes_for(window: tuple[int, int]) -> Sizes:
    """The sizes for a window of `window` pixels: the reference layout fitted to it."""
    w, h = window
    scale = min(w / REFERENCE[0], h / REFERENCE[1])
    return Sizes(min(MAX_SCALE, max(MIN_SCALE, scale)))


# What scenes have before their first layout: the reference size itself.
REFERENCE_SIZES = Sizes(1.0)

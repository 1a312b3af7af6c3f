"""The window's look: palette, player colours, spacing and the font sizes of each role.

A calm, paper-like board on a deep green-grey table; strong colour only where it carries
meaning (colour groups, player tokens, the one action the game waits for).
"""
from __future__ import annotations

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

# Token colours by profile colour name (p2p.identity.COLOURS); deep enough for white text.
PLAYER_COLOURS = {
    "red": Color("#d2463c"),
    "blue": Color("#2f6fce"),
    "green": Color("#2f9a5b"),
    "yellow": Color("#e0a91c"),
    "purple": Color("#8a4fc0"),
    "orange": Color("#e07424"),
}
UNKNOWN_PLAYER = Color("#777777")

# Spacing, in pixels at the reference size (1280×800); layouts scale from the window size.
GAP = 12
RADIUS = 8

# Font sizes by role.
TITLE = 44
HEADING = 22
BODY = 17
SMALL = 14
TINY = 12


def player_colour(name: str) -> Color:
    return PLAYER_COLOURS.get(name, UNKNOWN_PLAYER)

"""Make the window's icon: a small board (a paper ring with colour bands on the game's
green table) with a house in the middle, drawn by pygame and saved as PNG.

    python tools/make_icon.py [OUT_FILE]      # default: assets/images/icon.png
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

SIZE = 64
OUT = Path(__file__).resolve().parents[1] / "assets" / "images" / "icon.png"
TABLE = pygame.Color("#2f6f57")
PAPER = pygame.Color("#f7f5ec")
LINE = pygame.Color("#1f2623")
# Colour groups along the ring, as on the board (brown, light blue, pink, orange, red,
# yellow, green, dark blue), two per side.
BANDS = ("#8b5a3c", "#9fd3f0", "#d6479c", "#ef8a2b", "#d9352b", "#f2cc2f", "#2e9a4e", "#2c4fa8")
HOUSE = pygame.Color("#2f8f4e")
ROOF = pygame.Color("#c0392b")


def draw() -> pygame.Surface:
    icon = pygame.Surface((SIZE, SIZE), pygame.SRCALPHA)
    pygame.draw.rect(icon, TABLE, icon.get_rect(), border_radius=12)
    board = pygame.Rect(6, 6, SIZE - 12, SIZE - 12)
    pygame.draw.rect(icon, PAPER, board, border_radius=3)
    ring = 11
    inner = board.inflate(-2 * ring, -2 * ring)
    pygame.draw.rect(icon, TABLE.lerp(PAPER, 0.75), inner)
    band = 4
    half = (board.width - 2 * ring) // 2
    sides = [
        [pygame.Rect(inner.left + n * half, inner.bottom, half, band) for n in (1, 0)],             # bottom
        [pygame.Rect(inner.left - band, inner.top + n * half, band, half) for n in (1, 0)],         # left
        [pygame.Rect(inner.left + n * half, inner.top - band, half, band) for n in (0, 1)],         # top
        [pygame.Rect(inner.right, inner.top + n * half, band, half) for n in (0, 1)],              # right
    ]
    for n, rect in enumerate(r for side in sides for r in side):
        pygame.draw.rect(icon, pygame.Color(BANDS[n]), rect)
    pygame.draw.rect(icon, LINE, board, 1, border_radius=3)
    pygame.draw.rect(icon, LINE, inner, 1)
    # The house: a green body under a red roof, in the centre of the board.
    cx, base = SIZE // 2, inner.bottom - 6
    body = pygame.Rect(0, 0, 14, 10)
    body.midbottom = (cx, base)
    pygame.draw.rect(icon, HOUSE, body)
    pygame.draw.polygon(icon, ROOF, [(body.left - 3, body.top), (body.right + 2, body.top), (cx, body.top - 8)])
    pygame.draw.rect(icon, LINE, body, 1)
    return icon


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw(), str(out))
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

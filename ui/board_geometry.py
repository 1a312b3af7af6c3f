"""Where each cell of a square board sits in the window: pure geometry, no drawing.

Cells run clockwise from the start in the bottom-right corner, as on the printed board:
along the bottom to the left, up the left side, along the top to the right, down the
right side. Any board of 4·k cells fits (k−1 cells between corners).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

import pygame

# A corner is this many cells wide: room for a street name on the sides, as on paper boards.
CORNER_CELLS = 1.5
# Tokens sharing a cell stand this many cell widths apart.
TOKEN_SPREAD = 0.48
# A token on a corner stands this far (in corner widths) from the corner's inner point.
CORNER_PULL = 0.22


class Side(str, Enum):
    BOTTOM = "bottom"
    LEFT = "left"
    TOP = "top"
    RIGHT = "right"
    CORNER = "corner"


@dataclass(frozen=True)
class CellPlace:
    rect: pygame.Rect
    side: Side


class BoardGeometry:
    def __init__(self, area: pygame.Rect, cells: int) -> None:
        if cells % 4 or cells < 8:
            raise ValueError(f"a square board needs a multiple of 4 cells (at least 8), not {cells}")
        self.area = area
        self.cells = cells
        per_side = cells // 4 - 1
        size = area.width
        self.cell = size / (per_side + 2 * CORNER_CELLS)
        self.corner = round(self.cell * CORNER_CELLS)
        self.places = [self._place(i, per_side, size) for i in range(cells)]
        c = self.corner
        self.centre = pygame.Rect(area.left + c, area.top + c, size - 2 * c, size - 2 * c)

    def _place(self, i: int, per_side: int, size: int) -> CellPlace:
        side_len = per_side + 1
        c, w = self.corner, self.cell
        x0, y0 = self.area.topleft
        edge, k = divmod(i, side_len)

        def span(j: int) -> tuple[int, int]:
            """Start and length of the j-th (1-based) middle cell from a corner."""
            a = c + round((j - 1) * w)
            b = c + round(j * w)
            return a, b - a

        if k == 0:
            corners = [(size - c, size - c), (0, size - c), (0, 0), (size - c, 0)]
            x, y = corners[edge]
            return CellPlace(pygame.Rect(x0 + x, y0 + y, c, c), Side.CORNER)
        a, length = span(k)
        if edge == 0:
            return CellPlace(pygame.Rect(x0 + size - a - length, y0 + size - c, length, c), Side.BOTTOM)
        if edge == 1:
            return CellPlace(pygame.Rect(x0, y0 + size - a - length, c, length), Side.LEFT)
        if edge == 2:
            return CellPlace(pygame.Rect(x0 + a, y0, length, c), Side.TOP)
        return CellPlace(pygame.Rect(x0 + size - c, y0 + a, c, length), Side.RIGHT)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        for i, place in enumerate(self.places):
            if place.rect.collidepoint(pos):
                return i
        return None

    def band(self, i: int, depth: int) -> pygame.Rect:
        """The strip of cell `i` along its inner edge (where a colour bar goes)."""
        p = self.places[i]
        r = p.rect
        if p.side is Side.BOTTOM:
            return pygame.Rect(r.left, r.top, r.width, depth)
        if p.side is Side.TOP:
            return pygame.Rect(r.left, r.bottom - depth, r.width, depth)
        if p.side is Side.LEFT:
            return pygame.Rect(r.right - depth, r.top, depth, r.height)
        if p.side is Side.RIGHT:
            return pygame.Rect(r.left, r.top, depth, r.height)
        return pygame.Rect(r.left, r.top, 0, 0)

    def outer(self, i: int, depth: int) -> pygame.Rect:
        """The strip of cell `i` along the board's outer edge (the owner's mark)."""
        p = self.places[i]
        r = p.rect
        if p.side is Side.BOTTOM:
            return pygame.Rect(r.left, r.bottom - depth, r.width, depth)
        if p.side is Side.TOP:
            return pygame.Rect(r.left, r.top, r.width, depth)
        if p.side is Side.LEFT:
            return pygame.Rect(r.left, r.top, depth, r.height)
        if p.side is Side.RIGHT:
            return pygame.Rect(r.right - depth, r.top, depth, r.height)
        return pygame.Rect(r.left, r.top, 0, 0)

    def token_spot(self, i: int, slot: int, slots: int) -> tuple[float, float]:
        """Where the `slot`-th of `slots` tokens on cell `i` stands: on the cell's inner edge,
        clear of its name and price (two abreast, a second row when crowded)."""
        p = self.places[i]
        r = p.rect
        step = self.cell * TOKEN_SPREAD
        across = (slot % 2 - 0.5) * step if slots > 1 else 0.0
        depth = (slot // 2 - 0.5) * step if slots > 2 else 0.0
        if p.side is Side.BOTTOM:
            return r.centerx + across, r.top + depth
        if p.side is Side.TOP:
            return r.centerx - across, r.bottom - depth
        if p.side is Side.LEFT:
            return r.right - depth, r.centery + across
        if p.side is Side.RIGHT:
            return r.left + depth, r.centery - across
        inner_x = r.left if r.centerx > self.centre.centerx else r.right
        inner_y = r.top if r.centery > self.centre.centery else r.bottom
        pull = self.corner * CORNER_PULL
        x = inner_x + (pull if inner_x == r.left else -pull)
        y = inner_y + (pull if inner_y == r.top else -pull)
        return x + across, y + depth

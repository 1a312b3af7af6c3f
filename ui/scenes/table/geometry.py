"""Where each cell of a square board sits in the window: pure geometry, no drawing.

Cells run clockwise from the start in the bottom-right corner, as on the printed board:
along the bottom to the left, up the left side, along the top to the right, down the
right side. Every board of 4·k cells fits (k−1 cells between corners).

Tokens stand in a lane just inside the ring of cells, beside the cell they are on, so they
never sit on a cell's name or price; the centre's own drawing keeps out of that lane.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import pygame

# A corner is this many cells wide: room for a street name on the sides, as on paper boards.
CORNER_CELLS = 1.5
# A token's radius as a share of a cell's width: its initial stays readable, two fit abreast.
TOKEN_SHARE = 0.2
# Room around a token in its lane, in pixels.
LANE_MARGIN = 3
# Tokens sharing a corner stand this many radii apart, across the lane's corner.
CORNER_SPREAD = 1.3


class Side(StrEnum):
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
        self.token_radius = max(6, round(self.cell * TOKEN_SHARE))
        self.lane = 2 * self.token_radius + 2 * LANE_MARGIN
        # The centre less the tokens' lane: where the centre's own drawing goes.
        self.inner = self.centre.inflate(-2 * self.lane, -2 * self.lane)

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
        """Where the `slot`-th of `slots` tokens on cell `i` stands: in the lane beside the
        cell, spread along it (overlapping a little when four share a narrow cell)."""
        p = self.places[i]
        r = p.rect
        mid = self.lane / 2
        share = (slot + 0.5) / max(1, slots)
        if p.side is Side.BOTTOM:
            return r.right - share * r.width, r.top - mid
        if p.side is Side.TOP:
            return r.left + share * r.width, r.bottom + mid
        if p.side is Side.LEFT:
            return r.right + mid, r.bottom - share * r.height
        if p.side is Side.RIGHT:
            return r.left - mid, r.top + share * r.height
        # A corner: across the lane's corner square, from one side's lane to the other's.
        inner_x = r.left if r.centerx > self.centre.centerx else r.right
        inner_y = r.top if r.centery > self.centre.centery else r.bottom
        sx = -1 if inner_x == r.left else 1
        sy = -1 if inner_y == r.top else 1
        offset = (slot - (slots - 1) / 2) * self.token_radius * CORNER_SPREAD
        return inner_x + sx * (mid + offset), inner_y + sy * (mid - offset)

"""Token movement: where each token is drawn while it walks the cells the engine moved it.

The engine moves a token in one step; the window replays that step cell by cell so the
person can follow it. `busy` tells the table to hold the computer players until the
walk is over.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass

from zemlevlasnyk.engine import Event
from zemlevlasnyk.engine.events import CameToRest, Moved

from .board_geometry import BoardGeometry

# Seconds per cell walked: a full throw of 12 cells takes about a second.
STEP_SECONDS = 0.085
# Seconds for a jump straight to a cell (to jail, or a correction).
JUMP_SECONDS = 0.3
# Walks waiting beyond this many go faster, so a long backlog never lags the game.
BACKLOG_SPEEDUP = 2
# Rounding slack when a walk's last fraction of a cell is used up.
_EPSILON = 1e-9


@dataclass
class _Walk:
    seat: int
    cells: list[int]      # the cells to visit, in order (a jump is a single cell)
    per_cell: float
    done: float = 0.0     # cells covered so far, fractional


class TokenAnimator:
    def __init__(self, positions: Iterable[int], size: int) -> None:
        self.cell = list(positions)
        self.size = size
        self._queue: deque[_Walk] = deque()
        self._expect = list(self.cell)

    @property
    def busy(self) -> bool:
        return bool(self._queue)

    def feed(self, events: Iterable[Event]) -> None:
        for e in events:
            if isinstance(e, Moved):
                seat, steps = e.seat, e.steps
                sign = 1 if steps > 0 else -1
                start = self._expect[seat]
                if start != e.from_cell:
                    self._queue.append(_Walk(seat, [e.from_cell], JUMP_SECONDS))
                cells = [(e.from_cell + sign * k) % self.size for k in range(1, abs(steps) + 1)]
                self._queue.append(_Walk(seat, cells, STEP_SECONDS))
                self._expect[seat] = e.to_cell
            elif isinstance(e, CameToRest) and self._expect[e.seat] != e.cell:
                self._queue.append(_Walk(e.seat, [e.cell], JUMP_SECONDS))
                self._expect[e.seat] = e.cell

    def update(self, dt: float) -> None:
        budget = dt * (1.0 + max(0, len(self._queue) - BACKLOG_SPEEDUP))
        while budget > 0 and self._queue:
            walk = self._queue[0]
            used = min(budget, (len(walk.cells) - walk.done) * walk.per_cell)
            walk.done += used / walk.per_cell
            budget -= used
            while walk.cells and walk.done >= 1 - _EPSILON:
                self.cell[walk.seat] = walk.cells.pop(0)
                walk.done = max(0.0, walk.done - 1)
            if not walk.cells:
                self._queue.popleft()

    def spots(self, geo: BoardGeometry) -> list[tuple[float, float]]:
        """Each seat's token centre in pixels."""
        out: list[tuple[float, float]] = []
        moving = self._queue[0] if self._queue else None
        for seat, cell in enumerate(self.cell):
            here = [s for s, c in enumerate(self.cell) if c == cell and not (moving and moving.seat == s)]
            slot = here.index(seat) if seat in here else 0
            x, y = geo.token_spot(cell, slot, len(here))
            if moving is not None and moving.seat == seat and moving.cells:
                nx, ny = geo.token_spot(moving.cells[0], 0, 1)
                t = min(1.0, moving.done)
                x, y = x + (nx - x) * t, y + (ny - y) * t
            out.append((x, y))
        return out

"""Where each token is drawn while it walks (`ui.sessions.playback.Walks`): between the cell
it left and the next one, the others sharing their cells' lanes."""
from __future__ import annotations

from zemlevlasnyk.ui.scenes.table.geometry import BoardGeometry
from zemlevlasnyk.ui.sessions.playback import Walks


def spots(walks: Walks, geo: BoardGeometry) -> list[tuple[float, float]]:
    """Each seat's token centre in pixels."""
    out: list[tuple[float, float]] = []
    moving = walks.moving
    for seat, cell in enumerate(walks.cell):
        here = [s for s, c in enumerate(walks.cell) if c == cell and not (moving and moving.seat == s)]
        slot = here.index(seat) if seat in here else 0
        x, y = geo.token_spot(cell, slot, len(here))
        if moving is not None and moving.seat == seat and moving.cells:
            nx, ny = geo.token_spot(moving.cells[0], 0, 1)
            t = min(1.0, moving.done)
            x, y = x + (nx - x) * t, y + (ny - y) * t
        out.append((x, y))
    return out

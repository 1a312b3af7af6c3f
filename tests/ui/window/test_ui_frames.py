"""The window draws only when something changed or moves: an idle table is not redrawn,
a walking token is drawn every frame, and the loop still ends on the window's quit."""
from __future__ import annotations

import math
import time

import pygame
from helpers.ui import FRAME, Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine.events import Moved
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.shell.app import App, run_window
from zemlevlasnyk.ui.shots.render import warm_table

# The window runs this long with nothing happening at the table (the person's turn).
IDLE_MS = 1500
# The window's first frames: the table itself, its first news, the window manager's
# greetings. Counted, not timed: on a loaded machine they may come late, but a window that
# redraws an idle table draws dozens in IDLE_MS (every frame at up to 60 a second).
SETTLE_FRAMES = 3


def test_ui_idle_table_is_not_redrawn(monkeypatch) -> None:
    flips: list[float] = []
    real_flip = pygame.display.flip

    def counted_flip() -> None:
        if not flips:
            # The idle time counts from the first frame: on a loaded machine the table may
            # take longer than IDLE_MS to set up and draw at all.
            pygame.time.set_timer(pygame.QUIT, IDLE_MS, 1)
        flips.append(time.perf_counter())
        real_flip()

    monkeypatch.setattr(pygame.display, "flip", counted_flip)
    seen: dict[str, TableScene] = {}

    def first(app: App) -> TableScene:
        table = warm_table(seed=1, lang="uk")   # stops where the person must decide
        app.spawn(table.run)
        seen["scene"] = TableScene(app, table)
        return seen["scene"]

    assert run_window(first=first) == 0
    assert flips, "the table was drawn"
    assert len(flips) <= SETTLE_FRAMES, \
        f"{len(flips)} frames drawn at an idle table, at {[round(t - flips[0], 3) for t in flips]} s"
    assert seen["scene"].next_frame() == math.inf


async def test_ui_walking_token_wants_every_frame(autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk")
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    drive = Driver(app, surface)
    await drive.frames()
    assert app.next_frame() == math.inf
    seat = table.me
    here = table.game.pos[seat]
    scene.playback.walks.feed([Moved(seat, here, (here + 4) % 40, 4, "dice", here + 4 >= 40)])
    assert app.next_frame() == 0
    for _ in range(40):
        await drive.frames()
        if not scene.playback.walks.busy:
            break
    assert not scene.playback.walks.busy
    # The change of cash (if any) fades, and then the table waits for news again.
    await drive.frames(round(4 / FRAME), draw=False)
    assert app.next_frame() == math.inf

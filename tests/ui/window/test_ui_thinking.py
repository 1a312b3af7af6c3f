"""The window never waits on a computer player's thinking (issue 25): in the real window
loop (trio in guest mode inside pygame), computer players that take half a second over
every choice do not stop the window drawing the frames its input asks for meanwhile."""
from __future__ import annotations

import threading
import time

import pygame
from helpers.ui import init_pygame  # noqa: F401, I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Action, Game
from zemlevlasnyk.p2p import Policy
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell.app import App, run_window

# Each choice blocks this long: far longer than a frame, or than the window's pace.
SLOW_SECONDS = 0.5
# The window runs this long from its first frame: the computer players' first few thoughts
# (a loaded machine may fit in only one whole, beside the one under way at the first frame).
RUN_MS = 2500
# A mouse moving over the window, one motion this often: each asks for a frame.
MOTION_MS = 20
# Frames the window must draw while a thought is under way: a thought of SLOW_SECONDS with
# a motion every MOTION_MS asks for 25, an idle machine draws them all; thinking on the
# window's thread draws none (the loop is blocked) but at a thought's edges.
FRAMES_PER_THOUGHT = 4

# (start, end, thread) of every thought, in real seconds: module-wide, so that the twins
# a thought works on (`p2p.core.thinking.fork`) write here too.
THOUGHTS: list[tuple[float, float, threading.Thread]] = []


class Slow:
    """A computer player that takes SLOW_SECONDS over every choice, then plays as `inner`."""

    def __init__(self, inner: Policy) -> None:
        self.inner = inner

    def choose(self, game: Game, seat: int) -> Action:
        start = time.perf_counter()
        time.sleep(SLOW_SECONDS)
        action = self.inner.choose(game, seat)
        THOUGHTS.append((start, time.perf_counter(), threading.current_thread()))
        return action


def _first_mover_is_computer(seed: int) -> bool:
    table = new_table(name="X", opponents=2, level="random", seed=seed)
    return table.game.active != table.me


def test_ui_a_slow_computer_player_does_not_stop_the_frames(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    THOUGHTS.clear()
    seed = next(s for s in range(1, 50) if _first_mover_is_computer(s))
    flips: list[float] = []
    real_flip = pygame.display.flip

    def counted_flip() -> None:
        if not flips:
            pygame.time.set_timer(pygame.QUIT, RUN_MS, 1)
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 0), buttons=(0, 0, 0))
            pygame.time.set_timer(motion, MOTION_MS)
        flips.append(time.perf_counter())
        real_flip()

    monkeypatch.setattr(pygame.display, "flip", counted_flip)

    def first(app: App) -> TableScene:
        table = new_table(name="X", opponents=2, level="random", seed=seed)
        core = table.handle.core
        for seat in list(core.policies):
            core.policies[seat] = Slow(core.policies[seat])
        app.spawn(table.run)
        return TableScene(app, table)

    try:
        assert run_window(first=first) == 0
    finally:
        pygame.time.set_timer(pygame.MOUSEMOTION, 0)
    # The thoughts wholly within the frames counted (one may still be under way at the end).
    done = [(start, end) for start, end, _ in list(THOUGHTS) if flips[0] < start and end < flips[-1]]
    assert done, f"the computer players thought: {THOUGHTS}"
    assert all(thread is not threading.main_thread() for *_, thread in THOUGHTS), "thinking is off the window's thread"
    drawn = [sum(start < t < end for t in flips) for start, end in done]
    assert all(n >= FRAMES_PER_THOUGHT for n in drawn), f"frames drawn during each thought: {drawn}"

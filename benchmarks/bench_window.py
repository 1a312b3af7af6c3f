"""What the game window costs: CPU of an idle table, and milliseconds per frame while the
dice tumble and a token walks, against a blit-only baseline measured in the same run.

(a) Idle: the real window loop (`run_window`, trio in guest mode) shows a table waiting for
    the person's move; after a warm-up, the process's CPU time over some seconds of wall
    time, as a share of one core. The same with every frame drawn at 60 fps (what the
    window did before it learnt to sleep), for comparison.
(b) Animation: a table scene at 1280×720 and 1920×1080 plays a roll (dice tumbling, then
    the token walking); each frame is timed (update, draw, flip) until the animation is
    over; the baseline is blitting one finished frame of the same size and flipping.

Runs on SDL's dummy video and audio drivers (no screen needed): flips cost nothing there,
so the figures are the window's own work. On a real display add the compositor's share.

    python benchmarks/bench_window.py [--idle-seconds 5]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402
import trio  # noqa: E402

from zemlevlasnyk.ui.app import App, run_window  # noqa: E402
from zemlevlasnyk.ui.scenes.table import TableScene  # noqa: E402
from zemlevlasnyk.ui.screenshot import play_on, warm_table  # noqa: E402

SIZES = ((1280, 720), (1920, 1080))
# Seconds the idle window settles before it is measured.
WARM_UP = 1.0
FRAME = 1 / 60
# Rolls animated per size (frames from all of them are pooled).
ROLLS = 3


def idle_cpu(seconds: float, *, every_frame: bool) -> float:
    """The window's CPU share of one core while a table waits for the person."""
    measured: dict[str, float] = {}
    original = TableScene.next_frame
    if every_frame:
        TableScene.next_frame = lambda self: 0.0  # type: ignore[method-assign]  # the old loop: draw at 60 fps

    def first(app: App) -> TableScene:
        table = warm_table(seed=1, lang="uk")   # stops where the person must decide
        app.spawn(table.run)

        async def probe() -> None:
            await trio.sleep(WARM_UP)
            measured["cpu0"], measured["wall0"] = time.process_time(), time.perf_counter()
            await trio.sleep(seconds)
            measured["cpu1"], measured["wall1"] = time.process_time(), time.perf_counter()
            app.quit()

        app.spawn(probe)
        return TableScene(app, table)

    try:
        run_window(first=first)
    finally:
        TableScene.next_frame = original  # type: ignore[method-assign]
    return (measured["cpu1"] - measured["cpu0"]) / (measured["wall1"] - measured["wall0"])


def animation_frames(size: tuple[int, int]) -> tuple[list[float], list[float]]:
    """(ms per frame while dice and tokens move, ms per blit-only frame), at `size`."""
    pygame.display.init()
    pygame.font.init()
    window = pygame.display.set_mode(size)
    app = App(size, lang="uk", spawn=lambda fn: None)
    table = warm_table(seed=1, lang="uk")
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    app.draw(window)
    frames: list[float] = []
    for _ in range(ROLLS):
        play_on(scene, table, lambda s: s.dice.busy)
        while scene.busy:
            start = time.perf_counter()
            app.update(FRAME)
            app.draw(window)
            pygame.display.flip()
            frames.append((time.perf_counter() - start) * 1000)
    still = window.copy()
    baseline: list[float] = []
    for _ in range(len(frames)):
        start = time.perf_counter()
        window.blit(still, (0, 0))
        pygame.display.flip()
        baseline.append((time.perf_counter() - start) * 1000)
    pygame.display.quit()
    return frames, baseline


def _p95(values: list[float]) -> float:
    return sorted(values)[int(0.95 * (len(values) - 1))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--idle-seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    print(f"idle table, {args.idle_seconds:.0f} s after a {WARM_UP:.0f} s warm-up (share of one core):")
    sleeping = idle_cpu(args.idle_seconds, every_frame=False)
    drawing = idle_cpu(args.idle_seconds, every_frame=True)
    print(f"  drawn only when something changes: {100 * sleeping:5.1f}%")
    print(f"  drawn every frame at 60 fps:       {100 * drawing:5.1f}%  ({drawing / max(sleeping, 1e-9):.0f}x)")
    print(f"dice tumbling and a token walking ({ROLLS} rolls), ms per frame:")
    for size in SIZES:
        frames, baseline = animation_frames(size)
        mean, base = statistics.mean(frames), statistics.mean(baseline)
        print(f"  {size[0]}x{size[1]}: mean {mean:5.2f}, p95 {_p95(frames):5.2f}, max {max(frames):5.2f} "
              f"over {len(frames)} frames; blit-only {base:5.2f} (x{mean / base:.1f}); "
              f"{'fits' if _p95(frames) < 1000 / 60 else 'misses'} 60 fps")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

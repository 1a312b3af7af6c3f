"""What a computer player's thinking costs the window: the gaps between frames while hard
players think, with their thinking on the window's loop (as before issue 25) and in a worker
thread (`p2p.net.driver`, `TableConfig.think_aside`), measured in the same run.

The real window loop (`run_window`, trio in guest mode, SDL's dummy drivers) shows a table
of four hard computer players (the person's seat played by one too, so the game never waits
on a person), from mid-game (`WARM_MOVES` moves played first), at the window's pace. A mouse
moving over the window (a motion event every 16 ms, 60 a second) asks for a frame each time,
as a person's pointer or an animation does. Every frame's flip and every thought's start
and end are timed. The figures: the frames drawn while a thought is under way (per second
of thinking: a blocked loop draws none), and the gaps between consecutive frames, over the
whole run and over those that overlap a thought, and the longest (the time the window could
not answer its person). Two games: the hard players as they are (most of their decisions
take well under a millisecond), and the same with each decision made 200 ms longer by
pure-Python work (issue 25's budget at its 99th percentile; the work holds the interpreter's
lock as thinking does, so the figures include what the window loses to the thread).

    python benchmarks/bench_thinking.py [--seconds 20] [--seed 3] [--longest 5] [--json]

(`--longest N`: the N longest gaps of each run, with the thoughts that overlap each.)
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from dataclasses import replace

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import pygame  # noqa: E402

from zemlevlasnyk.engine import Action, Game  # noqa: E402
from zemlevlasnyk.p2p import Policy, bot_policy  # noqa: E402
from zemlevlasnyk.ui.scenes.table.scene import TableScene  # noqa: E402
from zemlevlasnyk.ui.sessions.vs_computer import new_table  # noqa: E402
from zemlevlasnyk.ui.shell.app import App, run_window  # noqa: E402

SIZE = (1280, 720)
LEVEL = "hard"
# One pointer motion this often: a frame asked for at 60 a second.
MOTION_MS = 16
# Moves played before the window opens: mid-game, where hard players build, mortgage and
# trade (the opening's rolls and purchases are thought over in a fraction of a millisecond).
WARM_MOVES = 300
# The hard players as they are, and with each decision made as slow as issue 25's budget
# allows at its 99th percentile (200 ms), to see a long thought's cost.
SCENARIOS = (("hard", 0.0), ("hard + 200 ms of work a decision", 0.2))

# (start, end) of every thought in perf_counter seconds: module-wide, so that the twins a
# thought in a thread works on (`p2p.core.thinking.fork`) note theirs here too.
SPANS: list[tuple[float, float]] = []


class Timed:
    """A computer player whose every choice is timed, after `work` seconds of pure-Python
    work (holding the interpreter's lock as a thinking bot does); a twin of it is one too."""

    def __init__(self, inner: Policy, work: float) -> None:
        self.inner = inner
        self.work = work

    def fork(self) -> Timed:
        fork = getattr(self.inner, "fork", None)
        return Timed(fork() if fork is not None else self.inner, self.work)

    def choose(self, game: Game, seat: int) -> Action:
        start = time.perf_counter()
        while time.perf_counter() < start + self.work:
            sum(range(200))
        action = self.inner.choose(game, seat)
        SPANS.append((start, time.perf_counter()))
        return action


def run(seconds: float, seed: int, *, aside: bool, work: float, longest: int = 0) -> dict[str, float | int]:
    """The window for `seconds` with four hard players thinking on the loop or aside, each
    decision after `work` seconds of extra work."""
    SPANS.clear()
    flips: list[float] = []
    real_flip = pygame.display.flip

    def counted_flip() -> None:
        if not flips:
            pygame.time.set_timer(pygame.QUIT, round(seconds * 1000), 1)
            pygame.time.set_timer(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 360), rel=(1, 0),
                                                     buttons=(0, 0, 0)), MOTION_MS)
        flips.append(time.perf_counter())
        real_flip()

    def first(app: App) -> TableScene:
        table = new_table(name="Bench", opponents=3, level=LEVEL, seed=seed)
        handle = table.handle
        handle.config = replace(handle.config, think_aside=aside)
        core = handle.core
        core.policies[table.me] = bot_policy(LEVEL, seed, table.me)
        for _ in range(WARM_MOVES):
            if table.game.outcome() is not None:
                break
            handle.step_now()
        table.take_events()   # the warm-up's story is not shown
        for seat in list(core.policies):
            core.policies[seat] = Timed(core.policies[seat], work)
        app.spawn(table.run)
        return TableScene(app, table)

    pygame.display.flip = counted_flip
    try:
        run_window(first=first)
    finally:
        pygame.display.flip = real_flip
    spans = [(s, e) for s, e in SPANS if flips and flips[0] <= s and e <= flips[-1]]
    gaps = [(a, b) for a, b in zip(flips, flips[1:], strict=False)]
    during = [b - a for a, b in gaps if any(s < b and a < e for s, e in spans)]
    every = [b - a for a, b in gaps]
    thoughts = [e - s for s, e in spans]
    if longest:
        for a, b in sorted(gaps, key=lambda g: g[0] - g[1])[:longest]:
            over = [round(1000 * (e - s), 1) for s, e in spans if s < b and a < e]
            print(f"  gap {1000 * (b - a):.1f} ms at {a - flips[0]:.2f} s, thoughts in it (ms): {over}")

    def pct(values: list[float], q: float) -> float:
        return 1000 * statistics.quantiles(values, n=100)[q - 1] if len(values) >= 2 else float("nan")

    # Frames drawn while a thought was under way, per second of thinking: what load cannot
    # fake (a starved process draws fewer frames either way; a blocked loop draws none).
    inside = sum(any(s < t < e for s, e in spans) for t in flips)
    thinking = sum(thoughts)
    return {"frames": len(flips), "thoughts": len(thoughts),
            "frames_per_thinking_second": inside / thinking if thinking else float("nan"),
            "thought_ms_p50": pct(thoughts, 50), "thought_ms_p99": pct(thoughts, 99),
            "gap_ms_p50": pct(every, 50), "gap_ms_p95": pct(every, 95),
            "gap_during_thought_ms_p50": pct(during, 50), "gap_during_thought_ms_p95": pct(during, 95),
            "gap_ms_max": 1000 * max(every, default=float("nan"))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--longest", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as home:
        os.environ["XDG_DATA_HOME"] = home   # the kept games go nowhere that lasts
        os.environ["XDG_CONFIG_HOME"] = home
        results = {name: {mode: run(args.seconds, args.seed, aside=mode == "aside", work=work,
                                          longest=args.longest)
                          for mode in ("on_loop", "aside")}
                   for name, work in SCENARIOS}
    if args.json:
        json.dump(results, sys.stdout, indent=1)
        print()
        return 0
    print(f"{args.seconds:g} s each, {SIZE[0]}x{SIZE[1]}, a frame asked for every {MOTION_MS} ms, "
          f"from move {WARM_MOVES}")
    for name, modes in results.items():
        print(name)
        for mode, r in modes.items():
            print(f"  {mode:>8}: {r['frames']} frames, {r['thoughts']} thoughts (p50 {r['thought_ms_p50']:.1f} ms, "
                  f"p99 {r['thought_ms_p99']:.1f}), {r['frames_per_thinking_second']:.1f} frames a second of "
                  f"thinking; frame gaps p50 {r['gap_ms_p50']:.1f} ms, "
                  f"p95 {r['gap_ms_p95']:.1f}, max {r['gap_ms_max']:.1f}; over a thought p50 "
                  f"{r['gap_during_thought_ms_p50']:.1f}, p95 {r['gap_during_thought_ms_p95']:.1f}")
        ratio = modes["aside"]["gap_ms_max"] / modes["on_loop"]["gap_ms_max"]
        print(f"  longest gap, aside / on the loop: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

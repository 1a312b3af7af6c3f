"""Bot tournaments and decision times: wins per level with Wilson 95% intervals, games at the
cap, and each level's time per decision (mean, median, 99th and 99.9th percentile, max).

    python benchmarks/bench_bots.py --bots hard,medium,medium,medium --games 400
    python benchmarks/bench_bots.py --bots hard,medium,medium,medium --games 100 --load 2

Seats rotate across games (game g seats the list rotated by g), so every level plays every
seat. Each game replays `engine.bots.match.play_match` exactly (same seeds, same bots), with a
clock around each bot decision. Runs on worker processes; prints one summary. `--load N`
keeps N more processes busy (pure Python loops) while the games run, to see the decision
times on a machine whose two cores are both taken (issue 25's budget: a hard decision within
50 ms at the median and 200 ms at the 99th percentile, under such a load).
"""
from __future__ import annotations

import argparse
import multiprocessing
import time
from collections import defaultdict
from typing import Any

from zemlevlasnyk.engine import Entropy, Game, load_rules
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.match import derive_seed
from zemlevlasnyk.ui.cli.simulate import wilson

Job = tuple[str, dict[str, Any], list[str], int, int]
# Issue 25's budget for a decision of the hard player on this machine, under load: a person
# never waits on a bot longer than its moves take to show.
BUDGET_MEDIAN_MS = 50.0
BUDGET_P99_MS = 200.0


def play(job: Job) -> dict[str, Any]:
    preset, options, levels, seed, max_turns = job
    rules = load_rules(preset, options)
    chance = Entropy(derive_seed(seed, "chance"))
    bots = [make_bot(level, derive_seed(seed, f"seat{i}:{level}")) for i, level in enumerate(levels)]
    game = Game.new(rules, len(levels), chance=chance)
    times: dict[str, list[float]] = defaultdict(list)
    actions = 0
    clock = time.perf_counter
    while game.outcome() is None and game.turn <= max_turns:
        decision = game.pending()[0]
        bot = bots[decision.seat]
        t0 = clock()
        action = bot.choose(game, decision.seat)
        times[levels[decision.seat]].append(clock() - t0)
        game.apply(action, chance)
        actions += 1
    out = game.outcome()
    winner = None if out is None or out.winner is None else levels[out.winner]
    return {"winner": winner, "capped": out is None, "turns": game.turn, "actions": actions,
            "times": dict(times)}


def _burn(stop: Any) -> None:
    """Keep one core busy until `stop` is set."""
    n = 0
    while not stop.is_set():
        for _ in range(100_000):
            n += 1


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the (sorted) values lie (nearest rank)."""
    if not values:
        return 0.0
    return values[min(len(values) - 1, int(share * len(values)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--bots", default="hard,medium,medium,medium")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--max-turns", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--preset", default="zemlevlasnyk")
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a house rule (on/off or a number), repeatable")
    ap.add_argument("--load", type=int, default=0, help="busy processes to run alongside")
    args = ap.parse_args()
    options: dict[str, Any] = {}
    for item in args.option:
        name, _, value = item.partition("=")
        options[name] = {"on": True, "off": False}.get(value, int(value) if value.isdigit() else value)
    levels = args.bots.split(",")
    jobs: list[Job] = []
    for g in range(args.games):
        k = g % len(levels)
        seating = levels[k:] + levels[:k]
        jobs.append((args.preset, options, seating, args.seed * 1_000_003 + g, args.max_turns))
    ctx = multiprocessing.get_context("fork")
    stop = ctx.Event()
    burners = [ctx.Process(target=_burn, args=(stop,), daemon=True) for _ in range(args.load)]
    for b in burners:
        b.start()
    t0 = time.time()
    try:
        with ctx.Pool(args.workers) as pool:
            results = pool.map(play, jobs, chunksize=4)
    finally:
        stop.set()
        for b in burners:
            b.join()
    elapsed = time.time() - t0
    wins: dict[str | None, int] = defaultdict(int)
    times: dict[str, list[float]] = defaultdict(list)
    for r in results:
        wins[r["winner"]] += 1
        for k, v in r["times"].items():
            times[k] += v
    n = len(results)
    capped = sum(r["capped"] for r in results)
    print(f"{n} games of {args.bots} (seats rotating), cap {args.max_turns} turns, seed {args.seed}, "
          f"{args.preset}{''.join(f' {k}={v}' for k, v in options.items())}, {elapsed:.0f} s"
          f"{f', {args.load} busy processes alongside' if args.load else ''}")
    for level in dict.fromkeys(levels):
        seats = levels.count(level)
        lo, hi = wilson(wins[level], n)
        print(f"  {level:8s} x{seats}: {wins[level]:4d} wins = {100 * wins[level] / n:5.1f}% "
              f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%; fair share {100 * seats / len(levels):.0f}%)")
    lo, hi = wilson(capped, n)
    drawn = wins[None] - capped
    print(f"  at the cap: {capped} = {100 * capped / n:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
          f"; drawn by agreement: {drawn}")
    turns = sorted(r["turns"] for r in results if not r["capped"])
    if turns:
        print(f"  turns in finished games: median {turns[len(turns) // 2]}, max {turns[-1]}")
    for level in dict.fromkeys(levels):
        ts = sorted(times[level])
        ms = [1000 * percentile(ts, q) for q in (0.5, 0.99, 0.999)]
        print(f"  decision time {level:8s}: mean {1000 * sum(ts) / max(1, len(ts)):.4f} ms, median {ms[0]:.4f}, "
              f"p99 {ms[1]:.3f}, p99.9 {ms[2]:.3f}, max {1000 * (ts[-1] if ts else 0):.1f} ms "
              f"over {len(ts)} decisions")
        if level == "hard" and ts:
            held = ms[0] <= BUDGET_MEDIAN_MS and ms[1] <= BUDGET_P99_MS
            print(f"  hard's budget (median <= {BUDGET_MEDIAN_MS:.0f} ms, p99 <= {BUDGET_P99_MS:.0f} ms): "
                  f"{'held' if held else 'NOT held'} (median {ms[0] / BUDGET_MEDIAN_MS:.4f}x, "
                  f"p99 {ms[1] / BUDGET_P99_MS:.4f}x the budget)")


if __name__ == "__main__":
    main()

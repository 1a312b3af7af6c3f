"""Bot tournaments: wins per level with Wilson 95% intervals, games at the cap, decision times.

    python benchmarks/bench_bots.py --bots hard,medium,medium,medium --games 400

Seats rotate across games (game g seats the list rotated by g), so every level plays every
seat. Each game replays `engine.bots.match.play_match` exactly (same seeds, same bots), with a
clock around each bot decision. Runs on worker processes; prints one summary.
"""
from __future__ import annotations

import argparse
import multiprocessing
import time
from collections import defaultdict

from zemlevlasnyk.engine import Entropy, Game, load_preset  # noqa: E402
from zemlevlasnyk.engine.bots import make_bot  # noqa: E402
from zemlevlasnyk.engine.bots.match import derive_seed  # noqa: E402
from zemlevlasnyk.ui.cmd_simulate import wilson  # noqa: E402


def play(job: tuple[str, list[str], int, int]) -> dict:
    preset, levels, seed, max_turns = job
    rules = load_preset(preset)
    chance = Entropy(derive_seed(seed, "chance"))
    bots = [make_bot(level, derive_seed(seed, f"seat{i}:{level}")) for i, level in enumerate(levels)]
    game = Game.new(rules, len(levels), chance=chance)
    times: dict[str, list[float]] = defaultdict(list)
    actions = 0
    while game.outcome() is None and game.turn <= max_turns:
        decision = game.pending()[0]
        bot = bots[decision.seat]
        t0 = time.perf_counter()
        action = bot.choose(game, decision.seat)
        times[levels[decision.seat]].append(time.perf_counter() - t0)
        game.apply(action, chance)
        actions += 1
    out = game.outcome()
    winner = None if out is None or out.winner is None else levels[out.winner]
    return {"winner": winner, "capped": out is None, "turns": game.turn,
            "actions": actions,
            "time_sum": {k: sum(v) for k, v in times.items()},
            "time_n": {k: len(v) for k, v in times.items()},
            "time_max": {k: max(v) for k, v in times.items()}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="hard,medium,medium,medium")
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--max-turns", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--preset", default="zemlevlasnyk")
    args = ap.parse_args()
    levels = args.bots.split(",")
    jobs = []
    for g in range(args.games):
        k = g % len(levels)
        seating = levels[k:] + levels[:k]
        jobs.append((args.preset, seating, args.seed * 1_000_003 + g, args.max_turns))
    t0 = time.time()
    with multiprocessing.Pool(args.workers) as pool:
        results = pool.map(play, jobs, chunksize=4)
    elapsed = time.time() - t0
    wins: dict[str | None, int] = defaultdict(int)
    tsum: dict[str, float] = defaultdict(float)
    tn: dict[str, int] = defaultdict(int)
    tmax: dict[str, float] = defaultdict(float)
    for r in results:
        wins[r["winner"]] += 1
        for k in r["time_sum"]:
            tsum[k] += r["time_sum"][k]
            tn[k] += r["time_n"][k]
            tmax[k] = max(tmax[k], r["time_max"][k])
    n = len(results)
    capped = sum(r["capped"] for r in results)
    print(f"{n} games of {args.bots} (seats rotating), cap {args.max_turns} turns, "
          f"seed {args.seed}, {elapsed:.0f} s")
    for level in dict.fromkeys(levels):
        seats = levels.count(level)
        lo, hi = wilson(wins[level], n)
        print(f"  {level:7s} x{seats}: {wins[level]:4d} wins = {100 * wins[level] / n:5.1f}% "
              f"(95% CI {100 * lo:.1f}-{100 * hi:.1f}%; fair share {100 * seats / len(levels):.0f}%)")
    lo, hi = wilson(capped, n)
    drawn = wins[None] - capped
    print(f"  at the cap: {capped} = {100 * capped / n:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f}%)"
          f"; drawn by agreement: {drawn}")
    turns = sorted(r["turns"] for r in results if not r["capped"])
    if turns:
        print(f"  turns in finished games: median {turns[len(turns) // 2]}, max {turns[-1]}")
    for level in dict.fromkeys(levels):
        print(f"  decision time {level:7s}: mean {1000 * tsum[level] / max(1, tn[level]):.2f} ms, "
              f"max {1000 * tmax[level]:.1f} ms over {tn[level]} decisions")


if __name__ == "__main__":
    main()

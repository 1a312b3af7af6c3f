"""Engine speed: 4-player games with the `idle` and `random` policies at a 1 000-turn cap.

Prints games/s, actions/s and CPU ms per game, single process, next to a baseline measured
in the same run (a fixed pure-Python workload), so figures from a noisy machine compare.
Run: python benchmarks/bench_engine.py [--games N]
"""
from __future__ import annotations

import argparse
import copy
import statistics
import time

from zemlevlasnyk.engine import Entropy, Game, load_preset  # noqa: E402
from zemlevlasnyk.engine.bots.match import derive_seed, play_match  # noqa: E402

CAP = 1000


def baseline_unit() -> float:
    """CPU seconds for a fixed workload of dict/list churn, the best of five runs."""
    best = float("inf")
    for _ in range(5):
        t = time.process_time()
        out = []
        for i in range(200_000):
            out.append({"type": "paid", "amount": i, "from": None})
        best = min(best, time.process_time() - t)
    return best


def bench_policy(rules, level: str, games: int) -> dict[str, float]:
    per_game = []
    actions = 0
    for seed in range(games):
        t = time.process_time()
        result = play_match(rules, [level] * 4, seed, CAP)
        per_game.append(time.process_time() - t)
        actions += result.actions
    total = sum(per_game)
    return {"games": games, "cpu_s": total, "games_per_s": games / total,
            "actions_per_s": actions / total, "ms_per_game_median": 1000 * statistics.median(per_game),
            "us_per_action": 1e6 * total / actions, "actions_per_game": actions / games}


def bench_apply_only(rules, games: int) -> float:
    """CPU ms per idle game for the engine's `apply` alone: the game's actions are recorded
    once, then replayed on a fresh game (no decision-making, no bookkeeping)."""
    per_game = []
    for seed in range(games):
        actions = []
        play_match(rules, ["idle"] * 4, seed, CAP, observer=lambda g, a, e, actions=actions: actions.append(a))
        chance = Entropy(derive_seed(seed, "chance"))
        game = Game.new(rules, 4, chance=chance)
        t = time.process_time()
        for action in actions:
            game.apply(action, chance)
        per_game.append(time.process_time() - t)
    return 1000 * statistics.median(per_game)


def bench_copy(rules) -> tuple[float, float]:
    result = play_match(rules, ["random"] * 4, 7, 200)
    game: Game = result.game
    n = 20_000
    t = time.process_time()
    for _ in range(n):
        game.copy()
    fast = (time.process_time() - t) / n
    t = time.process_time()
    for _ in range(n // 20):
        copy.deepcopy(game.to_json())
    deep = (time.process_time() - t) / (n // 20)
    return fast, deep


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    rules = load_preset()
    unit = baseline_unit()
    print(f"baseline: {1000 * unit:.1f} ms CPU for 200 000 dict appends")
    for level in ("idle", "random"):
        r = bench_policy(rules, level, args.games if level == "idle" else args.games * 5)
        print(f"{level:>6}: {r['games_per_s']:7.1f} games/s, {r['actions_per_s']:8.0f} actions/s, "
              f"{r['ms_per_game_median']:6.2f} ms CPU per game (median), "
              f"{r['us_per_action']:5.2f} µs per action, {r['actions_per_game']:.0f} actions per game; "
              f"a game = {r['ms_per_game_median'] / (1000 * unit):.2f} baselines")
    print(f"  idle, engine apply() alone: {bench_apply_only(rules, args.games):.2f} ms CPU per "
          f"1 000-turn game (median)")
    fast, deep = bench_copy(rules)
    print(f"  copy: game.copy() {1e6 * fast:.1f} µs vs deepcopy of its JSON {1e6 * deep:.1f} µs "
          f"({deep / fast:.0f}x)")


if __name__ == "__main__":
    main()

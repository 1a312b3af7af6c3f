"""The long hostile-peer run (tests/helpers/hostile.py): whole games with a hostile peer in one seat,
then the same tables over real TCP on 127.0.0.1, with figures.

    python benchmarks/bench_hostile.py --games 5 --rates 200,2000

In memory (virtual time, the host's computer players paced `--pace` apart): per attack mix
and rate, the hostile peer's messages (legal moves among them), how many were refused and
why, how often it was hung up on, the records made and checked against the invariants, the
others' records a virtual second against the same table with an honest player in that seat,
the longest the others ever waited for a record, and how long the table waited on the
hostile seat's own turns and dice. Then over TCP (real time, one process: the attacker's
own work competes with the host's for the CPU): records a second without and with the
hostile peer and its strangers on raw sockets.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

import trio

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from helpers.hostile import ALL, REQUESTS, HostileTable, run_hostile_tcp  # noqa: E402 (the tests' helpers, above)

MIXES = {"requests": REQUESTS, "everything": ALL}


def _memory(games: int, rates: list[float], pace: float) -> None:
    print(f"in memory, {games} games each, computer players {pace} s apart (virtual time)")
    print(f"{'mix':<11} {'rate/s':>7} {'messages':>9} {'legal':>6} {'refused':>8} {'hung up':>8} {'records':>8} "
          f"{'checked':>8} {'others/s':>9} {'honest/s':>9} {'longest':>8} {'held s':>7} {'cpu s':>6}")
    for name, kinds in [*MIXES.items(), ("withhold", REQUESTS)]:
        for rate in rates:
            sent = legal = refused = hung = records = checked = 0
            others = honest_rate = longest = held = 0.0
            cpu = time.process_time()
            codes: Counter[str] = Counter()
            for seed in range(1, games + 1):
                baseline = HostileTable(hostile=False, seed=seed, pace=pace)
                baseline.play(seconds=7200)
                table = HostileTable(rate=rate, seed=seed, pace=pace, kinds=kinds, withhold=name == "withhold")
                table.play(seconds=7200)
                assert table.honest_agree() and table.host.ledger.ended
                tally = table.tally
                sent += sum(tally.sent.values())
                legal += tally.legal
                refused += sum(tally.rejected.values())
                codes.update(tally.rejected)
                hung += sum(tally.closed.values())
                records += table.host.seq + 1
                checked += table.checked
                others += table.pace_of.rate / games
                honest_rate += baseline.pace_of.rate / games
                longest = max(longest, table.pace_of.longest)
                held += table.pace_of.waited / games
            cpu = time.process_time() - cpu
            print(f"{name:<11} {rate:>7.0f} {sent:>9} {legal:>6} {refused:>8} {hung:>8} {records:>8} {checked:>8} "
                  f"{others:>9.1f} {honest_rate:>9.1f} {longest:>8.3f} {held:>7.1f} {cpu:>6.1f}")
            print(f"{'':<11} refusals: {dict(codes.most_common(8))}")


def _tcp(games: int, rate: float) -> None:
    print(f"\nover TCP on 127.0.0.1, {games} games each (real time, one process)")
    print(f"{'table':<28} {'records':>8} {'seconds':>8} {'records/s':>10} {'others/s':>9} {'held s':>7}")
    for hostile in (False, True):
        records = 0
        seconds = others = held = 0.0
        raw: Counter[str] = Counter()
        summary = ""
        for seed in range(1, games + 1):
            run = trio.run(lambda seed=seed, hostile=hostile: run_hostile_tcp(hostile=hostile, seed=seed, rate=rate))
            assert run.finished and run.agree, run.tally.summary()
            records += run.records
            seconds += run.seconds
            others += run.pace.rate / games
            held += run.pace.waited / games
            raw.update(run.raw)
            summary = run.tally.summary()
        label = f"hostile peer at {rate:.0f}/s" if hostile else "four honest seats"
        print(f"{label:<28} {records:>8} {seconds:>8.1f} {records / seconds:>10.1f} {others:>9.1f} {held:>7.1f}")
        if hostile:
            print(f"  last game's hostile peer: {summary}")
            print(f"  strangers: {dict(raw)}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per mix and rate (default 3)")
    parser.add_argument("--rates", default="200,2000", help="the hostile peer's messages a second (default 200,2000)")
    parser.add_argument("--pace", type=float, default=0.05, help="seconds between the host's computer moves")
    parser.add_argument("--tcp-rate", type=float, default=200.0, help="messages a second over TCP (default 200)")
    args = parser.parse_args()
    _memory(args.games, [float(r) for r in args.rates.split(",")], args.pace)
    _tcp(args.games, args.tcp_rate)
    return 0


if __name__ == "__main__":
    sys.exit(main())

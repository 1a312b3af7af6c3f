"""Issue 13's speed targets, each as a ratio against a baseline measured in the same run.

    python benchmarks/speed.py [--rounds 3] [--peer DIR] [--baseline-ref REF | --baseline-tree DIR]

Four parts (`--only bots,lookahead,simulate,startup` picks some):
- bots: turns per second of whole 4-player games with one level in every seat (idle,
  random, easy, medium), for this tree and for the baseline tree, beside the yardstick: the
  peer simulator gamescomputersplay/monopoly when a checkout of it is given (`--peer` or
  $ZEMLEVLASNYK_PEER_SIM; its code is never part of this repository), else the plain-Python
  loop in `plain_monopoly.py`. The output says which one ran.
- lookahead (issue 25): `zemlevlasnyk simulate --bots LEVEL` (one level in every seat, easy,
  medium and hard) turns per second beside the peer simulator's turns per second (a player's
  turn, its extra moves after doubles included), and against the baseline tree: how fast
  the engine plays out futures for a player that looks ahead. Needs the peer (`--peer`).
- simulate: `zemlevlasnyk simulate --bots hard,medium,medium,medium` games per second, this
  tree against the baseline tree, the same seeded games on both.
- startup: wall time of `zemlevlasnyk --help` and `zemlevlasnyk simulate --games 1` against
  a bare interpreter's start (`python -c pass`).

The baseline is the code at `--baseline-ref` (default: the tag the issue was measured at),
unpacked from git into a temporary folder, or a checkout given by `--baseline-tree`. Every
measurement runs in a fresh process (`speed_worker.py`); the rounds interleave all subjects,
and each figure is the median over the rounds, so that load from other work on the machine
falls on all of them alike. Rates are per CPU second of the measuring process.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
WORKER = HERE / "speed_worker.py"
DEFAULT_BASELINE_REF = "baseline-2026-11-30"
PEER_ENV = "ZEMLEVLASNYK_PEER_SIM"
LEVELS = ("idle", "random", "easy", "medium")
SIMULATE_BOTS = "hard,medium,medium,medium"
# Enough games per measurement for about a second of work at today's speeds: short enough
# to repeat, long enough that the per-process set-up is a small part.
GAMES = {"idle": 20, "random": 20, "easy": 60, "medium": 40, "peer": 150, "simulate": 100}
# The look-ahead part runs simulate as a person would, with its default 100 games (the hard
# level, about a fifth as fast as medium, with fewer: still over a second of work).
LOOKAHEAD_GAMES = {"easy": 100, "medium": 100, "hard": 25}
# Issue 25's targets: turns per second against the peer simulator's, per level.
LOOKAHEAD_WANTS = {"easy": 1.0, "medium": 0.5}
STARTUP_RUNS = 15


@dataclass(frozen=True, slots=True)
class Target:
    """A row of the report: `value` (ours) against `base`, the ratio wanted at least `want`
    (or at most, with `at_most`)."""
    metric: str
    value: float
    base: float
    base_name: str
    want: float | None = None
    at_most: bool = False

    @property
    def ratio(self) -> float:
        return self.value / self.base if self.base else float("nan")

    def line(self) -> str:
        verdict = ""
        if self.want is not None:
            ok = self.ratio <= self.want if self.at_most else self.ratio >= self.want
            verdict = f"  target {'<=' if self.at_most else '>='} {self.want:g}x: {'met' if ok else 'NOT MET'}"
        return (f"  {self.metric:44s} {self.value:12,.1f}  vs {self.base_name} {self.base:12,.1f}"
                f"  = {self.ratio:5.2f}x{verdict}")


def worker(*args: str) -> dict[str, Any]:
    proc = subprocess.run([sys.executable, str(WORKER), *args], capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"worker {' '.join(args)} failed:\n{proc.stderr}")
    result: dict[str, Any] = json.loads(proc.stdout.splitlines()[-1])
    return result


def unpack_ref(ref: str, into: Path) -> Path:
    """The files of git revision `ref` of this repository, unpacked under `into`."""
    archive = subprocess.run(["git", "-C", str(TREE), "archive", "--format=tar", ref],
                             capture_output=True)
    if archive.returncode:
        raise SystemExit(f"cannot unpack {ref!r} from git: {archive.stderr.decode().strip()}")
    target = into / "baseline"
    target.mkdir()
    tar_path = into / "baseline.tar"
    tar_path.write_bytes(archive.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(target, filter="data")
    return target


def median_of(samples: list[dict[str, Any]], key: str) -> float:
    """The median rate of `key` per CPU second."""
    return statistics.median(float(s[key]) / float(s["cpu_s"]) for s in samples)


def bots(rounds: int, baseline: Path, peer: Path | None) -> list[Target]:
    yard_name = "peer simulator" if peer is not None else "plain loop"
    yard_args = ["peer", "--path", str(peer)] if peer is not None else ["plain"]
    samples: dict[str, list[dict[str, Any]]] = {}
    for r in range(rounds):
        seed = str(1 + r)
        samples.setdefault("yard", []).append(worker(*yard_args, "--games", str(GAMES["peer"]), "--seed", seed))
        for level in LEVELS:
            for name, tree in (("ours", TREE), ("base", baseline)):
                samples.setdefault(f"{name}:{level}", []).append(worker(
                    "turns", "--tree", str(tree), "--level", level, "--games", str(GAMES[level]),
                    "--seed", seed))
        print(f"  bots: round {r + 1}/{rounds} done", file=sys.stderr)
    yard_turns = median_of(samples["yard"], "turns")
    yard_moves = median_of(samples["yard"], "moves")
    print(f"yardstick: {yard_name}{'' if peer is None else f' at {peer}'}: {yard_turns:,.0f} turns/s, "
          f"{yard_moves:,.0f} moves/s (a double's extra move counted)")
    wants = {"easy": 0.6, "medium": 0.25}
    out = []
    for level in LEVELS:
        ours = median_of(samples[f"ours:{level}"], "turns")
        base = median_of(samples[f"base:{level}"], "turns")
        out.append(Target(f"{level}: turns/s vs the {yard_name}'s moves/s", ours, yard_moves,
                          yard_name, wants.get(level)))
        out.append(Target(f"{level}: turns/s vs its turns/s", ours, yard_turns, yard_name))
        out.append(Target(f"{level}: turns/s vs the baseline", ours, base, "baseline",
                          1.5 if level == "idle" else None))
    return out


def lookahead(rounds: int, baseline: Path, peer: Path | None) -> list[Target]:
    if peer is None:
        raise SystemExit("the lookahead part measures against the peer simulator: give --peer DIR "
                         f"or ${PEER_ENV}")
    samples: dict[str, list[dict[str, Any]]] = {}
    for r in range(rounds):
        seed = str(1 + r)
        samples.setdefault("peer", []).append(worker("peer", "--path", str(peer), "--games",
                                                     str(GAMES["peer"]), "--seed", seed))
        for level, games in LOOKAHEAD_GAMES.items():
            for name, tree in (("ours", TREE), ("base", baseline)):
                samples.setdefault(f"{name}:{level}", []).append(worker(
                    "simulate", "--tree", str(tree), "--bots", level, "--games", str(games), "--seed", seed))
        print(f"  lookahead: round {r + 1}/{rounds} done", file=sys.stderr)
    peer_turns = median_of(samples["peer"], "turns")
    print(f"peer simulator at {peer}: {peer_turns:,.0f} turns/s "
          f"({median_of(samples['peer'], 'moves'):,.0f} moves/s)")
    out = []
    for level in LOOKAHEAD_GAMES:
        ours = median_of(samples[f"ours:{level}"], "turns")
        out.append(Target(f"simulate --bots {level}: turns/s", ours, peer_turns, "peer simulator",
                          LOOKAHEAD_WANTS.get(level)))
        out.append(Target(f"simulate --bots {level}: turns/s vs the baseline", ours,
                          median_of(samples[f"base:{level}"], "turns"), "baseline"))
    return out


def simulate(rounds: int, baseline: Path) -> list[Target]:
    ours: list[dict[str, Any]] = []
    base: list[dict[str, Any]] = []
    for r in range(rounds):
        for tree, into in ((TREE, ours), (baseline, base)):
            into.append(worker("simulate", "--tree", str(tree), "--bots", SIMULATE_BOTS,
                               "--games", str(GAMES["simulate"]), "--seed", str(r)))
        print(f"  simulate: round {r + 1}/{rounds} done", file=sys.stderr)
    return [Target(f"simulate --bots {SIMULATE_BOTS}: games/s", median_of(ours, "games"),
                   median_of(base, "games"), "baseline", 2.5)]


def _wall(cmd: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    return time.perf_counter() - started


def _cli_snippet(tree: Path, argv: list[str]) -> str:
    """Python code that runs the command line of `tree` (either layout) with `argv`."""
    if (tree / "__init__.py").exists():
        load = ("import importlib.util as u; s = u.spec_from_file_location('zemlevlasnyk', "
                f"{str(tree / '__init__.py')!r}, submodule_search_locations=[{str(tree)!r}]); "
                "m = u.module_from_spec(s); sys.modules['zemlevlasnyk'] = m; s.loader.exec_module(m); "
                "from zemlevlasnyk.ui.cli import main; ")
    else:
        load = f"sys.path.insert(0, {str(tree)!r}); from ui.cli import main; "
    return f"import sys; {load}sys.exit(main({argv!r}))"


def startup(baseline: Path) -> list[Target]:
    script = Path(sys.executable).parent / "zemlevlasnyk"
    ours_cmd = [sys.executable, str(script)] if script.exists() else [sys.executable, "-m", "zemlevlasnyk"]
    check = subprocess.run([sys.executable, "-c", "import zemlevlasnyk; print(zemlevlasnyk.__file__)"],
                           capture_output=True, text=True)
    installed = Path(check.stdout.strip()).resolve().parent if check.returncode == 0 else None
    if installed != TREE:
        raise SystemExit(f"start-up measures the installed command: it runs {installed}, not {TREE} "
                         f"(pip install -e {TREE})")
    commands: dict[str, list[str]] = {
        "bare": [sys.executable, "-c", "pass"],
        "help": [*ours_cmd, "--help"],
        "simulate": [*ours_cmd, "simulate", "--games", "1"],
        "base help": [sys.executable, "-c", _cli_snippet(baseline, ["--help"])],
    }
    # As after `pip install`, which compiles the modules: bytecode may be written (a first,
    # untimed run writes it) even where the environment says not to.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for cmd in commands.values():
        _wall(cmd, env)
    times: dict[str, list[float]] = {k: [] for k in commands}
    for _ in range(STARTUP_RUNS):
        for name, cmd in commands.items():
            times[name].append(_wall(cmd, env))
    med = {k: statistics.median(v) for k, v in times.items()}
    ms = {k: 1000 * v for k, v in med.items()}
    print(f"start-up (wall, median of {STARTUP_RUNS}): bare interpreter {ms['bare']:.0f} ms, "
          f"--help {ms['help']:.0f} ms (baseline's --help {ms['base help']:.0f} ms), "
          f"simulate --games 1 {ms['simulate']:.0f} ms")
    return [Target("zemlevlasnyk --help: ms", ms["help"], ms["bare"], "bare python", 4.0, at_most=True),
            Target("zemlevlasnyk simulate --games 1: ms", ms["simulate"], ms["bare"], "bare python", 3.0,
                   at_most=True),
            Target("baseline's --help: ms", ms["base help"], ms["bare"], "bare python")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="measurements of each subject (median taken)")
    parser.add_argument("--peer", type=Path, default=os.environ.get(PEER_ENV) or None,
                        help=f"a checkout of gamescomputersplay/monopoly (default ${PEER_ENV})")
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--baseline-ref", default=DEFAULT_BASELINE_REF, help="git revision of the baseline")
    group.add_argument("--baseline-tree", type=Path, help="a checkout to use as the baseline instead")
    parser.add_argument("--only", help="comma-separated parts to run: bots, lookahead, simulate, startup "
                                       "(default all; lookahead only with the peer)")
    parser.add_argument("--json", type=Path, help="also write the rows as JSON here")
    args = parser.parse_args()
    peer: Path | None = args.peer
    parts = set(args.only.split(",")) if args.only else {"bots", "simulate", "startup"} | (
        {"lookahead"} if peer is not None else set())
    unknown = parts - {"bots", "lookahead", "simulate", "startup"}
    if unknown:
        raise SystemExit(f"--only: no part named {', '.join(sorted(unknown))}")
    if peer is not None and not (peer / "monopoly" / "core" / "game.py").exists():
        raise SystemExit(f"{peer} is not a checkout of gamescomputersplay/monopoly")
    scratch = Path(tempfile.mkdtemp(prefix="zemlevlasnyk-speed-"))
    try:
        baseline = args.baseline_tree.resolve() if args.baseline_tree else unpack_ref(args.baseline_ref, scratch)
        label = str(args.baseline_tree) if args.baseline_tree else args.baseline_ref
        print(f"this tree: {TREE}; baseline: {label}; {args.rounds} rounds, medians")
        rows: list[Target] = []
        if "bots" in parts:
            rows += bots(args.rounds, baseline, peer)
        if "lookahead" in parts:
            rows += lookahead(args.rounds, baseline, peer)
        if "simulate" in parts:
            rows += simulate(args.rounds, baseline)
        if "startup" in parts:
            rows += startup(baseline)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for row in rows:
        print(row.line())
    if args.json:
        args.json.write_text(json.dumps([{"metric": r.metric, "ours": r.value, "baseline": r.base,
                                          "baseline_name": r.base_name, "ratio": r.ratio, "target": r.want,
                                          "at_most": r.at_most} for r in rows], indent=1))


if __name__ == "__main__":
    main()

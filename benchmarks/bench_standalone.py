"""What the standalone program (tools/build_standalone.py) costs against the installed game:
start-up time and the folder's size (issue 23: within 2x the installed command's time, under
80 MB).

    python benchmarks/bench_standalone.py [--rounds 15] [--program dist/zemlevlasnyk/zemlevlasnyk]

Run it with the interpreter of an environment where the game is installed: its `zemlevlasnyk`
script is the installed command measured. Each round runs every subject once, in turn, so
that load from other work on this shared machine falls on both alike; each figure is the
median over the rounds (wall time of the whole process, from its start to its exit), after
one untimed run of each (bytecode written, files in the page cache):
- `--help`: the command line's start, the parser and its help;
- the first drawn menu: `screenshot menu`, which starts pygame (SDL's dummy video driver,
  no screen needed), loads the fonts and the catalogue, builds the main menu, draws its first
  frame and writes it to a PNG: what the window does before its first frame, and the frame;
- `simulate --games 1`: a headless command that does some work (the engine, a bot).
The folder's size is the sum of its files' sizes.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_PROGRAM = ROOT / "dist" / "zemlevlasnyk" / ("zemlevlasnyk.exe" if os.name == "nt" else "zemlevlasnyk")
# Issue 23's targets.
MAX_RATIO = 2.0
MAX_MEGABYTES = 80


def installed_command() -> list[str]:
    """The installed `zemlevlasnyk` script of the environment this runs in."""
    here = Path(sys.executable).parent
    for name in ("zemlevlasnyk", "zemlevlasnyk.exe"):
        if (here / name).exists():
            return [str(here / name)]
    found = shutil.which("zemlevlasnyk")
    if found is None:
        raise SystemExit("no installed zemlevlasnyk command beside this interpreter or on PATH (pip install .)")
    return [found]


def wall(cmd: list[str], env: dict[str, str]) -> float:
    started = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    return time.perf_counter() - started


def folder_megabytes(folder: Path) -> float:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink()) / 1e6


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15, help="runs of each subject (median taken)")
    parser.add_argument("--program", type=Path, default=DEFAULT_PROGRAM, help="the built program")
    args = parser.parse_args(argv)
    program: Path = args.program.resolve()
    if not program.exists():
        raise SystemExit(f"no standalone program at {program}: build it with python tools/build_standalone.py")
    installed = installed_command()
    with tempfile.TemporaryDirectory(prefix="bench-standalone-") as scratch:
        # A data folder of its own (the first run writes the logs' folder) and an English,
        # headless environment; nothing here touches the network.
        env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANGUAGE"))}
        env.update(XDG_DATA_HOME=scratch, LANG="en_GB.UTF-8", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   ZEMLEVLASNYK_INTERFACES="127.0.0.1")
        png = str(Path(scratch) / "menu.png")
        tasks = {"--help": ["--help"], "first drawn menu": ["screenshot", "menu", "--out", png],
                 "simulate --games 1": ["simulate", "--games", "1"]}
        subjects = {"installed": installed, "standalone": [str(program)]}
        for cmd in subjects.values():
            for task in tasks.values():
                wall([*cmd, *task], env)
        times: dict[tuple[str, str], list[float]] = {(s, t): [] for s in subjects for t in tasks}
        for _ in range(args.rounds):
            for task_name, task in tasks.items():
                for subject, cmd in subjects.items():
                    times[(subject, task_name)].append(wall([*cmd, *task], env))
    load = f", load average {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    print(f"installed: {' '.join(installed)}\nstandalone: {program}\n"
          f"wall time, median of {args.rounds} interleaved runs{load}:")
    met = True
    for task_name in tasks:
        ours = statistics.median(times[("standalone", task_name)])
        base = statistics.median(times[("installed", task_name)])
        ratio = ours / base
        verdict = ""
        if task_name != "simulate --games 1":
            ok = ratio <= MAX_RATIO
            met = met and ok
            verdict = f"  target <= {MAX_RATIO:g}x: {'met' if ok else 'NOT MET'}"
        print(f"  {task_name:20s} standalone {1000 * ours:7.1f} ms  installed {1000 * base:7.1f} ms"
              f"  = {ratio:4.2f}x{verdict}")
    megabytes = folder_megabytes(program.parent)
    size_ok = megabytes < MAX_MEGABYTES
    print(f"  folder {program.parent}: {megabytes:.1f} MB  target < {MAX_MEGABYTES} MB: "
          f"{'met' if size_ok else 'NOT MET'}")
    return 0 if met and size_ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

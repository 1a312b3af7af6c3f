"""The long fuzzing run: tests/p2p/core/test_fuzz.py's properties with many more examples.

    python benchmarks/fuzz_long.py --examples 20000

The tests run each property a few hundred times with a fixed seed; this runs them with
fresh random seeds and as many examples as asked, then prints each property's figures
(examples, seconds) and whether it held. Exit status 1 if any property failed.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=5000, help="examples per property (default 5000)")
    parser.add_argument("-k", default="", help="only the properties whose names match (pytest -k)")
    args = parser.parse_args()
    env = {**os.environ, "ZEMLEVLASNYK_FUZZ_EXAMPLES": str(args.examples)}
    listed = subprocess.run([sys.executable, "-m", "pytest", "-q", "--collect-only", "tests/p2p/core/test_fuzz.py",
                             *(["-k", args.k] if args.k else [])],
                            cwd=REPO, env=env, capture_output=True, text=True, check=False)
    tests = [line for line in listed.stdout.splitlines() if "::" in line]
    failed = 0
    print(f"{'property':<60} {'examples':>9} {'seconds':>8}  result")
    for test in tests:
        start = time.perf_counter()
        run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test],
                             cwd=REPO, env=env, capture_output=True, text=True, check=False)
        seconds = time.perf_counter() - start
        ok = run.returncode == 0
        failed += not ok
        print(f"{test.split('::')[-1]:<60} {args.examples:>9} {seconds:>8.1f}  {'held' if ok else 'FAILED'}",
              flush=True)
        if not ok:
            print(run.stdout[-4000:])
    print(f"{len(tests) - failed} of {len(tests)} properties held")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Run `mypy --strict` on the source tree as the package it installs as.

The top-level folders install as `zemlevlasnyk.engine`, `zemlevlasnyk.p2p`, ... (see
pyproject.toml), so the tree has no `zemlevlasnyk/` folder for mypy to find. This script
builds one out of symlinks in `.mypy_tree/`, runs mypy on it with the project's settings,
and prints the findings with the repository's own paths.

    python .ci/typecheck.py                 # the whole package
    python .ci/typecheck.py engine p2p/core/host.py   # just these folders or files
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TREE = ROOT / ".mypy_tree"
PACKAGE = TREE / "zemlevlasnyk"
PARTS = ("engine", "p2p", "ui", "assets", "__init__.py", "__main__.py", "py.typed")


def build_tree() -> None:
    PACKAGE.mkdir(parents=True, exist_ok=True)
    for name in PARTS:
        link = PACKAGE / name
        if not link.is_symlink():
            link.symlink_to(ROOT / name)


def main(argv: list[str]) -> int:
    build_tree()
    targets = [str(PACKAGE / Path(a).resolve().relative_to(ROOT)) for a in argv] or ["-p", "zemlevlasnyk"]
    proc = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"), *targets],
        cwd=TREE, capture_output=True, text=True)
    out = proc.stdout + proc.stderr
    prefix = "zemlevlasnyk/"
    lines = [line[len(prefix):] if line.startswith(prefix) else line for line in out.splitlines()]
    print("\n".join(lines))
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

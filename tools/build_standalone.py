"""Build the game as a standalone program for this machine's OS: a folder
`dist/zemlevlasnyk/` holding the executable `zemlevlasnyk` (`zemlevlasnyk.exe` on Windows),
the interpreter, the game's code and data (fonts, sounds, the icon, the text catalogues, the
rulesets) and its dependencies. A friend copies the folder and starts the executable; no
Python is needed on their machine.

    python tools/build_standalone.py [--dist DIR] [--fresh]

Any Python 3.11+ runs it (the one the program is built from: its version and OS are the
program's). What it does, so that nothing of the environment it runs in leaks in:
1. a clean copy of the source tree is made into a wheel (a tree's stale `build/` would
   otherwise ship modules that no longer exist);
2. a build environment of its own (`build/standalone/venv-...`, kept between builds; `--fresh`
   makes it anew) gets that wheel with the `[build]` extra, as a user's `pip install` would,
   so the program carries exactly the package data a wheel carries and the installed
   metadata (`--version` reads it);
3. PyInstaller freezes `zemlevlasnyk.ui.cli:run` (tools/standalone_entry.py) in one-folder
   mode, by the recipe tools/zemlevlasnyk.spec, which takes every choice from the constants
   below;
4. the folder is copied to `dist/zemlevlasnyk/` without symbolic links (`place`), and checked:
   it must answer `--version` with the wheel's version, and its size is printed against the
   80 MB it must stay under (over it, the command fails).

PyInstaller, because it is the well-kept freezer that builds for Linux, Windows and macOS from
one set of options, has hooks for pygame (shipped by pygame-ce itself), cffi and zeroconf's
compiled modules, and makes a folder that starts as fast as the installed command
(docs/STANDALONE.md says what else was weighed, and what was tried on which OS).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "zemlevlasnyk"
ENTRY = ROOT / "tools" / "standalone_entry.py"
ICON = ROOT / "assets" / "images" / "icon.png"
WORK = ROOT / "build" / "standalone"
# The size the folder must stay under (issue 23): a USB stick or a shared folder, not a download.
MAX_MEGABYTES = 80
# What a source tree holds that is not the package (as tests/house/test_packaging.py copies it).
NOT_SOURCE = shutil.ignore_patterns(".venv*", "build", "dist", "*.egg-info", ".git", "__pycache__",
                                    ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache", ".mypy_tree",
                                    "out")
# Modules the game never uses that a static look at its dependencies could pull in: pygame-ce
# imports numpy (surfarray, sndarray) and Pillow where they are installed, and the rest are the
# interpreter's own large optional parts. Left out explicitly, so that a build environment that
# happens to hold them still makes the same small program.
EXCLUDED = ("numpy", "PIL", "tkinter", "_tkinter", "matplotlib", "scipy", "pandas", "IPython", "pytest",
            "hypothesis", "mypy", "setuptools", "pkg_resources", "pip", "lib2to3", "pydoc_data", "idlelib",
            "ensurepip", "test", "unittest", "pygame.examples", "pygame.tests", "pygame.docs")
# Submodules PyInstaller cannot find by reading imports: the game's own (the command line imports
# each command by module name) and zeroconf's compiled (Cython) modules, which import one
# another from C.
ALL_SUBMODULES_OF = (NAME, "zeroconf")
# PyNaCl's binding is a cffi module: it loads `_cffi_backend` from C at import.
HIDDEN_IMPORTS = ("_cffi_backend",)
# PyInstaller's runtime hooks that run at every start and that the game does without, each a
# part of the start-up time (issue 23: within 2x the installed command's): `inspect`'s
# (imports inspect and zipfile, about 15 ms, to find the source files of frozen modules,
# which nothing here asks for), `multiprocessing`'s (imports multiprocessing, about 7 ms; the
# entry does its work, only in the processes that need it: tools/standalone_entry.py).
DROPPED_RUNTIME_HOOKS = ("pyi_rth_inspect", "pyi_rth_multiprocessing")
# The interpreter and the libraries carry their debugging symbols (pyenv's libpython is 23 MB
# with them, 5.6 MB without): unstripped, the folder would be about 88 MB, over the target.
# Not on Windows, where PyInstaller advises against it.
STRIP = sys.platform != "win32"
SPEC = ROOT / "tools" / f"{NAME}.spec"


def executable_icon() -> str | None:
    """The executable's own icon (Explorer, Finder): PyInstaller makes the .ico / .icns from the
    PNG with Pillow, which the [build] extra brings on those systems. An ELF file has no icon:
    on Linux the window sets its own from the same PNG."""
    return str(ICON) if sys.platform in ("win32", "darwin") else None


class BuildError(Exception):
    """A step failed: the message says which and why (no traceback)."""


def venv_python(env: Path) -> Path:
    return env / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def run_step(what: str, cmd: list[str], *, cwd: Path | None = None,
             env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    print(f"build_standalone: {what}", flush=True)
    done = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8",
                          errors="replace")
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-25:])
        raise BuildError(f"{what} failed (exit {done.returncode}):\n{tail}")
    return done


def build_wheel(into: Path) -> Path:
    """The game's wheel, made from a clean copy of the source tree."""
    src = into / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    wheels = into / "wheel"
    run_step("making the game's wheel from a clean copy of the tree",
             [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels), str(src)])
    (wheel,) = wheels.glob(f"{NAME}-*.whl")
    return wheel


def build_env(fresh: bool) -> Path:
    """The build environment, made once per interpreter version and OS."""
    tag = f"venv-{sys.platform}-py{sys.version_info[0]}.{sys.version_info[1]}"
    env = WORK / tag
    if fresh and env.exists():
        shutil.rmtree(env)
    if not venv_python(env).exists():
        run_step(f"making the build environment {env.relative_to(ROOT)}", [sys.executable, "-m", "venv", str(env)])
    return env


def install(env: Path, wheel: Path) -> None:
    python = str(venv_python(env))
    # Out first: a wheel of the same version would count as installed and not replace it.
    run_step("removing the game from the build environment", [python, "-m", "pip", "uninstall", "-y", "-q", NAME])
    run_step("installing the game and PyInstaller into it ([build] extra)",
             [python, "-m", "pip", "install", "-q", f"{wheel}[build]"])


def freeze(env: Path) -> Path:
    """PyInstaller's one-folder program, in the work folder."""
    staging = WORK / "frozen"
    # From the work folder: from the repository, the interpreter would find the tree's own
    # `zemlevlasnyk.egg-info` (left by an install) before the wheel's metadata.
    run_step("freezing with PyInstaller (tools/zemlevlasnyk.spec)",
             [str(venv_python(env)), "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
              "--distpath", str(staging), "--workpath", str(WORK / "pyinstaller"), str(SPEC)], cwd=WORK)
    return staging / NAME


def place(frozen: Path, folder: Path) -> Path:
    """The program copied to `folder` with every symbolic link replaced by what it points to,
    and its executable. PyInstaller links the libraries that pygame-ce's wheel keeps in
    `pygame_ce.libs/` into the folder's top (on Linux and macOS); a FAT or exFAT USB stick holds
    no links, and a friend's copy would lack them. The copies cost about 13 MB."""
    if folder.exists():
        shutil.rmtree(folder)
    print(f"build_standalone: copying the program to {folder}", flush=True)
    shutil.copytree(frozen, folder, symlinks=False)
    return folder / (f"{NAME}.exe" if os.name == "nt" else NAME)


def folder_size(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def check(program: Path, wheel: Path) -> None:
    """The program runs without this interpreter and says the wheel's version."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = run_step("checking the program runs", [str(program), "--version"], env=env)
    version = wheel.name.split("-")[1]
    if done.stdout.strip() != f"{NAME} {version}":
        raise BuildError(f"the program says {done.stdout.strip()!r}, not {NAME} {version}")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help=f"folder to put {NAME}/ in (default: dist/ of the repository)")
    parser.add_argument("--fresh", action="store_true", help="make the build environment anew")
    args = parser.parse_args(argv)
    dist: Path = args.dist.resolve()
    try:
        WORK.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(prefix="wheel-", dir=WORK) as scratch:
            wheel = build_wheel(Path(scratch))
            env = build_env(args.fresh)
            install(env, wheel)
            frozen = freeze(env)
            program = place(frozen, dist / NAME)
            check(program, wheel)
    except (BuildError, OSError) as exc:
        print(f"build_standalone: {exc}", file=sys.stderr)
        return 1
    megabytes = folder_size(dist / NAME) / 1e6
    verdict = "under" if megabytes < MAX_MEGABYTES else "OVER"
    print(f"build_standalone: built {dist / NAME} ({megabytes:.1f} MB, {verdict} {MAX_MEGABYTES} MB); "
          f"a friend starts {program}")
    return 0 if megabytes < MAX_MEGABYTES else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

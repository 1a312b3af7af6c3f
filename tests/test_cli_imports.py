"""Headless commands start without the window or the network: `--help`, `--version` and
`simulate` never import pygame, trio, zeroconf or PyNaCl (each of those costs more to
import than the whole headless command needs). Checked in a fresh interpreter, on `sys.modules`."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from zemlevlasnyk.ui.cli import COMMANDS, main

HEAVY = ("pygame", "trio", "zeroconf", "nacl")

# Runs the command line in-process and reports which of HEAVY it imported.
PROBE = """
import json, sys
from zemlevlasnyk.ui.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
heavy = sorted({m.split('.')[0] for m in sys.modules} & set(HEAVY))
print(json.dumps({"code": code, "heavy": heavy}))
""".replace("HEAVY", repr(HEAVY))


def _heavy_modules(args: list[str], data: Path) -> list[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": str(data)}
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120,
                          env=env)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.splitlines()[-1])
    assert report["code"] in (0, None), proc.stdout + proc.stderr
    heavy: list[str] = report["heavy"]
    return heavy


@pytest.mark.parametrize("args", [
    ["--help"],
    ["--version"],
    ["simulate", "--help"],
    ["simulate", "--games", "1", "--bots", "medium", "--max-turns", "40"],
    ["simulate", "--games", "2", "--bots", "easy,random", "--max-turns", "40", "--log", "-"],
])
def test_headless_commands_do_not_import_the_window_or_the_network(args: list[str], tmp_path: Path) -> None:
    if "-" in args:
        args = [str(tmp_path / "games.log") if a == "-" else a for a in args]
    assert _heavy_modules(args, tmp_path) == []


def test_the_probe_sees_a_command_that_needs_the_window(tmp_path: Path) -> None:
    """The check above can fail: `screenshot` renders with pygame, and the probe sees it."""
    assert "pygame" in _heavy_modules(["screenshot", "menu", "--out", str(tmp_path / "menu.png"),
                                       "--size", "640x400"], tmp_path)


@pytest.mark.parametrize("command", [c.name for c in COMMANDS if importlib.util.find_spec(c.module)])
def test_every_command_answers_its_own_help(command: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([command, "--help"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: zemlevlasnyk {command} ")

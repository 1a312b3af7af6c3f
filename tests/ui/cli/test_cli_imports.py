"""Headless commands start without the window or the network: `--help`, `--version` and
`simulate` never import pygame, trio, zeroconf or PyNaCl (each of those costs more to
import than the whole headless command needs). `simulate` leaves out the profiles and the
window's settings too (it reads only the language), `dataclasses` (with `inspect`, about
9 ms), and the thinking bots' module when no thinking bot plays: issue 13 wants it within 3x
a bare interpreter's start. Checked in a fresh interpreter, on `sys.modules`."""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from zemlevlasnyk.p2p.store.profiles import load_or_create
from zemlevlasnyk.ui.cli import COMMANDS, main

HEAVY = ("pygame", "trio", "zeroconf", "nacl")
# Besides HEAVY, what a game of random players never imports.
SIMULATE_LEAVES_OUT = ("zemlevlasnyk.p2p.core.identity", "zemlevlasnyk.ui.shell.settings", "dataclasses", "inspect",
                       "zemlevlasnyk.engine.bots.heuristic")

# Runs the command line in-process and reports the modules it imported.
PROBE = """
import json, sys
from zemlevlasnyk.ui.cli import main
try:
    code = main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def _imported(args: list[str], data: Path) -> set[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "XDG_DATA_HOME": str(data)}
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120,
                          env=env)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout.splitlines()[-1])
    assert report["code"] in (0, None), proc.stdout + proc.stderr
    return set(report["modules"])


def _heavy_modules(args: list[str], data: Path) -> list[str]:
    return sorted({m.split(".")[0] for m in _imported(args, data)} & set(HEAVY))


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


@pytest.mark.parametrize("saved", ["a profile", "a profile and settings"])
def test_simulate_leaves_out_the_profiles_settings_and_dataclasses(saved: str, tmp_path: Path) -> None:
    """Whatever the data folder holds: the window's first-run settings take the name from a
    default profile, whose key needs PyNaCl; `simulate` reads the language alone."""
    load_or_create("default", name="Оксана", folder=tmp_path / "zemlevlasnyk")
    if saved == "a profile and settings":
        (tmp_path / "zemlevlasnyk" / "settings.json").write_text('{"format": 1, "lang": "uk", "volume": 40}')
    imported = _imported(["simulate", "--games", "1", "--max-turns", "40"], tmp_path)
    assert not {m.split(".")[0] for m in imported} & set(HEAVY)
    assert not imported & set(SIMULATE_LEAVES_OUT)


def test_the_probe_sees_the_thinking_bots_and_the_profiles(tmp_path: Path) -> None:
    """The check above can fail: a thinking bot's game imports its module, and `games`
    (which lists the saved games of a profile) the profiles, with dataclasses."""
    assert "zemlevlasnyk.engine.bots.heuristic" in _imported(
        ["simulate", "--games", "1", "--bots", "easy", "--max-turns", "5"], tmp_path)
    assert {"zemlevlasnyk.p2p.core.identity", "dataclasses", "inspect"} \
        <= _imported(["games", "--lang", "en"], tmp_path)


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

"""`zemlevlasnyk rules` and the `--rules`/`--option` flags of `play` and `host`: the presets
and options listed with their defaults and meaning in either language, a wrong name or value
a one-line message naming the valid ones (exit 2), never a traceback."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from zemlevlasnyk.engine import option_specs, preset_names
from zemlevlasnyk.ui.cmd_rules import describe
from zemlevlasnyk.ui.ruleset_text import option_name

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "zemlevlasnyk", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_rules_command_lists_presets_and_options(lang: str) -> None:
    text = describe(lang)
    for preset in preset_names():
        assert f"  {preset} " in text
        for spec in option_specs(preset):
            assert option_name(spec, lang) in text
    klasyka = describe(lang, "klasyka")
    line = next(row for row in klasyka.splitlines() if row.strip().startswith("building_limits"))
    assert "on/off" in line and " on " in line                 # Класика limits buildings by default
    line = next(row for row in klasyka.splitlines() if row.strip().startswith("start_cash"))
    assert "1500" in line


def test_rules_command_runs_and_refuses_an_unknown_preset() -> None:
    proc = run("rules", "--lang", "en")
    assert proc.returncode == 0 and "klasyka" in proc.stdout and "turn_cap" in proc.stdout
    proc = run("rules", "--lang", "en", "--rules", "monopoly")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == ("zemlevlasnyk rules: --rules monopoly: no such rule preset; "
                                   "presets: klasyka, zemlevlasnyk")


@pytest.mark.parametrize("command", [["play", "--lang", "en"], ["host", "--no-mdns", "--bind", "127.0.0.1"]])
def test_rules_flags_of_play_and_host_refuse_a_bad_option(command: list[str], tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "zemlevlasnyk", *command, "--rules", "klasyka", "--option",
                           "auctions=sometimes"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy",
                               "ZEMLEVLASNYK_INTERFACES": "127.0.0.1"})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "auctions=sometimes" in proc.stderr and "on/off" in proc.stderr and proc.stderr.count("\n") == 1

"""`zemlevlasnyk rules` and the `--rules`/`--option` flags of `play` and `host`: the presets
and options listed with their defaults and meaning in either language, a wrong name or value
a one-line message naming the valid ones (exit 2), never a traceback."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers.paths import REPO

from zemlevlasnyk.engine import option_specs, preset_names
from zemlevlasnyk.ui.cli.rules import describe
from zemlevlasnyk.ui.words.ruleset import option_name

ROOT = REPO


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
                                   "presets: kazka, klasyka, yarmarok, zemlevlasnyk")


@pytest.mark.parametrize("command", [["play", "--lang", "en"], ["host", "--no-mdns", "--bind", "127.0.0.1"]])
def test_rules_flags_of_play_and_host_refuse_a_bad_option(command: list[str], tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "zemlevlasnyk", *command, "--rules", "klasyka", "--option",
                           "auctions=sometimes"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy",
                               "ZEMLEVLASNYK_INTERFACES": "127.0.0.1"})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "auctions=sometimes" in proc.stderr and "on/off" in proc.stderr and proc.stderr.count("\n") == 1


@pytest.mark.parametrize("lang, why", [("en", "no free corner to collect a pot"),
                                       ("uk", "немає вільного кута для скарбнички")])
def test_rules_command_names_the_options_a_preset_refuses_and_why(lang: str, why: str) -> None:
    """«Ярмарок» has no free corner and no mortgages: `rules` lists those options as not for
    it, with the reason in the reader's language, and its own `plates` choice."""
    text = describe(lang, "yarmarok")
    line = next(row for row in text.splitlines() if row.strip().startswith("pot"))
    assert why in line
    assert any(row.strip().startswith("mortgage_fee") for row in text.splitlines())
    line = next(row for row in text.splitlines() if row.strip().startswith("plates"))
    assert "beginner/none/loyal/aggressive  beginner " in line, "the values column widens to hold them"


@pytest.mark.parametrize("command", [["play", "--lang", "en"], ["host", "--no-mdns", "--bind", "127.0.0.1"]])
def test_rules_flags_of_play_and_host_refuse_an_option_the_preset_refuses(command: list[str], tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "zemlevlasnyk", *command, "--rules", "yarmarok", "--option",
                           "mortgage_fee=on"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={"XDG_DATA_HOME": str(tmp_path), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy",
                               "ZEMLEVLASNYK_INTERFACES": "127.0.0.1", "LANGUAGE": "en"})
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "--option mortgage_fee: not for The Fair: there are no mortgages here" in proc.stderr
    assert proc.stderr.count("\n") == 1


def test_rules_flag_quick_is_the_quick_game_and_an_option_still_changes_it() -> None:
    import argparse

    from zemlevlasnyk.engine.options import QUICK_GAME
    from zemlevlasnyk.ui.cli.rules_args import add_rules_arguments, rules_from_args
    parser = argparse.ArgumentParser()
    add_rules_arguments(parser, "en")
    assert rules_from_args(parser.parse_args(["--quick"]), "en").options == QUICK_GAME
    changed = rules_from_args(parser.parse_args(["--quick", "--option", "time_limit=90", "--rules", "klasyka"]), "en")
    assert changed.preset == "klasyka" and changed.options == {**QUICK_GAME, "time_limit": 90}
    assert rules_from_args(parser.parse_args([]), "en").options == {}
    for lang in ("uk", "en"):
        assert "speed_die=on, deal_deeds=2, time_limit=45" in describe(lang).splitlines()[-2]

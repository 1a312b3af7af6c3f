"""The window's commands: screenshots headless at the asked size, a clear message (not a
traceback) without a display or with bad arguments; the text catalogues match."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import helpers.ui  # noqa: F401  (sets SDL drivers before pygame loads)
import pygame
import pytest

from zemlevlasnyk.ui.cli import main

CLI = [sys.executable, "-m", "zemlevlasnyk"]


@pytest.mark.parametrize("scene,size", [("menu", (1024, 640)), ("setup", (1280, 800)), ("table", (1024, 640)),
                                        ("deed", (1280, 800)), ("trade", (1280, 800)), ("results", (1100, 700))])
def test_ui_screenshot_writes_png_of_the_size(tmp_path, scene, size, capsys) -> None:
    out = tmp_path / f"{scene}.png"
    assert main(["screenshot", scene, "--out", str(out), "--size", f"{size[0]}x{size[1]}", "--seed", "3"]) == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == size
    # Not blank: a real scene has many colours.
    colours = {tuple(image.get_at((x, y))) for x in range(0, size[0], 37) for y in range(0, size[1], 29)}
    assert len(colours) > 5


def test_ui_screenshot_english(tmp_path) -> None:
    out = tmp_path / "menu.png"
    assert main(["screenshot", "menu", "--out", str(out), "--lang", "en"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)


@pytest.mark.parametrize("args,words", [
    (["screenshot", "menu", "--out", "x.png", "--size", "huge"], "WIDTHxHEIGHT"),
    (["screenshot", "menu", "--out", "x.png", "--size", "10x10"], "pixels"),
    (["screenshot", "menu", "--out", "x.jpg"], ".png"),
    (["screenshot", "menu", "--out", "/no/such/folder/x.png"], "does not exist"),
    (["play", "--opponents", "5"], "choose 1, 2 or 3"),
    (["play", "--level", "grandmaster"], "no such computer level"),
])
def test_ui_bad_arguments_give_a_message(args, words, capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err


def _run_without_display(args: list[str], tmp_path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER", "LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    env = {"LANG": "C.UTF-8", "XDG_DATA_HOME": str(tmp_path / "data"), **env}
    return subprocess.run(CLI + args, env={**clean, **env}, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("args", [[], ["play"], ["play", "--opponents", "1", "--lang", "en"]])
def test_ui_no_display_says_so(args, tmp_path) -> None:
    proc = _run_without_display(args, tmp_path)
    assert proc.returncode == 2
    assert "no display" in proc.stderr and "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("args", [["--lang", "uk"], ["play", "--lang", "uk"]])
def test_ui_no_display_says_so_in_the_language_asked(args, tmp_path) -> None:
    proc = _run_without_display(args, tmp_path)
    assert proc.returncode == 2 and "немає екрана" in proc.stderr


def test_ui_no_display_says_so_in_the_system_language(tmp_path) -> None:
    proc = _run_without_display([], tmp_path, LANG="uk_UA.UTF-8")
    assert proc.returncode == 2
    assert "немає екрана" in proc.stderr and "no display" not in proc.stderr


def test_ui_unusable_video_driver_says_so(tmp_path) -> None:
    proc = _run_without_display([], tmp_path, SDL_VIDEODRIVER="no-such-driver")
    assert proc.returncode == 2
    assert "no display" in proc.stderr and "Traceback" not in proc.stderr
    assert "no-such-driver" not in proc.stderr, "SDL's own words go to the log"
    log = (tmp_path / "data" / "zemlevlasnyk" / "logs" / "window.log").read_text("utf-8")
    assert "no display" in log


def test_ui_help_lists_the_window_commands(capsys) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert re.search(r"\bplay\b", out) and "screenshot" in out


@pytest.mark.parametrize("args", [["play", "--seed", "-1"], ["screenshot", "menu", "--out", "x.png", "--seed", "x"],
                                  ["play", "--seed", str(2**70)]])
def test_ui_bad_seed_is_refused_by_the_parser(args, capsys, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with pytest.raises(SystemExit) as exit_info:
        main(args)
    assert exit_info.value.code == 2
    assert "--seed" in capsys.readouterr().err

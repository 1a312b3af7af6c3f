"""The command line's way into the window (issue 19, friction 9 and 11): `zemlevlasnyk --lang
uk play` opened in the saved language (the command's own `--lang`, not typed, hid the one
typed before it), and `play` on a new profile skipped the welcome that asks for the name
and the grammatical gender. The real window, driven by real pygame events."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from helpers.ui import init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.scenes.settings import SettingsScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings, load_settings, save_settings


@pytest.fixture
def profile_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path / "zemlevlasnyk"


@pytest.mark.parametrize("argv", [["--lang", "uk", "play"], ["play", "--lang", "uk"], ["--lang=uk", "play"],
                                  ["--lang", "uk", "replay", "missing.zvl"]])
def test_cmd_a_window_opens_in_the_language_typed(argv: list[str], profile_home: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings say English; `--lang uk`, before or after the command's name, opens
    the window in Ukrainian."""
    import zemlevlasnyk.ui.shell.app as app
    from zemlevlasnyk.ui.cli import main
    save_settings(Settings(lang="en", name="Ann", gender=Gender.FEMININE), profile_home)
    opened: list[str | None] = []
    monkeypatch.setattr(app, "run_window", lambda *, lang=None, first=None, interfaces=None: opened.append(lang) or 0)
    code = main(argv)
    if "replay" in argv:
        assert code != 0 and opened == []
    else:
        assert code == 0 and opened == ["uk"]
    opened.clear()
    assert main(["play"]) == 0 and opened == [None], "not typed: the saved language"


def test_ui_play_on_a_new_profile_welcomes_first_then_plays(profile_home: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """A new profile: `play` opens the welcome over the menu; its answers kept, the game
    asked for starts, with the name given."""
    from zemlevlasnyk.ui.shell.app import run_window
    init_pygame()
    went: list[object] = []
    top: list[object] = []
    go = App.go
    quit_ = App.quit

    def record_go(self: App, to: nav.Nav) -> None:
        went.append(to)
        go(self, to)

    def record_quit(self: App) -> None:
        top.append(self.top)
        quit_(self)

    monkeypatch.setattr(App, "go", record_go)
    monkeypatch.setattr(App, "quit", record_quit)
    first = nav.PlayComputer(None, 1, "idle", seed=1)
    # The person clicks the welcome's name field, types a name, and closes the welcome
    # (Esc: the wording that needs none), as real events queued once the welcome is laid
    # out (where its field is).
    laid = SettingsScene.layout
    queued: list[bool] = []

    def queue_the_person(self: SettingsScene, size: tuple[int, int]) -> None:
        laid(self, size)
        if self.welcome and not queued:
            queued.append(True)
            field = self.name.rect.center
            for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=field, button=1),
                          pygame.event.Event(pygame.MOUSEBUTTONUP, pos=field, button=1),
                          pygame.event.Event(pygame.TEXTINPUT, text="Оксана"),
                          pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0)):
                pygame.event.post(event)
    monkeypatch.setattr(SettingsScene, "layout", queue_the_person)
    pygame.time.set_timer(pygame.QUIT, 1500, 1)
    assert run_window(first=first) == 0
    assert went[:2] == [nav.Menu(), nav.Settings(welcome=True, then=first)]
    assert queued and first in went[2:]
    [shown] = top
    assert isinstance(shown, TableScene)
    kept = load_settings(profile_home).settings
    assert kept.name == "Оксана" and kept.gender is Gender.NEUTRAL
    assert shown.names[shown.me] == "Оксана"

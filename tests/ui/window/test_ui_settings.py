"""The window's settings: kept between runs in private files, the first run following the
system's locale, every change taking effect at once (a new language relabels everything,
mid-game included), full screen on F11 and Alt+Enter (which never rolls the dice), and
`--lang` on the bare command and `play`."""
from __future__ import annotations

import json
import re
import stat
from pathlib import Path

import pygame
import pytest
import trio
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.p2p.store.profiles import load_or_create
from zemlevlasnyk.ui.kit.widgets import DrawnText, record_text
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.settings import INTRO_GAP, SettingsScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings, load_settings, save_settings, system_language
from zemlevlasnyk.ui.words.text import ui_words

CYRILLIC = re.compile(r"[А-Яа-яІіЇїЄєҐґ]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@pytest.mark.parametrize("env,lang", [
    ({"LANG": "uk_UA.UTF-8"}, "uk"), ({"LC_ALL": "uk_UA.UTF-8", "LANG": "en_GB.UTF-8"}, "uk"),
    ({"LANGUAGE": "uk:en", "LANG": "C.UTF-8"}, "uk"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"), ({}, "en"), ({"LC_MESSAGES": "uk", "LANG": "fr_FR"}, "uk"),
])
def test_settings_first_run_follows_the_system_locale(env: dict[str, str], lang: str) -> None:
    assert system_language(env) == lang


def test_settings_are_kept_privately(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    first = load_settings(folder, environ={"LANG": "uk_UA.UTF-8"})
    assert first.first_run and first.problem is None and first.settings == Settings(lang="uk")
    chosen = Settings(lang="en", name="Оксана", colour="green", gender=Gender.FEMININE, sound=False, volume=30,
                      fullscreen=True, clock=False)
    save_settings(chosen, folder)
    again = load_settings(folder, environ={"LANG": "uk_UA.UTF-8"})
    assert again.settings == chosen and not again.first_run
    path = folder / "settings.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    profile = load_or_create("default", folder=folder)
    assert (profile.name, profile.colour) == ("Оксана", "green"), "host and join see the same name and colour"


@pytest.mark.parametrize("content", ["{", "[]", '{"format": 1, "volume": true}', '{"format": 1, "lang": "de"}',
                                     '{"format": 1, "gender": "q"}', '{"format": 99}'])
def test_settings_unreadable_file_gives_the_defaults(tmp_path: Path, content: str) -> None:
    (tmp_path / "settings.json").write_text(content, "utf-8")
    loaded = load_settings(tmp_path, environ={"LANG": "en_US"})
    assert loaded.settings == Settings(lang="en") and loaded.problem is not None and not loaded.first_run


def test_settings_first_run_takes_the_name_of_an_older_profile(tmp_path: Path) -> None:
    load_or_create("default", name="Тарас", colour="blue", folder=tmp_path)
    loaded = load_settings(tmp_path, environ={"LANG": "uk_UA"})
    assert loaded.first_run and (loaded.settings.name, loaded.settings.colour) == ("Тарас", "blue")


def _app(nursery: trio.Nursery, surface: pygame.Surface, lang: str, saved: list[Settings]) -> tuple[App, Driver]:
    app = App(surface.get_size(), settings=Settings(lang=lang, gender=Gender.FEMININE), spawn=nursery.start_soon,
              save=saved.append)
    return app, Driver(app, surface)


async def _open_settings(app: App, drive: Driver, button: object) -> SettingsScene:
    drive.click_button(button)   # type: ignore[arg-type]
    await drive.frames()
    dialog = app.top
    assert isinstance(dialog, SettingsScene)
    return dialog


async def test_settings_from_the_menu_apply_at_once_and_are_kept(autojump_clock) -> None:
    surface = init_pygame()
    saved: list[Settings] = []
    async with trio.open_nursery() as nursery:
        app, drive = _app(nursery, surface, "uk", saved)
        menu = MenuScene(app)
        app.push(menu)
        await drive.frames()
        dialog = await _open_settings(app, drive, next(b for b in menu.buttons if b.intent == "settings"))
        drive.click_button(next(b for b in dialog.languages if b.intent == ("lang", "en")))
        await drive.frames()
        assert app.lang == "en" and saved[-1].lang == "en"
        assert [b.label for b in menu.buttons][0] == ui_words("en")["menu_play_computer"]
        assert dialog.done.label == "Done"
        drive.click(dialog.name.rect.center)
        drive.type_text("Ярина")
        drive.click_button(next(b for b in dialog.sound if b.intent == ("sound", False)))
        drive.click(dialog.swatches[2][1].center)
        drive.click(dialog.volume.minus.center)
        drive.click_button(next(b for b in dialog.clock if b.intent == ("clock", False)))
        await drive.frames()
        assert saved[-1] == Settings(lang="en", name="Ярина", colour=dialog.swatches[2][0], gender=Gender.FEMININE,
                                     sound=False, volume=60, clock=False)
        drive.click_button(dialog.done)
        await drive.frames()
        assert app.top is menu
        nursery.cancel_scope.cancel()


async def test_settings_welcome_asks_once(autojump_clock) -> None:
    surface = init_pygame()
    saved: list[Settings] = []
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), settings=Settings(lang="uk"), spawn=nursery.start_soon, save=saved.append)
        drive = Driver(app, surface)
        app.push(MenuScene(app))
        app.go(nav.Settings(welcome=True))
        await drive.frames()
        dialog = app.top
        assert isinstance(dialog, SettingsScene) and dialog.welcome
        drive.key(pygame.K_ESCAPE)
        await drive.frames()
        assert isinstance(app.top, MenuScene)
        assert saved[-1].gender is Gender.NEUTRAL, "closing without choosing is an answer: never asked again"
        nursery.cancel_scope.cancel()


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)])
def test_settings_welcome_greeting_stands_apart_from_the_first_row(lang: str, size: tuple[int, int]) -> None:
    """The greeting's last line is a paragraph's gap above the first row, not a line's: at
    1024x640 its second line sat 6 px above the «Мова» row's buttons and read as their
    caption (seen on a screenshot)."""
    surface = init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda *args: None)
    dialog = SettingsScene(app, welcome=True)
    dialog.layout(size)
    with record_text() as drawn:
        dialog.draw(surface)
    greeting = [d.rect for d in drawn if d.text in dialog.intro]
    assert greeting, "the welcome greets"
    first_row = min(b.rect.top for b in dialog.languages)
    assert first_row - max(r.bottom for r in greeting) >= dialog.sizes.px(INTRO_GAP), (greeting, first_row)


def _words(drawn: list[DrawnText]) -> list[str]:
    return [d.text for d in drawn]


def _everything_drawn(app: App, scene: TableScene, surface: pygame.Surface) -> list[str]:
    """Every text of a frame, the board's too (painted once and kept as an image)."""
    with record_text() as drawn:
        scene.board_key = None
        scene.layout(scene.size)
        app.draw(surface)
    return _words(drawn)


async def _until_my_turn(table, scene: TableScene, drive: Driver) -> None:
    for _ in range(600):
        await drive.frames(draw=False)
        if scene.seen != table.records or scene.playback.walks.busy:
            continue
        mine = [d for d in table.game.pending() if d.seat == table.me]
        if mine and mine[0].kind == "turn":
            return
        if mine:
            table.act(table.game.safe_action(table.me))
    raise AssertionError("the person's turn never came")


async def test_settings_language_switched_mid_game_changes_every_text(autojump_clock) -> None:
    surface = init_pygame()
    saved: list[Settings] = []
    async with trio.open_nursery() as nursery:
        app, drive = _app(nursery, surface, "uk", saved)
        table = new_table(name="Maria", opponents=2, level="easy", seed=7)
        nursery.start_soon(table.run)
        scene = TableScene(app, table)
        app.push(scene)
        await _until_my_turn(table, scene, drive)
        before = _everything_drawn(app, scene, surface)
        latin = [w for w in before if LATIN_WORD.search(w.replace("Maria", ""))]
        assert latin == [], "no English in the Ukrainian window"
        dialog = await _open_settings(app, drive, scene.settings_button)
        drive.click_button(next(b for b in dialog.languages if b.intent == ("lang", "en")))
        await drive.frames()
        drive.click_button(dialog.done)
        await drive.frames()
        assert app.top is scene
        after = _everything_drawn(app, scene, surface)
        ukrainian = [w for w in after if CYRILLIC.search(w)]
        assert ukrainian == [], "every text changed to English"
        assert len(after) > 100 and scene.feed_texts() and all(not CYRILLIC.search(t) for t in scene.feed_texts())
        nursery.cancel_scope.cancel()


def _alt_enter() -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, unicode="\r", mod=pygame.KMOD_LALT,
                                         scancode=0))


async def test_settings_alt_enter_switches_full_screen_and_never_rolls(autojump_clock) -> None:
    surface = init_pygame()
    switched: list[bool] = []
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), settings=Settings(lang="uk", gender=Gender.MASCULINE), spawn=nursery.start_soon,
                  fullscreen=switched.append)
        drive = Driver(app, surface)
        table = new_table(name="Тест", opponents=2, level="easy", seed=5)
        nursery.start_soon(table.run)
        scene = TableScene(app, table)
        app.push(scene)
        await _until_my_turn(table, scene, drive)
        before = table.records
        _alt_enter()
        await drive.frames(3)
        assert table.records == before, "Alt+Enter rolled the dice"
        assert app.settings.fullscreen and switched == [True]
        drive.key(pygame.K_F11)
        await drive.frames()
        assert not app.settings.fullscreen and switched == [True, False] and table.records == before
        drive.key(pygame.K_RETURN, "\r")        # a plain Enter still rolls
        await drive.frames()
        assert table.records > before
        nursery.cancel_scope.cancel()


def test_settings_file_is_json_with_a_format(tmp_path: Path) -> None:
    save_settings(Settings(lang="uk"), tmp_path)
    data = json.loads((tmp_path / "settings.json").read_text("utf-8"))
    assert data["format"] == 1 and data["lang"] == "uk" and data["gender"] is None


@pytest.mark.parametrize("screen,size", [(None, (1280, 800)), ((1920, 1080), (1280, 800)), ((1366, 768), (1105, 691)),
                                         ((1024, 600), (864, 540)), ((800, 480), (800, 500))])
def test_settings_window_opens_at_a_size_the_screen_holds(screen, size) -> None:
    from zemlevlasnyk.ui.shell.display import first_size
    assert first_size(screen) == size


def test_settings_window_never_shrinks_below_the_minimum() -> None:
    """Without a window manager nothing keeps the minimum size hint: the window undoes it."""
    from zemlevlasnyk.ui.shell.display import MIN_SIZE, keep_minimum
    init_pygame()
    pygame.display.set_mode((1280, 800), pygame.RESIZABLE)
    assert keep_minimum((640, 400)) == MIN_SIZE
    pygame.event.pump()
    assert pygame.display.get_surface().get_size() == MIN_SIZE
    assert keep_minimum((1000, 700)) == (1000, 700)


SWITCHED_SCENES = ["menu", "setup", "settings", "welcome", "rules", "friends", "lobby", "lobby_joiner", "table",
                   "deed", "trade", "results", "connection", "offline"]


@pytest.mark.parametrize("name", SWITCHED_SCENES)
def test_settings_language_switch_relabels_every_scene(name: str, tmp_path: Path, monkeypatch) -> None:
    """Ukrainian to English with the scene open: no Ukrainian word stays, but for names
    people and tables were given (the sample names, which are data, not words)."""
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.shots.render import build_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    size = (1280, 800)
    init_pygame(size)
    app = App(size, settings=Settings(lang="uk"), spawn=lambda fn: None, interfaces=["127.0.0.1"])
    build_scene(app, name, 1)
    app.change_settings(Settings(lang="en"))
    samples = ui_words("uk")["samples"]
    given = [samples["name"], *samples["friends"], *samples["chat"], *(n for pair in samples["tables"] for n in pair),
             ui_words("uk")["settings"]["languages"]["uk"]]   # each language named in itself
    initials = {n[0] for n in given}    # tokens carry their players' initials
    with auditing() as audit:
        for scene in app.scenes:
            if isinstance(scene, TableScene):
                scene.board_key = None
                scene.layout(scene.size)
        app.draw(pygame.Surface(size))
    left = [t.text for t in audit.texts if CYRILLIC.search(t.text) and t.text not in initials
            and not any(g in t.text for g in given)]
    assert left == []


def test_settings_first_run_welcomes_and_keeps_the_answer(tmp_path: Path, monkeypatch) -> None:
    """The real window on a first run: the welcome opens over the menu; closing it (Esc)
    answers the gender question with the wording that needs none, and the settings are
    kept, in the system's language; the next run does not ask again."""
    from zemlevlasnyk.ui.shell.app import run_window
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    init_pygame()
    esc = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, unicode="", mod=0, scancode=0)
    pygame.time.set_timer(esc, 300, 1)
    pygame.time.set_timer(pygame.QUIT, 700, 1)
    assert run_window() == 0
    saved = json.loads((tmp_path / "zemlevlasnyk" / "settings.json").read_text("utf-8"))
    assert saved["lang"] == "uk" and saved["gender"] == "x"
    assert load_settings(tmp_path / "zemlevlasnyk").settings.gender is Gender.NEUTRAL

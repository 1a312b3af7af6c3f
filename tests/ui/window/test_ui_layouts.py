"""The menu, setup, settings, friends, lobby and unfinished games scenes at every window
size from the smallest allowed (800×500) to 4K, in both languages: no text leaves its box or the
window, no text lies on another, nothing is drawn smaller than readable, and a larger
window gets larger text."""
from __future__ import annotations

import pygame
import pytest
from helpers.sessions import Joined
from helpers.ui import cut_short, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.text_audit import TextAudit, auditing
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.scenes.friends import TABLE_ROW
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings
from zemlevlasnyk.ui.shots.render import WINDOW_SCENES, build_scene

SIZES = [(800, 500), (1024, 640), (1280, 800), (1920, 1080), (2560, 1440)]
LANGS = ["uk", "en"]


def _scene(app: App, name: str) -> Scene:
    from zemlevlasnyk.ui.shots.friends import friends_scene, lobby_scene
    if name == "friends":
        return friends_scene(app, 3)
    if name == "lobby_host":
        return lobby_scene(app, 3)
    if name in ("games", "menu_continue", "table_gone"):
        return build_scene(app, name, 1)
    app.push(MenuScene(app))
    if name == "setup":
        app.go(nav.Setup())
    elif name == "settings":
        app.go(nav.Settings())
    elif name == "rules":
        app.go(nav.Setup())
        choice = app.top.rules  # type: ignore[attr-defined]
        choice.choose_preset("klasyka")
        choice.options.update(auctions=False, start_cash=2000)
        app.go(nav.Rules(choice))
    elif name == "welcome":
        app.go(nav.Settings(welcome=True))
    elif name == "lobby_joiner":
        app.push(LobbyScene(app, Joined()))  # type: ignore[arg-type]
    app.top.update(0.0)
    return app.top


def _audit(name: str, size: tuple[int, int], lang: str) -> TextAudit:
    surface = pygame.Surface(size)
    app = App(size, settings=Settings(lang=lang, name="Максиміліан Вишневецький", gender=Gender.MASCULINE),
              spawn=lambda fn: None, interfaces=["127.0.0.1"])
    _scene(app, name)
    with auditing() as audit:
        app.draw(surface)
    return audit


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["menu", "setup", "settings", "welcome", "rules", "friends", "lobby_host",
                                  "lobby_joiner", "games", "menu_continue", "table_gone"])
def test_ui_layouts_hold_at_every_size(name: str, size: tuple[int, int], lang: str, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    audit = _audit(name, size, lang)
    assert len(audit.texts) > 5
    assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == []
    assert [(a.text, b.text) for a, b in audit.overlapping()] == []
    assert cut_short(audit.texts, lang) == []
    assert min(t.size for t in audit.texts) >= theme.MIN_TEXT


@pytest.mark.parametrize("name", ["menu", "settings", "lobby_host"])
def test_ui_layouts_larger_windows_get_larger_text(name: str, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame()
    sizes = [max(t.size for t in _audit(name, size, "uk").texts) for size in ((1024, 640), (1280, 800), (1920, 1080))]
    assert sizes[0] < sizes[1] < sizes[2]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", WINDOW_SCENES)
def test_ui_layouts_screenshot_scenes_fit(name: str, size: tuple[int, int], lang: str, tmp_path, monkeypatch) -> None:
    """The screenshots of the settings, the rules, a joiner's lobby and a troubled table."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None, interfaces=["127.0.0.1"])
    build_scene(app, name, 1)
    with auditing() as audit:
        app.draw(pygame.Surface(size))
    assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == []
    assert [(a.text, b.text) for a, b in audit.overlapping()] == []
    assert cut_short(audit.texts, lang) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [(800, 500), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["table", "deed", "trade", "offer", "auction", "debt", "results", "resumed"])
def test_ui_layouts_the_table_at_the_smallest_and_a_large_window(name: str, size: tuple[int, int], lang: str,
                                                                 tmp_path, monkeypatch) -> None:
    """The game itself at the smallest window allowed and at full HD (the window helper's
    tests cover 1024×640 to 1920×1080): every text in its box, none on another."""
    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None)
    build_scene(app, name, 1)
    with auditing() as audit:
        for scene in app.scenes:
            if isinstance(scene, TableScene):
                scene.board_key = None       # the board is painted once and kept: paint it inside the audit
                scene.layout(size)
        app.draw(pygame.Surface(size))
    assert len(audit.texts) > 20
    assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == []
    assert [(a.text, b.text) for a, b in audit.overlapping()] == []
    assert cut_short(audit.texts, lang) == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui_layouts_invite_link_stays_above_the_rules_row(size: tuple[int, int], lang: str, tmp_path,
                                                          monkeypatch) -> None:
    """The host's lobby: the invite link, however many lines it takes (four at 800×500), ends
    above the rules line and its «Change…» button, which ran into it."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None, interfaces=["127.0.0.1"])
    scene = _scene(app, "lobby_host")
    link = scene.session.invite.to_link()  # type: ignore[attr-defined]
    with auditing() as audit:
        app.draw(pygame.Surface(size))
    pieces = [t for t in audit.texts if t.text and t.text in link]
    assert "".join(t.text for t in pieces) == link
    rules = scene.change_rules.rect  # type: ignore[attr-defined]
    assert max(t.box.bottom for t in pieces if t.box is not None) <= rules.top
    assert rules.bottom <= scene.right.bottom  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui_layouts_friends_note_under_open_a_table_is_whole(size: tuple[int, int], lang: str, tmp_path,
                                                             monkeypatch) -> None:
    """The note under «open a table» is drawn whole, above the link's label: at 800×500 it
    was cut to two lines and its last word («посилання», «link.») was never drawn."""
    from zemlevlasnyk.ui.scenes.friends import FriendsScene
    from zemlevlasnyk.ui.words.text import ui_words
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    surface = pygame.Surface(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None, interfaces=["127.0.0.1"])
    scene = _scene(app, "friends")
    assert isinstance(scene, FriendsScene)
    with auditing() as audit:
        app.draw(surface)
    label = next(t for t in audit.texts if t.text == ui_words(lang)["friends"]["link"])
    top = scene.change_rules.rect.bottom
    column = scene.name.rect
    lines = [t for t in audit.texts if t.rect.top >= top and t.rect.bottom <= label.rect.top
             and column.left <= t.rect.left and t.rect.right <= column.right]
    drawn = "".join(t.text.removesuffix("-") for t in lines).replace(" ", "")
    assert drawn == ui_words(lang)["friends"]["host_note"].replace(" ", "")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["settings", "welcome"])
def test_ui_layouts_settings_choices_of_a_row_share_one_size(name: str, size: tuple[int, int], lang: str, tmp_path,
                                                             monkeypatch) -> None:
    """The choices of one settings row are labelled at one text size, each whole: at 800×500
    «чоловічий рід» was drawn smaller than «жіночий рід» and «не вказувати» beside it."""
    from zemlevlasnyk.ui.scenes.settings import SettingsScene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None, interfaces=["127.0.0.1"])
    scene = _scene(app, name)
    assert isinstance(scene, SettingsScene)
    with auditing() as audit:
        app.draw(pygame.Surface(size))
    for row in scene._choices():
        drawn = [next(t for t in audit.texts if t.text == b.label and b.rect.contains(t.rect)) for b in row]
        assert len({t.size for t in drawn}) == 1, [(t.text, t.size) for t in drawn]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui_layouts_tables_nearby_name_their_rules(size: tuple[int, int], lang: str, tmp_path, monkeypatch) -> None:
    """Each table nearby names the rule preset it advertises (issue 11: a table advertises
    its preset over mDNS), whole, in its row: the list said nothing of Класика before."""
    from zemlevlasnyk.ui.scenes.friends import FriendsScene
    from zemlevlasnyk.ui.words.ruleset import preset_name
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None, interfaces=["127.0.0.1"])
    scene = _scene(app, "friends")
    assert isinstance(scene, FriendsScene)
    with auditing() as audit:
        app.draw(pygame.Surface(size))
    shown = [b.intent for b in scene.rows]
    assert {t.preset for t in shown} == {"klasyka", "zemlevlasnyk"}
    step = scene.sizes.px(TABLE_ROW)
    for n, table in enumerate(shown):
        row = pygame.Rect(scene.list_area.left, scene.list_area.top + n * step, scene.list_area.width, step)
        words = [t.text for t in audit.texts if row.contains(t.rect)]
        assert any(w.endswith(" · " + preset_name(table.preset, lang)) for w in words), words
    assert cut_short(audit.texts, lang) == []

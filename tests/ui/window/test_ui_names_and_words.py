"""Names and words that misled (issue 19, friction 10), driven by real pygame events where
the window shows them: the English welcome said "Welcome to Zemlevlasnyk!" under the title
LANDLORD; two players whose names start alike shared a token letter; a Фортуна card's «вам»
in the feed addressed the reader, not the player who drew it."""
from __future__ import annotations

import pygame
import pytest
from helpers.ui import Driver, drawn_texts, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import load_preset
from zemlevlasnyk.engine.events import CardDrawn
from zemlevlasnyk.ui.kit.text_audit import auditing
from zemlevlasnyk.ui.kit.widgets import record_text
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.seats import token_marks
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.words.narrate import narrate
from zemlevlasnyk.ui.words.ruleset import preset_name
from zemlevlasnyk.ui.words.text import ui_words

PRESETS = ("zemlevlasnyk", "klasyka", "kazka", "yarmarok")


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_ui_the_welcome_names_the_game_as_its_title_does(lang: str) -> None:
    surface = init_pygame((1024, 640))
    app = App(surface.get_size(), settings=Settings(lang=lang), spawn=lambda fn: None, save=lambda s: None)
    app.push(MenuScene(app))
    app.go(nav.Settings(welcome=True))
    t = ui_words(lang)
    shown = drawn_texts(app, surface)
    welcome = t["settings"]["welcome_title"]
    assert welcome in shown and t["title"].lower() in welcome.lower()
    assert "Zemlevlasnyk" not in welcome


def test_ui_token_marks_tell_alike_names_apart() -> None:
    assert token_marks(["Марія", "Богдан", "Олена", "Тарас"]) == ["М", "Б", "О", "Т"]
    assert token_marks(["Марія", "Микола", "Олена"]) == ["Ма", "Ми", "О"]
    assert token_marks(["Оля", "Олена", "Богдан"]) == ["О1", "О2", "Б"]
    assert token_marks(["Гравець", "Гравець", "Гравець 2", "Ann"]) == ["Г1", "Г2", "Г3", "A"]
    assert token_marks(["", " ann", "Ann"]) == ["?", "A1", "A2"]


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
async def test_ui_tokens_of_alike_names_differ_on_the_board(size: tuple[int, int], autojump_clock) -> None:
    """«Оля» plays «Олена» and «Богдан» (the computer players' names): three tokens, three
    marks, each inside its token; a click on the board still opens a deed."""
    surface = init_pygame(size)
    app = App(size, settings=Settings(lang="uk"), spawn=lambda fn: None, save=lambda s: None)
    drive = Driver(app, surface)
    table = new_table(name="Оля", opponents=2, level="idle", seed=1)
    scene = TableScene(app, table)
    app.push(scene)
    await drive.frames()
    assert "Оля" in scene.names and "Олена" in scene.names
    marks = scene.marks
    assert len(set(marks)) == len(marks) == 3
    with auditing() as audit:
        app.draw(surface)
    drawn = [d for d in audit.texts if d.text in marks]
    assert sorted(d.text for d in drawn) == sorted(marks)
    assert [d.text for d in drawn if d.box is None or not d.fits()] == []
    drive.click(scene.geo.places[1].rect.center)
    await drive.frames()
    assert scene.selected == 1


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_a_drawn_cards_words_are_quoted_as_the_cards(lang: str, autojump_clock) -> None:
    """The card speaks to whoever drew it: its words in quotes, in the feed as the window
    shows it; quotes inside them the inner kind."""
    rules = load_preset("zemlevlasnyk")
    names = ["Марія", "Тарас"] if lang == "uk" else ["Maria", "Taras"]
    line = narrate(rules, CardDrawn(1, "birthday"), lang, names)
    assert line == {"uk": "Тарас тягне картку Фортуни: «День народження: кожен гравець платить вам 1\u00a0000.»",
                    "en": "Taras draws a Fortune card: “Birthday: every other player pays you 1\u00a0000.”"}[lang]
    kazka = load_preset("kazka")
    inner = next(c.id for c in kazka.cards if "«" in (c.text.get("uk") or ""))
    told = str(narrate(kazka, CardDrawn(1, inner), "uk", names))
    assert told.count("«") == 2 and "„" in told and told.endswith("»"), told
    surface = init_pygame((1024, 640))
    app = App(surface.get_size(), settings=Settings(lang=lang), spawn=lambda fn: None, save=lambda s: None)
    drive = Driver(app, surface)
    table = new_table(name=names[0], opponents=1, level="idle", seed=1)
    scene = TableScene(app, table)
    app.push(scene)
    scene.feed.add(CardDrawn(1, "birthday"), 1)
    await drive.frames()
    assert str(narrate(rules, CardDrawn(1, "birthday"), lang, scene.names)) in " ".join(scene.feed_texts())
    pygame.display.quit()




@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_the_board_centre_names_the_preset_played(lang: str, autojump_clock) -> None:
    """The board's centre carries the name of the game on it, as a boxed game's board does:
    «КАЗКА» on a «Казка» table, not the product's name on every preset."""
    surface = init_pygame((1920, 1080))   # a board with a centre title (a small one has a strip)
    for preset in PRESETS:
        app = App(surface.get_size(), settings=Settings(lang=lang), spawn=lambda fn: None, save=lambda s: None)
        drive = Driver(app, surface)
        scene = TableScene(app, new_table(name="Оля", opponents=1, level="idle", seed=1, rules=load_preset(preset)))
        app.push(scene)
        with record_text() as drawn:
            await drive.frames()
        shown = {d.text for d in drawn}
        titles = {p: preset_name(p, lang).upper() for p in PRESETS}
        assert titles[preset] in shown, (preset, titles[preset])
        assert not shown & (set(titles.values()) - {titles[preset]}), preset
    pygame.display.quit()

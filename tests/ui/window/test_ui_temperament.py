"""Each computer player's temperament, chosen per seat before the game: in the setup against
the computer (a button an opponent, turned by a click) and in a friends table's lobby (the
temperament the next computer player is seated with), written into the start record and shown
beside the level."""
from __future__ import annotations

from pathlib import Path

import pytest
import trio
from helpers.friends import SEEN_SECONDS, hosting
from helpers.p2p import body
from helpers.ui import Driver, init_pygame, open_app  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.kit.widgets import record_text
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.setup import SetupScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.seats import level_words
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.words.text import ui_words


async def test_ui_setup_each_opponents_temperament_is_chosen_and_written_into_the_start_record(
        autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface)
        app.push(MenuScene(app))
        await drive.frames()
        drive.click_button(app.top.buttons[0])
        await drive.frames()
        setup = app.top
        assert isinstance(setup, SetupScene)
        drive.click_button(setup.count_buttons[1])
        await drive.frames()
        assert [b.enabled for b in setup.temperament_buttons] == [True, True, False]
        first, second = setup.temperament_buttons[:2]
        drive.click_button(first)             # balanced -> bold
        await drive.frames()
        drive.click_button(setup.temperament_buttons[0])   # bold -> cautious (round again)
        await drive.frames()
        drive.click_button(setup.temperament_buttons[1])   # balanced -> bold
        await drive.frames()
        assert setup.temperaments[:2] == ["cautious", "bold"]
        drive.click_button(setup.start)
        await drive.frames(2)
        table = app.top
        assert isinstance(table, TableScene)
        bots = [p for p in table.table.players if p.bot is not None]
        assert [p.temperament for p in bots] == ["cautious", "bold"]
        start = body(table.table.handle.core.records[0])
        assert [p.get("temperament") for p in start["setup"]["players"]] == [None, "cautious", "bold"]
        nursery.cancel_scope.cancel()


def test_ui_a_computer_players_temperament_is_shown_beside_its_level_agreeing_with_its_gender() -> None:
    uk, en = ui_words("uk"), ui_words("en")
    olena = PlayerInfo("Олена", "green", "hard", "bold")
    assert level_words("uk", uk, olena, "f") == "складний, смілива"
    assert level_words("uk", uk, olena, "m") == "складний, сміливий"
    assert level_words("en", en, olena, "f") == "hard, bold"
    # A computer player of a game from before temperaments: its level alone.
    assert level_words("uk", uk, PlayerInfo("Богдан", "red", "easy"), "m") == "легкий"


async def test_ui_lobby_the_host_seats_a_computer_player_with_the_temperament_it_chose(loopback: Path) -> None:
    async with trio.open_nursery() as nursery:
        app, drive, lobby, session = await hosting(nursery)
        assert [b.intent[1] for b in lobby.moods] == ["cautious", "balanced", "bold"]
        assert next(b for b in lobby.moods if b.selected).intent[1] == "balanced"
        drive.click_button(next(b for b in lobby.moods if b.intent[1] == "bold"))
        await drive.frames()
        drive.click_button(next(b for b in lobby.bots if b.intent[1] == "hard"))
        await drive.until(lambda: any(s is not None and s.bot for s in session.lobby_seats()), SEEN_SECONDS)
        seat = next(s for s in session.lobby_seats() if s is not None and s.bot)
        assert (seat.bot, seat.temperament) == ("hard", "bold")
        assert session.core.lobby.seats[1].temperament == "bold"
        await drive.frames()
        with record_text() as drawn:
            app.draw(drive.surface)
        assert "комп'ютер · складний, сміливий" in [d.text for d in drawn]
        nursery.cancel_scope.cancel()



def _shown_on_buttons(app: App, drive: Driver, setup: SetupScene) -> list[list[str]]:
    """The texts drawn inside each temperament button, top to bottom."""
    with record_text() as drawn:
        app.draw(drive.surface)
    return [[d.text for d in drawn if b.rect.contains(d.rect)] for b in setup.temperament_buttons]


@pytest.mark.parametrize(("lang", "names", "words", "bold"), [
    ("uk", ["Богдан", "Олена", "Тарас"], ["врівноважений", "врівноважена", "врівноважений"], "смілива"),
    ("en", ["Bohdan", "Olena", "Taras"], ["balanced"] * 3, "bold"),
])
async def test_ui_setup_each_temperament_button_names_its_opponent(
        autojump_clock, lang: str, names: list[str], words: list[str], bold: str) -> None:
    """The row of temperaments is one button an opponent, not a choice among three like the
    level's row: each button shows whose it is (the opponent's name over its temperament),
    both whole inside it, at the smallest window; a click changes that opponent's word alone."""
    surface = init_pygame((800, 500))
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface, lang=lang)
        app.push(SetupScene(app))
        await drive.frames()
        setup = app.top
        assert isinstance(setup, SetupScene)
        assert _shown_on_buttons(app, drive, setup) == [[n, w] for n, w in zip(names, words, strict=True)]
        drive.click_button(setup.temperament_buttons[1])
        await drive.frames()
        shown = _shown_on_buttons(app, drive, setup)
        assert shown[1] == [names[1], bold] and shown[0] == [names[0], words[0]]
        nursery.cancel_scope.cancel()

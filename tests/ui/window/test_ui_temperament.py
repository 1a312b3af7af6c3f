"""Each computer player's temperament, chosen per seat before the game: in the setup against
the computer (a button an opponent, turned by a click) and in a friends table's lobby (the
temperament the next computer player is seated with), written into the start record and shown
beside the level."""
from __future__ import annotations

from pathlib import Path

import trio
from helpers.friends import SEEN_SECONDS, hosting
from helpers.p2p import body
from helpers.ui import init_pygame, open_app  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.kit.widgets import record_text
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.setup import SetupScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.seats import level_words
from zemlevlasnyk.ui.sessions.view import PlayerInfo
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

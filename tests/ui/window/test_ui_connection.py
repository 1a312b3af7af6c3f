"""A friends table when the connection goes bad, driven by real pygame events: the banner
says so (with the attempt while dialling again), every move button is disabled and a
click on one sends nothing, the game goes on by itself when the host answers, the banner's
button leads back to the menu at any time, and others who are offline are named with the
table playing safe moves for them. Stand-in sessions under trio's autojump_clock here;
tests/ui/window/test_ui_friends.py kills a real host process under a joined window."""
from __future__ import annotations

import pygame
import trio
from helpers.sessions import StandIn
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.kit.widgets import record_text
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.common import LinkState
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings
from zemlevlasnyk.ui.words.text import ui_words


class Joined(StandIn):
    def __init__(self) -> None:
        super().__init__()
        self.reconnect_attempt = 0


def _open(nursery: trio.Nursery, surface: pygame.Surface, lang: str = "uk") -> tuple[App, Driver, Joined, TableScene]:
    app = App(surface.get_size(), settings=Settings(lang=lang, gender=Gender.FEMININE), spawn=nursery.start_soon)
    drive = Driver(app, surface)
    app.push(MenuScene(app))
    session = Joined()
    scene = TableScene(app, NetTable(session))  # type: ignore[arg-type]
    app.push(scene)
    return app, drive, session, scene


def _texts(app: App, surface: pygame.Surface) -> list[str]:
    with record_text() as drawn:
        app.draw(surface)
    return [d.text for d in drawn]


def _roll(scene: TableScene):
    return next(b for b in scene.moves if type(b.intent).__name__ == "Roll")


async def _until_roll(scene: TableScene, drive: Driver) -> None:
    """Frames until the person's roll is offered (the window shows the start first)."""
    for _ in range(100):
        await drive.frames()
        if any(type(b.intent).__name__ == "Roll" and b.enabled for b in scene.moves):
            return
    raise AssertionError("no roll offered")


async def test_ui_connection_silent_host_disables_moves_until_it_answers(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive, session, scene = _open(nursery, surface)
        await _until_roll(scene, drive)
        roll = _roll(scene)
        assert roll.enabled and scene.connection is not None and scene.connection.shown is None
        session.link = LinkState.SILENT
        await drive.frames()
        assert "З'єднання втрачено, перепідключаюсь…" in " ".join(_texts(app, surface))
        assert not any(b.enabled for b in (*scene.moves, *scene.extras)), "every move waits"
        told = scene.feed_texts()      # the opening turn's line, nothing else
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=_roll(scene).rect.center, button=1))
        drive.key(pygame.K_RETURN, "\r")
        await drive.frames(3)
        assert session.records == 1 and scene.feed_texts() == told, "a click on a disabled move does nothing"
        session.link, session.reconnect_attempt = LinkState.RECONNECTING, 3
        await drive.frames()
        assert "(спроба 3)" in " ".join(_texts(app, surface))
        session.link = LinkState.CONNECTED
        await drive.frames()
        assert scene.connection.shown is None and _roll(scene).enabled, "the game goes on by itself"
        drive.click_button(_roll(scene))
        await drive.frames()
        assert session.records == 2
        nursery.cancel_scope.cancel()


async def test_ui_connection_back_to_the_menu_at_any_time(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive, session, scene = _open(nursery, surface, "en")
        await drive.frames()
        session.link = LinkState.LOST
        await drive.frames()
        assert scene.connection is not None and scene.connection.shown is not None
        assert "reconnecting failed" in scene.say(scene.connection.shown.text)
        assert any("reconnecting" in t for t in _texts(app, surface))
        assert scene.connection is not None and scene.connection.back.label == ui_words("en")["connection"]["back"]
        closed: list[bool] = []
        session.close = lambda: closed.append(True)  # type: ignore[method-assign]
        drive.click_button(scene.connection.back)
        await drive.frames()
        assert isinstance(app.top, MenuScene) and closed == [True]
        nursery.cancel_scope.cancel()


async def test_ui_connection_spectators_watch_without_moves(autojump_clock) -> None:
    from zemlevlasnyk.ui.scenes.lobby import LobbyScene
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), settings=Settings(lang="uk", gender=Gender.MASCULINE), spawn=nursery.start_soon)
        drive = Driver(app, surface)
        session = Joined()
        seated = session.my_seat
        session.my_seat = None                      # arrived after the start: no seat
        app.push(LobbyScene(app, session))  # type: ignore[arg-type]
        await drive.frames()
        scene = app.top
        assert isinstance(scene, TableScene) and scene.watching and scene.chat is not None
        assert not [b for b in (*scene.moves, *scene.extras) if b.enabled]
        text = " ".join(_texts(app, surface))
        assert "Ви дивитеся гру" in text and "(ви)" not in text
        assert seated is not None
        session.my_seat = seated
        session.act(session.game.safe_action(seated))    # the players play on: the feed follows
        session.my_seat = None
        await drive.frames()
        assert scene.feed_texts() and not [b for b in (*scene.moves, *scene.extras) if b.enabled]
        nursery.cancel_scope.cancel()


async def test_ui_connection_others_offline_are_named_and_moves_go_on(autojump_clock) -> None:
    """Who is offline is named in a banner and marked in their row; the person plays on."""
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive, session, scene = _open(nursery, surface)
        other = 1 - scene.me
        session.offline = {other}
        await _until_roll(scene, drive)
        text = " ".join(_texts(app, surface))
        assert f"Не на зв'язку: {scene.names[other]}." in text and "безпечні ходи" in text
        # Their row beside the board says so too (and only theirs), in their line of states.
        mark = ui_words("uk")["offline_mark"]
        with record_text() as drawn:
            app.draw(surface)
        rows = scene.players_panel.rows
        marked = [n for n, row in enumerate(rows)
                  if any(mark in d.text and row.rect.colliderect(d.rect) for d in drawn)]
        assert marked == [other]
        session.offline = set()
        await drive.frames(3)
        assert mark not in " ".join(_texts(app, surface)), "back online: the mark goes"
        session.offline = {other}
        await drive.frames(3)
        assert _roll(scene).enabled
        assert scene.connection is not None and not scene.connection.back.rect.width, "no button: nothing is wrong here"
        nursery.cancel_scope.cancel()

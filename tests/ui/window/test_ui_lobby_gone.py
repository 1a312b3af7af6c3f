"""A lobby whose table is gone (issue 20): its host vanished before the game started, and
after the takeover delay with nobody to take a lobby over the window goes back to the menu
and says why, instead of redialling for ever; a host that closes its lobby sends the window
back at once. A real `JoinSession` at a real host core and driver, driven by real pygame
events; the connection over in-memory streams, on trio's autojump_clock."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import trio
from helpers.p2p import Wire, memory_connector, profile, serve_on_loopback
from helpers.ui import Driver, drawn_texts, init_pygame, unreachable  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.p2p.core.follow import RESUME_AFTER_SECONDS
from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.driver import TableHandle
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings
from zemlevlasnyk.ui.words.text import Say

# The window is shown the lobby this long after its host vanished (well inside the delay).
STILL_WAITING_SECONDS = RESUME_AFTER_SECONDS / 2
# The keepalive notices a vanished host, and the window's frames run, within this.
SLACK_SECONDS = 20.0


async def _in_a_lobby(outer: trio.Nursery, hosting: trio.Nursery, lang: str, tmp_path: Path,
                      dials: list[Callable[[], Awaitable[trio.abc.Stream]]], wire: Wire
                      ) -> tuple[App, Driver, LobbyScene, JoinSession, TableHandle]:
    """The window seated in a lobby that waits for a third player (it will not start)."""
    surface = init_pygame()
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    handle, invite = await serve_on_loopback(hosting, core)
    dials.append(memory_connector(handle, hosting, wire))

    async def dial(invite: Invite) -> trio.abc.Stream:
        return await dials[-1]()

    app = App(surface.get_size(), settings=Settings(lang=lang, gender=Gender.FEMININE), spawn=outer.start_soon)
    drive = Driver(app, surface)
    app.push(MenuScene(app))
    session = JoinSession(profile(1), invite)
    session.follower.connect = dial
    app.go(nav.Lobby(session))
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    outer.start_soon(session.run)
    await drive.until(lambda: session.admitted is not None and session.core.lobby is not None, SLACK_SECONDS)
    return app, drive, lobby, session, handle


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_a_lobby_whose_host_is_gone_goes_back_to_the_menu_after_the_delay_and_says_why(
        autojump_clock: trio.testing.MockClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    dials: list[Callable[[], Awaitable[trio.abc.Stream]]] = []
    async with trio.open_nursery() as outer:
        async with trio.open_nursery() as hosting:
            wire = Wire()
            app, drive, lobby, session, _ = await _in_a_lobby(outer, hosting, lang, tmp_path, dials, wire)
            dials.append(unreachable)
            wire.vanish()                         # the host's laptop is gone, its lobby with it
            hosting.cancel_scope.cancel()
        gone = trio.current_time()
        await drive.until(lambda: trio.current_time() - gone >= STILL_WAITING_SECONDS, STILL_WAITING_SECONDS + 1)
        assert app.top is lobby and session.gone is None, "a host away a while is waited for"
        await drive.until(lambda: isinstance(app.top, MenuScene), RESUME_AFTER_SECONDS + SLACK_SECONDS)
        waited = trio.current_time() - gone
        assert RESUME_AFTER_SECONDS <= waited <= RESUME_AFTER_SECONDS + SLACK_SECONDS, waited
        menu = app.top
        assert isinstance(menu, MenuScene) and menu.notice is not None
        assert menu.notice.path == "reasons.table_gone"
        said = menu.say(menu.notice)
        assert said[:1].upper() + said[1:] in drawn_texts(app, drive.surface), "the window says why"
        assert session.error is None
        outer.cancel_scope.cancel()


async def test_ui_a_lobby_whose_host_closed_it_goes_back_to_the_menu_at_once(
        autojump_clock: trio.testing.MockClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    dials: list[Callable[[], Awaitable[trio.abc.Stream]]] = []
    async with trio.open_nursery() as outer:
        async with trio.open_nursery() as hosting:
            app, drive, _, session, handle = await _in_a_lobby(outer, hosting, "en", tmp_path, dials, Wire())
            handle.close()                        # its person left: the host says so
            await drive.until(lambda: isinstance(app.top, MenuScene), SLACK_SECONDS)
        menu = app.top
        assert isinstance(menu, MenuScene) and menu.notice == Say("errors.host_left")
        outer.cancel_scope.cancel()

"""A joined window whose host is gone, past the minute after which a bare client gives up:
its follower goes on dialling the host (and, with interfaces, looks for the table taken
over), so the banner says it is still trying, never «the game is stopped for you»; moves
wait, and when the host answers again the banner goes and the game goes on. A real
`JoinSession` (its `Follower`, `PeerClient` and `TablePeer`) at a real host core and
driver, driven by real pygame events; the connection runs over in-memory streams so that
trio's autojump_clock can run the minute of failed dials."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import trio
from helpers.p2p import Wire, memory_connector, profile, serve_on_loopback
from helpers.ui import Driver, drawn_texts, init_pygame, unreachable  # noqa: I001  (sets SDL drivers first)
from helpers.wait import until

from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import HOST_LOST_SECONDS
from zemlevlasnyk.p2p.net.resume import REDIAL_SECONDS
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.common import LinkState
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings
from zemlevlasnyk.ui.words.text import ui_words

# Virtual seconds (autojump_clock): the keepalive's silence limit and the client's minute.
GONE_SECONDS = HOST_LOST_SECONDS + 60


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_a_window_still_dialling_a_gone_host_says_so_not_that_the_game_stopped(
        autojump_clock: trio.testing.MockClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    surface = init_pygame()
    words = ui_words(lang)["connection"]
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    dials: list[Callable[[], Awaitable[trio.abc.Stream]]] = []

    async def dial(invite: Invite) -> trio.abc.Stream:
        return await dials[-1]()

    async with trio.open_nursery() as outer:
        app = App(surface.get_size(), settings=Settings(lang=lang, gender=Gender.FEMININE), spawn=outer.start_soon)
        drive = Driver(app, surface)
        app.push(MenuScene(app))
        async with trio.open_nursery() as hosting:
            handle, invite = await serve_on_loopback(hosting, core)
            wire = Wire()
            dials.append(memory_connector(handle, hosting, wire))
            session = JoinSession(profile(1), invite)    # no interfaces: only the host is dialled again
            session.follower.connect = dial
            outer.start_soon(session.run)
            await until(lambda: session.core.lobby is not None and session.core.lobby.you is not None, step=0.5)
            session.set_ready(True)
            await until(lambda: session.game is not None
                         and session.core.seat in {d.seat for d in session.game.pending()})
            scene = TableScene(app, NetTable(session))
            app.push(scene)
            await drive.frames(5)
            assert scene.connection is not None and scene.connection.shown is None
            dials.append(unreachable)
            wire.vanish()                        # the host's laptop is gone, mid-game
            hosting.cancel_scope.cancel()
        await until(lambda: session.link is LinkState.REDIALLING, GONE_SECONDS, step=0.5)
        await drive.frames(2)
        shown = drawn_texts(app, surface)
        assert words["redialling"] in shown and words["lost"] not in shown
        assert not any(b.enabled for b in (*scene.moves, *scene.extras)), "moves wait"
        await trio.sleep(REDIAL_SECONDS * 6)
        await drive.frames(2)
        assert words["lost"] not in drawn_texts(app, surface) and session.error is None
        async with trio.open_nursery() as hosting:
            handle, _ = await serve_on_loopback(hosting, core)   # the host is back
            dials.append(memory_connector(handle, hosting))
            await until(lambda: session.link is LinkState.CONNECTED, REDIAL_SECONDS * 4, step=0.5)
            await drive.frames(3)
            assert scene.connection.shown is None and words["redialling"] not in drawn_texts(app, surface)
            assert any(b.enabled for b in scene.moves), "the game goes on by itself"
            hosting.cancel_scope.cancel()
        outer.cancel_scope.cancel()


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["host_looking", "host_redialling"])
def test_ui_still_looking_banners_are_shown_whole(name: str, size: tuple[int, int], lang: str, tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    from zemlevlasnyk.ui.scenes.connection import MAX_LINES
    from zemlevlasnyk.ui.shots.render import build_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None)
    scene = build_scene(app, name, 1)
    assert isinstance(scene, TableScene) and scene.connection is not None and scene.connection.shown is not None
    text = scene.connection.shown.text.text(lang)
    assert text == ui_words(lang)["connection"][name.removeprefix("host_")]
    lines = scene.connection.lines
    assert 0 < len(lines) <= MAX_LINES and lines[-1].endswith(text.split(" ")[-1])
    assert scene.connection.stops_moves and not any(b.enabled for b in scene.moves)

"""The decision clock a joined window shows stays honest when the host goes quiet.

It counts down from the records' signed times and the time since the latest record came,
and a change of the connection's state (the host silent, dialled again, back) never starts
it again: before, each change set it back to the seconds left as of the latest record, so
a window showed a count frozen near the full decision time while the host was away. And
a count run out with the decision still open says the window waits for the host, not «0 s»:
a host back from a stall (a closed lid, SIGSTOP) restarts the pending decisions' clocks
(`TableHost.back_from_away`, docs/PROTOCOL.md section 7), which nothing signed tells a peer,
so «0 s» would stand for up to a whole decision time. A real `JoinSession` at a real host
core and driver (clock on), driven by real pygame events; the connection runs over
in-memory streams under trio's autojump_clock."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
import trio
from helpers.p2p import Wire, memory_connector, profile, serve_on_loopback
from helpers.ui import Driver, drawn_texts, init_pygame, unreachable  # noqa: I001  (sets SDL drivers first)
from helpers.wait import until

from zemlevlasnyk.p2p.core.clock import DECISION_MS
from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.ui.kit.widgets import record_text
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.common import LinkState
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings
from zemlevlasnyk.ui.words.text import ui_words

DECISION_SECONDS = DECISION_MS / 1000
# The count's slack against the frames the test ran: a frame, and the record's way in.
SLACK = 0.5


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_the_clock_counts_on_through_the_hosts_silence_then_waits_for_the_host(
        autojump_clock: trio.testing.MockClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    surface = init_pygame()
    words = ui_words(lang)
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=True)
    core.sit_host(0.0, policy=make_policy("idle", 1))
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
            session = JoinSession(profile(1), invite)
            session.follower.connect = dial
            outer.start_soon(session.run)
            await until(lambda: session.core.lobby is not None and session.core.lobby.you is not None)
            session.set_ready(True)
            await until(lambda: session.game is not None
                         and session.core.seat in {d.seat for d in session.game.pending()})
            scene = TableScene(app, NetTable(session))
            app.push(scene)
            await drive.frames(1)
            me = scene.me
            start = scene.clock_left[me]
            assert start > DECISION_SECONDS - 5
            await drive.frames(100, draw=False)             # 10 s of the person thinking
            assert scene.clock_left[me] == pytest.approx(start - 10, abs=SLACK)
            dials.append(unreachable)
            wire.vanish()                                   # the host goes quiet (a closed lid)
            hosting.cancel_scope.cancel()
        seq = session.records
        await drive.frames(50, draw=False)
        assert session.link is not LinkState.CONNECTED and scene.connection is not None
        assert scene.connection.stops_moves
        assert scene.clock_left[me] == pytest.approx(start - 15, abs=SLACK), "the count goes on, never set back"
        await drive.frames(int((start - 15) * 10) + 10, draw=False)
        assert scene.clock_left[me] == 0 and session.records == seq
        shown = drawn_texts(app, surface)
        assert words["clock_waiting"] in shown, "the count ran out and no record came: the window waits for the host"
        assert words["clock_left"].format(name=words["you"], s=0) not in shown
        async with trio.open_nursery() as hosting:
            handle, _ = await serve_on_loopback(hosting, core)   # the host is back: it decides
            dials.append(memory_connector(handle, hosting))
            await until(lambda: session.records > seq)
            await drive.frames(10)
            assert words["clock_waiting"] not in drawn_texts(app, surface)
            hosting.cancel_scope.cancel()
        outer.cancel_scope.cancel()


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui_a_run_out_clock_says_it_waits_for_the_host_whole(size: tuple[int, int], lang: str, tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """The screenshot scene `clock_waiting`: a joined table whose count ran out with no
    record since shows the waiting words whole, in the clock's place, and no «0 s»."""
    from zemlevlasnyk.ui.shots.render import build_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    surface = init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None)
    scene = build_scene(app, "clock_waiting", 1)
    assert isinstance(scene, TableScene) and scene.clock_left == {scene.me: 0.0}
    words = ui_words(lang)
    with record_text() as drawn:
        app.draw(surface)
    texts = [d.text for d in drawn]
    assert words["clock_waiting"] in texts, "shown whole, not cut short"
    assert words["clock_left"].format(name=words["you"], s=0) not in texts

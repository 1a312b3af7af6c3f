"""A person who leaves the table on purpose (a signed goodbye, `TablePeer.bye`) is shown to
the others as having left, not as a dropped connection: the window's banner and their row
say so, in uk and en, and the host's command line says so too. A real `JoinSession` (its
`Follower`, `PeerClient` and `TablePeer`) at a real host core and driver, beside another
real player who leaves, driven by real pygame events; the connections run over in-memory
streams under trio's autojump_clock."""
from __future__ import annotations

from pathlib import Path

import pytest
import trio
from helpers.p2p import memory_connector, profile, serve_on_loopback
from helpers.ui import Driver, drawn_texts, init_pygame  # noqa: I001  (sets SDL drivers first)
from helpers.wait import until

from zemlevlasnyk.p2p.core.host import SeatOnline, TableHost
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import PeerClient
from zemlevlasnyk.ui.cli.resume import seat_line
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings
from zemlevlasnyk.ui.words.text import Say, catalogue, ui_words


@pytest.mark.parametrize("how", ["goodbye", "hang-up"])
@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_a_person_who_left_is_shown_as_left_and_a_dropped_one_as_offline(
        autojump_clock: trio.testing.MockClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str,
        how: str) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    surface = init_pygame()
    words = ui_words(lang)
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    # The one who leaves: a person who has not moved yet (the table then plays their seat).
    leaver = TablePeer(profile(2, "Taras"), table=core.table, host_key=core.profile.public_key, policy=None)
    async with trio.open_nursery() as outer, trio.open_nursery() as hosting:
        app = App(surface.get_size(), settings=Settings(lang=lang, gender=Gender.FEMININE), spawn=outer.start_soon)
        drive = Driver(app, surface)
        app.push(MenuScene(app))
        handle, invite = await serve_on_loopback(hosting, core)
        connect = memory_connector(handle, hosting)
        session = JoinSession(profile(1), invite)

        async def dial(invite: Invite) -> trio.abc.Stream:
            return await connect()
        session.follower.connect = dial
        outer.start_soon(session.run)
        await until(lambda: session.core.lobby is not None and session.core.lobby.you is not None)
        client = PeerClient(leaver, invite, connect=connect)
        gone = trio.CancelScope()       # the leaver's program ends: it dials nobody again

        async def play() -> None:
            with gone:
                await client.run()
        outer.start_soon(play)
        session.set_ready(True)
        await until(lambda: session.game is not None and leaver.seat is not None)
        scene = TableScene(app, NetTable(session))
        app.push(scene)
        await drive.frames(3)
        assert leaver.seat not in session.offline
        if how == "goodbye":
            await client.send(leaver.bye())            # «leave the table», confirmed
        gone.cancel()                                  # with no goodbye: the connection dropped
        assert leaver.seat is not None
        await until(lambda: leaver.seat in session.offline)
        await drive.frames(3)
        shown = drawn_texts(app, surface)
        name = session.players[leaver.seat][0]
        left = Say("connection.left", {"names": name}, n=1).text(lang)
        offline = Say("connection.offline", {"names": name}, n=1).text(lang)
        if how == "goodbye":
            assert left in shown and offline not in shown and words["left_mark"] in shown
            assert session.left == {leaver.seat}
        else:
            assert offline in shown and left not in shown and words["left_mark"] not in shown
            assert session.left == set()
        outer.cancel_scope.cancel()


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_the_host_command_line_says_who_left_apart_from_who_dropped(lang: str) -> None:
    said = catalogue(lang)["commands"]["resume"]
    assert seat_line(SeatOnline(1, "Taras", False, left=True), lang) == said["left"].format(name="Taras")
    assert seat_line(SeatOnline(1, "Taras", False), lang) == said["offline"].format(name="Taras")
    assert seat_line(SeatOnline(1, "Taras", True), lang) == said["back"].format(name="Taras")
    assert said["left"] != said["offline"]


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["left", "offline_and_left"])
def test_ui_left_banners_are_shown_whole(name: str, size: tuple[int, int], lang: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from zemlevlasnyk.ui.scenes.connection import MAX_LINES
    from zemlevlasnyk.ui.shots.render import build_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None)
    scene = build_scene(app, name, 1)
    assert isinstance(scene, TableScene) and scene.connection is not None and scene.connection.shown is not None
    text = scene.connection.shown.text.text(lang)
    assert scene.connection.shown.text.path == f"connection.{name}"
    lines = scene.connection.lines
    assert 0 < len(lines) <= MAX_LINES and lines[-1].endswith(text.split(" ")[-1])
    assert not scene.connection.stops_moves, "the person plays on"

"""A full disk under a joined window (issue 20, item 2): the feed says at once, in uk and en,
that the game is no longer being saved and why; the game goes on at the table; the saved
game stays whole up to its last record. A real `JoinSession` (its `Follower`, `PeerClient`
and `TablePeer`) at a real host core and driver over in-memory streams under trio's
autojump_clock, its data folder on a small tmpfs (tests/helpers/disk.py; root) that the
test fills mid-game; the window driven by real frames."""
from __future__ import annotations

from pathlib import Path

import pytest
import trio
from helpers.disk import DiskUnavailable, fill, small_disk
from helpers.p2p import memory_connector, profile, serve_on_loopback
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)
from helpers.wait import until

from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.store.savegame import GAMES_DIR, read
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.common import LinkState
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.words.text import Say

DISK_BYTES = 1024 * 1024
# Records after the fill by which the line must be in the feed (the first one fails).
RECORDS_AFTER = 8


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_a_full_disk_is_told_at_once_and_the_game_goes_on(
        autojump_clock: trio.testing.MockClock, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    data = tmp_path / "window"
    try:
        with small_disk(data / "zemlevlasnyk", DISK_BYTES) as disk:
            monkeypatch.setenv("XDG_DATA_HOME", str(data))
            await _play_until_full(disk, lang)
    except DiskUnavailable as exc:
        pytest.skip(str(exc))


async def _play_until_full(disk: Path, lang: str) -> None:
    surface = init_pygame()
    # The clock on: the window's person never moves, the table times their seat out.
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=True)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    said = Say("games.not_saved", {"why": Say("games.save_why.ENOSPC")}).text(lang)
    async with trio.open_nursery() as outer, trio.open_nursery() as hosting:
        app = App(surface.get_size(), settings=Settings(lang=lang), spawn=outer.start_soon)
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
        session.set_ready(True)
        await until(lambda: session.game is not None and session.core.replica.seq >= 5, 600)
        scene = TableScene(app, NetTable(session))
        app.push(scene)
        await drive.frames(2)
        fill(disk)
        full_at = session.core.replica.seq
        told = False
        with trio.fail_after(3600):
            while not told or session.core.replica.seq < full_at + RECORDS_AFTER:
                await drive.frames(1)
                told = told or said in scene.feed.texts()
                await trio.sleep(0.5)
        assert session.link is LinkState.CONNECTED and session.notice is None, "the game goes on at the table"
        assert sum(text == said for text in scene.feed.texts()) == 1, "told once"
        kept = read(next((disk / GAMES_DIR).glob("*.zvl")))
        assert not kept.torn and full_at <= kept.last_seq < session.core.replica.seq
        outer.cancel_scope.cancel()



@pytest.mark.parametrize("lang", ["uk", "en"])
def test_ui_a_game_against_the_computer_on_a_full_disk_is_told_why_and_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str) -> None:
    """The same driver under a window's game against the computer: its first record cannot
    be written; the person is told why (it will not be among the unfinished games)."""
    from zemlevlasnyk.ui.sessions.local import LocalTable
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    try:
        with small_disk(tmp_path / "kept", DISK_BYTES) as disk:
            fill(disk)
            table = LocalTable.new(profile(0, "Host"), opponents=2, level="medium", seed=7, keep=disk)
            news = table.take_news()
            assert [say.text(lang) for say in news] == [
                Say("games.not_kept", {"why": Say("games.save_why.ENOSPC")}).text(lang)]
            start = table.handle.core.seq
            for _ in range(20):
                if any(decision.seat == table.me for decision in table.game.pending()):
                    assert any(table.act(action) for action in table.game.legal(table.me).actions), table.refusal
                else:
                    table.handle.step_now()
            assert table.handle.core.seq >= start + 10, "the game goes on"
            assert table.take_news() == [], "told once"
    except DiskUnavailable as exc:
        pytest.skip(str(exc))

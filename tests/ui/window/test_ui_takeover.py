"""A window takes a table over on its own when the host is lost (docs/PROTOCOL.md section 9),
exactly as `zemlevlasnyk join` does, and says so over the board: the countdown, the takeover,
the others' time to come back.

With real parts on 127.0.0.1 (a headless `zemlevlasnyk host` process, a `zemlevlasnyk join`
process, real mDNS, real time; the window headless, driven by real pygame events): the
host is SIGKILLed mid-game; a window first in the takeover order hosts the table by itself
after its (shortened) delay, the `join` process finds it by mDNS and rejoins, and the game
is played to its end in the window; both saved games verify. A window second in the order
rejoins the `join` process that took the table over first, and never hosts; a spectator's
window never counts down nor hosts. Without the network, the banners' words are checked
whole at every window size the screenshots cover.

Run under `flock /work/plan/mdns.lock` beside other helpers' tests: the followers look
only for their own table id.
"""
from __future__ import annotations

import signal
import subprocess
from pathlib import Path
from typing import TextIO

import pygame
import pytest
import trio
from helpers.faults import verify
from helpers.friends import BANNER_SLACK, SEEN_SECONDS, read_line
from helpers.p2p import REPO, cli, profile, subprocess_env
from helpers.ui import Driver, init_pygame

from zemlevlasnyk.engine import AcceptDraw
from zemlevlasnyk.p2p.core.follow import RESUME_AFTER_SECONDS, RESUME_STAGGER_SECONDS, takeover_order
from zemlevlasnyk.p2p.core.limits import SILENT_SECONDS
from zemlevlasnyk.p2p.core.links import Invite, parse_invite
from zemlevlasnyk.ui.scenes.connection import MAX_LINES
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.common import LinkState, Takeover
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.shots.render import build_scene
from zemlevlasnyk.ui.words.text import ui_words

# The window's takeover delay here (every player must use the same: the `join` process gets
# it as --resume-after). Long enough for the window to show its countdown for a few frames.
TAKEOVER_AFTER = 4.0
# The takeover, the others finding it by mDNS, the handover's grace and the game's turns
# to the cap below, on a loaded two-core machine.
TAKE_OVER_SECONDS = 120
# A short game: the turn cap ends it (the richest wins), so that every saved game holds the
# signed end record and verifies whole.
TURN_CAP = 16


async def _host(folder: Path, err: TextIO, *, start_at: int, bot: str = "random",
                cap: int = TURN_CAP) -> tuple[trio.Process, str]:
    """A headless host (not seated itself) with a computer player; its invite link."""
    host = await trio.lowlevel.open_process(
        cli("host", "--interface", "127.0.0.1", "--bind", "127.0.0.1", "--bots", bot, "--seed", "3",
            "--start-at", str(start_at), "--no-mdns", "--name", "Headless", "--option", f"turn_cap={cap}"),
        cwd=REPO, env=subprocess_env(folder / "host"), stdout=subprocess.PIPE, stderr=err)
    assert host.stdout is not None
    with trio.fail_after(SEEN_SECONDS):
        return host, await read_line(host.stdout, bytearray())


async def _joiner(folder: Path, link: str, err: TextIO) -> trio.Process:
    """A `join` process playing with a computer player, with the window's takeover delay."""
    return await trio.lowlevel.open_process(
        cli("join", link, "--bot", "random", "--seed", "5", "--name", "Remote",
            "--resume-after", f"{TAKEOVER_AFTER:g}"),
        cwd=REPO, env=subprocess_env(folder / "joiner"), stdout=subprocess.DEVNULL, stderr=err)


async def _window(nursery: trio.Nursery, link: str) -> tuple[App, Driver, JoinSession]:
    """A window that joined the table of `link` (its session opened as the friends scene
    opens it), with the shortened takeover delay."""
    surface = init_pygame((1024, 640))
    app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon, interfaces=["127.0.0.1"])
    drive = Driver(app, surface)
    app.push(MenuScene(app))
    session = JoinSession(profile(1), parse_invite(link), interfaces=["127.0.0.1"], takeover_after=TAKEOVER_AFTER)
    app.spawn(session.run)
    app.go(nav.Lobby(session))
    await drive.frames()
    return app, drive, session


async def _ready(drive: Driver, app: App) -> None:
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    await drive.until(lambda: lobby.ready.enabled, SEEN_SECONDS)
    drive.click_button(lobby.ready)
    await drive.frames()


async def _table(drive: Driver, app: App) -> TableScene:
    await drive.until(lambda: isinstance(app.top, TableScene), SEEN_SECONDS)
    table = app.top
    assert isinstance(table, TableScene) and table.connection is not None
    return table


def _my_turn(app: App, table: TableScene) -> bool:
    return app.top is table and not table.waiting and any(b.enabled for b in table.moves)


async def _move(drive: Driver, table: TableScene) -> None:
    """Click the person's first move (never a draw agreed) and wait for the table's answer."""
    before = table.table.records
    drive.click_button(next(b for b in table.moves if b.enabled and not isinstance(b.intent, AcceptDraw)))
    await drive.until(lambda: table.table.records > before or table.table.outcome is not None, TAKE_OVER_SECONDS)


async def _play_to_the_end(drive: Driver, app: App, table: TableScene) -> None:
    with trio.fail_after(TAKE_OVER_SECONDS):
        while table.table.outcome is None:
            await drive.frames(draw=drive.frame_count % 10 == 0)
            if table.selected is not None:
                drive.key(pygame.K_ESCAPE)
            elif _my_turn(app, table):
                await _move(drive, table)


class Seen:
    """What the window showed while the host was gone: its takeover steps and banners."""

    def __init__(self) -> None:
        self.steps: list[Takeover] = []
        self.banners: list[str] = []
        self.hosted = False

    async def watch(self, session: JoinSession, table: TableScene) -> None:
        while True:
            if not self.steps or self.steps[-1] is not session.takeover:
                self.steps.append(session.takeover)
            shown = table.connection.shown if table.connection is not None else None
            if shown is not None and (not self.banners or self.banners[-1] != shown.text.path):
                self.banners.append(shown.text.path)
            self.hosted = self.hosted or session.follower.hosting is not None
            await trio.sleep(0.02)


async def _kill(drive: Driver, table: TableScene, host: trio.Process) -> None:
    host.send_signal(signal.SIGKILL)
    await host.wait()
    assert table.connection is not None
    await drive.until(lambda: table.connection.stops_moves, SILENT_SECONDS + BANNER_SLACK + 1)


async def _said(path: Path, words: str) -> None:
    """Until a process's lines (in English) say `words`."""
    with trio.fail_after(SEEN_SECONDS):
        while words not in path.read_text():
            await trio.sleep(0.1)


def _saved_game(folder: Path) -> Path:
    found = list(folder.rglob("*.zvl"))
    assert len(found) == 1, found
    return found[0]


async def _stop(*processes: trio.Process | None) -> None:
    for process in processes:
        if process is not None and process.returncode is None:
            process.send_signal(signal.SIGCONT)
            process.kill()
            await process.wait()


@pytest.mark.slow
async def test_ui_takeover_a_window_first_in_the_order_takes_the_table_over_by_itself(loopback: Path) -> None:
    with (loopback / "host.err").open("w") as err, (loopback / "joiner.err").open("w") as joined:
        host, link = await _host(loopback, err, start_at=3)
        joiner: trio.Process | None = None
        try:
            async with trio.open_nursery() as nursery:
                app, drive, session = await _window(nursery, link)
                await _ready(drive, app)
                joiner = await _joiner(loopback, link, joined)     # seated after the window
                table = await _table(drive, app)
                order = takeover_order(session.core.replica)
                assert order[0] == session.my_seat and len(order) == 2, "the window is first in the order"
                await drive.until(lambda: _my_turn(app, table), TAKE_OVER_SECONDS)
                await _move(drive, table)
                seen = Seen()
                nursery.start_soon(seen.watch, session, table)
                killed_at, killed = table.table.records, trio.current_time()
                await _kill(drive, table, host)
                await drive.until(lambda: session.follower.hosting is not None, TAKE_OVER_SECONDS)
                hosted = trio.current_time() - killed
                await drive.until(lambda: "rejoining it" in (loopback / "joiner.err").read_text(), TAKE_OVER_SECONDS)
                rejoined = trio.current_time() - killed
                await _play_to_the_end(drive, app, table)
                print(f"host killed at record {killed_at}; the window hosted {hosted:.1f} s later (delay "
                      f"{TAKEOVER_AFTER:g} s), the join process rejoined after {rejoined:.1f} s; the game ended at "
                      f"record {table.table.records}")
                # Looked at every 20 ms: the grace may end sooner (the `join` process back at once).
                assert seen.steps[:3] == [Takeover.NONE, Takeover.DUE, Takeover.TAKING]
                assert "connection.takeover_due" in seen.banners   # the later steps may pass within a frame
                assert session.error is None and session.cheated is None and session.link is LinkState.CONNECTED
                assert session.takeover is Takeover.NONE and table.connection.shown is None
                hosting = ui_words("uk")["games"]["hosting"]
                assert hosting in table.feed_texts(), "the feed says the window hosts the table now"
                nursery.cancel_scope.cancel()
            assert joiner is not None
            with trio.fail_after(TAKE_OVER_SECONDS):
                assert await joiner.wait() == 0, (loopback / "joiner.err").read_text()[-3000:]
            for saved in (session.follower.saved.path, _saved_game(loopback / "joiner")):
                done = verify(saved)
                assert done.returncode == 0 and done.stdout.startswith("OK:"), done.stdout + done.stderr
        finally:
            await _stop(host, joiner)


@pytest.mark.slow
async def test_ui_takeover_a_window_second_in_the_order_rejoins_and_never_hosts(loopback: Path) -> None:
    with (loopback / "host.err").open("w") as err, (loopback / "joiner.err").open("w") as joined:
        host, link = await _host(loopback, err, start_at=3)
        joiner = await _joiner(loopback, link, joined)
        try:
            async with trio.open_nursery() as nursery:
                await _said(loopback / "joiner.err", "admitted at seat")
                app, drive, session = await _window(nursery, link)   # seated after the `join` process
                await _ready(drive, app)
                table = await _table(drive, app)
                order = takeover_order(session.core.replica)
                assert order[1] == session.my_seat and len(order) == 2, "the window is second in the order"
                seen = Seen()
                nursery.start_soon(seen.watch, session, table)
                await _kill(drive, table, host)
                await drive.until(lambda: "we host table" in (loopback / "joiner.err").read_text(), TAKE_OVER_SECONDS)
                await drive.until(lambda: _my_turn(app, table), TAKE_OVER_SECONDS)
                await _move(drive, table)
                assert not seen.hosted and session.follower.hosting is None
                assert Takeover.DUE in seen.steps and Takeover.TAKING not in seen.steps
                assert session.takeover is Takeover.NONE and session.link is LinkState.CONNECTED
                assert session.error is None and session.cheated is None
                nursery.cancel_scope.cancel()
        finally:
            await _stop(host, joiner)


@pytest.mark.slow
async def test_ui_takeover_a_spectators_window_never_hosts(loopback: Path) -> None:
    """A window that arrived after the start watches: the `join` process, the only person in
    the order, takes the table over (after the window's delay and more); the spectator's
    window never counted down nor hosted. (A game of two computer players is over in
    seconds: the `join` process is stopped, so that the table waits for it, until the host
    is killed.)"""
    with (loopback / "host.err").open("w") as err, (loopback / "joiner.err").open("w") as joined:
        host, link = await _host(loopback, err, start_at=2, cap=0)
        joiner = await _joiner(loopback, link, joined)
        try:
            await _said(loopback / "host.err", "table in play")    # the game started without the window
            joiner.send_signal(signal.SIGSTOP)
            async with trio.open_nursery() as nursery:
                app, drive, session = await _window(nursery, link)
                table = await _table(drive, app)
                assert session.admitted is not None and session.admitted.role == "spectator"
                assert table.watching and session.my_seat is None
                seen = Seen()
                nursery.start_soon(seen.watch, session, table)
                await _kill(drive, table, host)
                joiner.send_signal(signal.SIGCONT)
                await drive.until(lambda: "we host table" in (loopback / "joiner.err").read_text(), TAKE_OVER_SECONDS)
                await trio.sleep(TAKEOVER_AFTER)     # past the window's own delay, were it a player
                assert not seen.hosted and session.follower.hosting is None
                assert seen.steps == [Takeover.NONE]
                assert not {"connection.takeover_due", "connection.taking_over"} & set(seen.banners)
                nursery.cancel_scope.cancel()
        finally:
            await _stop(host, joiner)


def test_ui_takeover_a_window_with_interfaces_takes_part_a_window_without_does_not() -> None:
    invite = Invite("127.0.0.1", 1, "00112233aabbccdd", profile(0).public_key, None)
    looking = JoinSession(profile(1), invite, interfaces=["127.0.0.1"], takeover_after=7.0)
    assert looking.follower.follow.auto_resume and looking.follower.follow.after == 7.0
    assert looking.follower.follow.stagger == RESUME_STAGGER_SECONDS
    assert JoinSession(profile(1), invite, interfaces=["127.0.0.1"]).follower.follow.after == RESUME_AFTER_SECONDS
    assert not JoinSession(profile(1), invite).follower.follow.auto_resume, "nobody could find the table it hosted"
    assert looking.takeover is Takeover.NONE and looking.takeover_in() is None


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["takeover_due", "taking_over", "hosting_grace"])
def test_ui_takeover_banners_are_shown_whole(name: str, size: tuple[int, int], lang: str, tmp_path,
                                             monkeypatch) -> None:
    """The banner shows at most a few lines: each takeover banner's words end on its last."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None, interfaces=["127.0.0.1"])
    scene = build_scene(app, name, 1)
    assert isinstance(scene, TableScene) and scene.connection is not None and scene.connection.shown is not None
    text = scene.connection.shown.text.text(lang)
    lines = scene.connection.lines
    assert 0 < len(lines) <= MAX_LINES and lines[-1].endswith(text.split(" ")[-1])
    assert scene.connection.stops_moves and not any(b.enabled for b in scene.moves)
    assert scene.net is not None and scene.net.takeover is not Takeover.NONE

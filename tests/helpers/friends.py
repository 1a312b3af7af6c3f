"""The window at a friends table in tests: opening the friends scene, hosting a table from
it, joining a headless host's table by its link, and that host's process (real sockets on
127.0.0.1; real time, so the bounds are generous and nothing asserts on wall time)."""
from __future__ import annotations

import signal
import subprocess
from pathlib import Path
from typing import TextIO

import trio

from helpers.p2p import REPO, cli, subprocess_env
from helpers.ui import Driver, init_pygame
from zemlevlasnyk.p2p.core.limits import SILENT_SECONDS
from zemlevlasnyk.ui.scenes.friends import FriendsScene
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.menu import FRIENDS, MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.host import HostSession
from zemlevlasnyk.ui.shell.app import App

# Generous bounds for real sockets and mDNS (a table is announced after ~1.7 s of probing).
SEEN_SECONDS = 30
# The banner's delay after the host falls silent: the keepalive's limit, plus a frame and
# the time a busy two-core machine may take to run the timer.
BANNER_SLACK = 2.0


async def open_friends(nursery: trio.Nursery) -> tuple[App, Driver, FriendsScene]:
    """A window on the menu, its friends scene opened by a click."""
    surface = init_pygame()
    app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
    drive = Driver(app, surface)
    app.push(MenuScene(app))
    await drive.frames()
    drive.click_button(next(b for b in app.top.buttons if b.intent == FRIENDS))
    await drive.frames()
    assert isinstance(app.top, FriendsScene)
    return app, drive, app.top


async def hosting(nursery: trio.Nursery, name: str | None = None) -> tuple[App, Driver, LobbyScene, HostSession]:
    """The window hosts a table from the friends scene (as `name`, if given) and has its invite."""
    app, drive, friends = await open_friends(nursery)
    if name is not None:
        friends.name.text = name
    drive.click_button(friends.host_button)
    await drive.frames()
    lobby = app.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.session, HostSession)
    session = lobby.session
    await drive.until(lambda: session.invite is not None, SEEN_SECONDS)
    assert session.invite is not None
    return app, drive, lobby, session


async def read_line(stream: trio.abc.ReceiveStream, buffer: bytearray) -> str:
    """The next line a process printed (what follows it stays in `buffer`)."""
    while b"\n" not in buffer:
        chunk = await stream.receive_some(4096)
        if not chunk:
            raise AssertionError("the process ended before printing a line")
        buffer += chunk
    line, _, rest = bytes(buffer).partition(b"\n")
    buffer[:] = rest
    return line.decode()


async def joined_table(nursery: trio.Nursery, link: str) -> tuple[App, Driver, TableScene]:
    """The window joined the headless host's table and it is the person's move."""
    app, drive, friends = await open_friends(nursery)
    drive.click(friends.link.rect.center)
    drive.type_text(link)
    await drive.frames()
    drive.click_button(friends.join_link)
    await drive.frames()
    lobby = app.top
    assert isinstance(lobby, LobbyScene)
    await drive.until(lambda: lobby.ready.enabled, SEEN_SECONDS)
    drive.click_button(lobby.ready)
    await drive.until(lambda: isinstance(app.top, TableScene), SEEN_SECONDS)
    scene = app.top
    assert isinstance(scene, TableScene) and scene.connection is not None
    await drive.until(lambda: not scene.waiting and any(b.enabled for b in scene.moves), SEEN_SECONDS)
    return app, drive, scene


async def kill_host_under(drive: Driver, scene: TableScene, host: trio.Process) -> None:
    """The headless host killed under a joined window, until the window has stopped its moves."""
    connection = scene.connection
    assert connection is not None
    host.send_signal(signal.SIGKILL)
    await host.wait()
    await drive.until(lambda: connection.stops_moves, SILENT_SECONDS + BANNER_SLACK + 1)


async def headless_host(folder: Path, err: TextIO) -> tuple[trio.Process, str]:
    """A `zemlevlasnyk host` process (a computer player at its seat, starting at two) and its link."""
    host = await trio.lowlevel.open_process(
        cli("host", "--interface", "127.0.0.1", "--bind", "127.0.0.1", "--bots", "idle", "--start-at", "2",
            "--no-mdns", "--name", "Headless"),
        cwd=REPO, env=subprocess_env(folder / "host"), stdout=subprocess.PIPE, stderr=err)
    assert host.stdout is not None
    with trio.fail_after(SEEN_SECONDS):
        return host, await read_line(host.stdout, bytearray())

"""A host process under a joined window (real sockets on 127.0.0.1) that goes silent or
dies. Frozen (SIGSTOP: its connection open, its keepalive silent), the table says within
the keepalive's silence limit that the connection is lost and moves wait, all disabled; let
go (SIGCONT), the banner leaves and the game goes on by itself. Killed, the banner says it
is reconnecting, a click on a move sends nothing, and its button leads back to the menu.
Killed and restarted from its saved game (`zemlevlasnyk resume`, which hosts the table at
a new port), the window finds the table again by mDNS, rejoins by itself, and play goes
on. Real time, with generous `fail_after` bounds; the only time checked is the banner's
delay against the silence limit, with room for a frame and a loaded machine.
"""
from __future__ import annotations

import signal
import subprocess
from pathlib import Path

import trio
from helpers.friends import BANNER_SLACK, SEEN_SECONDS, headless_host, joined_table, kill_host_under
from helpers.p2p import REPO, cli, subprocess_env

from zemlevlasnyk.p2p.core.limits import SILENT_SECONDS
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.sessions.common import LinkState


async def test_ui_host_silent_then_back_under_a_joined_window(loopback: Path) -> None:
    err = (loopback / "host.err").open("w")
    host, link = await headless_host(loopback, err)
    try:
        async with trio.open_nursery() as nursery:
            app, drive, scene = await joined_table(nursery, link)
            assert scene.connection is not None and scene.net is not None
            host.send_signal(signal.SIGSTOP)
            stopped = trio.current_time()
            await drive.until(lambda: scene.connection.stops_moves, SILENT_SECONDS + BANNER_SLACK + 1)
            delay = trio.current_time() - stopped
            assert delay <= SILENT_SECONDS + BANNER_SLACK, f"the banner came {delay:.1f} s after the host fell silent"
            assert scene.net.link is LinkState.SILENT
            assert not any(b.enabled for b in (*scene.moves, *scene.extras))
            host.send_signal(signal.SIGCONT)
            await drive.until(lambda: not scene.connection.stops_moves, SEEN_SECONDS)
            before = scene.table.records
            drive.click_button(next(b for b in scene.moves if b.enabled))
            await drive.until(lambda: scene.table.records > before, SEEN_SECONDS)
            assert scene.net.session.error is None and scene.net.session.refusal is None
            nursery.cancel_scope.cancel()
    finally:
        host.send_signal(signal.SIGCONT)
        host.kill()
        await host.wait()
        err.close()


async def test_ui_host_killed_under_a_joined_window(loopback: Path) -> None:
    err = (loopback / "host.err").open("w")
    host, link = await headless_host(loopback, err)
    try:
        async with trio.open_nursery() as nursery:
            app, drive, scene = await joined_table(nursery, link)
            assert scene.connection is not None
            host.send_signal(signal.SIGKILL)
            killed = trio.current_time()
            await drive.until(lambda: scene.connection.stops_moves, SILENT_SECONDS + BANNER_SLACK + 1)
            delay = trio.current_time() - killed
            assert delay <= SILENT_SECONDS + BANNER_SLACK, f"the banner came {delay:.1f} s after the host died"
            assert not any(b.enabled for b in (*scene.moves, *scene.extras))
            before = scene.table.records
            drive.click(scene.moves[0].rect.center)
            await drive.frames(5)
            assert scene.table.records == before and scene.net is not None and scene.net.session.refusal is None
            drive.click_button(scene.connection.back)
            await drive.frames()
            assert isinstance(app.top, MenuScene)
            nursery.cancel_scope.cancel()
    finally:
        if host.returncode is None:
            host.kill()
        await host.wait()
        err.close()


# How long the restarted host may take to be found and to play on: its mDNS probing, the
# hand-over grace (p2p.core.handover.HANDOVER_GRACE_SECONDS) and a loaded machine.
RESTART_SECONDS = 60


async def test_ui_host_restarted_with_its_log_under_a_joined_window(loopback: Path) -> None:
    with (loopback / "host.err").open("w") as err:
        host, link = await headless_host(loopback, err)
        resumed: trio.Process | None = None
        try:
            async with trio.open_nursery() as nursery:
                app, drive, scene = await joined_table(nursery, link)
                await kill_host_under(drive, scene, host)
                resumed = await trio.lowlevel.open_process(
                    cli("resume", "--interface", "127.0.0.1", "--bind", "127.0.0.1", "--bot", "idle"),
                    cwd=REPO, env=subprocess_env(loopback / "host"), stdout=subprocess.PIPE, stderr=err)
                before = scene.table.records
                await drive.until(lambda: not scene.connection.stops_moves, RESTART_SECONDS)
                await drive.until(lambda: (not scene.waiting and any(b.enabled for b in scene.moves))
                             or scene.table.records > before, SEEN_SECONDS)
                if scene.table.records == before:
                    drive.click_button(next(b for b in scene.moves if b.enabled))
                await drive.until(lambda: scene.table.records > before, SEEN_SECONDS)
                nursery.cancel_scope.cancel()
        finally:
            for process in (host, resumed):
                if process is not None and process.returncode is None:
                    process.kill()
                    await process.wait()

"""A host that leaves says so to every connection (`host_left`, docs/PROTOCOL.md section 9), also
to one whose connection is busy being written to (a catch-up or a burst of records under
way). Before, the host's last words were one synchronous write from each connection's
teardown, skipped when the stream was no socket or a send was under way, and written after
the torn half of a frame whose send the teardown had cancelled: the player then read
garbage, dialled again, and waited the minute a silent host is given instead of a second.
Now `TableHandle.close` has each connection's writer say it after what it was sending; a
table cancelled all at once still says it from the teardown, as a whole frame, unless a
frame was left torn.

The real host core and driver; clients over in-memory streams, and over a Unix socket pair
with small buffers (its writes block half way through a frame while the peer does not read)."""
from __future__ import annotations

import socket

import pytest
import trio
import trio.testing
from helpers.p2p import memory_connector, profile, serve_on_loopback
from helpers.wait import until

from zemlevlasnyk.p2p.core.errors import Code, ProtocolError
from zemlevlasnyk.p2p.core.handshake import WATCHING
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.peer import Admitted, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import PeerClient
from zemlevlasnyk.p2p.net.driver import TableHandle

# A socket's buffers this small fill with a few records, so the host's writer blocks in the
# middle of a frame while its peer does not read.
SMALL_BUFFER = 4096
# The peer stops reading for this long (real time), then reads what waited.
PAUSE_SECONDS = 0.3
# Real seconds a leave may take to reach a peer (the driver waits at most a second).
HEARD_SECONDS = 10.0


async def _run_client(client: PeerClient, failures: list[ProtocolError]) -> None:
    try:
        await client.run()
    except ProtocolError as exc:
        failures.append(exc)


class _Tap:
    """Whether a reader reads: `pause()`, `resume()`."""

    def __init__(self) -> None:
        self.open = trio.Event()
        self.open.set()

    def pause(self) -> None:
        self.open = trio.Event()

    def resume(self) -> None:
        self.open.set()


class _Paused(trio.abc.Stream):
    """A stream whose reads wait while its tap is shut."""

    def __init__(self, inner: trio.abc.Stream, tap: _Tap) -> None:
        self.inner, self.tap = inner, tap

    async def send_all(self, data) -> None:
        await self.inner.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        await self.inner.wait_send_all_might_not_block()

    async def receive_some(self, max_bytes=None) -> bytes:
        await self.tap.open.wait()
        return await self.inner.receive_some(max_bytes)

    async def aclose(self) -> None:
        await self.inner.aclose()


def _socket_pair(handle: TableHandle, nursery: trio.Nursery):
    """A `connect` that hands the host one end of a Unix socket pair with small buffers."""
    async def connect() -> trio.abc.Stream:
        ours, theirs = socket.socketpair()
        for sock in (ours, theirs):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SMALL_BUFFER)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, SMALL_BUFFER)
        assert handle.server is not None
        nursery.start_soon(handle.server.handle, trio.SocketStream(trio.socket.from_stdlib_socket(theirs)))
        return trio.SocketStream(trio.socket.from_stdlib_socket(ours))
    return connect


@pytest.mark.parametrize("abruptly", [False, True], ids=["closed", "cancelled"])
async def test_a_host_leaving_its_lobby_says_so_over_a_stream_that_is_no_socket(
        autojump_clock: trio.testing.MockClock, abruptly: bool) -> None:
    """Over memory streams (no socket to write to synchronously: the old last words were
    never sent), whether the table is closed or its task cancelled from outside."""
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    failures: list[ProtocolError] = []
    async with trio.open_nursery() as nursery:
        with trio.CancelScope() as hosting:
            async with trio.open_nursery() as tables:
                handle, invite = await serve_on_loopback(tables, core)
                peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key)
                client = PeerClient(peer, invite, connect=memory_connector(handle, tables))
                nursery.start_soon(_run_client, client, failures)
                await until(lambda: peer.lobby is not None, what="seated in the lobby")
                if abruptly:
                    hosting.cancel()       # a window's task stopped, Ctrl-C under a command
                else:
                    handle.close()
        await until(lambda: bool(failures), what="the host's words")
    assert failures[0].code is Code.HOST_LEFT, failures


async def test_a_host_leaving_mid_game_says_so_to_a_watcher_whose_connection_is_mid_frame() -> None:
    """A spectator that stops reading for a moment while the game goes on at full speed:
    the host's writer to it blocks half way through a frame. The host leaves then; the
    spectator, reading again, hears that the host left (before, the half-sent frame was cut
    and the goodbye written after it: garbage)."""
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False, options={"turn_cap": 400})
    core.sit_host(0.0, policy=make_policy("medium", 1))
    failures: list[ProtocolError] = []
    tap = _Tap()
    with trio.fail_after(HEARD_SECONDS * 3):
        async with trio.open_nursery() as nursery, trio.open_nursery() as tables:
            handle, invite = await serve_on_loopback(tables, core)
            players = [TablePeer(profile(n), table=core.table, host_key=core.profile.public_key,
                                 policy=make_policy("medium", 10 + n)) for n in (1, 2)]
            theirs: list[ProtocolError] = []
            for player in players:
                client = PeerClient(player, invite, connect=memory_connector(handle, tables))
                tables.start_soon(_run_client, client, theirs)
            watcher = TablePeer(profile(3), table=core.table, host_key=core.profile.public_key)
            pair = _socket_pair(handle, tables)
            admitted = trio.Event()

            async def connect() -> trio.abc.Stream:
                return _Paused(await pair(), tap)
            client = PeerClient(watcher, invite, want=WATCHING, connect=connect,
                                on_output=lambda out: admitted.set() if isinstance(out, Admitted) else None)
            nursery.start_soon(_run_client, client, failures)
            await admitted.wait()
            await until(lambda: core.phase is TablePhase.PLAYING and core.seq >= 20, HEARD_SECONDS)
            tap.pause()                     # the watcher stops reading ...
            seen = core.seq
            await until(lambda: core.seq >= seen + 30 or core.phase is TablePhase.FINISHED, HEARD_SECONDS)
            handle.close()                  # ... and the host leaves, its writer mid-frame
            await trio.sleep(PAUSE_SECONDS)
            tap.resume()                    # the watcher reads again
            await until(lambda: bool(failures), HEARD_SECONDS, what="the host's words")
            tables.cancel_scope.cancel()
    assert failures[0].code is Code.HOST_LEFT, failures
    assert [failure.code for failure in theirs] == [Code.HOST_LEFT] * 2, "the players heard it too"

"""The host's trio adapter for connections: accept, shake hands, read, write.

Who may hold a connection is `p2p.core.admission`'s decision (a small budget and a short
deadline for handshakes, the oldest silent socket dropped to make room; seated and invited
keys always admitted, others capped, `busy` beyond): this module carries it out. One task
per connection reads (bytes in, to `TableHost.receive`); a message for a peer with nothing
waiting goes straight to its socket (what the socket does not take at once is left to the
writer); otherwise one task per connection writes from a bounded outbox, so a slow peer
never stalls the table (its outbox overflows and it is dropped); one task per connection keeps it
alive: a `ping` after `PING_SECONDS` of quiet, the end after `IDLE_SECONDS` of silence.
(Keeping time in a task of its own spares every message a cancel scope of its own.)
`dispatch` delivers the core's transport outputs and hands every other output to the
observer (`p2p.net.driver` composes this with the rest).
"""
from __future__ import annotations

import contextlib
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field

import trio

from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.core.admission import Admission
from zemlevlasnyk.p2p.core.away import Heard
from zemlevlasnyk.p2p.core.errors import Code, ProtocolError
from zemlevlasnyk.p2p.core.handshake import Joiner
from zemlevlasnyk.p2p.core.host import CatchUp, Close, Output, Send, TableHost
from zemlevlasnyk.p2p.core.limits import IDLE_SECONDS, PING_SECONDS
from zemlevlasnyk.p2p.net.streams import ERROR_SECONDS, SecureStream, accept_peer

# Messages queued for one peer before we call it too slow and drop it: a whole game's
# catch-up is one item, so only a peer that stopped reading fills it.
OUTBOX_SIZE = 4096
# How long a dropped peer's last words (the error message) may take to go out.
CLOSE_GRACE_SECONDS = 2.0
# A table that stops all at once (cancelled rather than closed) still tells each peer the
# host left, from the connection's teardown, waiting at most this: a LAN takes a frame in
# milliseconds, and a peer that does not read is not waited for.
LAST_WORDS_SECONDS = 0.5
PING = messages.encode(messages.Ping())

_CLOSE = object()


@dataclass
class _Peer:
    outbox: trio.MemorySendChannel[object]
    secure: SecureStream
    cancel: trio.CancelScope = field(default_factory=trio.CancelScope)
    closing: bool = False
    heard: Heard = field(default_factory=lambda: Heard(0.0))   # since when the peer is silent (trio time)
    said: float = 0.0         # when we last sent it something
    queued: int = 0           # items in the outbox or being written
    silent: bool = False      # dropped for its silence (its laptop may be back)
    torn: bool = False        # a frame is partly written: nothing more can be said on this stream


@dataclass(frozen=True, slots=True)
class _Rest:
    """The part of a sealed frame the socket did not take at once (`SecureStream.send_now`)."""

    data: bytes


class HostServer:
    def __init__(self, core: TableHost, *, observe: Callable[[Output], None] | None = None,
                 changed: Callable[[], None] | None = None) -> None:
        """`changed()`: a connection ended (whoever waits for the table to empty looks again)."""
        self.core = core
        self.observe = observe or (lambda out: None)
        self.changed = changed or (lambda: None)
        self._peers: dict[int, _Peer] = {}
        self._ids = itertools.count(1)
        self.admission = Admission()
        self._handshakes: dict[int, trio.CancelScope] = {}

    @property
    def connections(self) -> int:
        return len(self._peers)

    async def open(self, *, bind: str, port: int) -> list[trio.SocketListener]:
        """Listen on `bind:port` (`OSError` if we cannot); the core learns the port."""
        listeners = await trio.open_tcp_listeners(port, host=bind)
        self.core.port = listeners[0].socket.getsockname()[1]
        return listeners

    async def serve(self, listeners: list[trio.SocketListener]) -> None:
        """Accept connections until cancelled."""
        await trio.serve_listeners(self.handle, listeners)

    def dispatch(self, outs: list[Output]) -> None:
        """Deliver the transport outputs; every other output goes to the observer."""
        for out in outs:
            if isinstance(out, Send):
                self._send(out.conn, out.payload)
            elif isinstance(out, CatchUp):
                self._send(out.conn, out)
            elif isinstance(out, Close):
                self._send(out.conn, messages.encode(messages.ErrorMessage(out.code.value, out.message)))
                self._close(out.conn)
            else:
                self.observe(out)

    # --- connections ------------------------------------------------------------------------------

    def _send(self, conn: int, item: bytes | CatchUp) -> None:
        peer = self._peers.get(conn)
        if peer is None or peer.closing:
            return
        queued: bytes | CatchUp | _Rest = item
        if isinstance(item, bytes) and not peer.queued:
            # Nothing waits for this peer: the message goes out now, without waking its
            # writer (a broadcast reaches every peer a scheduling round sooner).
            rest = peer.secure.send_now(item)
            if rest is not None:
                peer.said = trio.current_time()
                if not rest:
                    return
                queued = _Rest(rest)
                peer.torn = True      # until the writer sends the rest
        try:
            peer.outbox.send_nowait(queued)
            peer.queued += 1
        except trio.WouldBlock:
            peer.closing = True
            peer.cancel.cancel()

    def _close(self, conn: int) -> None:
        peer = self._peers.get(conn)
        if peer is None or peer.closing:
            return
        try:
            peer.outbox.send_nowait(_CLOSE)
        except trio.WouldBlock:
            peer.cancel.cancel()
        peer.closing = True

    async def handle(self, stream: trio.abc.Stream) -> None:
        """Serve one connection (the listener calls this; tests pass memory streams)."""
        conn = next(self._ids)
        arrival = self.admission.arrive(conn, _address(stream), trio.current_time())
        for old in arrival.evict:
            self._handshakes.pop(old, trio.CancelScope()).cancel()
        try:
            with trio.CancelScope(deadline=arrival.deadline) as handshake:
                self._handshakes[conn] = handshake
                try:
                    secure, joiner = await accept_peer(stream, key=self.core.key, table=self.core.table,
                                                       join_secret=self.core.join_secret)
                except ProtocolError:
                    return
                finally:
                    self._handshakes.pop(conn, None)
            if handshake.cancelled_caught:  # evicted to make room, or out of time
                await trio.aclose_forcefully(stream)
                return
            if not self.admission.admit(conn, seated=self._seated(joiner.key), invited=joiner.has_secret):
                await _refuse_busy(secure)
                return
            await self._serve(conn, secure, joiner)
        finally:
            self.admission.leave(conn)

    def _seated(self, key: str) -> bool:
        """Whether `key` holds a seat, in the lobby or in the game."""
        return self.core.lobby.index_of(key) is not None or any(p.key == key for p in self.core.players)

    async def _serve(self, conn: int, secure: SecureStream, joiner: Joiner) -> None:
        outbox, inbox = trio.open_memory_channel[object](OUTBOX_SIZE)
        now = trio.current_time()
        peer = _Peer(outbox, secure, heard=Heard(now), said=now)
        self._peers[conn] = peer
        try:
            with peer.cancel:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._write, conn, peer, secure, inbox, nursery.cancel_scope)
                    nursery.start_soon(self._keep_alive, peer, nursery.cancel_scope)
                    self.dispatch(self.core.connect(conn, joiner, trio.current_time()))
                    await self._read(conn, peer, secure)
                    nursery.cancel_scope.cancel()
        finally:
            del self._peers[conn]
            if trio.current_effective_deadline() == -math.inf and not peer.torn:
                # Not this connection's end but the table's, all at once (cancelled: Ctrl-C
                # under a command that did not close it): the peer hears that the host left
                # from here, as a whole frame after the last one (its writer is gone).
                with trio.CancelScope(shield=True), trio.move_on_after(LAST_WORDS_SECONDS):
                    await self._last_words(secure, self.core.leave(conn))
            self.dispatch(self.core.disconnect(conn, trio.current_time(), silent=peer.silent))
            self.changed()
            with trio.CancelScope(shield=True):
                await secure.aclose()

    @staticmethod
    async def _last_words(secure: SecureStream, outs: list[Output]) -> None:
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            for out in outs:
                if isinstance(out, Close):
                    await secure.send_encoded(messages.encode(messages.ErrorMessage(out.code.value, out.message)))

    async def _read(self, conn: int, peer: _Peer, secure: SecureStream) -> None:
        try:
            while not peer.closing:
                payload = await secure.receive_bytes()
                if payload is None:
                    return  # hung up
                now = trio.current_time()
                peer.heard.said(now)
                self.dispatch(self.core.receive(conn, payload, now))
        except ProtocolError as exc:
            # An oversized or forged frame: tell the peer, then drop it.
            self.dispatch(self.core.disconnect(conn, trio.current_time()))
            self._send(conn, messages.encode(messages.ErrorMessage(exc.code.value, exc.message)))
            self._close(conn)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            return
        # Closing: the writer flushes the error and ends the connection; a peer that does
        # not read gets this long, not forever.
        await trio.sleep(CLOSE_GRACE_SECONDS)

    async def _keep_alive(self, peer: _Peer, done: trio.CancelScope) -> None:
        """A ping after `PING_SECONDS` of quiet; the end after `IDLE_SECONDS` of silence (a
        laptop gone from the Wi-Fi sends no goodbye)."""
        while True:
            asked = min(peer.said + PING_SECONDS, peer.heard.at + IDLE_SECONDS)
            await trio.sleep_until(asked)
            now = trio.current_time()
            # We were away, not the peer: what it said meanwhile waits unread in the socket.
            peer.heard.woke(asked, now)
            if peer.heard.silent_for(now) >= IDLE_SECONDS:
                peer.silent = True
                done.cancel()
                return
            if now >= peer.said + PING_SECONDS and not peer.closing:
                peer.said = now
                with contextlib.suppress(trio.WouldBlock):
                    peer.outbox.send_nowait(PING)
                    peer.queued += 1

    async def _write(self, conn: int, peer: _Peer, secure: SecureStream, inbox: trio.MemoryReceiveChannel[object],
                     done: trio.CancelScope) -> None:
        try:
            while True:
                item = await inbox.receive()
                peer.said = trio.current_time()
                if item is _CLOSE:
                    break
                # A send cancelled half way leaves a frame torn: whatever is said after it
                # (the host's last words) would read as garbage.
                peer.torn = True
                if isinstance(item, CatchUp):
                    records = self.core.records
                    for seq in range(item.start, item.stop):
                        await secure.send_encoded(records[seq])
                    self.core.caught_up(conn)
                elif isinstance(item, _Rest):
                    await secure.send_sealed(item.data)
                else:
                    assert isinstance(item, bytes)
                    await secure.send_encoded(item)
                peer.torn = False
                peer.queued -= 1
        except (trio.BrokenResourceError, trio.ClosedResourceError, trio.EndOfChannel, OSError):
            pass
        done.cancel()


def _address(stream: trio.abc.Stream) -> str:
    """The peer's address (its share of the handshake budget is counted by address)."""
    socket = getattr(stream, "socket", None)
    try:
        name = socket.getpeername() if socket is not None else None
    except OSError:
        return "gone"
    # An IP socket's peer is (address, port, ...); a local one (a Unix socket) has none.
    return str(name[0]) if isinstance(name, tuple) and name else "local"


async def _refuse_busy(secure: SecureStream) -> None:
    error = messages.encode(messages.ErrorMessage(Code.BUSY.value, "the table is full for now: try again later"))
    with trio.move_on_after(ERROR_SECONDS), \
            contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError, ProtocolError):
        await secure.send_encoded(error)
    await secure.aclose()

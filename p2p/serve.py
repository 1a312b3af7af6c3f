"""The host's trio adapter: listens, shakes hands, feeds `TableHost`, delivers its outputs.

One task per connection reads; one task per connection writes from a bounded outbox, so a
slow peer never stalls the table (its outbox overflows and it is dropped). One more task
lets computer players move and runs the clock. Every record the host publishes is appended
to its log file.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p import wire
from zemlevlasnyk.p2p.errors import Code, ProtocolError
from zemlevlasnyk.p2p.handshake import HostHandshake
from zemlevlasnyk.p2p.host import CatchUp, Close, Knock, Output, Phase, Send, TableHost
from zemlevlasnyk.p2p.streams import (
    HANDSHAKE_SECONDS,
    IDLE_SECONDS,
    PING,
    PING_SECONDS,
    FramedStream,
    SecureStream,
    send_plain_error,
)

# Messages queued for one peer before we call it too slow and drop it: a whole game's
# catch-up fits, a stalled reader does not.
OUTBOX_SIZE = 4096
# Four players, a few spectators each, and reconnections overlapping their old connection:
# anything beyond is someone on the LAN trying to exhaust the host.
MAX_CONNECTIONS = 32
# After the last record, how long the host waits for peers to say goodbye before leaving.
FINISH_GRACE_SECONDS = 10.0

# How long a dropped peer's last words (the error message) may take to go out.
CLOSE_GRACE_SECONDS = 2.0

_CLOSE = object()

KnockPolicy = Callable[[Knock], Awaitable[bool]]


async def refuse_strangers(knock: Knock) -> bool:
    return False


@dataclass
class _Peer:
    outbox: trio.MemorySendChannel
    cancel: trio.CancelScope = field(default_factory=trio.CancelScope)
    closing: bool = False


class HostServer:
    def __init__(self, core: TableHost, *, log_path: Path | None = None,
                 knock_policy: KnockPolicy = refuse_strangers) -> None:
        self.core = core
        self.log_path = log_path
        self.knock_policy = knock_policy
        self.finished = trio.Event()
        self._peers: dict[int, _Peer] = {}
        self._ids = itertools.count(1)
        self._wake = trio.Event()
        self._logged = 0
        self._open = 0
        self._nursery: trio.Nursery | None = None

    # --- the public face -------------------------------------------------------------------

    async def serve(self, *, bind: str, port: int, task_status=trio.TASK_STATUS_IGNORED) -> None:
        """Serve until the game ends (and peers had time to say goodbye)."""
        listeners = await trio.open_tcp_listeners(port, host=bind)
        self.core.port = listeners[0].socket.getsockname()[1]
        async with trio.open_nursery() as nursery:
            self._nursery = nursery
            nursery.start_soon(self._pump)
            nursery.start_soon(trio.serve_listeners, self.handle, listeners)
            task_status.started(self.core.port)
            self.dispatch([])
            await self.finished.wait()
            with trio.move_on_after(FINISH_GRACE_SECONDS):
                while self._peers:
                    await trio.sleep(0.05)
            nursery.cancel_scope.cancel()

    def dispatch(self, outs: list[Output]) -> None:
        """Deliver the core's outputs; also call this after driving the core directly."""
        encoded: dict[int, bytes] = {}
        for out in outs:
            if isinstance(out, Send):
                key = id(out.message)
                if key not in encoded:
                    encoded[key] = wire.encode(out.message)  # a broadcast is encoded once
                self._send(out.conn, encoded[key])
            elif isinstance(out, CatchUp):
                self._send(out.conn, out)
            elif isinstance(out, Close):
                self._send(out.conn, {"t": "error", "code": out.code.value, "message": out.message})
                self._close(out.conn)
            elif isinstance(out, Knock) and self._nursery is not None:
                self._nursery.start_soon(self._ask, out)
        self._log_new_records()
        if self.core.phase is Phase.FINISHED:
            self.finished.set()
        self._wake.set()

    # --- internals -------------------------------------------------------------------------

    def _send(self, conn: int, message: dict[str, Any] | bytes | CatchUp) -> None:
        peer = self._peers.get(conn)
        if peer is None or peer.closing:
            return
        try:
            peer.outbox.send_nowait(message)
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

    async def _ask(self, knock: Knock) -> None:
        accept = await self.knock_policy(knock)
        self.dispatch(self.core.answer_knock(knock.conn, accept, trio.current_time()))

    def _log_new_records(self) -> None:
        new = self.core.records[self._logged:]
        if not new or self.log_path is None:
            return
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            for record in new:
                log.write(canonical_json(record) + b"\n")
        self._logged = len(self.core.records)

    async def _pump(self) -> None:
        """Computer players move, and the clock runs out, here."""
        while True:
            self._wake = trio.Event()
            outs = self.core.step(trio.current_time())
            if outs:
                self.dispatch(outs)
                await trio.sleep(0)
                continue
            deadline = self.core.next_deadline()
            with trio.move_on_at(deadline if deadline is not None else math.inf):
                await self._wake.wait()
            self.dispatch(self.core.tick(trio.current_time()))

    async def handle(self, stream: trio.abc.Stream) -> None:
        """Serve one connection (the listener calls this; tests pass memory streams)."""
        framed = FramedStream(stream)
        conn = next(self._ids)
        if self._open >= MAX_CONNECTIONS:
            await send_plain_error(framed, Code.REFUSED, "too many connections to this table")
            await framed.aclose()
            return
        self._open += 1
        try:
            await self._serve_connection(conn, framed)
        finally:
            self._open -= 1

    async def _serve_connection(self, conn: int, framed: FramedStream) -> None:
        try:
            with trio.fail_after(HANDSHAKE_SECONDS):
                handshake = HostHandshake(self.core.key, self.core.table, self.core.join_secret)
                hello = await framed.receive()
                if hello is None:
                    return
                await framed.send(handshake.receive_hello(hello))
                auth = await framed.receive()
                if auth is None:
                    return
                channel, joiner = handshake.receive_auth(auth)
        except ProtocolError as exc:
            await send_plain_error(framed, exc.code, exc.message, channel=handshake.channel)
            await framed.aclose()
            return
        except (trio.TooSlowError, trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            await framed.aclose()
            return
        secure = SecureStream(framed, channel)
        outbox, inbox = trio.open_memory_channel[Any](OUTBOX_SIZE)
        peer = _Peer(outbox)
        self._peers[conn] = peer
        try:
            with peer.cancel:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._write, secure, inbox, nursery.cancel_scope)
                    self.dispatch(self.core.connect(conn, joiner, trio.current_time()))
                    await self._read(conn, secure)
                    nursery.cancel_scope.cancel()
        finally:
            del self._peers[conn]
            self.dispatch(self.core.disconnect(conn, trio.current_time()))
            with trio.CancelScope(shield=True):
                await framed.aclose()

    async def _read(self, conn: int, secure: SecureStream) -> None:
        try:
            while not self._peers[conn].closing:
                with trio.move_on_after(IDLE_SECONDS) as idle:
                    message = await secure.receive()
                if idle.cancelled_caught or message is None:
                    return  # gone without a word, or hung up
                self.dispatch(self.core.receive(conn, message, trio.current_time()))
        except ProtocolError as exc:
            # Garbage, an oversized frame, a forged frame: tell the peer, then drop it.
            self._send(conn, {"t": "error", "code": exc.code.value, "message": exc.message})
            self._close(conn)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            return
        # Closing: the writer flushes the error and ends the connection; a peer that does
        # not read gets this long, not forever.
        await trio.sleep(CLOSE_GRACE_SECONDS)

    async def _write(self, secure: SecureStream, inbox: trio.MemoryReceiveChannel, done: trio.CancelScope) -> None:
        try:
            while True:
                with trio.move_on_after(PING_SECONDS) as quiet:
                    message = await inbox.receive()
                if quiet.cancelled_caught:
                    await secure.send(PING)
                    continue
                if message is _CLOSE:
                    break
                if isinstance(message, CatchUp):
                    for seq in range(message.start, message.stop):
                        await secure.send(self.core.record_message(seq))
                    continue
                await secure.send_encoded(message if isinstance(message, bytes) else wire.encode(message))
        except (trio.BrokenResourceError, trio.ClosedResourceError, trio.EndOfChannel, OSError):
            pass
        done.cancel()

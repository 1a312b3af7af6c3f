"""Thin trio adapters: frames and sealed messages over a trio stream, dialling a table
(`open_table`, the peer's side) and shaking hands with a peer (`accept_peer`, the host's).

All protocol decisions live in the sans-IO modules (`framing`, `noise`, `handshake`); this
module only moves their bytes. These two functions are the only way in for the rest.
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import Mapping

import trio
from nacl.signing import SigningKey

from zemlevlasnyk.engine import JSON, JSONObject
from zemlevlasnyk.p2p.core import wire
from zemlevlasnyk.p2p.core.admission import HANDSHAKE_SECONDS as HANDSHAKE_DEADLINE
from zemlevlasnyk.p2p.core.errors import Code, Fault, ProtocolError, remote
from zemlevlasnyk.p2p.core.framing import FrameDecoder, encode_frame
from zemlevlasnyk.p2p.core.handshake import PLAYING, ClientHandshake, HostHandshake, Joiner, SecureChannel
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.links import Invite

# Big enough for a whole record in one read, small enough to bound each read's buffer.
RECEIVE_CHUNK = 64 * 1024
# A LAN host answers a handshake in milliseconds; ten seconds forgives a busy laptop.
HANDSHAKE_SECONDS = 10.0
# The host's side is stricter: its door is shared by everyone on the Wi-Fi, and a peer's
# whole handshake is one frame out and one in (the admission's deadline, p2p/core/admission.py).
ACCEPT_SECONDS = HANDSHAKE_DEADLINE
# A last word to a peer we drop must not hold us up.
ERROR_SECONDS = 1.0
# Both sides say something at least this often (a `ping` when there is nothing else), and
# take a connection that stayed silent for IDLE_SECONDS (three pings missed) for dead: a
# laptop that left the Wi-Fi sends no goodbye, and TCP would take many minutes to notice.
PING_SECONDS = 10.0
IDLE_SECONDS = 35.0
PING = {"t": "ping"}


class FramedStream:
    def __init__(self, stream: trio.abc.Stream) -> None:
        self.stream = stream
        self._decoder = FrameDecoder()
        self._frames: list[bytes] = []

    async def send(self, payload: bytes) -> None:
        await self.stream.send_all(encode_frame(payload))

    def write_now(self, data: bytes) -> int | None:
        """Write what the socket takes of `data` at once, from synchronous code: the bytes
        written (0 when its buffer is full), or None when this is not a socket we can write
        to directly (a memory stream in tests). Only for a caller that knows no task is
        sending on this stream. A broken connection counts as 0: the next ordinary send
        finds it broken."""
        if not isinstance(self.stream, trio.SocketStream):
            return None
        try:
            return os.write(self.stream.socket.fileno(), data)
        except OSError:
            return 0

    async def receive(self) -> bytes | None:
        """The next frame; None when the other side closed the connection cleanly."""
        while not self._frames:
            data = await self.stream.receive_some(RECEIVE_CHUNK)
            if not data:
                if self._decoder.pending:
                    raise remote(Code.GARBAGE, "connection closed in the middle of a frame")
                return None
            self._frames = self._decoder.feed(bytes(data))
        return self._frames.pop(0)

    async def aclose(self) -> None:
        await self.stream.aclose()


class SecureStream:
    """Messages sealed by the handshake's channel, one per frame."""

    def __init__(self, framed: FramedStream, channel: SecureChannel) -> None:
        self.framed = framed
        self._channel = channel
        self._send_lock = trio.Lock()

    async def send(self, message: Mapping[str, JSON]) -> None:
        await self.send_encoded(wire.encode(message))

    async def send_encoded(self, plain: bytes) -> None:
        await self._send(plain, sealed=False)

    async def send_sealed(self, data: bytes) -> None:
        """Send bytes already sealed and framed (the rest of a frame `send_now` began)."""
        await self._send(data, sealed=True)

    async def _send(self, data: bytes, *, sealed: bool) -> None:
        # Sealing happens once the lock is ours, so frames go out in the order of their
        # nonces, and a send cancelled while it waits for the lock has used no nonce.
        if self._send_lock.locked():
            async with self._send_lock:
                await self.framed.stream.send_all(data if sealed else encode_frame(self._channel.seal_encoded(data)))
            return
        # Nobody else is sending: the lock is taken without a scheduling round of its own
        # (sending checkpoints anyway), one round fewer per message.
        self._send_lock.acquire_nowait()
        try:
            await self.framed.stream.send_all(data if sealed else encode_frame(self._channel.seal_encoded(data)))
        finally:
            self._send_lock.release()

    def send_now(self, plain: bytes) -> bytes | None:
        """Seal and send a message at once from synchronous code (the host's broadcast),
        when no task is sending: the part of the frame the socket did not take yet, which
        the caller must send next with `send_sealed` (b"" when it all went), or None when
        it cannot be sent this way (nothing was sealed: send it the ordinary way)."""
        if self._send_lock.locked() or not isinstance(self.framed.stream, trio.SocketStream):
            return None
        frame = encode_frame(self._channel.seal_encoded(plain))
        written = self.framed.write_now(frame) or 0
        return frame[written:]

    async def receive(self) -> JSONObject | None:
        payload = await self.framed.receive()
        return None if payload is None else self._channel.open(payload)

    async def receive_bytes(self) -> bytes | None:
        """The next message's plain bytes, undecoded (a record is sliced, not re-encoded)."""
        payload = await self.framed.receive()
        return None if payload is None else self._channel.open_bytes(payload)

    async def aclose(self) -> None:
        await self.framed.aclose()


async def dial(invite: Invite) -> trio.abc.Stream:
    """A TCP connection to the host of `invite`."""
    try:
        with trio.fail_after(HANDSHAKE_SECONDS):
            return await trio.open_tcp_stream(invite.host, invite.port)
    except (OSError, trio.TooSlowError) as exc:
        raise ProtocolError(Code.CLOSED, f"cannot reach {invite.host}:{invite.port}: {exc or 'timed out'}",
                            fault=Fault.LOCAL, reason="cannot_reach",
                            params={"address": f"{invite.host}:{invite.port}"}) from None


async def open_table(invite: Invite, profile: Profile, *, want: str = PLAYING, last_seq: int = -1,
                     stream: trio.abc.Stream | None = None) -> SecureStream:
    """Complete the handshake with the host of `invite` over `stream` (dialled if None).

    `ProtocolError` says who is at fault: `remote` for a host that refuses or misbehaves
    (a different key, a wrong secret), `local` when the host cannot be reached."""
    if stream is None:
        stream = await dial(invite)
    framed = FramedStream(stream)
    try:
        with trio.fail_after(HANDSHAKE_SECONDS):
            handshake = ClientHandshake(profile, invite, want=want, last_seq=last_seq)
            await framed.send(handshake.hello())
            welcome = await framed.receive()
            if welcome is None:
                raise remote(Code.CLOSED, "the host hung up during the handshake")
            channel, auth = handshake.receive_welcome(welcome)
            await framed.send(auth)
    except trio.TooSlowError:
        await framed.aclose()
        raise remote(Code.HANDSHAKE, "the host did not answer the handshake in time") from None
    except (ProtocolError, trio.BrokenResourceError, OSError) as exc:
        await framed.aclose()
        if isinstance(exc, ProtocolError):
            raise
        raise remote(Code.CLOSED, f"the connection broke during the handshake: {exc}") from None
    return SecureStream(framed, channel)


async def accept_peer(stream: trio.abc.Stream, *, key: SigningKey, table: str, join_secret: bytes,
                      seconds: float = ACCEPT_SECONDS) -> tuple[SecureStream, Joiner]:
    """The host's side of the handshake over a fresh connection: the sealed stream and who
    is on the other end. On any failure the peer is told why (as far as it can be, see
    `HostHandshake.refusal`), the stream is closed, and `ProtocolError(remote)` raised;
    `seconds` bounds the whole handshake (`handshake` error when it runs out)."""
    framed = FramedStream(stream)
    handshake = HostHandshake(key, table, join_secret)
    try:
        with trio.fail_after(seconds):
            hello = await framed.receive()
            if hello is None:
                raise remote(Code.CLOSED, "the peer hung up before its handshake")
            await framed.send(handshake.receive_hello(hello))
            auth = await framed.receive()
            if auth is None:
                raise remote(Code.CLOSED, "the peer hung up during the handshake")
            channel, joiner = handshake.receive_auth(auth)
    except ProtocolError as exc:
        with trio.move_on_after(ERROR_SECONDS), \
                contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError, ProtocolError):
            await framed.send(handshake.refusal(exc))
        await framed.aclose()
        raise
    except trio.TooSlowError:
        await framed.aclose()
        raise remote(Code.HANDSHAKE, f"no handshake within {seconds:g} s") from None
    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError) as exc:
        await framed.aclose()
        raise remote(Code.CLOSED, f"the connection broke during the handshake: {exc}") from None
    return SecureStream(framed, channel), joiner


async def send_plain_error(framed: FramedStream, code: Code, message: str, *,
                           channel: SecureChannel | None = None) -> None:
    """Tell a peer why we hang up on it during the handshake (best effort): sealed when the
    channel exists already, in the clear before."""
    error = {"t": "error", "code": code.value, "message": message}
    try:
        with trio.move_on_after(ERROR_SECONDS):
            await framed.send(channel.seal(error) if channel is not None else wire.encode(error))
    except (trio.BrokenResourceError, trio.ClosedResourceError, OSError, ProtocolError):
        pass

"""The peer's trio adapter: dials the host, feeds `TablePeer`, sends what it answers.

It appends every record to the log file as it arrives, and when the connection drops
mid-game it dials again with the same key and catches up from its last record.
"""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import trio

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.errors import CheatingHost, Code, Fault, ProtocolError
from zemlevlasnyk.p2p.handshake import PLAYING
from zemlevlasnyk.p2p.links import Invite
from zemlevlasnyk.p2p.peer import Arrived, Finished, HostCheated, HostError, Outgoing, PeerOutput, TablePeer
from zemlevlasnyk.p2p.streams import IDLE_SECONDS, PING, PING_SECONDS, SecureStream, dial, open_table

# Dial again this often, this many times, after losing the host mid-game: a laptop that
# changes Wi-Fi access point is back within seconds; a minute covers a host restart.
RECONNECT_DELAY_SECONDS = 1.0
RECONNECT_ATTEMPTS = 60
# Host errors after which dialling again cannot help.
_FINAL = {Code.REFUSED.value, Code.BAD_SECRET.value, Code.HOST_KEY_MISMATCH.value,
          Code.VERSION.value, Code.WRONG_TABLE.value, Code.HANDSHAKE.value}


class PeerClient:
    def __init__(self, core: TablePeer, invite: Invite, *, want: str = PLAYING, log_path: Path | None = None,
                 on_output: Callable[[PeerOutput], None] | None = None,
                 connect: Callable[[], Awaitable[trio.abc.Stream]] | None = None) -> None:
        self.core = core
        self.connect = connect or (lambda: dial(invite))
        self.invite = invite
        self.want = want
        self.log_path = log_path
        self.on_output = on_output
        self._stream: SecureStream | None = None

    async def send(self, message: dict[str, Any]) -> None:
        """Send a message from whoever drives this peer (a person's window)."""
        if self._stream is None:
            raise ProtocolError(Code.CLOSED, "not connected to the host", fault=Fault.LOCAL)
        await self._stream.send(message)

    async def run(self) -> Finished:
        """Play until the game ends; `ProtocolError` (e.g. `CheatingHost`) if it cannot."""
        failures = 0
        while True:
            try:
                self._stream = await open_table(self.invite, self.core.profile, want=self.want,
                                                last_seq=self.core.replica.seq, stream=await self.connect())
            except ProtocolError as exc:
                if exc.code.value in _FINAL or self.core.replica.seq < 0:
                    raise
                failures += 1
                if failures > RECONNECT_ATTEMPTS:
                    raise
                await trio.sleep(RECONNECT_DELAY_SECONDS)
                continue
            failures = 0
            try:
                finished = await self._session(self._stream)
            finally:
                with trio.CancelScope(shield=True):
                    await self._stream.aclose()
                self._stream = None
            if finished is not None:
                return finished
            await trio.sleep(RECONNECT_DELAY_SECONDS)

    async def _session(self, stream: SecureStream) -> Finished | None:
        """One connection's worth of play; None when the connection was lost."""
        error: ProtocolError | None = None
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._ping, stream)
            try:
                finished = await self._play(stream)
            except ProtocolError as exc:
                error = exc  # raised below, outside the nursery, as itself
            nursery.cancel_scope.cancel()
        if error is not None:
            raise error
        return finished

    @staticmethod
    async def _ping(stream: SecureStream) -> None:
        try:
            while True:
                await trio.sleep(PING_SECONDS)
                await stream.send(PING)
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            return

    async def _play(self, stream: SecureStream) -> Finished | None:
        try:
            while True:
                with trio.move_on_after(IDLE_SECONDS) as idle:
                    message = await stream.receive()
                if idle.cancelled_caught or message is None:
                    return None  # the host went silent, or hung up
                for out in self.core.receive(message, trio.current_time()):
                    finished = await self._handle(stream, out)
                    if finished is not None:
                        return finished
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            return None
        except ProtocolError as exc:
            if exc.fault is Fault.REMOTE and not isinstance(exc, CheatingHost) and self.core.replica.seq >= 0:
                return None  # a broken connection mid-game: dial again
            raise

    async def _handle(self, stream: SecureStream, out: PeerOutput) -> Finished | None:
        if self.on_output is not None:
            self.on_output(out)
        if isinstance(out, Outgoing):
            await stream.send(out.message)
        elif isinstance(out, Arrived):
            self._log(out.record)
        elif isinstance(out, HostCheated):
            raise out.error
        elif isinstance(out, HostError):
            try:
                code = Code(out.code)
            except ValueError:
                code = Code.CLOSED
            if out.code in _FINAL or self.core.replica.seq < 0:
                raise ProtocolError(code, f"the host hung up: {out.message}", fault=Fault.REMOTE)
        elif isinstance(out, Finished):
            try:
                await stream.send({"t": "bye", "seq": self.core.replica.seq, "state": out.state_hash})
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                pass
            return out
        return None

    def _log(self, record: dict[str, Any]) -> None:
        if self.log_path is None:
            return
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            log.write(canonical_json(record) + b"\n")

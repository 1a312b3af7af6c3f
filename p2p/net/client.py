"""The peer's trio adapter: dials the host, feeds `TablePeer`, sends what it answers.

It tells its observer about the connection as well as the table: `Connected` when the host
admits us (or answers again after a silence), `HostSilent` after `SILENT_SECONDS` without a
word from the host (the window disables the move buttons), `Reconnecting(attempt)` while it
dials again with backoff after `IDLE_SECONDS` of silence or a broken connection (a `busy`
refusal is retried too), and `HostLost` when the host stayed unreachable for
`HOST_LOST_SECONDS`: then `run` raises a remote `host_lost` error, never blaming this side.
Every record is appended to the saved game (p2p/store/savegame.py) as it arrives, once (a
rejoin's catch-up does not write a record twice), and so is the evidence of our actions
the host left unanswered. A saved game that cannot be written stops being written (the
`SaveFailed` output says why) while the game goes on.
"""
from __future__ import annotations

import contextlib
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import trio

from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.core.away import Heard, Waking, waking
from zemlevlasnyk.p2p.core.errors import CheatingHost, Code, ProtocolError, RemoteProtocolError, local, remote
from zemlevlasnyk.p2p.core.handshake import PLAYING
from zemlevlasnyk.p2p.core.limits import IDLE_SECONDS, PING_SECONDS, SILENT_SECONDS
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import (
    ActionUnanswered,
    Admitted,
    Arrived,
    Finished,
    HostBehind,
    HostCheated,
    HostError,
    Outgoing,
    PeerOutput,
    TablePeer,
)
from zemlevlasnyk.p2p.net.streams import SecureStream, dial, open_table
from zemlevlasnyk.p2p.store.savegame import SaveGame, SaveGameError, header_for

# Dialling again after losing the host: quickly at first (a Wi-Fi roam is back within a
# second or two), then every few seconds; a minute covers a host laptop's restart.
BACKOFF_SECONDS = (0.5, 1.0, 2.0, 4.0)
BACKOFF_MAX_SECONDS = 5.0
HOST_LOST_SECONDS = 60.0
# A host too busy to take us (its connection budget is full) is asked again this often.
BUSY_RETRY_SECONDS = 1.0
# Host errors after which dialling again cannot help.
_FINAL = {Code.REFUSED.value, Code.BAD_SECRET.value, Code.HOST_KEY_MISMATCH.value, Code.VERSION.value,
          Code.WRONG_TABLE.value, Code.HANDSHAKE.value, Code.FLOOD.value}
PING = messages.encode(messages.Ping())


@dataclass(frozen=True, slots=True)
class Connected:
    """The host admitted us, or answers again after a silence."""


@dataclass(frozen=True, slots=True)
class HostSilent:
    """The host said nothing for `SILENT_SECONDS`: moves wait until it answers."""


@dataclass(frozen=True, slots=True)
class Reconnecting:
    """The connection is gone; dialling again (`attempt` 1, 2, ...). `away`: this dial came
    after we found we had been away ourselves (`p2p.core.away`): the host's silence before
    it is counted afresh."""

    attempt: int
    away: bool = False


@dataclass(frozen=True, slots=True)
class HostLost:
    """The host stayed unreachable: the table cannot go on from here."""

    message: str


@dataclass(frozen=True, slots=True)
class SaveFailed:
    """The saved game could not be written (`problem` says why); the game goes on unsaved."""

    problem: SaveGameError


ClientOutput = PeerOutput | Connected | HostSilent | Reconnecting | HostLost | SaveFailed


def backoff(attempt: int) -> float:
    return BACKOFF_SECONDS[attempt - 1] if attempt <= len(BACKOFF_SECONDS) else BACKOFF_MAX_SECONDS


class PeerClient:
    def __init__(self, core: TablePeer, invite: Invite, *, want: str = PLAYING, log_path: Path | None = None,
                 on_output: Callable[[ClientOutput], None] | None = None,
                 connect: Callable[[], Awaitable[trio.abc.Stream]] | None = None,
                 records_from: Callable[[int], Iterable[bytes]] | None = None) -> None:
        """`records_from(seq)`: our records from `seq` on (the saved game's), handed to a
        host that took the table over and holds fewer (docs/PROTOCOL.md section 9)."""
        self.core = core
        self.records_from = records_from
        self.connect = connect or (lambda: dial(invite))
        self.invite = invite
        self.want = want
        self.log_path = log_path
        self.on_output = on_output or (lambda out: None)
        self._stream: SecureStream | None = None
        self._heard = Heard(0.0)   # since when the host is silent (trio time)
        self._silent = False
        self._admitted = False
        self._saved: SaveGame | None = None

    async def send(self, message: messages.PeerMessage | Outgoing | bytes) -> None:
        """Send a message from whoever drives this peer (a person's window); bytes are
        sent as they are."""
        if self._stream is None:
            raise local(Code.CLOSED, "not connected to the host")
        if isinstance(message, bytes):
            payload = message
        else:
            payload = message.payload if isinstance(message, Outgoing) else messages.encode(message)
        await self._stream.send_encoded(payload)
        if not isinstance(message, bytes):
            self.core.went_out(message.message if isinstance(message, Outgoing) else message, trio.current_time())

    async def run(self) -> Finished:
        """Play until the game ends; `ProtocolError` (e.g. `CheatingHost`) if it cannot."""
        try:
            return await self._run()
        finally:
            if self._saved is not None:
                self._saved.close()
                self._saved = None

    async def _run(self) -> Finished:
        attempt = 0
        lost_at: float | None = None
        away = False
        while True:
            busy = False
            try:
                self._stream = await open_table(self.invite, self.core.profile, want=self.want,
                                                last_seq=self.core.replica.seq, stream=await self.connect())
            except ProtocolError as exc:
                if exc.code.value in _FINAL or (not self._admitted and exc.code is not Code.BUSY):
                    raise
                busy = exc.code is Code.BUSY
                finished = None
            else:
                try:
                    finished = await self._session(self._stream)
                except RemoteProtocolError as exc:
                    if exc.code is not Code.BUSY:
                        raise
                    busy, finished = True, None  # admission refused us after the handshake
                finally:
                    with trio.CancelScope(shield=True):
                        await self._stream.aclose()
                    self._stream = None
                if finished is not None:
                    return finished
                if not busy:
                    attempt, lost_at = 0, None  # we had a connection: count afresh
            attempt += 1
            lost_at = trio.current_time() if lost_at is None else lost_at
            self._give_up_after(lost_at)
            self.on_output(Reconnecting(attempt, away=away))
            asked = trio.current_time() + (BUSY_RETRY_SECONDS if busy else backoff(attempt))
            await trio.sleep_until(asked)
            away = waking(asked, trio.current_time()) is Waking.AWAY
            if away:
                lost_at = trio.current_time()   # our own absence is not the host's: counted afresh

    def _give_up_after(self, lost_at: float) -> None:
        if trio.current_time() - lost_at >= HOST_LOST_SECONDS:
            why = f"the host has not answered for {HOST_LOST_SECONDS:g} s; the records so far are kept"
            self.on_output(HostLost(why))
            raise remote(Code.HOST_LOST, why)

    async def _session(self, stream: SecureStream) -> Finished | None:
        """One connection's worth of play; None when the connection was lost."""
        error: ProtocolError | None = None
        finished: Finished | None = None
        self._heard = Heard(trio.current_time())
        self._silent = False
        async with trio.open_nursery() as nursery:
            nursery.start_soon(self._ping, stream)
            nursery.start_soon(self._watch, nursery.cancel_scope)
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
        with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            while True:
                await trio.sleep(PING_SECONDS)
                await stream.send_encoded(PING)

    async def _watch(self, session: trio.CancelScope) -> None:
        """The host's silence: shown after `SILENT_SECONDS`, the end after `IDLE_SECONDS`
        (a task of its own, so that no message needs a cancel scope of its own).

        A watch that finds it was away (`p2p.core.away`: a closed lid, a stopped process)
        counts the silence afresh: what the host said meanwhile waits unread in the socket,
        and trio may wake this task before the reader. A player stalled across the game's
        end would otherwise hang up on the end record waiting in its socket, find the host
        gone, and take the table over."""
        while True:
            asked = self._heard.at + (IDLE_SECONDS if self._silent else SILENT_SECONDS)
            await trio.sleep_until(asked)
            now = trio.current_time()
            if self._heard.woke(asked, now) is Waking.AWAY:
                continue
            if self._heard.silent_for(now) < (IDLE_SECONDS if self._silent else SILENT_SECONDS):
                continue   # the host spoke meanwhile
            if self._silent:
                session.cancel()   # silent for IDLE_SECONDS: the connection is dead
                return
            self._silent = True
            self.on_output(HostSilent())

    async def _play(self, stream: SecureStream) -> Finished | None:
        try:
            while True:
                payload = await stream.receive_bytes()
                if payload is None:
                    return None  # the host hung up
                now = trio.current_time()
                self._heard.said(now)
                if self._silent:
                    self._silent = False
                    self.on_output(Connected())
                for out in self.core.receive(payload, now):
                    finished = await self._handle(stream, out)
                    if finished is not None:
                        return finished
        except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            return None
        except RemoteProtocolError as exc:
            if not isinstance(exc, CheatingHost) and exc.code is not Code.HOST_LEFT and self._admitted:
                return None  # a broken connection (a garbled frame): dial again
            raise

    async def _handle(self, stream: SecureStream, out: PeerOutput) -> Finished | None:
        self.on_output(out)
        if isinstance(out, Outgoing):
            await stream.send_encoded(out.payload)
            self.core.went_out(out.message, trio.current_time())
        elif isinstance(out, Admitted):
            self._admitted = True
            self.on_output(Connected())
        elif isinstance(out, Arrived):
            self._save(out.seq, out.wire)
        elif isinstance(out, ActionUnanswered):
            self._save_evidence(out)
        elif isinstance(out, HostBehind) and self.records_from is not None:
            for record in self.records_from(out.start):
                await stream.send_encoded(record)
        elif isinstance(out, HostCheated):
            raise out.error
        elif isinstance(out, HostError):
            if out.code == Code.HOST_LEFT.value:
                raise remote(Code.HOST_LEFT, f"the host left the table: {out.message}")
            try:
                code = Code(out.code)
            except ValueError:
                code = Code.CLOSED
            if out.code in _FINAL or not self._admitted:
                raise remote(code, f"the host hung up: {out.message}")
        elif isinstance(out, Finished):
            with contextlib.suppress(trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                await stream.send_encoded(self.core.bye().payload)
            return out
        return None

    def _save(self, seq: int, wire: bytes) -> None:
        if self.log_path is None:
            return
        try:
            if self._saved is None:
                header = header_for(wire, table=self.invite.table, host=self.invite.host_key.hex(),
                                    me=self.core.profile.key_hex)
                self._saved = SaveGame.open(self.log_path, header)
            self._saved.append(seq, wire)
        except SaveGameError as exc:
            self._stop_saving(exc)

    def _save_evidence(self, unanswered: ActionUnanswered) -> None:
        if self._saved is None:
            return
        try:
            self._saved.sent(unanswered.seq, unanswered.action)
        except SaveGameError as exc:
            self._stop_saving(exc)

    def _stop_saving(self, problem: SaveGameError) -> None:
        if self._saved is not None:
            self._saved.close()
        self._saved = None
        self.log_path = None
        self.on_output(SaveFailed(problem))

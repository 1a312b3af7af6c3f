"""Shared helpers for the table tests: an in-memory table (host core + peer cores, no
sockets) and deterministic profiles."""
from __future__ import annotations

import contextlib
import json
import os
import random
import sys
from collections import deque
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import trio
import trio.testing
from nacl.signing import SigningKey

from helpers.paths import REPO as REPO
from zemlevlasnyk.engine import DEFAULT_PRESET, Scripted
from zemlevlasnyk.engine.events import Paid
from zemlevlasnyk.p2p.core import commit_reveal, messages
from zemlevlasnyk.p2p.core.errors import Code
from zemlevlasnyk.p2p.core.handshake import PLAYING, Joiner
from zemlevlasnyk.p2p.core.host import TRANSPORT, CatchUp, Close, KnockArrived, Send, TableHost, TablePhase
from zemlevlasnyk.p2p.core.identity import COLOURS, Profile
from zemlevlasnyk.p2p.core.ledger import Ledger
from zemlevlasnyk.p2p.core.peer import Finished, HostCheated, Outgoing, Refused, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import split_record


def profile(n: int, name: str | None = None) -> Profile:
    return Profile(name or f"P{n}", COLOURS[n % len(COLOURS)], SigningKey(bytes([n + 1]) * 32))


# The language the processes speak unless a test asks for another (by setting LANG): the
# fault and table tests read their lines, and a machine set to Ukrainian must not fail them.
TEST_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES")


def subprocess_env(data_home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in TEST_LOCALE_VARIABLES}
    env["LANG"] = "en_GB.UTF-8"
    env["XDG_DATA_HOME"] = str(data_home)
    env["ZEMLEVLASNYK_INTERFACES"] = "127.0.0.1"
    env["PYTHONUNBUFFERED"] = "1"
    return env


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "zemlevlasnyk", *args]


def body(record: bytes) -> dict[str, Any]:
    """A record's body (for tests that look inside records)."""
    return json.loads(split_record(record)[0])


def payload(message: Any) -> bytes:
    """The bytes of a message: typed, an `Outgoing`, a plain dict or bytes already."""
    if isinstance(message, bytes):
        return message
    if isinstance(message, Outgoing):
        return message.payload
    if isinstance(message, dict):
        return messages.wire.encode(message)
    return messages.encode(message)


class MemoryTable:
    """A host core and peer cores passing messages (as bytes) through a queue."""

    def __init__(self, *, peers: int = 3, level: str | None = "medium", clock: bool = True,
                 host_cls: type[TableHost] = TableHost, seed: int = 1, table: str = "00112233aabbccdd",
                 chain_length: int = 4096, preset: str = DEFAULT_PRESET,
                 options: dict[str, Any] | None = None) -> None:
        self.now = 1000.0
        self.host = host_cls(profile(0, "Host"), table=table, clock=clock, chain_length=chain_length,
                             preset=preset, options=options)
        self.peers: dict[int, TablePeer] = {}
        self.closed: dict[int, Close] = {}
        self.refusals: dict[int, list[Refused]] = {}
        self.knocks: list[KnockArrived] = []
        self.outputs: dict[int, list[Any]] = {}
        self.observed: list[Any] = []
        self.sent_bytes: dict[int, int] = {}
        self.held: set[int] = set()        # peers whose incoming messages wait (a stalled laptop)
        self.host_away = False             # the host's process is not running: what it is sent waits
        self._unread: deque[tuple[int, bytes, bool]] = deque()
        self._queue: deque[tuple[int, bytes, bool]] = deque()
        self._parked: deque[tuple[int, bytes, bool]] = deque()
        for n in range(1, peers + 1):
            policy = make_policy(level, seed * 100 + n) if level else None
            self.add_peer(n, policy=policy)

    def add_peer(self, n: int, *, policy=None, has_secret: bool = True, want: str = PLAYING,
                 last_seq: int = -1) -> TablePeer:
        me = profile(n)
        peer = self.peers.get(n) or TablePeer(me, table=self.host.table, host_key=self.host.profile.public_key,
                                              policy=policy, entropy_key=bytes([n]) * 32)
        self.peers[n] = peer
        self.refusals.setdefault(n, [])
        self.outputs.setdefault(n, [])
        self.closed.pop(n, None)
        joiner = Joiner(me.key_hex, me.name, me.colour, want, has_secret, last_seq)
        self.deliver(self.host.connect(n, joiner, self.now))
        return peer

    def drop(self, n: int, *, silent: bool = False) -> None:
        """Peer n's connection ends (it hung up; `silent`: it fell silent, a lid closed)."""
        self.closed[n] = Close(n, Code.CLOSED, "gone")
        self.deliver(self.host.disconnect(n, self.now, silent=silent))

    def start_game(self) -> MemoryTable:
        """Everyone seated is in: the host starts the game and it is delivered (itself, to chain)."""
        self.run()
        if self.host.phase is TablePhase.LOBBY:
            self.deliver(self.host.start(self.now))
        self.run()
        return self

    def to_move(self) -> int:
        """Which peer's seat the game waits for now."""
        game = self.host.game
        assert game is not None
        pending = {d.seat for d in game.pending()}
        return next(n for n, p in self.peers.items() if p.seat in pending)

    def deliver(self, outs: list[Any]) -> None:
        for out in outs:
            if isinstance(out, Send):
                self._queue.append((out.conn, out.payload, True))
            elif isinstance(out, CatchUp):
                for seq in range(out.start, out.stop):
                    self._queue.append((out.conn, self.host.records[seq], True))
                self.host.caught_up(out.conn)
            elif isinstance(out, Close):
                self.closed[out.conn] = out
            else:
                assert not isinstance(out, TRANSPORT)
                self.observed.append(out)
                if isinstance(out, KnockArrived):
                    self.knocks.append(out)

    def send_from(self, n: int, message: Any) -> None:
        self._queue.append((n, payload(message), False))

    def run(self, *, max_steps: int = 200_000, quiet: bool = True, until: Any = None) -> None:
        """Deliver everything and let computer players move until nothing happens (or,
        with `quiet` False, at most `max_steps` deliveries and moves); stop early once
        `until()` is true. The one message loop of every in-memory table: subclasses see
        what a peer made of a message in `_seen`, and pace the host in `_host_step`."""
        for _ in range(max_steps):
            if until is not None and until():
                return
            if self._queue:
                conn, data, to_peer = self._queue.popleft()
                if to_peer:
                    self._to_peer(conn, data)
                elif self.host_away:
                    self._unread.append((conn, data, to_peer))
                elif conn not in self.closed:
                    self.deliver(self.host.receive(conn, data, self.now))
                continue
            if self.host_away:
                return
            outs = self._host_step()
            if not outs:
                return
            self.deliver(outs)
        if quiet:
            raise AssertionError("the table never went quiet")

    def _to_peer(self, conn: int, data: bytes) -> None:
        if conn in self.closed or conn not in self.peers:
            return
        if conn in self.held:
            self._parked.append((conn, data, True))
            return
        self.sent_bytes[conn] = self.sent_bytes.get(conn, 0) + len(data)
        for out in self.peers[conn].receive(data, self.now):
            self.outputs[conn].append(out)
            self._seen(conn, out)

    def _seen(self, conn: int, out: Any) -> None:
        """What peer `conn` made of a message: its answers go to the host."""
        if isinstance(out, Outgoing):
            self._queue.append((conn, out.payload, False))
        elif isinstance(out, Refused):
            self.refusals[conn].append(out)

    def _host_step(self) -> list[Any]:
        """One move of a computer player (or of a seat whose player left), if any."""
        return self.host.step(self.now)

    def release(self, n: int) -> None:
        """Peer n's stalled messages arrive, all at once."""
        self.held.discard(n)
        self._queue.extend(m for m in self._parked if m[0] == n)
        self._parked = deque(m for m in self._parked if m[0] != n)
        self.run()

    def take_parked(self, n: int) -> list[bytes]:
        """What waited for peer n's stalled laptop, taken off the wire for the test to feed
        to the peer by hand (read, its answers not sent)."""
        mine = [data for conn, data, _ in self._parked if conn == n]
        self._parked = deque(m for m in self._parked if m[0] != n)
        return mine

    def host_reads(self) -> None:
        """The host is running again: its connections read what waited for it, in order."""
        self.host_away = False
        self._queue.extendleft(reversed(self._unread))
        self._unread.clear()
        self.run()

    def advance(self, seconds: float, *, run: bool = True) -> None:
        """Time passes; then (with `run`) everything is delivered until the table is quiet."""
        self.now += seconds
        self.deliver(self.host.tick(self.now))
        if run:
            self.run()

    def finished(self, n: int) -> Finished | None:
        return self.peers[n].finished

    def cheated(self, n: int) -> HostCheated | None:
        return next((o for o in self.outputs[n] if isinstance(o, HostCheated)), None)

    def of(self, n: int, kind: type) -> list[Any]:
        return [o for o in self.outputs[n] if isinstance(o, kind)]


async def serve_on_loopback(nursery, core: TableHost, **kw):
    """Run `core` behind the driver on 127.0.0.1; the handle and the invite."""
    from zemlevlasnyk.p2p.net.driver import TableConfig, TableHandle
    config = TableConfig(core.profile, bind="127.0.0.1", **kw)
    handle = TableHandle(config, core)
    await nursery.start(handle.run)
    return handle, handle.invite


def finished_game_records(table: str = "00112233aabbccdd") -> list[bytes]:
    """The records of a whole game played by the real host and peer cores in memory (two
    people and the host's computer players, clock off), its end record last."""
    memory = MemoryTable(peers=2, clock=False, table=table)
    memory.run()
    if memory.host.phase is TablePhase.LOBBY:
        memory.deliver(memory.host.start(memory.now))
    memory.run()
    assert memory.host.phase is TablePhase.FINISHED
    return list(memory.host.records)


def memory_connector(handle, nursery, wire: Wire | None = None):
    """A `connect` for `PeerClient` that hands the host one end of an in-memory stream (on
    `wire`, when given: then `wire.vanish()` cuts it as a Wi-Fi gone would)."""

    async def connect():
        ours, theirs = trio.testing.memory_stream_pair()
        nursery.start_soon(handle.server.handle, theirs)
        return ours if wire is None else _OnWire(ours, wire)
    return connect


class Frozen(trio.abc.Stream):
    """A connection that goes quiet once `frozen` is set: nothing goes out, nothing comes in,
    nothing fails (a closed lid: the process does not run)."""

    def __init__(self, inner: trio.abc.Stream, frozen: trio.Event) -> None:
        self.inner = inner
        self.frozen = frozen

    async def send_all(self, data) -> None:
        if self.frozen.is_set():
            await trio.sleep_forever()
        await self.inner.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        await self.inner.wait_send_all_might_not_block()

    async def receive_some(self, max_bytes=None) -> bytes:
        data = await self.inner.receive_some(max_bytes)
        if self.frozen.is_set():
            await trio.sleep_forever()
        return data

    async def aclose(self) -> None:
        await self.inner.aclose()


class Wire:
    """In-memory connections to a host that can all be cut at once (`vanish`): its laptop is
    gone. Nothing it sent since arrives, what is sent to it is lost, nothing fails, as on a
    Wi-Fi that dropped; the peers notice only by the host's silence. (Cancelling a host's
    task alone is a host that leaves: its connections say so as they close.)"""

    def __init__(self) -> None:
        self.gone = False
        self._reading: set[Any] = set()

    def vanish(self) -> None:
        self.gone = True
        for scope in list(self._reading):
            scope.cancel()


class _OnWire(trio.abc.Stream):
    """A peer's end of an in-memory stream on a `Wire`."""

    def __init__(self, inner: Any, wire: Wire) -> None:
        self.inner, self.wire = inner, wire

    async def send_all(self, data) -> None:
        if not self.wire.gone:
            await self.inner.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        if not self.wire.gone:
            await self.inner.wait_send_all_might_not_block()

    async def receive_some(self, max_bytes=None) -> bytes:
        data = b""
        if not self.wire.gone:
            with trio.CancelScope() as reading:
                self.wire._reading.add(reading)
                try:
                    data = await self.inner.receive_some(max_bytes)
                finally:
                    self.wire._reading.discard(reading)
        if self.wire.gone:
            await trio.sleep_forever()
        return data

    async def aclose(self) -> None:
        await self.inner.aclose()


# --- dishonest hosts (each breaks one rule; peers must catch it) ------------------------------------

class BiasedDiceLedger(Ledger):
    def _apply(self, action, seq, secret, entropy):
        if self.game.needs_chance(action):
            return self.game.apply(action, chance=Scripted(dice=[(6, 6)] * 3, picks=[0] * 3))
        return self.game.apply(action)


class BiasedDiceHost(TableHost):
    """Always rolls a double six for itself... and everyone else."""

    ledger_type = BiasedDiceLedger


class WrongRentLedger(Ledger):
    def _apply(self, action, seq, secret, entropy):
        events = super()._apply(action, seq, secret, entropy)
        for event in events:
            if isinstance(event, Paid) and event.reason == "rent":
                assert event.from_seat is not None and event.to_seat is not None
                self.game.cash[event.from_seat] -= event.amount
                self.game.cash[event.to_seat] += event.amount
        return events


class WrongRentHost(TableHost):
    """Follows the rules, except that rent is charged twice."""

    ledger_type = WrongRentLedger


@contextlib.contextmanager
def seeded_secrets(seed: int) -> Iterator[None]:
    """The table's fresh secrets and dice contributions drawn from a seeded stream while the
    block runs (`os.urandom`, which p2p/core/commit_reveal and the host draw from, is replaced
    process-wide for that time), so a test that needs a whole game to reach given decisions
    plays the same game every run. Outside the block they are the machine's randomness again,
    as a table's must be."""
    stream = random.Random(seed)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(commit_reveal.os, "urandom", stream.randbytes)
        yield

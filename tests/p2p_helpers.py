"""Shared helpers for the table tests: an in-memory table (host core + peer cores, no
sockets) and deterministic profiles."""
from __future__ import annotations

import os
import sys
from collections import deque
from pathlib import Path
from typing import Any

from nacl.signing import SigningKey

from zemlevlasnyk.p2p import wire
from zemlevlasnyk.p2p.handshake import PLAYING, Joiner
from zemlevlasnyk.p2p.host import CatchUp, Close, Knock, Send, TableHost
from zemlevlasnyk.p2p.identity import COLOURS, Profile
from zemlevlasnyk.p2p.peer import Finished, HostCheated, Outgoing, Refused, TablePeer
from zemlevlasnyk.p2p.policy import make_policy

REPO = Path(__file__).resolve().parent.parent


def profile(n: int, name: str | None = None) -> Profile:
    return Profile(name or f"P{n}", COLOURS[n % len(COLOURS)], SigningKey(bytes([n + 1]) * 32))


def subprocess_env(data_home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["XDG_DATA_HOME"] = str(data_home)
    env["ZEMLEVLASNYK_INTERFACES"] = "127.0.0.1"
    env["PYTHONUNBUFFERED"] = "1"
    return env


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "zemlevlasnyk", *args]


class MemoryTable:
    """A host core and peer cores passing canonical-JSON messages through a queue."""

    def __init__(self, *, peers: int = 3, level: str | None = "medium", clock: bool = True,
                 host_cls: type[TableHost] = TableHost, seed: int = 1, table: str = "00112233aabbccdd",
                 chain_length: int = 4096) -> None:
        self.now = 1000.0
        self.host = host_cls(profile(0, "Host"), table=table, clock=clock, chain_length=chain_length)
        self.peers: dict[int, TablePeer] = {}
        self.closed: dict[int, Close] = {}
        self.refusals: dict[int, list[Refused]] = {}
        self.knocks: list[Knock] = []
        self.outputs: dict[int, list[Any]] = {}
        self._queue: deque[tuple[int, dict[str, Any], bool]] = deque()
        for n in range(1, peers + 1):
            policy = make_policy(level, seed * 100 + n) if level else None
            self.add_peer(n, policy=policy)

    def add_peer(self, n: int, *, policy=None, has_secret: bool = True, want: str = PLAYING,
                 last_seq: int = -1) -> TablePeer:
        me = profile(n)
        peer = self.peers.get(n) or TablePeer(me, table=self.host.table, host_key=self.host.profile.public_key,
                                              policy=policy)
        self.peers[n] = peer
        self.refusals.setdefault(n, [])
        self.outputs.setdefault(n, [])
        self.closed.pop(n, None)
        joiner = Joiner(me.key_hex, me.name, me.colour, want, has_secret, last_seq)
        self.deliver(self.host.connect(n, joiner, self.now))
        return peer

    def deliver(self, outs: list[Any]) -> None:
        for out in outs:
            if isinstance(out, Send):
                self._queue.append((out.conn, out.message, True))
            elif isinstance(out, CatchUp):
                for seq in range(out.start, out.stop):
                    self._queue.append((out.conn, self.host.record_message(seq), True))
            elif isinstance(out, Close):
                self.closed[out.conn] = out
            elif isinstance(out, Knock):
                self.knocks.append(out)

    def send_from(self, n: int, message: dict[str, Any]) -> None:
        self._queue.append((n, message, False))

    def run(self, *, max_steps: int = 200_000) -> None:
        """Deliver everything and let computer players move until nothing happens."""
        for _ in range(max_steps):
            if self._queue:
                conn, message, to_peer = self._queue.popleft()
                message = wire.decode(wire.encode(message))
                if to_peer:
                    if conn in self.closed or conn not in self.peers:
                        continue
                    for out in self.peers[conn].receive(message, self.now):
                        self.outputs[conn].append(out)
                        if isinstance(out, Outgoing):
                            self._queue.append((conn, out.message, False))
                        elif isinstance(out, Refused):
                            self.refusals[conn].append(out)
                elif conn not in self.closed:
                    self.deliver(self.host.receive(conn, message, self.now))
                continue
            outs = self.host.step(self.now)
            if not outs:
                return
            self.deliver(outs)
        raise AssertionError("the table never went quiet")

    def advance(self, seconds: float) -> None:
        self.now += seconds
        self.deliver(self.host.tick(self.now))
        self.run()

    def finished(self, n: int) -> Finished | None:
        return self.peers[n].finished

    def cheated(self, n: int) -> HostCheated | None:
        return next((o for o in self.outputs[n] if isinstance(o, HostCheated)), None)


async def serve_on_loopback(nursery, core: TableHost, **kw):
    """Start a `HostServer` for `core` on 127.0.0.1; the server and the invite link's data."""
    from zemlevlasnyk.p2p.links import Invite
    from zemlevlasnyk.p2p.serve import HostServer
    server = HostServer(core, **kw)
    port = await nursery.start(lambda task_status: server.serve(bind="127.0.0.1", port=0, task_status=task_status))
    return server, Invite("127.0.0.1", port, core.table, core.profile.public_key, core.join_secret)


def memory_connector(server):
    """A `connect` for `PeerClient` that hands the host one end of an in-memory stream."""
    import trio
    import trio.testing

    async def connect():
        ours, theirs = trio.testing.memory_stream_pair()
        server._nursery.start_soon(server.handle, theirs)
        return ours
    return connect

"""A hostile peer: a seated player (or a stranger) that sends the host everything a broken or
malicious program could, mixed with the legal moves that keep its seat in the game.

`Attacks` makes one message at a time from a seeded generator: floods of every request
kind (ping, chat, ready, unready, profile, sync from 0, bye), garbage bytes, malformed and
deeply nested JSON, oversized fields, replayed and forged signed actions (another key,
another seat, another table, a stale or future record), contributions forged or for the
wrong record, records handed to a host that did not ask, actions out of turn, and random
illegal actions; on its turn, now and then, a legal one (so that its seat plays on and the
table is not simply waiting for it). `HostileTable` runs one in memory against a real
`TableHost` with honest peers and computer players, checking the game's invariants
(tests/helpers/invariants.py) after every record; `run_hostile_tcp` (in tests/faults/test_faults_hostile.py
and benchmarks/bench_hostile.py) does it over the real trio server.
"""
from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from nacl.signing import SigningKey

from helpers.invariants import MoneyLedger, check_invariants
from helpers.p2p import MemoryTable, profile
from zemlevlasnyk.engine import action_from_json
from zemlevlasnyk.engine.actions import ACTION_TYPES
from zemlevlasnyk.p2p.core import messages, wire
from zemlevlasnyk.p2p.core.host import Close, Published, TableHost
from zemlevlasnyk.p2p.core.peer import Outgoing, Refused, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy

# How the hostile peer spends its messages (weights). Legal moves come only on its turn.
ALL: dict[str, int] = {
    "ping": 6, "chat": 4, "ready": 3, "unready": 4, "profile": 3, "sync": 4, "bye": 1, "garbage": 4,
    "malformed": 4, "deep": 2, "oversized": 2, "replayed": 4, "forged_key": 3, "forged_seat": 3,
    "forged_table": 2, "stale": 3, "future": 2, "contrib": 3, "record": 2, "out_of_turn": 4, "illegal": 8,
}
# Only what a connection may send without being hung up on at once (requests over their
# rate are refused; a flood far over them still ends the connection).
REQUESTS: dict[str, int] = {k: w for k, w in ALL.items()
                            if k not in ("bye", "garbage", "malformed", "deep", "oversized")}
# On its turn, the chance that its next message is a legal move (the rest are attacks).
LEGAL_SHARE = 0.25
# Every game ends: computer players can go round the board for ever when none can bankrupt
# another, and a hostile one's random moves make that likelier.
TURN_CAP = {"turn_cap": 300}
# Fields of a random action, with a range that makes most of them wrong.
_RANDOM_INT = (-3, 45)


@dataclass
class Tally:
    """What happened to the hostile peer's messages."""

    sent: Counter[str] = field(default_factory=Counter)
    rejected: Counter[str] = field(default_factory=Counter)   # reject codes
    closed: Counter[str] = field(default_factory=Counter)     # close codes
    legal: int = 0
    reconnects: int = 0

    def summary(self) -> str:
        return (f"sent {sum(self.sent.values())} ({self.legal} legal moves), rejected {sum(self.rejected.values())} "
                f"{dict(self.rejected.most_common(6))}, closed {sum(self.closed.values())} {dict(self.closed)}, "
                f"reconnects {self.reconnects}")


@dataclass
class Pace:
    """The table's pace apart from the seat under watch: each record closes the interval
    since the one before, counted as waiting for that seat (it was to decide, or the table
    waited for its dice contribution) or as the others' time."""

    seat: int | None = None
    records: int = 0              # records made while the watched seat was not awaited
    seconds: float = 0.0          # the time they took
    waited: float = 0.0           # time the table waited for the watched seat
    longest: float = 0.0          # the longest the others waited for a record
    _last: float | None = None
    _awaited: bool = False

    def watch(self, seat: int, game: Any, declared: Any) -> None:
        """Watch `seat` from now on, the interval already open included: the seats are known
        only once the start record is made, and who plays first (the watched seat or not) is
        the chance's, so the first interval must be counted by the same rule as every other."""
        self.seat = seat
        self._awaited = self._awaits(game, declared)

    def _awaits(self, game: Any, declared: Any) -> bool:
        pending = {d.seat for d in game.pending()} if game is not None and game.outcome() is None else set()
        awaited = set(declared.awaited) if declared is not None else set()
        return self.seat is not None and (self.seat in pending or self.seat in awaited)

    def mark(self, now: float, game: Any, declared: Any) -> None:
        if self._last is not None:
            if self._awaited:
                self.waited += now - self._last
            else:
                self.seconds += now - self._last
                self.records += 1
                self.longest = max(self.longest, now - self._last)
        self._last = now
        self._awaited = self._awaits(game, declared)

    @property
    def rate(self) -> float:
        """Records a second while the table did not wait for the watched seat."""
        return self.records / self.seconds if self.seconds else float("inf")


class Attacks:
    """The hostile peer's messages, one at a time; `core` is its own (honest) view of the game."""

    def __init__(self, core: TablePeer, seed: int, *, kinds: dict[str, int] | None = None) -> None:
        self.core = core
        self.random = random.Random(seed)
        self.key = core.profile.signing_key
        self.sent_acts: list[bytes] = []
        chosen = ALL if kinds is None else kinds
        self._kinds = list(chosen)
        self._weights = [chosen[k] for k in self._kinds]
        self._legal = make_policy("random", seed)

    def next(self) -> tuple[str, bytes]:
        """The kind of the next message and its bytes."""
        game, seat = self.core.game, self.core.seat
        if (game is not None and seat is not None and game.outcome() is None and self.core.replica.declared is None
                and seat in {d.seat for d in game.pending()} and self.random.random() < LEGAL_SHARE):
            action = self._legal.choose(game.copy(), seat)
            return "legal", self._act(action.to_json(), self.core.replica.seq + 1)
        kind = self.random.choices(self._kinds, self._weights)[0]
        return kind, getattr(self, f"_{kind}")()

    # --- the attacks ------------------------------------------------------------------------------

    def _act(self, action: dict[str, Any], seq: int, *, key: SigningKey | None = None, table: str | None = None,
             seat: int | None = None) -> bytes:
        obj = {"t": "act", "table": table or self.core.table, "seq": seq,
               "seat": action.get("seat", 0) if seat is None else seat, "action": action,
               "entropy": self.random.randbytes(32).hex()}
        payload = wire.encode(wire.sign(key or self.key, wire.TAG_ACTION, obj))
        if key is None and table is None:
            self.sent_acts.append(payload)
        return payload

    def _random_action(self, seat: int | None = None) -> dict[str, Any]:
        cls = self.random.choice(list(ACTION_TYPES.values()))
        action: dict[str, Any] = {"type": cls.TYPE, "seat": self._seat() if seat is None else seat}
        for name in cls.__match_args__:
            if name == "seat":
                continue
            if name in ("give", "take"):
                action[name] = [self.random.randint(*_RANDOM_INT) for _ in range(self.random.randint(0, 3))]
            else:
                action[name] = self.random.randint(*_RANDOM_INT) * self.random.choice((1, 100, 1000))
        return action

    def _seat(self) -> int:
        seat = self.core.seat
        return 0 if seat is None else seat

    def _next_seq(self) -> int:
        return self.core.replica.seq + 1

    def _ping(self) -> bytes:
        return messages.encode(messages.Ping())

    def _chat(self) -> bytes:
        return messages.encode(messages.Chat("ха" * self.random.randint(1, 2000)))

    def _ready(self) -> bytes:
        commit = self.random.randbytes(32).hex()
        ready = messages.make_ready(self.key, table=self.core.table, commit=commit, entropy=self.random.randbytes(32))
        return messages.encode(ready)

    def _unready(self) -> bytes:
        return messages.encode(messages.Unready())

    def _profile(self) -> bytes:
        return messages.encode(messages.ProfileChange(f"Злий {self.random.randint(0, 99)}", "red"))

    def _sync(self) -> bytes:
        return messages.encode(messages.Sync(0))

    def _bye(self) -> bytes:
        return messages.encode(messages.Bye(self.core.replica.seq, "00" * 32))

    def _garbage(self) -> bytes:
        return self.random.randbytes(self.random.randint(0, 300))

    def _malformed(self) -> bytes:
        choices = [b'{"t":"act"}', b'{"t":"act","seq":1.5}', b'{"t":"chat","text":"a","text":"b"}', b"[]", b"null",
                   b'{"t":"nope"}', b'{"t":"sync","from":-1}', b'{"t":"act","table":{},"seq":[],"seat":"x"}',
                   b'{"t":"contrib","seq":1}', b'{"t":"ready","table":1}', b'{"t":"profile","name":null}']
        return self.random.choice(choices)

    def _deep(self) -> bytes:
        depth = self.random.randint(17, 5000)
        return b'{"t":"chat","text":' + b"[" * depth + b"]" * depth + b"}"

    def _oversized(self) -> bytes:
        return json.dumps({"t": "chat", "text": "x" * self.random.randint(5000, 200_000)}).encode()

    def _replayed(self) -> bytes:
        return self.random.choice(self.sent_acts) if self.sent_acts else self._ping()

    def _forged_key(self) -> bytes:
        stranger = SigningKey(self.random.randbytes(32))
        return self._act(self._random_action(), self._next_seq(), key=stranger)

    def _forged_seat(self) -> bytes:
        other = (self._seat() + self.random.randint(1, 3)) % 4
        return self._act(self._random_action(seat=other), self._next_seq(), seat=other)

    def _forged_table(self) -> bytes:
        return self._act(self._random_action(), self._next_seq(), table=self.random.randbytes(8).hex())

    def _stale(self) -> bytes:
        return self._act(self._random_action(), max(0, self._next_seq() - self.random.randint(1, 50)))

    def _future(self) -> bytes:
        return self._act(self._random_action(), self._next_seq() + self.random.randint(1, 50))

    def _contrib(self) -> bytes:
        contrib = messages.make_contrib(self.key, table=self.core.table, seq=self.random.randint(0, self._next_seq()),
                                        seat=self._seat(), record=self.random.randbytes(32).hex(),
                                        entropy=self.random.randbytes(32))
        return messages.encode(contrib)

    def _record(self) -> bytes:
        body = b'{"kind":"act","seq":' + str(self._next_seq()).encode() + b"}"
        return messages.RECORD_PREFIX + body + b',"sig":"' + b"0" * 128 + b'","t":"record"}'

    def _out_of_turn(self) -> bytes:
        game = self.core.game
        if game is None:
            return self._ping()
        action = game.safe_action(self._seat()) or action_from_json({"type": "end_turn", "seat": self._seat()})
        return self._act(action.to_json(), self._next_seq())

    def _illegal(self) -> bytes:
        return self._act(self._random_action(), self._next_seq())


class HostileTable(MemoryTable):
    """A table in memory: the host sits with a computer player, honest peers 1..n play with
    computer players, and peer `hostile` is the hostile one (it keeps an honest view of the
    game, answers the dice contributions it is asked for unless `withhold`, and otherwise
    sends `Attacks`). `rate` messages a second of virtual time; invariants after every record."""

    def __init__(self, *, honest: int = 2, hostile: bool = True, rate: float = 200.0, seed: int = 1,
                 withhold: bool = False, clock: bool = True, kinds: dict[str, int] | None = None,
                 pace: float = 0.0) -> None:
        """`pace`: virtual seconds between two moves of the host's computer players (the
        table's own pace, as the window's 0.35 s; the people's moves come at once)."""
        super().__init__(peers=0, seed=seed, clock=clock)
        self.host = TableHost(profile(0, "Host"), table=self.host.table, clock=clock, options=TURN_CAP,
                              chain_length=4096)
        self.pace = pace
        self._last_step = -1e9
        self.deliver(self.host.sit_host(self.now, policy=make_policy("medium", seed)))
        for n in range(1, honest + 1):
            self.add_peer(n, policy=make_policy("medium", seed * 100 + n))
        self.hostile = honest + 1 if hostile else None
        self.rate = rate
        self.withhold = withhold
        self.tally = Tally()
        self.pace_of = Pace()
        self.checked = 0
        self.records_seen = 0
        self._ledger: MoneyLedger | None = None
        if self.hostile is not None:
            self.add_peer(self.hostile, policy=None)
            self.attacks = Attacks(self.peers[self.hostile], seed, kinds=kinds)
        else:
            self.add_peer(honest + 1, policy=make_policy("medium", seed * 100 + honest + 1))
        self.run()
        self.deliver(self.host.start(self.now))
        self.pace_of.watch(next(n for n, p in enumerate(self.host.players) if p.key == profile(honest + 1).key_hex),
                           self.host.game, self.host.ledger.pending)

    def deliver(self, outs: list[Any]) -> None:
        for out in outs:
            if isinstance(out, Published):
                self._check(out)
            elif isinstance(out, Close) and out.conn == self.hostile:
                self.tally.closed[out.code.value] += 1
        super().deliver(outs)

    def _check(self, out: Published) -> None:
        game = self.host.game
        if game is None:
            return
        if out.kind == "start" or self._ledger is None:
            self._ledger = MoneyLedger(game)
        else:
            self._ledger.follow(out.events)
        check_invariants(game, self._ledger)
        self.checked += 1
        pending = self.host.ledger.pending
        self.pace_of.mark(self.now, game, pending)

    def play(self, *, seconds: float, step: float | None = None) -> None:
        """Let `seconds` of virtual time pass in small steps: the hostile peer sends `rate`
        messages a second, the others play, the clock runs."""
        step = step or 1.0 / self.rate
        end = self.now + seconds
        while self.now < end and not self._over():
            self.now += step
            self.deliver(self.host.tick(self.now))
            if self.hostile is not None:
                self._attack()
            self.run()

    def _over(self) -> bool:
        return self.host.ledger.ended

    def _attack(self) -> None:
        n = self.hostile
        assert n is not None
        if n in self.closed:
            self.tally.reconnects += 1
            self.add_peer(n, last_seq=self.peers[n].replica.seq)
            return
        kind, data = self.attacks.next()
        self.tally.sent[kind] += 1
        self.tally.legal += kind == "legal"
        self.send_from(n, data)

    def _seen(self, conn: int, out: Any) -> None:
        """The hostile peer's own view follows what it is sent: it contributes to the dice
        when asked (unless `withhold`), and its rejections are counted."""
        if conn == self.hostile and isinstance(out, Refused):
            self.tally.rejected[out.code] += 1
        if not (conn == self.hostile and self.withhold and isinstance(out, Outgoing)
                and isinstance(out.message, messages.Contrib)):
            super()._seen(conn, out)

    def _host_step(self) -> list[Any]:
        if self.now < self._last_step + self.pace:
            return []
        outs = super()._host_step()
        if outs:
            self._last_step = self.now
        return outs

    def honest_agree(self) -> bool:
        """Every honest peer verified every record and holds the host's state."""
        honest = [p for n, p in self.peers.items() if n != self.hostile]
        return all(p.cheated is None and p.replica.seq == self.host.seq
                   and p.replica.state_hash == self.host.ledger.state_hash for p in honest)


# --- over real TCP ----------------------------------------------------------------------------------


@dataclass
class TcpRun:
    """A game over TCP on 127.0.0.1, with or without a hostile peer: what it took."""

    records: int
    seconds: float
    finished: bool
    agree: bool
    tally: Tally
    raw: Counter[str]
    pace: Pace

    @property
    def rate(self) -> float:
        return self.records / self.seconds if self.seconds else 0.0


async def run_hostile_tcp(*, hostile: bool, seed: int = 1, rate: float = 200.0, kinds: dict[str, int] | None = None,
                          raw_attacks: bool = True, timeout: float = 600.0) -> TcpRun:
    """A host (sitting, with a computer player), two honest peers and, in the fourth seat, a
    hostile peer over its own authenticated connection sending `Attacks` at `rate` a second
    (reconnecting whenever it is hung up on), plus, with `raw_attacks`, strangers on raw
    sockets: a byte a second, a frame of a gigabyte announced, handshake garbage, and a
    seated connection that never reads. Without `hostile` an honest peer takes the seat."""
    import trio

    from helpers.p2p import profile, serve_on_loopback
    from zemlevlasnyk.p2p.core.errors import ProtocolError
    from zemlevlasnyk.p2p.core.framing import encode_frame
    from zemlevlasnyk.p2p.core.host import TablePhase
    from zemlevlasnyk.p2p.net.client import PeerClient
    from zemlevlasnyk.p2p.net.streams import open_table

    core = TableHost(profile(0, "Host"), auto_start_at=4, clock=True, options=TURN_CAP)
    core.sit_host(0.0, policy=make_policy("medium", seed))
    honest = {n: TablePeer(profile(n), table=core.table, host_key=core.profile.public_key,
                           policy=make_policy("medium", seed * 100 + n)) for n in (1, 2)}
    tally, raw = Tally(), Counter[str]()
    me = TablePeer(profile(3), table=core.table, host_key=core.profile.public_key,
                   policy=None if hostile else make_policy("medium", seed * 100 + 3))
    attacks = Attacks(me, seed, kinds=kinds)
    results: dict[int, Any] = {}
    started = ended = 0.0

    async def play(n: int, peer: TablePeer, invite: Any) -> None:
        results[n] = await PeerClient(peer, invite).run()

    async def hostile_peer(invite: Any) -> None:
        while core.phase is not TablePhase.FINISHED:
            try:
                secure = await open_table(invite, me.profile, last_seq=me.replica.seq)
            except ProtocolError as exc:
                raw[f"refused {exc.code.value}"] += 1
                await trio.sleep(0.2)
                continue
            tally.reconnects += 1
            async with trio.open_nursery() as inner:
                inner.start_soon(_read, secure, inner.cancel_scope)
                inner.start_soon(_write, secure, inner.cancel_scope)
            await trio.sleep(0.05)

    async def _read(secure: Any, done: Any) -> None:
        try:
            while True:
                data = await secure.receive_bytes()
                if data is None:
                    break
                for out in me.receive(data, trio.current_time()):
                    if isinstance(out, Refused):
                        tally.rejected[out.code] += 1
                    elif isinstance(out, Outgoing) and not isinstance(out.message, messages.Act):
                        await secure.send_encoded(out.payload)   # its Ready, its dice contributions
                if data.startswith(b'{"code"') and b'"t":"error"' in data:
                    tally.closed[json.loads(data)["code"]] += 1
        except (ProtocolError, trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            pass
        done.cancel()

    async def _write(secure: Any, done: Any) -> None:
        while me.game is None:
            await trio.sleep(0.01)   # seated and Ready in the lobby: the attack is on the game
        try:
            while True:
                kind, data = attacks.next()
                tally.sent[kind] += 1
                tally.legal += kind == "legal"
                await secure.send_encoded(data)
                await trio.sleep(1.0 / rate)
        except (ProtocolError, trio.BrokenResourceError, trio.ClosedResourceError, OSError):
            pass
        done.cancel()

    async def byte_a_second(invite: Any) -> None:
        while core.phase is not TablePhase.FINISHED:
            try:
                stream = await trio.open_tcp_stream(invite.host, invite.port)
            except OSError:
                return
            raw["byte-a-second connections"] += 1
            try:
                for byte in encode_frame(b"x" * 200):
                    await stream.send_all(bytes([byte]))
                    await trio.sleep(1.0)
            except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                raw["byte-a-second dropped"] += 1
            await stream.aclose()

    async def strangers(invite: Any) -> None:
        while core.phase is not TablePhase.FINISHED:
            for payload in ((1 << 30).to_bytes(4, "big") + b"x" * 64, encode_frame(b"\x00garbage\xff" * 40)):
                try:
                    stream = await trio.open_tcp_stream(invite.host, invite.port)
                    await stream.send_all(payload)
                    with trio.move_on_after(5):
                        while await stream.receive_some(4096):
                            pass
                    raw["stranger connections"] += 1
                    await stream.aclose()
                except (trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                    raw["stranger connections"] += 1
            await trio.sleep(0.5)

    async def deaf(invite: Any) -> None:
        """A spectator that asks for the whole game again and again and never reads."""
        deaf_peer = TablePeer(profile(4), table=core.table, host_key=core.profile.public_key)
        while core.phase is not TablePhase.FINISHED:
            try:
                secure = await open_table(invite, deaf_peer.profile, want="watching")
                for _ in range(200):
                    await secure.send_encoded(messages.encode(messages.Sync(0)))
                    await trio.sleep(0.05)
                raw["deaf connections"] += 1
            except (ProtocolError, trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                raw["deaf dropped"] += 1
            await trio.sleep(2.0)

    with trio.move_on_after(timeout):
        async with trio.open_nursery() as nursery:
            handle, invite = await serve_on_loopback(nursery, core)
            started = trio.current_time()
            pace = Pace()

            def watch(out: Any) -> None:
                if isinstance(out, Published) and core.game is not None:
                    if pace.seat is None:
                        pace.seat = next(n for n, p in enumerate(core.players) if p.key == me.profile.key_hex)
                    pace.mark(trio.current_time(), core.game, core.ledger.pending)
            handle.observe(watch)
            for n, peer in honest.items():
                nursery.start_soon(play, n, peer, invite)
            if hostile:
                nursery.start_soon(hostile_peer, invite)
                if raw_attacks:
                    for attack in (byte_a_second, strangers, deaf):
                        nursery.start_soon(attack, invite)
            else:
                nursery.start_soon(play, 3, me, invite)
            while len([n for n in results if n in honest]) < len(honest):
                await trio.sleep(0.05)
            nursery.cancel_scope.cancel()
    ended = trio.current_time()
    finished = core.phase is TablePhase.FINISHED
    agree = finished and all(results[n].state_hash == core.ledger.state_hash for n in honest)
    return TcpRun(core.seq + 1, ended - started, finished, agree, tally, raw, pace)

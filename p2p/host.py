"""The host's table, sans-IO: lobby, seats, the authoritative engine and the record chain.

`TableHost` takes what happened (a peer joined, a message arrived, a connection dropped,
time passed) and returns what to do (`Send` a message on a connection, `Close` one, pass a
`Knock` to whoever decides about strangers). It never touches a socket or a clock: the trio
adapter in `p2p.net` feeds it. Peers' actions are checked (signature, seat, replay,
sequence, turn, rules) and either become records broadcast to everyone or a typed `reject`.
"""
from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from nacl.signing import SigningKey

from zemlevlasnyk.engine import (
    Action,
    BadAction,
    EngineError,
    Entropy,
    Event,
    Game,
    IllegalAction,
    action_from_json,
    load_preset,
)
from zemlevlasnyk.p2p import commit_reveal, wire
from zemlevlasnyk.p2p.chat import RateLimiter, clean_text
from zemlevlasnyk.p2p.clock import DecisionClock
from zemlevlasnyk.p2p.diff import make_diff
from zemlevlasnyk.p2p.errors import Code, ProtocolError, Rejected, local
from zemlevlasnyk.p2p.handshake import PLAYING, Joiner
from zemlevlasnyk.p2p.identity import COLOURS, Profile, clean_name, fingerprint
from zemlevlasnyk.p2p.policy import Policy
from zemlevlasnyk.p2p.records import ACT, HOST, START, TIMEOUT, ZERO_HASH, seal_record, start_seed

MAX_SEATS = 4
PRESET = "zemlevlasnyk"


class Phase(str, Enum):
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"


@dataclass(frozen=True)
class Send:
    conn: int
    message: dict[str, Any]


@dataclass(frozen=True)
class Close:
    """Send an `error` with this code, then hang up."""

    conn: int
    code: Code
    message: str


@dataclass(frozen=True)
class CatchUp:
    """Send records `start` to `stop - 1` (plain `record` messages, no clock), read from
    `TableHost.records` as the connection drains: a long game's catch-up never sits in
    memory twice nor overflows the outbox."""

    conn: int
    start: int
    stop: int


@dataclass(frozen=True)
class Knock:
    """A peer without the join secret asks to sit; answer with `TableHost.answer_knock`."""

    conn: int
    name: str
    key: str


Output = Send | CatchUp | Close | Knock


@dataclass(frozen=True)
class Seat:
    key: str
    name: str
    colour: str
    bot: str | None = None           # a computer player's level
    ready: dict[str, Any] | None = None
    conn: int | None = None


@dataclass(frozen=True)
class TableInfo:
    """What discovery advertises about a table."""

    table: str
    table_name: str
    host_name: str
    seats_taken: int
    seats_free: int
    phase: str
    clock: bool
    fingerprint: str
    port: int


@dataclass
class _Conn:
    key: str
    name: str
    colour: str
    role: str = "pending"            # pending (knocking), player, spectator
    lobby_seat: int | None = None


class TableHost:
    def __init__(self, host: Profile, *, table: str | None = None, join_secret: bytes | None = None,
                 clock: bool = True, auto_start_at: int | None = None, table_name: str | None = None,
                 rules: Any = None, chain_length: int = commit_reveal.CHAIN_LENGTH,
                 solo: bool = False, keep_events: bool = False, keep_chat: int = 0,
                 chain_seed: bytes | None = None) -> None:
        """`solo`: a table of one person and computer players may start with no friend seated.
        `keep_events`: keep the engine's events for `take_events()` (a window's feed).
        `keep_chat`: keep the last this many relayed chat lines in `chat_log` (a window's chat).
        `chain_seed`: a repeatable secret chain, for solo tables only (see SecretChain)."""
        if chain_seed is not None and not solo:
            raise ValueError("a seeded secret chain is only for a table against the computer")
        self.profile = host
        self.key: SigningKey = host.signing_key
        self.key_hex = host.key_hex
        self.table = table or os.urandom(8).hex()
        self.join_secret = join_secret or os.urandom(16)
        self.table_name = clean_name(table_name or f"{host.name}'s table")
        self.rules = rules or load_preset(PRESET)
        self.clock_on = clock
        self.auto_start_at = auto_start_at
        self.port = 0
        self.phase = Phase.LOBBY
        self.seats: list[Seat | None] = [None] * MAX_SEATS
        self.conns: dict[int, _Conn] = {}
        self.records: list[dict[str, Any]] = []
        self.game: Game | None = None
        self.players: list[Seat] = []
        self.policies: dict[int, Policy] = {}
        self._lobby_policies: dict[int, Policy] = {}
        self._state: Any = None
        self._chain_length = chain_length
        self.solo = solo
        self.chat_log: deque[dict[str, str]] = deque(maxlen=keep_chat)
        self.clock_sent: list[dict[str, Any]] = []  # the clock sent with the latest record
        self._keep_events = keep_events
        self._events: list[Event] = []
        self._chain_seed = chain_seed
        self._chain = commit_reveal.SecretChain(chain_length, seed=chain_seed)
        self._secret = self._chain.take()
        self.lobby_commit = commit_reveal.commitment(self._secret)
        self.start_entropy = b""
        self._action_sigs: set[str] = set()
        self._head = ZERO_HASH
        self._clock = DecisionClock()
        self._chat = RateLimiter()
        self._listeners: list[Callable[[TableInfo], None]] = []

    # --- public info (the hook discovery uses) -----------------------------------------------

    def info(self) -> TableInfo:
        taken = sum(s is not None for s in self.seats)
        return TableInfo(self.table, self.table_name, self.profile.name, taken, MAX_SEATS - taken,
                         self.phase.value, self.clock_on, fingerprint(self.profile.public_key), self.port)

    def subscribe(self, listener: Callable[[TableInfo], None]) -> None:
        """Call `listener(info)` whenever the table's public info changes."""
        self._listeners.append(listener)

    def _changed(self) -> None:
        info = self.info()
        for listener in self._listeners:
            listener(info)

    @property
    def seq(self) -> int:
        return len(self.records) - 1

    @property
    def head(self) -> str:
        """The hash of the latest record (what the next one chains onto)."""
        return self._head

    # --- the host's own decisions ------------------------------------------------------------

    def set_clock(self, on: bool) -> list[Output]:
        if self.phase is not Phase.LOBBY:
            raise local(Code.NOT_NOW, "the clock can only be switched before the start")
        self.clock_on = on
        self._changed()
        return self._lobby_broadcast()

    def sit_host(self, now: float, *, policy: Policy | None = None) -> list[Output]:
        """The host takes a seat itself (played by `policy`, or by its user via `host_action`)."""
        return self._add_own_seat(Seat(self.key_hex, self.profile.name, self.profile.colour), policy, now)

    def add_bot(self, level: str, policy: Policy, now: float) -> list[Output]:
        taken = sum(s is not None and s.bot is not None for s in self.seats)
        return self._add_own_seat(Seat(self.key_hex, f"Bot {taken + 1} ({level})", "", bot=level), policy, now)

    def _add_own_seat(self, seat: Seat, policy: Policy | None, now: float) -> list[Output]:
        if self.phase is not Phase.LOBBY:
            raise local(Code.NOT_NOW, "seats can only be filled before the start")
        index = self._free_seat()
        if index is None:
            raise local(Code.NOT_NOW, "the table is full")
        self.seats[index] = replace(seat, colour=self._free_colour(seat.colour))
        if policy is not None:
            self._lobby_policies[index] = policy
        self._changed()
        return self._lobby_broadcast() + self._maybe_auto_start(now)

    def remove_seat(self, index: int) -> list[Output]:
        """The host frees a seat it filled (a computer player, its own)."""
        seat = self.seats[index] if 0 <= index < MAX_SEATS else None
        if self.phase is not Phase.LOBBY or seat is None or seat.key != self.key_hex:
            raise local(Code.NOT_NOW, "only the host's own seats can be freed, and only before the start")
        self.seats[index] = None
        self._lobby_policies.pop(index, None)
        self._changed()
        return self._lobby_broadcast()

    def can_start(self) -> bool:
        seated = [s for s in self.seats if s is not None]
        people = [s for s in seated if s.key != self.key_hex]
        return (self.phase is Phase.LOBBY and (len(people) >= 1 or self.solo)
                and all(s.ready is not None for s in people)
                and self.rules.min_players <= len(seated) <= self.rules.max_players)

    def start(self, now: float) -> list[Output]:
        if not self.can_start():
            raise local(Code.NOT_NOW, "start needs a friend seated and everyone seated Ready")
        order = [i for i, s in enumerate(self.seats) if s is not None]
        self.players = [self.seats[i] for i in order]  # type: ignore[misc]
        self.policies = {n: self._lobby_policies[i] for n, i in enumerate(order) if i in self._lobby_policies}
        readies = [p.ready for p in self.players if p.key != self.key_hex]
        self.start_entropy = commit_reveal.start_entropy([bytes.fromhex(r["entropy"]) for r in readies])
        secret = self._secret
        self.game = Game.new(self.rules, players=len(self.players),
                             chance=Entropy(start_seed(self.table, secret, readies)))
        state = self.game.to_json()
        setup = {"preset": PRESET, "rules": self.rules.digest, "clock": self.clock_on,
                 "commit": self.lobby_commit, "readies": readies,
                 "players": [{"key": p.key, "name": p.name, "colour": p.colour, "bot": p.bot}
                             for p in self.players]}
        self.phase = Phase.PLAYING
        self._changed()
        return self._lobby_broadcast() + self._publish(START, None, None, secret, setup, state, now)

    def host_action(self, action: Action, now: float) -> list[Output]:
        """An action of a seat the host plays itself (its user at this laptop)."""
        if self.game is None or not 0 <= action.seat < len(self.players) \
                or self.players[action.seat].key != self.key_hex:
            raise local(Code.NOT_SEATED, "the host does not play that seat")
        self._check_turn(action)
        return self._record(HOST, action, None, self.start_entropy, now)

    def step(self, now: float) -> list[Output]:
        """Let one computer player (or the host's bot seat) act, if one is to decide."""
        if self.phase is not Phase.PLAYING or self.game is None:
            return []
        for decision in self.game.pending():
            policy = self.policies.get(decision.seat)
            if policy is not None:
                try:
                    action = policy.choose(self.game.copy(), decision.seat)
                    self._check_turn(action)
                except (Rejected, EngineError, ValueError):
                    # A computer player that errs makes the clock's move rather than stop the table.
                    action = self.game.safe_action(decision.seat)
                    if action is None:
                        continue
                return self._record(HOST, action, None, self.start_entropy, now)
        return []

    def tick(self, now: float) -> list[Output]:
        """Apply the safe action for every decision whose clock ran out."""
        outs: list[Output] = []
        while self.phase is Phase.PLAYING and self.game is not None:
            expired = self._clock.expired(now)
            if not expired:
                break
            action = self.game.safe_action(expired[0])
            if action is None:
                self._clock.clear()
                self._retime(actor=None, now=now)
                continue
            outs += self._record(TIMEOUT, action, None, self.start_entropy, now)
        return outs

    def next_deadline(self) -> float | None:
        return self._clock.next_deadline() if self.phase is Phase.PLAYING else None

    def chat(self, text: str, now: float) -> list[Output]:
        """The host's own chat line."""
        return self._chat_line(self.key_hex, self.profile.name, clean_text(text))

    def answer_knock(self, conn: int, accept: bool, now: float) -> list[Output]:
        info = self.conns.get(conn)
        if info is None or info.role != "pending":
            return []
        if not accept:
            del self.conns[conn]
            return [Close(conn, Code.REFUSED, "the host did not let you sit")]
        return self._admit(conn, info, PLAYING, last_seq=-1, now=now)

    # --- what peers do ---------------------------------------------------------------------

    def connect(self, conn: int, joiner: Joiner, now: float) -> list[Output]:
        info = _Conn(joiner.key, joiner.name, joiner.colour)
        if joiner.key == self.key_hex:
            return [Close(conn, Code.HANDSHAKE, "you are using the host's own identity "
                                                "(on the host's computer, join with another profile)")]
        outs: list[Output] = []
        for other_id, other in list(self.conns.items()):
            if other.key == joiner.key:
                # The same key again: the newer connection wins (a laptop that reconnected).
                del self.conns[other_id]
                self._detach(other_id)
                outs.append(Close(other_id, Code.CLOSED, "you connected again from elsewhere"))
        self.conns[conn] = info
        if not joiner.has_secret and self._lobby_index_of_key(joiner.key) is None:
            return outs + [Knock(conn, joiner.name, joiner.key)]
        return outs + self._admit(conn, info, joiner.want, joiner.last_seq, now=now)

    def disconnect(self, conn: int, now: float) -> list[Output]:
        info = self.conns.pop(conn, None)
        if info is None:
            return []
        self._detach(conn)
        if self.phase is Phase.LOBBY and info.lobby_seat is not None:
            self.seats[info.lobby_seat] = None
            self._changed()
        elif self.phase is Phase.PLAYING:
            self._retime(actor=None, now=now)
        return self._lobby_broadcast() if self.phase is Phase.LOBBY else []

    def receive(self, conn: int, message: dict[str, Any], now: float) -> list[Output]:
        """A message from an admitted peer; a misbehaving peer is closed, never raised on."""
        info = self.conns.get(conn)
        if info is None or info.role == "pending":
            return []
        kind = message.get("t")
        try:
            handler = self._HANDLERS.get(kind)
            if handler is None:
                raise Rejected(Code.BAD_MESSAGE, f"unknown message type {str(kind)[:40]!r}")
            return handler(self, conn, info, message, now)
        except Rejected as exc:
            ref = message.get("sig") if isinstance(message.get("sig"), str) else None
            return [Send(conn, {"t": "reject", "code": exc.code.value, "message": exc.message,
                                "ref": ref, "seq": self.seq})]
        except ProtocolError as exc:
            self.conns.pop(conn, None)
            self._detach(conn)
            return [Close(conn, exc.code, exc.message)]

    # --- message handlers ------------------------------------------------------------------

    def _on_ready(self, conn: int, info: _Conn, message: dict[str, Any], now: float) -> list[Output]:
        if self.phase is not Phase.LOBBY or info.lobby_seat is None:
            raise Rejected(Code.NOT_NOW, "Ready only counts for a seated player before the start")
        entropy = wire.hex_field(message, "entropy", commit_reveal.ENTROPY_BYTES)
        ready = {"t": "ready", "table": wire.field(message, "table", str), "commit": wire.field(message, "commit", str),
                 "entropy": entropy.hex(), "key": wire.field(message, "key", str),
                 "sig": wire.field(message, "sig", str)}
        if ready["key"] != info.key or not wire.check_signature(info.key, wire.TAG_READY, ready):
            raise Rejected(Code.BAD_SIGNATURE, "Ready not signed by your key")
        if ready["table"] != self.table or ready["commit"] != self.lobby_commit:
            raise Rejected(Code.STALE_SEQ, "Ready for another table or commitment")
        seat = self.seats[info.lobby_seat]
        assert seat is not None
        self.seats[info.lobby_seat] = replace(seat, ready=ready)
        return self._lobby_broadcast() + self._maybe_auto_start(now)

    def _on_unready(self, conn: int, info: _Conn, message: dict[str, Any], now: float) -> list[Output]:
        if self.phase is Phase.LOBBY and info.lobby_seat is not None:
            seat = self.seats[info.lobby_seat]
            assert seat is not None
            self.seats[info.lobby_seat] = replace(seat, ready=None)
        return self._lobby_broadcast()

    def _on_profile(self, conn: int, info: _Conn, message: dict[str, Any], now: float) -> list[Output]:
        if self.phase is not Phase.LOBBY or info.lobby_seat is None:
            raise Rejected(Code.NOT_NOW, "names and colours are chosen in the lobby")
        seat = self.seats[info.lobby_seat]
        assert seat is not None
        colour = wire.field(message, "colour", str)
        self.seats[info.lobby_seat] = replace(seat, name=clean_name(wire.field(message, "name", str)),
                                              colour=self._free_colour(colour, mine=info.lobby_seat))
        return self._lobby_broadcast()

    def _on_act(self, conn: int, info: _Conn, message: dict[str, Any], now: float) -> list[Output]:
        for name, kind in (("table", str), ("seq", int), ("seat", int), ("action", dict), ("sig", str)):
            wire.field(message, name, kind)
        entropy = wire.hex_field(message, "entropy", commit_reveal.ENTROPY_BYTES)
        envelope = {k: message[k] for k in ("t", "table", "seq", "seat", "action", "entropy", "sig")}
        if not wire.check_signature(info.key, wire.TAG_ACTION, envelope):
            raise Rejected(Code.BAD_SIGNATURE, "the action is not signed by your key")
        if envelope["sig"] in self._action_sigs:
            raise Rejected(Code.REPLAYED, "that signed action was already played")
        if self.phase is not Phase.PLAYING or self.game is None:
            raise Rejected(Code.NOT_NOW, "the game is not being played")
        my_seat = self._seat_of_key(info.key)
        if my_seat is None:
            raise Rejected(Code.NOT_SEATED, "spectators cannot act")
        if envelope["table"] != self.table:
            raise Rejected(Code.WRONG_TABLE, "the action is for another table")
        if envelope["seat"] != my_seat:
            raise Rejected(Code.WRONG_SEAT, f"you sit at seat {my_seat}, not {envelope['seat']}")
        if envelope["seq"] != self.seq + 1:
            raise Rejected(Code.STALE_SEQ, f"the action was meant as record {envelope['seq']}; the next is {self.seq + 1}")
        try:
            action = action_from_json(envelope["action"])
        except BadAction as exc:
            raise Rejected(Code.BAD_MESSAGE, str(exc)) from None
        if action.seat != my_seat:
            raise Rejected(Code.WRONG_SEAT, f"you sit at seat {my_seat}, not {action.seat}")
        self._check_turn(action)
        return self._record(ACT, action, envelope, entropy, now)

    def _on_chat(self, conn: int, info: _Conn, message: dict[str, Any], now: float) -> list[Output]:
        text = clean_text(message.get("text"))
        self._chat.take(info.key, now)
        return self._chat_line(info.key, self._name_of(info), text)

    def _on_sync(self, conn: int, info: _Conn, message: dict[str, Any], now: float) -> list[Output]:
        start = wire.field(message, "from", int)
        if start < 0:
            raise Rejected(Code.BAD_MESSAGE, "sync.from must not be negative")
        return self._catch_up(conn, start, now)

    def _on_bye(self, conn: int, info: _Conn, message: dict[str, Any], now: float) -> list[Output]:
        self.conns.pop(conn, None)
        self._detach(conn)
        return [Close(conn, Code.CLOSED, "goodbye")]

    def _on_ping(self, conn: int, info: _Conn, message: dict[str, Any], now: float) -> list[Output]:
        return []  # the adapter's keepalive: that it arrived is all it says

    _HANDLERS: dict[str, Callable[..., list[Output]]] = {
        "ready": _on_ready, "unready": _on_unready, "profile": _on_profile, "act": _on_act,
        "chat": _on_chat, "sync": _on_sync, "bye": _on_bye, "ping": _on_ping,
    }

    # --- internals -------------------------------------------------------------------------

    def _check_turn(self, action: Action) -> None:
        assert self.game is not None
        if action.seat not in {d.seat for d in self.game.pending()}:
            raise Rejected(Code.OUT_OF_TURN, f"seat {action.seat} has nothing to decide now")
        try:
            self.game.check(action)
        except IllegalAction as exc:
            raise Rejected(Code.ILLEGAL, f"{exc.message} [{exc.rule}]") from None

    def _apply(self, action: Action, seq: int, secret: bytes, entropy: bytes) -> list[Event]:
        """The one place actions and chance enter the host's engine (cheating-host tests override it)."""
        assert self.game is not None
        if self.game.needs_chance(action):
            seed = commit_reveal.derive_seed(self.table, seq, secret, entropy)
            events = self.game.apply(action, chance=Entropy(seed))
        else:
            events = self.game.apply(action)
        if self._keep_events:
            self._events.extend(events)
        return events

    def take_events(self) -> list[Event]:
        """The engine's events since the last call, in order (with `keep_events`)."""
        events, self._events = self._events, []
        return events

    def _record(self, kind: str, action: Action, envelope: dict[str, Any] | None, entropy: bytes,
                now: float) -> list[Output]:
        secret = self._secret
        self._apply(action, self.seq + 1, secret, entropy)
        if envelope is not None:
            self._action_sigs.add(envelope["sig"])
        assert self.game is not None
        return self._publish(kind, action, envelope, secret, None, self.game.to_json(), now)

    def _publish(self, kind: str, action: Action | None, envelope: dict[str, Any] | None, secret: bytes,
                 setup: dict[str, Any] | None, state: Any, now: float) -> list[Output]:
        assert self.game is not None
        renew = None
        if self._chain.exhausted:
            self._chain = commit_reveal.SecretChain(
                self._chain_length,
                seed=None if self._chain_seed is None else self._chain_seed + self.head.encode())
            renew = self._chain.anchor
        self._secret = self._chain.take()
        record, self._head = seal_record(self.key, {
            "table": self.table, "seq": self.seq + 1, "prev": self.head, "kind": kind, "setup": setup,
            "act": envelope, "auto": None if envelope is not None or action is None else action.to_json(),
            "reveal": secret.hex(), "renew": renew,
            "diff": make_diff(self._state, state), "state": self.game.state_hash()})
        self._state = state
        self.records.append(record)
        if self.game.outcome() is not None:
            self.phase = Phase.FINISHED
            self._clock.clear()
            self._changed()
        else:
            self._retime(actor=action.seat if action is not None else None, now=now)
        message = self._record_message(record, now)
        return [Send(c, message) for c, info in self.conns.items() if info.role != "pending"]

    def _catch_up(self, conn: int, start: int, now: float) -> list[Output]:
        """Records from `start` on; the last one as usual, with the clock."""
        if start > self.seq:
            return []
        outs: list[Output] = [CatchUp(conn, start, self.seq)] if start < self.seq else []
        return outs + [Send(conn, self._record_message(self.records[-1], now))]

    def record_message(self, seq: int) -> dict[str, Any]:
        """Record `seq` as sent in a catch-up."""
        return {"t": "record", "record": self.records[seq], "head": self.seq, "clock": []}

    def _record_message(self, record: dict[str, Any], now: float) -> dict[str, Any]:
        latest = record is self.records[-1]
        clock = self._clock.remaining(now) if latest else []
        if latest:
            self.clock_sent = clock
        return {"t": "record", "record": record, "head": self.seq, "clock": clock}

    def _retime(self, *, actor: int | None, now: float) -> None:
        assert self.game is not None
        pending = [(d.seat, d.kind) for d in self.game.pending()]
        timed = None
        if not self.clock_on:
            timed = {n for n, p in enumerate(self.players)
                     if p.key != self.key_hex and self._conn_of_key(p.key) is None}
        self._clock.update(pending, actor=actor, now=now, timed=timed)

    def _admit(self, conn: int, info: _Conn, want: str, last_seq: int, *, now: float) -> list[Output]:
        seat = self._seat_of_key(info.key)
        index = self._lobby_index_of_key(info.key)
        if index is None and self.phase is Phase.LOBBY and want == PLAYING:
            index = self._free_seat()
            if index is not None:
                self.seats[index] = Seat(info.key, info.name, self._free_colour(info.colour), conn=conn)
                self._changed()
        elif index is not None:
            self.seats[index] = replace(self.seats[index], conn=conn)  # type: ignore[arg-type]
        info.role = "player" if index is not None else "spectator"
        info.lobby_seat = index
        outs: list[Output] = [Send(conn, {"t": "admitted", "role": info.role, "seat": index,
                                          "engine_seat": seat, "table": self.table, "head": self.seq})]
        outs += self._lobby_broadcast()
        if self.phase is not Phase.LOBBY:
            if self.phase is Phase.PLAYING and self.clock_on is False:
                self._retime(actor=None, now=now)
            outs += self._catch_up(conn, max(0, last_seq + 1), now)
        return outs + self._maybe_auto_start(now)

    def _detach(self, conn: int) -> None:
        for i, seat in enumerate(self.seats):
            if seat is not None and seat.conn == conn:
                self.seats[i] = replace(seat, conn=None)

    def _maybe_auto_start(self, now: float) -> list[Output]:
        if self.auto_start_at is None or not self.can_start():
            return []
        if sum(s is not None for s in self.seats) < self.auto_start_at:
            return []
        return self.start(now)

    def _lobby_broadcast(self) -> list[Output]:
        seats = [None if s is None else {"name": s.name, "colour": s.colour, "key": s.key, "bot": s.bot,
                                         "ready": s.ready is not None or s.key == self.key_hex,
                                         "connected": s.conn is not None or s.key == self.key_hex}
                 for s in self.seats]
        base = {"t": "lobby", "table": self.table, "name": self.table_name, "phase": self.phase.value,
                "clock": self.clock_on, "commit": self.lobby_commit,
                "host": {"name": self.profile.name, "key": self.key_hex}, "seats": seats,
                "spectators": sum(i.role == "spectator" for i in self.conns.values())}
        return [Send(c, {**base, "you": info.lobby_seat}) for c, info in self.conns.items()
                if info.role != "pending"]

    def _chat_line(self, key: str, name: str, text: str) -> list[Output]:
        message = {"t": "chat", "key": key, "name": name, "text": text}
        self.chat_log.append({"key": key, "name": name, "text": text})
        return [Send(c, message) for c, info in self.conns.items() if info.role != "pending"]

    def _free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s is None), None)

    def _free_colour(self, wanted: str, *, mine: int | None = None) -> str:
        taken = {s.colour for i, s in enumerate(self.seats) if s is not None and i != mine}
        if wanted in COLOURS and wanted not in taken:
            return wanted
        return next(c for c in COLOURS if c not in taken)

    def _seat_of_key(self, key: str) -> int | None:
        """The engine seat of a key (None before the start, or for spectators)."""
        return next((n for n, p in enumerate(self.players) if p.key == key), None)

    def _lobby_index_of_key(self, key: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s is not None and s.key == key), None)

    def _conn_of_key(self, key: str) -> int | None:
        return next((c for c, info in self.conns.items() if info.key == key), None)

    def _name_of(self, info: _Conn) -> str:
        if info.lobby_seat is not None and self.seats[info.lobby_seat] is not None:
            return self.seats[info.lobby_seat].name  # type: ignore[union-attr]
        return info.name

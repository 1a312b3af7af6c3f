"""A peer's side of the table, sans-IO: what the host says, checked, and what we answer.

`TablePeer.receive(message)` takes one message from the host and returns outputs: `Outgoing`
messages to send back, and events for whoever shows the table (a person's window, a log,
a headless bot runner). Records go through a `Replica`: a record that does not verify
produces `HostCheated` and the peer stops trusting the host for good.
"""
from __future__ import annotations

import hashlib
import hmac
import os
from dataclasses import dataclass
from typing import Any

from zemlevlasnyk.engine import Action, Event, Game, Outcome, load_preset
from zemlevlasnyk.p2p import commit_reveal, wire
from zemlevlasnyk.p2p.clock import DECISION_SECONDS
from zemlevlasnyk.p2p.errors import CheatingHost, Code
from zemlevlasnyk.p2p.identity import Profile
from zemlevlasnyk.p2p.policy import Policy
from zemlevlasnyk.p2p.records import ACT, TIMEOUT, Replica, sign_action, sign_ready


@dataclass(frozen=True)
class Outgoing:
    message: dict[str, Any]


@dataclass(frozen=True)
class Admitted:
    role: str
    seat: int | None


@dataclass(frozen=True)
class LobbyChanged:
    lobby: dict[str, Any]


@dataclass(frozen=True)
class Arrived:
    """A record about to be verified (every peer logs it as it arrives)."""

    record: dict[str, Any]


@dataclass(frozen=True)
class Applied:
    record: dict[str, Any]
    events: list[Event]
    clock: list[dict[str, Any]]


@dataclass(frozen=True)
class ChatLine:
    name: str
    key: str
    text: str


@dataclass(frozen=True)
class Refused:
    """The host rejected something we sent."""

    code: str
    message: str
    ref: str | None


@dataclass(frozen=True)
class HostCheated:
    error: CheatingHost


@dataclass(frozen=True)
class HostError:
    """The host is hanging up on us, and why."""

    code: str
    message: str


@dataclass(frozen=True)
class Finished:
    outcome: Outcome
    state_hash: str


# How much sooner than our own count the host's clock may run out: a LAN delivers a
# record in milliseconds; this forgives a Wi-Fi hiccup on the record that started it.
CLOCK_TOLERANCE_SECONDS = 5.0
# Our recent actions, remembered to check the host's rejections of them.
SENT_MEMORY = 64

PeerOutput = Outgoing | Admitted | LobbyChanged | Arrived | Applied | ChatLine | Refused | HostCheated | HostError | Finished


class TablePeer:
    def __init__(self, profile: Profile, *, table: str, host_key: bytes, policy: Policy | None = None,
                 auto_ready: bool = True, rules: Any = None) -> None:
        self.profile = profile
        self.table = table
        self.replica = Replica(table=table, host_key=host_key.hex(), rules=rules or load_preset("zemlevlasnyk"))
        self.policy = policy
        self.auto_ready = auto_ready
        self.role: str | None = None
        self.lobby: dict[str, Any] | None = None
        self.cheated: CheatingHost | None = None
        self.finished: Finished | None = None
        self._ready_for: str | None = None
        self._acted_at = -2
        self._fallback = False
        self._host_head = -1
        self._connected_at = -1
        self._my_clock: dict[int, tuple[float, int]] = {}
        self._sync_asked = -1
        self._entropy_key = os.urandom(32)
        self._sent: dict[str, tuple[int, Action]] = {}

    @property
    def seat(self) -> int | None:
        """Our engine seat once the game has started (None for spectators)."""
        return next((n for n, p in enumerate(self.replica.players) if p.key == self.profile.key_hex), None)

    @property
    def game(self) -> Game | None:
        """Our verified copy of the game (None before the start record)."""
        return self.replica.game

    # --- what we do ----------------------------------------------------------------------

    def act(self, action: Action) -> Outgoing:
        """Our signed action, meant as the next record.

        The entropy depends only on which record the action is meant for (a keyed hash only
        we can compute): a host that refuses a roll to see a fresh one gets the same dice."""
        seq = self.replica.seq + 1
        entropy = hmac.new(self._entropy_key, bytes.fromhex(self.table) + seq.to_bytes(8, "big"),
                           hashlib.sha256).digest()
        envelope = sign_action(self.profile.signing_key, table=self.table, seq=seq, action=action,
                               entropy=entropy)
        self._sent[envelope["sig"]] = (seq, action)
        while len(self._sent) > SENT_MEMORY:
            self._sent.pop(next(iter(self._sent)))
        return Outgoing(envelope)

    def chat(self, text: str) -> Outgoing:
        return Outgoing({"t": "chat", "text": text})

    def ready(self) -> Outgoing | None:
        if self.lobby is None:
            return None
        self._ready_for = self.lobby["commit"]
        return Outgoing(sign_ready(self.profile.signing_key, table=self.table, commit=self.lobby["commit"],
                                   entropy=commit_reveal.new_entropy()))

    def unready(self) -> Outgoing:
        self._ready_for = None
        return Outgoing({"t": "unready"})

    def set_profile(self, name: str, colour: str) -> Outgoing:
        return Outgoing({"t": "profile", "name": name, "colour": colour})

    # --- what the host says ----------------------------------------------------------------

    def receive(self, message: dict[str, Any], now: float | None = None) -> list[PeerOutput]:
        """One message from the host; `now` (seconds, any monotonic clock) lets us check
        that the host does not run our clock out early."""
        if self.cheated is not None:
            return []
        kind = message.get("t")
        if kind == "record":
            return self._on_record(message, now)
        if kind == "lobby":
            return self._on_lobby(message)
        if kind == "admitted":
            self.role = wire.field(message, "role", str)
            head = message.get("head")
            self._host_head = head if isinstance(head, int) and not isinstance(head, bool) else -1
            self._connected_at = self._host_head
            # (Re)connected: whatever we sent before may have been lost with the old connection.
            self._acted_at = -2
            return [Admitted(self.role, wire.field(message, "seat", int, optional=True))] + self._bot_move()
        if kind == "chat":
            return [ChatLine(str(message.get("name", ""))[:40], str(message.get("key", "")),
                             str(message.get("text", "")))]
        if kind == "reject":
            return self._on_reject(message)
        if kind == "error":
            return [HostError(str(message.get("code")), str(message.get("message", ""))[:300])]
        return []

    def _on_lobby(self, message: dict[str, Any]) -> list[PeerOutput]:
        self.lobby = message
        outs: list[PeerOutput] = [LobbyChanged(message)]
        you = message.get("you")
        if (self.auto_ready and message.get("phase") == "lobby" and isinstance(you, int)
                and self._ready_for != message.get("commit")):
            ready = self.ready()
            if ready is not None:
                outs.append(ready)
        return outs

    def _on_record(self, message: dict[str, Any], now: float | None) -> list[PeerOutput]:
        record = message.get("record")
        head = message.get("head")
        if isinstance(head, int):
            self._host_head = max(self._host_head, head)
        seq = record.get("seq") if isinstance(record, dict) else None
        if not isinstance(seq, int) or seq <= self.replica.seq:
            return []
        if seq > self.replica.seq + 1:
            if self._sync_asked == self.replica.seq:
                return []
            self._sync_asked = self.replica.seq
            return [Outgoing({"t": "sync", "from": self.replica.seq + 1})]
        outs: list[PeerOutput] = [Arrived(record)]
        try:
            events = self.replica.accept(record)
            self._check_timeout(record, now)
        except CheatingHost as exc:
            self.cheated = exc
            return outs + [HostCheated(exc)]
        clock = message.get("clock") if isinstance(message.get("clock"), list) else []
        outs.append(Applied(record, events, clock))
        self._fallback = False
        game = self.replica.game
        assert game is not None
        outcome = game.outcome()
        if outcome is not None:
            self.finished = Finished(outcome, record["state"])
            return outs + [self.finished]
        return outs + self._bot_move()

    def _check_timeout(self, record: dict[str, Any], now: float | None) -> None:
        """The host may run our clock out only when it has run: with the clock off, not at
        all while we are connected (records after the head we were admitted at came to us
        live); with it on, not before our own count of the 30 seconds, for a decision that
        began while we were connected."""
        seq = record["seq"]
        mine = record["kind"] == TIMEOUT and record["auto"]["seat"] == self.seat and seq > self._connected_at
        if mine and not self.replica.clock:
            raise CheatingHost(f"record {seq}: the host ran our clock out, but the clock is off "
                               "and we are here", seq=seq)
        started = self._my_clock.get(record["auto"]["seat"] if mine else -1)
        if mine and now is not None and started is not None and started[1] > self._connected_at \
                and now < started[0] + DECISION_SECONDS - CLOCK_TOLERANCE_SECONDS:
            raise CheatingHost(f"record {seq}: the host ran our clock out after "
                               f"{now - started[0]:.1f} s of {DECISION_SECONDS:g}", seq=seq)
        self._track_clock(record, now)

    def _track_clock(self, record: dict[str, Any], now: float | None) -> None:
        """Our own count: when each of our pending decisions began (kept while it stays
        pending and we do nothing, as the host's clock does)."""
        game = self.replica.game
        seat = self.seat
        if now is None or game is None or seat is None:
            self._my_clock = {}
            return
        actor = (record["act"] or {}).get("seat") if record["kind"] == ACT else (record["auto"] or {}).get("seat")
        pending = seat in {d.seat for d in game.pending()}
        old = self._my_clock.get(seat)
        if not pending:
            self._my_clock = {}
        elif old is None or actor == seat:
            self._my_clock = {seat: (now, record["seq"])}

    def _on_reject(self, message: dict[str, Any]) -> list[PeerOutput]:
        code = str(message.get("code"))
        ref = message.get("ref") if isinstance(message.get("ref"), str) else None
        outs: list[PeerOutput] = [Refused(code, str(message.get("message", ""))[:300], ref)]
        lie = self._false_rejection(code, ref, message.get("seq"))
        if lie is not None:
            self.cheated = CheatingHost(lie, seq=self.replica.seq + 1)
            return outs + [HostCheated(self.cheated)]
        if self.policy is not None and code != Code.STALE_SEQ.value and not self._fallback:
            # Our computer player chose something the host refused: make the clock's move instead.
            self._fallback = True
            self._acted_at = -2
            outs += self._bot_move()
        return outs

    def _false_rejection(self, code: str, ref: str | None, host_seq: Any) -> str | None:
        """Why the host's rejection of our action is a lie, when we can tell: the host says
        it had published nothing new (its `seq` is ours), so our engine sees what it saw."""
        sent = self._sent.get(ref) if ref is not None else None
        game = self.replica.game
        if sent is None or game is None or host_seq != self.replica.seq or sent[0] != self.replica.seq + 1:
            return None
        action = sent[1]
        if code == Code.STALE_SEQ.value:
            return f"the host called our action for record {sent[0]} stale while that record was next"
        if code in (Code.OUT_OF_TURN.value, Code.ILLEGAL.value) and game.is_legal(action) \
                and action.seat in {d.seat for d in game.pending()}:
            return f"the host refused our legal {action.TYPE} as {code}"
        return None

    def _bot_move(self) -> list[PeerOutput]:
        game = self.replica.game
        seat = self.seat
        if self.policy is None or game is None or seat is None or self._acted_at == self.replica.seq:
            return []
        if self._host_head > self.replica.seq:
            return []  # still catching up: acting now would only be stale
        if seat not in {d.seat for d in game.pending()}:
            return []
        if self._fallback:
            action = game.safe_action(seat)
        else:
            action = self.policy.choose(game.copy(), seat)
        if action is None:
            return []
        self._acted_at = self.replica.seq
        return [self.act(action)]

"""A peer's side of the table, sans-IO: what the host says, checked, and what we answer.

`TablePeer.receive(payload, now)` takes one message from the host (its bytes) and returns
outputs: `Outgoing` messages to send back, and events for whoever shows the table (a
person's window, a log, a headless bot runner). Messages are parsed once
(`p2p.core.messages`) and dispatched with `match`, as on the host. Records go through a
`Replica`: one that does not verify produces `HostCheated` and the peer stops trusting the
host for good.

Besides provable cheating, a peer notices what only it can know, and says so without
accusing anyone (docs/PROTOCOL.md section 3.4): its dice contribution left out
(`ContributionOmitted`) or never asked for (`ContributionNotAsked`), its action sent and
not answered while the clock ran out for it
(`ActionUnanswered`; its next action carries the signed evidence to the whole table), a
timeout at a clock-off table while it believed itself connected (`TimedOutWhileHere`).
Others' evidence arrives as `TableNote`.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import re
from collections import deque
from dataclasses import dataclass

from zemlevlasnyk.engine import Action, Event, Game, Outcome, Ruleset
from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.core.bodies import ActBody, ChanceBody, RecordKind
from zemlevlasnyk.p2p.core.errors import CheatingHost, Code, RemoteProtocolError
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.messages import (
    Admitted as AdmittedMessage,
)
from zemlevlasnyk.p2p.core.messages import (
    ChatRelay,
    ErrorMessage,
    LobbyView,
    Ping,
    RecordWire,
    Reject,
    Role,
    TablePhase,
)
from zemlevlasnyk.p2p.core.policy import Policy
from zemlevlasnyk.p2p.core.records import CHANCE_START, CONTRIB_WAIT_MS, Replica, Verified
from zemlevlasnyk.p2p.core.turns import decides_now, takes_now

# How much earlier than the host's record (by its signed clock, mapped to ours) our action
# or contribution must have been sent for the host to have had it: a LAN delivers in
# milliseconds; this forgives a slow moment without excusing a host that ignored us.
CLAIM_MARGIN_SECONDS = 0.5
# Our recent actions, remembered to check the host's rejections of them.
SENT_MEMORY = 64
_TAG_ENTROPY = b"zemlevlasnyk/v2/peer-entropy\n"
# The top-level `seq` of a canonical record body follows its `reveal` (keys sort so), and
# no nested object has a `reveal`: enough to spot a record from the future unverified.
_SEQ = re.compile(rb'"reveal":"[0-9a-f]{64}","seq":(\d{1,12}),')


@dataclass(frozen=True, slots=True)
class Outgoing:
    message: messages.PeerMessage

    @property
    def payload(self) -> bytes:
        return messages.encode(self.message)


@dataclass(frozen=True, slots=True)
class Admitted:
    role: Role
    seat: int | None
    # The table's recent chat as the host handed it on (re)admission, oldest first (empty
    # in the lobby, or from a host that keeps none): what was said while we were away.
    chat: tuple[ChatLine, ...] = ()


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    lobby: LobbyView


@dataclass(frozen=True, slots=True)
class Arrived:
    """A record about to be verified (its bytes, kept as they came: they are evidence)."""

    seq: int
    wire: bytes


@dataclass(frozen=True, slots=True)
class Applied:
    """A record verified and applied."""

    record: Verified

    @property
    def seq(self) -> int:
        return self.record.seq

    @property
    def kind(self) -> RecordKind:
        return self.record.kind

    @property
    def events(self) -> list[Event]:
        return self.record.events


@dataclass(frozen=True, slots=True)
class ChatLine:
    name: str
    key: str
    text: str


@dataclass(frozen=True, slots=True)
class Refused:
    """The host rejected something we sent."""

    code: str
    message: str
    ref: str | None


@dataclass(frozen=True, slots=True)
class HostCheated:
    error: CheatingHost


@dataclass(frozen=True, slots=True)
class HostError:
    """The host is hanging up on us, and why."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class Finished:
    outcome: Outcome
    state_hash: str


@dataclass(frozen=True, slots=True)
class ContributionOmitted:
    """We sent our contribution to the chance of record `seq`; the host listed us missing."""

    seq: int


@dataclass(frozen=True, slots=True)
class ContributionNotAsked:
    """The host applied an action's chance at once while we were connected: it should have
    declared the action and waited for our contribution (record `seq`)."""

    seq: int


@dataclass(frozen=True, slots=True)
class ActionUnanswered:
    """Our signed action for record `seq` was sent and not answered; the clock played for
    us instead. `action` is our signed action, the evidence."""

    seq: int
    action: messages.Act


@dataclass(frozen=True, slots=True)
class TimedOutWhileHere:
    """At a clock-off table the host timed us out as absent while we were connected."""

    seq: int


@dataclass(frozen=True, slots=True)
class HostBehind:
    """The host that admitted us holds fewer records than we do: a table being taken over
    after its host was lost (docs/PROTOCOL.md section 9). Send it our records from `start`
    on; they are signed by the lost host and it verifies them."""

    start: int


@dataclass(frozen=True, slots=True)
class TableNote:
    """Another seat's evidence, carried in its signed action: its action for record `seq`
    went unanswered."""

    seat: int
    name: str
    seq: int


Complaint = ContributionOmitted | ContributionNotAsked | ActionUnanswered | TimedOutWhileHere
PeerOutput = (Outgoing | Admitted | LobbyChanged | Arrived | Applied | ChatLine | Refused | HostCheated | HostError
              | Finished | Complaint | TableNote | HostBehind)


class TablePeer:
    def __init__(self, profile: Profile, *, table: str, host_key: bytes, policy: Policy | None = None,
                 auto_ready: bool = True, rules: Ruleset | None = None, entropy_key: bytes | None = None) -> None:
        """`entropy_key`: the secret our Ready, action and contribution entropy is derived
        from (default: fresh random bytes; a fixed one replays a game exactly, for tests)."""
        self.profile = profile
        self.table = table
        self.replica = Replica(table=table, host_key=host_key.hex(), rules=rules)
        self.policy = policy
        self.auto_ready = auto_ready
        self.role: Role | None = None
        self.lobby: LobbyView | None = None
        self.cheated: CheatingHost | None = None
        self.finished: Finished | None = None
        self._ready_for: str | None = None
        self._acted_at = -2
        self._fallback = False
        self._host_head = -1
        self._connected_at = -1
        self._sync_asked = -1
        self._entropy_key = entropy_key if entropy_key is not None else os.urandom(32)
        self._sent: dict[str, tuple[int, Action]] = {}
        self._sent_for: dict[int, tuple[messages.Act, float]] = {}
        self._evidence: messages.Act | None = None
        self._contributed: dict[int, tuple[float, int]] = {}   # record -> (sent, its `at`)
        self._my_contrib: dict[int, messages.Contrib] = {}
        self._arrived_at = 0.0
        # The records' clock (ms) when the latest record arrived here: its own `at` if it came
        # as it was made, later if it came in a catch-up (`Admitted.at`).
        self._arrived_clock = 0
        # (the host's head, our time, the records' clock) as the host admitted us, if it said.
        self._admitted_clock: tuple[int, float, int] | None = None
        # The table's recent chat as we heard it: a table we take over hands it on.
        self.heard_chat: deque[messages.ChatRelay] = deque(maxlen=messages.CHAT_HISTORY)
        self._seat_of: tuple[object, int | None] = ((), None)
        # Our clock minus the host's, at the quickest delivery seen: maps the records'
        # signed times onto ours (a record that was held up only makes it larger).
        self._offset = float("inf")

    @property
    def seat(self) -> int | None:
        """Our engine seat once the game has started (None for spectators)."""
        players = self.replica.players
        if players is not self._seat_of[0]:   # looked up once per list of players
            self._seat_of = (players, next((n for n, p in enumerate(players)
                                            if p.key == self.profile.key_hex and p.bot is None), None))
        return self._seat_of[1]

    @property
    def game(self) -> Game | None:
        """Our verified copy of the game (None before the start record)."""
        return self.replica.game

    def went_out(self, message: messages.PeerMessage, now: float) -> None:
        """Our action (made by `act`) or dice contribution (made on a declaration) `message`
        was handed to the connection at `now`: an unanswered action or an omitted
        contribution is complained of only if it went out well before the host's record
        (`_before`), and between making it and sending it our own process may have waited
        (a record written to the saved game first, a laptop stalled right then). A later
        time only ever takes a complaint back, never makes one."""
        if isinstance(message, messages.Contrib):
            contributed = self._contributed.get(message.seq)
            if contributed is not None and self._my_contrib.get(message.seq) is message:
                self._contributed[message.seq] = (max(contributed[0], now), contributed[1])
            return
        if not isinstance(message, messages.Act):
            return
        entry = self._sent_for.get(message.seq)
        if entry is not None and entry[0] is message:
            self._sent_for[message.seq] = (message, max(entry[1], now))

    def clock_left(self, now: float | None = None) -> dict[int, float]:
        """Seconds left per pending decision's seat, on the records' signed times: the
        records' clock when the latest record arrived here, plus how long ago that was (None:
        as of its arrival). A record caught up with arrives late: its clock then is the
        host's at admission plus the time since, not the record's own `at`."""
        at = self._arrived_clock + (0 if now is None else int(max(0.0, now - self._arrived_at) * 1000))
        return {seat: ms / 1000 for seat, ms in self.replica.decisions.remaining(at).items()}

    # --- what we do ----------------------------------------------------------------------------

    def act(self, action: Action, now: float = 0.0) -> Outgoing:
        """Our signed action, meant as the next record.

        The entropy depends only on which record the action is meant for (a keyed hash only
        we can compute): a host that refuses a roll to see a fresh one gets the same dice."""
        seq = self.replica.seq + 1
        evidence = self._evidence if self._evidence is not None and self._evidence.seq < seq else None
        act = messages.make_act(self.profile.signing_key, table=self.table, seq=seq, action=action,
                                entropy=self._entropy(b"act", seq), unanswered=evidence)
        self._sent[act.sig.hex()] = (seq, action)
        while len(self._sent) > SENT_MEMORY:
            self._sent.pop(next(iter(self._sent)))
        if seq not in self._sent_for:
            self._sent_for[seq] = (act, now)
        while len(self._sent_for) > SENT_MEMORY:
            self._sent_for.pop(next(iter(self._sent_for)))
        return Outgoing(act)

    def chat(self, text: str) -> Outgoing:
        return Outgoing(messages.Chat(text))

    def bye(self) -> Outgoing:
        """Our goodbye, signed: we leave (mid-game, on purpose: the host may show it to the
        table and have our seat's safe moves made at once until we come back)."""
        return Outgoing(messages.make_bye(self.profile.signing_key, table=self.table, seq=self.replica.seq,
                                          state=self.replica.state_hash))

    def ready(self) -> Outgoing | None:
        if self.lobby is None:
            return None
        self._ready_for = self.lobby.commit
        return Outgoing(messages.make_ready(self.profile.signing_key, table=self.table, commit=self.lobby.commit,
                                            entropy=self._entropy(b"ready" + self.lobby.commit.encode(), 0)))

    def unready(self) -> Outgoing:
        self._ready_for = None
        return Outgoing(messages.Unready())

    def set_profile(self, name: str, colour: str) -> Outgoing:
        return Outgoing(messages.ProfileChange(name, colour))

    # --- what the host says --------------------------------------------------------------------

    def receive(self, payload: bytes, now: float = 0.0) -> list[PeerOutput]:
        """One message from the host; `now` (seconds, any monotonic clock) times what only
        this side can judge (an unanswered action) and the countdown shown."""
        if self.cheated is not None:
            return []
        message = messages.parse_from_host(payload)
        match message:
            case RecordWire(wire=data):
                return self._on_record(data, now)
            case Ping():
                return []
            case LobbyView():
                return self._on_lobby(message)
            case AdmittedMessage(role=role, seat=seat, head=head, at=at, chat=chat):
                self.role = role
                self._admitted_clock = (head, now, at) if at is not None else None
                if chat:
                    self.heard_chat.clear()
                    self.heard_chat.extend(chat)
                self._host_head = head
                self._connected_at = head
                # (Re)connected: whatever we sent before may have been lost with the old connection.
                self._acted_at = -2
                # Nor does it show the host had it in time: the records we learn of from now
                # on may have been made after the host lost that connection (it dropped us
                # as silent while our laptop stalled, and what we sent on waking went into a
                # connection it had closed, or never went out). No complaint rests on a send
                # before this connection; what is still awaited is sent again on this one.
                self._sent_for.clear()
                self._contributed.clear()
                behind: list[PeerOutput] = [HostBehind(head + 1)] if -1 <= head < self.replica.seq else []
                lines = tuple(ChatLine(c.name[:40], c.key, c.text) for c in chat)
                return [Admitted(role, seat, lines), *behind, *self._contribute_now(now), *self._bot_move(now)]
            case ChatRelay(key=key, name=name, text=text):
                self.heard_chat.append(message)
                return [ChatLine(name[:40], key, text)]
            case Reject():
                return self._on_reject(message, now)
            case ErrorMessage(code=code, message=text):
                return [HostError(code, text[:300])]
        raise RemoteProtocolError(Code.BAD_MESSAGE, "not a message a peer takes")

    def _on_lobby(self, lobby: LobbyView) -> list[PeerOutput]:
        self.lobby = lobby
        outs: list[PeerOutput] = [LobbyChanged(lobby)]
        if (self.auto_ready and lobby.phase is TablePhase.LOBBY and lobby.you is not None
                and self._ready_for != lobby.commit):
            ready = self.ready()
            if ready is not None:
                outs.append(ready)
        return outs

    def _on_record(self, data: bytes, now: float) -> list[PeerOutput]:
        peek = _SEQ.search(data)
        if peek is not None:
            seq = int(peek.group(1))
            if seq <= self.replica.seq:
                return []
            if seq > self.replica.seq + 1:
                self._host_head = max(self._host_head, seq)
                if self._sync_asked == self.replica.seq:
                    return []
                self._sync_asked = self.replica.seq
                return [Outgoing(messages.Sync(self.replica.seq + 1))]
        seq = self.replica.seq + 1
        outs: list[PeerOutput] = [Arrived(seq, data)]
        sent = self._sent_for.get(seq)
        try:
            own = tuple(m for m in (sent[0] if sent is not None else None, self._my_contrib.get(seq - 1))
                        if m is not None)
            verified = self.replica.accept(data, own=own)
        except CheatingHost as exc:
            self.cheated = exc
            return outs + [HostCheated(exc)]
        self._arrived_at = now
        self._arrived_clock = verified.at
        admitted = self._admitted_clock
        if admitted is not None and verified.seq <= admitted[0]:
            self._arrived_clock = max(verified.at, admitted[2] + int(max(0.0, now - admitted[1]) * 1000))
        self._offset = min(self._offset, now - verified.at / 1000)
        self._host_head = max(self._host_head, seq)
        outs.append(Applied(verified))
        outs += self._complaints(verified, now)
        self._fallback = False
        if verified.kind is RecordKind.END:
            assert self.replica.game is not None
            outcome = self.replica.game.outcome()
            assert outcome is not None
            self.finished = Finished(outcome, self.replica.state_hash)
            return outs + [self.finished]
        return outs + self._contribute_now(now) + self._bot_move(now)

    def _complaints(self, verified: Verified, now: float) -> list[PeerOutput]:
        """What this record tells us that only we can know, and others' evidence."""
        outs: list[PeerOutput] = []
        me = self.seat
        for note in verified.notes:
            if note.seat != me:
                outs.append(TableNote(note.seat, self.replica.players[note.seat].name, note.seq))
        if me is None:
            return outs
        sent = self._sent_for.pop(verified.seq, None)
        mine_timed_out = verified.kind is RecordKind.TIMEOUT and verified.seat == me
        if mine_timed_out and sent is not None and self._before(sent[1], verified.at):
            if sent[0].note is None:
                self._evidence = sent[0]
            outs.append(ActionUnanswered(verified.seq, sent[0]))
        elif mine_timed_out and not self.replica.clock and verified.seq > self._connected_at:
            outs.append(TimedOutWhileHere(verified.seq))
        if (verified.chance == CHANCE_START and verified.kind in (RecordKind.HOST, RecordKind.TIMEOUT)
                and verified.seq > self._connected_at):
            # We were connected: the host had to wait for our contribution, not roll at once.
            outs.append(ContributionNotAsked(verified.seq))
        body = verified.body
        if isinstance(body, ActBody) and body.act.seat == me and body.act.note is not None:
            self._evidence = None   # the table has seen it
        contributed = self._contributed.get(verified.seq - 1)
        if isinstance(body, ChanceBody) and me in body.missing and contributed is not None:
            sent_at, declared_at = contributed
            hasty = verified.at - declared_at < CONTRIB_WAIT_MS and verified.seq > self._connected_at
            if hasty or self._before(sent_at, verified.at):
                # Either it did not wait for us while we were here, or ours was out in time.
                outs.append(ContributionOmitted(verified.seq - 1))
        return outs

    def _before(self, sent: float, at: int) -> bool:
        """Did we send something (at our time `sent`) well before the host made the record
        stamped `at`? If not (we were stalled, the network was), the host may never have
        had it in time: no complaint."""
        return sent + CLAIM_MARGIN_SECONDS <= at / 1000 + self._offset

    def _contribute_now(self, now: float) -> list[PeerOutput]:
        """Our contribution to a declared action that awaits our seat (once per record,
        the same bytes if sent again: the entropy is keyed by the record)."""
        declared = self.replica.declared
        me = self.seat
        if declared is None or me is None or me not in declared.awaited:
            return []
        self._contributed.setdefault(declared.seq, (now, self.replica.at))
        contrib = messages.make_contrib(self.profile.signing_key, table=self.table, seq=declared.seq, seat=me,
                                        record=declared.record, entropy=self._entropy(b"contrib", declared.seq))
        self._my_contrib = {declared.seq: contrib}
        return [Outgoing(contrib)]

    def _entropy(self, purpose: bytes, seq: int) -> bytes:
        return hmac.new(self._entropy_key, _TAG_ENTROPY + purpose + bytes.fromhex(self.table) + seq.to_bytes(8, "big"),
                        hashlib.sha256).digest()

    def _on_reject(self, reject: Reject, now: float) -> list[PeerOutput]:
        outs: list[PeerOutput] = [Refused(reject.code, reject.message[:300], reject.ref)]
        lie = self._false_rejection(reject)
        if lie is not None:
            self.cheated = CheatingHost(lie, seq=self.replica.seq + 1)
            return outs + [HostCheated(self.cheated)]
        if (self.policy is not None and reject.code not in (Code.STALE_SEQ.value, Code.NOT_NOW.value, Code.RATE.value)
                and not self._fallback):
            # Our computer player chose something the host refused: make the clock's move instead.
            self._fallback = True
            self._acted_at = -2
            outs += self._bot_move(now)
        return outs

    def _false_rejection(self, reject: Reject) -> str | None:
        """Why the host's rejection of our action is a lie, when we can tell: the host says
        it had published nothing new (its `seq` is ours), so our engine sees what it saw."""
        sent = self._sent.get(reject.ref) if reject.ref is not None else None
        game = self.replica.game
        if (sent is None or game is None or reject.seq != self.replica.seq or sent[0] != self.replica.seq + 1
                or self.replica.declared is not None or self.replica.over):
            return None
        action = sent[1]
        if reject.code == Code.STALE_SEQ.value:
            return f"the host called our action for record {sent[0]} stale while that record was next"
        if reject.code in (Code.OUT_OF_TURN.value, Code.ILLEGAL.value) and takes_now(game, action):
            return f"the host refused our legal {action.TYPE} as {reject.code}"
        return None

    def _bot_move(self, now: float) -> list[PeerOutput]:
        game = self.replica.game
        seat = self.seat
        if (self.policy is None or game is None or seat is None or self._acted_at == self.replica.seq
                or self.replica.declared is not None or self.replica.over):
            return []
        if self._host_head > self.replica.seq:
            return []  # still catching up: acting now would only be stale
        if not decides_now(game, seat):
            return []
        action = game.safe_action(seat) if self._fallback else self.policy.choose(game.copy(), seat)
        if action is None:
            return []
        self._acted_at = self.replica.seq
        return [self.act(action, now)]

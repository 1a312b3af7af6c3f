"""The host's table, sans-IO: `TableHost`, the router between connections and the table.

It composes the lobby (`p2p.core.lobby`), the record ledger (`p2p.core.ledger`), the chat relay, the
decision clock and the per-connection limits (`p2p.core.limits`). It takes what happened (a peer
connected, a message arrived as bytes, a connection ended, time passed, the host's user or
a computer player decided) and returns outputs: for the transport `Send`, `CatchUp` and
`Close`; for whoever watches the table (a window, a log line) observer outputs such as
`Published`, `ChatRelayed`, `LobbyChanged`, `KnockArrived`. It keeps no state for a window
and touches no socket or clock: `p2p.net.driver` feeds it and delivers its outputs.

Peers' messages are parsed once (`p2p.core.messages`): a message that does not parse ends its
connection (`RemoteProtocolError`), a well-formed one that cannot be accepted gets a
typed `reject` and the connection stays. Every way a connection ends (hang-up, `bye`, a
malformed message, a flood, silence) goes through one drop path, so the seat is always
freed (lobby) or put on safe moves (game).
"""
from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from nacl.signing import SigningKey

from zemlevlasnyk.engine import (
    DEFAULT_PRESET,
    Action,
    EngineError,
    Event,
    Game,
    IllegalAction,
    OptionValue,
    Outcome,
    Ruleset,
)
from zemlevlasnyk.engine.bots import Temperament
from zemlevlasnyk.p2p.core import commit_reveal, messages
from zemlevlasnyk.p2p.core.bodies import Player, RecordKind
from zemlevlasnyk.p2p.core.chat import RateLimiter, clean_text
from zemlevlasnyk.p2p.core.clock import DecisionClock
from zemlevlasnyk.p2p.core.codes import table_code
from zemlevlasnyk.p2p.core.errors import Code, ProtocolError, RemoteProtocolError, local, remote
from zemlevlasnyk.p2p.core.handshake import PLAYING, Joiner
from zemlevlasnyk.p2p.core.identity import Profile, clean_name, fingerprint
from zemlevlasnyk.p2p.core.ledger import Entry, Ledger
from zemlevlasnyk.p2p.core.limits import ConnectionLimits, Verdict
from zemlevlasnyk.p2p.core.lobby import SEATS, Lobby, Seat
from zemlevlasnyk.p2p.core.messages import (
    CHAT_HISTORY,
    Act,
    Admitted,
    Bye,
    Chat,
    ChatRelay,
    Contrib,
    Ping,
    ProfileChange,
    Ready,
    RecordWire,
    Reject,
    Role,
    Settings,
    Sync,
    Unready,
    signed_by,
)

# The table's phase belongs with the lobby message that carries it; the host's importers
# know it by this name too.
from zemlevlasnyk.p2p.core.messages import TablePhase as TablePhase
from zemlevlasnyk.p2p.core.policy import Policy, temperament_of
from zemlevlasnyk.p2p.core.records import CONTRIB_WAIT_MS, decision_ms, rules_for
from zemlevlasnyk.p2p.core.thinking import Question, Thought, think
from zemlevlasnyk.p2p.core.turns import decides_now

MAX_SEATS = SEATS
CONTRIB_WAIT_SECONDS = CONTRIB_WAIT_MS / 1000
# Recent actions remembered to answer a replay with `replayed` (older ones are refused as
# stale: an action names the record it is meant to become).
RECENT_ACTIONS = 64


# --- outputs for the transport -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Send:
    conn: int
    payload: bytes


@dataclass(frozen=True, slots=True)
class CatchUp:
    """Send records `start` to `stop - 1` from `TableHost.records` as the connection drains
    (a long game's catch-up never sits in memory twice); then call `caught_up(conn)`."""

    conn: int
    start: int
    stop: int


@dataclass(frozen=True, slots=True)
class Close:
    """Send an `error` with this code, then hang up."""

    conn: int
    code: Code
    message: str


# --- outputs for observers -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Published:
    """A record went out: its number and kind, the seat that acted, the engine's events."""

    seq: int
    kind: RecordKind
    seat: int | None
    events: list[Event]


@dataclass(frozen=True, slots=True)
class ChatRelayed:
    key: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class LobbyChanged:
    """The lobby as the host's own window shows it."""

    lobby: messages.LobbyView


@dataclass(frozen=True, slots=True)
class KnockArrived:
    """Someone without the join secret asks to sit (or watch); answer with `answer_knock`."""

    conn: int
    name: str
    key: str
    want: str


@dataclass(frozen=True, slots=True)
class KnockWithdrawn:
    """A knock that needs no answer any more (the stranger hung up, or was answered)."""

    conn: int


@dataclass(frozen=True, slots=True)
class SeatOnline:
    """A person's seat connected or lost its connection (mid-game: safe moves play for it);
    `left`: it went with the player's signed goodbye, on purpose."""

    seat: int
    name: str
    online: bool
    left: bool = False


@dataclass(frozen=True, slots=True)
class TableFinished:
    """The game ended; `waiting_for`: the names of the people offline without a goodbye,
    whom the host waits for (up to the takeover delay) to fetch the end record."""

    outcome: Outcome
    waiting_for: tuple[str, ...] = ()


Output = (Send | CatchUp | Close | Published | ChatRelayed | LobbyChanged | KnockArrived | KnockWithdrawn
          | SeatOnline | TableFinished)
TRANSPORT = (Send, CatchUp, Close)


@dataclass(frozen=True)
class TableInfo:
    """What discovery advertises about a table."""

    table: str
    table_name: str
    host_name: str
    seats_taken: int
    seats_free: int
    phase: TablePhase
    clock: bool
    fingerprint: str
    port: int
    preset: str
    code: str


@dataclass
class Connection:
    """One connection's person, what it wants, its limits and its place at the table."""

    key: str
    name: str
    colour: str
    want: str
    limits: ConnectionLimits
    role: Role = Role.PENDING


@dataclass
class _Awaiting:
    """A declared action's contributions so far."""

    seq: int
    awaited: tuple[int, ...]
    deadline: float
    contribs: dict[int, Contrib]


class TableHost:
    ledger_type: type[Ledger] = Ledger

    def __init__(self, host: Profile, *, table: str | None = None, join_secret: bytes | None = None,
                 clock: bool = True, auto_start_at: int | None = None, table_name: str | None = None,
                 preset: str = DEFAULT_PRESET, options: dict[str, OptionValue] | None = None,
                 chain_length: int = commit_reveal.CHAIN_LENGTH, solo: bool = False,
                 chain_seed: bytes | None = None) -> None:
        """`solo`: a table of one person and computer players may start with no friend seated.
        `chain_seed`: a repeatable secret chain, for solo tables only (see SecretChain)."""
        if chain_seed is not None and not solo:
            raise ValueError("a seeded secret chain is only for a table against the computer")
        self.profile = host
        self.key: SigningKey = host.signing_key
        self.key_hex = host.key_hex
        self.table = table or os.urandom(8).hex()
        self.code = table_code(self.table)
        self.join_secret = join_secret or os.urandom(16)
        self.table_name = clean_name(table_name or f"{host.name}'s table")
        self.preset = preset
        self.options = dict(options or {})
        self.rules: Ruleset = rules_for(preset, self.options)
        self.auto_start_at = auto_start_at
        self.solo = solo
        self.port = 0
        self.phase = TablePhase.LOBBY
        self.lobby = Lobby(host_key=self.key_hex, host_name=host.name,
                           settings=Settings(clock, preset, self.options))
        self.ledger = self.ledger_type(self.key, self.table, chain_length=chain_length, chain_seed=chain_seed)
        self.conns: dict[int, Connection] = {}
        self.policies: dict[int, Policy] = {}
        self._lobby_policies: dict[int, Policy] = {}
        self._clock = DecisionClock(ms=decision_ms(self.rules))
        self._start_time = 0.0
        self._awaiting: _Awaiting | None = None
        # Engine seats whose player said goodbye mid-game (their signed `bye`, the proof):
        # at a clock-off table their safe moves are made at once until they come back.
        self._left: dict[int, Bye] = {}
        # People offline without a goodbye since the start (key: name), whom the end record
        # may not reach unless they come back for it: a seated person whose connection ended
        # any way but a goodbye, a spectator whose connection fell silent (a closed lid; one
        # that hung up has left). Gone again once they are back.
        self._owed: dict[str, str] = {}
        self._recent: deque[str] = deque(maxlen=RECENT_ACTIONS)
        self._chat = RateLimiter()
        # The table's recent chat, handed to whoever is admitted during the game.
        self.chat_history: deque[ChatRelay] = deque(maxlen=CHAT_HISTORY)
        self._last_lobby: bytes = b""
        self._listeners: list[Callable[[TableInfo], None]] = []

    # --- what others read -------------------------------------------------------------------------

    @property
    def clock_on(self) -> bool:
        return self.lobby.settings.clock

    @property
    def lobby_commit(self) -> str:
        return self.ledger.lobby_commit

    @property
    def seq(self) -> int:
        return self.ledger.seq

    @property
    def head(self) -> str:
        """The hash of the latest record (what the next one chains onto)."""
        return self.ledger.head

    @property
    def records(self) -> list[bytes]:
        """Every record's wire bytes, in order."""
        return self.ledger.records

    @property
    def game(self) -> Game | None:
        return self.ledger.game

    @property
    def players(self) -> tuple[Player, ...]:
        return self.ledger.players

    @property
    def seats(self) -> list[Seat | None]:
        return self.lobby.seats

    @property
    def awaiting(self) -> bool:
        """A declared action waits for the people's contributions."""
        return self._awaiting is not None

    @property
    def owed(self) -> tuple[str, ...]:
        """The names of the people offline without a goodbye, whom the end record may not
        have reached: a finished table waits for them to come back for it (up to the
        takeover delay: after it, one of them could take over a game it did not know had
        ended; `p2p.net.driver`)."""
        return tuple(self._owed.values())

    def info(self) -> TableInfo:
        taken = self.lobby.taken()
        return TableInfo(self.table, self.table_name, self.profile.name, taken, MAX_SEATS - taken,
                         self.phase, self.clock_on, fingerprint(self.profile.public_key), self.port,
                         self.preset, self.code)

    def subscribe(self, listener: Callable[[TableInfo], None]) -> None:
        """Call `listener(info)` whenever the table's public info changes."""
        self._listeners.append(listener)

    def clock_left(self, now: float | None = None) -> dict[int, float]:
        """Seconds left per timed seat, at `now` (None: as of the latest record)."""
        at = self.ledger.at if now is None else self._at(now)
        return {seat: ms / 1000 for seat, ms in self._clock.remaining(at).items()}

    def next_deadline(self) -> float | None:
        """When `tick` has something to do (trio time), if ever."""
        if self.phase is not TablePhase.PLAYING:
            return None
        if self._awaiting is not None:
            return self._awaiting.deadline
        due = self._clock.next_deadline()
        # One millisecond late, so that the record's `at` is certainly past the deadline.
        return None if due is None else self._start_time + (due + 1) / 1000

    def view(self, conn: int | None = None) -> messages.LobbyView:
        """The lobby as `conn` sees it (None: as the host's own window sees it)."""
        you = None
        if conn is not None and conn in self.conns:
            you = self.lobby.index_of(self.conns[conn].key)
        elif conn is None:
            you = next((i for i, s in enumerate(self.lobby.seats)
                        if s is not None and s.key == self.key_hex and s.bot is None), None)
        spectators = sum(c.role is Role.SPECTATOR for c in self.conns.values())
        return self.lobby.view(table=self.table, name=self.table_name, code=self.code, phase=self.phase,
                               commit=self.lobby_commit, spectators=spectators, you=you)

    # --- the host's own decisions -------------------------------------------------------------------

    def set_clock(self, on: bool) -> list[Output]:
        if self.phase is not TablePhase.LOBBY:
            raise local(Code.NOT_NOW, "the clock can only be switched before the start")
        settings = self.lobby.settings
        self.lobby.settings = Settings(on, settings.preset, settings.options)
        return self._lobby_changed()

    def set_rules(self, preset: str, options: dict[str, OptionValue]) -> list[Output]:
        """Another preset or house rules before the start. Whoever was Ready agreed to the
        old rules: they are asked again (their Ready is taken back)."""
        if self.phase is not TablePhase.LOBBY:
            raise local(Code.NOT_NOW, "the rules can only be changed before the start")
        rules = rules_for(preset, dict(options))
        self.preset, self.options, self.rules = preset, dict(rules.options), rules
        self.lobby.settings = Settings(self.lobby.settings.clock, preset, self.options)
        self._clock = DecisionClock(ms=decision_ms(self.rules))
        for index, seat in enumerate(self.lobby.seats):
            if seat is not None and seat.key != self.key_hex:
                self.lobby.ready(index, None)
        return self._lobby_changed()

    def sit_host(self, now: float, *, policy: Policy | None = None) -> list[Output]:
        """The host takes a seat itself (played by `policy`, or by its user via `host_action`)."""
        return self._add_own(self.profile.name, self.profile.colour, None, policy, now)

    def add_bot(self, level: str, policy: Policy, now: float, *, temperament: str | None = None) -> list[Output]:
        """A computer player of `level` (and `temperament`, written into the start record)
        takes the first free seat, played by `policy`."""
        mood = temperament_of(temperament)
        taken = sum(s is not None and s.bot is not None for s in self.lobby.seats)
        return self._add_own(f"Bot {taken + 1} ({level})", "", level, policy, now, temperament=mood)

    def _add_own(self, name: str, colour: str, bot: str | None, policy: Policy | None, now: float, *,
                 temperament: Temperament | None = None) -> list[Output]:
        if self.phase is not TablePhase.LOBBY:
            raise local(Code.NOT_NOW, "seats can only be filled before the start")
        index = self.lobby.sit_own(name, colour, bot=bot, temperament=temperament)
        if policy is not None:
            self._lobby_policies[index] = policy
        return self._lobby_changed() + self._maybe_auto_start(now)

    def remove_seat(self, index: int, now: float = 0.0) -> list[Output]:
        """The host frees any seat before the start (a computer player, its own, a person's:
        that person stays connected, watching)."""
        if self.phase is not TablePhase.LOBBY:
            raise local(Code.NOT_NOW, "seats can only be freed before the start")
        seat = self.lobby.seats[index] if 0 <= index < MAX_SEATS else None
        self.lobby.leave(index)
        self._lobby_policies.pop(index, None)
        for info in self.conns.values():
            if seat is not None and info.key == seat.key and info.role is Role.PLAYER:
                info.role = Role.SPECTATOR
        return self._lobby_changed()

    def can_start(self) -> bool:
        return self.phase is TablePhase.LOBBY and self.lobby.can_start(
            min_players=self.rules.min_players, max_players=self.rules.max_players, solo=self.solo)

    def start(self, now: float) -> list[Output]:
        if not self.can_start():
            raise local(Code.NOT_NOW, "start needs a friend seated and everyone seated Ready")
        order = [i for i, s in enumerate(self.lobby.seats) if s is not None]
        seats = [self.lobby.seats[i] for i in order]
        players = [Player(s.key, s.name, s.colour, s.bot, s.temperament) for s in seats if s is not None]
        self.policies = {n: self._lobby_policies[i] for n, i in enumerate(order) if i in self._lobby_policies}
        readies = [s.ready for s in seats if s is not None and s.key != self.key_hex and s.ready is not None]
        self._start_time = now
        entry = self.ledger.start(self.rules, preset=self.preset, options=self.options, clock=self.clock_on,
                                  players=players, readies=readies)
        self.phase = TablePhase.PLAYING
        return self._lobby_changed() + self._after(entry, now)

    def host_action(self, action: Action, now: float) -> list[Output]:
        """An action of a seat the host plays itself (its user at this laptop)."""
        game = self.game
        if game is None or not 0 <= action.seat < len(self.players) or self.players[action.seat].key != self.key_hex:
            raise local(Code.NOT_SEATED, "the host does not play that seat")
        if self._awaiting is not None or self.ledger.over:
            raise local(Code.NOT_NOW, "the table is waiting for the dice contributions")
        self._check_turn(action)
        return self._host_apply(RecordKind.HOST, action, now)

    def step(self, now: float) -> list[Output]:
        """Let one computer player (or the host's bot seat) act, if one is to decide; or
        make the safe move of a seat whose player left a clock-off table. The player
        thinks here; an adapter that would rather it thought elsewhere asks (`ask`) and
        answers (`answer`) instead."""
        game = self.game
        if self.phase is not TablePhase.PLAYING or game is None or self._awaiting is not None:
            return []
        left = self._left_to_move()
        if left is not None:
            action, goodbye = left
            since = self._clock.since(action.seat)
            return self._host_apply(RecordKind.TIMEOUT, action, now, since=self._at(now) if since is None else since,
                                    left=goodbye)
        for question in self._questions(game):
            outs = self._answer(question, think(question, aside=False), now)
            if outs is not None:
                return outs
        return []

    def ask(self) -> Question | None:
        """The decision a computer player is to think over now, away from the table
        (`p2p.core.thinking`); None when none is, or when a seat whose player left moves
        first (`step` makes that move at once)."""
        game = self.game
        if (self.phase is not TablePhase.PLAYING or game is None or self._awaiting is not None
                or self._left_to_move() is not None):
            return None
        return next(self._questions(game), None)

    def answer(self, question: Question, thought: Thought, now: float) -> list[Output]:
        """A question's answer, taken only where it was asked: at the same record, from the
        same player. Otherwise nothing changes (the player is as it was) and the adapter
        asks again."""
        if not self.asked(question) or self.game is None:
            return []
        return self._answer(question, thought, now) or []

    def asked(self, question: Question) -> bool:
        """Whether the table still waits where `question` was asked."""
        return (self.phase is TablePhase.PLAYING and self._awaiting is None and question.seq == self.seq
                and self.policies.get(question.seat) is question.player)

    def _questions(self, game: Game) -> Iterator[Question]:
        for decision in game.pending():
            player = self.policies.get(decision.seat)
            if player is not None:
                yield Question(self.seq, decision.seat, player, game.copy())

    def _answer(self, question: Question, thought: Thought, now: float) -> list[Output] | None:
        """The thought applied; None when the player erred and its seat has no safe move."""
        assert self.game is not None
        action = thought.action
        if action is not None:
            try:
                self._check_turn(action)
            except (ProtocolError, EngineError, ValueError):
                action = None
        if action is None:
            # A computer player that errs makes the clock's move rather than stop the table.
            action = self.game.safe_action(question.seat)
            if action is None:
                return None
        self.policies[question.seat] = thought.player
        return self._host_apply(RecordKind.HOST, action, now)

    def wants_step(self) -> bool:
        """A computer player, or a seat whose player left, has a decision to make now."""
        game = self.game
        return (self.phase is TablePhase.PLAYING and game is not None and self._awaiting is None
                and (any(d.seat in self.policies for d in game.pending()) or self._left_to_move() is not None))

    def _left_to_move(self) -> tuple[Action, Bye] | None:
        """The safe move of a pending seat whose player said goodbye at a clock-off table,
        and the goodbye. (With the clock on, every seat is timed as it is; a dropped
        connection, which may be back in seconds, waits the clock at either table.)"""
        game = self.game
        if self.clock_on or not self._left or game is None:
            return None
        for decision in game.pending():
            action = game.safe_action(decision.seat) if decision.seat in self._left else None
            if action is not None:
                return action, self._left[decision.seat]
        return None

    def tick(self, now: float) -> list[Output]:
        """Time passed: settle a declared action whose wait is over, or apply the safe
        action for every decision whose clock ran out."""
        if self.phase is not TablePhase.PLAYING or self.game is None:
            return []
        if self._awaiting is not None:
            return self._settle(now) if now >= self._awaiting.deadline else []
        outs: list[Output] = []
        while self.phase is TablePhase.PLAYING and self._awaiting is None:
            at = self._at(now)
            expired = self._clock.expired(at)
            if not expired:
                break
            seat = expired[0]
            action = self.game.safe_action(seat)
            since = self._clock.since(seat)
            if action is None or since is None:
                self._clock.clear()
                self._retime(actor=None, at=at)
                continue
            outs += self._host_apply(RecordKind.TIMEOUT, action, now, since=since)
        return outs

    def count_from(self, now: float) -> None:
        """The records' clock goes on from `now` as from the latest record's time: for a
        table started, or played on, before its adapter could read the clock."""
        self._start_time = now - self.ledger.at / 1000

    def back_from_away(self, now: float) -> None:
        """The host was away until `now` (its process was not running: a closed lid, a
        stopped or swapped-out laptop; the driver notices its loop woke far too late). The
        players' moves and dice contributions sent meanwhile wait unread in its sockets,
        and the host's absence is not theirs: every pending decision's clock, and the wait
        for a declared action's contributions, start again now instead of running out
        before those are read. Peers accept it: a timeout may count from any `since` not
        before the decision began (docs/PROTOCOL.md section 7), and a `chance` record any
        time after `CONTRIB_WAIT_MS`."""
        if self.phase is not TablePhase.PLAYING or self.game is None:
            return
        self._clock.restart(self._at(now))
        if self._awaiting is not None:
            self._awaiting.deadline = max(self._awaiting.deadline, now + CONTRIB_WAIT_SECONDS)

    def chat(self, text: str, now: float) -> list[Output]:
        """The host's own chat line."""
        return self._chat_line(self.key_hex, self.profile.name, clean_text(text))

    def answer_knock(self, conn: int, accept: bool, now: float) -> list[Output]:
        info = self.conns.get(conn)
        if info is None or info.role is not Role.PENDING:
            return []
        if not accept:
            return self._drop(conn, now, Code.REFUSED, "the host did not let you in")
        return [KnockWithdrawn(conn), *self._admit(conn, info, last_seq=-1, now=now)]

    # --- what connections do --------------------------------------------------------------------

    def connect(self, conn: int, joiner: Joiner, now: float) -> list[Output]:
        if joiner.key == self.key_hex:
            return [Close(conn, Code.HANDSHAKE, "you are using the host's own identity "
                                                "(on the host's computer, join with another profile)")]
        older = [c for c, other in self.conns.items() if other.key == joiner.key]
        info = Connection(joiner.key, joiner.name, joiner.colour, joiner.want, ConnectionLimits(now))
        self.conns[conn] = info
        outs: list[Output] = []
        for other in older:
            # The same key again: the newer connection wins (a laptop that reconnected).
            outs += self._drop(other, now, Code.CLOSED, "you connected again from elsewhere")
        if not joiner.has_secret and self.lobby.index_of(joiner.key) is None and self._seat_of_key(joiner.key) is None:
            return outs + [KnockArrived(conn, joiner.name, joiner.key, joiner.want)]
        return outs + self._admit(conn, info, joiner.last_seq, now=now)

    def disconnect(self, conn: int, now: float, *, silent: bool = False) -> list[Output]:
        """The connection ended (hung up, closed by us, or `silent` too long: its laptop's
        lid may be closed, and it may be back)."""
        return self._drop(conn, now, silent=silent)

    def leave(self, conn: int | None = None) -> list[Output]:
        """The host leaves on purpose (its person quit the table, Ctrl-C): every connection
        (or `conn` alone) is told `host_left` and closed, so that the players need not wait
        out a lost host's silence before one of them takes the game over (docs/PROTOCOL.md
        section 9), and a lobby's people learn at once that its table is gone. Nothing once
        the game is over: its end record said so."""
        if self.phase is TablePhase.FINISHED:
            return []
        return [Close(c, Code.HOST_LEFT, "the host left the table") for c in self.conns if conn in (None, c)]

    def caught_up(self, conn: int) -> None:
        """The transport finished sending a `CatchUp` to `conn`."""
        info = self.conns.get(conn)
        if info is not None:
            info.limits.sync_in_flight = False

    def receive(self, conn: int, payload: bytes, now: float) -> list[Output]:
        """One message from a connection; a misbehaving peer is closed, never raised on."""
        info = self.conns.get(conn)
        if info is None:
            return []
        try:
            message = messages.parse_from_peer(payload)
        except RemoteProtocolError as exc:
            return self._drop(conn, now, exc.code, exc.message)
        if info.role is Role.PENDING:
            return []  # a knock waits for the host's answer; it has nothing to say meanwhile
        verdict = info.limits.check(_KIND_OF.get(type(message), "ping"), now)
        if verdict is Verdict.CLOSE:
            return self._drop(conn, now, Code.FLOOD, "far too many messages")
        if verdict is Verdict.DROP:
            if not info.limits.tell(now):
                return []
            return [self._reject(conn, Code.RATE, "too many messages: slow down", message)]
        try:
            return self._dispatch(conn, info, message, now)
        except ProtocolError as exc:
            # A check shared with the host's own path (a chat line, a name) raises a local
            # error; on a peer's message it is the peer's fault: it hears why.
            return [self._reject(conn, exc.code, exc.message, message)]

    def _dispatch(self, conn: int, info: Connection, message: messages.PeerMessage, now: float) -> list[Output]:
        match message:
            case Act():
                return self._on_act(info, message, now)
            case Contrib():
                return self._on_contrib(info, message, now)
            case Ping():
                return []
            case Chat(text=text):
                line = clean_text(text)
                if not self._chat.allow(info.key, now):
                    raise remote(Code.CHAT_RATE, "too many chat lines: wait a moment")
                return self._chat_line(info.key, self._name_of(info), line)
            case Ready():
                return self._on_ready(info, message, now)
            case Unready():
                index = self._lobby_seat(info)
                return self._lobby_changed() if self.lobby.ready(index, None) else []
            case ProfileChange(name=name, colour=colour):
                index = self._lobby_seat(info)
                return self._lobby_changed() if self.lobby.change(index, name, colour) else []
            case Sync(start=start):
                return self._catch_up(conn, info, start, now)
            case Bye():
                seat = self._seat_of_key(info.key)
                if (seat is not None and self.phase is TablePhase.PLAYING and message.table == self.table
                        and signed_by(message, info.key)):
                    self._left[seat] = message
                return self._drop(conn, now, Code.CLOSED, "goodbye", goodbye=True)
            case RecordWire(wire=data):
                return self.handed_record(conn, data, now)
        raise remote(Code.BAD_MESSAGE, "not a message a host takes")

    # --- message handlers ----------------------------------------------------------------------------

    def handed_record(self, conn: int, data: bytes, now: float) -> list[Output]:
        """A record a peer hands over: only a table being taken over takes them
        (`p2p.core.handover.ResumedHost`, docs/PROTOCOL.md section 9)."""
        raise remote(Code.NOT_NOW, "records come from the host")

    def _lobby_seat(self, info: Connection) -> int:
        """The seat of a seated player in the lobby; refused otherwise."""
        index = self.lobby.index_of(info.key)
        if index is None or info.role is not Role.PLAYER:
            raise remote(Code.NOT_SEATED, "only a seated player may do that")
        if self.phase is not TablePhase.LOBBY:
            raise remote(Code.NOT_NOW, "that is for the lobby, before the start")
        return index

    def _on_ready(self, info: Connection, ready: Ready, now: float) -> list[Output]:
        index = self._lobby_seat(info)
        if ready.key != info.key or not signed_by(ready, info.key):
            raise remote(Code.BAD_SIGNATURE, "Ready not signed by your key")
        if ready.table != self.table or ready.commit != self.lobby_commit:
            raise remote(Code.STALE_SEQ, "Ready for another table or commitment")
        if not self.lobby.ready(index, ready):
            return []
        return self._lobby_changed() + self._maybe_auto_start(now)

    def _on_act(self, info: Connection, act: Act, now: float) -> list[Output]:
        sig = act.sig.hex()
        if not signed_by(act, info.key):
            raise remote(Code.BAD_SIGNATURE, "the action is not signed by your key")
        if sig in self._recent:
            raise remote(Code.REPLAYED, "that signed action was already played")
        if self.phase is not TablePhase.PLAYING or self.game is None or self.ledger.over:
            raise remote(Code.NOT_NOW, "the game is not being played")
        my_seat = self._seat_of_key(info.key)
        if my_seat is None:
            raise remote(Code.NOT_SEATED, "spectators cannot act")
        if act.table != self.table:
            raise remote(Code.WRONG_TABLE, "the action is for another table")
        if act.seat != my_seat:
            raise remote(Code.WRONG_SEAT, f"you sit at seat {my_seat}, not {act.seat}")
        if act.seq != self.seq + 1:
            raise remote(Code.STALE_SEQ, f"the action was meant as record {act.seq}; the next is {self.seq + 1}")
        if self._awaiting is not None:
            raise remote(Code.NOT_NOW, "the table is waiting for the dice contributions")
        inner = act.note
        if inner is not None and (inner.seat != my_seat or inner.table != self.table or inner.seq > self.seq
                                  or not signed_by(inner, info.key)):
            raise remote(Code.BAD_SIGNATURE, "the note does not carry an action of yours")
        action = act.action
        if action.seat != my_seat:
            raise remote(Code.WRONG_SEAT, f"you sit at seat {my_seat}, not {action.seat}")
        self._check_turn(action)
        entry = self.ledger.act(act, self._at(now))
        self._recent.append(sig)
        return self._after(entry, now)

    def _on_contrib(self, info: Connection, contrib: Contrib, now: float) -> list[Output]:
        awaiting = self._awaiting
        if awaiting is None or contrib.seq != awaiting.seq:
            raise remote(Code.STALE_SEQ, f"no action of record {contrib.seq} waits for chance")
        seat = self._seat_of_key(info.key)
        if seat is None or contrib.seat != seat:
            raise remote(Code.WRONG_SEAT, "contribute for your own seat")
        if seat not in awaiting.awaited:
            raise remote(Code.NOT_NOW, "your seat was not awaited for this record")
        if contrib.table != self.table or contrib.record != self.head:
            raise remote(Code.STALE_SEQ, "the contribution names another record")
        if not signed_by(contrib, info.key):
            raise remote(Code.BAD_SIGNATURE, "the contribution is not signed by your key")
        awaiting.contribs[seat] = contrib
        return self._settle(now) if self._all_in(awaiting) else []

    def _catch_up(self, conn: int, info: Connection, start: int, now: float) -> list[Output]:
        """Records from `start` on, within the connection's catch-up budget."""
        if start > self.seq:
            return []
        size = sum(len(r) for r in self.records[start:])
        if not info.limits.sync_allowed(size, log_bytes=sum(len(r) for r in self.records), now=now):
            raise remote(Code.RATE, "a catch-up is under way, or you asked for too many: wait")
        return [CatchUp(conn, start, self.seq + 1)]

    # --- the table's moves ------------------------------------------------------------------------

    def _check_turn(self, action: Action) -> None:
        game = self.game
        assert game is not None
        if not decides_now(game, action.seat):
            raise local(Code.OUT_OF_TURN, f"seat {action.seat} has nothing to decide now")
        try:
            game.check(action)
        except IllegalAction as exc:
            raise local(Code.ILLEGAL, f"{exc.message} [{exc.rule}]") from None

    def _host_apply(self, kind: RecordKind, action: Action, now: float, *, since: int | None = None,
                    left: Bye | None = None) -> list[Output]:
        """An action the host applies: declared first when people must contribute chance."""
        game = self.game
        assert game is not None
        at = self._at(now)
        awaited = tuple(sorted(self._live_people())) if game.needs_chance(action) else ()
        if not awaited:
            return self._after(self.ledger.host(kind, action, at, since=since, left=left), now)
        entry = self.ledger.declare(kind, action, at, awaited=awaited, since=since, left=left)
        self._awaiting = _Awaiting(entry.seq, awaited, now + CONTRIB_WAIT_SECONDS, {})
        return self._broadcast(entry)

    def _settle(self, now: float) -> list[Output]:
        awaiting = self._awaiting
        assert awaiting is not None
        self._awaiting = None
        entry = self.ledger.chance(list(awaiting.contribs.values()), self._at(now))
        return self._after(entry, now)

    def _all_in(self, awaiting: _Awaiting) -> bool:
        """Every awaited seat contributed or is no longer connected."""
        live = self._live_people()
        return all(s in awaiting.contribs or s not in live for s in awaiting.awaited)

    def _after(self, entry: Entry, now: float) -> list[Output]:
        """Broadcast a record that changed the game; the end record if it ended it."""
        outs = self._broadcast(entry)
        at = self._at(now)
        game = self.game
        assert game is not None
        outcome = game.outcome()
        if outcome is None:
            self._retime(actor=entry.seat, at=at)
            return outs
        return outs + self._finish(now)

    def _finish(self, now: float) -> list[Output]:
        """The signed end record of a game that is over; the table is finished."""
        outcome = self.game.outcome() if self.game is not None else None
        assert outcome is not None
        self._clock.clear()
        outs = self._broadcast(self.ledger.end(self._at(now)))
        self.phase = TablePhase.FINISHED
        return outs + self._lobby_changed() + [TableFinished(outcome, self.owed)]

    def _broadcast(self, entry: Entry) -> list[Output]:
        outs: list[Output] = [Send(c, entry.wire) for c, info in self.conns.items() if info.role is not Role.PENDING]
        outs.append(Published(entry.seq, entry.kind, entry.seat, entry.events))
        return outs

    def _retime(self, *, actor: int | None, at: int) -> None:
        game = self.game
        assert game is not None
        timed = None
        if not self.clock_on:
            live = self._live_people()
            timed = {n for n, p in enumerate(self.players) if p.key != self.key_hex and p.bot is None and n not in live}
        self._clock.update([(d.seat, d.kind) for d in game.pending()], actor=actor, at=at, timed=timed)

    def _at(self, now: float) -> int:
        """The records' clock: milliseconds since the start record, never decreasing."""
        if self.game is None:
            return 0
        return max(self.ledger.at, int((now - self._start_time) * 1000))

    # --- connections --------------------------------------------------------------------------------

    def _admit(self, conn: int, info: Connection, last_seq: int, *, now: float) -> list[Output]:
        index = self.lobby.index_of(info.key)
        if index is None and self.phase is TablePhase.LOBBY and info.want == PLAYING:
            index = self.lobby.sit(info.key, info.name, info.colour)
        elif index is not None:
            self.lobby.set_online(index, True)
        seat = self._seat_of_key(info.key)
        info.role = Role.PLAYER if index is not None or seat is not None else Role.SPECTATOR
        playing = self.phase is not TablePhase.LOBBY
        admitted = Admitted(info.role, index, seat, self.table, self.seq, self._at(now) if playing else None,
                            tuple(self.chat_history) if playing else ())
        outs: list[Output] = [Send(conn, messages.encode(admitted)),
                              Send(conn, messages.encode(self.view(conn)))]
        outs += self._lobby_changed(force=True, skip=conn)
        if self.phase is not TablePhase.LOBBY:
            self._owed.pop(info.key, None)   # back: a catch-up brings what it missed
            if seat is not None:
                self._left.pop(seat, None)   # back: the seat is theirs again
                self._retime(actor=None, at=self._at(now))
                outs.append(SeatOnline(seat, self.players[seat].name, True))
            start = max(0, last_seq + 1)
            if start <= self.seq:
                # A (re)joiner's catch-up always fits the budget: it counts against later ones.
                log_bytes = sum(len(r) for r in self.records)
                info.limits.sync_allowed(sum(len(r) for r in self.records[start:]), log_bytes=log_bytes, now=now)
                outs.append(CatchUp(conn, start, self.seq + 1))
        return outs + self._maybe_auto_start(now)

    def _drop(self, conn: int, now: float, code: Code | None = None, message: str = "", *,
              goodbye: bool = False, silent: bool = False) -> list[Output]:
        """The one way a connection leaves the table, whatever ended it (`goodbye`: it said
        one; `silent`: it fell silent)."""
        info = self.conns.pop(conn, None)
        if info is None:
            return []
        outs: list[Output] = [] if code is None else [Close(conn, code, message)]
        if info.role is Role.PENDING:
            return outs + [KnockWithdrawn(conn)]
        if any(c.key == info.key for c in self.conns.values()):
            return outs  # replaced by a newer connection of the same key
        index = self.lobby.index_of(info.key)
        seat = self._seat_of_key(info.key)
        left = seat is not None and seat in self._left
        if self.phase is not TablePhase.LOBBY:
            if goodbye:
                self._owed.pop(info.key, None)
            elif seat is not None or (info.role is Role.SPECTATOR and silent):
                self._owed[info.key] = self.players[seat].name if seat is not None else info.name
        if self.phase is TablePhase.LOBBY and index is not None:
            self.lobby.leave(index)
            self._lobby_policies.pop(index, None)
        elif index is not None:
            self.lobby.set_online(index, False, left=left)
        if self.phase is TablePhase.PLAYING and seat is not None:
            self._retime(actor=None, at=self._at(now))
            outs.append(SeatOnline(seat, self.players[seat].name, False, left=left))
            if self._awaiting is not None and self._all_in(self._awaiting):
                outs += self._settle(now)
        return outs + self._lobby_changed()

    def _maybe_auto_start(self, now: float) -> list[Output]:
        if self.auto_start_at is None or not self.can_start() or self.lobby.taken() < self.auto_start_at:
            return []
        return self.start(now)

    def _lobby_changed(self, *, force: bool = False, skip: int | None = None) -> list[Output]:
        """The lobby to everyone, when it changed (a request that changes nothing sends
        nothing: a flood of them costs the others nothing)."""
        base = self.view()
        encoded = messages.encode(base)
        if encoded == self._last_lobby and not force:
            return []
        self._last_lobby = encoded
        for listener in self._listeners:
            listener(self.info())
        outs: list[Output] = [LobbyChanged(base)]
        for conn, info in self.conns.items():
            if info.role is not Role.PENDING and conn != skip:
                outs.append(Send(conn, messages.encode(self.view(conn))))
        return outs

    def _chat_line(self, key: str, name: str, text: str) -> list[Output]:
        relay = ChatRelay(key, name, text)
        self.chat_history.append(relay)
        payload = messages.encode(relay)
        outs: list[Output] = [Send(c, payload) for c, info in self.conns.items() if info.role is not Role.PENDING]
        return outs + [ChatRelayed(key, name, text)]

    def _reject(self, conn: int, code: Code, text: str, message: messages.PeerMessage) -> Send:
        ref = message.sig.hex() if isinstance(message, Act | Ready | Contrib) else None
        return Send(conn, messages.encode(Reject(code.value, text, ref, self.seq)))

    def _live_people(self) -> set[int]:
        """Engine seats of people (not the host's key) with an admitted connection."""
        live = {c.key for c in self.conns.values() if c.role is not Role.PENDING}
        return {n for n, p in enumerate(self.players) if p.key != self.key_hex and p.bot is None and p.key in live}

    def _seat_of_key(self, key: str) -> int | None:
        """The engine seat of a person's key (None before the start, or for spectators)."""
        if key == self.key_hex:
            return None
        return next((n for n, p in enumerate(self.players) if p.key == key and p.bot is None), None)

    def _name_of(self, info: Connection) -> str:
        index = self.lobby.index_of(info.key)
        seat = self.lobby.seats[index] if index is not None else None
        return seat.name if seat is not None else info.name


_KIND_OF: dict[type, str] = {
    Act: "act", Contrib: "contrib", Chat: "chat", Ready: "lobby", Unready: "lobby", ProfileChange: "lobby",
    Sync: "sync", Bye: "bye", Ping: "ping", RecordWire: "act",
}

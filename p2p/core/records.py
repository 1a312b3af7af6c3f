"""Records: their wire form, and `Replica`, which verifies them (what every peer runs).

A record is a **body** (a JSON object, canonically encoded) and the host's Ed25519
signature over `TAG_RECORD || body bytes`. It travels, and is saved, as the canonical
encoding of `{"body": <body>, "sig": "<128 hex>", "t": "record"}`: since the keys sort
`body` < `sig` < `t` and the signature has a fixed length, `split_record` slices the body
bytes out of the payload without parsing it, the signature is checked on exactly those
bytes, and the body is decoded and parsed once, into its typed value
(`p2p.core.bodies`). Record hash = `H(TAG_RECORD || body bytes || raw sig)`.

`Replica` checks each record (signature, sequence, chain, the host's commit-reveal, the
signed times, who may act, the two-step chance of section 3 of docs/PROTOCOL.md) and
replays it on its own engine: the diff must give the state its engine reached, and that
state the record's hash. Anything else is a `CheatingHost`. `verify` (offline) runs the
same `Replica`. The host's twin, which writes records, is `p2p.core.ledger.Ledger`.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, NoReturn, Protocol

from zemlevlasnyk.engine import (
    JSON,
    Action,
    BadAction,
    EngineError,
    Entropy,
    Event,
    Game,
    IllegalAction,
    JSONObject,
    OptionValue,
    Ruleset,
    RulesetError,
    load_rules,
)
from zemlevlasnyk.p2p.core import commit_reveal, messages, wire
from zemlevlasnyk.p2p.core.bodies import (
    ActBody,
    Body,
    ChanceBody,
    EndBody,
    HandoverBody,
    HostBody,
    Malformed,
    Player,
    Record,
    RecordKind,
    Setup,
    StartBody,
    TimeoutBody,
    parse_body,
)
from zemlevlasnyk.p2p.core.clock import MS_PER_SECOND, DecisionClock
from zemlevlasnyk.p2p.core.errors import Cheat, CheatingHost, Code, RemoteProtocolError, remote
from zemlevlasnyk.p2p.core.messages import Act, Bye, Contrib, signed_by
from zemlevlasnyk.p2p.core.names import follows_name_rules
from zemlevlasnyk.p2p.core.statetrack import StateTrack
from zemlevlasnyk.p2p.core.turns import decides_now

if TYPE_CHECKING:
    from nacl.signing import SigningKey

ZERO_HASH = "0" * 64
TAG_RECORD = wire.TAG_RECORD

_SIG_HEAD = b',"sig":"'
_SIG_TAIL = b'","t":"record"}'
_SIG_HEX = 128
_SUFFIX = len(_SIG_HEAD) + _SIG_HEX + len(_SIG_TAIL)
_HEX_BYTES = b"0123456789abcdef"


# --- the codec ---------------------------------------------------------------------------------


def encode_record(body: bytes, sig: bytes) -> bytes:
    """The wire form: `{"body":<body>,"sig":"<hex>","t":"record"}`, canonical as it stands."""
    return messages.RECORD_PREFIX + body + _SIG_HEAD + sig.hex().encode() + _SIG_TAIL


def split_record(data: bytes) -> tuple[bytes, bytes]:
    """The body bytes and the raw signature of a record's wire form, sliced, not parsed."""
    if (len(data) <= len(messages.RECORD_PREFIX) + _SUFFIX or not data.startswith(messages.RECORD_PREFIX)
            or not data.endswith(_SIG_TAIL) or data[-_SUFFIX:-_SUFFIX + len(_SIG_HEAD)] != _SIG_HEAD):
        raise remote(Code.GARBAGE, "not a record: it must be {\"body\":...,\"sig\":\"<128 hex>\",\"t\":\"record\"}")
    sig_hex = data[-_SIG_HEX - len(_SIG_TAIL):-len(_SIG_TAIL)]
    if sig_hex.translate(None, _HEX_BYTES):
        raise remote(Code.GARBAGE, "not a record: the signature must be 128 lowercase hex digits")
    return data[len(messages.RECORD_PREFIX):-_SUFFIX], bytes.fromhex(sig_hex.decode())


def record_hash(body: bytes, sig: bytes) -> str:
    digest = hashlib.sha256(TAG_RECORD)
    digest.update(body)
    digest.update(sig)
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Sealed:
    """A record the host just signed: its wire bytes and its hash."""

    wire: bytes
    hash: str


def seal(key: SigningKey, body: JSONObject) -> Sealed:
    """Sign a body (a typed body's `to_json()`; tests seal bodies of their own making)."""
    encoded = wire.canonical(body)
    sig = key.sign(TAG_RECORD + encoded).signature
    return Sealed(encode_record(encoded, sig), record_hash(encoded, sig))


def decode_body(body: bytes, *, canonical: bool = False) -> JSONObject:
    """The body object, decoded once (C speed: no Python hook per object).

    Live verification never re-encodes (the signature covers the bytes as received). Where
    the encoding itself matters is evidence: `canonical` (the offline `verify`) refuses a
    body that is not exactly its canonical encoding, duplicate keys included, so a host
    that signed a body two implementations could read two ways is shown to have done so.
    Everything else signed (actions, Readies, contributions) is checked over its canonical
    re-encoding, where a duplicate key can only break its own signature."""
    wire.check_depth(body)
    try:
        obj = _BODY.decode(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ValueError(f"the body is not JSON: {str(exc)[:80]}") from None
    if not isinstance(obj, dict):
        raise ValueError("the body is not an object")
    if canonical and wire.canonical(obj) != body:
        raise ValueError("the body is not canonical JSON (duplicate keys, order or spacing)")
    return obj


def read_body(body: bytes, *, canonical: bool = False) -> Record:
    """A record's body bytes as its typed value (`ValueError`, a `Malformed` among them,
    when they are not one); nothing about its signature or its place in the chain."""
    return parse_body(decode_body(body, canonical=canonical))


def _no_float(text: str) -> NoReturn:
    raise ValueError(f"floats are not part of the protocol: {text[:20]}")


_BODY = json.JSONDecoder(parse_float=_no_float, parse_constant=_no_float)   # built once, not per record


def rules_for(preset: str, options: dict[str, OptionValue]) -> Ruleset:
    """The ruleset a start record names: the preset with its house-rule options
    (`RulesetError`, an `OptionError` or `PresetError`, when they name none this build has)."""
    return load_rules(preset, options)


def start_seed(table: str, secret: bytes, entropies: Iterable[bytes]) -> bytes:
    return commit_reveal.derive_seed(table, 0, secret, b"".join(entropies))


# --- what a verified record tells -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Unanswered:
    """A seat's signed action for record `seq` that the host left unanswered, as carried
    by a later action of that seat (the table learns of a dropped roll this way)."""

    seat: int
    seq: int
    action: Action


@dataclass(frozen=True, slots=True)
class Declared:
    """An action the host applies once the people at the table contributed (section 3.2)."""

    seq: int
    kind: RecordKind
    action: Action
    awaited: tuple[int, ...]
    record: str


# How long a host waits for the contributions to a declared action (section 3.2): a LAN
# answers in milliseconds; a seat that does not answer in time is listed as missing. Part
# of the protocol: a peer listed missing by a host that did not wait this long knows the
# host did not wait for it.
CONTRIB_WAIT_MS = 3000

# Where a record's chance came from (`Verified.chance`).
CHANCE_ACTOR = "actor"              # the acting peer's own entropy
CHANCE_START = "start"              # the start entropy: nobody else was there to contribute
CHANCE_CONTRIBUTED = "contributed"  # the people's contributions (a chance record)


@dataclass(frozen=True, slots=True)
class Verified:
    """A record that passed every check, and what it did: its typed `body`, its wire bytes,
    the engine's events. `chance` says where the chance of its action came from (None: it
    needed none, or it only declared its action)."""

    seq: int
    kind: RecordKind
    at: int
    body: Record
    wire: bytes
    events: list[Event]
    notes: tuple[Unanswered, ...] = ()
    chance: str | None = None

    @property
    def seat(self) -> int | None:
        """The seat that acted (for a declaration: whose action waits for chance)."""
        return self.body.actor


# --- the replica -----------------------------------------------------------------------------------


class Accuse(Protocol):
    """Makes the `CheatingHost` for the record being checked: what is wrong, and its kind."""

    def __call__(self, why: str, kind: Cheat = ..., /) -> CheatingHost: ...


Own = tuple[Act | Contrib, ...]


class Replica:
    """A copy of the game rebuilt from verified records only.

    `rules`, when given, is the ruleset we expect (a start record naming other rules is
    refused); otherwise the start record's preset and options are loaded. `strict` (the
    offline `verify`) also refuses a body that is not in the canonical encoding."""

    def __init__(self, *, table: str, host_key: str, rules: Ruleset | None = None, strict: bool = False) -> None:
        self.table = table
        self.strict = strict
        self.host_key = host_key            # the current host's (a handover changes it)
        self.first_host = host_key          # who signed the start record and seated the computer players
        self.expected_rules = rules
        self.rules: Ruleset | None = rules
        self.seq = -1
        self.head = ZERO_HASH
        self.at = 0
        self.next_commit: str | None = None
        self.start_entropy = b""
        self.game: Game | None = None
        self._track = StateTrack()
        self.setup: Setup | None = None     # the start record's, once verified
        self.players: tuple[Player, ...] = ()
        self.clock = True
        self.decisions = DecisionClock()
        self.declared: Declared | None = None
        self._acted: dict[int, int] = {}     # engine seat -> the seq of its latest own (`act`) record
        self.ended = False
        self._chance_from: str | None = None

    @property
    def state(self) -> JSON:
        """The game's state as the latest record left it (plain JSON: do not change it)."""
        return self._track.state

    @property
    def state_hash(self) -> str:
        """The hash of that state."""
        return self._track.hash

    @property
    def over(self) -> bool:
        """The game has an outcome (the signed end record may still be on its way)."""
        return self.game is not None and self.game.outcome() is not None

    def accept(self, data: bytes, *, own: Own = ()) -> Verified:
        """Verify and apply the next record (its wire bytes); `CheatingHost` if it is wrong.

        `own` are signed messages we made ourselves (our action for this record, our
        contribution to its chance): one the record carries exactly needs no signature
        check."""
        next_seq = self.seq + 1
        try:
            body_bytes, sig = split_record(data)
        except Exception as exc:
            raise CheatingHost(f"record {next_seq}: malformed ({exc})", seq=next_seq, kind=Cheat.MALFORMED) from None
        signer = self.host_key
        record: Record | None = None
        if not wire.verify_raw(signer, TAG_RECORD + body_bytes, sig):
            # Only a handover may be signed by another key: the new host's, which it names.
            record = self._successor(body_bytes)
            signer = "" if record is None else record.new
            if not signer or not wire.verify_raw(signer, TAG_RECORD + body_bytes, sig):
                raise CheatingHost(f"record {next_seq}: not signed by the host's key", seq=next_seq,
                                   kind=Cheat.SIGNATURE)
        try:
            if record is None or self.strict:
                record = read_body(body_bytes, canonical=self.strict)
            return self._accept(record, data, record_hash(body_bytes, sig), own, signer)
        except CheatingHost:
            raise
        except Malformed as exc:
            raise CheatingHost(f"record {next_seq}: malformed: {str(exc)[:160]}", seq=next_seq,
                               kind=Cheat.MALFORMED) from None
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, RecursionError, EngineError,
                RemoteProtocolError) as exc:
            raise CheatingHost(f"record {next_seq}: malformed: {type(exc).__name__}: {str(exc)[:160]}",
                               seq=next_seq, kind=Cheat.MALFORMED) from None

    def _accept(self, record: Record, data: bytes, digest: str, own: Own, signer: str) -> Verified:
        seq = record.seq

        def cheat(why: str, kind: Cheat = Cheat.RULES, /) -> CheatingHost:
            return CheatingHost(f"record {seq}: {why}", seq=seq, kind=kind)

        if seq != self.seq + 1:
            raise cheat(f"expected sequence number {self.seq + 1}", Cheat.CHAIN)
        kind = record.kind
        if (kind is RecordKind.START) != (seq == 0):
            raise cheat(f"kind {kind.value!r} is out of place", Cheat.MALFORMED)
        if record.table != self.table:
            raise cheat("record for another table", Cheat.CHAIN)
        if record.prev != self.head:
            raise cheat("does not chain onto the previous record", Cheat.CHAIN)
        at = record.at
        if at < self.at or (seq == 0 and at != 0):
            raise cheat("its time runs backwards", Cheat.CHAIN)
        secret = bytes.fromhex(record.reveal)
        if self.ended:
            raise cheat("a record after the end record", Cheat.CHAIN)
        if self.over and kind not in (RecordKind.END, RecordKind.HANDOVER):
            raise cheat("the game is over: only the end record may follow", Cheat.CHAIN)
        if (self.declared is not None) != (kind is RecordKind.CHANCE) and kind is not RecordKind.HANDOVER:
            raise cheat("a declared action must be followed by its chance record, and only by it", Cheat.CHAIN)
        if isinstance(record, StartBody):
            events = self._start(record.setup, secret, cheat)
        elif isinstance(record, HandoverBody):
            events = self._handover(record, secret, signer, cheat)
        else:
            if not commit_reveal.opens(self.next_commit or "", secret):
                raise cheat("the revealed secret does not open the host's commitment", Cheat.SECRET)
            events = self._play(record, secret, digest, own, cheat)
        changed = not isinstance(record, EndBody | HandoverBody) and not (isinstance(record, HostBody)
                                                                         and record.awaited is not None)
        assert self.game is not None
        if changed:
            try:
                self._track.follow(self.game.to_json(), record.diff)
            except ValueError:
                raise cheat("the state diff disagrees with the rules (replayed here)", Cheat.STATE) from None
        elif record.diff != []:
            raise cheat("a record that changes nothing carries a diff", Cheat.STATE)
        if record.state != self._track.hash:
            raise cheat("the state hash is wrong", Cheat.STATE)
        notes = self._notes(record)
        actor = record.actor
        if isinstance(record, ActBody):
            self._acted[record.act.seat] = seq
        chance, self._chance_from = self._chance_from, None
        if changed and self.game.outcome() is None:
            self.decisions.update([(d.seat, d.kind) for d in self.game.pending()], actor=actor, at=at)
        elif changed:
            self.decisions.clear()
        self.seq = seq
        self.at = at
        self.head = digest
        # The revealed secret is the commitment to the next one, unless a new chain starts.
        self.next_commit = record.renew if record.renew is not None else record.reveal
        return Verified(seq, kind, at, record, data, events, notes, chance)

    # --- per kind ------------------------------------------------------------------------------

    def _start(self, setup: Setup, secret: bytes, cheat: Accuse) -> list[Event]:
        try:
            rules = rules_for(setup.preset, setup.options)
        except (RulesetError, TypeError, ValueError) as exc:
            raise cheat(f"the table plays rules we cannot load: {exc}") from None
        if setup.rules != rules.digest or (self.expected_rules is not None
                                           and rules.digest != self.expected_rules.digest):
            raise cheat("the table plays other rules than ours")
        if not commit_reveal.opens(setup.commit, secret):
            raise cheat("the revealed secret does not open the lobby commitment", Cheat.SECRET)
        players = setup.players
        for seat, player in enumerate(players):
            # Every peer and `verify` show these texts: a host signing a name with a
            # terminal's escape, a bell or a right-to-left override in it is at fault.
            # The message names the seat, never the text.
            if len(player.key) != 64 or player.key.encode().translate(None, _HEX_BYTES):
                raise cheat(f"seat {seat}'s key is not 64 lowercase hex digits", Cheat.MALFORMED)
            texts = (player.name, player.colour, *(() if player.bot is None else (player.bot,)))
            if not all(follows_name_rules(text) for text in texts):
                raise cheat(f"seat {seat}'s name, colour or level breaks the name rules", Cheat.NAME)
        if not rules.min_players <= len(players) <= rules.max_players:
            raise cheat("the table seats a number of players the rules do not allow")
        humans = [p.key for p in players if p.key != self.host_key]
        if [r.key for r in setup.readies] != humans:
            raise cheat("the Ready list does not match the seated players")
        for ready in setup.readies:
            if not (signed_by(ready, ready.key) and ready.table == self.table and ready.commit == setup.commit):
                raise cheat("a Ready is forged or bound to another commitment", Cheat.SIGNATURE)
        self.rules = rules
        self.setup = setup
        self.players = players
        self.clock = setup.clock
        self.decisions = DecisionClock(ms=decision_ms(rules))
        entropies = [r.entropy for r in setup.readies]
        self.start_entropy = commit_reveal.start_entropy(entropies)
        self.game = Game.new(rules, players=len(players), chance=Entropy(start_seed(self.table, secret, entropies)))
        return []

    def _play(self, record: Body, secret: bytes, digest: str, own: Own, cheat: Accuse) -> list[Event]:
        game = self.game
        assert game is not None
        seq = record.seq
        if isinstance(record, EndBody):
            outcome = game.outcome()
            if outcome is None:
                raise cheat("an end record while the game goes on")
            if (record.winner, record.draw) != (outcome.winner, outcome.draw):
                raise cheat("the end record names another outcome")
            self.ended = True
            return []
        if isinstance(record, ChanceBody):
            return self._chance(record, secret, own, cheat)
        if isinstance(record, ActBody):
            act = record.act
            if act not in own:
                if not 0 <= act.seat < len(self.players):
                    raise cheat("the action's seat is not a seat of this game")
                if not signed_by(act, self.players[act.seat].key):
                    raise cheat("the action is not signed by its seat's key", Cheat.SIGNATURE)
            if act.seat != act.action.seat or act.table != self.table or act.seq != seq:
                raise cheat("the action was signed for another seat, table or moment", Cheat.SIGNATURE)
            return self._clock(record.at) + self._apply(act.action, seq, secret, act.entropy, cheat, CHANCE_ACTOR)
        assert isinstance(record, HostBody)
        action = record.auto
        if not 0 <= action.seat < len(self.players):
            raise cheat("the action's seat is not a seat of this game")
        if record.kind is RecordKind.HOST and not self.hosts(action.seat):
            raise cheat("the host acted for a seat it does not play")
        if isinstance(record, TimeoutBody):
            self._check_timeout(action, record, cheat)
        awaited = record.awaited
        if awaited is None:
            return self._clock(record.at) + self._apply(action, seq, secret, self.start_entropy, cheat, CHANCE_START)
        if (not awaited or list(awaited) != sorted(set(awaited))
                or not all(0 <= s < len(self.players) and not self.hosts(s) for s in awaited)):
            raise cheat("a declaration must await a sorted list of people's seats", Cheat.MALFORMED)
        if not game.needs_chance(action):
            raise cheat("a declaration of an action that needs no chance")
        self._check_turn(action, cheat)
        self.declared = Declared(seq, record.kind, action, awaited, digest)
        return []

    def _handover(self, record: HandoverBody, secret: bytes, signer: str, cheat: Accuse) -> list[Event]:
        """A new host takes the table over (docs/PROTOCOL.md, section 9): it names the lost
        host and itself, signs this record with its own key and starts a new secret chain
        (`commit`, which this record's `reveal` opens: the next record's secret opens that).
        An action declared and not yet applied is void (the new host never saw the people's
        contributions to it), and every pending decision's clock starts again: everyone just
        lost their connection."""
        if record.old != self.host_key:
            raise cheat("a handover from a host that is not the table's host")
        if record.new != signer or not self.may_host(signer):
            raise cheat("a handover must be signed by the new host, the first host or a seated person", Cheat.SIGNATURE)
        if record.renew is not None or not commit_reveal.opens(record.commit, secret):
            raise cheat("the handover's secret does not open its commitment", Cheat.SECRET)
        assert self.game is not None
        self.host_key = signer
        self.declared = None
        self.decisions.clear()
        if self.game.outcome() is None:
            self.decisions.update([(d.seat, d.kind) for d in self.game.pending()], actor=None, at=record.at)
        return []

    def hosts(self, seat: int) -> bool:
        """Whether the current host plays `seat` itself (its own seat, or a computer player:
        those were seated by the first host with its key, and follow the table's host)."""
        player = self.players[seat]
        return player.key == self.host_key or (player.bot is not None and player.key == self.first_host)

    def may_host(self, key: str) -> bool:
        """Who may take the table over: the first host, or a person seated at the start."""
        return key == self.first_host or any(p.key == key and p.bot is None for p in self.players)

    def _successor(self, body: bytes) -> HandoverBody | None:
        """The body, if it is the next record and a handover naming someone who may host
        (only then is its signature checked against that key)."""
        try:
            record = read_body(body)
        except (ValueError, RemoteProtocolError):
            return None
        if isinstance(record, HandoverBody) and record.seq == self.seq + 1 and self.may_host(record.new):
            return record
        return None

    def _check_timeout(self, action: Action, record: TimeoutBody, cheat: Accuse) -> None:
        assert self.game is not None
        if action != self.game.safe_action(action.seat):
            raise cheat("a timeout that is not the clock's safe action")
        timer = record.timer
        since = self.decisions.since(action.seat)
        if since is None:
            raise cheat(f"a timeout for seat {action.seat}, which has nothing to decide")
        if timer.since < since:
            raise cheat(f"the host counted seat {action.seat}'s time from {timer.since} ms, "
                        f"before its decision began at {since} ms", Cheat.CLOCK)
        if timer.left is not None and self._left(action.seat, timer.left, record.seq, cheat):
            # The seat's player said goodbye: its safe moves need not wait (section 7).
            if record.at < timer.since:
                raise cheat("a timeout before the time it counts from", Cheat.CLOCK)
            return
        if record.at < timer.since + self.decisions.ms:
            raise cheat(f"the host ran seat {action.seat}'s clock out after "
                        f"{(record.at - timer.since) / 1000:.1f} s of {self.decisions.ms / 1000:g}", Cheat.CLOCK)

    def _left(self, seat: int, goodbye: Bye, seq: int, cheat: Accuse) -> bool:
        """Whether `goodbye` shows that the seat's player left: signed by the seat's key for
        this table, before this record, and not followed by an action of the seat's own (a
        player who came back and moved is no longer gone). A goodbye it did not sign is
        forged evidence; an old one proves nothing (the clock's wait then applies)."""
        if (goodbye.sig is None or goodbye.table != self.table or goodbye.seq >= seq
                or not signed_by(goodbye, self.players[seat].key)):
            raise cheat(f"seat {seat}'s goodbye is forged or made for another table", Cheat.SIGNATURE)
        return goodbye.seq >= self._acted.get(seat, -1)

    def _chance(self, record: ChanceBody, secret: bytes, own: Own, cheat: Accuse) -> list[Event]:
        declared = self.declared
        assert declared is not None
        contribs, missing = record.contribs, list(record.missing)
        seats = [c.seat for c in contribs]
        if seats != sorted(set(seats)) or missing != sorted(set(missing)):
            raise cheat("contributions and missing seats must each be in seat order, once", Cheat.MALFORMED)
        if set(seats) & set(missing) or sorted(seats + missing) != list(declared.awaited):
            raise cheat("the contributions and the missing seats are not the seats awaited")
        for contrib in contribs:
            if (contrib.table != self.table or contrib.seq != declared.seq or contrib.record != declared.record
                    or contrib not in own and not signed_by(contrib, self.players[contrib.seat].key)):
                raise cheat(f"seat {contrib.seat}'s contribution is forged or made for another record", Cheat.SIGNATURE)
        self.declared = None
        entropy = commit_reveal.contributed_entropy([c.entropy for c in contribs])
        return self._clock(record.at) + self._apply(declared.action, record.seq, secret, entropy, cheat,
                                                    CHANCE_CONTRIBUTED)

    def _check_turn(self, action: Action, cheat: Accuse) -> None:
        assert self.game is not None
        if not decides_now(self.game, action.seat):
            raise cheat(f"seat {action.seat} acted out of turn")
        if not self.game.is_legal(action):
            raise cheat(f"the host accepted an illegal {action.TYPE}")

    def _clock(self, at: int) -> list[Event]:
        """Tell the engine the signed time of a record that applies an action, before the
        action (as the host's ledger does): a time limit's end is checked on the signed times,
        since an engine that reads another time reaches another state hash."""
        assert self.game is not None
        return self.game.time_passed(at)

    def _apply(self, action: Action, seq: int, secret: bytes, entropy: bytes,
               cheat: Accuse, source: str) -> list[Event]:
        game = self.game
        assert game is not None
        if not decides_now(game, action.seat):
            raise cheat(f"seat {action.seat} acted out of turn")
        try:
            if game.needs_chance(action):
                self._chance_from = source
                return game.apply(action, chance=Entropy(commit_reveal.derive_seed(self.table, seq, secret, entropy)))
            return game.apply(action)
        except (IllegalAction, BadAction) as exc:
            raise cheat(f"the host accepted an illegal action: {exc}") from None

    def _notes(self, record: Record) -> tuple[Unanswered, ...]:
        """A dropped action of the actor's, as its signed note carries it (checked here: a
        note that does not verify is ignored, it proves nothing)."""
        if not isinstance(record, ActBody) or record.act.note is None:
            return ()
        inner, seat = record.act.note, record.act.seat
        if (inner.seat != seat or inner.table != self.table or inner.seq >= record.seq
                or not signed_by(inner, self.players[seat].key)):
            return ()
        return (Unanswered(seat, inner.seq, inner.action),)


def decision_ms(rules: Ruleset) -> int:
    """The decision clock's length at a table of these rules: their `clock` option, which
    the start record fixes (its `rules` digest covers the options), so the host's clock
    and every peer's judgement of its timeouts run on the same length."""
    return rules.clock_seconds * MS_PER_SECOND

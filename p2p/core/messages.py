"""The table's wire messages as types: one frozen dataclass per message, parsed once.

`parse_from_peer(payload)` (what the host reads) and `parse_from_host(payload)` (what a
peer reads) turn a message's bytes into one of the classes below, or raise
`RemoteProtocolError` (`garbage` for bytes that are not a message, `bad_message` for a
message of the wrong shape, an action that is no action included); `encode(message)` gives
the canonical bytes. Nothing past this module looks at a message's raw JSON, and host and
peer dispatch on the classes with `match`.

A record is not parsed here: its payload starts with `{"body":` and is handed on as
`RecordWire` to `p2p.core.records`, which verifies the bytes as received. Signed messages
(`Ready`, `Act`, `Contrib`, a signed `Bye`) keep their signature (`sig`) beside their typed
fields; the fields give back exactly the object that was signed (`unsigned()`: the parsers
take no field beyond the signed ones), which is what a record embeds (`to_json()`), and
`signed_by` is the one check of such a signature, on every path (host, replica, offline
verification).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import TYPE_CHECKING, ClassVar, Protocol

from zemlevlasnyk.engine import JSON, Action, BadAction, JSONObject, OptionValue, action_from_json
from zemlevlasnyk.p2p.core import wire
from zemlevlasnyk.p2p.core.errors import Code, remote
from zemlevlasnyk.p2p.core.names import printable

if TYPE_CHECKING:
    from nacl.signing import SigningKey

# Bytes of entropy in a Ready, an action or a contribution: as much as a host secret.
ENTROPY_BYTES = 32
# A chat line as sent may be longer than the relayed limit (`p2p.core.chat` cuts it down and
# refuses what is still too long); beyond this it is not a chat line but a flood.
MAX_TEXT = 4096
# Names, codes and the like: far longer than any honest value.
MAX_SHORT = 200
# The chat lines a host hands a (re)joining peer: a screenful and more of the chat panel;
# of relayed lines (`p2p.core.chat.MAX_CHAT_CHARS`) that is under 100 KB, well within a
# frame (`p2p.core.framing.MAX_FRAME`).
CHAT_HISTORY = 50
RECORD_PREFIX = b'{"body":'
SEATS = 4
SIG_BYTES = 64


class Role(StrEnum):
    """What a connection is at the table (`admitted` says player or spectator)."""
    PENDING = "pending"        # knocking, without the join secret: the host has not answered
    PLAYER = "player"
    SPECTATOR = "spectator"


class TablePhase(StrEnum):
    """Where a table is (the lobby message's `phase`)."""
    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"


def _bad(kind: str, why: str) -> Exception:
    return remote(Code.BAD_MESSAGE, f"{kind}: {why}")


def _get(obj: JSONObject, kind: str, name: str) -> JSON:
    if name not in obj:
        raise _bad(kind, f"missing field {name!r}")
    return obj[name]


def _int(obj: JSONObject, kind: str, name: str, *, low: int | None = None) -> int:
    value = _get(obj, kind, name)
    if not isinstance(value, int) or isinstance(value, bool) or (low is not None and value < low):
        raise _bad(kind, f"{name} must be an integer" + (f" of at least {low}" if low is not None else ""))
    return value


def _opt_int(obj: JSONObject, kind: str, name: str, *, low: int | None = None) -> int | None:
    return None if obj.get(name) is None else _int(obj, kind, name, low=low)


def _str(obj: JSONObject, kind: str, name: str, *, limit: int = MAX_SHORT) -> str:
    value = _get(obj, kind, name)
    if not isinstance(value, str) or len(value) > limit:
        raise _bad(kind, f"{name} must be a string of at most {limit} characters")
    return value


def _opt_str(obj: JSONObject, kind: str, name: str, *, limit: int = MAX_SHORT) -> str | None:
    return None if obj.get(name) is None else _str(obj, kind, name, limit=limit)


def _shown(obj: JSONObject, kind: str, name: str, *, limit: int = MAX_SHORT) -> str:
    """A text from the host that a person is shown (a name, a chat line): without the
    characters a terminal or a layout acts on, as the host cleans what it relays."""
    return printable(_str(obj, kind, name, limit=limit))


def _opt_shown(obj: JSONObject, kind: str, name: str, *, limit: int = MAX_SHORT) -> str | None:
    value = _opt_str(obj, kind, name, limit=limit)
    return None if value is None else printable(value)


def _bool(obj: JSONObject, kind: str, name: str) -> bool:
    value = _get(obj, kind, name)
    if not isinstance(value, bool):
        raise _bad(kind, f"{name} must be true or false")
    return value


def _hex(obj: JSONObject, kind: str, name: str, size: int) -> bytes:
    value = _get(obj, kind, name)
    if isinstance(value, str) and len(value) == 2 * size and value == value.lower():
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise _bad(kind, f"{name} must be {2 * size} lowercase hex digits")


def _dict(obj: JSONObject, kind: str, name: str) -> JSONObject:
    value = _get(obj, kind, name)
    if not isinstance(value, dict):
        raise _bad(kind, f"{name} must be an object")
    return value


def _options(obj: JSONObject, kind: str, name: str) -> dict[str, OptionValue]:
    """House-rule options: names to a switch, a number or a choice."""
    options = _dict(obj, kind, name)
    values = {k: v for k, v in options.items() if isinstance(v, bool | int | str)}
    if len(values) != len(options):
        raise _bad(kind, f"{name} must name options with true/false, numbers or names")
    return values


# --- signatures ----------------------------------------------------------------------------


class SignedMessage(Protocol):
    """A message signed by its sender's key: its domain tag, its signature, and the object
    the signature covers (its fields but `sig`)."""

    TAG: ClassVar[bytes]

    @property
    def sig(self) -> bytes | None: ...   # None: a goodbye sent unsigned

    def unsigned(self) -> JSONObject: ...


def signed_by(message: SignedMessage, key: str) -> bool:
    """Whether `key` (hex) signed `message`: the one check of a signed message's signature."""
    sig = message.sig
    return sig is not None and wire.verify_raw(key, wire.signed_bytes(message.TAG, message.unsigned()), sig)


def _signed(obj: JSONObject, kind: str, names: tuple[str, ...]) -> bytes:
    """The signature of an object with exactly `names` (and `t`, `sig`): nothing unsigned
    rides along, so the typed fields give back the very object that was signed."""
    extra = set(obj) - {"t", "sig", *names}
    if extra:
        raise _bad(kind, f"unexpected field(s) {', '.join(sorted(extra))[:80]}")
    return _hex(obj, kind, "sig", SIG_BYTES)


def _with_sig(unsigned: JSONObject, sig: bytes) -> JSONObject:
    return {**unsigned, "sig": sig.hex()}


# --- host -> peer ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecordWire:
    """A record as it travels (section 2 of docs/PROTOCOL.md), not yet verified."""

    wire: bytes


@dataclass(frozen=True, slots=True)
class Admitted:
    role: Role                 # PLAYER or SPECTATOR
    seat: int | None           # lobby seat
    engine_seat: int | None    # seat in the started game
    table: str
    head: int                  # the host's latest record (-1 before the start)
    # The records' clock (ms) as the host admitted us: the records it then catches us up
    # with arrive late, and a decision clock counted from their arrival would show time
    # long gone. Sent only during a game, as is the table's recent chat (`CHAT_HISTORY`
    # lines, oldest first), which a peer back from a loss (or a new process) would else
    # not have; an older peer ignores both.
    at: int | None = None
    chat: tuple[ChatRelay, ...] = ()

    def to_json(self) -> JSONObject:
        out: JSONObject = {"t": "admitted", "role": self.role.value, "seat": self.seat,
                           "engine_seat": self.engine_seat, "table": self.table, "head": self.head}
        if self.at is not None:
            out["at"] = self.at
        if self.chat:
            out["chat"] = [{"key": c.key, "name": c.name, "text": c.text} for c in self.chat]
        return out


@dataclass(frozen=True, slots=True)
class SeatView:
    """One lobby seat as everyone sees it."""

    name: str
    colour: str
    key: str
    bot: str | None
    ready: bool
    connected: bool
    # Not connected because its player said goodbye (a signed `bye`) mid-game: sent only
    # when true, so a lobby without it is the same bytes as before, and an older peer,
    # which ignores fields it does not know, reads the seat as offline.
    left: bool = False
    # A computer player's temperament: sent only for a seat that has one, as `left`.
    temperament: str | None = None

    def to_json(self) -> JSONObject:
        seat: JSONObject = {"name": self.name, "colour": self.colour, "key": self.key, "bot": self.bot,
                            "ready": self.ready, "connected": self.connected}
        if self.left:
            seat["left"] = True
        if self.temperament is not None:
            seat["temperament"] = self.temperament
        return seat


@dataclass(frozen=True, slots=True)
class Settings:
    """The table's settings, chosen by the host and shown read-only to joiners."""

    clock: bool
    preset: str
    options: dict[str, OptionValue] = field(default_factory=dict)

    def to_json(self) -> JSONObject:
        return {"clock": self.clock, "preset": self.preset, "options": dict(self.options)}


@dataclass(frozen=True, slots=True)
class LobbyView:
    table: str
    name: str
    code: str
    phase: TablePhase
    settings: Settings
    commit: str
    host_name: str
    host_key: str
    seats: tuple[SeatView | None, ...]
    spectators: int
    you: int | None

    def to_json(self) -> JSONObject:
        return {"t": "lobby", "table": self.table, "name": self.name, "code": self.code, "phase": self.phase.value,
                "settings": self.settings.to_json(), "commit": self.commit,
                "host": {"name": self.host_name, "key": self.host_key},
                "seats": [None if s is None else s.to_json() for s in self.seats],
                "spectators": self.spectators, "you": self.you}


@dataclass(frozen=True, slots=True)
class ChatRelay:
    key: str
    name: str
    text: str

    def to_json(self) -> JSONObject:
        return {"t": "chat", "key": self.key, "name": self.name, "text": self.text}


@dataclass(frozen=True, slots=True)
class Reject:
    """Your message was refused; the connection stays."""

    code: str
    message: str
    ref: str | None            # the `sig` of the refused message, if it had one
    seq: int                   # the host's latest record

    def to_json(self) -> JSONObject:
        return {"t": "reject", "code": self.code, "message": self.message, "ref": self.ref, "seq": self.seq}


@dataclass(frozen=True, slots=True)
class ErrorMessage:
    """The sender hangs up after this."""

    code: str
    message: str

    def to_json(self) -> JSONObject:
        return {"t": "error", "code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class Ping:
    def to_json(self) -> JSONObject:
        return {"t": "ping"}


# --- peer -> host ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ready:
    """A seated player's Ready: its entropy for the first draw, bound to the lobby commit."""

    TAG: ClassVar[bytes] = wire.TAG_READY

    table: str
    commit: str
    entropy: bytes
    key: str
    sig: bytes

    def unsigned(self) -> JSONObject:
        return {"t": "ready", "table": self.table, "commit": self.commit, "entropy": self.entropy.hex(),
                "key": self.key}

    def to_json(self) -> JSONObject:
        return _with_sig(self.unsigned(), self.sig)


@dataclass(frozen=True, slots=True)
class Unready:
    def to_json(self) -> JSONObject:
        return {"t": "unready"}


@dataclass(frozen=True, slots=True)
class ProfileChange:
    name: str
    colour: str

    def to_json(self) -> JSONObject:
        return {"t": "profile", "name": self.name, "colour": self.colour}


@dataclass(frozen=True, slots=True)
class Act:
    """A signed action meant to become record `seq`; `note` carries evidence of an earlier
    action of ours the host left unanswered (section 3.4): that action, signed, without a
    note of its own."""

    TAG: ClassVar[bytes] = wire.TAG_ACTION

    table: str
    seq: int
    seat: int
    action: Action
    entropy: bytes
    note: Act | None
    sig: bytes

    def unsigned(self) -> JSONObject:
        obj: JSONObject = {"t": "act", "table": self.table, "seq": self.seq, "seat": self.seat,
                           "action": self.action.to_json(), "entropy": self.entropy.hex()}
        if self.note is not None:
            obj["note"] = {"unanswered": self.note.to_json()}
        return obj

    def to_json(self) -> JSONObject:
        return _with_sig(self.unsigned(), self.sig)


@dataclass(frozen=True, slots=True)
class Contrib:
    """A person's entropy for the chance of the action declared in record `seq`."""

    TAG: ClassVar[bytes] = wire.TAG_CONTRIB

    table: str
    seq: int
    seat: int
    record: str                # the hash of record `seq`
    entropy: bytes
    sig: bytes

    def unsigned(self) -> JSONObject:
        return {"t": "contrib", "table": self.table, "seq": self.seq, "seat": self.seat, "record": self.record,
                "entropy": self.entropy.hex()}

    def to_json(self) -> JSONObject:
        return _with_sig(self.unsigned(), self.sig)


@dataclass(frozen=True, slots=True)
class Chat:
    text: str

    def to_json(self) -> JSONObject:
        return {"t": "chat", "text": self.text}


@dataclass(frozen=True, slots=True)
class Sync:
    """Send me the records from `start` on."""

    start: int

    def to_json(self) -> JSONObject:
        return {"t": "sync", "from": self.start}


@dataclass(frozen=True, slots=True)
class Bye:
    """We leave (after `seq`, on `state`). Signed (`table` and `sig` given): the same, signed
    by our key for the table: a person leaving a game in progress on purpose, which the host
    shows the table as proof that the seat's safe moves may be made at once (docs/PROTOCOL.md
    section 7)."""

    TAG: ClassVar[bytes] = wire.TAG_BYE

    seq: int
    state: str
    table: str | None = None
    sig: bytes | None = None

    def unsigned(self) -> JSONObject:
        if self.table is None:
            return {"t": "bye", "seq": self.seq, "state": self.state}
        return {"t": "bye", "table": self.table, "seq": self.seq, "state": self.state}

    def to_json(self) -> JSONObject:
        return self.unsigned() if self.sig is None else _with_sig(self.unsigned(), self.sig)


HostMessage = RecordWire | Admitted | LobbyView | ChatRelay | Reject | ErrorMessage | Ping
# A peer sends a record (`RecordWire`) only to hand it to a host taking the table over.
PeerMessage = Ready | Unready | ProfileChange | Act | Contrib | Chat | Sync | Bye | Ping | RecordWire
Message = HostMessage | PeerMessage


def encode(message: Message) -> bytes:
    if isinstance(message, RecordWire):
        return message.wire
    return wire.encode(message.to_json())


# --- parsing: what the host reads ---------------------------------------------------------------


def parse_from_peer(payload: bytes) -> PeerMessage:
    if payload.startswith(RECORD_PREFIX):
        return RecordWire(payload)
    obj = wire.decode(payload)
    kind = str(obj["t"])
    if kind == "act":
        return parse_act(obj)
    if kind == "ping":
        return Ping()
    if kind == "contrib":
        return parse_contrib(obj)
    if kind == "chat":
        return Chat(_str(obj, kind, "text", limit=MAX_TEXT))
    if kind == "ready":
        return parse_ready(obj)
    if kind == "unready":
        return Unready()
    if kind == "profile":
        return ProfileChange(_str(obj, kind, "name"), _str(obj, kind, "colour"))
    if kind == "sync":
        return Sync(_int(obj, kind, "from", low=0))
    if kind == "bye":
        return parse_bye(obj)
    raise _bad(kind[:40], "not a message a host takes")


def _object(value: JSON, kind: str) -> JSONObject:
    if not isinstance(value, dict):
        raise _bad(kind, "not an object")
    return value


def parse_ready(value: JSON) -> Ready:
    kind = "ready"
    obj = _object(value, kind)
    sig = _signed(obj, kind, ("table", "commit", "entropy", "key"))
    return Ready(_str(obj, kind, "table"), _hex(obj, kind, "commit", 32).hex(),
                 _hex(obj, kind, "entropy", ENTROPY_BYTES), _hex(obj, kind, "key", 32).hex(), sig)


def parse_act(value: JSON, *, nested: bool = False) -> Act:
    """A signed action; `nested`: one carried in another's note, which carries none itself."""
    kind = "act"
    obj = _object(value, kind)
    if obj.get("t") != kind:
        raise _bad(kind, "not an action")
    names = ("table", "seq", "seat", "action", "entropy") if nested else ("table", "seq", "seat", "action",
                                                                           "entropy", "note")
    sig = _signed(obj, kind, names)
    note = None
    if "note" in obj:
        carried = _dict(obj, kind, "note")
        if set(carried) != {"unanswered"} or not isinstance(carried["unanswered"], dict):
            raise _bad(kind, "a note is {\"unanswered\": <an earlier signed action>}")
        note = parse_act(carried["unanswered"], nested=True)
    try:
        action = action_from_json(_dict(obj, kind, "action"))
    except BadAction as exc:
        raise _bad(kind, str(exc)) from None
    return Act(_str(obj, kind, "table"), _int(obj, kind, "seq", low=0), _int(obj, kind, "seat", low=0),
               action, _hex(obj, kind, "entropy", ENTROPY_BYTES), note, sig)


def parse_bye(value: JSON) -> Bye:
    """A goodbye, plain or signed (then with exactly its signed fields)."""
    kind = "bye"
    obj = _object(value, kind)
    if obj.get("t") != kind:
        raise _bad(kind, "not a goodbye")
    if "sig" not in obj:
        return Bye(_int(obj, kind, "seq", low=-1), _str(obj, kind, "state"))
    sig = _signed(obj, kind, ("table", "seq", "state"))
    return Bye(_int(obj, kind, "seq", low=-1), _str(obj, kind, "state"), _str(obj, kind, "table"), sig)


def parse_contrib(value: JSON) -> Contrib:
    kind = "contrib"
    obj = _object(value, kind)
    if obj.get("t") != kind:
        raise _bad(kind, "not a contribution")
    sig = _signed(obj, kind, ("table", "seq", "seat", "record", "entropy"))
    return Contrib(_str(obj, kind, "table"), _int(obj, kind, "seq", low=0), _int(obj, kind, "seat", low=0),
                   _hex(obj, kind, "record", 32).hex(), _hex(obj, kind, "entropy", ENTROPY_BYTES), sig)


# --- parsing: what a peer reads -------------------------------------------------------------------


def parse_from_host(payload: bytes) -> HostMessage:
    if payload.startswith(RECORD_PREFIX):
        return RecordWire(payload)
    obj = wire.decode(payload)
    kind = str(obj["t"])
    if kind == "ping":
        return Ping()
    if kind == "lobby":
        return _parse_lobby(obj)
    if kind == "chat":
        return ChatRelay(_str(obj, kind, "key"), _shown(obj, kind, "name"), _shown(obj, kind, "text", limit=MAX_TEXT))
    if kind == "reject":
        return Reject(_str(obj, kind, "code"), _shown(obj, kind, "message", limit=MAX_TEXT),
                      _opt_str(obj, kind, "ref"), _int(obj, kind, "seq", low=-1))
    if kind == "admitted":
        role = _str(obj, kind, "role")
        if role not in (Role.PLAYER, Role.SPECTATOR):
            raise _bad(kind, f"unknown role {role[:20]!r}")
        return Admitted(Role(role), _opt_int(obj, kind, "seat", low=0), _opt_int(obj, kind, "engine_seat", low=0),
                        _str(obj, kind, "table"), _int(obj, kind, "head", low=-1), _opt_int(obj, kind, "at", low=0),
                        _chat_history(obj, kind))
    if kind == "error":
        return ErrorMessage(_str(obj, kind, "code"), _shown(obj, kind, "message", limit=MAX_TEXT))
    raise _bad(kind[:40], "not a message a peer takes")


def _chat_history(obj: JSONObject, kind: str) -> tuple[ChatRelay, ...]:
    lines = obj.get("chat", [])
    if not isinstance(lines, list) or len(lines) > CHAT_HISTORY or not all(isinstance(x, dict) for x in lines):
        raise _bad(kind, f"chat must be a list of at most {CHAT_HISTORY} lines")
    return tuple(ChatRelay(_str(x, kind, "key"), _str(x, kind, "name"), _str(x, kind, "text", limit=MAX_TEXT))
                 for x in lines if isinstance(x, dict))


def _parse_lobby(obj: JSONObject) -> LobbyView:
    kind = "lobby"
    settings = _dict(obj, kind, "settings")
    host = _dict(obj, kind, "host")
    seats = _get(obj, kind, "seats")
    if not isinstance(seats, list) or len(seats) != SEATS:
        raise _bad(kind, f"seats must list {SEATS} seats")
    views: list[SeatView | None] = []
    for seat in seats:
        if seat is None:
            views.append(None)
            continue
        if not isinstance(seat, dict):
            raise _bad(kind, "a seat is null or an object")
        views.append(SeatView(_shown(seat, kind, "name"), _shown(seat, kind, "colour"), _str(seat, kind, "key"),
                              _opt_shown(seat, kind, "bot"), _bool(seat, kind, "ready"),
                              _bool(seat, kind, "connected"), left="left" in seat and _bool(seat, kind, "left"),
                              temperament=_opt_shown(seat, kind, "temperament")))
    phase = _str(obj, kind, "phase")
    if phase not in tuple(TablePhase):
        raise _bad(kind, f"unknown phase {phase[:20]!r}")
    return LobbyView(_str(obj, kind, "table"), _shown(obj, kind, "name"), _shown(obj, kind, "code"), TablePhase(phase),
                     Settings(_bool(settings, kind, "clock"), _str(settings, kind, "preset"),
                              _options(settings, kind, "options")),
                     _str(obj, kind, "commit"), _shown(host, kind, "name"), _str(host, kind, "key"), tuple(views),
                     _int(obj, kind, "spectators", low=0), _opt_int(obj, kind, "you", low=0))


# --- making signed messages (a peer's side) ---------------------------------------------------


def _signature(key: SigningKey, message: SignedMessage) -> bytes:
    return key.sign(wire.signed_bytes(message.TAG, message.unsigned())).signature


def make_ready(key: SigningKey, *, table: str, commit: str, entropy: bytes) -> Ready:
    ready = Ready(table, commit, entropy, bytes(key.verify_key).hex(), b"")
    return replace(ready, sig=_signature(key, ready))


def make_act(key: SigningKey, *, table: str, seq: int, action: Action, entropy: bytes,
             unanswered: Act | None = None) -> Act:
    """A signed action meant to become record `seq`, carrying as evidence an earlier action
    of ours the host left `unanswered` (notes never nest: one that carried a note itself
    cannot be carried)."""
    if unanswered is not None and unanswered.note is not None:
        raise ValueError("an action that carried a note cannot be carried as a note")
    act = Act(table, seq, action.seat, action, entropy, unanswered, b"")
    return replace(act, sig=_signature(key, act))


def make_bye(key: SigningKey, *, table: str, seq: int, state: str) -> Bye:
    bye = Bye(seq, state, table)
    return replace(bye, sig=_signature(key, bye))


def make_contrib(key: SigningKey, *, table: str, seq: int, seat: int, record: str, entropy: bytes) -> Contrib:
    contrib = Contrib(table, seq, seat, record, entropy, b"")
    return replace(contrib, sig=_signature(key, contrib))

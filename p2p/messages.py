"""The table's wire messages as types: one frozen dataclass per message, parsed once.

`parse_from_peer(payload)` (what the host reads) and `parse_from_host(payload)` (what a
peer reads) turn a message's bytes into one of the classes below, or raise
`RemoteProtocolError` (`garbage` for bytes that are not a message, `bad_message` for a
message of the wrong shape); `encode(message)` gives the canonical bytes. Nothing past this
module looks at raw JSON, and host and peer dispatch on the classes with `match`.

A record is not parsed here: its payload starts with `{"body":` and is handed on as
`RecordWire` to `p2p.records`, which verifies the bytes as received. Signed messages
(`Ready`, `Act`, `Contrib`) keep the object as sent (`signed`), which is what their
signature covers and what a record embeds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from nacl.signing import SigningKey

from zemlevlasnyk.p2p import wire
from zemlevlasnyk.p2p.errors import Code, remote

# Bytes of entropy in a Ready, an action or a contribution: as much as a host secret.
ENTROPY_BYTES = 32
# A chat line as sent may be longer than the relayed limit (`p2p.chat` cuts it down and
# refuses what is still too long); beyond this it is not a chat line but a flood.
MAX_TEXT = 4096
# Names, codes and the like: far longer than any honest value.
MAX_SHORT = 200
RECORD_PREFIX = b'{"body":'
SEATS = 4


def _bad(kind: str, why: str) -> Exception:
    return remote(Code.BAD_MESSAGE, f"{kind}: {why}")


def _get(obj: dict[str, Any], kind: str, name: str) -> Any:
    if name not in obj:
        raise _bad(kind, f"missing field {name!r}")
    return obj[name]


def _int(obj: dict[str, Any], kind: str, name: str, *, low: int | None = None, optional: bool = False) -> Any:
    value = obj.get(name) if optional else _get(obj, kind, name)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or (low is not None and value < low):
        raise _bad(kind, f"{name} must be an integer" + (f" of at least {low}" if low is not None else ""))
    return value


def _str(obj: dict[str, Any], kind: str, name: str, *, limit: int = MAX_SHORT, optional: bool = False) -> Any:
    value = obj.get(name) if optional else _get(obj, kind, name)
    if value is None and optional:
        return None
    if not isinstance(value, str) or len(value) > limit:
        raise _bad(kind, f"{name} must be a string of at most {limit} characters")
    return value


def _bool(obj: dict[str, Any], kind: str, name: str) -> bool:
    value = _get(obj, kind, name)
    if not isinstance(value, bool):
        raise _bad(kind, f"{name} must be true or false")
    return value


def _hex(obj: dict[str, Any], kind: str, name: str, size: int) -> bytes:
    value = _get(obj, kind, name)
    if isinstance(value, str) and len(value) == 2 * size and value == value.lower():
        try:
            return bytes.fromhex(value)
        except ValueError:
            pass
    raise _bad(kind, f"{name} must be {2 * size} lowercase hex digits")


def _dict(obj: dict[str, Any], kind: str, name: str, *, optional: bool = False) -> Any:
    value = obj.get(name) if optional else _get(obj, kind, name)
    if value is None and optional:
        return None
    if not isinstance(value, dict):
        raise _bad(kind, f"{name} must be an object")
    return value


# --- host -> peer ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RecordWire:
    """A record as it travels (section 2 of docs/PROTOCOL.md), not yet verified."""

    wire: bytes


@dataclass(frozen=True, slots=True)
class Admitted:
    role: str                  # "player" or "spectator"
    seat: int | None           # lobby seat
    engine_seat: int | None    # seat in the started game
    table: str
    head: int                  # the host's latest record (-1 before the start)

    def to_json(self) -> dict[str, Any]:
        return {"t": "admitted", "role": self.role, "seat": self.seat, "engine_seat": self.engine_seat,
                "table": self.table, "head": self.head}


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

    def to_json(self) -> dict[str, Any]:
        seat: dict[str, Any] = {"name": self.name, "colour": self.colour, "key": self.key, "bot": self.bot,
                                "ready": self.ready, "connected": self.connected}
        if self.left:
            seat["left"] = True
        return seat


@dataclass(frozen=True, slots=True)
class Settings:
    """The table's settings, chosen by the host and shown read-only to joiners."""

    clock: bool
    preset: str
    options: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"clock": self.clock, "preset": self.preset, "options": self.options}


@dataclass(frozen=True, slots=True)
class LobbyView:
    table: str
    name: str
    code: str
    phase: str                 # lobby, playing, finished
    settings: Settings
    commit: str
    host_name: str
    host_key: str
    seats: tuple[SeatView | None, ...]
    spectators: int
    you: int | None

    def to_json(self) -> dict[str, Any]:
        return {"t": "lobby", "table": self.table, "name": self.name, "code": self.code, "phase": self.phase,
                "settings": self.settings.to_json(), "commit": self.commit,
                "host": {"name": self.host_name, "key": self.host_key},
                "seats": [None if s is None else s.to_json() for s in self.seats],
                "spectators": self.spectators, "you": self.you}


@dataclass(frozen=True, slots=True)
class ChatRelay:
    key: str
    name: str
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"t": "chat", "key": self.key, "name": self.name, "text": self.text}


@dataclass(frozen=True, slots=True)
class Reject:
    """Your message was refused; the connection stays."""

    code: str
    message: str
    ref: str | None            # the `sig` of the refused message, if it had one
    seq: int                   # the host's latest record

    def to_json(self) -> dict[str, Any]:
        return {"t": "reject", "code": self.code, "message": self.message, "ref": self.ref, "seq": self.seq}


@dataclass(frozen=True, slots=True)
class ErrorMessage:
    """The sender hangs up after this."""

    code: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"t": "error", "code": self.code, "message": self.message}


@dataclass(frozen=True, slots=True)
class Ping:
    def to_json(self) -> dict[str, Any]:
        return {"t": "ping"}


# --- peer -> host ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Ready:
    """A seated player's Ready: its entropy for the first draw, bound to the lobby commit."""

    table: str
    commit: str
    entropy: bytes
    key: str
    signed: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.signed


@dataclass(frozen=True, slots=True)
class Unready:
    def to_json(self) -> dict[str, Any]:
        return {"t": "unready"}


@dataclass(frozen=True, slots=True)
class ProfileChange:
    name: str
    colour: str

    def to_json(self) -> dict[str, Any]:
        return {"t": "profile", "name": self.name, "colour": self.colour}


@dataclass(frozen=True, slots=True)
class Act:
    """A signed action meant to become record `seq`; `note` carries evidence of an earlier
    action of ours the host left unanswered (section 3.4)."""

    table: str
    seq: int
    seat: int
    action: dict[str, Any]
    entropy: bytes
    note: dict[str, Any] | None
    signed: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.signed


@dataclass(frozen=True, slots=True)
class Contrib:
    """A person's entropy for the chance of the action declared in record `seq`."""

    table: str
    seq: int
    seat: int
    record: str                # the hash of record `seq`
    entropy: bytes
    signed: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.signed


@dataclass(frozen=True, slots=True)
class Chat:
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"t": "chat", "text": self.text}


@dataclass(frozen=True, slots=True)
class Sync:
    """Send me the records from `start` on."""

    start: int

    def to_json(self) -> dict[str, Any]:
        return {"t": "sync", "from": self.start}


@dataclass(frozen=True, slots=True)
class Bye:
    """We leave (after `seq`, on `state`). `signed`: the same, signed by our key for the
    table: a person leaving a game in progress on purpose, which the host shows the table as
    proof that the seat's safe moves may be made at once (docs/PROTOCOL.md section 7)."""

    seq: int
    state: str
    signed: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return self.signed if self.signed is not None else {"t": "bye", "seq": self.seq, "state": self.state}


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
    kind = obj["t"]
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


def _signed(obj: dict[str, Any], kind: str, names: tuple[str, ...]) -> dict[str, Any]:
    """The signed object with exactly `names` (and `t`, `sig`): nothing unsigned rides along."""
    extra = set(obj) - {"t", "sig", *names}
    if extra:
        raise _bad(kind, f"unexpected field(s) {', '.join(sorted(extra))[:80]}")
    _hex(obj, kind, "sig", 64)
    return obj


def parse_ready(obj: dict[str, Any]) -> Ready:
    kind = "ready"
    signed = _signed(obj, kind, ("table", "commit", "entropy", "key"))
    _hex(obj, kind, "key", 32)
    _hex(obj, kind, "commit", 32)
    return Ready(_str(obj, kind, "table"), obj["commit"], _hex(obj, kind, "entropy", ENTROPY_BYTES), obj["key"],
                 signed)


def parse_act(obj: dict[str, Any], *, nested: bool = False) -> Act:
    kind = "act"
    if obj.get("t") != kind:
        raise _bad(kind, "not an action")
    names = ("table", "seq", "seat", "action", "entropy") if nested else ("table", "seq", "seat", "action",
                                                                           "entropy", "note")
    signed = _signed(obj, kind, names)
    note = _dict(obj, kind, "note", optional=True)
    if note is not None:
        if set(note) != {"unanswered"} or not isinstance(note["unanswered"], dict):
            raise _bad(kind, "a note is {\"unanswered\": <an earlier signed action>}")
        parse_act(note["unanswered"], nested=True)
    return Act(_str(obj, kind, "table"), _int(obj, kind, "seq", low=0), _int(obj, kind, "seat", low=0),
               _dict(obj, kind, "action"), _hex(obj, kind, "entropy", ENTROPY_BYTES), note, signed)


def parse_bye(obj: dict[str, Any]) -> Bye:
    """A goodbye, plain or signed (then with exactly its signed fields)."""
    kind = "bye"
    if obj.get("t") != kind:
        raise _bad(kind, "not a goodbye")
    signed = _signed(obj, kind, ("table", "seq", "state")) if "sig" in obj else None
    if signed is not None:
        _str(obj, kind, "table")
    return Bye(_int(obj, kind, "seq", low=-1), _str(obj, kind, "state"), signed)


def parse_contrib(obj: dict[str, Any]) -> Contrib:
    kind = "contrib"
    if obj.get("t") != kind:
        raise _bad(kind, "not a contribution")
    signed = _signed(obj, kind, ("table", "seq", "seat", "record", "entropy"))
    _hex(obj, kind, "record", 32)
    return Contrib(_str(obj, kind, "table"), _int(obj, kind, "seq", low=0), _int(obj, kind, "seat", low=0),
                   obj["record"], _hex(obj, kind, "entropy", ENTROPY_BYTES), signed)


# --- parsing: what a peer reads -------------------------------------------------------------------


def parse_from_host(payload: bytes) -> HostMessage:
    if payload.startswith(RECORD_PREFIX):
        return RecordWire(payload)
    obj = wire.decode(payload)
    kind = obj["t"]
    if kind == "ping":
        return Ping()
    if kind == "lobby":
        return _parse_lobby(obj)
    if kind == "chat":
        return ChatRelay(_str(obj, kind, "key"), _str(obj, kind, "name"), _str(obj, kind, "text", limit=MAX_TEXT))
    if kind == "reject":
        return Reject(_str(obj, kind, "code"), _str(obj, kind, "message", limit=MAX_TEXT),
                      _str(obj, kind, "ref", optional=True), _int(obj, kind, "seq", low=-1))
    if kind == "admitted":
        role = _str(obj, kind, "role")
        if role not in ("player", "spectator"):
            raise _bad(kind, f"unknown role {role[:20]!r}")
        return Admitted(role, _int(obj, kind, "seat", low=0, optional=True),
                        _int(obj, kind, "engine_seat", low=0, optional=True), _str(obj, kind, "table"),
                        _int(obj, kind, "head", low=-1))
    if kind == "error":
        return ErrorMessage(_str(obj, kind, "code"), _str(obj, kind, "message", limit=MAX_TEXT))
    raise _bad(kind[:40], "not a message a peer takes")


def _parse_lobby(obj: dict[str, Any]) -> LobbyView:
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
        views.append(SeatView(_str(seat, kind, "name"), _str(seat, kind, "colour"), _str(seat, kind, "key"),
                              _str(seat, kind, "bot", optional=True), _bool(seat, kind, "ready"),
                              _bool(seat, kind, "connected"), left="left" in seat and _bool(seat, kind, "left")))
    phase = _str(obj, kind, "phase")
    if phase not in ("lobby", "playing", "finished"):
        raise _bad(kind, f"unknown phase {phase[:20]!r}")
    return LobbyView(_str(obj, kind, "table"), _str(obj, kind, "name"), _str(obj, kind, "code"), phase,
                     Settings(_bool(settings, kind, "clock"), _str(settings, kind, "preset"),
                              _dict(settings, kind, "options")),
                     _str(obj, kind, "commit"), _str(host, kind, "name"), _str(host, kind, "key"), tuple(views),
                     _int(obj, kind, "spectators", low=0), _int(obj, kind, "you", low=0, optional=True))


# --- making signed messages (a peer's side) ---------------------------------------------------


def make_ready(key: SigningKey, *, table: str, commit: str, entropy: bytes) -> Ready:
    signed = wire.sign(key, wire.TAG_READY, {"t": "ready", "table": table, "commit": commit,
                                             "entropy": entropy.hex(), "key": bytes(key.verify_key).hex()})
    return parse_ready(signed)


def make_act(key: SigningKey, *, table: str, seq: int, action: dict[str, Any], entropy: bytes,
             unanswered: Act | None = None) -> Act:
    """A signed action meant to become record `seq`, carrying as evidence an earlier action
    of ours the host left `unanswered` (notes never nest: one that carried a note itself
    cannot be carried)."""
    obj: dict[str, Any] = {"t": "act", "table": table, "seq": seq, "seat": action["seat"], "action": action,
                           "entropy": entropy.hex()}
    if unanswered is not None:
        if unanswered.note is not None:
            raise ValueError("an action that carried a note cannot be carried as a note")
        obj["note"] = {"unanswered": unanswered.signed}
    return parse_act(wire.sign(key, wire.TAG_ACTION, obj))


def make_bye(key: SigningKey, *, table: str, seq: int, state: str) -> Bye:
    return parse_bye(wire.sign(key, wire.TAG_BYE, {"t": "bye", "table": table, "seq": seq, "state": state}))


def make_contrib(key: SigningKey, *, table: str, seq: int, seat: int, record: str, entropy: bytes) -> Contrib:
    signed = wire.sign(key, wire.TAG_CONTRIB, {"t": "contrib", "table": table, "seq": seq, "seat": seat,
                                               "record": record, "entropy": entropy.hex()})
    return parse_contrib(signed)

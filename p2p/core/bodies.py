"""A record's body as a typed value: one frozen dataclass per kind (docs/PROTOCOL.md
section 5), parsed once from the JSON a record carries and encoded back to exactly it.

Every body has the nine common fields (`Body`); each kind adds its own and nothing else.
`parse_body(obj)` checks the shape only (the fields of its kind, their types, hex where hex
is due) and raises `Malformed` otherwise; what a body means (its chain, its secret, whether
its action is legal) is the `Replica`'s to check (`p2p.core.records`). `body.to_json()`
gives the object the host signs, which the ledger seals (`p2p.core.ledger`); a record is
verified on its bytes as they came, never on a body encoded again.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, NamedTuple

from zemlevlasnyk.engine import JSON, Action, BadAction, JSONObject, OptionValue, action_from_json
from zemlevlasnyk.engine.bots import Temperament
from zemlevlasnyk.p2p.core.errors import RemoteProtocolError
from zemlevlasnyk.p2p.core.messages import Act, Bye, Contrib, Ready, parse_act, parse_bye, parse_contrib, parse_ready

_HEX_DIGITS = frozenset("0123456789abcdef")


class RecordKind(StrEnum):
    """What a record does (its body's `kind`: part of the protocol, never rename one)."""
    START = "start"
    ACT = "act"            # an action signed by the seat's own key
    HOST = "host"          # an action of a seat the host plays itself (its own seat, a computer player)
    TIMEOUT = "timeout"    # the clock ran out: the host applied the engine's safe action
    CHANCE = "chance"      # the chance of an action declared by the record before (section 3.2)
    END = "end"            # the game is over: nothing follows
    HANDOVER = "handover"  # a seated player's laptop took the table over from a lost host (section 9)


class Malformed(ValueError):
    """A body not shaped as its kind says (a `Cheat.MALFORMED` at a replica)."""


# --- the parts --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """One seat of a started game (engine seat = index in the start record's list)."""

    key: str
    name: str
    colour: str
    bot: str | None
    # A computer player's temperament; None for a person, and for a computer player of a
    # start record from before temperaments (which plays balanced).
    temperament: Temperament | None = None

    def to_json(self) -> JSONObject:
        # Written only when there is one, so that a table without temperaments signs the
        # same bytes as before them, and older saved games read back as they were signed.
        seat: JSONObject = {"key": self.key, "name": self.name, "colour": self.colour, "bot": self.bot}
        if self.temperament is not None:
            seat["temperament"] = self.temperament.value
        return seat


@dataclass(frozen=True, slots=True)
class Setup:
    """The start record's `setup`: the rules, the clock, the lobby commitment, the seats in
    engine order and the Ready of every person whose key is not the host's."""

    preset: str
    options: dict[str, OptionValue]   # those that differ from the preset's defaults
    rules: str                        # the ruleset's digest
    clock: bool
    commit: str
    players: tuple[Player, ...]
    readies: tuple[Ready, ...]

    def to_json(self) -> JSONObject:
        return {"preset": self.preset, "options": dict(self.options), "rules": self.rules, "clock": self.clock,
                "commit": self.commit, "players": [p.to_json() for p in self.players],
                "readies": [r.to_json() for r in self.readies]}


@dataclass(frozen=True, slots=True)
class Timer:
    """A timeout's clock: the `at` its decision was counted from and, for a seat whose
    player left, that player's signed goodbye (`left`, section 7)."""

    since: int
    left: Bye | None = None

    def to_json(self) -> JSONObject:
        return {"since": self.since} if self.left is None else {"since": self.since, "left": self.left.to_json()}


# --- the bodies -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Body:
    """The fields every record has. `reveal` is the host's secret for this record; `renew`
    null or the commitment to a fresh chain; `diff` the edits from the previous state to
    the new one, which hashes to `state`."""

    KIND: ClassVar[RecordKind]

    table: str
    seq: int
    prev: str
    at: int
    reveal: str
    renew: str | None
    diff: list[JSON]
    state: str

    @property
    def kind(self) -> RecordKind:
        return self.KIND

    @property
    def actor(self) -> int | None:
        """The seat that acted (for a declaration: whose action waits for chance)."""
        return None

    def to_json(self) -> JSONObject:
        return {"table": self.table, "seq": self.seq, "prev": self.prev, "kind": self.KIND.value, "at": self.at,
                "reveal": self.reveal, "renew": self.renew, "diff": self.diff, "state": self.state,
                **self._own()}

    def _own(self) -> JSONObject:
        return {}


@dataclass(frozen=True, slots=True)
class StartBody(Body):
    KIND = RecordKind.START
    setup: Setup

    def _own(self) -> JSONObject:
        return {"setup": self.setup.to_json()}


@dataclass(frozen=True, slots=True)
class ActBody(Body):
    """A seat's own signed action (its envelope as it signed it)."""
    KIND = RecordKind.ACT
    act: Act

    @property
    def actor(self) -> int | None:
        return self.act.seat

    def _own(self) -> JSONObject:
        return {"act": self.act.to_json()}


@dataclass(frozen=True, slots=True)
class HostBody(Body):
    """An action of a seat the host plays; `awaited` (the people whose contributions its
    chance waits for) makes it a declaration that changes nothing yet."""
    KIND = RecordKind.HOST
    auto: Action
    awaited: tuple[int, ...] | None

    @property
    def actor(self) -> int | None:
        return self.auto.seat

    def _own(self) -> JSONObject:
        own: JSONObject = {"auto": self.auto.to_json()}
        if self.awaited is not None:
            own["await"] = list(self.awaited)
        return own


@dataclass(frozen=True, slots=True)
class TimeoutBody(HostBody):
    """The clock ran out: the host applied the engine's safe action for the seat."""
    KIND = RecordKind.TIMEOUT
    timer: Timer

    def _own(self) -> JSONObject:
        own = HostBody._own(self)
        own["timer"] = self.timer.to_json()
        return own


@dataclass(frozen=True, slots=True)
class ChanceBody(Body):
    """The declared action applied with the contributions that came (in seat order) and
    the awaited seats that sent none."""
    KIND = RecordKind.CHANCE
    contribs: tuple[Contrib, ...]
    missing: tuple[int, ...]

    def _own(self) -> JSONObject:
        return {"contrib": [c.to_json() for c in self.contribs], "missing": list(self.missing)}


@dataclass(frozen=True, slots=True)
class EndBody(Body):
    KIND = RecordKind.END
    winner: int | None
    draw: bool

    def _own(self) -> JSONObject:
        return {"outcome": {"winner": self.winner, "draw": self.draw}}


@dataclass(frozen=True, slots=True)
class HandoverBody(Body):
    """A new host (`new`, who signed this record) takes the table over from `old`, with a
    new secret chain (`commit`)."""
    KIND = RecordKind.HANDOVER
    old: str
    new: str
    commit: str

    def _own(self) -> JSONObject:
        return {"handover": {"old": self.old, "new": self.new, "commit": self.commit}}


Record = StartBody | ActBody | HostBody | TimeoutBody | ChanceBody | EndBody | HandoverBody

_COMMON = frozenset({"table", "seq", "prev", "kind", "at", "reveal", "renew", "diff", "state"})
# The fields each kind carries besides the common ones (optional ones in the second set).
_FIELDS: dict[RecordKind, tuple[frozenset[str], frozenset[str]]] = {
    RecordKind.START: (frozenset({"setup"}), frozenset()),
    RecordKind.ACT: (frozenset({"act"}), frozenset()),
    RecordKind.HOST: (frozenset({"auto"}), frozenset({"await"})),
    RecordKind.TIMEOUT: (frozenset({"auto", "timer"}), frozenset({"await"})),
    RecordKind.CHANCE: (frozenset({"contrib", "missing"}), frozenset()),
    RecordKind.END: (frozenset({"outcome"}), frozenset()),
    RecordKind.HANDOVER: (frozenset({"handover"}), frozenset()),
}


# --- parsing ----------------------------------------------------------------------------------


class Head(NamedTuple):
    """The common fields, in `Body`'s order."""

    table: str
    seq: int
    prev: str
    at: int
    reveal: str
    renew: str | None
    diff: list[JSON]
    state: str


def parse_body(obj: JSONObject) -> Record:
    """The typed body of a record's decoded object; `Malformed` when it is not shaped as
    its kind says."""
    kind_name = obj.get("kind")
    if not isinstance(kind_name, str) or kind_name not in _FIELDS:
        raise Malformed(f"kind {str(kind_name)[:20]!r} is not a kind of record")
    kind = RecordKind(kind_name)
    required, optional = _FIELDS[kind]
    keys = obj.keys() - _COMMON
    if not obj.keys() >= _COMMON or not required <= keys or not keys <= required | optional:
        raise Malformed(f"a {kind.value} record has the wrong fields")
    diff, renew = obj["diff"], obj["renew"]
    if not isinstance(diff, list):
        raise Malformed("the diff is not a list of edits")
    head = Head(_str(obj["table"], "table"), _int(obj["seq"], "seq"), _str(obj["prev"], "prev"),
                _int(obj["at"], "at"), _hex32(obj["reveal"], "reveal"),
                None if renew is None else _hex32(renew, "renew"), diff, _str(obj["state"], "state"))
    try:
        return _PARSERS[kind](head, obj)
    except (RemoteProtocolError, BadAction) as exc:
        raise Malformed(f"a {kind.value} record: {exc}") from None


def _start(head: Head, obj: JSONObject) -> Record:
    return StartBody(*head, setup=_setup(obj["setup"]))


def _act(head: Head, obj: JSONObject) -> Record:
    return ActBody(*head, act=parse_act(obj["act"]))


def _host(head: Head, obj: JSONObject) -> Record:
    awaited = _seats(obj["await"], "await") if "await" in obj else None
    return HostBody(*head, auto=action_from_json(obj["auto"]), awaited=awaited)


def _timeout(head: Head, obj: JSONObject) -> Record:
    awaited = _seats(obj["await"], "await") if "await" in obj else None
    return TimeoutBody(*head, auto=action_from_json(obj["auto"]), awaited=awaited, timer=_timer(obj["timer"]))


def _chance(head: Head, obj: JSONObject) -> Record:
    contribs = obj["contrib"]
    if not isinstance(contribs, list):
        raise Malformed("the contributions are not a list")
    return ChanceBody(*head, contribs=tuple(parse_contrib(c) for c in contribs),
                      missing=_seats(obj["missing"], "missing"))


def _end(head: Head, obj: JSONObject) -> Record:
    outcome = _object(obj["outcome"], "outcome", frozenset({"winner", "draw"}))
    winner, draw = outcome["winner"], outcome["draw"]
    if not isinstance(draw, bool):
        raise Malformed("the outcome's draw is not true or false")
    return EndBody(*head, winner=None if winner is None else _int(winner, "winner"), draw=draw)


def _handover(head: Head, obj: JSONObject) -> Record:
    handover = _object(obj["handover"], "handover", frozenset({"old", "new", "commit"}))
    return HandoverBody(*head, old=_str(handover["old"], "handover.old"), new=_str(handover["new"], "handover.new"),
                        commit=_hex32(handover["commit"], "handover.commit"))


_PARSERS: dict[RecordKind, Callable[[Head, JSONObject], Record]] = {
    RecordKind.START: _start, RecordKind.ACT: _act, RecordKind.HOST: _host, RecordKind.TIMEOUT: _timeout,
    RecordKind.CHANCE: _chance, RecordKind.END: _end, RecordKind.HANDOVER: _handover,
}


def _setup(value: JSON) -> Setup:
    setup = _object(value, "setup", frozenset({"preset", "options", "rules", "clock", "commit", "players", "readies"}))
    options = setup["options"]
    if not isinstance(options, dict) or not all(isinstance(v, bool | int | str) for v in options.values()):
        raise Malformed("the setup's options are not names with true/false, numbers or names")
    clock = setup["clock"]
    if not isinstance(clock, bool):
        raise Malformed("the clock setting is malformed")
    players, readies = setup["players"], setup["readies"]
    if not isinstance(players, list) or not isinstance(readies, list):
        raise Malformed("the setup's players and readies are not lists")
    return Setup(_str(setup["preset"], "preset"), {k: v for k, v in options.items() if isinstance(v, bool | int | str)},
                 _str(setup["rules"], "rules"), clock, _str(setup["commit"], "commit"),
                 tuple(_player(p) for p in players), tuple(parse_ready(r) for r in readies))


_PLAYER = frozenset({"key", "name", "colour", "bot"})
_OPTIONAL_PLAYER = frozenset({"temperament"})   # a computer player's, when it has one


def _player(value: JSON) -> Player:
    given = _OPTIONAL_PLAYER.intersection(value) if isinstance(value, dict) else frozenset()
    player = _object(value, "player", _PLAYER | given)
    bot = player["bot"]
    return Player(_str(player["key"], "key"), _str(player["name"], "name"), _str(player["colour"], "colour"),
                  None if bot is None else _str(bot, "bot"), _temperament(player.get("temperament"), bot))


def _temperament(value: JSON, bot: JSON) -> Temperament | None:
    """A computer player's temperament, when the start record gives one (a person has none)."""
    if value is None:
        return None
    if bot is None:
        raise Malformed("a person's seat has a temperament")
    name = _str(value, "temperament")
    try:
        return Temperament(name)
    except ValueError:
        raise Malformed("an unknown temperament") from None


def _timer(value: JSON) -> Timer:
    if not isinstance(value, dict) or set(value) - {"left"} != {"since"}:
        raise Malformed("a malformed timer")
    left = value.get("left")
    if "left" in value and not isinstance(left, dict):
        raise Malformed("a malformed goodbye")
    return Timer(_int(value["since"], "timer.since"), None if left is None else parse_bye(left))


def _object(value: JSON, what: str, names: frozenset[str]) -> JSONObject:
    if not isinstance(value, dict) or set(value) != names:
        raise Malformed(f"the {what} has the wrong fields")
    return value


def _seats(value: JSON, what: str) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(s, int) and not isinstance(s, bool) for s in value):
        raise Malformed(f"{what} is not a list of seats")
    return tuple(s for s in value if isinstance(s, int))


def _int(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise Malformed(f"{what} is not a whole number")
    return value


def _str(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise Malformed(f"{what} is not a string")
    return value


def _hex32(value: object, what: str) -> str:
    if not isinstance(value, str) or len(value) != 64 or not _HEX_DIGITS.issuperset(value):
        raise Malformed(f"{what}: expected 64 lowercase hex digits")
    return value

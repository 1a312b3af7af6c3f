"""A table's advert on the LAN: the TXT record's fields, checked both ways.

`TableAdvert` is what a hosted table says about itself (see docs/DISCOVERY.md for the
keys); `encode_txt` / `decode_txt` turn it into zeroconf properties and back. A TXT record
from a stranger on the LAN is never trusted: one that does not decode is `BadAdvert`.
`table_code` is the short code read aloud across a room (6 Crockford base32 characters of
the table id). `select_table` picks the table a person meant by name or code, `to_invite`
turns an advert into an invite link's data with the host key pinned. Errors say whose
fault: `AdvertError` and `TableChoiceError` are local misuse, `BadAdvert` a remote record.
"""
from __future__ import annotations

import enum
import ipaddress
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from zemlevlasnyk.engine import DEFAULT_PRESET
from zemlevlasnyk.p2p.core.codes import normalise_code, table_code
from zemlevlasnyk.p2p.core.errors import Code, Explained, remote
from zemlevlasnyk.p2p.core.identity import fingerprint
from zemlevlasnyk.p2p.core.links import KEY_BYTES, TABLE_ID, Invite
from zemlevlasnyk.p2p.core.names import looks_alike, mixes_scripts

SERVICE_TYPE = "_zemlevlasnyk._tcp.local."
# Version of the TXT layout below (RFC 6763 §6.7 `txtvers`); a record with another
# version is skipped, so a future incompatible layout needs a new number. Version 2 added
# `preset` and `code`.
TXT_VERSION = 2
# The game is for 2 to 4 players: no advert can honestly offer more seats than that.
MAX_SEATS = 4
# Long enough for any sensible table or player name, short enough that a name and its
# suffix fit one 63-byte DNS label and one 255-byte TXT string.
MAX_NAME_CHARS = 40
# The DNS label limit (RFC 1035 §2.3.4) that a service instance name must respect.
MAX_LABEL_BYTES = 63
# How much of the key fingerprint goes into the instance name: enough to keep two
# laptops' "Friday game" apart in every mDNS browser, short enough to read.
NAME_SUFFIX_CHARS = 8
_KEY_HEX_RE = re.compile(rf"[0-9a-f]{{{2 * KEY_BYTES}}}")
_PRESET_RE = re.compile(r"[a-z0-9_-]{1,40}")
_TXT_KEYS = frozenset({"txtvers", "pv", "id", "name", "host", "taken", "free", "phase", "clock", "key", "preset",
                       "code"})


class AdvertError(Explained, ValueError):
    """A local misuse: an advert with a field out of range."""


class BadAdvert(ValueError):
    """A remote fault: a TXT record on the LAN that is not a valid table advert."""


class TableChoiceError(Explained, ValueError):
    """A local misuse: a table name or code that matches no table nearby, or several."""


class TableInfoLike(Protocol):
    """What a hosted table tells about itself (`p2p.core.host.TableInfo`)."""

    @property
    def table(self) -> str: ...
    @property
    def table_name(self) -> str: ...
    @property
    def host_name(self) -> str: ...
    @property
    def seats_taken(self) -> int: ...
    @property
    def seats_free(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def clock(self) -> bool: ...
    @property
    def port(self) -> int: ...
    @property
    def preset(self) -> str: ...


class AdvertPhase(enum.Enum):
    """Where a table is in its life, as announced to the LAN."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"


def _check_name(what: str, value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise AdvertError(f"{what} is empty")
    if len(value) > MAX_NAME_CHARS:
        raise AdvertError(f"{what} is longer than {MAX_NAME_CHARS} characters")
    if any(not ch.isprintable() for ch in value):
        raise AdvertError(f"{what} contains a control character")


@dataclass(frozen=True)
class TableAdvert:
    """What a table says about itself on the LAN (addresses and port come from DNS)."""

    protocol: int
    table_id: str
    table_name: str
    host_name: str
    seats_taken: int
    seats_free: int
    phase: AdvertPhase
    clock: bool
    host_key: bytes  # the host's Ed25519 public key, pinned by whoever joins from the list
    port: int = 0
    addresses: tuple[str, ...] = field(default=())
    preset: str = DEFAULT_PRESET

    def __post_init__(self) -> None:
        if not isinstance(self.protocol, int) or isinstance(self.protocol, bool) or self.protocol < 0:
            raise AdvertError(f"protocol version must be a non-negative integer, not {self.protocol!r}")
        if not isinstance(self.table_id, str) or not TABLE_ID.match(self.table_id):
            raise AdvertError(f"table id must be 16 lowercase hex digits, not {self.table_id!r}")
        _check_name("table name", self.table_name)
        _check_name("host name", self.host_name)
        for what, n in (("seats taken", self.seats_taken), ("seats free", self.seats_free)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise AdvertError(f"{what} must be a non-negative integer, not {n!r}")
        if self.seats_taken + self.seats_free > MAX_SEATS:
            raise AdvertError(f"a table has at most {MAX_SEATS} seats")
        if not isinstance(self.phase, AdvertPhase):
            raise AdvertError(f"phase must be a AdvertPhase, not {self.phase!r}")
        if not isinstance(self.clock, bool):
            raise AdvertError(f"clock must be True or False, not {self.clock!r}")
        if not isinstance(self.host_key, bytes) or len(self.host_key) != KEY_BYTES:
            raise AdvertError(f"host key must be {KEY_BYTES} bytes")
        if not isinstance(self.port, int) or not 0 <= self.port <= 65535:
            raise AdvertError(f"port must be 0-65535, not {self.port!r}")
        for address in self.addresses:
            try:
                ipaddress.IPv4Address(address)
            except ValueError:
                raise AdvertError(f"{address!r} is not an IPv4 address") from None
        if not isinstance(self.preset, str) or not _PRESET_RE.fullmatch(self.preset):
            raise AdvertError(f"preset must be a short lowercase name, not {self.preset!r}")

    @property
    def code(self) -> str:
        """The short code to read aloud (see `table_code`)."""
        return table_code(self.table_id)

    @property
    def seats(self) -> int:
        return self.seats_taken + self.seats_free

    @property
    def fingerprint(self) -> str:
        """The host key's short form, as people compare it (see `p2p.core.identity`)."""
        return fingerprint(self.host_key)

    def instance_label(self) -> str:
        """The DNS-SD instance name: the table name made unique by key and table id.

        Two laptops may both call their table "Friday game"; the suffix tells them apart
        in every mDNS browser. The name is cut to fit one DNS label; the full name
        travels in the TXT record.
        """
        suffix = f" [{self.fingerprint[:NAME_SUFFIX_CHARS]}-{self.table_id}]"
        # Dots would split the label on the wire; the real name is in TXT anyway.
        name = self.table_name.replace(".", "_")
        budget = MAX_LABEL_BYTES - len(suffix.encode())
        return name.encode()[:budget].decode("utf-8", errors="ignore") + suffix

    def server_name(self) -> str:
        """A host name of the table's own for its address records."""
        return f"zv-{self.fingerprint[:NAME_SUFFIX_CHARS]}-{self.table_id}.local."


def encode_txt(advert: TableAdvert) -> dict[str, str]:
    """The TXT record for an advert, as zeroconf properties."""
    return {
        "txtvers": str(TXT_VERSION),
        "pv": str(advert.protocol),
        "id": advert.table_id,
        "name": advert.table_name,
        "host": advert.host_name,
        "taken": str(advert.seats_taken),
        "free": str(advert.seats_free),
        "phase": advert.phase.value,
        "clock": "on" if advert.clock else "off",
        "key": advert.host_key.hex(),
        "preset": advert.preset,
        "code": advert.code,
    }


def _txt_int(props: Mapping[str, str], key: str) -> int:
    text = props[key]
    # Digits only and short: int() would also take "+1", " 1", "١" or a 10,000-digit number.
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise BadAdvert(f"{key}={text!r} is not a small non-negative integer")
    return int(text)


def decode_txt(
    properties: Mapping[bytes, bytes | None], *, port: int = 0, addresses: Sequence[str] = ()
) -> TableAdvert:
    """Read a table advert from a TXT record (zeroconf's properties); `BadAdvert` if not one."""
    props: dict[str, str] = {}
    for raw_key, raw_value in properties.items():
        try:
            props[raw_key.decode("ascii").lower()] = "" if raw_value is None else raw_value.decode("utf-8")
        except UnicodeDecodeError:
            raise BadAdvert(f"TXT entry {raw_key!r} is not valid text") from None
    missing = sorted(_TXT_KEYS - props.keys())
    if missing:
        raise BadAdvert(f"TXT record lacks {', '.join(missing)}")
    if props["txtvers"] != str(TXT_VERSION):
        raise BadAdvert(f"TXT layout version {props['txtvers']!r}, this build reads {TXT_VERSION}")
    try:
        phase = AdvertPhase(props["phase"])
    except ValueError:
        raise BadAdvert(f"phase={props['phase']!r} is not one of lobby, playing, finished") from None
    if props["clock"] not in ("on", "off"):
        raise BadAdvert(f"clock={props['clock']!r} is neither on nor off")
    if not _KEY_HEX_RE.fullmatch(props["key"]):
        raise BadAdvert(f"key is not {2 * KEY_BYTES} lowercase hex digits")
    if TABLE_ID.match(props["id"]) and props["code"] != table_code(props["id"]):
        raise BadAdvert(f"code={props['code'][:12]!r} is not the code of table {props['id']}")
    try:
        return TableAdvert(
            protocol=_txt_int(props, "pv"),
            table_id=props["id"],
            table_name=props["name"],
            host_name=props["host"],
            seats_taken=_txt_int(props, "taken"),
            seats_free=_txt_int(props, "free"),
            phase=phase,
            clock=props["clock"] == "on",
            host_key=bytes.fromhex(props["key"]),
            port=port,
            addresses=tuple(addresses),
            preset=props["preset"],
        )
    except AdvertError as exc:
        raise BadAdvert(str(exc)) from None


def to_invite(advert: TableAdvert, *, secret: bytes | None = None, address: str | None = None) -> Invite:
    """An invite to a table seen on the LAN, its key pinned so the handshake proves it.

    Without `secret` the holder can only ask to sit and the host decides. `address`
    picks one of the advertised addresses (default: the first).
    """
    if address is None:
        if not advert.addresses:
            raise AdvertError(f"table {advert.table_name!r} announced no IPv4 address")
        address = advert.addresses[0]
    elif address not in advert.addresses:
        raise AdvertError(f"table {advert.table_name!r} does not announce address {address}")
    return Invite(address, advert.port, advert.table_id, advert.host_key, secret)


def verify_host_key(advert: TableAdvert, public_key: bytes) -> None:
    """Check that a key met elsewhere (an invite link, a connection) is the advertised one."""
    if public_key != advert.host_key:
        raise remote(
            Code.HOST_KEY_MISMATCH,
            f"table {advert.table_name!r} announced key {advert.fingerprint} but the host "
            f"holds key {fingerprint(public_key)}: not joining",
        )


def describe(advert: TableAdvert) -> str:
    """One line that tells a table apart from others with the same name."""
    return f"{advert.table_name!r} hosted by {advert.host_name} (key {advert.fingerprint})"


def matches(tables: Iterable[TableAdvert], wanted: str) -> list[TableAdvert]:
    """The tables `wanted` names: by name (`NAME`, `NAME#KEY`), look-alikes of the name
    included (`p2p.core.names.looks_alike`: a Latin «O» for a Cyrillic «О»), or, failing
    that, by code."""
    name, _, key_prefix = wanted.partition("#")
    key_prefix = key_prefix.strip().lower()
    tables = list(tables)
    found = [t for t in tables if looks_alike(t.table_name, name.strip()) and t.fingerprint.startswith(key_prefix)]
    code = normalise_code(wanted)
    if found or code is None:
        return found
    return [t for t in tables if t.code == code]


def select_table(tables: Iterable[TableAdvert], wanted: str) -> TableAdvert:
    """The table the user meant: `NAME`, `NAME#KEY` (a key prefix) when names clash or look
    alike, or its short code. A table whose name only looks like `NAME` (spelled with other
    letters) is never joined by `NAME` alone: it may be one made to pass for it."""
    found = matches(tables, wanted)
    name, hashed, _ = wanted.partition("#")
    if len(found) == 1 and (hashed or found[0].table_name == name.strip() or normalise_code(wanted) is not None):
        return found[0]
    if not found:
        raise TableChoiceError(f"no table called {wanted!r} nearby", reason="no_table", params={"name": wanted})
    choices = "; ".join(f"{describe(t)}: say {t.table_name}#{t.fingerprint}" for t in found)
    if len(found) == 1:
        raise TableChoiceError(f"no table is called exactly {wanted!r}; {choices}", reason="lookalike_table",
                               params={"name": wanted, "other": found[0].table_name,
                                       "choice": f"{found[0].table_name}#{found[0].fingerprint}"})
    raise TableChoiceError(f"{len(found)} tables are called {wanted!r} or look like it: {choices}",
                           reason="many_tables",
                           params={"n": len(found), "name": wanted,
                                   "choices": ", ".join(f"{t.table_name}#{t.fingerprint}" for t in found)})


def look_alikes(tables: Sequence[TableAdvert]) -> frozenset[str]:
    """The ids of the tables a person could take for another one listed beside them: a
    table or host name that looks like another table's (`p2p.core.names.looks_alike`), or
    one that mixes alphabets (`mixes_scripts`). A list marks them; their keys tell them apart."""
    marked: set[str] = set()
    for table in tables:
        names = (table.table_name, table.host_name)
        if any(mixes_scripts(name) for name in names) or any(
                other is not table and looks_alike(table.table_name, other.table_name)
                for other in tables):
            marked.add(table.table_id)
    return frozenset(marked)


def advert_for(info: TableInfoLike, host_key: bytes, *, protocol: int) -> TableAdvert:
    """The advert for a hosted table's public info (`TableHost.info()`)."""
    return TableAdvert(
        protocol=protocol,
        table_id=info.table,
        table_name=info.table_name,
        host_name=info.host_name,
        seats_taken=info.seats_taken,
        seats_free=info.seats_free,
        phase=AdvertPhase(info.phase),
        clock=info.clock,
        host_key=host_key,
        port=info.port,
        preset=info.preset,
    )



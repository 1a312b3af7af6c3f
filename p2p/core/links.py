"""Invite links: `zemlevlasnyk://HOST:PORT/TABLE?key=HOSTKEY&secret=SECRET`.

The link carries all a friend needs to sit down: where the host listens, which table, the
host's public key (pinned: a host answering with any other key is refused) and the join
secret. Without `secret` the link still reaches the table, but its holder can only ask to
sit and the host decides.
"""
from __future__ import annotations

import ipaddress
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from nacl.exceptions import CryptoError
from nacl.signing import VerifyKey

from zemlevlasnyk.p2p.core.errors import Code, local

SCHEME = "zemlevlasnyk"
KEY_BYTES = 32
SECRET_BYTES = 16
TABLE_ID = re.compile(r"^[0-9a-f]{16}$")
_HEX = re.compile(r"^[0-9a-f]*$")


@dataclass(frozen=True)
class Invite:
    host: str
    port: int
    table: str
    host_key: bytes
    secret: bytes | None

    def to_link(self, *, with_secret: bool = True) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        query = f"key={self.host_key.hex()}"
        if with_secret and self.secret is not None:
            query += f"&secret={self.secret.hex()}"
        return f"{SCHEME}://{host}:{self.port}/{self.table}?{query}"


def parse_invite(link: str) -> Invite:
    """The invite in `link`; a `ProtocolError` (local: the user's input) saying what is wrong."""
    def bad(why: str, reason: str, **params: str | int) -> Exception:
        """`reason`: the words for the player (the catalogues' `link_<reason>` among the reasons)."""
        return local(Code.BAD_LINK, f"not a table invite link ({why}): {link[:200]!r}", reason=f"link_{reason}",
                     params=params)

    try:
        parts = urlsplit(link.strip())
        port = parts.port
    except ValueError as exc:
        raise bad(str(exc), "unreadable") from None
    if parts.scheme != SCHEME:
        raise bad(f"it must start with {SCHEME}://", "scheme", scheme=SCHEME)
    if not parts.hostname:
        raise bad("no host address", "no_address")
    if port is None or not 0 < port < 65536:
        raise bad("no port", "no_port")
    host = parts.hostname
    try:
        ipaddress.ip_address(host)
    except ValueError:
        if not re.match(r"^[A-Za-z0-9.-]{1,253}$", host):
            raise bad("the host is neither an IP address nor a host name", "bad_address") from None
    table = parts.path.lstrip("/")
    if not TABLE_ID.match(table):
        raise bad("the table id must be 16 hex digits", "table_id")
    query = parse_qs(parts.query, keep_blank_values=True)
    key = _hex_field(query, "key", KEY_BYTES, bad)
    if key is None:
        raise bad("no host key", "no_key")
    if not usable_key(key):
        raise bad("the host key is not a public key", "bad_key")
    secret = _hex_field(query, "secret", SECRET_BYTES, bad)
    return Invite(host, port, table, key, secret)


def usable_key(public_key: bytes) -> bool:
    """Whether `public_key` is an Ed25519 key with an X25519 form (the handshake needs both)."""
    try:
        VerifyKey(public_key).to_curve25519_public_key()
    except (CryptoError, ValueError, TypeError):
        return False
    return True


def _hex_field(query: dict[str, list[str]], name: str, size: int, bad: Callable[..., Exception]) -> bytes | None:
    values = query.get(name)
    if not values:
        return None
    if len(values) != 1:
        raise bad(f"{name} given twice", "twice", name=name)
    value = values[0].lower()
    if len(value) != 2 * size or not _HEX.match(value):
        raise bad(f"{name} must be {2 * size} hex digits", "hex", name=name, digits=2 * size)
    return bytes.fromhex(value)

"""Messages as bytes, and signatures over them.

Every message is a JSON object with a string field `t` (its type), encoded with the engine's
`canonical_json` (UTF-8, sorted keys, no spaces, no floats). Everything signed is signed over
a domain tag followed by the canonical encoding of the object without its `sig` field, so a
signature made for one purpose can never be passed off as another.

Decoding refuses nesting deeper than `MAX_DEPTH` before the JSON parser runs, with an
explicit count (Python 3.13's parser no longer stops deep input with a `RecursionError`),
and refuses duplicate keys and floats. Records are the one exception to this path: their
bodies are verified as the bytes received (`p2p.core.records`).

PyNaCl is loaded when a signature is first checked, not with this module: what only reads
messages and saved games (listing the saved games) does without libsodium.
"""
from __future__ import annotations

import functools
import hashlib
import json
import json.encoder
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, NoReturn, TypeVar, overload

from zemlevlasnyk.engine import JSON, JSONObject, canonical_json
from zemlevlasnyk.p2p.core.errors import Code, remote

if TYPE_CHECKING:
    from nacl.signing import SigningKey, VerifyKey

PROTOCOL_VERSION = 2

# Domain tags, one per kind of signed object (see docs/PROTOCOL.md, "What is signed").
TAG_ACTION = b"zemlevlasnyk/v2/action\n"
TAG_RECORD = b"zemlevlasnyk/v2/record\n"
TAG_READY = b"zemlevlasnyk/v2/ready\n"
TAG_CONTRIB = b"zemlevlasnyk/v2/contrib\n"
TAG_BYE = b"zemlevlasnyk/v2/bye\n"
TAG_WELCOME = b"zemlevlasnyk/v2/welcome\n"
TAG_AUTH = b"zemlevlasnyk/v2/auth\n"

# The deepest message of the protocol is a start record (body, setup, players, a Ready):
# six levels. Sixteen leaves room while no recursive code of ours can be driven deep.
MAX_DEPTH = 16

# What `check_depth` keeps of a payload: brackets, quotes, and what escapes start with.
_KEEP = b'[]{}"\\/bfnrtu'
_DROP = bytes(c for c in range(256) if c not in _KEEP)
_ESCAPE_LETTERS = b"/bfnrtu\\"


def _refuse(obj: object) -> NoReturn:
    raise TypeError(f"not plain data: {type(obj).__name__}")


def _encoder() -> Callable[[object], bytes]:
    """The engine's canonical encoding with the encoder built once: `json.dumps` builds a
    fresh encoder per call and checks for cycles, which plain data cannot have. The same
    bytes as `engine.canonical_json` (a test compares them on whole games)."""
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:
        return canonical_json
    encode_c = make(None, _refuse, json.encoder.encode_basestring, None, ":", ",", True, False, False)

    def encode(obj: object) -> bytes:
        return "".join(encode_c(obj, 0)).encode("utf-8")
    return encode


canonical = _encoder()


def encode(message: Mapping[str, JSON]) -> bytes:
    return canonical(message)


def check_depth(payload: bytes, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON nested deeper than `limit`, counted without parsing.

    Only the characters that can matter survive a `translate` (brackets, quotes, and the
    characters an escape starts with); escapes are removed (`\\\\` first, then `\\"`), the
    text between quotes is dropped, and what is left is a bracket sequence whose innermost
    pairs are peeled one level at a time. Everything runs at C speed: a few microseconds
    for a record. Input that is not well nested is refused too (no JSON parser accepts it).
    """
    shape = payload.translate(None, _DROP)
    if b"\\" in shape:
        shape = shape.replace(b"\\\\", b"").replace(b'\\"', b"")
    parts = shape.translate(None, _ESCAPE_LETTERS).split(b'"')
    if len(parts) % 2 == 0:
        raise remote(Code.GARBAGE, "not a message: a string is not closed")
    shape = b"".join(parts[::2])
    for _ in range(limit):
        if not shape:
            return
        peeled = shape.replace(b"[]", b"").replace(b"{}", b"")
        if peeled == shape:
            raise remote(Code.GARBAGE, "not a message: brackets do not match")
        shape = peeled
    if shape:
        raise remote(Code.GARBAGE, f"not a message: nested deeper than {limit}")


def decode(payload: bytes) -> JSONObject:
    """A message from the wire; `RemoteProtocolError` for anything that is not one.

    Duplicate keys are refused. Honest senders send the canonical encoding, and a message
    that is exactly the canonical encoding of what it decodes to has no duplicate key
    anywhere: that is checked at C speed, and only a message that is not canonical goes
    through the Python hook that looks at every object. A string that cannot be encoded
    again (a lone surrogate escape, `\\ud800`) is refused too: nothing made of it could be
    signed, checked or relayed."""
    check_depth(payload)
    try:
        text = payload.decode("utf-8")
        message: JSON = _PLAIN.decode(text)
        try:
            canonical_again = canonical(message) == payload
        except UnicodeEncodeError:
            raise ValueError("a string with a lone surrogate") from None
        if not canonical_again:
            message = _STRICT.decode(text)
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise remote(Code.GARBAGE, f"not a message: {str(exc)[:120]}") from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise remote(Code.BAD_MESSAGE, "a message must be an object with a string field 't'")
    return message


def _no_duplicates(pairs: list[tuple[str, JSON]]) -> JSONObject:
    out: JSONObject = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r}")
        out[key] = value
    return out


def _no_float(text: str) -> NoReturn:
    raise ValueError(f"floats are not part of the protocol: {text[:20]}")


# Built once: `json.loads` with hooks builds a decoder per call.
_PLAIN = json.JSONDecoder(parse_float=_no_float, parse_constant=_no_float)
_STRICT = json.JSONDecoder(object_pairs_hook=_no_duplicates, parse_float=_no_float, parse_constant=_no_float)


def signed_bytes(tag: bytes, obj: JSONObject) -> bytes:
    """What a signature over `obj` covers: the tag, then `obj` without `sig`, canonical."""
    return tag + canonical({k: v for k, v in obj.items() if k != "sig"})


def sign(key: SigningKey, tag: bytes, obj: JSONObject) -> JSONObject:
    """`obj` with a `sig` field added."""
    return {**obj, "sig": key.sign(signed_bytes(tag, obj)).signature.hex()}


def verify_raw(public_hex: str, data: bytes, sig: bytes) -> bool:
    from nacl.exceptions import BadSignatureError  # loaded once, at the first check

    try:
        _verify_key(public_hex).verify(data, sig)
    except (ValueError, TypeError, BadSignatureError):
        return False
    return True


@functools.lru_cache(maxsize=64)
def _verify_key(public_hex: str) -> VerifyKey:
    # A table has a handful of keys; parsing one costs more than it should per record.
    from nacl.signing import VerifyKey

    return VerifyKey(bytes.fromhex(public_hex))


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


_T = TypeVar("_T", str, int, bool)


@overload
def field(message: JSONObject, name: str, kind: type[_T]) -> _T: ...
@overload
def field(message: JSONObject, name: str, kind: type[_T], *, optional: bool) -> _T | None: ...


def field(message: JSONObject, name: str, kind: type[_T], *, optional: bool = False) -> _T | None:
    """`message[name]`, checked to be of `kind`; a remote `BAD_MESSAGE` otherwise."""
    if name not in message or message[name] is None:
        if optional:
            return None
        raise remote(Code.BAD_MESSAGE, f"{message.get('t')}: missing field {name!r}")
    value = message[name]
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise remote(Code.BAD_MESSAGE, f"{message.get('t')}.{name}: wrong type")
    return value


def hex_field(message: JSONObject, name: str, size: int, *, optional: bool = False) -> bytes | None:
    value = field(message, name, str, optional=optional)
    if value is None:
        return None
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        raw = b""
    if len(raw) != size or value != value.lower():
        raise remote(Code.BAD_MESSAGE, f"{message.get('t')}.{name}: expected {2 * size} lowercase hex digits")
    return raw

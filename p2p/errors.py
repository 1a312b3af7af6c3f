"""The table's typed errors: what went wrong (a wire code) and whose fault it is.

Every failure on the table is a `ProtocolError` carrying a `Code` (the same string travels
in `reject` and `error` messages, see docs/PROTOCOL.md) and a `Fault`: `local` when this
program or its user misused something, `remote` when the other side sent something bad.
"""
from __future__ import annotations

from enum import Enum


class Fault(str, Enum):
    LOCAL = "local"
    REMOTE = "remote"


class Code(str, Enum):
    """Wire codes for rejections and errors; their values are part of the protocol."""

    FRAME_TOO_LARGE = "frame_too_large"
    GARBAGE = "garbage"
    BAD_MESSAGE = "bad_message"
    VERSION = "version"
    HANDSHAKE = "handshake"
    WRONG_TABLE = "wrong_table"
    HOST_KEY_MISMATCH = "host_key_mismatch"
    BAD_SECRET = "bad_secret"
    REFUSED = "refused"
    BUSY = "busy"
    BAD_SIGNATURE = "bad_signature"
    WRONG_SEAT = "wrong_seat"
    REPLAYED = "replayed"
    STALE_SEQ = "stale_seq"
    OUT_OF_TURN = "out_of_turn"
    ILLEGAL = "illegal"
    NOT_SEATED = "not_seated"
    NOT_NOW = "not_now"
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_RATE = "chat_rate"
    SLOW_PEER = "slow_peer"
    CHEATING_HOST = "cheating_host"
    CLOSED = "closed"
    BAD_LINK = "bad_link"
    BAD_PROFILE = "bad_profile"


class ProtocolError(Exception):
    """A failure on the table; `.fault` says whether we or the remote side are to blame."""

    def __init__(self, code: Code, message: str, *, fault: Fault) -> None:
        super().__init__(f"{code.value}: {message}")
        self.code = code
        self.message = message
        self.fault = fault


def remote(code: Code, message: str) -> ProtocolError:
    """The other side sent something it should not have."""
    return ProtocolError(code, message, fault=Fault.REMOTE)


def local(code: Code, message: str) -> ProtocolError:
    """We (this program or its user) asked for something that cannot be done."""
    return ProtocolError(code, message, fault=Fault.LOCAL)


class CheatingHost(ProtocolError):
    """The host published a record that does not follow from the rules: never obey it."""

    def __init__(self, message: str, *, seq: int | None = None) -> None:
        super().__init__(Code.CHEATING_HOST, message, fault=Fault.REMOTE)
        self.seq = seq


class Rejected(ProtocolError):
    """The host refused one of our actions or messages (our fault, the table goes on)."""

    def __init__(self, code: Code, message: str) -> None:
        super().__init__(code, message, fault=Fault.LOCAL)

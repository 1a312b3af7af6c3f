"""The table's typed errors: what went wrong (a wire code) and whose fault it is.

As in h11, the class says whose fault: `LocalProtocolError` when this program or its user
asked for something that cannot be done, `RemoteProtocolError` when the other side sent
something it should not have. `CheatingHost` is the remote fault that ends trust in a
host: a record that breaks the rules, forged or mis-chained. Every error carries a `Code`;
the same string travels in `reject` and `error` messages (docs/PROTOCOL.md).

Checks that serve both sides (a chat line's length, a name) raise `LocalProtocolError`;
the host's router turns one raised on a peer's message into that peer's fault, as h11's
`receive_data` does.

What a player reads is never the English `message` (that is for logs and the wire): an
error that may reach a player is `Explained`, and its `reason` names its words in the
catalogues (their "reasons", filled in with `params`, which are data: addresses, names,
numbers); without a reason a table error is worded by its code (their "errors").
"""
from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

Params = dict[str, str | int]


class Explained(Exception):
    """An error with words for a player: `reason` (a key of the catalogues' reasons,
    "" for none) and its `params`; `os_error`, the system's refusal behind it (worded by its
    errno, as the `why` of the reason's sentence); `message` is the English detail, for logs."""

    def __init__(self, message: str, *, reason: str = "", params: Params | None = None,
                 os_error: OSError | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.reason = reason
        self.params: Params = params or {}
        self.os_error = os_error


class Fault(StrEnum):
    LOCAL = "local"
    REMOTE = "remote"


class Code(StrEnum):
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
    TAKEN = "taken"
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_RATE = "chat_rate"
    RATE = "rate"
    FLOOD = "flood"
    SLOW_PEER = "slow_peer"
    REMOVED = "removed"
    CHEATING_HOST = "cheating_host"
    HOST_LOST = "host_lost"
    HOST_LEFT = "host_left"    # the host left on purpose: no need to wait out its silence (section 9)
    FORKED = "forked"          # taken over without our last records (section 9): rejoin from before them
    CLOSED = "closed"
    BAD_LINK = "bad_link"
    BAD_PROFILE = "bad_profile"


class ProtocolError(Explained):
    """A failure on the table; the subclass (and `.fault`) says who is to blame.

    `ProtocolError(code, message, fault=...)` builds the subclass for that fault, so that
    the class always agrees with `.fault`."""

    fault: ClassVar[Fault]

    def __new__(cls, *args: object, fault: Fault | None = None, **kwargs: object) -> ProtocolError:
        if cls is ProtocolError:
            if fault is None:
                raise TypeError("a ProtocolError is local or remote: say which")
            cls = LocalProtocolError if fault is Fault.LOCAL else RemoteProtocolError
        return super().__new__(cls)

    def __init__(self, code: Code, message: str, *, fault: Fault | None = None, reason: str = "",
                 params: Params | None = None, os_error: OSError | None = None) -> None:
        if fault is not None and fault is not self.fault:
            raise TypeError(f"{type(self).__name__} is a {self.fault.value} fault, not {fault.value}")
        super().__init__(message, reason=reason, params=params, os_error=os_error)
        self.args = (f"{code.value}: {message}",)
        self.code = code


class LocalProtocolError(ProtocolError):
    """We (this program or its user) asked for something that cannot be done."""

    fault = Fault.LOCAL


class RemoteProtocolError(ProtocolError):
    """The other side sent something it should not have."""

    fault = Fault.REMOTE


class Cheat(StrEnum):
    """What kind of proof a `CheatingHost` holds (each a sentence among the catalogues' reasons, as
    `cheat_<value>`); the English message says exactly what, for the log and `verify`."""

    MALFORMED = "malformed"      # a record (or a part of it) not shaped as the protocol says
    NAME = "name"                # a name (or colour, level) breaking the name rules (p2p.core.names)
    SIGNATURE = "signature"      # a signature that does not verify, or signs something else
    CHAIN = "chain"              # out of order, another table's, not chained, time running back
    SECRET = "secret"            # a revealed secret that does not open its commitment
    STATE = "state"              # a state (diff or hash) other than the rules give
    RULES = "rules"              # an action or outcome the rules do not allow
    CLOCK = "clock"              # a timeout earlier than the signed times allow


class CheatingHost(RemoteProtocolError):
    """The host published a record that does not follow from the rules: never obey it."""

    def __init__(self, message: str, *, seq: int | None = None, kind: Cheat = Cheat.RULES) -> None:
        super().__init__(Code.CHEATING_HOST, message, reason=f"cheat_{kind.value}",
                         params={"seq": seq} if seq is not None else {"seq": "?"})
        self.seq = seq
        self.kind = kind


def remote(code: Code, message: str, *, reason: str = "", params: Params | None = None) -> RemoteProtocolError:
    """The other side sent something it should not have."""
    return RemoteProtocolError(code, message, reason=reason, params=params)


def local(code: Code, message: str, *, reason: str = "", params: Params | None = None,
          os_error: OSError | None = None) -> LocalProtocolError:
    """We (this program or its user) asked for something that cannot be done."""
    return LocalProtocolError(code, message, reason=reason, params=params, os_error=os_error)

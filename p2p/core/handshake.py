"""The handshake and the encrypted channel after it, sans-IO: Noise IK, then `auth`.

Three frames (docs/PROTOCOL.md, "Handshake"):
1. peer -> host: Noise IK message 1 (`-> e, es, s, ss`) addressed to the host's static key,
   pinned from the invite link or the advert; its payload is the `hello` (protocol
   version, table id). A host with another key cannot read it.
2. host -> peer: Noise message 2 (`<- e, ee, se`); its payload is the `welcome`, or the
   `error` the host hangs up with. Reading it proves the peer talks to the pinned key.
3. peer -> host: the first transport message, `auth`: the peer's Ed25519 key and its
   signature over the handshake hash (binding the identity to this session explicitly),
   name, colour, `want`, `last_seq`, and `join` = HMAC(secret, handshake hash), or null for
   a knock.
The static keys are the X25519 forms of the players' Ed25519 identity keys. After the
handshake every frame is sealed with Noise's transport ciphers (counter nonces): a frame
that was forged, altered, replayed, dropped or reordered fails, and the connection ends.
"""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass

from nacl.exceptions import CryptoError
from nacl.signing import SigningKey, VerifyKey

from zemlevlasnyk.engine import JSON, JSONObject
from zemlevlasnyk.p2p.core import noise, wire
from zemlevlasnyk.p2p.core.errors import Code, ProtocolError, local, remote
from zemlevlasnyk.p2p.core.identity import COLOURS, Profile, clean_name
from zemlevlasnyk.p2p.core.links import Invite

PLAYING = "play"
WATCHING = "watch"

# Mixed into the handshake hash by both sides: a handshake made for anything else (another
# application, another version of this protocol) cannot complete with ours.
PROLOGUE = b"zemlevlasnyk/v2/handshake\n"
TAG_AUTH = b"zemlevlasnyk/v2/auth\n"
# Message 1 is at least the ephemeral key, the encrypted static key and an empty payload's tag.
_MESSAGE_1_MIN = noise.DHLEN + noise.DHLEN + noise.TAGLEN + noise.TAGLEN


def x25519_public(ed25519_public: bytes) -> bytes:
    """The X25519 form of an Ed25519 public key; `ProtocolError(remote)` if it is not one."""
    try:
        return bytes(VerifyKey(ed25519_public).to_curve25519_public_key())
    except (CryptoError, ValueError, TypeError, RuntimeError):
        raise remote(Code.BAD_MESSAGE, "not a usable Ed25519 public key") from None


def x25519_private(key: SigningKey) -> bytes:
    return bytes(key.to_curve25519_private_key())


def join_proof(secret: bytes, handshake_hash: bytes) -> str:
    """Proves the join secret without revealing it, for this session only."""
    return hmac.new(secret, handshake_hash, hashlib.sha256).hexdigest()


class SecureChannel:
    """Seals and opens the messages of one connection with its two Noise ciphers.

    A frame holds one message. Noise caps each of its messages at 65 535 bytes, so a longer
    message is sealed as several Noise transport messages in one frame: every piece but the
    last is exactly 65 535 bytes, which is how the receiver cuts them apart again, and the
    last is always shorter (a message whose length is a multiple of a piece's ends with an
    empty piece), so a frame cut at a piece boundary cannot pass for a whole message."""

    def __init__(self, session: noise.Session) -> None:
        self._send = session.send
        self._receive = session.receive
        self.handshake_hash = session.handshake_hash

    def seal(self, message: Mapping[str, JSON]) -> bytes:
        return self.seal_encoded(wire.encode(message))

    def seal_encoded(self, plain: bytes) -> bytes:
        """Seal a message already encoded (the host encodes a broadcast once for all peers)."""
        pieces = [plain[i:i + noise.MAX_PLAINTEXT] for i in range(0, len(plain), noise.MAX_PLAINTEXT)]
        if not pieces or len(pieces[-1]) == noise.MAX_PLAINTEXT:
            pieces.append(b"")
        return b"".join(self._send.encrypt_with_ad(b"", piece) for piece in pieces)

    def open_bytes(self, payload: bytes) -> bytes:
        """The plain message bytes; `ProtocolError(remote)` for a frame that fails."""
        pieces = [payload[i:i + noise.MAX_MESSAGE] for i in range(0, len(payload), noise.MAX_MESSAGE)]
        if not pieces or not noise.TAGLEN <= len(pieces[-1]) < noise.MAX_MESSAGE:
            raise remote(Code.GARBAGE, "a sealed frame cut short or padded")
        try:
            return b"".join(self._receive.decrypt_with_ad(b"", piece) for piece in pieces)
        except noise.NoiseError:
            raise remote(Code.GARBAGE, "a frame failed authentication (forged, altered, replayed or out of order)") \
                from None

    def open(self, payload: bytes) -> JSONObject:
        return wire.decode(self.open_bytes(payload))


def _refusal(message: JSONObject, *, authenticated: bool) -> ProtocolError:
    try:
        code = Code(str(message.get("code")))
    except ValueError:
        code = Code.REFUSED
    text = str(message.get("message", ""))[:200]
    if not authenticated:
        # A plain refusal proves nothing about who sent it; it can only end the attempt.
        text = f"{text} (an unauthenticated answer)"
    return remote(code, f"the host refused: {text}")


def _plain_error(payload: bytes) -> JSONObject | None:
    try:
        message = wire.decode(payload)
    except ProtocolError:
        return None
    return message if message["t"] == "error" else None


@dataclass(frozen=True)
class Joiner:
    """Who completed the handshake at the host, and what they asked for."""

    key: str
    name: str
    colour: str
    want: str
    has_secret: bool
    last_seq: int


class ClientHandshake:
    """The peer's side: `hello()`, then `receive_welcome()`, which gives the channel and the
    sealed `auth` to send on it."""

    def __init__(self, profile: Profile, invite: Invite, *, want: str = PLAYING, last_seq: int = -1,
                 ephemeral_private: bytes | None = None) -> None:
        if want not in (PLAYING, WATCHING):
            raise local(Code.BAD_MESSAGE, f"want must be {PLAYING!r} or {WATCHING!r}")
        self._profile = profile
        self._invite = invite
        self._want = want
        self._last_seq = last_seq
        # A link's key was checked when it was parsed: an unusable one here came from an
        # advert on the network, which is the advertiser's fault, not ours.
        host_static = x25519_public(invite.host_key)
        self._noise = noise.Initiator(x25519_private(profile.signing_key), host_static, PROLOGUE,
                                      ephemeral_private=ephemeral_private)
        self._hello = self._noise.write_message_1(wire.encode(
            {"t": "hello", "proto": wire.PROTOCOL_VERSION, "table": invite.table}))

    def hello(self) -> bytes:
        return self._hello

    def receive_welcome(self, payload: bytes) -> tuple[SecureChannel, bytes]:
        """The channel, and the sealed `auth` frame to send on it."""
        try:
            answer, session = self._noise.read_message_2(payload)
        except noise.NoiseError:
            refusal = _plain_error(payload)
            if refusal is not None:
                raise _refusal(refusal, authenticated=False) from None
            raise remote(Code.HOST_KEY_MISMATCH, "the host did not prove it holds the key in the invite link: "
                                                 "refusing to talk to it") from None
        welcome = wire.decode(answer)
        if welcome["t"] == "error":
            raise _refusal(welcome, authenticated=True)
        if welcome["t"] != "welcome":
            raise remote(Code.HANDSHAKE, f"expected welcome, got {welcome['t']!r}")
        if wire.field(welcome, "proto", int) != wire.PROTOCOL_VERSION:
            raise remote(Code.VERSION, f"host speaks protocol {welcome['proto']}, we speak {wire.PROTOCOL_VERSION}")
        if wire.field(welcome, "table", str) != self._invite.table:
            raise remote(Code.WRONG_TABLE, "the host answered for another table")
        channel = SecureChannel(session)
        secret = self._invite.secret
        auth: JSONObject = {"t": "auth", "key": self._profile.key_hex, "name": self._profile.name,
                            "colour": self._profile.colour, "want": self._want, "last_seq": self._last_seq,
                            "join": join_proof(secret, session.handshake_hash) if secret is not None else None,
                            "sig": self._profile.sign(TAG_AUTH + session.handshake_hash).hex()}
        return channel, channel.seal(auth)


class HostHandshake:
    """The host's side: `receive_hello()` gives message 2, `receive_auth()` the joiner.

    When either raises, `refusal(error)` is the frame that tells the peer why, in the
    strongest form available at that point."""

    def __init__(self, host_key: SigningKey, table: str, join_secret: bytes, *,
                 ephemeral_private: bytes | None = None) -> None:
        self._table = table
        self._secret = join_secret
        self._noise = noise.Responder(x25519_private(host_key), PROLOGUE, ephemeral_private=ephemeral_private)
        self._read_hello = False
        self._channel: SecureChannel | None = None

    def receive_hello(self, payload: bytes) -> bytes:
        """Message 2 (the welcome) for the peer's message 1."""
        if self._read_hello:
            raise local(Code.HANDSHAKE, "hello received twice")
        if len(payload) < _MESSAGE_1_MIN:
            raise remote(Code.GARBAGE, "not a handshake message")
        try:
            plain = self._noise.read_message_1(payload)
        except noise.NoiseError:
            raise remote(Code.HOST_KEY_MISMATCH, "the handshake is not addressed to this host's key (or speaks "
                                                 "another protocol version)") from None
        self._read_hello = True
        hello = wire.decode(plain)
        if hello["t"] != "hello":
            raise remote(Code.HANDSHAKE, f"expected hello, got {hello['t']!r}")
        if wire.field(hello, "proto", int) != wire.PROTOCOL_VERSION:
            raise remote(Code.VERSION, f"peer speaks protocol {hello['proto']}, we speak {wire.PROTOCOL_VERSION}")
        if wire.field(hello, "table", str) != self._table:
            raise remote(Code.WRONG_TABLE, "this host serves another table")
        return self._welcome({"t": "welcome", "proto": wire.PROTOCOL_VERSION, "table": self._table})

    def _welcome(self, payload: Mapping[str, JSON]) -> bytes:
        message, session = self._noise.write_message_2(wire.encode(payload))
        self._channel = SecureChannel(session)
        return message

    @property
    def channel(self) -> SecureChannel | None:
        """The channel once message 2 is out."""
        return self._channel

    def refusal(self, error: ProtocolError) -> bytes:
        """The `error` frame for `error`: sealed once the channel exists, inside message 2
        once message 1 was read, in the clear before (then it proves nothing to the peer)."""
        message = {"t": "error", "code": error.code.value, "message": error.message}
        if self._channel is not None:
            return self._channel.seal(message)
        if self._read_hello:
            return self._welcome(message)
        return wire.encode(message)

    def receive_auth(self, payload: bytes) -> tuple[SecureChannel, Joiner]:
        if self._channel is None:
            raise local(Code.HANDSHAKE, "auth before hello")
        auth = self._channel.open(payload)
        if auth["t"] != "auth":
            raise remote(Code.HANDSHAKE, f"expected auth, got {auth['t']!r}")
        key = wire.hex_field(auth, "key", 32)
        assert key is not None
        if x25519_public(key) != self._noise.remote_static:
            raise remote(Code.BAD_SIGNATURE, "the identity key is not the one the handshake was made with")
        sig = wire.hex_field(auth, "sig", 64)
        assert sig is not None
        hh = self._channel.handshake_hash
        if not wire.verify_raw(key.hex(), TAG_AUTH + hh, sig):
            raise remote(Code.BAD_SIGNATURE, "the peer could not prove it holds its key")
        proof = wire.field(auth, "join", str, optional=True)
        if proof is not None and not hmac.compare_digest(proof.encode(), join_proof(self._secret, hh).encode()):
            raise remote(Code.BAD_SECRET, "wrong join secret")
        want = wire.field(auth, "want", str)
        if want not in (PLAYING, WATCHING):
            raise remote(Code.BAD_MESSAGE, f"auth.want must be {PLAYING!r} or {WATCHING!r}")
        colour = wire.field(auth, "colour", str)
        joiner = Joiner(key=key.hex(), name=clean_name(wire.field(auth, "name", str)),
                        colour=colour if colour in COLOURS else COLOURS[0], want=want,
                        has_secret=proof is not None, last_seq=wire.field(auth, "last_seq", int))
        return self._channel, joiner

"""The handshake and the encrypted channel after it, sans-IO.

Three frames (see docs/PROTOCOL.md, "Handshake"):
1. `hello` (peer -> host, plain): protocol version, table id, the peer's identity key and a
   fresh X25519 key.
2. `welcome` (host -> peer, plain): the host's identity key and fresh X25519 key, signed by
   the host over the hello and itself. The peer refuses any host key but the pinned one.
3. `auth` (peer -> host, the first encrypted frame): the peer's signature over the
   transcript (proving it holds its identity key), its name and colour, and an HMAC of the
   transcript under the join secret (or null: the peer only asks to sit).
Both sides then hold a `SecureChannel`: one XSalsa20-Poly1305 key per direction, derived
from the X25519 secret and the transcript hash, with counter nonces, so a frame cannot be
read, altered, dropped, replayed or reordered without the receiver noticing.
"""
from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from nacl.exceptions import CryptoError
from nacl.public import Box, PrivateKey, PublicKey
from nacl.secret import SecretBox
from nacl.signing import SigningKey

from zemlevlasnyk.p2p import wire
from zemlevlasnyk.p2p.errors import Code, local, remote
from zemlevlasnyk.p2p.identity import COLOURS, Profile, clean_name
from zemlevlasnyk.p2p.links import Invite

PLAYING = "play"
WATCHING = "watch"


class SecureChannel:
    """Seals and opens messages for one connection, one direction each."""

    def __init__(self, send_key: bytes, receive_key: bytes) -> None:
        self._send = SecretBox(send_key)
        self._receive = SecretBox(receive_key)
        self._sent = 0
        self._received = 0

    @staticmethod
    def _nonce(counter: int) -> bytes:
        return counter.to_bytes(SecretBox.NONCE_SIZE, "big")

    def seal(self, message: dict[str, Any]) -> bytes:
        return self.seal_encoded(wire.encode(message))

    def seal_encoded(self, plain: bytes) -> bytes:
        """Seal a message already encoded (the host encodes a broadcast once for all peers)."""
        box = self._send.encrypt(plain, self._nonce(self._sent))
        self._sent += 1
        return box.ciphertext

    def open(self, payload: bytes) -> dict[str, Any]:
        try:
            plain = self._receive.decrypt(payload, self._nonce(self._received))
        except CryptoError:
            raise remote(Code.GARBAGE, "a frame failed authentication (forged, altered or out of order)") from None
        self._received += 1
        return wire.decode(plain)


def _session_keys(own: PrivateKey, their: bytes, transcript: bytes) -> tuple[bytes, bytes]:
    """(peer-to-host key, host-to-peer key)."""
    try:
        shared = Box(own, PublicKey(their)).shared_key()
    except (CryptoError, ValueError, TypeError):
        raise remote(Code.HANDSHAKE, "unusable key exchange value") from None
    to_host = hashlib.sha256(b"zemlevlasnyk/v1/key/to-host\n" + shared + transcript).digest()
    to_peer = hashlib.sha256(b"zemlevlasnyk/v1/key/to-peer\n" + shared + transcript).digest()
    return to_host, to_peer


def _transcript(hello: bytes, welcome: bytes) -> bytes:
    return hashlib.sha256(hello + welcome).digest()


def _refusal(message: dict[str, Any]) -> Exception:
    try:
        code = Code(message.get("code"))
    except ValueError:
        code = Code.REFUSED
    return remote(code, f"the host refused: {str(message.get('message', ''))[:200]}")


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
    """The peer's side: `hello()`, then `receive_welcome()`, then `auth` is sent sealed."""

    def __init__(self, profile: Profile, invite: Invite, *, want: str = PLAYING, last_seq: int = -1) -> None:
        if want not in (PLAYING, WATCHING):
            raise local(Code.BAD_MESSAGE, f"want must be {PLAYING!r} or {WATCHING!r}")
        self._profile = profile
        self._invite = invite
        self._want = want
        self._last_seq = last_seq
        self._ephemeral = PrivateKey.generate()
        self._hello = wire.encode({"t": "hello", "proto": wire.PROTOCOL_VERSION, "app": "zemlevlasnyk",
                                   "table": invite.table, "key": profile.key_hex,
                                   "eph": bytes(self._ephemeral.public_key).hex()})

    def hello(self) -> bytes:
        return self._hello

    def receive_welcome(self, payload: bytes) -> tuple[SecureChannel, bytes]:
        """The channel, and the sealed `auth` frame to send on it."""
        welcome = wire.decode(payload)
        if welcome["t"] == "error":
            raise _refusal(welcome)
        if welcome["t"] != "welcome":
            raise remote(Code.HANDSHAKE, f"expected welcome, got {welcome['t']!r}")
        if wire.field(welcome, "proto", int) != wire.PROTOCOL_VERSION:
            raise remote(Code.VERSION, f"host speaks protocol {welcome['proto']}, we speak {wire.PROTOCOL_VERSION}")
        host_key = wire.hex_field(welcome, "key", 32)
        if host_key != self._invite.host_key:
            raise remote(Code.HOST_KEY_MISMATCH,
                         "the host's key is not the one in the invite link: refusing to talk to it")
        if wire.field(welcome, "table", str) != self._invite.table:
            raise remote(Code.WRONG_TABLE, "the host answered for another table")
        if wire.field(welcome, "hello", str) != wire.sha256_hex(self._hello):
            raise remote(Code.HANDSHAKE, "the host's welcome answers another hello")
        if not wire.check_signature(host_key.hex(), wire.TAG_WELCOME, welcome):
            raise remote(Code.BAD_SIGNATURE, "the host's welcome is not signed by its key")
        eph = wire.hex_field(welcome, "eph", 32)
        transcript = _transcript(self._hello, payload)
        to_host, to_peer = _session_keys(self._ephemeral, eph, transcript)
        channel = SecureChannel(send_key=to_host, receive_key=to_peer)
        proof = None
        if self._invite.secret is not None:
            proof = hmac.new(self._invite.secret, transcript, hashlib.sha256).hexdigest()
        auth = {"t": "auth", "name": self._profile.name, "colour": self._profile.colour,
                "join": proof, "want": self._want, "last_seq": self._last_seq,
                "sig": self._profile.sign(wire.TAG_AUTH + transcript).hex()}
        return channel, channel.seal(auth)


class HostHandshake:
    """The host's side: `receive_hello()` gives the welcome, `receive_auth()` the joiner."""

    def __init__(self, host_key: SigningKey, table: str, join_secret: bytes) -> None:
        self._host_key = host_key
        self._table = table
        self._secret = join_secret
        self._ephemeral = PrivateKey.generate()
        self._hello: dict[str, Any] | None = None
        self._channel: SecureChannel | None = None
        self._transcript = b""

    def receive_hello(self, payload: bytes) -> bytes:
        hello = wire.decode(payload)
        if hello["t"] != "hello":
            raise remote(Code.HANDSHAKE, f"expected hello, got {hello['t']!r}")
        if wire.field(hello, "proto", int) != wire.PROTOCOL_VERSION:
            raise remote(Code.VERSION, f"peer speaks protocol {hello['proto']}, we speak {wire.PROTOCOL_VERSION}")
        if wire.field(hello, "table", str) != self._table:
            raise remote(Code.WRONG_TABLE, "this host serves another table")
        wire.hex_field(hello, "key", 32)
        eph = wire.hex_field(hello, "eph", 32)
        self._hello = hello
        welcome = wire.sign(self._host_key, wire.TAG_WELCOME, {
            "t": "welcome", "proto": wire.PROTOCOL_VERSION, "table": self._table,
            "key": bytes(self._host_key.verify_key).hex(),
            "eph": bytes(self._ephemeral.public_key).hex(), "hello": wire.sha256_hex(payload)})
        welcome_bytes = wire.encode(welcome)
        self._transcript = _transcript(payload, welcome_bytes)
        to_host, to_peer = _session_keys(self._ephemeral, eph, self._transcript)
        self._channel = SecureChannel(send_key=to_peer, receive_key=to_host)
        return welcome_bytes

    @property
    def channel(self) -> SecureChannel | None:
        """The channel once the welcome is out (to seal a refusal of the auth)."""
        return self._channel

    def receive_auth(self, payload: bytes) -> tuple[SecureChannel, Joiner]:
        if self._hello is None or self._channel is None:
            raise local(Code.HANDSHAKE, "auth before hello")
        auth = self._channel.open(payload)
        if auth["t"] != "auth":
            raise remote(Code.HANDSHAKE, f"expected auth, got {auth['t']!r}")
        key = self._hello["key"]
        sig = wire.hex_field(auth, "sig", 64)
        if not wire.verify_raw(key, wire.TAG_AUTH + self._transcript, sig):
            raise remote(Code.BAD_SIGNATURE, "the peer could not prove it holds its key")
        proof = wire.field(auth, "join", str, optional=True)
        if proof is not None:
            expected = hmac.new(self._secret, self._transcript, hashlib.sha256).hexdigest()
            if not hmac.compare_digest(proof, expected):
                raise remote(Code.BAD_SECRET, "wrong join secret")
        want = wire.field(auth, "want", str)
        if want not in (PLAYING, WATCHING):
            raise remote(Code.BAD_MESSAGE, f"auth.want must be {PLAYING!r} or {WATCHING!r}")
        colour = wire.field(auth, "colour", str)
        joiner = Joiner(key=key, name=clean_name(wire.field(auth, "name", str)),
                        colour=colour if colour in COLOURS else COLOURS[0], want=want,
                        has_secret=proof is not None, last_seq=wire.field(auth, "last_seq", int))
        return self._channel, joiner


"""The Noise protocol framework's `Noise_IK_25519_ChaChaPoly_BLAKE2b`, sans-IO.

Built from PyNaCl (X25519, the IETF ChaCha20-Poly1305 AEAD) and hashlib's BLAKE2b, to the
letter of the Noise specification (revision 34, noiseprotocol.org/noise.html): the
`CipherState`, `SymmetricState` and the IK handshake pattern

    IK:
      <- s
      ...
      -> e, es, s, ss
      <- e, ee, se

and nothing else (no other pattern, no PSK, no rekey). The tests check it byte for byte
against an independent implementation (the `noiseprotocol` package). Which Ed25519
identity a static key belongs to, and what the payloads mean, is `handshake.py`'s business.
"""
from __future__ import annotations

import hashlib
import hmac

from nacl import bindings
from nacl.exceptions import CryptoError

PROTOCOL_NAME = b"Noise_IK_25519_ChaChaPoly_BLAKE2b"
DHLEN = 32
HASHLEN = 64
TAGLEN = 16
KEYLEN = 32
# The spec's limit on every Noise message, handshake or transport; longer plaintexts are
# cut into several transport messages by the caller.
MAX_MESSAGE = 65535
MAX_PLAINTEXT = MAX_MESSAGE - TAGLEN
# The spec reserves the last nonce; a connection never gets near it (2^64 frames).
_MAX_NONCE = 2**64 - 1


class NoiseError(Exception):
    """A Noise message failed: it does not authenticate, is malformed, or is out of place."""


def _hash(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=HASHLEN).digest()


def _hmac(key: bytes, data: bytes) -> bytes:
    # HMAC (RFC 2104) over BLAKE2b-512: 128-byte blocks, as the spec's HMAC-HASH requires.
    return hmac.new(key, data, hashlib.blake2b).digest()


def hkdf(chaining_key: bytes, input_key_material: bytes) -> tuple[bytes, bytes]:
    """The spec's HKDF with two outputs."""
    temp_key = _hmac(chaining_key, input_key_material)
    output1 = _hmac(temp_key, b"\x01")
    output2 = _hmac(temp_key, output1 + b"\x02")
    return output1, output2


def dh(private: bytes, public: bytes) -> bytes:
    """X25519; a public key that yields the all-zero secret (a low-order point) is refused."""
    try:
        return bindings.crypto_scalarmult(private, public)
    except (CryptoError, ValueError, TypeError) as exc:
        raise NoiseError(f"unusable X25519 public key ({exc})") from None


def public_key(private: bytes) -> bytes:
    return bindings.crypto_scalarmult_base(private)


def generate_private() -> bytes:
    return bindings.randombytes(DHLEN)


class CipherState:
    """A key and a counter nonce; encrypts and decrypts one message at a time, in order."""

    def __init__(self, key: bytes | None = None) -> None:
        self._key = key
        self.nonce = 0

    @property
    def has_key(self) -> bool:
        return self._key is not None

    def _nonce_bytes(self) -> bytes:
        if self.nonce >= _MAX_NONCE:
            raise NoiseError("nonce exhausted")
        # ChaChaPoly: 32 bits of zeros, then the counter as 64 bits little-endian.
        return b"\x00\x00\x00\x00" + self.nonce.to_bytes(8, "little")

    def encrypt_with_ad(self, ad: bytes, plaintext: bytes) -> bytes:
        if self._key is None:
            return plaintext
        ciphertext = bindings.crypto_aead_chacha20poly1305_ietf_encrypt(plaintext, ad, self._nonce_bytes(), self._key)
        self.nonce += 1
        return ciphertext

    def decrypt_with_ad(self, ad: bytes, ciphertext: bytes) -> bytes:
        """The plaintext; `NoiseError` (and the nonce unchanged) if the message does not
        authenticate: forged, altered, replayed or out of order."""
        if self._key is None:
            return ciphertext
        try:
            plaintext = bindings.crypto_aead_chacha20poly1305_ietf_decrypt(ciphertext, ad, self._nonce_bytes(),
                                                                            self._key)
        except CryptoError:
            raise NoiseError("a message failed authentication") from None
        self.nonce += 1
        return plaintext


class SymmetricState:
    def __init__(self, protocol_name: bytes = PROTOCOL_NAME) -> None:
        if len(protocol_name) <= HASHLEN:
            self.h = protocol_name + bytes(HASHLEN - len(protocol_name))
        else:
            self.h = _hash(protocol_name)
        self.ck = self.h
        self.cipher = CipherState()

    def mix_key(self, input_key_material: bytes) -> None:
        self.ck, temp_key = hkdf(self.ck, input_key_material)
        self.cipher = CipherState(temp_key[:KEYLEN])

    def mix_hash(self, data: bytes) -> None:
        self.h = _hash(self.h + data)

    def encrypt_and_hash(self, plaintext: bytes) -> bytes:
        ciphertext = self.cipher.encrypt_with_ad(self.h, plaintext)
        self.mix_hash(ciphertext)
        return ciphertext

    def decrypt_and_hash(self, ciphertext: bytes) -> bytes:
        plaintext = self.cipher.decrypt_with_ad(self.h, ciphertext)
        self.mix_hash(ciphertext)
        return plaintext

    def split(self) -> tuple[CipherState, CipherState]:
        """(initiator-to-responder, responder-to-initiator)."""
        temp_k1, temp_k2 = hkdf(self.ck, b"")
        return CipherState(temp_k1[:KEYLEN]), CipherState(temp_k2[:KEYLEN])


class Session:
    """The result of a handshake: one cipher per direction and the handshake hash, which
    names this session and nothing else (an identity signature over it binds the session)."""

    def __init__(self, send: CipherState, receive: CipherState, handshake_hash: bytes, remote_static: bytes) -> None:
        self.send = send
        self.receive = receive
        self.handshake_hash = handshake_hash
        self.remote_static = remote_static


def _check_length(message: bytes) -> None:
    if len(message) > MAX_MESSAGE:
        raise NoiseError(f"a {len(message)}-byte Noise message is over the {MAX_MESSAGE}-byte limit")


class Initiator:
    """The IK initiator: it knows the responder's static key in advance (pinned)."""

    def __init__(self, static_private: bytes, responder_static: bytes, prologue: bytes, *,
                 ephemeral_private: bytes | None = None) -> None:
        """`ephemeral_private` is for tests that compare bytes with another implementation;
        otherwise a fresh key is drawn for every handshake."""
        self._s = static_private
        self._rs = responder_static
        self._e = ephemeral_private if ephemeral_private is not None else generate_private()
        self._state = SymmetricState()
        self._state.mix_hash(prologue)
        self._state.mix_hash(responder_static)  # the pre-message `<- s`
        self._stage = 0

    def write_message_1(self, payload: bytes) -> bytes:
        """`-> e, es, s, ss` and the payload (encrypted, but not forward secret and replayable)."""
        if self._stage != 0:
            raise NoiseError("message 1 was written already")
        self._stage = 1
        state = self._state
        e_pub = public_key(self._e)
        state.mix_hash(e_pub)
        state.mix_key(dh(self._e, self._rs))
        encrypted_s = state.encrypt_and_hash(public_key(self._s))
        state.mix_key(dh(self._s, self._rs))
        message = e_pub + encrypted_s + state.encrypt_and_hash(payload)
        _check_length(message)
        return message

    def read_message_2(self, message: bytes) -> tuple[bytes, Session]:
        """`<- e, ee, se`: the responder's payload and the session. `NoiseError` if the
        message was not made by the holder of the pinned static key for this message 1."""
        if self._stage != 1:
            raise NoiseError("message 2 before message 1")
        message = bytes(message)
        _check_length(message)
        if len(message) < DHLEN + TAGLEN:
            raise NoiseError("message 2 is too short")
        self._stage = 2
        state = self._state
        re = message[:DHLEN]
        state.mix_hash(re)
        state.mix_key(dh(self._e, re))
        state.mix_key(dh(self._s, re))
        payload = state.decrypt_and_hash(message[DHLEN:])
        send, receive = state.split()
        return payload, Session(send, receive, state.h, self._rs)


class Responder:
    """The IK responder: it learns (and authenticates) the initiator's static key."""

    def __init__(self, static_private: bytes, prologue: bytes, *, ephemeral_private: bytes | None = None) -> None:
        self._s = static_private
        self._e = ephemeral_private if ephemeral_private is not None else generate_private()
        self._state = SymmetricState()
        self._state.mix_hash(prologue)
        self._state.mix_hash(public_key(static_private))
        self._re = b""
        self._rs = b""
        self._stage = 0

    @property
    def remote_static(self) -> bytes:
        """The initiator's static key, known once message 1 was read."""
        return self._rs

    def read_message_1(self, message: bytes) -> bytes:
        """The initiator's payload. `NoiseError` when the initiator did not address our
        static key (or the prologue differs), or the message was altered."""
        if self._stage != 0:
            raise NoiseError("message 1 was read already")
        message = bytes(message)
        _check_length(message)
        if len(message) < DHLEN + DHLEN + TAGLEN + TAGLEN:
            raise NoiseError("message 1 is too short")
        self._stage = 1
        state = self._state
        self._re = message[:DHLEN]
        state.mix_hash(self._re)
        state.mix_key(dh(self._s, self._re))
        encrypted_s = message[DHLEN:DHLEN + DHLEN + TAGLEN]
        self._rs = state.decrypt_and_hash(encrypted_s)
        state.mix_key(dh(self._s, self._rs))
        return state.decrypt_and_hash(message[DHLEN + DHLEN + TAGLEN:])

    def write_message_2(self, payload: bytes) -> tuple[bytes, Session]:
        if self._stage != 1:
            raise NoiseError("message 2 before message 1")
        self._stage = 2
        state = self._state
        e_pub = public_key(self._e)
        state.mix_hash(e_pub)
        state.mix_key(dh(self._e, self._re))
        state.mix_key(dh(self._e, self._rs))
        message = e_pub + state.encrypt_and_hash(payload)
        _check_length(message)
        receive, send = state.split()
        return message, Session(send, receive, state.h, self._rs)

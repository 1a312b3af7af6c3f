"""Who a player is at a table: an Ed25519 identity with a display name and a token colour.

The `Profile` value and what every part of the table needs of names and keys (clean names,
fingerprints, the colours on offer). Profiles are kept on disk by `p2p.store.profiles`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    # PyNaCl is imported where a key is made or read: the window's settings and headless
    # commands such as `simulate` import this module for the colours, and loading
    # libsodium cost them about 10 ms of a 100 ms start.
    from nacl.signing import SigningKey, VerifyKey

# The token colours a table offers, in the order new players get them.
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")

# Long enough for a real name, short enough to fit beside a seat on the board.
MAX_NAME = 24


def clean_name(name: str) -> str:
    """A display name with control characters removed and its length capped."""
    cleaned = "".join(ch for ch in name if ch.isprintable()).strip()
    return cleaned[:MAX_NAME] or "Player"


def fingerprint(public_key: bytes) -> str:
    """A short, human-comparable form of a public key (its first 8 bytes in hex)."""
    return public_key[:8].hex()


@dataclass(frozen=True)
class Profile:
    name: str
    colour: str
    signing_key: SigningKey

    @property
    def public_key(self) -> bytes:
        return bytes(self.signing_key.verify_key)

    @property
    def key_hex(self) -> str:
        return self.public_key.hex()

    def sign(self, data: bytes) -> bytes:
        return self.signing_key.sign(data).signature

    def with_name(self, name: str) -> Profile:
        return Profile(clean_name(name), self.colour, self.signing_key)


def verify_key(public_hex: str) -> VerifyKey:
    from nacl.signing import VerifyKey
    return VerifyKey(bytes.fromhex(public_hex))

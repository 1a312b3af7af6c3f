"""Commit-reveal chance: the host's chain of secrets and the seeds derived from them.

The host's secrets form a hash chain, fixed before anyone at the table contributed a byte:
`s_i = commitment(s_{i+1})` with `commitment(x) = SHA-256(TAG_COMMIT || x)`. The lobby
announces `commitment(s_0)`; record n reveals `s_n`, which opens the secret revealed before
it, and is itself the commitment to the next. So the host cannot pick a secret later, when
it knows what the next roll will be for. An action that needs chance gets the engine's
`Entropy(seed)` with
`seed = SHA-256(TAG_SEED || table id || seq (8 bytes, big-endian) || host secret || actor entropy)`.
A peer's entropy is fresh and its own. An action the host applies itself (its own seat, a
computer player, the clock) takes, while another person is connected, the contributions
those people send after the host declared the action (`contributed_entropy`); at a table
with nobody else it takes the start entropy (the hash of every player's Ready entropy).
Anyone holding the records can recompute every outcome.
"""
from __future__ import annotations

import hashlib
import hmac
import os

TAG_COMMIT = b"zemlevlasnyk/v2/commit\n"
TAG_SEEDED_CHAIN = b"zemlevlasnyk/v2/seeded-chain\n"
TAG_SEED = b"zemlevlasnyk/v2/seed\n"
TAG_START = b"zemlevlasnyk/v2/start-entropy\n"
TAG_CONTRIBUTED = b"zemlevlasnyk/v2/contributed-entropy\n"
SECRET_BYTES = 32
# Records one chain covers: a long game is a few thousand; making it takes ~60 ms. When it
# runs out the host starts a new chain (announced in the record that uses its last secret).
CHAIN_LENGTH = 1 << 16
# The actor's contribution: as much entropy as the host's secret.
ENTROPY_BYTES = 32


def new_entropy() -> bytes:
    return os.urandom(ENTROPY_BYTES)


def commitment(secret: bytes) -> str:
    return hashlib.sha256(TAG_COMMIT + secret).hexdigest()


class SecretChain:
    """The host's secrets, handed out in order: each opens the commitment before it."""

    def __init__(self, length: int = CHAIN_LENGTH, *, seed: bytes | None = None) -> None:
        # A seed makes the chain repeatable: only for tables with no peer to protect (a game
        # against the computer replayed from its seed); a networked table draws it at random.
        secret = (os.urandom(SECRET_BYTES) if seed is None
                  else hashlib.sha256(TAG_SEEDED_CHAIN + seed).digest()[:SECRET_BYTES])
        backwards = [secret]
        for _ in range(length - 1):
            secret = hashlib.sha256(TAG_COMMIT + secret).digest()
            backwards.append(secret)
        self._secrets = backwards[::-1]
        self._next = 0

    @property
    def anchor(self) -> str:
        """The commitment to the first secret (what the lobby, or a renewal, announces)."""
        return commitment(self._secrets[0])

    def take(self) -> bytes:
        secret = self._secrets[self._next]
        self._next += 1
        return secret

    @property
    def exhausted(self) -> bool:
        return self._next >= len(self._secrets)


def start_entropy(ready_entropies: list[bytes]) -> bytes:
    """The entropy of actions the host applies itself: every Ready's entropy, hashed."""
    return hashlib.sha256(TAG_START + b"".join(ready_entropies)).digest()


def contributed_entropy(entropies: list[bytes]) -> bytes:
    """The entropy of a declared action: the people's contributions, in seat order, hashed."""
    return hashlib.sha256(TAG_CONTRIBUTED + b"".join(entropies)).digest()


def opens(commit_hex: str, secret: bytes) -> bool:
    """Does `secret` open the commitment `commit_hex`?"""
    return hmac.compare_digest(commitment(secret), commit_hex)


def derive_seed(table: str, seq: int, secret: bytes, actor_entropy: bytes) -> bytes:
    return hashlib.sha256(TAG_SEED + bytes.fromhex(table) + seq.to_bytes(8, "big")
                          + secret + actor_entropy).digest()

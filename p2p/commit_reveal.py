"""Commit-reveal chance: the host's committed secrets and the seeds derived from them.

Every record commits to the host's next secret (`commit = SHA-256(TAG || secret)`) and
reveals the secret its predecessor committed to. An action that needs chance gets the
engine's `Entropy(seed)` with
`seed = SHA-256(TAG_SEED || table id || seq (8 bytes, big-endian) || host secret || actor entropy)`.
The host fixed its secret before the actor chose its entropy; the actor could not see the
secret; so neither side chooses the outcome, and anyone holding the records can recompute it.
"""
from __future__ import annotations

import hashlib
import hmac
import os

TAG_COMMIT = b"zemlevlasnyk/v1/commit\n"
TAG_SEED = b"zemlevlasnyk/v1/seed\n"
SECRET_BYTES = 32
# The actor's contribution: as much entropy as the host's secret.
ENTROPY_BYTES = 32


def new_secret() -> bytes:
    return os.urandom(SECRET_BYTES)


def new_entropy() -> bytes:
    return os.urandom(ENTROPY_BYTES)


def commitment(secret: bytes) -> str:
    return hashlib.sha256(TAG_COMMIT + secret).hexdigest()


def opens(commit_hex: str, secret: bytes) -> bool:
    """Does `secret` open the commitment `commit_hex`?"""
    return hmac.compare_digest(commitment(secret), commit_hex)


def derive_seed(table: str, seq: int, secret: bytes, actor_entropy: bytes) -> bytes:
    return hashlib.sha256(TAG_SEED + bytes.fromhex(table) + seq.to_bytes(8, "big")
                          + secret + actor_entropy).digest()

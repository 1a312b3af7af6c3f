"""The one canonical encoding of plain data: what is hashed or signed anywhere in the game."""
from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(obj: Any) -> bytes:
    """UTF-8 JSON with sorted keys and no insignificant white space.

    Only plain data is accepted (dict with str keys, list, str, int, bool, None); floats are
    refused because their text form is not stable across implementations.
    """
    return json.dumps(
        obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False,
        default=_refuse,
    ).encode("utf-8")


def _refuse(obj: Any) -> Any:
    raise TypeError(f"not plain data: {type(obj).__name__}")


def digest(obj: Any) -> str:
    """Hex SHA-256 of the canonical encoding."""
    return hashlib.sha256(canonical_json(obj)).hexdigest()

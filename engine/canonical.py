"""Plain data as JSON has it (`JSON`), and its one canonical encoding: what is hashed or
signed anywhere in the game."""
from __future__ import annotations

import hashlib
import json
from typing import NoReturn, TypeAlias

# What JSON text decodes to, floats left out: their text form is not stable across
# implementations, so neither the state, the rulesets nor the protocol has any. Read with
# `isinstance` where it comes in; what the game itself builds is typed by its own classes.
JSON: TypeAlias = "None | bool | int | str | list[JSON] | dict[str, JSON]"
JSONObject: TypeAlias = "dict[str, JSON]"


def canonical_json(obj: object) -> bytes:
    """UTF-8 JSON with sorted keys and no insignificant white space.

    Only plain data is accepted (dict with str keys, list or tuple, str, int, bool, None):
    anything else raises TypeError. Floats are encoded, not refused, so they must not get in:
    nothing the game builds has one, and the table's decoders refuse them.
    """
    return json.dumps(
        obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"), allow_nan=False,
        default=_refuse,
    ).encode("utf-8")


def _refuse(obj: object) -> NoReturn:
    raise TypeError(f"not plain data: {type(obj).__name__}")


def digest(obj: object) -> str:
    """Hex SHA-256 of the canonical encoding."""
    return hashlib.sha256(canonical_json(obj)).hexdigest()

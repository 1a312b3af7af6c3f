"""The game state a record stream has reached, as plain JSON, and its hash, kept up to date
with the least work: what the host and every peer do with the state once per record.

A record carries the diff from the previous state (`Game.to_json()`) to the new one and
the new state's hash, `H(canonical(state))` (the engine's `state_hash`). `StateTrack`
holds the last state and the canonical encoding of each of its top-level fields: after a
record only the fields its diff touched are encoded again (a move changes a handful of the
thirty-odd fields), and the state's bytes are those parts joined, byte for byte what
encoding the whole state gives (a test compares them over whole games). This relies on
the engine keeping each field's JSON type: two equal values of a field encode the same.

- The host (`advance`): the diff from the last state to its engine's new one, and the hash.
- A peer (`follow`): the record's diff applied to the last state must give exactly the
  state its own engine reached (a `ValueError` otherwise), and then the hash. The diff is
  applied without copying its values: the applied-to state is replaced by the engine's own
  right after the comparison, so nothing keeps them.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable

from zemlevlasnyk.engine import JSON, JSONObject
from zemlevlasnyk.p2p.core import wire
from zemlevlasnyk.p2p.core.diff import apply_diff, make_diff


class StateTrack:
    def __init__(self) -> None:
        self.state: JSON = None
        self.hash = ""
        self._parts: dict[str, bytes] = {}
        self._order: list[str] = []     # the parts' keys, sorted
        self._keys: frozenset[str] = frozenset()

    def advance(self, fresh: JSONObject) -> list[JSON]:
        """The host's side: the diff from the last state to `fresh` (its engine's new state,
        which this track keeps from now on: do not change it)."""
        old = self.state
        if not isinstance(old, dict) or old.keys() != self._keys or fresh.keys() != self._keys:
            diff = make_diff(old, fresh)
            self._take(fresh, diff)
            return diff
        diff = []
        touched = []
        for key in self._order:    # the same edits as `make_diff`, field by field
            a, b = old[key], fresh[key]
            if a != b or type(a) is not type(b):
                diff += make_diff(a, b, [key])
                touched.append(key)
        self._encode(fresh, touched)
        return diff

    def follow(self, fresh: JSONObject, diff: list[JSON]) -> None:
        """A peer's side: check that `diff` takes the last state to `fresh` (its own engine's
        new state, kept from now on); `ValueError` if it does not (the track is then spent)."""
        if apply_diff(self.state, diff, copy=False) != fresh:
            raise ValueError("the state diff disagrees with the rules")
        self._take(fresh, diff)

    def adopt(self, state: JSON, state_hash: str) -> None:
        """Stand where another track stands (a table taken over from a verified replica)."""
        self.state = state
        self.hash = state_hash
        self._parts = {}
        self._order = []
        self._keys = frozenset()

    def _take(self, fresh: JSONObject, diff: list[JSON]) -> None:
        """Keep `fresh`, which `diff` (checked) took the last state to."""
        touched = _fields(diff)
        if not self._parts or touched is None:
            self._parts = {}
            self._encode(fresh, fresh)
        else:
            self._encode(fresh, touched)

    def _encode(self, fresh: JSONObject, touched: Iterable[str]) -> None:
        """Encode the `touched` fields again (the others kept their values), and hash."""
        parts = self._parts
        for key in touched:
            if key in fresh:
                # `{key: value}` encoded is `{"key":value}`: its inside is the part.
                parts[key] = wire.canonical({key: fresh[key]})[1:-1]
            else:
                parts.pop(key, None)
        if parts.keys() != self._keys:
            self._keys = frozenset(parts)
            self._order = sorted(parts)
        self.state = fresh
        self.hash = hashlib.sha256(b"{" + b",".join([parts[key] for key in self._order]) + b"}").hexdigest()


def _fields(diff: list[JSON]) -> set[str] | None:
    """The top-level fields a (checked) diff edits; None when it replaces the whole state."""
    fields = set()
    for edit in diff:
        path = edit[0] if isinstance(edit, list) and edit else None
        if not isinstance(path, list) or not path or not isinstance(path[0], str):
            return None
        fields.add(path[0])
    return fields

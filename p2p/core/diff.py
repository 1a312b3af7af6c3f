"""State diffs: the change from one plain-JSON game state to the next, as a list of edits.

An edit is `[path, value]` (set the value at `path`) or `[path]` (delete the key at `path`);
a path is a list of object keys and list indices from the root. Lists whose length changed
are replaced whole. `make_diff(a, b)` followed by `apply_diff(a, diff)` gives exactly `b`;
`apply_diff` edits in place (a replica owns its state) and never trusts its input: a
malformed diff is a `ValueError`, after which the state must be thrown away.
"""
from __future__ import annotations

from zemlevlasnyk.engine import JSON

# A path of object keys and list indices (JSON itself, as an edit carries it).
Path = list[JSON]
# An edit: `[path, value]` or `[path]`; a diff as a record carries it is a list of them.
Edit = list[JSON]


def make_diff(old: JSON, new: JSON, path: Path | None = None) -> list[JSON]:
    """The edits from `old` to `new`, which sit at `path` (None: the root)."""
    edits: list[JSON] = []
    if old != new or type(old) is not type(new):
        _diff(old, new, [] if path is None else path, edits)
    return edits


def _diff(old: JSON, new: JSON, path: Path, edits: list[JSON]) -> None:
    # Called only where `old != new`, or where their types differ (an int and a bool can
    # be equal and still encode differently): most of a state stays as it was, and one
    # C-level comparison of each field settles that before any path is built.
    if type(old) is not type(new):
        edits.append([path, new])
    elif isinstance(old, dict):
        assert isinstance(new, dict)
        for key in sorted(old):
            if key not in new:
                edits.append([path + [key]])
        for key in sorted(new):
            if key not in old:
                edits.append([path + [key], new[key]])
            else:
                a, b = old[key], new[key]
                if a != b or type(a) is not type(b):
                    _diff(a, b, path + [key], edits)
    elif isinstance(old, list) and isinstance(new, list) and len(old) == len(new):
        for index, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b or type(a) is not type(b):
                _diff(a, b, path + [index], edits)
    else:
        edits.append([path, new])


def apply_diff(state: JSON, diff: JSON, *, copy: bool = True) -> JSON:
    """`state` with `diff` applied, edited in place (the root itself may be replaced).

    `copy` False puts the diff's own values into the state: for a state that is only
    compared and then dropped (`p2p.core.statetrack`), where copying would be wasted."""
    if not isinstance(diff, list):
        raise ValueError("a diff is a list of edits")
    result = state
    for edit in diff:
        if not isinstance(edit, list) or len(edit) not in (1, 2) or not isinstance(edit[0], list):
            raise ValueError(f"malformed edit {str(edit)[:80]}")
        path = edit[0]
        if not path:
            if len(edit) == 1:
                raise ValueError("cannot delete the whole state")
            result = _copy(edit[1]) if copy else edit[1]
            continue
        parent = result
        for step in path[:-1]:
            parent = _child(parent, step)
        last = path[-1]
        if len(edit) == 1:
            if not isinstance(parent, dict) or last not in parent:
                raise ValueError(f"cannot delete {path!r}")
            del parent[last]
        elif isinstance(parent, dict) and isinstance(last, str):
            parent[last] = _copy(edit[1]) if copy else edit[1]
        elif isinstance(parent, list) and (index := _index(last)) is not None and index < len(parent):
            parent[index] = _copy(edit[1]) if copy else edit[1]
        else:
            raise ValueError(f"cannot set {path!r}")
    return result


def _copy(value: JSON) -> JSON:
    """A copy of plain JSON data (several times faster than `copy.deepcopy` on it), so that
    the state never shares lists or objects with the record it came from."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _index(step: JSON) -> int | None:
    """`step` as a list index, if it is one."""
    return step if isinstance(step, int) and not isinstance(step, bool) and step >= 0 else None


def _child(node: JSON, step: JSON) -> JSON:
    if isinstance(node, dict) and isinstance(step, str) and step in node:
        return node[step]
    index = _index(step)
    if isinstance(node, list) and index is not None and index < len(node):
        return node[index]
    raise ValueError(f"no such path step {step!r}")

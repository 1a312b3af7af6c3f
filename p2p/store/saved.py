"""A saved game read back and verified, ready to be taken over (`p2p.core.handover`)."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from zemlevlasnyk.p2p.core.errors import CheatingHost
from zemlevlasnyk.p2p.core.handover import Chain, ResumeError, Watcher, replay
from zemlevlasnyk.p2p.store import savegame


@dataclass(frozen=True)
class Saved(Chain):
    """A saved game, read and verified: its file, its header, and its chain of records."""

    path: Path | None
    header: savegame.Header


def load_saved(path: Path, *, watch: Watcher | None = None) -> Saved:
    """The saved game at `path`, every record verified; `ResumeError` if it cannot be.
    `watch` follows the replay record by record (`p2p.core.handover.replay`)."""
    try:
        loaded = savegame.read(path)
    except savegame.SaveGameError as exc:
        raise ResumeError(exc.problem.value, exc.detail or str(path)) from None
    records = tuple(line.data for line in loaded.records)
    if not records:
        raise ResumeError("no_start", str(path))
    try:
        replica = replay(loaded.header.table, loaded.header.host, records, watch=watch)
    except CheatingHost as exc:
        raise ResumeError("bad_record", exc.message, cause=exc) from None
    return Saved(loaded.header.table, records, replica, path, loaded.header)



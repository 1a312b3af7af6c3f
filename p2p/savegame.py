"""Saved games: the file every peer and the host keep of a table's records (issue 8).

`<data>/games/<table>-<fingerprint>.zvl`, readable by its owner only, in a folder only its
owner can enter. One canonical JSON object per line:
- line 1, the header: {`t`:"game", `format`, `table`, `host` (the host's key at the start),
  `me` (our key), `preset`, `options`, `created` (Unix seconds)};
- then each record's wire line, as received, in order; each is appended, flushed and
  `fsync`ed before the next is taken, so a crash or a power cut can only tear the last line;
- evidence lines {`t`:"sent", `seq`, `act`}: our own signed actions the host left
  unanswered (docs/PROTOCOL.md, what a peer sees when the host misbehaves).
Opening a file again (a rejoin, a restart) cuts a torn last line off and continues it;
a record whose `seq` the file holds already is not written twice. `read` loads a file
without changing it (for `verify` and `games`), `list_games` and `prune_finished` keep the
folder tidy. Problems are `SaveGameError`s carrying a `Problem`; the words shown for them
live in the text catalogues.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, BinaryIO

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.identity import data_dir, fingerprint, private_folder

FORMAT = 2
SUFFIX = ".zvl"
GAMES_DIR = "games"
# Finished games older than this are pruned on request; unfinished ones never are (they
# are what a table resumes from).
PRUNE_AFTER_DAYS = 30

HEADER = "game"
SENT = "sent"
RECORD = "record"
END = "end"


class Problem(StrEnum):
    """What is wrong with a saved game (the catalogues say it in words)."""

    UNREADABLE = "unreadable"        # cannot be opened or read (missing, permissions, a folder)
    UNWRITABLE = "unwritable"        # cannot be created or written
    EMPTY = "empty"                  # no complete header line
    NOT_A_GAME = "not_a_game"        # the first line is not a saved-game header
    FORMAT = "format"                # a format this build does not read
    CORRUPT = "corrupt"              # a complete line that is not one of ours
    OUT_OF_ORDER = "out_of_order"    # records not numbered 0, 1, 2, ...
    OTHER_GAME = "other_game"        # the file belongs to another table or another player


class SaveGameError(Exception):
    def __init__(self, problem: Problem, path: Path, *, line: int | None = None, detail: str = "",
                 os_error: OSError | None = None) -> None:
        where = f"{path}" + (f", line {line}" if line is not None else "")
        super().__init__(f"{problem.value}: {where}: {detail}" if detail else f"{problem.value}: {where}")
        self.problem = problem
        self.path = path
        self.line = line
        self.detail = detail
        # The system's refusal, kept so a window or command can say why in its own language.
        self.os_error = os_error


def _refused(problem: Problem, path: Path, exc: OSError) -> SaveGameError:
    """The system refused a file operation: its reason kept for the player's words."""
    return SaveGameError(problem, path, detail=exc.strerror or type(exc).__name__, os_error=exc)


@dataclass(frozen=True)
class Header:
    table: str
    host: str
    me: str
    preset: str
    options: dict[str, Any] = field(default_factory=dict)
    created: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"t": HEADER, "format": FORMAT, "table": self.table, "host": self.host, "me": self.me,
                "preset": self.preset, "options": self.options, "created": self.created}

    @classmethod
    def from_json(cls, obj: Any, path: Path) -> Header:
        if not isinstance(obj, dict) or obj.get("t") != HEADER:
            raise SaveGameError(Problem.NOT_A_GAME, path, line=1)
        if obj.get("format") != FORMAT:
            raise SaveGameError(Problem.FORMAT, path, line=1, detail=str(obj.get("format"))[:20])
        try:
            header = cls(table=obj["table"], host=obj["host"], me=obj["me"], preset=obj["preset"],
                         options=obj["options"], created=obj["created"])
        except KeyError as exc:
            raise SaveGameError(Problem.NOT_A_GAME, path, line=1, detail=f"no {exc}") from None
        if not (all(isinstance(v, str) for v in (header.table, header.host, header.me, header.preset))
                and isinstance(header.options, dict) and isinstance(header.created, int)
                and not isinstance(header.created, bool)):
            raise SaveGameError(Problem.NOT_A_GAME, path, line=1, detail="a header field has the wrong type")
        return header


@dataclass(frozen=True)
class Line:
    """One line after the header: a record (with its `seq` and `kind`) or an evidence line."""

    number: int          # 1-based line number in the file
    data: bytes          # the line as stored, without its newline
    seq: int
    kind: str            # the record's kind, or SENT


@dataclass(frozen=True)
class Loaded:
    header: Header
    records: tuple[Line, ...]
    sent: tuple[Line, ...]
    torn: bool           # the last line was cut short (and is not in `records`)
    size: int            # bytes in the file

    @property
    def last_seq(self) -> int:
        return self.records[-1].seq if self.records else -1

    @property
    def finished(self) -> bool:
        """Ends with the signed end record (after which nothing may follow)."""
        return bool(self.records) and self.records[-1].kind == END


def _record_fields(obj: dict[str, Any]) -> tuple[Any, Any]:
    """(seq, kind) of a record line: the v2 wire form {"body", "sig", "t": "record"}."""
    body = obj.get("body")
    if obj.get("t") != RECORD or not isinstance(body, dict):
        return None, None
    return body.get("seq"), body.get("kind")


def _parse_line(number: int, data: bytes, path: Path) -> Line:
    try:
        obj = json.loads(data)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveGameError(Problem.CORRUPT, path, line=number, detail="not JSON") from None
    if not isinstance(obj, dict):
        raise SaveGameError(Problem.CORRUPT, path, line=number, detail="not an object")
    if obj.get("t") == SENT:
        seq, kind = obj.get("seq"), SENT
    else:
        seq, kind = _record_fields(obj)
    if not isinstance(seq, int) or isinstance(seq, bool) or not isinstance(kind, str):
        raise SaveGameError(Problem.CORRUPT, path, line=number, detail="neither a record nor evidence")
    return Line(number, data, seq, kind)


def read(path: Path) -> Loaded:
    """The saved game at `path`, checked line by line for shape and order (not for
    signatures: that is `verify`'s job). Changes nothing; a torn last line is reported."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise _refused(Problem.UNREADABLE, path, exc) from None
    return _parse(raw, path)


def _parse(raw: bytes, path: Path) -> Loaded:
    lines = raw.split(b"\n")
    torn = lines[-1] != b""
    complete = lines[:-1]
    if not complete:
        raise SaveGameError(Problem.EMPTY, path)
    try:
        header_obj = json.loads(complete[0])
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveGameError(Problem.NOT_A_GAME, path, line=1) from None
    header = Header.from_json(header_obj, path)
    records: list[Line] = []
    sent: list[Line] = []
    for number, data in enumerate(complete[1:], start=2):
        line = _parse_line(number, data, path)
        if line.kind == SENT:
            sent.append(line)
            continue
        expected = records[-1].seq + 1 if records else 0
        if line.seq != expected or (records and records[-1].kind == END):
            raise SaveGameError(Problem.OUT_OF_ORDER, path, line=number,
                                detail=f"record {line.seq} where {expected} belongs")
        records.append(line)
    return Loaded(header, tuple(records), tuple(sent), torn, len(raw))


def header_for(start: bytes, *, table: str, host: str, me: str, created: int | None = None) -> Header:
    """The header of a saved game whose first record is `start` (its wire line, as it came:
    the preset and options are read from it unverified; `verify` checks they agree)."""
    try:
        setup = json.loads(start)["body"]["setup"]
        preset, options = str(setup["preset"]), setup["options"]
    except (ValueError, KeyError, TypeError):
        preset, options = "", {}
    return Header(table=table, host=host, me=me, preset=preset, options=options if isinstance(options, dict) else {},
                  created=int(time.time()) if created is None else created)


def game_path(folder: Path, table: str, me: bytes) -> Path:
    return folder / f"{table}-{fingerprint(me)}{SUFFIX}"


def default_path(table: str, me: bytes) -> Path:
    """Where a table's saved game goes by default (the games folder is made, private, when
    the first record is written: nothing is created before a game starts)."""
    return game_path(data_dir() / GAMES_DIR, table, me)


def games_folder(data: Path | None = None) -> Path:
    """`<data>/games`, created private (0700) if missing."""
    try:
        return private_folder(GAMES_DIR, folder=data)
    except OSError as exc:
        where = (data or Path(".")) / GAMES_DIR
        raise _refused(Problem.UNWRITABLE, where, exc) from None


class SaveGame:
    """An open saved game being written: `append(seq, line)` per record, in order."""

    def __init__(self, path: Path, handle: BinaryIO, loaded: Loaded) -> None:
        self.path = path
        self._handle = handle
        self.header = loaded.header
        self.last_seq = loaded.last_seq
        self.finished = loaded.finished

    @classmethod
    def open(cls, path: Path, header: Header) -> SaveGame:
        """Create the file with `header`, or continue it: a torn last line is cut off, and
        a file of another table or another player is refused (`OTHER_GAME`)."""
        if path.parent == data_dir() / GAMES_DIR:
            games_folder()  # the standard place is made on first use; any other folder must exist
        try:
            raw = path.read_bytes() if path.exists() else b""
            if b"\n" in raw:
                loaded = _parse(raw, path)
                if (loaded.header.table, loaded.header.me) != (header.table, header.me):
                    raise SaveGameError(Problem.OTHER_GAME, path)
                existing = open(path, "r+b")  # noqa: SIM115 (kept open while the game goes on)
                os.chmod(path, 0o600)
                if loaded.torn:
                    existing.truncate(raw.rindex(b"\n") + 1)
                    _sync(existing)
                existing.seek(0, os.SEEK_END)
                return cls(path, existing, loaded)
            # New, or cut before its header was complete: (re)start it.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            fresh = os.fdopen(fd, "wb")
            first = canonical_json(header.to_json()) + b"\n"
            fresh.write(first)
            _sync(fresh)
            _sync_folder(path.parent)
            return cls(path, fresh, Loaded(header, (), (), False, len(first)))
        except OSError as exc:
            raise _refused(Problem.UNWRITABLE, path, exc) from None

    def append(self, seq: int, line: bytes) -> bool:
        """Write record `seq` (its wire line, without newline) durably; False when the file
        holds it already (a catch-up after a rejoin). Records must come in order."""
        if seq <= self.last_seq:
            return False
        if seq != self.last_seq + 1 or self.finished:
            raise SaveGameError(Problem.OUT_OF_ORDER, self.path, detail=f"record {seq} after {self.last_seq}")
        self._write(line)
        self.last_seq = seq
        return True

    def mark_finished(self) -> None:
        """The end record was appended (the caller knows its kind; nothing follows it)."""
        self.finished = True

    def sent(self, seq: int, envelope: dict[str, Any]) -> None:
        """Keep our signed action for record `seq`, which the host did not answer."""
        self._write(canonical_json({"t": SENT, "seq": seq, "act": envelope}))

    def _write(self, line: bytes) -> None:
        if b"\n" in line:
            raise ValueError("a saved-game line cannot contain a newline")
        try:
            self._handle.write(line + b"\n")
            _sync(self._handle)
        except OSError as exc:
            raise _refused(Problem.UNWRITABLE, self.path, exc) from None

    def close(self) -> None:
        self._handle.close()

    def __enter__(self) -> SaveGame:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _sync(handle: BinaryIO) -> None:
    handle.flush()
    os.fsync(handle.fileno())


def _sync_folder(folder: Path) -> None:
    """Make a new file's name durable too (POSIX; where folders cannot be opened, skip)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclass(frozen=True)
class GameFile:
    path: Path
    header: Header | None        # None when the file could not be read
    records: int
    size: int
    modified: float
    finished: bool
    players: tuple[str, ...] = ()
    problem: SaveGameError | None = None


def _player_names(loaded: Loaded) -> tuple[str, ...]:
    """The names seated by the start record, as it says (unverified: for listing only)."""
    if not loaded.records:
        return ()
    try:
        players = json.loads(loaded.records[0].data)["body"]["setup"]["players"]
        return tuple(str(p["name"]) for p in players)
    except (ValueError, KeyError, TypeError):
        return ()


def list_games(folder: Path) -> list[GameFile]:
    """Every saved game in `folder`, newest first; unreadable ones carry their problem."""
    found: list[GameFile] = []
    try:
        paths = sorted(folder.glob(f"*{SUFFIX}"))
    except OSError:
        return []
    for path in paths:
        try:
            stat = path.stat()
        except OSError:
            continue
        try:
            loaded = read(path)
        except SaveGameError as exc:
            found.append(GameFile(path, None, 0, stat.st_size, stat.st_mtime, False, problem=exc))
            continue
        found.append(GameFile(path, loaded.header, len(loaded.records), loaded.size, stat.st_mtime,
                              loaded.finished, _player_names(loaded)))
    found.sort(key=lambda g: g.modified, reverse=True)
    return found


def games_of(folder: Path, me: bytes, *, finished: bool = False) -> list[GameFile]:
    """The saved games of the profile `me` in `folder` (told by their file names), newest
    first: unreadable ones too; finished ones only when asked."""
    suffix = f"-{fingerprint(me)}{SUFFIX}"
    return [g for g in list_games(folder) if g.path.name.endswith(suffix) and (finished or not g.finished)]


def prune_finished(folder: Path, *, days: int = PRUNE_AFTER_DAYS, now: float | None = None) -> list[GameFile]:
    """Delete finished games not touched for `days`; the ones deleted."""
    cutoff = (time.time() if now is None else now) - days * 86400
    pruned = []
    for game in list_games(folder):
        if game.finished and game.modified < cutoff:
            try:
                game.path.unlink()
            except OSError as exc:
                raise _refused(Problem.UNWRITABLE, game.path, exc) from None
            pruned.append(game)
    return pruned

"""Saved games: the file every peer and the host keep of a table's records (issue 8).

`<data>/games/<table>-<fingerprint>.zvl`, readable by its owner only, in a folder only its
owner can enter. One canonical JSON object per line:
- line 1, the header: {`t`:"game", `format`, `table`, `host` (the host's key at the start),
  `me` (our key), `preset`, `options`, `created` (Unix seconds)};
- then each record's wire line, as received, in order; each is appended, flushed and
  `fsync`ed before the next is taken, so a crash or a power cut can only tear the last line;
  a line the system refuses (a full disk) is cut off again, and nothing more is written
  (`SaveGame.broken`): the file stays whole up to its last record while the game goes on;
- evidence lines {`t`:"sent", `seq`, `act`}: our own signed actions the host left
  unanswered (docs/PROTOCOL.md, what a peer sees when the host misbehaves).
Opening a file again (a rejoin, a restart) cuts a torn last line off and continues it;
a record whose `seq` the file holds already is not written twice. `read` loads a file
without changing it (for `verify` and `games`), `list_games` and `prune_finished` keep the
folder tidy. Problems are `SaveGameError`s carrying a `Problem`; the words shown for them
live in the text catalogues.
"""
from __future__ import annotations

import contextlib
import errno
import json
import os
import sys
import time
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import BinaryIO

from zemlevlasnyk.engine import JSON, JSONObject, OptionValue, Outcome, canonical_json
from zemlevlasnyk.p2p.core.bodies import EndBody, Record, RecordKind, StartBody
from zemlevlasnyk.p2p.core.errors import ProtocolError
from zemlevlasnyk.p2p.core.identity import fingerprint
from zemlevlasnyk.p2p.core.messages import Act
from zemlevlasnyk.p2p.core.names import printable
from zemlevlasnyk.p2p.core.records import read_body, split_record
from zemlevlasnyk.p2p.store.profiles import data_dir, private_folder

FORMAT = 2
# A table id and a key as a header writes them: lowercase hex (8 and 32 bytes).
TABLE_ID_DIGITS = 16
KEY_DIGITS = 64
SUFFIX = ".zvl"
GAMES_DIR = "games"
# Finished games older than this are pruned on request; unfinished ones never are (they
# are what a table resumes from).
PRUNE_AFTER_DAYS = 30

HEADER = "game"
SENT = "sent"
RECORD = "record"


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
    IN_USE = "in_use"                # another window or process is writing it (`exclusive`)


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
    options: dict[str, OptionValue] = field(default_factory=dict)
    created: int = 0
    # A game against the computer started from a seed (`play --seed`): the seed, which its
    # secret chain and computer players are made from again to play it on. Written only
    # when there is one, so every other header is the same bytes as before.
    seed: int | None = None

    def to_json(self) -> JSONObject:
        obj: JSONObject = {"t": HEADER, "format": FORMAT, "table": self.table, "host": self.host, "me": self.me,
                           "preset": self.preset, "options": dict(self.options), "created": self.created}
        if self.seed is not None:
            obj["seed"] = self.seed
        return obj

    @classmethod
    def from_json(cls, obj: JSON, path: Path) -> Header:
        if not isinstance(obj, dict) or obj.get("t") != HEADER:
            raise SaveGameError(Problem.NOT_A_GAME, path, line=1)
        if obj.get("format") != FORMAT:
            raise SaveGameError(Problem.FORMAT, path, line=1, detail=str(obj.get("format"))[:20])
        missing = [name for name in ("table", "host", "me", "preset", "options", "created") if name not in obj]
        if missing:
            raise SaveGameError(Problem.NOT_A_GAME, path, line=1, detail=f"no {missing[0]!r}")
        table, host, me, preset, options, created, seed = (obj["table"], obj["host"], obj["me"], obj["preset"],
                                                           obj["options"], obj["created"], obj.get("seed"))
        if not (isinstance(table, str) and isinstance(host, str) and isinstance(me, str) and isinstance(preset, str)
                and isinstance(options, dict) and all(isinstance(v, bool | int | str) for v in options.values())
                and _whole(created) and (seed is None or _whole(seed))):
            raise SaveGameError(Problem.NOT_A_GAME, path, line=1, detail="a header field has the wrong type")
        assert isinstance(created, int) and (seed is None or isinstance(seed, int))
        # The ids and keys are printed by `verify` and `games`: hex as every table writes
        # them, or the file is not one of ours (a terminal's escape cannot hide in them).
        if not (_hex(table, TABLE_ID_DIGITS) and _hex(host, KEY_DIGITS) and _hex(me, KEY_DIGITS)
                and printable(preset) == preset):
            raise SaveGameError(Problem.NOT_A_GAME, path, line=1, detail="a header id or key is not hex")
        return cls(table=table, host=host, me=me, preset=preset, created=created, seed=seed,
                   options={k: v for k, v in options.items() if isinstance(v, bool | int | str)})


def _hex(value: str, digits: int) -> bool:
    return len(value) == digits and all(ch in "0123456789abcdef" for ch in value)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Line:
    """One line after the header: a record (with its `seq` and `kind`) or an evidence line."""

    number: int          # 1-based line number in the file
    data: bytes          # the line as stored, without its newline
    seq: int
    kind: RecordKind | None  # the record's kind; None for an evidence line


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
        return bool(self.records) and self.records[-1].kind is RecordKind.END


def _record_fields(obj: JSONObject) -> tuple[JSON, RecordKind | None]:
    """(seq, kind) of a record line: the v2 wire form {"body", "sig", "t": "record"}."""
    body = obj.get("body")
    if obj.get("t") != RECORD or not isinstance(body, dict):
        return None, None
    kind = body.get("kind")
    return body.get("seq"), RecordKind(kind) if isinstance(kind, str) and kind in tuple(RecordKind) else None


def _parse_line(number: int, data: bytes, path: Path) -> Line:
    try:
        obj = json.loads(data)
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise SaveGameError(Problem.CORRUPT, path, line=number, detail="not JSON") from None
    if not isinstance(obj, dict):
        raise SaveGameError(Problem.CORRUPT, path, line=number, detail="not an object")
    evidence = obj.get("t") == SENT
    seq, kind = (obj.get("seq"), None) if evidence else _record_fields(obj)
    if not isinstance(seq, int) or isinstance(seq, bool) or (kind is None and not evidence):
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
        if line.kind is None:
            sent.append(line)
            continue
        expected = records[-1].seq + 1 if records else 0
        if line.seq != expected or (records and records[-1].kind is RecordKind.END):
            raise SaveGameError(Problem.OUT_OF_ORDER, path, line=number,
                                detail=f"record {line.seq} where {expected} belongs")
        records.append(line)
    return Loaded(header, tuple(records), tuple(sent), torn, len(raw))


def header_for(start: bytes, *, table: str, host: str, me: str, created: int | None = None,
               seed: int | None = None) -> Header:
    """The header of a saved game whose first record is `start` (its wire line, as it came:
    the preset and options are read from it unverified; `verify` checks they agree);
    `seed`: a game against the computer's seed, if it was started from one."""
    first = _body(start)
    preset, options = (first.setup.preset, first.setup.options) if isinstance(first, StartBody) else ("", {})
    return Header(table=table, host=host, me=me, preset=preset, options=dict(options),
                  created=int(time.time()) if created is None else created, seed=seed)


def _body(line: bytes) -> Record | None:
    """A record's body, read from its wire line unverified (None: it is not a record)."""
    try:
        return read_body(split_record(line)[0])
    except (ValueError, ProtocolError):
        return None


def game_path(folder: Path, table: str, me: bytes) -> Path:
    return folder / f"{table}-{fingerprint(me)}{SUFFIX}"


def fresh_path(folder: Path, table: str, me: bytes) -> Path:
    """Where a new game of `table` goes in `folder`: its usual name, or, when a file holds
    that already (a game against the computer started again from the same seed, whose
    table id the seed makes), the same name with the first free number after the table id."""
    path = game_path(folder, table, me)
    n = 1
    while path.exists() or path.is_symlink():
        n += 1
        path = folder / f"{table}-{n}-{fingerprint(me)}{SUFFIX}"
    return path


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

    def __init__(self, path: Path, handle: BinaryIO, loaded: Loaded, size: int) -> None:
        self.path = path
        self._handle = handle
        self.header = loaded.header
        self.last_seq = loaded.last_seq
        self.finished = loaded.finished
        self._size = size    # bytes of whole lines: where a failed write is cut back to
        # The first write the system refused (a full disk): the file ends at its last whole
        # line, and nothing more is written to it (a later line would leave a gap).
        self.broken: SaveGameError | None = None

    @classmethod
    def open(cls, path: Path, header: Header, *, exclusive: bool = False) -> SaveGame:
        """Create the file with `header`, or continue it: a torn last line is cut off, and
        a file of another table or another player is refused (`OTHER_GAME`). `exclusive`: no
        other writer may hold it meanwhile (`IN_USE`; a game against the computer, which two
        windows could otherwise both play on, each writing its own next record); the lock
        goes with the file's closing, or its process's end, however it ends."""
        if path.parent == data_dir() / GAMES_DIR:
            games_folder()  # the standard place is made on first use; any other folder must exist
        try:
            raw = path.read_bytes() if path.exists() else b""
            if b"\n" in raw:
                loaded = _parse(raw, path)
                if (loaded.header.table, loaded.header.me) != (header.table, header.me):
                    raise SaveGameError(Problem.OTHER_GAME, path)
                # Unbuffered: a write the system refuses leaves no bytes behind in a buffer
                # for a later write or the close to flush after the line was given up.
                existing = open(path, "r+b", buffering=0)  # noqa: SIM115 (kept open while the game goes on)
                if exclusive:
                    _lock(existing, path)
                    raw = path.read_bytes()   # as it stands now that nobody else writes it
                    loaded = _parse(raw, path)
                os.chmod(path, 0o600)
                if loaded.torn:
                    existing.truncate(raw.rindex(b"\n") + 1)
                    _sync(existing)
                return cls(path, existing, loaded, existing.seek(0, os.SEEK_END))
            # New, or cut before its header was complete: (re)start it.
            fd = os.open(path, os.O_WRONLY | os.O_CREAT, 0o600)
            fresh = os.fdopen(fd, "wb", buffering=0)
            if exclusive:
                _lock(fresh, path)
            fresh.truncate(0)
            first = canonical_json(header.to_json()) + b"\n"
            try:
                _write_all(fresh, first)
                _sync(fresh)
            except OSError:
                _close_quietly(fresh)
                raise
            _sync_folder(path.parent)
            return cls(path, fresh, Loaded(header, (), (), False, len(first)), len(first))
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

    def sent(self, seq: int, act: Act) -> None:
        """Keep our signed action for record `seq`, which the host did not answer."""
        self._write(canonical_json({"t": SENT, "seq": seq, "act": act.to_json()}))

    def _write(self, line: bytes) -> None:
        """Append one line durably, or leave the file as it was: a line the system refuses
        (a full disk) is cut off again, so the file stays whole up to its last record."""
        if b"\n" in line:
            raise ValueError("a saved-game line cannot contain a newline")
        if self.broken is not None:
            raise self.broken
        data = line + b"\n"
        try:
            _write_all(self._handle, data)
            _sync(self._handle)
        except OSError as exc:
            self.broken = _refused(Problem.UNWRITABLE, self.path, exc)
            # Shrinking a file needs no space; if even that fails, the torn line is what
            # a crash would leave, and opening the file again cuts it off.
            with contextlib.suppress(OSError):
                self._handle.truncate(self._size)
                self._handle.seek(self._size)
            raise self.broken from None
        self._size += len(data)

    def close(self) -> None:
        """Close the file; never fails (nothing is left unwritten in a buffer to flush)."""
        _close_quietly(self._handle)

    def __enter__(self) -> SaveGame:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _lock(handle: BinaryIO, path: Path) -> None:
    """Hold the file alone (an advisory lock: our writers take it); `IN_USE` if another
    holds it. Where the system has no such locks (Windows), nothing is held."""
    if sys.platform == "win32":
        return
    import fcntl
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise SaveGameError(Problem.IN_USE, path) from None


def _write_all(handle: BinaryIO, data: bytes) -> None:
    """Write `data` to an unbuffered file, which may take less than all of it at a time."""
    view = memoryview(data)
    while view:
        written = handle.write(view)
        if not written:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        view = view[written:]


def _close_quietly(handle: BinaryIO) -> None:
    with contextlib.suppress(OSError):
        handle.close()


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
class Seated:
    """A player as a saved game's start record seats them (unverified: for listing only)."""

    name: str
    bot: str | None       # a computer player's level; None: a person
    key: str


@dataclass(frozen=True)
class GameFile:
    path: Path
    header: Header | None        # None when the file could not be read
    records: int
    size: int
    modified: float
    finished: bool
    players: tuple[Seated, ...] = ()
    problem: SaveGameError | None = None
    outcome: Outcome | None = None       # a finished game's, as its end record says

    @property
    def solo(self) -> bool:
        """A game against the computer of the player who keeps it: every seat is theirs or
        a computer player's they seated (as `p2p.core.solo.is_solo` tells a verified one)."""
        header = self.header
        return (header is not None and header.me == header.host and any(p.bot is not None for p in self.players)
                and all(p.key == header.me for p in self.players))


def _players(loaded: Loaded) -> tuple[Seated, ...]:
    """The players seated by the start record, as it says."""
    first = _body(loaded.records[0].data) if loaded.records else None
    if not isinstance(first, StartBody):
        return ()
    # Unverified, for a list: every text cleaned (a signed name may hold a terminal's
    # escape; `verify` refuses such a game, a list only shows it harmlessly).
    return tuple(Seated(printable(p.name), None if p.bot is None else printable(p.bot), p.key)
                 for p in first.setup.players)


def _outcome(loaded: Loaded) -> Outcome | None:
    """The outcome the end record names, as it says (unverified: for listing only)."""
    last = _body(loaded.records[-1].data) if loaded.finished else None
    return Outcome(last.winner, last.draw) if isinstance(last, EndBody) else None


def list_games(folder: Path) -> list[GameFile]:
    """Every saved game in `folder`, newest first; unreadable ones carry their problem."""
    found: list[GameFile] = []
    try:
        paths = sorted(folder.glob(f"*{SUFFIX}"))
    except OSError:
        return []
    for path in paths:
        game = game_file(path)
        if game is not None:
            found.append(game)
    found.sort(key=lambda g: g.modified, reverse=True)
    return found


def game_file(path: Path) -> GameFile | None:
    """The saved game at `path` as a list shows it (an unreadable one with its problem);
    None when nothing is there."""
    try:
        stat = path.stat()
    except OSError:
        return None
    try:
        loaded = read(path)
    except SaveGameError as exc:
        return GameFile(path, None, 0, stat.st_size, stat.st_mtime, False, problem=exc)
    return GameFile(path, loaded.header, len(loaded.records), loaded.size, stat.st_mtime, loaded.finished,
                    _players(loaded), outcome=_outcome(loaded))


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

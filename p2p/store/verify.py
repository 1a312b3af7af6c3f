"""Offline verification of a saved game: everything a peer checks, from the file alone.

`verify_game(path)` reads the saved game (p2p/store/savegame.py) and feeds its records, in order,
to a fresh `Replica`, the same code every live peer runs, in its strict mode: every
signature, the chain, every commitment and reveal, the signed times, and every action
replayed through the engine. Only canonical encodings pass (a record line is sliced,
never re-encoded, and its body must be its canonical encoding; the header and evidence
lines must be exactly their canonical encoding). A game is **complete** only when it ends with the signed end
record: a file cut short, even at a record boundary, is reported, never passed as a whole
game. Evidence lines (our unanswered actions) must carry our own valid signature.
The result is a `Verdict`; nothing here prints or exits. `each`, when given, is handed every
record as it verifies, with the replica standing after it (a replay keeps them:
`p2p.core.rewind`), so a game is read and checked once.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from zemlevlasnyk.engine import Outcome, canonical_json
from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.core.bodies import Player, StartBody
from zemlevlasnyk.p2p.core.errors import CheatingHost, Explained, ProtocolError
from zemlevlasnyk.p2p.core.records import Replica, Verified
from zemlevlasnyk.p2p.store.savegame import Header, Line, SaveGameError, read


class Failure(StrEnum):
    """Why a saved game does not verify (the catalogues say it in words)."""

    FILE = "file"                    # the file itself: unreadable, damaged, out of order (see `problem`)
    NOT_CANONICAL = "not_canonical"  # a line is not its canonical encoding
    BAD_HEADER = "bad_header"        # the header disagrees with the start record
    BAD_RECORD = "bad_record"        # a record fails verification (see `seq`, `why`)
    BAD_EVIDENCE = "bad_evidence"    # an evidence line is not our signed action
    NO_START = "no_start"            # not a single record
    TORN = "torn"                    # the last line was cut short
    UNFINISHED = "unfinished"        # every record verifies, but no end record


@dataclass(frozen=True)
class Verdict:
    path: Path
    failure: Failure | None = None
    line: int | None = None
    seq: int | None = None
    why: str = ""                     # in English, for logs and tests
    cause: Explained | None = None    # a bad record's or evidence line's problem, with words for a person
    problem: SaveGameError | None = None
    table: str = ""
    host: str = ""
    records: int = 0                  # records verified
    players: tuple[Player, ...] = ()
    turns: int = 0
    outcome: Outcome | None = None
    evidence: int = 0                 # evidence lines, each checked

    @property
    def ok(self) -> bool:
        return self.failure is None


def verify_game(path: Path, *, each: Callable[[Verified, Replica], None] | None = None) -> Verdict:
    try:
        loaded = read(path)
    except SaveGameError as exc:
        return Verdict(path, Failure.FILE, line=exc.line, problem=exc)
    header_line = path.read_bytes().split(b"\n", 1)[0] if loaded.size else b""
    if canonical_json(json.loads(header_line)) != header_line:
        return Verdict(path, Failure.NOT_CANONICAL, line=1)
    header = loaded.header
    # The live peers' own code, strict: a body the host signed in a non-canonical encoding
    # (spaces, key order, a duplicate key) passes a live peer's check but not this one.
    replica = Replica(table=header.table, host_key=header.host, strict=True)
    for line in loaded.records:
        try:
            verified = replica.accept(line.data)
        except CheatingHost as exc:
            return _so_far(path, replica, header, Failure.BAD_RECORD, line=line.number, seq=line.seq, why=exc.message,
                           cause=exc)
        if each is not None:
            each(verified, replica)
        if isinstance(verified.body, StartBody):
            setup = verified.body.setup
            if setup.preset != header.preset or setup.options != header.options:
                return _so_far(path, replica, header, Failure.BAD_HEADER, line=1, why="preset or options")
    for line in loaded.sent:
        problem = _evidence_problem(line, header.table, header.me)
        if problem is not None:
            return _so_far(path, replica, header, Failure.BAD_EVIDENCE, line=line.number, why=problem.message,
                           cause=problem)
    if not loaded.records:
        return Verdict(path, Failure.NO_START, table=header.table, host=header.host)
    if loaded.torn:
        return _so_far(path, replica, header, Failure.TORN, evidence=len(loaded.sent))
    if not replica.ended:
        return _so_far(path, replica, header, Failure.UNFINISHED, evidence=len(loaded.sent))
    return _so_far(path, replica, header, None, evidence=len(loaded.sent))


def _so_far(path: Path, replica: Replica, header: Header, failure: Failure | None, *, line: int | None = None,
            seq: int | None = None, why: str = "", cause: Explained | None = None, evidence: int = 0) -> Verdict:
    game = replica.game
    return Verdict(path, failure, line=line, seq=seq, why=why, cause=cause, table=header.table, host=header.host,
                   evidence=evidence, records=replica.seq + 1, players=replica.players,
                   turns=game.turn if game is not None else 0,
                   outcome=game.outcome() if game is not None else None)


def _evidence_problem(line: Line, table: str, me: str) -> Explained | None:
    """Why an evidence line is not our own signed action for its record (None if it is)."""
    def bad(why: str, reason: str) -> Explained:
        return Explained(why, reason=f"evidence_{reason}")

    try:
        obj = json.loads(line.data)
        if canonical_json(obj) != line.data:
            return bad("not canonical", "malformed")
        if not isinstance(obj, dict) or set(obj) != {"t", "seq", "act"}:
            return bad("wrong fields", "malformed")
        act = messages.parse_act(obj["act"])
    except (ValueError, TypeError, ProtocolError) as exc:
        return bad(f"malformed ({str(exc)[:80]})", "malformed")
    if act.table != table or act.seq != obj["seq"]:
        return bad("made for another table or record", "elsewhere")
    if not messages.signed_by(act, me):
        return bad("not signed by this file's player", "not_ours")
    return None

"""`zemlevlasnyk verify` (p2p/store/verify.py, ui/cli/verify.py): a whole saved game verifies OK
with its summary; any change, a cut, a torn line, a non-canonical encoding, a forged piece
of evidence, or a game without its signed end is reported with the first bad line, exit 1."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.p2p import body, finished_game_records, profile

from zemlevlasnyk.engine import Roll, canonical_json
from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.store.savegame import Header, SaveGame
from zemlevlasnyk.p2p.store.verify import Failure, verify_game
from zemlevlasnyk.ui.cli import main

TABLE = "00112233aabbccdd"


@pytest.fixture(scope="module")
def records() -> list[bytes]:
    """The records of a whole game (two people, the host's bots, clock off)."""
    return finished_game_records(TABLE)


def _header(records: list[bytes]) -> Header:
    setup = body(records[0])["setup"]
    return Header(table=TABLE, host=profile(0).key_hex, me=profile(1).key_hex, preset=setup["preset"],
                  options=setup["options"], created=1_700_000_000)


def _save(path: Path, records: list[bytes], *, header: Header | None = None) -> Path:
    """The saved game as SaveGame writes it, in one write (SaveGame syncs every line)."""
    lines = [canonical_json((header or _header(records)).to_json()), *records]
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return path


def test_verify_reads_what_savegame_writes(tmp_path: Path, records: list[bytes]) -> None:
    path = tmp_path / "written.zvl"
    with SaveGame.open(path, _header(records)) as game:
        for seq, line in enumerate(records[:30]):
            game.append(seq, line)
    assert path.read_bytes() == _save(tmp_path / "direct.zvl", records[:30]).read_bytes()


def test_verify_a_whole_game_is_ok_with_a_summary(tmp_path: Path, records: list[bytes], capsys) -> None:
    path = _save(tmp_path / "game.zvl", records)
    verdict = verify_game(path)
    assert verdict.ok and verdict.records == len(records) and verdict.outcome is not None
    assert [p.name for p in verdict.players] == [p["name"] for p in body(records[0])["setup"]["players"]]
    assert main(["verify", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"OK: {path}") and f"records: {len(records)}" in out and "result: " in out
    assert "P1" in out and "P2" in out


def test_verify_a_truncated_finished_game_is_not_ok(tmp_path: Path, records: list[bytes], capsys) -> None:
    path = _save(tmp_path / "cut.zvl", records[:-1])  # cut exactly at a record boundary
    verdict = verify_game(path)
    assert verdict.failure is Failure.UNFINISHED and verdict.records == len(records) - 1
    assert main(["verify", str(path), "--lang", "en"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("BAD:") and "no signed end record" in out


def test_verify_an_uppercase_hex_digit_in_a_signature_fails(tmp_path: Path, records: list[bytes]) -> None:
    line = records[5]
    at = line.rindex(b'"sig":"') + len(b'"sig":"')
    digit = next(i for i in range(at, at + 128) if chr(line[i]) in "abcdef")
    changed = line[:digit] + line[digit:digit + 1].upper() + line[digit + 1:]
    path = _save(tmp_path / "upper.zvl", [*records[:5], changed, *records[6:]])
    verdict = verify_game(path)
    assert verdict.failure is Failure.BAD_RECORD and verdict.seq == 5 and verdict.line == 7


@pytest.mark.parametrize("how", ["spaces", "key order"])
def test_verify_a_non_canonical_record_fails(tmp_path: Path, records: list[bytes], how: str) -> None:
    obj = json.loads(records[3])
    changed = (json.dumps(obj, ensure_ascii=False).encode() if how == "spaces"
               else json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=False).encode()
               .replace(b'{"body"', b'{"t":"record","body"', 1).replace(b',"t":"record"}', b"}", 1))
    assert changed != records[3]
    path = _save(tmp_path / "spaces.zvl", [*records[:3], changed, *records[4:]])
    verdict = verify_game(path)
    assert verdict.failure is Failure.BAD_RECORD and verdict.seq == 3


@pytest.mark.parametrize("how", ["spaces", "duplicate key"])
def test_verify_a_non_canonical_body_signed_by_the_host_fails(tmp_path: Path, records: list[bytes], how: str) -> None:
    """A body the host signed as it stands, but not in the canonical encoding: a live peer
    checks the signature on the bytes and goes on; the offline verify refuses it."""
    from zemlevlasnyk.p2p.core.records import TAG_RECORD, Replica, encode_record, split_record
    last = len(records) - 1
    obj = body(records[last])
    text = (json.dumps(obj, ensure_ascii=False, sort_keys=True) if how == "spaces"
            else canonical_json(obj).decode().replace('{"at":', '{"at":0,"at":', 1))
    changed_body = text.encode()
    assert changed_body != split_record(records[last])[0]
    changed = encode_record(changed_body, profile(0).signing_key.sign(TAG_RECORD + changed_body).signature)
    live = Replica(table=TABLE, host_key=profile(0).key_hex)
    for record in [*records[:last], changed]:
        live.accept(record)
    assert live.ended, "a live peer takes it"
    verdict = verify_game(_save(tmp_path / "signed.zvl", [*records[:last], changed]))
    assert verdict.failure is Failure.BAD_RECORD and verdict.seq == last and "canonical" in verdict.why


def test_verify_a_non_canonical_header_fails(tmp_path: Path, records: list[bytes]) -> None:
    path = _save(tmp_path / "game.zvl", records)
    raw = path.read_bytes()
    first, rest = raw.split(b"\n", 1)
    path.write_bytes(json.dumps(json.loads(first)).encode() + b"\n" + rest)
    assert verify_game(path).failure is Failure.NOT_CANONICAL


def test_verify_names_the_first_changed_record(tmp_path: Path, records: list[bytes], capsys) -> None:
    obj = json.loads(records[10])
    obj["body"]["at"] += 1
    changed = canonical_json(obj)
    path = _save(tmp_path / "changed.zvl", [*records[:10], changed, *records[11:]])
    verdict = verify_game(path)
    assert verdict.failure is Failure.BAD_RECORD and verdict.seq == 10 and "not signed" in verdict.why
    assert main(["verify", str(path), "--lang", "en"]) == 1
    assert "record 10 (line 12)" in capsys.readouterr().out


def test_verify_a_torn_last_line_is_reported(tmp_path: Path, records: list[bytes]) -> None:
    path = _save(tmp_path / "torn.zvl", records)
    with path.open("ab") as handle:
        handle.write(b'{"body":{"kind"')
    assert verify_game(path).failure is Failure.TORN


def test_verify_another_host_key_fails_at_the_first_record(tmp_path: Path, records: list[bytes]) -> None:
    header = Header(**{**_header(records).__dict__, "host": profile(9).key_hex})
    verdict = verify_game(_save(tmp_path / "other.zvl", records, header=header))
    assert verdict.failure is Failure.BAD_RECORD and verdict.seq == 0


def test_verify_a_header_that_lies_about_the_rules_fails(tmp_path: Path, records: list[bytes]) -> None:
    header = Header(**{**_header(records).__dict__, "preset": "classic"})
    assert verify_game(_save(tmp_path / "rules.zvl", records, header=header)).failure is Failure.BAD_HEADER


def test_verify_checks_evidence_lines(tmp_path: Path, records: list[bytes]) -> None:
    path = _save(tmp_path / "evidence.zvl", records[:20])
    ours = messages.make_act(profile(1).signing_key, table=TABLE, seq=20, action=Roll(0), entropy=bytes(32))
    forged = messages.make_act(profile(2).signing_key, table=TABLE, seq=21, action=Roll(1),
                               entropy=bytes(32))
    with SaveGame.open(path, _header(records)) as game:
        game.sent(20, ours)
    verdict = verify_game(path)
    assert verdict.failure is Failure.UNFINISHED and verdict.evidence == 1
    with SaveGame.open(path, _header(records)) as game:
        game.sent(21, forged)  # not signed by this file's player
    verdict = verify_game(path)
    assert verdict.failure is Failure.BAD_EVIDENCE and verdict.line == 23


@pytest.mark.parametrize("content", [b"", b"garbage\n", b'{"t":"game"}\n', b"\xff\xfe\n"])
def test_verify_bad_files_give_one_clear_line_and_exit_1(tmp_path: Path, content: bytes, capsys) -> None:
    path = tmp_path / "bad.zvl"
    path.write_bytes(content)
    assert main(["verify", str(path), "--lang", "en"]) == 1
    out = capsys.readouterr()
    assert out.out.startswith("BAD:") and "Traceback" not in out.out + out.err
    assert path.read_bytes() == content


def test_verify_a_missing_file_or_a_folder(tmp_path: Path, capsys) -> None:
    assert main(["verify", str(tmp_path / "nope.zvl"), "--lang", "en"]) == 1
    assert "cannot read" in capsys.readouterr().out
    assert main(["verify", str(tmp_path), "--lang", "uk"]) == 1
    assert "не вдається прочитати" in capsys.readouterr().out


def test_a_game_saved_before_the_record_types_verifies_and_its_bodies_encode_back() -> None:
    """tests/data/saved_before_types.zvl was written by the build before records were typed
    values (6043bbc): a seeded in-memory table of two people and the host's computer
    player, with every kind of record (a timeout, declared rolls and their chance, a
    handover to a player, two resignations, the end). It verifies, and every body parses
    to its typed value, which encodes to exactly the bytes the host signed."""
    from helpers.paths import DATA

    from zemlevlasnyk.p2p.core import wire
    from zemlevlasnyk.p2p.core.bodies import RecordKind
    from zemlevlasnyk.p2p.core.records import read_body, split_record

    path = DATA / "saved_before_types.zvl"
    verdict = verify_game(path)
    assert verdict.ok and verdict.records == 50 and verdict.outcome is not None
    lines = path.read_bytes().splitlines()[1:]
    bodies = [split_record(line)[0] for line in lines]
    kinds = set()
    for data in bodies:
        record = read_body(data, canonical=True)
        assert wire.canonical(record.to_json()) == data, record.kind
        kinds.add(record.kind)
    assert kinds == set(RecordKind)

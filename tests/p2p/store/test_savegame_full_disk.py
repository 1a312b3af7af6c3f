"""A saved game on a full disk (issue 20, item 2): the record the system refuses leaves the
file whole up to its last record, nothing is left in a buffer for the close to fail on, and
nothing more is written to it. A real tmpfs, filled (tests/helpers/disk.py; root)."""
from __future__ import annotations

import errno
from pathlib import Path

import pytest
from helpers.disk import FILLER, DiskUnavailable, fill, small_disk

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.store.savegame import Header, Problem, SaveGame, SaveGameError, read

TABLE = "00112233aabbccdd"
HEADER = Header(table=TABLE, host="aa" * 32, me="bb" * 32, preset="zemlevlasnyk", options={}, created=1_700_000_000)
# Room for the header and a few records; each record below is a quarter of a page, so
# the disk's last page fills in the middle of one (the system then writes part of it).
DISK_BYTES = 64 * 1024
PAD = 1000


def record(seq: int) -> bytes:
    return canonical_json({"body": {"kind": "act", "pad": "x" * PAD, "seq": seq, "table": TABLE},
                           "sig": "ab" * 64, "t": "record"})


@pytest.fixture
def disk(tmp_path: Path):
    try:
        with small_disk(tmp_path / "disk", DISK_BYTES) as folder:
            yield folder
    except DiskUnavailable as exc:
        pytest.skip(str(exc))


def _append_until_refused(game: SaveGame, first: int) -> tuple[int, SaveGameError]:
    for seq in range(first, first + 1000):
        try:
            game.append(seq, record(seq))
        except SaveGameError as exc:
            return seq, exc
    raise AssertionError("the disk never filled")


def test_a_record_refused_by_a_full_disk_leaves_the_file_whole_up_to_its_last_record(disk: Path) -> None:
    path = disk / f"{TABLE}-x.zvl"
    game = SaveGame.open(path, HEADER)
    for seq in range(3):
        game.append(seq, record(seq))
    fill(disk)
    refused, problem = _append_until_refused(game, 3)
    assert problem.problem is Problem.UNWRITABLE and problem.os_error is not None
    assert problem.os_error.errno == errno.ENOSPC
    loaded = read(path)
    assert not loaded.torn, "the part of the refused record that fitted was cut off again"
    assert [line.data for line in loaded.records] == [record(seq) for seq in range(refused)]
    assert game.last_seq == refused - 1
    with pytest.raises(SaveGameError) as again:
        game.append(refused, record(refused))
    assert again.value is problem, "nothing more is written after a refusal (a later line would leave a gap)"
    game.close()   # nothing buffered: closing cannot fail (it raised ENOSPC again before)
    assert read(path).records == loaded.records


def test_a_saved_game_cut_short_by_a_full_disk_goes_on_once_there_is_room(disk: Path) -> None:
    path = disk / f"{TABLE}-x.zvl"
    with SaveGame.open(path, HEADER) as game:
        game.append(0, record(0))
        fill(disk)
        refused, _ = _append_until_refused(game, 1)
    (disk / FILLER).unlink()
    with SaveGame.open(path, HEADER) as again:
        assert again.last_seq == refused - 1
        assert again.append(refused, record(refused))
    assert read(path).last_seq == refused


def test_a_new_saved_game_on_a_full_disk_is_a_typed_problem(disk: Path) -> None:
    fill(disk)
    with pytest.raises(SaveGameError) as err:
        SaveGame.open(disk / f"{TABLE}-x.zvl", HEADER)
    assert err.value.problem is Problem.UNWRITABLE and err.value.os_error is not None

"""Saved games (p2p/store/savegame.py): durable appends, torn lines, rejoins without duplicates,
evidence lines, private files, listing and pruning; bad files are typed problems."""
from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from nacl.signing import SigningKey

from zemlevlasnyk.engine import Roll, canonical_json
from zemlevlasnyk.p2p.core.messages import make_act
from zemlevlasnyk.p2p.store.savegame import (
    SENT,
    GameFile,
    Header,
    Problem,
    SaveGame,
    SaveGameError,
    game_path,
    games_folder,
    list_games,
    prune_finished,
    read,
)

TABLE = "00112233aabbccdd"
ME = bytes(range(32))
HEADER = Header(table=TABLE, host="aa" * 32, me=ME.hex(), preset="zemlevlasnyk", options={}, created=1_700_000_000)


def record(seq: int, kind: str = "act") -> bytes:
    """A record's wire line (its shape is all the saved game looks at)."""
    return canonical_json({"body": {"kind": kind, "seq": seq, "table": TABLE}, "sig": "ab" * 64, "t": "record"})


def _saved(folder: Path, count: int, *, end: bool = False) -> Path:
    path = game_path(folder, TABLE, ME)
    with SaveGame.open(path, HEADER) as game:
        for seq in range(count):
            game.append(seq, record(seq, "end" if end and seq == count - 1 else "act"))
    return path


def test_saved_game_is_a_header_then_one_line_per_record(tmp_path: Path) -> None:
    folder = games_folder(tmp_path)
    path = _saved(folder, 3)
    lines = path.read_bytes().split(b"\n")
    assert lines[0] == canonical_json(HEADER.to_json()) and lines[1:] == [record(0), record(1), record(2), b""]
    loaded = read(path)
    assert loaded.header == HEADER and loaded.last_seq == 2 and not loaded.torn and not loaded.finished


def test_saved_games_are_private(tmp_path: Path) -> None:
    folder = games_folder(tmp_path)
    path = _saved(folder, 1)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert stat.S_IMODE(tmp_path.stat().st_mode) == 0o700


def test_a_torn_last_line_is_dropped_on_load_and_cut_before_appending(tmp_path: Path) -> None:
    path = _saved(tmp_path, 3)
    whole = path.read_bytes()
    with path.open("ab") as handle:
        handle.write(record(3)[:40])  # the power went out mid-write
    loaded = read(path)
    assert loaded.torn and loaded.last_seq == 2
    assert path.read_bytes().startswith(whole)  # reading changed nothing
    with SaveGame.open(path, HEADER) as game:
        assert game.last_seq == 2
        assert path.read_bytes() == whole
        game.append(3, record(3))
    assert read(path).last_seq == 3 and not read(path).torn


def test_a_file_cut_inside_its_header_starts_afresh(tmp_path: Path) -> None:
    path = game_path(tmp_path, TABLE, ME)
    path.write_bytes(canonical_json(HEADER.to_json())[:30])
    with pytest.raises(SaveGameError) as err:
        read(path)
    assert err.value.problem is Problem.EMPTY
    with SaveGame.open(path, HEADER) as game:
        game.append(0, record(0))
    assert read(path).last_seq == 0


def test_rejoining_continues_the_same_file_without_duplicates(tmp_path: Path) -> None:
    path = _saved(tmp_path, 4)
    with SaveGame.open(path, HEADER) as game:
        # the catch-up after a rejoin resends from the start
        written = [game.append(seq, record(seq)) for seq in range(6)]
    assert written == [False] * 4 + [True] * 2
    assert [line.seq for line in read(path).records] == list(range(6))


def test_records_must_come_in_order_and_nothing_follows_the_end(tmp_path: Path) -> None:
    path = _saved(tmp_path, 2)
    with SaveGame.open(path, HEADER) as game, pytest.raises(SaveGameError) as err:
        game.append(5, record(5))
    assert err.value.problem is Problem.OUT_OF_ORDER
    path.unlink()
    path = _saved(tmp_path, 3, end=True)
    assert read(path).finished
    with SaveGame.open(path, HEADER) as game, pytest.raises(SaveGameError):
        game.append(3, record(3))


def test_evidence_lines_keep_our_unanswered_actions(tmp_path: Path) -> None:
    path = _saved(tmp_path, 2)
    act = make_act(SigningKey(ME), table=TABLE, seq=2, action=Roll(1), entropy=bytes(32))
    with SaveGame.open(path, HEADER) as game:
        game.sent(2, act)
        game.append(2, record(2, "timeout"))
    loaded = read(path)
    assert [line.seq for line in loaded.records] == [0, 1, 2]
    assert [(line.seq, line.kind) for line in loaded.sent] == [(2, None)]
    assert canonical_json({"t": SENT, "seq": 2, "act": act.to_json()}) == loaded.sent[0].data


@pytest.mark.parametrize(("content", "problem", "line"), [
    (b"", Problem.EMPTY, None),
    (b"not json\n", Problem.NOT_A_GAME, 1),
    (b'{"t":"chat"}\n', Problem.NOT_A_GAME, 1),
    (b'[1,2]\n', Problem.NOT_A_GAME, 1),
    (canonical_json({**HEADER.to_json(), "format": 1}) + b"\n", Problem.FORMAT, 1),
    (canonical_json({**HEADER.to_json(), "created": "yesterday"}) + b"\n", Problem.NOT_A_GAME, 1),
    (canonical_json(HEADER.to_json()) + b"\n" + record(0) + b"\n{broken\n", Problem.CORRUPT, 3),
    (canonical_json(HEADER.to_json()) + b"\n" + record(0) + b"\n[]\n", Problem.CORRUPT, 3),
    (canonical_json(HEADER.to_json()) + b"\n" + record(0) + b"\n" + record(0) + b"\n", Problem.OUT_OF_ORDER, 3),
    (canonical_json(HEADER.to_json()) + b"\n" + record(1) + b"\n", Problem.OUT_OF_ORDER, 2),
    (canonical_json(HEADER.to_json()) + b"\n" + b'{"t":"record","body":{"seq":true,"kind":"act"}}\n',
     Problem.CORRUPT, 2),
])
def test_bad_files_are_typed_problems_and_stay_untouched(tmp_path: Path, content: bytes, problem: Problem,
                                                          line: int | None) -> None:
    path = tmp_path / "bad.zvl"
    path.write_bytes(content)
    with pytest.raises(SaveGameError) as err:
        read(path)
    assert err.value.problem is problem and err.value.line == line
    if problem is not Problem.EMPTY:
        with pytest.raises(SaveGameError):
            SaveGame.open(path, HEADER)
    assert path.read_bytes() == content


def test_missing_and_unreadable_files_are_typed_problems(tmp_path: Path) -> None:
    with pytest.raises(SaveGameError) as err:
        read(tmp_path / "nothing.zvl")
    assert err.value.problem is Problem.UNREADABLE
    with pytest.raises(SaveGameError) as err:
        read(tmp_path)  # a folder
    assert err.value.problem is Problem.UNREADABLE


def test_a_file_of_another_table_or_player_is_not_continued(tmp_path: Path) -> None:
    path = _saved(tmp_path, 1)
    before = path.read_bytes()
    for other in (Header(**{**HEADER.__dict__, "table": "ffffffffffffffff"}),
                  Header(**{**HEADER.__dict__, "me": "bb" * 32})):
        with pytest.raises(SaveGameError) as err:
            SaveGame.open(path, other)
        assert err.value.problem is Problem.OTHER_GAME
    assert path.read_bytes() == before


def test_an_unwritable_place_is_a_typed_problem(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("I am a file, not a folder")
    with pytest.raises(SaveGameError) as err:
        games_folder(blocker)
    assert err.value.problem is Problem.UNWRITABLE
    with pytest.raises(SaveGameError) as err:
        SaveGame.open(blocker / "game.zvl", HEADER)
    assert err.value.problem is Problem.UNWRITABLE


def test_listing_gives_sizes_and_which_games_are_finished(tmp_path: Path) -> None:
    unfinished = _saved(tmp_path, 3)
    finished = tmp_path / "0000000000000000-x.zvl"
    with SaveGame.open(finished, Header(**{**HEADER.__dict__, "table": "0000000000000000"})) as game:
        game.append(0, record(0))
        game.append(1, record(1, "end"))
    (tmp_path / "junk.zvl").write_bytes(b"junk\n")
    os.utime(unfinished, (2_000_000_000, 2_000_000_000))
    games = list_games(tmp_path)
    assert [g.path.name for g in games][0] == unfinished.name  # newest first
    by_name = {g.path.name: g for g in games}
    assert by_name[unfinished.name] == GameFile(unfinished, HEADER, 3, unfinished.stat().st_size, 2_000_000_000.0,
                                                False)
    assert by_name[finished.name].finished and by_name[finished.name].records == 2
    assert by_name["junk.zvl"].problem is not None and by_name["junk.zvl"].header is None


def test_pruning_removes_only_old_finished_games(tmp_path: Path) -> None:
    old_unfinished = _saved(tmp_path, 2)
    old_finished = tmp_path / "1111111111111111-x.zvl"
    new_finished = tmp_path / "2222222222222222-x.zvl"
    for path, table in ((old_finished, "1111111111111111"), (new_finished, "2222222222222222")):
        with SaveGame.open(path, Header(**{**HEADER.__dict__, "table": table})) as game:
            game.append(0, record(0, "end"))
    now = 2_000_000_000.0
    for path in (old_unfinished, old_finished):
        os.utime(path, (now - 40 * 86400, now - 40 * 86400))
    os.utime(new_finished, (now - 86400, now - 86400))
    pruned = prune_finished(tmp_path, days=30, now=now)
    assert [g.path for g in pruned] == [old_finished]
    assert old_unfinished.exists() and new_finished.exists() and not old_finished.exists()


_WRITER = """
import sys
from pathlib import Path
from nacl.signing import SigningKey

from zemlevlasnyk.engine import Roll, canonical_json
from zemlevlasnyk.p2p.core.messages import make_act
from zemlevlasnyk.p2p.store.savegame import Header, SaveGame
header = Header(table=sys.argv[2], host="aa" * 32, me=sys.argv[3], preset="zemlevlasnyk", created=1)
with SaveGame.open(Path(sys.argv[1]), header) as game:
    seq = game.last_seq + 1
    print(seq, flush=True)
    while True:
        body = {"kind": "act", "seq": seq, "pad": "x" * (seq % 3000)}
        game.append(seq, canonical_json({"body": body, "sig": "ab" * 64, "t": "record"}))
        seq += 1
"""


def test_kill_9_while_writing_never_leaves_a_file_that_cannot_continue(tmp_path: Path) -> None:
    """A real process appending records is killed (SIGKILL) at arbitrary moments, three
    times over; each restart continues the file right after its last whole record."""
    import signal
    import subprocess
    import sys
    import time

    path = game_path(tmp_path, TABLE, ME)
    expected_start = 0
    for round_ in range(3):
        writer = subprocess.Popen([sys.executable, "-c", _WRITER, str(path), TABLE, ME.hex()],
                                  stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None
        assert int(writer.stdout.readline()) == expected_start
        time.sleep(0.05 + 0.03 * round_)  # how long it writes varies; no assertion on time
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        loaded = read(path)  # never raises: at most the last line is torn
        assert [line.seq for line in loaded.records] == list(range(len(loaded.records)))
        assert loaded.last_seq >= expected_start - 1
        expected_start = loaded.last_seq + 1
    assert expected_start > 0


def test_the_standard_games_folder_is_made_on_first_write_only(tmp_path: Path, monkeypatch) -> None:
    from zemlevlasnyk.p2p.store.savegame import default_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    path = default_path(TABLE, ME)
    assert not (tmp_path / "data").exists()
    with SaveGame.open(path, HEADER) as game:
        game.append(0, record(0))
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700 and read(path).last_seq == 0
    with pytest.raises(SaveGameError) as err:  # any other missing folder stays missing
        SaveGame.open(tmp_path / "elsewhere" / "game.zvl", HEADER)
    assert err.value.problem is Problem.UNWRITABLE and not (tmp_path / "elsewhere").exists()


def test_a_saved_game_the_system_refuses_is_worded_in_the_players_language(tmp_path: Path) -> None:
    from zemlevlasnyk.ui.words.verdicts import problem_text
    with pytest.raises(SaveGameError) as caught:
        read(tmp_path)  # a folder, not a file
    assert caught.value.problem is Problem.UNREADABLE and caught.value.os_error is not None
    assert problem_text(caught.value, "uk") == f"не вдається прочитати файл {tmp_path}: це тека, а не файл"
    assert problem_text(caught.value, "en").endswith(": it is a folder, not a file")


def test_an_exclusive_saved_game_has_one_writer_at_a_time(tmp_path: Path) -> None:
    """A game against the computer is written by one window at a time (an advisory lock,
    gone with the file's closing or its process)."""
    path = tmp_path / "0000000000000000-x.zvl"
    with SaveGame.open(path, HEADER, exclusive=True) as game:
        game.append(0, record(0))
        with pytest.raises(SaveGameError) as err:
            SaveGame.open(path, HEADER, exclusive=True)
        assert err.value.problem is Problem.IN_USE
        assert read(path).last_seq == 0, "the refused open changed nothing"
    with SaveGame.open(path, HEADER, exclusive=True) as again:
        assert again.append(1, record(1))

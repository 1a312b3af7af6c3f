"""A player whose saved game of a table already holds its signed end record (`join` with
an old invite link, after the game) is told at once that the game is finished, as
`resume` tells it: before, the follower took the table for one whose host was lost and
kept dialling it, silent, for ever. Real TCP on 127.0.0.1 (a port nobody listens on) and a
real process."""
from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
import trio
from helpers.p2p import body, finished_game_records, profile, subprocess_env

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.core.handover import ResumeError
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.net.resume import Follower, SavedRecords
from zemlevlasnyk.p2p.store.savegame import Header

TABLE = "f1f1f1f1f1f1f1f1"
# Bounds a hang in trio's clock (autojump: no wall time); the host-loss redial is 60 s.
HANG_SECONDS = 3600
# Bounds a hang of the real process (it answers in well under a second).
PROCESS_TIMEOUT_SECONDS = 120


def _finished_game(path: Path, me: int) -> None:
    records = finished_game_records(TABLE)
    setup = body(records[0])["setup"]
    header = Header(table=TABLE, host=profile(0).key_hex, me=profile(me).key_hex, preset=setup["preset"],
                    options=setup["options"], created=1_700_000_000)
    lines = [canonical_json(header.to_json()), *records]
    path.write_bytes(b"".join(line + b"\n" for line in lines))


def _closed_port() -> int:
    """A port on 127.0.0.1 nobody listens on (bound, then let go)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port


async def test_resume_finished_a_follower_with_a_finished_saved_game_says_so(tmp_path: Path, autojump_clock) -> None:
    path = tmp_path / "over.zvl"
    _finished_game(path, 1)
    me = profile(1)
    invite = Invite("127.0.0.1", _closed_port(), TABLE, profile(0).public_key, b"\0" * 16)
    core = TablePeer(me, table=TABLE, host_key=profile(0).public_key, policy=None)
    saved = SavedRecords(path, table=TABLE, first_host=profile(0).key_hex, me=me.key_hex)
    follower = Follower(core, invite, saved)
    before = path.read_bytes()
    with trio.fail_after(HANG_SECONDS), pytest.raises(ResumeError) as caught:
        await follower.run()
    assert caught.value.problem == "finished"
    assert path.read_bytes() == before


def test_resume_finished_join_with_an_old_link_says_the_game_is_finished(tmp_path: Path) -> None:
    path = tmp_path / "over.zvl"
    _finished_game(path, 1)
    before = path.read_bytes()
    link = (f"zemlevlasnyk://127.0.0.1:{_closed_port()}/{TABLE}?key={profile(0).public_key.hex()}"
            f"&secret={'00' * 16}")
    env = subprocess_env(tmp_path)
    env["ZEMLEVLASNYK_INTERFACES"] = "127.0.0.1"
    proc = subprocess.run([sys.executable, "-m", "zemlevlasnyk", "join", link, "--log", str(path)],
                          env=env, capture_output=True, text=True, timeout=PROCESS_TIMEOUT_SECONDS)
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.strip().splitlines() == ["zemlevlasnyk join: that game is finished: there is nothing to resume"]
    assert "Traceback" not in proc.stderr and path.read_bytes() == before

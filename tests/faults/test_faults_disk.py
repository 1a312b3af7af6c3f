"""A full disk mid-game (issue 20, item 2), with real processes over TCP on 127.0.0.1: the
host's data folder and a joiner's each on a small tmpfs of their own (tests/helpers/disk.py;
root), filled by the test while the game goes on, the host's first, then the joiner's.

Before: the host crashed with a traceback in 4 of 11 trials (a failed write left bytes in a
buffer, so the `close()` in the error path raised again) or a connection's reader took the
error for a lost connection and dropped a player; a joiner was told its saved game «has its
records out of order» and that the host was gone. Now each is told at once, in one line, that
the game is no longer being saved and why; the game goes on to its end on one state hash;
each file verifies up to its last whole record (`verify`: every record good, no end).
"""
from __future__ import annotations

import pytest
from helpers.disk import DiskUnavailable, fill, small_disk
from helpers.faults import Player, finish_on_one_hash, verify
from helpers.wait import wait_for

from zemlevlasnyk.p2p.store import savegame

pytestmark = pytest.mark.slow

# Room for a profile, the logs and a few hundred records: the disk is filled by the test
# long before a whole game would fill it.
DISK_BYTES = 4 * 1024 * 1024
# Records written before each disk is filled: the game is well under way, far from its end.
HOST_FULL_AT = 30
JOINER_FULL_AT = 60
TURN_CAP = ["--option", "turn_cap=400"]
NOT_SAVED = "The game is no longer being saved: no space left on the disk."


def _records(path_of: Player) -> int:
    try:
        return savegame.read(path_of.saved_game()).last_seq + 1
    except (StopIteration, OSError, savegame.SaveGameError):
        return 0


def test_fault_a_full_disk_on_the_host_and_on_a_joiner_never_ends_the_game(tmp_path) -> None:
    homes = {name: tmp_path / name for name in ("host", "Anna", "Bohdan")}
    try:
        with small_disk(homes["host"] / "zemlevlasnyk", DISK_BYTES) as host_disk, \
                small_disk(homes["Anna"] / "zemlevlasnyk", DISK_BYTES) as anna_disk:
            players: list[Player] = []
            try:
                host = Player("host", ["host", "--name", "Host", "--bots", "hard", "--start-at", "3", "--bind",
                                       "127.0.0.1", "--no-mdns", "--seed", "1", *TURN_CAP],
                              homes["host"])
                players.append(host)
                link = host.link()
                anna, bohdan = (Player(name, ["join", link, "--name", name, "--bot", "hard",
                                              "--seed", str(seed)], homes[name])
                                for name, seed in (("Anna", 11), ("Bohdan", 12)))
                players += [anna, bohdan]
                assert wait_for(lambda: _records(host) >= HOST_FULL_AT, timeout=180), host.err()
                fill(host_disk)
                host_kept = _records(host)
                assert wait_for(lambda: _records(anna) >= max(JOINER_FULL_AT, host_kept + 10), timeout=180), anna.err()
                fill(anna_disk)
                anna_kept = _records(anna)
                final_hash = finish_on_one_hash(players)
                for player, told in ((host, 1), (anna, 1), (bohdan, 0)):
                    err = player.all_err()
                    assert "Traceback" not in err and "Logging error" not in err, err[-3000:]
                    assert err.count(NOT_SAVED) == told, err[-3000:]
                    assert "out of order" not in err and "host is gone" not in err, err[-3000:]
                ended = _records(bohdan)
                whole = verify(bohdan.saved_game())
                assert whole.returncode == 0 and whole.stdout.startswith("OK:"), whole.stdout
                for player, kept in ((host, host_kept), (anna, anna_kept)):
                    loaded = savegame.read(player.saved_game())
                    assert not loaded.torn and kept <= len(loaded.records) < ended, (kept, len(loaded.records))
                    done = verify(player.saved_game())
                    assert done.returncode == 1, done.stdout + done.stderr
                    cut = f"records verified: {len(loaded.records)}, but there is no signed end record"
                    assert cut in done.stdout, done.stdout
                print(f"host full at record {host_kept}, kept {_records(host)}; Anna full at {anna_kept}, "
                      f"kept {_records(anna)}; the game ended at record {ended} on {final_hash[:16]}")
            finally:
                for player in players:
                    player.stop()
    except DiskUnavailable as exc:
        pytest.skip(str(exc))

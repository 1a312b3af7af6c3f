"""`join` on the command line: what it tells while the host is lost, and Ctrl-C's goodbye.

- When the host is lost and this player's turn to take the table over will come, `join`
  and `resume` say so once, with the seconds left (`TakeoverDue`; the window shows a
  countdown banner), in the person's language.
- Ctrl-C (SIGINT) on a `join` playing a seat says goodbye (signed) before the process ends,
  as the window does when its person leaves (`Follower.say_goodbye`): at a clock-off table
  the host then plays that seat's safe moves at once. Before, the process only hung up,
  and each of the seat's decisions cost the players who stayed the clock's 30 s wait. Real
  processes over TCP on 127.0.0.1. A spectator (`--watch`) says no goodbye; a `join` that
  took the table over leaves as a host does (`host_left`).
"""
from __future__ import annotations

import signal
from pathlib import Path

import pytest
import trio
from helpers.faults import Player, SavedGameWatcher
from helpers.p2p import body, profile, serve_on_loopback
from helpers.wait import until, wait_for

from zemlevlasnyk.p2p.core.clock import DECISION_MS
from zemlevlasnyk.p2p.core.follow import TakeoverDue
from zemlevlasnyk.p2p.core.handshake import PLAYING, WATCHING
from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.net.resume import Follower, SavedRecords
from zemlevlasnyk.p2p.store import savegame
from zemlevlasnyk.ui.cli.resume import player_line
from zemlevlasnyk.ui.words.text import catalogue

# Bounds for a loaded two-core machine (real processes on real time; nothing asserts on
# how long anything took): starting the processes and the game.
START_SECONDS = 60
# Several of the seat's decisions made by the host: at once after a goodbye. Shorter than
# the 30 s a hang-up costs the first of them, so the old code (no goodbye) fails here.
PLAYED_SECONDS = 20
# How often the test looks at the host's saved game while it waits for the game to start.
POLL_SECONDS = 0.02
# The timeouts of the seat looked at: more than one turn's worth of its decisions.
TIMEOUTS = 3


@pytest.mark.parametrize(("lang", "words"), [
    ("uk", "господар столу 0123456789abcdef зник: якщо він не повернеться і ніхто не перейме стіл раніше, "
           "ми переймемо його за 5 с"),
    ("en", "the host of table 0123456789abcdef is gone: unless it comes back, or someone else takes the table "
           "over first, we take it over in 5 s"),
])
def test_cmd_join_says_when_it_will_take_the_table_over(lang: str, words: str) -> None:
    assert player_line(TakeoverDue("0123456789abcdef", 4.2), lang) == words
    assert words == catalogue(lang)["commands"]["resume"]["takeover_due"].format(table="0123456789abcdef",
                                                                                 seconds=5)


async def test_cmd_join_a_spectator_says_no_goodbye_a_player_does(tmp_path: Path) -> None:
    """Over TCP on 127.0.0.1, in a lobby: a player's goodbye goes out; a spectator, who
    holds no seat to be played, says none and stays connected."""
    core = TableHost(profile(0, "Host"), auto_start_at=4, clock=False)

    def follower(n: int, want: str) -> Follower:
        peer = TablePeer(profile(n), table=core.table, host_key=core.profile.public_key)
        saved = SavedRecords(tmp_path / f"{n}.zvl", table=core.table, first_host=core.key_hex,
                             me=peer.profile.key_hex)
        return Follower(peer, invite, saved, want=want)
    async with trio.open_nursery() as nursery:
        _, invite = await serve_on_loopback(nursery, core)
        watching, playing = follower(1, WATCHING), follower(2, PLAYING)
        leaves = trio.CancelScope()    # the player's command ending after its goodbye

        async def play() -> None:
            with leaves:
                await playing.run()
        nursery.start_soon(watching.run)
        nursery.start_soon(play)
        await until(lambda: watching.core.lobby is not None and playing.core.lobby is not None, START_SECONDS)
        assert watching.goodbye() is None
        assert not await watching.say_goodbye()
        assert playing.goodbye() is not None
        assert await playing.say_goodbye()
        leaves.cancel()
        # The player gone from the host (after the spectator's goodbye would have arrived):
        # the spectator is still there.
        await until(lambda: all(c.key != playing.core.profile.key_hex for c in core.conns.values()), START_SECONDS)
        assert [c.role for c in core.conns.values() if c.key == watching.core.profile.key_hex] == ["spectator"]
        nursery.cancel_scope.cancel()


def test_cmd_join_ctrl_c_at_a_clock_off_table_says_goodbye_and_its_seat_is_played_at_once(tmp_path: Path) -> None:
    host = Player("host", ["host", "--name", "Host", "--bots", "medium", "--start-at", "2", "--no-clock",
                           "--bind", "127.0.0.1", "--no-mdns", "--seed", "1"], tmp_path / "host")
    players = [host]
    try:
        joiner = Player("Taras", ["join", host.link(), "--name", "Taras", "--bot", "medium", "--seed", "2"],
                        tmp_path / "taras")
        players.append(joiner)
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=START_SECONDS), \
            host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.game is not None, timeout=START_SECONDS,
                        every=POLL_SECONDS), host.err()
        # Taras stopped, the clock-off table waits for its next decision, for as long as it
        # takes: the game is caught in the middle (unstopped, two computer players may
        # finish it between two looks).
        joiner.signal(signal.SIGSTOP)
        replica = watcher.poll()
        assert replica is not None
        seat = next(n for n, p in enumerate(replica.players) if p.name == "Taras")
        assert wait_for(lambda: seat in watcher.pending()[1], timeout=START_SECONDS, every=POLL_SECONDS), host.err()
        replica = watcher.poll()
        assert replica is not None and not replica.over
        seq = replica.seq   # the goodbye comes after this record
        joiner.signal(signal.SIGINT)
        joiner.signal(signal.SIGCONT)
        assert joiner.wait(START_SECONDS) == 130, joiner.err()
        # Ctrl-C's one line, last (a "host is silent" may come before it: the process was
        # stopped), and nothing else of Ctrl-C's.
        said = joiner.err()
        assert said.splitlines()[-1] == "zemlevlasnyk: interrupted", said
        assert said.count("interrupted") == 1 and "Traceback" not in said, said

        def timeouts() -> list[dict]:
            records = savegame.read(host.saved_game()).records[seq + 1:]
            return [b for r in records if (b := body(r.data))["kind"] == "timeout"]
        assert wait_for(lambda: len(timeouts()) >= TIMEOUTS, timeout=PLAYED_SECONDS), \
            f"the host waited for the seat that left: {timeouts()}\n{host.err()}"
    finally:
        for player in players:
            player.stop()
    played = timeouts()
    assert all(t["auto"]["seat"] == seat and "left" in t["timer"] for t in played), played
    assert all(t["at"] - t["timer"]["since"] < DECISION_MS for t in played), "no 30 s wait"


@pytest.mark.slow
def test_cmd_join_ctrl_c_on_a_table_it_took_over_tells_the_players_the_host_left(tmp_path: Path) -> None:
    """A `join` that took the table over is its host: Ctrl-C closes it as `host` does,
    telling the players the host left (`host_left`), not with a player's goodbye. The other
    player then takes the table over in 1 s (`LEFT_RESUME_SECONDS`), not after the minute
    of silence a lost host is given."""
    # Idle players buy nothing: the game outlasts the test, whatever the machine's speed.
    host = Player("host", ["host", "--name", "Host", "--bots", "idle", "--start-at", "3", "--bind", "127.0.0.1",
                           "--seed", "1"], tmp_path / "host")
    players = [host]
    try:
        link = host.link()
        joiners = [Player(name, ["join", link, "--name", name, "--bot", "idle", "--seed", str(seed)],
                          tmp_path / name) for seed, name in enumerate(("Anna", "Bohdan"), start=2)]
        players += joiners
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=START_SECONDS), \
            host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.game is not None, timeout=START_SECONDS,
                        every=POLL_SECONDS), host.err()
        host.signal(signal.SIGINT)
        assert host.wait(START_SECONDS) == 130, host.err()
        assert wait_for(lambda: any("we host table" in j.err() for j in joiners), timeout=START_SECONDS), \
            "\n".join(j.err() for j in joiners)
        taker = next(j for j in joiners if "we host table" in j.err())
        other = next(j for j in joiners if j is not taker)
        assert wait_for(lambda: "is now hosted by" in other.err(), timeout=START_SECONDS), other.err()
        said_before = other.err()
        taker.signal(signal.SIGINT)
        assert taker.wait(START_SECONDS) == 130, taker.err()
        assert taker.err().splitlines()[-1] == "zemlevlasnyk: interrupted", taker.err()
        assert wait_for(lambda: "we host table" in other.err()[len(said_before):], timeout=START_SECONDS), \
            other.err()
    finally:
        for player in players:
            player.stop()
    after = other.err()[len(said_before):]
    assert "we take it over in 1 s" in after, after

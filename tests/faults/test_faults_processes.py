"""Faults with real processes over TCP on 127.0.0.1 (issue 8): `host`, `join` and `resume`
killed, stopped and restarted in the middle of a game. Real processes run on real time:
every wait is generous and nothing asserts on how long anything took.

- a player killed (SIGKILL) in the middle of an auction, a trade and a debt (the players
  are stopped now and then until the table waits for one of them in that phase), then
  started again: it rejoins from its saved game, ends on the host's state hash, and its saved game
  verifies;
- a player stopped (SIGSTOP) for 40 s, then continued: no cheating report nor complaint, it
  plays on to the same end, and it does not take the table over;
- the host stopped for 40 s (a closed lid), then continued: the players reconnect to it,
  nobody takes the table over, nobody reports it cheating, and nobody complains (the host
  takes the moves that waited in its sockets);
- the host killed mid-game: a player takes the table over, the others (the old host's
  process restarted with `resume` among them) rejoin, the game finishes, and every saved
  game verifies;
- the host leaving mid-game (Ctrl-C): the same, the old host not coming back.
"""
from __future__ import annotations

import random
import signal
import time

import pytest
from helpers.faults import Player, SavedGameWatcher, finish_on_one_hash, verify
from helpers.wait import wait_for

from zemlevlasnyk.p2p.core.follow import RESUME_AFTER_SECONDS

pytestmark = pytest.mark.slow

# How long a stopped player stays stopped while we look whether the table waits for it.
LOOK_SECONDS = 0.4
# A stopped player is let go this long between looks: enough to answer what it was asked.
LET_GO_SECONDS = 0.05
# Attempts at catching a player in the phase wanted before the game is allowed to end.
CATCH_ATTEMPTS = 600
# Computer players can go round the board for ever when none can bankrupt another (a game of
# hard players here ran past 110 000 records): the turn cap ends every game.
TURN_CAP = ["--option", "turn_cap=400"]


def _host(tmp_path, *args: str) -> Player:
    return Player("host", ["host", "--name", "Host", "--start-at", "4", "--bind", "127.0.0.1", "--no-mdns",
                           "--seed", "1", *TURN_CAP, *args], tmp_path / "host")


def _join(tmp_path, name: str, link: str, *args: str) -> Player:
    return Player(name, ["join", link, "--name", name, "--seed", str(sum(map(ord, name))), *args],
                  tmp_path / name)


def _seat_of(watcher: SavedGameWatcher, name: str) -> int:
    assert wait_for(lambda: (r := watcher.poll()) is not None and r.game is not None, timeout=60)
    replica = watcher.poll()
    assert replica is not None
    return next(n for n, p in enumerate(replica.players) if p.name == name)


def _seq(watcher: SavedGameWatcher) -> int:
    replica = watcher.poll()
    assert replica is not None
    return replica.seq


def _verifies(player: Player) -> None:
    done = verify(player.saved_game())
    assert done.returncode == 0 and done.stdout.startswith("OK:"), done.stdout + done.stderr


# A game may end before the table ever waits for a player in the phase wanted (a trade or a
# debt is rarer than an auction): then another game is played, up to this many.
CATCH_GAMES = 4
# Debts are the rarest (about 8 a game between hard players on the default 150 000); a
# table starting with 30 000 has about 20 (`simulate --games 10 --bots hard,hard,hard,hard`),
# so the looks catch one within the games above (CI once played four games without).
# Auctions too: hard players rich with 150 000 buy nearly all they land on (6 auctions in
# 8 games, `simulate --games 8 --bots hard,hard,hard,hard --seed 1 --max-turns 400`), and
# CI once played four games without catching one; with 30 000 they decline more (138 in 8).
LEAN_START = ["--option", "start_cash=30000"]
PHASE_OPTIONS = {"debt": LEAN_START, "auction": LEAN_START}
# A debt is settled by the player within milliseconds of the record that opens it, so a look
# falls in one less often than in an auction or a trade: CI once missed it in four games even
# at 30 000; more games are allowed for it (a game that catches one ends the search at once).
PHASE_GAMES = {"debt": 12}


def _catch(home, phase: str) -> tuple[list[Player], SavedGameWatcher, Player | None, int]:
    """A table of a host with a computer player and three players; every player is stopped
    now and then until the table waits for one of them in `phase`, which is then killed.
    The processes, the host's saved game, the one killed (None: the game ended first) and
    the looks it took."""
    host = _host(home, "--bots", "hard", *PHASE_OPTIONS.get(phase, []))
    players: list[Player] = [host]
    link = host.link()
    joiners = [_join(home, name, link, "--bot", "hard") for name in ("Anna", "Vasyl", "Olha")]
    players += joiners
    assert wait_for(lambda: any((home / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=60), host.err()
    watcher = SavedGameWatcher(host.saved_game())
    seats = {_seat_of(watcher, j.name): j for j in joiners}
    chooser = random.Random(phase)
    victim: Player | None = None
    looks = 0
    while looks < CATCH_ATTEMPTS and victim is None and host.proc.poll() is None:
        looks += 1
        for joiner in joiners:
            joiner.signal(signal.SIGSTOP)
        time.sleep(LOOK_SECONDS)
        now, waiting = watcher.pending()
        caught = [seats[seat] for seat in sorted(waiting) if seat in seats]
        if now == phase and caught:
            victim = caught[0]
            victim.signal(signal.SIGKILL)
        for joiner in joiners:
            if joiner is not victim:
                joiner.signal(signal.SIGCONT)
        time.sleep(LET_GO_SECONDS * chooser.uniform(0.5, 2.0))
    return players, watcher, victim, looks


@pytest.mark.parametrize("phase", ["auction", "trade", "debt"])
def test_fault_player_killed_mid_phase_restarts_on_the_same_hash(tmp_path, phase) -> None:
    players: list[Player] = []
    try:
        games = PHASE_GAMES.get(phase, CATCH_GAMES)
        for game in range(games):
            for player in players:
                player.stop()
            players, watcher, victim, looks = _catch(tmp_path / f"game{game}", phase)
            if victim is not None:
                break
        assert victim is not None, f"in {games} games the table never waited for a player in a {phase}"
        victim.wait(30)
        killed_at = _seq(watcher)
        replica = watcher.poll()
        assert replica is not None and replica.game is not None and str(replica.game.phase) == phase
        victim.restart()
        final = finish_on_one_hash(players)
        assert "admitted at seat" in victim.err(), victim.err()
        _verifies(victim)
        print(f"{phase}: {victim.name} caught after {looks} looks in game {game + 1}, killed at record {killed_at}; "
              f"the game ended at record {_seq(watcher)} on {final[:16]}")
    finally:
        for player in players:
            player.stop()


def test_fault_player_stopped_40_seconds_plays_on_without_a_false_report(tmp_path) -> None:
    host = _host(tmp_path, "--bots", "medium")
    players: list[Player] = [host]
    try:
        link = host.link()
        stopped = _join(tmp_path, "Stepan", link, "--bot", "medium")
        players += [stopped, _join(tmp_path, "Anna", link, "--bot", "medium"),
                    _join(tmp_path, "Olha", link, "--bot", "medium")]
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=60), host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.seq >= 30, timeout=120)
        stopped.signal(signal.SIGSTOP)
        time.sleep(40)
        stopped.signal(signal.SIGCONT)
        finish_on_one_hash(players)
        said = stopped.all_err()
        assert "taking it over" not in said and "COMPLAINT" not in said, said[-3000:]
        _verifies(stopped)
    finally:
        for player in players:
            player.stop()


def test_fault_host_stopped_40_seconds_the_players_wait_for_it_and_nobody_takes_over(tmp_path) -> None:
    host = _host(tmp_path, "--bot", "medium")
    players: list[Player] = [host]
    try:
        link = host.link()
        players += [_join(tmp_path, name, link, "--bot", "medium") for name in ("Anna", "Bohdan", "Olha")]
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=60), host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.seq >= 30, timeout=120)
        stopped_at = _seq(watcher)
        host.signal(signal.SIGSTOP)
        time.sleep(40)
        host.signal(signal.SIGCONT)
        finish_on_one_hash(players)
        print(f"host stopped 40 s at record {stopped_at}; the game ended at record {_seq(watcher)}")
        complaints = []
        for player in players[1:]:
            said = player.all_err()
            assert "dialling again" in said and "taking it over" not in said, said[-3000:]
            complaints += [line for line in said.splitlines() if "COMPLAINT" in line]
            _verifies(player)
        # A host back from away restarts its clocks and reads what waited in its sockets
        # first: before, it timed out a move sent meanwhile and its player complained.
        assert not complaints, complaints
    finally:
        for player in players:
            player.stop()


def test_fault_host_killed_a_player_takes_over_and_the_old_host_rejoins(tmp_path) -> None:
    """The host sits itself; after it is killed its seat is a person's (timed out while it is
    away), and its restarted process rejoins as that person with `resume`."""
    resume_after = ["--resume-after", "5"]
    host = Player("host", ["host", "--name", "Host", "--bot", "medium", "--bots", "medium", "--start-at", "4",
                           "--bind", "127.0.0.1", "--seed", "1", *TURN_CAP], tmp_path / "host")
    players: list[Player] = [host]
    try:
        link = host.link()
        joiners = [_join(tmp_path, name, link, "--bot", "medium", *resume_after) for name in ("Anna", "Bohdan")]
        players += joiners
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=60), host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.seq >= 40, timeout=120)
        host.signal(signal.SIGKILL)
        host.wait(30)
        killed_at = _seq(watcher)
        lost = time.monotonic()
        assert wait_for(lambda: any("we host table" in j.err() for j in joiners), timeout=180), \
            "\n".join(j.err()[-2000:] for j in joiners)
        taker = next(j for j in joiners if "we host table" in j.err())
        took_over = time.monotonic() - lost
        # The lowest engine seat among the people takes over; the other finds it and rejoins.
        other = next(j for j in joiners if j is not taker)
        assert wait_for(lambda: "rejoining it" in other.err(), timeout=120), other.err()
        host.restart(["resume", "--lang", "en", "--bot", "medium"])
        assert wait_for(lambda: "rejoining it" in host.err() or host.proc.poll() is not None, timeout=120), host.err()
        finish_on_one_hash(players)
        assert "taking it over" not in host.err(), "the old host must rejoin, not host a second table"
        for player in players:
            _verifies(player)
        final = _seq(SavedGameWatcher(taker.saved_game()))
        handover = next(line for line in taker.all_err().splitlines() if "is now hosted by" in line) \
            if "is now hosted by" in taker.all_err() else ""
        print(f"host killed at record {killed_at}; {taker.name} hosted after {took_over:.0f} s (resume-after 5 s); "
              f"{handover or 'handover seen by the others'}; the game ended at record {final}; old host: "
              f"{[line for line in host.err().splitlines() if 'rejoin' in line or 'rewound' in line]}")
    finally:
        for player in players:
            player.stop()


def test_fault_host_leaves_with_ctrl_c_mid_game_a_player_takes_over_and_the_game_finishes(tmp_path) -> None:
    """The host's person leaves mid-game (Ctrl-C: the process ends on its own, in one line,
    after telling the players it left): one player takes the table over at once, without
    the minute of silence a lost host is given (the players keep the default delay), the
    other rejoins it, the game finishes on one state hash and every saved game verifies."""
    resume_after: list[str] = []
    host = Player("host", ["host", "--name", "Host", "--bots", "medium", "--start-at", "3", "--bind", "127.0.0.1",
                           "--seed", "1", *TURN_CAP], tmp_path / "host")
    players: list[Player] = [host]
    try:
        link = host.link()
        joiners = [_join(tmp_path, name, link, "--bot", "medium", *resume_after) for name in ("Anna", "Bohdan")]
        players += joiners
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=60), host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.seq >= 40, timeout=120)
        host.signal(signal.SIGINT)
        assert host.wait(60) == 130, host.err()
        assert "Traceback" not in host.err(), host.err()
        left_at = _seq(watcher)
        # Well within the minute a silent host is waited for (RESUME_AFTER_SECONDS).
        assert wait_for(lambda: any("we host table" in j.err() for j in joiners), timeout=RESUME_AFTER_SECONDS / 2), \
            "\n".join(j.err()[-2000:] for j in joiners)
        taker = next(j for j in joiners if "we host table" in j.err())
        # The taker said it would take the table over, and in how long, before it did.
        assert 0 <= taker.err().find("we take it over in") < taker.err().find("taking it over"), taker.err()
        other = next(j for j in joiners if j is not taker)
        assert wait_for(lambda: "rejoining it" in other.err(), timeout=120), other.err()
        finish_on_one_hash(joiners)
        for joiner in joiners:
            _verifies(joiner)
        final = _seq(SavedGameWatcher(taker.saved_game()))
        print(f"the host left at record {left_at}; {taker.name} took the table over; the game ended at record {final}")
    finally:
        for player in players:
            player.stop()

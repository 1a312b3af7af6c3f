"""A host that was away (its process not running: a closed lid, SIGSTOP, swapped out) does
not punish the players for its absence (docs/RELIABILITY.md, section 5).

Before, a host woken after 40 s fired the expired decision clock before its connections
read the move the player had sent meanwhile: the player said «our move for record 75 was
sent and not answered». Now the pending decisions' clocks (and the wait for dice
contributions) start again when the host finds it was away, and the move is taken. Sans-IO
here (`MemoryTable.host_away`: what is sent to the host waits), and over the driver with
trio's MockClock.
"""
from __future__ import annotations

import trio
import trio.testing
from helpers.p2p import MemoryTable, body, memory_connector, payload, profile, serve_on_loopback

from zemlevlasnyk.p2p.core.away import AWAY_SECONDS
from zemlevlasnyk.p2p.core.bodies import RecordKind
from zemlevlasnyk.p2p.core.clock import DECISION_MS
from zemlevlasnyk.p2p.core.errors import Cheat
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.peer import ActionUnanswered, ContributionOmitted, HostCheated, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import PeerClient

DECISION_SECONDS = DECISION_MS / 1000
# A closed lid, as in the fault test with real processes.
AWAY_FOR_SECONDS = 40.0
# A host loop held up for a second (a busy machine), the move made just before its deadline.
HOST_LATE_SECONDS = 1.0
LATE_MOVE_SECONDS = 0.6


def _started(*, host_bot: bool = False) -> MemoryTable:
    """Two people (who move only when told), or one and the host's computer player."""
    table = MemoryTable(peers=1 if host_bot else 2, level=None)
    if host_bot:
        table.deliver(table.host.sit_host(table.now, policy=make_policy("medium", 1)))
    return table.start_game()


def _to_move(table: MemoryTable) -> tuple[int, TablePeer]:
    n = table.to_move()
    return n, table.peers[n]


def _nothing_said(table: MemoryTable) -> None:
    """No peer accuses the host or complains, and every one is on the host's record."""
    for n, peer in table.peers.items():
        assert table.cheated(n) is None
        assert not table.of(n, ActionUnanswered) and not table.of(n, ContributionOmitted)
        assert peer.replica.head == table.host.head


def test_a_host_back_from_away_takes_the_move_that_waited_for_it() -> None:
    table = _started()
    n, peer = _to_move(table)
    seq = table.host.seq
    table.host_away = True
    table.now += 5
    game = peer.replica.game
    assert game is not None
    table.send_from(n, peer.act(game.safe_action(peer.seat), table.now).message)   # sent in time
    table.run()
    table.now += AWAY_FOR_SECONDS
    table.host.back_from_away(table.now)
    table.deliver(table.host.tick(table.now))
    assert table.host.seq == seq, "the clock restarted: nothing ran out"
    table.host_reads()
    assert body(table.host.records[seq + 1])["kind"] == "act"
    _nothing_said(table)


def test_a_decision_times_out_a_whole_clock_after_the_host_came_back_and_every_peer_accepts_it() -> None:
    table = _started()
    n, peer = _to_move(table)
    seq = table.host.seq
    table.host_away = True
    table.now += AWAY_FOR_SECONDS
    table.host.back_from_away(table.now)
    back_at = table.host._at(table.now)
    table.host_reads()
    table.advance(DECISION_SECONDS - 1)
    assert table.host.seq == seq
    table.advance(1.5)
    record = body(table.host.records[seq + 1])
    assert record["kind"] == RecordKind.TIMEOUT and record["auto"]["seat"] == peer.seat
    assert record["timer"]["since"] == back_at and record["at"] >= back_at + DECISION_MS
    _nothing_said(table)


def test_a_host_that_cuts_a_restarted_clock_short_is_still_caught() -> None:
    """Counted from its restart, a timeout 10 s later is as short as ever: every peer
    reports it (the check of the signed times is not weakened)."""
    table = _started()
    n, peer = _to_move(table)
    host = table.host
    table.now += AWAY_FOR_SECONDS
    host.back_from_away(table.now)
    since = host._at(table.now)
    table.now += 10
    game = host.game
    assert game is not None and peer.seat is not None
    action = game.safe_action(peer.seat)
    assert action is not None
    entry = host.ledger.host(RecordKind.TIMEOUT, action, host._at(table.now), since=since)
    table.deliver(host._after(entry, table.now))
    table.run()
    for m in table.peers:
        cheated = table.cheated(m)
        assert cheated is not None and cheated.error.kind is Cheat.CLOCK and "after 10.0 s" in cheated.error.message


def test_a_host_back_from_away_waits_afresh_for_the_dice_contributions_sent_meanwhile() -> None:
    """The host's computer player rolls; the person's contribution arrives while the host is
    away. Back, the host waits for it again rather than list the person missing (who would
    say «the host left out your dice contribution»)."""
    table = _started(host_bot=True)
    host = table.host
    table.host_away = True
    for _ in range(400):   # the person moves at once, the computer player until it rolls
        game = host.game
        assert game is not None and host.phase is TablePhase.PLAYING
        pending = {d.seat for d in game.pending()}
        person = next((n for n, p in table.peers.items() if p.seat in pending), None)
        if person is not None:
            peer = table.peers[person]
            action = game.safe_action(peer.seat)
            table.deliver(host.receive(person, payload(peer.act(action, table.now).message), table.now))
        else:
            table.deliver(host.step(table.now))
        table.run()
        if host.awaiting:
            break
    assert host.awaiting, "the computer player never rolled"
    seq = host.seq
    table.now += AWAY_FOR_SECONDS
    host.back_from_away(table.now)
    table.deliver(host.tick(table.now))
    assert host.seq == seq and host.awaiting, "the wait for contributions restarted"
    table.host_reads()
    record = body(host.records[seq + 1])
    assert record["kind"] == "chance" and record["missing"] == [] and len(record["contrib"]) == 1
    _nothing_said(table)


async def test_driver_a_host_woken_after_its_deadline_reads_the_waiting_move_before_timing_out(
        autojump_clock: trio.testing.MockClock) -> None:
    """The race of the fault test, over the driver: the player's move is made 5 s before its
    clock runs out; the host's loop then does not run for 10 s (the clock jumps); the move
    goes into the host's connection as the loop wakes. trio runs a batch of woken tasks in
    either order; here the pump wakes one batch before the connection's reader, the unlucky
    order, every time. Before, the pump timed the decision out and the player complained
    that its move was sent and not answered; now the host finds it was away, restarts the
    clock and takes the move."""
    core = TableHost(profile(0, "Host"), auto_start_at=2)
    core.sit_host(trio.current_time(), policy=make_policy("idle", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    seen: list[object] = []
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        client = PeerClient(peer, invite, connect=memory_connector(handle, nursery), on_output=seen.append)
        nursery.start_soon(client.run)
        while core.phase is TablePhase.LOBBY or core.game is None or core.game.pending()[0].seat != peer.seat:
            await trio.sleep(0.1)
        seq = core.seq
        await trio.sleep(DECISION_SECONDS - 5)
        game = peer.replica.game
        assert game is not None and peer.seat is not None and core.seq == seq
        move = peer.act(game.safe_action(peer.seat), trio.current_time())
        autojump_clock.jump(10)      # the host's process is not run: its deadline passes meanwhile
        await client.send(move)
        while core.seq == seq:
            await trio.sleep(0.1)
        await trio.sleep(1)          # the record reaches the peer
        nursery.cancel_scope.cancel()
    assert body(core.records[seq + 1])["kind"] == "act", "the move that waited was taken"
    assert not any(isinstance(o, ActionUnanswered | HostCheated) for o in seen)
    assert peer.replica.head == core.head


async def test_driver_a_host_loop_late_by_a_second_reads_the_waiting_move_before_timing_out(
        autojump_clock: trio.testing.MockClock) -> None:
    """As above, but the host's loop is late by only a second (a busy 2-core machine, a slow
    disk under the saved game): less than `AWAY_SECONDS`, so its clocks are not restarted,
    yet long enough (over `CLAIM_MARGIN_SECONDS`) for the player to complain had the move
    been sent in time. The move made before the deadline and waiting in the socket as the
    loop wakes is read before the clock is looked at, and taken."""
    core = TableHost(profile(0, "Host"), auto_start_at=2)
    core.sit_host(trio.current_time(), policy=make_policy("idle", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    seen: list[object] = []
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        client = PeerClient(peer, invite, connect=memory_connector(handle, nursery), on_output=seen.append)
        nursery.start_soon(client.run)
        while core.phase is TablePhase.LOBBY or core.game is None or core.game.pending()[0].seat != peer.seat:
            await trio.sleep(0.1)
        seq = core.seq
        deadline = core.next_deadline()
        assert deadline is not None
        await trio.sleep_until(deadline - LATE_MOVE_SECONDS)
        game = peer.replica.game
        assert game is not None and peer.seat is not None and core.seq == seq
        move = peer.act(game.safe_action(peer.seat), trio.current_time())
        autojump_clock.jump(HOST_LATE_SECONDS)   # the host's loop does not run meanwhile
        assert trio.current_time() - deadline < AWAY_SECONDS
        await client.send(move)
        while core.seq == seq:
            await trio.sleep(0.1)
        await trio.sleep(1)          # the record reaches the peer
        nursery.cancel_scope.cancel()
    assert body(core.records[seq + 1])["kind"] == "act", "the move that waited was taken"
    assert not any(isinstance(o, ActionUnanswered | HostCheated) for o in seen)
    assert peer.replica.head == core.head

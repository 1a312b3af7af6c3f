"""One game, one result (issue 20): a finished table owes its end record to the people
offline without a goodbye (`TableHost.owed`: the host waits for them, `p2p.net.driver`), and a
table taken over from records that a player stalled over the end brought back ends with the
lost host's end, never with a handover and a game of its own. Sans-IO: the real host, peer
and resumed-host cores in memory."""
from __future__ import annotations

from helpers.faults import ResumableTable
from helpers.p2p import body, profile

from zemlevlasnyk.p2p.core.bodies import RecordKind
from zemlevlasnyk.p2p.core.handover import ResumedHost
from zemlevlasnyk.p2p.core.handshake import WATCHING
from zemlevlasnyk.p2p.core.host import TableFinished, TablePhase
from zemlevlasnyk.p2p.core.policy import make_policy


def _playing(*, seed: int = 5, host_seat: bool = False) -> ResumableTable:
    table = ResumableTable(peers=0, seed=seed)
    if host_seat:
        table.deliver(table.host.sit_host(table.now, policy=make_policy("medium", seed)))
    for n in (1, 2):
        table.add_peer(n, policy=make_policy("medium", seed * 10 + n))
    table.run()
    table.deliver(table.host.start(table.now))
    table.run(until=lambda: table.host.seq >= 20)
    assert table.host.phase is TablePhase.PLAYING
    return table


def _finished(table: ResumableTable) -> TableFinished:
    table.finish()
    return next(out for out in table.observed if isinstance(out, TableFinished))


def test_a_finished_table_owes_its_end_to_a_person_offline_without_a_goodbye() -> None:
    table = _playing()
    table.drop(1)                  # hung up, no goodbye (a crash; it may be back)
    assert _finished(table).waiting_for == ("P1",)
    assert table.host.owed == ("P1",)
    table.rejoin(1)
    table.run()
    late = table.peers[1]
    assert late.replica.ended and late.replica.head == table.host.head, "the end record it was owed"
    assert table.host.owed == ()


def test_a_person_who_said_goodbye_is_owed_nothing() -> None:
    table = _playing()
    table.send_from(1, table.peers[1].bye().message)
    table.run()
    assert table.host.owed == ()
    assert _finished(table).waiting_for == ()


def test_a_spectator_whose_connection_fell_silent_is_owed_the_end_one_that_hung_up_is_not() -> None:
    table = _playing()
    for n in (5, 6):
        table.add_peer(n, want=WATCHING)
    table.run()
    table.drop(5, silent=True)     # a closed lid: it may be back
    table.drop(6)                  # it hung up: it left
    assert table.host.owed == ("P5",)
    table.rejoin(5)
    table.run()
    assert table.host.owed == ()


def test_a_table_taken_over_owes_its_end_to_those_who_never_came_back_not_to_a_host_that_left() -> None:
    table = _playing(host_seat=True)
    saved = table.saved(1)
    table.lose_host()
    stayed = ResumedHost(profile(1), saved, now=table.now)
    assert set(stayed.owed) == {"Host", "P2"}
    left = ResumedHost(profile(1), table.saved(1), now=table.now, lost_left=True)
    assert left.owed == ("P2",)


def test_a_player_back_with_the_end_record_ends_a_table_taken_over_with_the_lost_host_s_end() -> None:
    """A player stalled over the game's end (its records stop before it) finds nobody and
    takes the table over; another player comes back holding the lost host's records to the
    end: the table ends there, on the lost host's records and hash, with no handover and no
    game of the new host's own."""
    table = _playing(seed=6)
    table.held.add(1)              # player 1's laptop stalls: what the host sends waits
    table.finish()
    ended = list(table.host.records)
    final = table.host.ledger.state_hash
    assert len(table.records_of(1)) < len(ended), "the stalled player lacks the end"
    table.lose_host()              # the host left after its end
    new = table.take_over(1, rejoin=(2,))
    table.run()
    assert new.phase is TablePhase.FINISHED and new.handover_seq is None
    assert new.records == ended and new.ledger.state_hash == final
    assert not any(body(record)["kind"] == RecordKind.HANDOVER for record in new.records)
    assert any(isinstance(out, TableFinished) for out in table.observed[-5:])
    assert new.owed == ()

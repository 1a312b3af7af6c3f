"""An action counts as sent when it went out, not when it was made (p2p/core/peer.py
`went_out`): a player whose own laptop stalled between making its move and sending it
does not complain that the host let the clock run out on it (a fault test caught it: a
player SIGSTOPped 40 s right after its computer player chose, while its saved game was
being written, woke and reported «our move for record 69 was sent and not answered»).
A move that did go out in time and was not answered is still complained of.

A dice contribution likewise (CI caught the same player, SIGSTOPped right after it
contributed to a declared roll, waking to report «the host left out our dice contribution
for record 64»): the host waited its 3 s for it and rolled without it, as it should.

Nor is anything sent before a reconnection a complaint about the records that come after
it: a player the host dropped as silent during its stall sent its move on waking into the
closed connection (or its send failed), and the host's timeout reached it by catch-up."""
from __future__ import annotations

from helpers.p2p import MemoryTable

from zemlevlasnyk.p2p.core.clock import DECISION_MS
from zemlevlasnyk.p2p.core.messages import Contrib
from zemlevlasnyk.p2p.core.peer import ActionUnanswered, ContributionOmitted, Outgoing, TablePeer
from zemlevlasnyk.p2p.core.records import CONTRIB_WAIT_MS

DECISION_SECONDS = DECISION_MS / 1000
STALL_SECONDS = 40.0


def _to_move() -> tuple[MemoryTable, int, TablePeer]:
    table = MemoryTable(peers=2, level=None).start_game()
    n = table.to_move()
    return table, n, table.peers[n]


def _timed_out_after(sent_after: float) -> list[ActionUnanswered]:
    """The person to move makes a move now; it goes out `sent_after` seconds later, after
    the host's clock ran out for it; what the player then says."""
    table, n, peer = _to_move()
    game = peer.replica.game
    assert game is not None and peer.seat is not None
    move = peer.act(game.safe_action(peer.seat), table.now)
    seq = table.host.seq
    table.now += DECISION_SECONDS + 1
    table.deliver(table.host.tick(table.now))
    assert table.host.seq == seq + 1, "the clock ran out"
    peer.went_out(move.message, move_made_at(table) + sent_after)
    table.send_from(n, move.message)
    table.run()
    return table.of(n, ActionUnanswered)


def move_made_at(table: MemoryTable) -> float:
    return table.now - DECISION_SECONDS - 1


def test_an_action_sent_only_after_our_own_stall_is_no_complaint() -> None:
    assert _timed_out_after(STALL_SECONDS) == []


def test_an_action_sent_in_time_and_not_answered_is_complained_of() -> None:
    assert len(_timed_out_after(0.0)) == 1


def _contribution_omitted_after(sent_after: float) -> list[ContributionOmitted]:
    """The clock runs out on a person's roll, so the host declares it; the other person's
    laptop makes its contribution and stalls before sending it; the host waits out its
    time and rolls without it; the contribution goes out `sent_after` seconds after it was
    made; what that person says."""
    table, mover, _ = _to_move()
    stalled = next(n for n in table.peers if n != mover)
    table.held.add(stalled)
    table.advance(DECISION_SECONDS + 1)
    made_at = table.now
    contributions = [out.message for data in table.take_parked(stalled)
                     for out in table.peers[stalled].receive(data, made_at)
                     if isinstance(out, Outgoing) and isinstance(out.message, Contrib)]
    assert len(contributions) == 1, "the stalled person was asked for its contribution"
    seq = table.host.seq
    table.advance(CONTRIB_WAIT_MS / 1000 + 1)
    assert table.host.seq > seq, "the host rolled without it"
    table.peers[stalled].went_out(contributions[0], made_at + sent_after)
    table.send_from(stalled, contributions[0])
    table.release(stalled)
    return table.of(stalled, ContributionOmitted)


def test_a_contribution_sent_only_after_our_own_stall_is_no_complaint() -> None:
    assert _contribution_omitted_after(STALL_SECONDS) == []


def test_a_contribution_sent_in_time_and_left_out_is_complained_of() -> None:
    assert len(_contribution_omitted_after(0.0)) == 1


# A player whose laptop stalls long enough is dropped by the host as silent (IDLE_SECONDS);
# the player learns of it only on waking, when what it sends meanwhile goes into the closed
# connection (or fails to go out at all). The records it then receives by catch-up, after
# dialling again, were made while the host did not have it: none of them is a complaint.

def test_an_action_sent_into_a_connection_the_host_had_dropped_is_no_complaint() -> None:
    table, n, peer = _to_move()
    game = peer.replica.game
    assert game is not None and peer.seat is not None
    seq = table.host.seq
    table.drop(n)   # the host gave up on our silent connection; we do not know it yet
    table.advance(DECISION_SECONDS - 1)
    assert table.host.seq == seq, "the clock has not run out yet"
    move = peer.act(game.safe_action(peer.seat), table.now)
    peer.went_out(move.message, table.now)   # handed to the connection the host closed
    table.send_from(n, move.message)         # (which the host never reads)
    table.advance(2.0)
    assert table.host.seq > seq, "the clock ran out a second after our move went out"
    table.add_peer(n, last_seq=peer.replica.seq)   # we dial again: the timeout comes by catch-up
    table.run()
    assert peer.replica.seq == table.host.seq
    assert table.of(n, ActionUnanswered) == []


def test_a_contribution_that_never_went_out_before_the_host_dropped_us_is_no_complaint() -> None:
    table, mover, _ = _to_move()
    stalled = next(n for n in table.peers if n != mover)
    table.held.add(stalled)
    table.advance(DECISION_SECONDS + 1)
    made_at = table.now
    contributions = [out for data in table.take_parked(stalled)
                     for out in table.peers[stalled].receive(data, made_at)
                     if isinstance(out, Outgoing) and isinstance(out.message, Contrib)]
    assert len(contributions) == 1, "the stalled person was asked for its contribution"
    seq = table.host.seq
    table.advance(CONTRIB_WAIT_MS / 1000 + 1)
    assert table.host.seq > seq, "the host rolled without it"
    table.drop(stalled)   # and then dropped the silent connection; our contribution never went out
    table.release(stalled)
    peer = table.peers[stalled]
    table.add_peer(stalled, last_seq=peer.replica.seq)
    table.run()
    assert peer.replica.seq == table.host.seq
    assert table.of(stalled, ContributionOmitted) == []

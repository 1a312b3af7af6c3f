"""A player who left a clock-off table on purpose costs the others no wait (issue 8, defect 3).

At a table without the decision clock, a seat whose connection is gone is timed: the table
waits the rules' clock (30 s) for each of its decisions, since a dropped connection may be
back within seconds. A player who said goodbye (`bye`, signed by its key) is not coming back
soon: its seat is played by safe moves at once, each `timeout` record carrying the signed
goodbye as the peers' proof (`timer.left`), until the player comes back, when the seat is
theirs again at once. Peers accept such a timeout only with a goodbye the seat's key signed
for this table, given after that seat's latest own action.
"""
from __future__ import annotations

from dataclasses import replace

from helpers.p2p import MemoryTable, body, payload

from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.core.bodies import RecordKind
from zemlevlasnyk.p2p.core.clock import DECISION_MS
from zemlevlasnyk.p2p.core.errors import Cheat
from zemlevlasnyk.p2p.core.host import SeatOnline, TablePhase
from zemlevlasnyk.p2p.core.peer import TablePeer, TimedOutWhileHere

DECISION_SECONDS = DECISION_MS / 1000


def _started(*, clock: bool = False) -> MemoryTable:
    return MemoryTable(peers=2, level=None, clock=clock).start_game()


def _leave(table: MemoryTable, n: int) -> None:
    table.send_from(n, table.peers[n].bye().message)
    table.run()
    assert n in table.closed


def _play_the_other(table: MemoryTable, stays: int, moves: int) -> None:
    """The player who stayed makes `moves` safe moves, as soon as each is theirs."""
    peer = table.peers[stays]
    for _ in range(moves):
        game = peer.replica.game
        if table.host.phase is not TablePhase.PLAYING or game is None:
            return
        assert peer.seat in {d.seat for d in game.pending()}, "the table waits for nobody else"
        table.send_from(stays, peer.act(game.safe_action(peer.seat), table.now).message)
        table.run()


def _timeouts(table: MemoryTable, after: int) -> list[dict]:
    return [body(r) for r in table.host.records[after + 1:] if body(r)["kind"] == RecordKind.TIMEOUT]


def test_a_player_who_left_a_clock_off_table_is_played_by_safe_moves_at_once() -> None:
    table = _started()
    n = table.to_move()
    stays = next(m for m in table.peers if m != n)
    seat, seq = table.peers[n].seat, table.host.seq
    _leave(table, n)
    _play_the_other(table, stays, 40)   # no time passes at all
    timeouts = _timeouts(table, seq)
    assert len(timeouts) >= 10 and all(t["auto"]["seat"] == seat and "left" in t["timer"] for t in timeouts)
    assert all(t["at"] - t["timer"]["since"] < DECISION_MS for t in timeouts)
    assert table.cheated(stays) is None and table.peers[stays].replica.head == table.host.head


def test_a_dropped_player_at_a_clock_off_table_still_waits_its_clock() -> None:
    """A connection that merely dropped may be back within seconds: its seat waits."""
    table = _started()
    n = table.to_move()
    seq = table.host.seq
    table.drop(n)
    table.run()
    table.advance(DECISION_SECONDS - 1)
    assert table.host.seq == seq, "nothing is decided for a dropped player before its clock runs out"
    table.advance(1.5)
    [timeout] = _timeouts(table, seq)[:1]
    assert "left" not in timeout["timer"] and timeout["at"] - timeout["timer"]["since"] >= DECISION_MS


def test_an_unsigned_goodbye_is_a_dropped_connection() -> None:
    """A `bye` without its signature proves nothing to the peers: the seat waits its clock."""
    table = _started()
    n = table.to_move()
    seq = table.host.seq
    table.send_from(n, messages.Bye(table.peers[n].replica.seq, table.peers[n].replica.state_hash))
    table.run()
    assert n in table.closed and table.host.seq == seq


def test_a_player_who_left_and_comes_back_has_the_seat_again_at_once() -> None:
    table = _started()
    n = table.to_move()
    stays = next(m for m in table.peers if m != n)
    seq = table.host.seq
    _leave(table, n)
    _play_the_other(table, stays, 3)
    assert _timeouts(table, seq)
    peer = table.add_peer(n, last_seq=table.peers[n].replica.seq)
    table.run()
    # Back: the table waits for the player's own decisions again, as long as it takes.
    for _ in range(40):
        game = peer.replica.game
        assert game is not None and table.host.phase is TablePhase.PLAYING
        pending = {d.seat for d in game.pending()}
        if peer.seat in pending:
            break
        _play_the_other(table, stays, 1)
    before = table.host.seq
    table.advance(10 * DECISION_SECONDS)
    assert table.host.seq == before, "a player back at a clock-off table is never timed out"
    game = peer.replica.game
    assert game is not None
    table.send_from(n, peer.act(game.safe_action(peer.seat), table.now).message)
    table.run()
    assert body(table.host.records[before + 1])["kind"] == "act"
    assert table.cheated(n) is None and not table.of(n, TimedOutWhileHere)


def _forge_left_timeout(table: MemoryTable, n: int, goodbye: messages.Bye) -> None:
    """The host plays n's seat at once, showing `goodbye` as its proof."""
    host = table.host
    game = host.game
    seat = table.peers[n].seat
    assert game is not None and seat is not None
    action = game.safe_action(seat)
    assert action is not None
    entry = host.ledger.host(RecordKind.TIMEOUT, action, host._at(table.now), since=host.ledger.at, left=goodbye)
    table.deliver(host._after(entry, table.now))
    table.run()


def test_a_timeout_at_once_without_the_seats_own_goodbye_is_caught() -> None:
    table = _started()
    n = table.to_move()
    other = next(m for m in table.peers if m != n)
    forged = table.peers[other].bye()     # signed, but by another seat's key
    table.drop(n)
    _forge_left_timeout(table, n, forged.message)
    cheated = table.cheated(other)
    assert cheated is not None and cheated.error.kind is Cheat.SIGNATURE


def test_a_goodbye_given_before_the_seats_own_later_move_is_no_proof() -> None:
    """A player who said goodbye and came back and moved: its old goodbye does not let the
    host play its seat at once."""
    table = _started()
    n = table.to_move()
    other = next(m for m in table.peers if m != n)
    peer = table.peers[n]
    old = peer.bye()                      # said, and kept by a dishonest host
    game = peer.replica.game
    assert game is not None
    table.send_from(n, peer.act(game.safe_action(peer.seat), table.now).message)
    table.run()
    while table.to_move() != n:
        _play_the_other(table, other, 1)
    _forge_left_timeout(table, n, old.message)
    cheated = table.cheated(other)
    assert cheated is not None and cheated.error.kind is Cheat.CLOCK


def test_a_goodbye_at_a_clock_on_table_changes_nothing() -> None:
    """With the clock on, every seat is timed as it is: a player who left waits its clock."""
    table = _started(clock=True)
    n = table.to_move()
    seq = table.host.seq
    _leave(table, n)
    assert table.host.seq == seq
    table.advance(DECISION_SECONDS + 1)
    [timeout] = _timeouts(table, seq)[:1]
    assert "left" not in timeout["timer"]


def test_a_signed_goodbye_round_trips() -> None:
    peer: TablePeer = _started().peers[1]
    goodbye = peer.bye().message
    assert isinstance(goodbye, messages.Bye) and goodbye.sig is not None
    assert messages.parse_from_peer(payload(goodbye)) == goodbye


# --- who left is told apart from who dropped (the others' windows and the host's lines) ------------

def _seat_view(table: MemoryTable, viewer: int, n: int) -> messages.SeatView:
    lobby = table.peers[viewer].lobby
    assert lobby is not None
    return next(s for s in lobby.seats if s is not None and s.key == table.peers[n].profile.key_hex)


def test_a_player_who_said_goodbye_is_shown_to_the_others_as_left_not_as_offline() -> None:
    table = _started()
    n = table.to_move()
    stays = next(m for m in table.peers if m != n)
    _leave(table, n)
    went = [o for o in table.observed if isinstance(o, SeatOnline)]
    assert went == [SeatOnline(table.peers[n].seat, table.peers[n].profile.name, False, left=True)]
    seen = _seat_view(table, stays, n)
    assert not seen.connected and seen.left
    assert b'"left":true' in payload(table.host.view(None))
    table.add_peer(n)                 # back: the seat is theirs again, and no longer «left»
    table.run()
    seen = _seat_view(table, stays, n)
    assert seen.connected and not seen.left
    assert SeatOnline(table.peers[n].seat, table.peers[n].profile.name, True) in table.observed


def test_a_dropped_player_is_offline_not_left_and_its_lobby_message_is_as_before() -> None:
    """A hang-up (or an unsigned goodbye) proves no leave: the seat is offline, and the
    lobby message carries no `left` field at all, the bytes an older peer always read."""
    table = _started()
    n = table.to_move()
    stays = next(m for m in table.peers if m != n)
    table.drop(n)
    table.run()
    went = [o for o in table.observed if isinstance(o, SeatOnline)]
    assert went == [SeatOnline(table.peers[n].seat, table.peers[n].profile.name, False, left=False)]
    seen = _seat_view(table, stays, n)
    assert not seen.connected and not seen.left
    assert b'"left"' not in payload(table.host.view(None))


def test_a_lobby_message_with_and_without_left_round_trips() -> None:
    """`left` is sent only when true; a seat without it (an older host's) is not left."""
    table = _started()
    n = table.to_move()
    _leave(table, n)
    for view in (table.host.view(None), replace(table.host.view(None), seats=tuple(
            None if s is None else replace(s, left=False) for s in table.host.view(None).seats))):
        assert messages.parse_from_host(payload(view)) == view

"""Taking a table over after its host is lost (docs/PROTOCOL.md section 9), sans-IO: a
player's `ResumedHost` from its saved records, peers rejoining with theirs."""
from __future__ import annotations

import pytest
from helpers.faults import ResumableTable
from helpers.p2p import body, profile

from zemlevlasnyk.p2p.core import commit_reveal
from zemlevlasnyk.p2p.core.bodies import RecordKind
from zemlevlasnyk.p2p.core.errors import CheatingHost, Code
from zemlevlasnyk.p2p.core.handover import ResumedHost, ResumeError, replay
from zemlevlasnyk.p2p.core.host import TablePhase
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import Replica, seal


def _table(*, peers: int = 3, host_seat: bool = False, bots: int = 0, seed: int = 5, **kw) -> ResumableTable:
    table = ResumableTable(peers=0, seed=seed, **kw)
    if host_seat:
        table.deliver(table.host.sit_host(table.now, policy=make_policy("medium", seed)))
    for b in range(bots):
        table.deliver(table.host.add_bot("medium", make_policy("medium", seed + 10 + b), table.now))
    for n in range(1, peers + 1):
        table.add_peer(n, policy=make_policy("medium", seed * 100 + n))
    table.run()
    table.deliver(table.host.start(table.now))
    return table


def _play_until(table: ResumableTable, seq: int) -> None:
    """Play (letting virtual time pass when the table waits, e.g. for a stalled peer)."""
    for _ in range(200):
        table.run(until=lambda: table.host.seq >= seq)
        if table.host.seq >= seq:
            break
        table.now += 1.0
        table.deliver(table.host.tick(table.now))
    assert table.host.phase is TablePhase.PLAYING and table.host.seq >= seq


def _no_cheating(table: ResumableTable) -> None:
    for n in table.peers:
        assert table.cheated(n) is None, table.cheated(n)


def test_handover_a_player_takes_the_table_over_and_the_game_finishes() -> None:
    table = _table(peers=3, bots=1)
    _play_until(table, 60)
    table.lose_host()
    new = table.take_over(1, policy=make_policy("medium", 7), rejoin=(2, 3))
    table.run()
    assert not new.resuming, "everyone expected came back: the handover needs no grace"
    handover = body(new.records[new.handover_seq])
    assert handover["kind"] == RecordKind.HANDOVER and handover["handover"]["new"] == profile(1).key_hex
    assert handover["handover"]["old"] == table.first_host
    assert commit_reveal.opens(handover["handover"]["commit"], bytes.fromhex(handover["reveal"]))
    table.finish()
    _no_cheating(table)
    final = body(new.records[-1])
    assert final["kind"] == "end"
    for n in (2, 3):
        assert table.finished(n) is not None and table.finished(n).state_hash == final["state"]
    # The whole log, handover included, verifies offline from the first host's key.
    replica = Replica(table=new.table, host_key=table.first_host)
    for record in new.records:
        replica.accept(record)
    assert replica.ended and replica.host_key == profile(1).key_hex


def test_handover_records_a_peer_held_and_the_new_host_lacked_are_handed_over() -> None:
    table = _table(peers=3)
    _play_until(table, 40)
    # Peer 1's connection stalls: it misses what the host publishes next; peer 2 gets it all.
    table.held.add(1)
    _play_until(table, 52)
    behind = table.peers[1].replica.seq
    ahead = table.peers[2].replica.seq
    assert ahead > behind
    table.lose_host()
    table.held.clear()
    new = table.take_over(1, policy=make_policy("medium", 3))
    assert new.seq == behind and new.resuming
    table.rejoin(3)
    table.run()
    assert new.resuming, "peer 2 is expected back: the grace is not over"
    table.rejoin(2)
    table.run()
    # Peer 2's records were handed over before the handover, which chains onto the last one.
    assert new.handover_seq == ahead + 1
    assert new.records[:ahead + 1] == table.records_of(2)[:ahead + 1]
    table.finish()
    _no_cheating(table)
    assert table.finished(3).state_hash == table.finished(2).state_hash == body(new.records[-1])["state"]


def test_handover_after_the_grace_without_the_missing_players() -> None:
    table = _table(peers=3)
    _play_until(table, 30)
    table.lose_host()
    new = table.take_over(2, policy=make_policy("medium", 3), grace=5.0, rejoin=(1,))
    table.run()
    assert new.resuming
    table.advance(5.0)
    assert not new.resuming and body(new.records[-1])["kind"] in (RecordKind.HANDOVER, "host", "timeout", "act",
                                                                  "chance")
    # Peer 3 comes back after the handover: it catches up and plays on.
    table.rejoin(3)
    table.finish()
    _no_cheating(table)
    assert table.finished(3).state_hash == body(new.records[-1])["state"]


def test_handover_old_hosts_own_seat_becomes_a_persons_and_it_rejoins_as_a_player() -> None:
    table = _table(peers=2, host_seat=True, bots=1)
    _play_until(table, 50)
    old_records = list(table.host.records)
    table.lose_host()
    new = table.take_over(1, policy=make_policy("medium", 4), rejoin=(2,))
    table.run()
    assert not new.resuming, "the lost host is not waited for"
    # The restarted old host rejoins with its key and its records, played by a computer player.
    old = TablePeer(profile(0, "Host"), table=new.table, host_key=profile(0).public_key,
                    policy=make_policy("medium", 9))
    old.replica = replay(new.table, table.first_host, old_records)
    table.peers[0] = old
    table.outputs[0], table.refusals[0] = [], []
    kept = len(old_records)
    table.add_peer(0, last_seq=old.replica.seq)
    table.run()
    while 0 in table.closed:
        # Its last record reached nobody before it died: the table went on without it.
        assert table.closed[0].code is Code.FORKED and table.cheated(0) is None
        kept -= 1
        old.replica = replay(new.table, table.first_host, old_records[:kept])
        table.add_peer(0, last_seq=old.replica.seq)
        table.run()
    assert kept == new.handover_seq
    table.finish()
    _no_cheating(table)
    assert old.seat == 0 and old.finished is not None
    acts = [body(r) for r in new.records[new.handover_seq:] if body(r)["kind"] == "act"]
    assert any(a["act"]["seat"] == 0 for a in acts), "the old host's seat acted as a person, signing"


def test_handover_voids_a_declared_action() -> None:
    table = _table(peers=2, bots=1)
    # Play until a computer player's roll is declared and awaits the people's contributions.
    table.run(until=lambda: all(p.replica.declared is not None for p in table.peers.values()))
    declared = table.host.seq
    table.lose_host()
    # Both peers verified the declaration; peer 1 takes over and peer 2 comes back.
    assert table.peers[1].replica.declared is not None
    new = table.take_over(1, policy=make_policy("medium", 2), rejoin=(2,))
    table.run()
    assert new.handover_seq == declared + 1 and table.peers[2].replica.declared is None
    table.finish()
    _no_cheating(table)


def test_handover_a_late_peer_with_records_past_the_handover_is_refused_not_accused() -> None:
    table = _table(peers=3)
    _play_until(table, 30)
    table.held.add(1)
    _play_until(table, 36)
    table.lose_host()
    table.held.clear()
    new = table.take_over(1, policy=make_policy("medium", 3), grace=2.0, rejoin=(3,))
    table.advance(2.0)
    assert not new.resuming
    table.rejoin(2)
    table.run()
    assert table.closed[2].code is Code.FORKED and table.cheated(2) is None


def test_handover_the_new_host_times_decisions_by_the_rules_clock() -> None:
    """A table whose rules set a 90 s clock keeps it after a hand-over: the new host times
    its own idle seat out at 90 s, not at the default 30 s, and the players accept it."""
    table = _table(peers=3, preset="klasyka", options={"clock": 90})
    _play_until(table, 40)
    table.lose_host()
    new = table.take_over(1, rejoin=(2, 3))  # nobody at the new host's keyboard
    table.run()
    assert new.handover_seq is not None
    mine = next(n for n, p in enumerate(new.replica.players) if p.key == profile(1).key_hex)
    timeout = None
    for _ in range(400):
        timeout = next((body(r) for r in new.records[new.handover_seq:]
                        if body(r)["kind"] == "timeout" and body(r)["auto"]["seat"] == mine), None)
        if timeout is not None:
            break
        table.advance(1.0)
    assert timeout is not None, "the new host's seat was never timed out"
    assert 90_000 <= timeout["at"] - timeout["timer"]["since"] < 92_000
    _no_cheating(table)
    assert all(table.peers[n].replica.head == new.head for n in (2, 3))


def test_handover_only_a_seated_person_or_the_first_host_may_take_over() -> None:
    table = _table(peers=2, bots=1)
    _play_until(table, 20)
    saved = table.saved(1)
    stranger = profile(9)
    with pytest.raises(ResumeError) as caught:
        ResumedHost(stranger, saved, now=table.now)
    assert caught.value.problem == "not_seated"


def _handover_body(table: ResumableTable, replica: Replica, *, old: str, new: str, commit: str | None = None,
                   reveal: bytes = b"\x07" * 32) -> dict:
    return {"table": table.host.table, "seq": replica.seq + 1, "prev": replica.head, "kind": RecordKind.HANDOVER,
            "at": replica.at, "reveal": reveal.hex(), "renew": None, "diff": [], "state": replica.state_hash,
            "handover": {"old": old, "new": new, "commit": commit or commit_reveal.commitment(reveal)}}


@pytest.mark.parametrize("case", ["stranger", "wrong_old", "unopened", "signed_by_old"])
def test_handover_forged_ones_are_cheating(case) -> None:
    table = _table(peers=2, bots=1)
    _play_until(table, 20)
    replica = table.saved(1).replica
    first = table.first_host
    key, old, new, commit = profile(1).signing_key, first, profile(1).key_hex, None
    if case == "stranger":
        key, new = profile(9).signing_key, profile(9).key_hex
    elif case == "wrong_old":
        old = profile(2).key_hex
    elif case == "unopened":
        commit = commit_reveal.commitment(b"\x08" * 32)
    elif case == "signed_by_old":
        key = profile(0).signing_key
    record = seal(key, _handover_body(table, replica, old=old, new=new, commit=commit))
    with pytest.raises(CheatingHost):
        replica.accept(record.wire)


def test_handover_the_first_host_may_take_its_own_table_back() -> None:
    table = _table(peers=2, host_seat=True)
    _play_until(table, 25)
    replica = table.saved(1).replica
    record = seal(profile(0).signing_key, _handover_body(table, replica, old=table.first_host,
                                                         new=table.first_host))
    replica.accept(record.wire)
    assert replica.host_key == table.first_host and replica.seq == record_seq(record.wire)


def test_handover_the_new_host_plays_the_computer_players_and_its_own_seat() -> None:
    table = _table(peers=2, host_seat=True, bots=1)
    _play_until(table, 30)
    table.lose_host()
    new = table.take_over(1, policy=make_policy("medium", 2), rejoin=(2,))
    table.run()
    assert not new.resuming
    replica = table.peers[2].replica
    assert replica.host_key == profile(1).key_hex
    # Seat 0 is the old host's own (a person's now), seat 1 the computer player, seat 2 the new host's.
    assert [replica.hosts(n) for n in range(4)] == [False, True, True, False]
    table.finish()
    _no_cheating(table)
    hosted = {body(r)["auto"]["seat"] for r in new.records[new.handover_seq:] if body(r)["kind"] == "host"}
    assert hosted <= {1, 2} and hosted


def test_handover_a_host_record_for_a_seat_the_new_host_does_not_play_is_cheating() -> None:
    table = _table(peers=2, host_seat=True, bots=1)
    _play_until(table, 30)
    table.lose_host()
    new = table.take_over(1, policy=make_policy("medium", 2), rejoin=(2,))
    table.run()
    replica = replay(new.table, table.first_host, new.records)
    # Forge the new host's next record (with its true next secret): a `host` record for seat
    # 0, the old host's own seat, which only its person may play now.
    forged = {"table": new.table, "seq": replica.seq + 1, "prev": replica.head, "kind": "host", "at": replica.at,
              "reveal": new.ledger._secret.hex(), "renew": None, "diff": [], "state": replica.state_hash,
              "auto": {"type": "resign", "seat": 0}}
    with pytest.raises(CheatingHost, match="does not play"):
        replica.accept(seal(profile(1).signing_key, forged).wire)


def record_seq(wire: bytes) -> int:
    return int(body(wire)["seq"])


def test_handover_a_saved_game_with_a_handover_verifies_whole(tmp_path) -> None:
    from zemlevlasnyk.p2p.store import savegame
    from zemlevlasnyk.p2p.store.verify import verify_game
    table = _table(peers=2, bots=1)
    _play_until(table, 40)
    table.lose_host()
    new = table.take_over(1, policy=make_policy("medium", 7), rejoin=(2,))
    table.finish()
    path = tmp_path / "taken-over.zvl"
    header = savegame.header_for(new.records[0], table=new.table, host=table.first_host, me=profile(2).key_hex)
    with savegame.SaveGame.open(path, header) as saved:
        for seq, data in enumerate(table.records_of(2)):
            saved.append(seq, data)
    verdict = verify_game(path)
    assert verdict.ok and verdict.records == new.seq + 1, verdict


def test_handover_of_a_game_already_won_publishes_its_end_record() -> None:
    """The lost host published the winning move but not the end record: the new host's
    handover is followed at once by the signed end."""
    table = _table(peers=2, bots=1)
    table.run(until=lambda: all(p.replica.over for p in table.peers.values()))
    ended = next(n for n, r in enumerate(table.host.records) if body(r)["kind"] == "end")
    # Every player got the winning record, none the end record.
    for n in (1, 2):
        kept = table.kept[n]
        for seq in [s for s in kept if s >= ended]:
            del kept[seq]
        table.peers[n].replica = replay(table.host.table, table.first_host, table.records_of(n))
        assert table.peers[n].replica.over and not table.peers[n].replica.ended
    table.lose_host()
    new = table.take_over(1, rejoin=(2,))
    table.run()
    kinds = [body(r)["kind"] for r in new.records[ended:]]
    assert kinds == [RecordKind.HANDOVER, "end"] and new.phase is TablePhase.FINISHED
    assert table.finished(2) is not None and table.cheated(2) is None


def test_handover_a_player_dropped_after_the_handover_rejoins_the_new_host() -> None:
    """A player whose Wi-Fi drops after the handover (it holds the handover record and the
    new host's records after it) comes back to the new host and plays on: its records past
    the handover are the new host's own, not a fork."""
    table = _table(peers=3, bots=1)
    _play_until(table, 40)
    table.lose_host()
    new = table.take_over(1, policy=make_policy("medium", 7), rejoin=(2, 3))
    assert new.handover_seq is not None
    table.run(until=lambda: new.seq >= new.handover_seq + 5)
    assert not new.resuming and table.peers[2].replica.seq > new.handover_seq
    table.drop(2)
    table.run(until=lambda: new.seq >= new.handover_seq + 10)
    back_at = table.peers[2].replica.seq
    table.rejoin(2)
    table.run(until=lambda: table.peers[2].replica.seq >= new.handover_seq + 30)
    assert 2 not in table.closed, table.closed.get(2)
    held = table.records_of(2)
    assert len(held) > back_at + 20 and held == new.records[:len(held)]
    _no_cheating(table)

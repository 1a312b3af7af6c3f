"""docs/RULES.md, "Quick games", at a table: the options are in the first signed record, the
deal is the start's committed chance, and the time limit ends the game by the host's signed
clock, which every peer checks (a host that ends early or plays on past the end is caught).
The real host and peer cores, in memory (tests/helpers/p2p.py MemoryTable)."""
from __future__ import annotations

from helpers.p2p import MemoryTable, body

from zemlevlasnyk.engine import Event, load_rules
from zemlevlasnyk.engine.events import SpeedDieRolled, TimeLimitReached, TimeUp
from zemlevlasnyk.engine.options import QUICK_GAME
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.ledger import Ledger
from zemlevlasnyk.p2p.core.peer import Applied
from zemlevlasnyk.p2p.core.records import Replica

# A quarter of an hour, the least limit, so that the decision clock's timeouts (30 s each)
# reach it in about thirty records.
SHORT = {**QUICK_GAME, "time_limit": 15}
LIMIT_MS = 15 * 60_000
# Beyond this many advances of the decision clock the table has stopped ending the game.
MAX_ADVANCES = 400


def _timed_out_to_the_end(table: MemoryTable) -> None:
    """Nobody acts: the decision clock plays every decision's safe action, 31 s apart."""
    table.run()
    if table.host.phase is TablePhase.LOBBY:
        table.deliver(table.host.start(table.now))
    table.run()
    for _ in range(MAX_ADVANCES):
        if table.host.phase is TablePhase.FINISHED or any(table.cheated(n) for n in table.peers):
            return
        table.advance(31.0)
    raise AssertionError("the time limit never ended the game")


def _events(table: MemoryTable, n: int) -> list[Event]:
    return [e for out in table.of(n, Applied) for e in out.events]


def test_quick_table_plays_its_options_from_the_first_record_and_ends_by_the_signed_clock() -> None:
    table = MemoryTable(peers=2, level=None, options=SHORT)
    _timed_out_to_the_end(table)
    setup = body(table.host.records[0])["setup"]
    assert setup["options"] == SHORT and setup["rules"] == load_rules("zemlevlasnyk", SHORT).digest
    game = table.host.game
    assert game is not None and game.outcome() is not None
    for n in table.peers:
        assert table.cheated(n) is None
        assert table.peers[n].replica.head == table.host.head
        finished = table.finished(n)
        assert finished is not None and finished.outcome == game.outcome()
        events = _events(table, n)
        up = [e for e in events if isinstance(e, TimeUp)]
        assert len(up) == 1 and [e for e in events if isinstance(e, TimeLimitReached)]
    # The limit passed in a record whose signed time is past it, and none before.
    ats = [body(r)["at"] for r in table.host.records[1:]]
    first_past = next(i for i, at in enumerate(ats) if at >= LIMIT_MS)
    assert all(at < LIMIT_MS for at in ats[:first_past])


def test_quick_table_deal_is_the_start_records_chance_and_every_peer_checks_it() -> None:
    table = MemoryTable(peers=2, level=None, options=QUICK_GAME)
    table.run()
    table.deliver(table.host.start(table.now))
    table.run()
    start = body(table.host.records[0])
    # A fresh replica of the start record alone deals the same deeds: the state hash it reaches.
    replica = Replica(table=table.host.table, host_key=table.host.key_hex)
    replica.accept(table.host.records[0])
    dealt = replica.game
    assert dealt is not None and dealt.state_hash() == start["state"]
    assert [dealt.owner.count(seat) for seat in range(dealt.players)] == [2] * dealt.players
    assert table.host.game is not None
    for n, peer in table.peers.items():
        assert table.cheated(n) is None and peer.replica.game is not None
        assert peer.replica.game.owner == table.host.game.owner


class EarlyLedger(Ledger):
    """Tells its engine the time an hour on: the game ends at once, long before the limit."""

    def _clock(self, at: int) -> list[Event]:
        return super()._clock(at + 60 * 60_000)


class EarlyHost(TableHost):
    ledger_type = EarlyLedger


class EndlessLedger(Ledger):
    """Never tells its engine the time: the game plays on past the limit."""

    def _clock(self, at: int) -> list[Event]:
        return []


class EndlessHost(TableHost):
    ledger_type = EndlessLedger


def test_quick_table_a_host_that_ends_the_game_early_is_caught() -> None:
    table = MemoryTable(peers=2, level=None, options=SHORT, host_cls=EarlyHost)
    _timed_out_to_the_end(table)
    for n in table.peers:
        cheated = table.cheated(n)
        assert cheated is not None and "state" in str(cheated) and table.finished(n) is None
    # Caught at the first record that applied an action, long before the limit.
    assert all(body(r)["at"] < LIMIT_MS for r in table.host.records[1:3])


def test_quick_table_a_host_that_plays_on_past_the_time_limit_is_caught() -> None:
    table = MemoryTable(peers=2, level=None, options=SHORT, host_cls=EndlessHost)
    _timed_out_to_the_end(table)
    for n in table.peers:
        assert table.cheated(n) is not None and table.finished(n) is None
        assert not [e for e in _events(table, n) if isinstance(e, TimeUp)]   # refused, never applied
    # Caught at the first record signed past the limit that applies an action (a roll's
    # declaration before it, which waits for the dice, changes nothing).
    past = [body(r) for r in table.host.records[1:] if body(r)["at"] >= LIMIT_MS]
    assert past and all("await" in b for b in past[:-1])


def test_quick_table_speed_die_is_rolled_by_the_records_chance() -> None:
    table = MemoryTable(peers=2, level="medium", options={"speed_die": True}, clock=False)
    table.start_game()
    assert table.host.phase is TablePhase.FINISHED
    for n in table.peers:
        assert table.cheated(n) is None and table.peers[n].replica.head == table.host.head
        assert [e for e in _events(table, n) if isinstance(e, SpeedDieRolled)]

"""A friends table with the quick game's options (docs/RULES.md, "Quick games") through the
real adapters: over TCP on 127.0.0.1 a joined peer plays and verifies a whole game with the
speed die and the deal (its saved game verifies offline); on trio's MockClock, the time
limit ends a game by the driver's signed clock, the peer accepts that end, and its saved game
verifies offline."""
from __future__ import annotations

import trio
from helpers.p2p import body, memory_connector, profile, serve_on_loopback

from zemlevlasnyk.engine import Event, load_rules
from zemlevlasnyk.engine.events import SpeedDieRolled, TimeLimitReached, TimeUp
from zemlevlasnyk.engine.options import QUICK_GAME
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.peer import Applied, HostCheated, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import Replica
from zemlevlasnyk.p2p.net.client import PeerClient
from zemlevlasnyk.p2p.store.verify import verify_game

# The least time limit, so the decision clock's timeouts of an idle peer reach it soon.
SHORT = {**QUICK_GAME, "time_limit": 15}


async def test_quick_table_over_tcp_is_played_and_verified_by_a_joined_peer(tmp_path) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=False, options=QUICK_GAME)
    core.sit_host(0.0, policy=make_policy("medium", 3))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy("medium", 4))
    events: list[Event] = []
    cheats: list[HostCheated] = []

    def watch(out: object) -> None:
        if isinstance(out, Applied):
            events.extend(out.events)
        elif isinstance(out, HostCheated):
            cheats.append(out)

    async with trio.open_nursery() as nursery:
        _, invite = await serve_on_loopback(nursery, core, log_path=tmp_path / "host.zvl")
        finished = await PeerClient(peer, invite, log_path=tmp_path / "peer.zvl", on_output=watch).run()
    assert not cheats and core.phase is TablePhase.FINISHED
    assert body(core.records[0])["setup"]["options"] == QUICK_GAME
    assert finished.state_hash == body(core.records[-1])["state"] == core.ledger.state_hash
    assert [e for e in events if isinstance(e, SpeedDieRolled)], "the speed die was rolled"
    start = Replica(table=core.table, host_key=core.key_hex, rules=load_rules("zemlevlasnyk", QUICK_GAME))
    start.accept(core.records[0])
    assert start.game is not None and [start.game.owner.count(seat) for seat in range(2)] == [2, 2]
    verdict = verify_game(tmp_path / "peer.zvl")
    assert verdict.ok and verdict.records == core.seq + 1, verdict


async def test_quick_table_time_limit_ends_by_the_drivers_signed_clock(autojump_clock, tmp_path) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=2, options=SHORT)
    core.sit_host(trio.current_time(), policy=make_policy("medium", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    events: list[tuple[int, Event]] = []

    def watch(out: object) -> None:
        if isinstance(out, Applied):
            events.extend((out.record.at, e) for e in out.events)

    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        client = PeerClient(peer, invite, connect=memory_connector(handle, nursery), on_output=watch,
                            log_path=tmp_path / "peer.zvl")
        with trio.fail_after(4 * 15 * 60):
            finished = await client.run()
        nursery.cancel_scope.cancel()
    up = [(at, e) for at, e in events if isinstance(e, TimeUp)]
    assert len(up) == 1 and up[0][0] >= 15 * 60_000
    assert [e for _, e in events if isinstance(e, TimeLimitReached)]
    assert finished.state_hash == core.ledger.state_hash and peer.replica.head == core.head
    verdict = verify_game(tmp_path / "peer.zvl")     # offline, the end checked on the signed times again
    assert verdict.ok and verdict.outcome is not None, verdict

"""A host that leaves on purpose says so (`host_left`, docs/PROTOCOL.md section 9): the
people of a lobby learn at once that its table is gone, and mid-game the first player in
the takeover order takes the table over within moments, not after the minute of silence
a lost host is given. Over real TCP on 127.0.0.1, in one process."""
from __future__ import annotations

import trio
from helpers.p2p import MemoryTable, profile, serve_on_loopback

from zemlevlasnyk.p2p.core.errors import Code, Fault, ProtocolError
from zemlevlasnyk.p2p.core.follow import RESUME_AFTER_SECONDS, TakingOver
from zemlevlasnyk.p2p.core.host import Close, TableHost, TablePhase
from zemlevlasnyk.p2p.core.peer import Admitted, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import PeerClient
from zemlevlasnyk.p2p.net.resume import Follower, Listening, SavedRecords


def _peer(n: int, core: TableHost) -> TablePeer:
    return TablePeer(profile(n), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy("medium", 10 + n))


async def test_host_leaving_the_lobby_tells_the_people_at_once(tmp_path) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    admitted = trio.Event()
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        client = PeerClient(_peer(1, core), invite,
                            on_output=lambda out: admitted.set() if isinstance(out, Admitted) else None)
        with trio.fail_after(10):
            failure: list[ProtocolError] = []

            async def join() -> None:
                try:
                    await client.run()
                except ProtocolError as exc:
                    failure.append(exc)

            nursery.start_soon(join)
            await admitted.wait()
            assert core.phase is TablePhase.LOBBY
            handle.close()
            while not failure:
                await trio.sleep(0.01)
    assert failure[0].code is Code.HOST_LEFT and failure[0].fault is Fault.REMOTE


def test_host_leave_closes_every_connection_with_host_left_until_the_game_is_over() -> None:
    table = MemoryTable(peers=2, clock=False)
    assert table.host.phase is TablePhase.LOBBY
    lobby = table.host.leave()
    assert len(lobby) == 2 and all(isinstance(c, Close) and c.code is Code.HOST_LEFT for c in lobby)
    table.run(max_steps=200, quiet=False)
    if table.host.phase is TablePhase.LOBBY:
        table.deliver(table.host.start(table.now))
    table.run(max_steps=200, quiet=False)
    assert table.host.phase is TablePhase.PLAYING
    closes = table.host.leave()
    assert closes and all(isinstance(c, Close) and c.code is Code.HOST_LEFT for c in closes)
    assert {c.conn for c in closes} == set(table.host.conns)
    table.run()
    assert table.host.phase is TablePhase.FINISHED
    assert table.host.leave() == [], "the end record said it all"


async def test_host_leaving_mid_game_is_taken_over_without_waiting_the_silence(tmp_path) -> None:
    """The host leaves (its window closed, Ctrl-C) at record 20: the one person at the
    table takes it over at once, where a host merely lost is waited for a minute."""
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    peer = _peer(1, core)
    seen: list[object] = []
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        saved = SavedRecords(tmp_path / "peer.zvl", table=core.table, first_host=core.key_hex,
                             me=peer.profile.key_hex)
        follower = Follower(peer, invite, saved, on_output=seen.append, bind="127.0.0.1")
        nursery.start_soon(follower.run)
        with trio.fail_after(60):
            while core.seq < 20 or peer.replica.seq < core.seq:
                await trio.sleep(0.01)
            handle.close()
            while not any(isinstance(out, Listening) for out in seen):
                await trio.sleep(0.05)
        nursery.cancel_scope.cancel()
    took = next(out for out in seen if isinstance(out, TakingOver))
    assert took.waited < RESUME_AFTER_SECONDS / 4, took
    assert follower.hosting is not None and follower.hosting.core.key_hex == peer.profile.key_hex

"""The decision clock and dropped peers, on trio's MockClock (autojump) over memory streams."""
from __future__ import annotations

import pytest
import trio
import trio.testing
from helpers.p2p import body, memory_connector, profile, serve_on_loopback

from zemlevlasnyk.p2p.core.clock import DECISION_MS
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.peer import Applied, HostCheated, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import PeerClient

DECISION_SECONDS = DECISION_MS / 1000


async def test_an_idle_player_is_timed_out_with_the_safe_action(autojump_clock) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=2)
    core.sit_host(trio.current_time(), policy=make_policy("random", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    seen: list[tuple[float, Applied, dict[int, float]]] = []

    def watch(out) -> None:
        if isinstance(out, Applied):
            now = trio.current_time()
            seen.append((now, out, peer.clock_left(now)))

    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        client = PeerClient(peer, invite, connect=memory_connector(handle, nursery), on_output=watch)
        nursery.start_soon(client.run)
        with trio.fail_after(10 * DECISION_SECONDS):
            while not any(a.kind == "timeout" for _, a, _ in seen):
                await trio.sleep(1)
        nursery.cancel_scope.cancel()
    when, timeout = next((t, a) for t, a, _ in seen if a.kind == "timeout")
    before = [(t, a, left) for t, a, left in seen if a.seq == timeout.seq - 1][0]
    assert when - before[0] >= DECISION_SECONDS
    # the peer counted the deadline down from the signed times of the record before it
    assert 29 <= before[2][peer.seat] <= 30
    assert timeout.record.seat == peer.seat
    assert peer.replica.head == core.head


@pytest.mark.parametrize("seconds", [90, 15])
async def test_the_clock_runs_for_as_long_as_the_rules_clock_option(autojump_clock, seconds: int) -> None:
    """Класика with the clock option at 90 s (and at 15 s): over the driver and real
    connections, an idle player is timed out when the rules' clock runs out, not at the
    default 30 s; the peer counted the same length down and accepted the timeout."""
    core = TableHost(profile(0, "Host"), auto_start_at=2, preset="klasyka", options={"clock": seconds})
    core.sit_host(trio.current_time(), policy=make_policy("idle", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    seen: list[tuple[float, Applied, dict[int, float]]] = []
    cheated: list[HostCheated] = []

    def watch(out) -> None:
        if isinstance(out, Applied):
            now = trio.current_time()
            seen.append((now, out, peer.clock_left(now)))
        elif isinstance(out, HostCheated):
            cheated.append(out)

    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        client = PeerClient(peer, invite, connect=memory_connector(handle, nursery), on_output=watch)
        nursery.start_soon(client.run)
        with trio.fail_after(10 * seconds):
            while not any(a.kind == "timeout" for _, a, _ in seen):
                await trio.sleep(1)
        nursery.cancel_scope.cancel()
    when, timeout = next((t, a) for t, a, _ in seen if a.kind == "timeout")
    started, _, left = [(t, a, left) for t, a, left in seen if a.seq == timeout.seq - 1][0]
    assert seconds <= when - started < seconds + 1
    assert seconds - 1 <= left[peer.seat] <= seconds
    assert timeout.record.seat == peer.seat
    assert not cheated and peer.replica.head == core.head


async def test_the_host_decides_nothing_before_the_clock_runs_out(autojump_clock) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=2)
    core.sit_host(trio.current_time(), policy=make_policy("idle", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        nursery.start_soon(PeerClient(peer, invite, connect=memory_connector(handle, nursery)).run)
        while core.phase is TablePhase.LOBBY or core.game.pending()[0].seat != peer.seat:
            await trio.sleep(0.5)
        seq = core.seq
        await trio.sleep(DECISION_SECONDS - 1)
        assert core.seq == seq
        await trio.sleep(2)
        assert core.seq > seq and body(core.records[seq + 1])["kind"] == "timeout"
        nursery.cancel_scope.cancel()


async def test_a_dropped_peer_keeps_its_seat_and_catches_up(autojump_clock) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=False)
    core.sit_host(trio.current_time(), policy=make_policy("medium", 2))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy("medium", 3))
    dials: list[float] = []
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        to_host = memory_connector(handle, nursery)

        async def connect():
            dials.append(trio.current_time())
            if len(dials) == 2:
                await trio.sleep(3 * DECISION_SECONDS)  # away long enough for the clock to act
            stream = await to_host()
            return _Cut(stream, 12) if len(dials) == 1 else stream

        finished = await PeerClient(peer, invite, connect=connect).run()
    records = [body(r) for r in core.records]
    kinds = [r["kind"] for r in records]
    assert len(dials) == 2, (core.seq, kinds[-5:])
    assert "timeout" in kinds, "the clock must play for an absent player even with the clock off"
    assert all(r["auto"]["seat"] == peer.seat for r in records if r["kind"] == "timeout")
    assert finished.state_hash == records[-1]["state"] and peer.replica.head == core.head


class _Cut(trio.abc.Stream):
    """A stream that breaks after `frames_left` reads, like a laptop leaving the Wi-Fi."""

    def __init__(self, inner: trio.abc.Stream, frames_left: int) -> None:
        self.inner = inner
        self.left = frames_left

    async def send_all(self, data) -> None:
        await self.inner.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        await self.inner.wait_send_all_might_not_block()

    async def receive_some(self, max_bytes=None) -> bytes:
        self.left -= 1
        if self.left < 0:
            await self.inner.aclose()
            raise trio.BrokenResourceError("cut")
        return await self.inner.receive_some(max_bytes)

    async def aclose(self) -> None:
        await self.inner.aclose()


async def test_a_flood_of_silent_connections_never_locks_out_a_handshake(autojump_clock) -> None:
    from zemlevlasnyk.p2p.core.admission import HANDSHAKE_SECONDS, PER_ADDRESS
    from zemlevlasnyk.p2p.core.links import Invite
    from zemlevlasnyk.p2p.net.serve import HostServer
    from zemlevlasnyk.p2p.net.streams import open_table
    core = TableHost(profile(0, "Host"))
    server = HostServer(core)
    async with trio.open_nursery() as nursery:
        silent = []
        for _ in range(40):
            ours, theirs = trio.testing.memory_stream_pair()
            nursery.start_soon(server.handle, theirs)
            silent.append(ours)
        await trio.sleep(0.1)
        assert server.admission.unauthenticated == PER_ADDRESS  # memory streams: all one address
        ours, theirs = trio.testing.memory_stream_pair()
        nursery.start_soon(server.handle, theirs)
        invite = Invite("127.0.0.1", 1, core.table, core.profile.public_key, core.join_secret)
        secure = await open_table(invite, profile(1), stream=ours)  # gets through at once
        await trio.sleep(HANDSHAKE_SECONDS + 1)
        # every silent one was hung up on, the oldest first to make room, the rest in time
        assert [await s.receive_some(10) for s in silent] == [b""] * len(silent)
        assert server.admission.unauthenticated == 0 and server.connections == 1
        await secure.aclose()
        nursery.cancel_scope.cancel()


class _Frozen(_Cut):
    """A stream that goes silent both ways after `frames_left` reads, like a laptop whose
    lid was shut: no goodbye, nothing more."""

    async def send_all(self, data) -> None:
        if self.left < 0:
            await trio.sleep_forever()
        await self.inner.send_all(data)

    async def receive_some(self, max_bytes=None) -> bytes:
        self.left -= 1
        if self.left < 0:
            await trio.sleep_forever()
        return await self.inner.receive_some(max_bytes)


async def test_a_silent_peer_is_dropped_and_keeps_its_seat(autojump_clock) -> None:
    from zemlevlasnyk.p2p.core.limits import IDLE_SECONDS
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=False)
    core.sit_host(trio.current_time(), policy=make_policy("medium", 2))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy("medium", 3))
    dials: list[float] = []
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        to_host = memory_connector(handle, nursery)

        async def connect():
            dials.append(trio.current_time())
            if len(dials) == 2:
                await trio.sleep(2 * DECISION_SECONDS)  # the lid stays shut a while
            stream = await to_host()
            return _Frozen(stream, 12) if len(dials) == 1 else stream

        finished = await PeerClient(peer, invite, connect=connect).run()
    assert len(dials) == 2 and dials[1] - dials[0] >= IDLE_SECONDS  # the peer noticed the silence
    timeouts = [body(r) for r in core.records if body(r)["kind"] == "timeout"]
    assert timeouts and all(r["auto"]["seat"] == peer.seat for r in timeouts), \
        "the host must notice the silence and let the clock play for the absent seat"
    assert finished.state_hash == body(core.records[-1])["state"]


class _DeafHost(TableHost):
    """Leaves the first action of each person unanswered (and lets the clock run out)."""

    ignored: set[str] = set()

    def _on_act(self, info, act, now):
        if info.key not in self.ignored:
            self.ignored.add(info.key)
            return []
        return super()._on_act(info, act, now)


async def test_an_unanswered_action_is_kept_in_the_saved_game_as_evidence(autojump_clock, tmp_path) -> None:
    from zemlevlasnyk.p2p.core.peer import ActionUnanswered
    from zemlevlasnyk.p2p.store.savegame import read
    from zemlevlasnyk.p2p.store.verify import Failure, verify_game

    _DeafHost.ignored = set()
    core = _DeafHost(profile(0, "Host"), auto_start_at=2)
    core.sit_host(trio.current_time(), policy=make_policy("medium", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy("medium", 2))
    unanswered: list[ActionUnanswered] = []
    path = tmp_path / "peer.zvl"
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        client = PeerClient(peer, invite, connect=memory_connector(handle, nursery), log_path=path,
                            on_output=lambda out: unanswered.append(out) if isinstance(out, ActionUnanswered) else None)
        nursery.start_soon(client.run)
        with trio.fail_after(10 * DECISION_SECONDS):
            while not unanswered:
                await trio.sleep(1)
        nursery.cancel_scope.cancel()
    saved = read(path)
    assert [(line.seq, line.kind) for line in saved.sent] == [(unanswered[0].seq, None)]
    verdict = verify_game(path)
    # the evidence verifies as our own signed action (the game may have finished meanwhile)
    assert verdict.evidence == 1 and verdict.failure in (None, Failure.UNFINISHED), verdict

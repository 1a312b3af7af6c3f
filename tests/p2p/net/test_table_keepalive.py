"""Keepalive and connection state (docs/PROTOCOL.md section 5), on trio's MockClock over
memory streams: a ping a second both ways; a peer that hears nothing for 2 s shows the host
silent, after 12 s dials again; the host takes a seat whose connection fell silent for
offline and tells everyone."""
from __future__ import annotations

import trio
from helpers.p2p import Frozen, memory_connector, profile, serve_on_loopback

from zemlevlasnyk.p2p.core.host import SeatOnline, TableHost
from zemlevlasnyk.p2p.core.limits import IDLE_SECONDS, PING_SECONDS, SILENT_SECONDS
from zemlevlasnyk.p2p.core.peer import LobbyChanged, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import Connected, HostSilent, PeerClient, Reconnecting


class _Mute(trio.abc.Stream):
    """A stream whose reading side goes quiet after `frames_left` reads (the host's laptop
    froze: nothing arrives, nothing fails) until `wake` is set."""

    def __init__(self, inner: trio.abc.Stream, frames_left: int, wake: trio.Event) -> None:
        self.inner = inner
        self.left = frames_left
        self.wake = wake

    async def send_all(self, data) -> None:
        await self.inner.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        await self.inner.wait_send_all_might_not_block()

    async def receive_some(self, max_bytes=None) -> bytes:
        self.left -= 1
        if self.left < 0 and not self.wake.is_set():
            await self.wake.wait()
        return await self.inner.receive_some(max_bytes)

    async def aclose(self) -> None:
        await self.inner.aclose()


async def test_a_silent_host_is_shown_then_dialled_again(autojump_clock) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=False)
    core.sit_host(trio.current_time(), policy=make_policy("idle", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    seen: list[tuple[float, object]] = []
    wake = trio.Event()
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        to_host = memory_connector(handle, nursery)
        dials = 0

        async def connect() -> trio.abc.Stream:
            nonlocal dials
            dials += 1
            stream = await to_host()
            return _Mute(stream, 6, wake) if dials == 1 else stream

        client = PeerClient(peer, invite, connect=connect,
                            on_output=lambda out: seen.append((trio.current_time(), out)))
        nursery.start_soon(client.run)
        with trio.fail_after(60):
            while not any(isinstance(o, Reconnecting) for _, o in seen):
                await trio.sleep(0.1)
            while sum(isinstance(o, Connected) for _, o in seen) < 2:
                await trio.sleep(0.1)
        nursery.cancel_scope.cancel()
    silent = _first(seen, HostSilent)
    # The last word from the host before the silence (a ping says nothing to the observer:
    # it may have come up to one ping interval later).
    last_heard = max(t for t, o in seen if not isinstance(o, HostSilent | Reconnecting) and t < silent)
    again = _first(seen, Reconnecting)
    assert SILENT_SECONDS <= silent - last_heard <= SILENT_SECONDS + PING_SECONDS
    assert IDLE_SECONDS <= again - last_heard <= IDLE_SECONDS + PING_SECONDS
    assert dials == 2


def _first(seen: list[tuple[float, object]], kind: type) -> float:
    return next(t for t, o in seen if isinstance(o, kind))


async def test_the_host_marks_a_silent_seat_offline_and_tells_everyone(autojump_clock) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    core.sit_host(trio.current_time(), policy=make_policy("idle", 1))
    quiet = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=make_policy("idle", 2))
    other = TablePeer(profile(2), table=core.table, host_key=core.profile.public_key, policy=make_policy("idle", 3))
    host_saw: list[tuple[float, object]] = []
    other_saw: list[object] = []
    frozen = trio.Event()
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        handle.observe(lambda out: host_saw.append((trio.current_time(), out)))
        to_host = memory_connector(handle, nursery)

        async def lid_shut() -> trio.abc.Stream:
            return Frozen(await to_host(), frozen)

        nursery.start_soon(PeerClient(quiet, invite, connect=lid_shut).run)
        nursery.start_soon(PeerClient(other, invite, connect=to_host, on_output=other_saw.append).run)
        while other.replica.seq < 0 or quiet.replica.seq < 0:
            await trio.sleep(0.1)
        frozen.set()
        shut = trio.current_time()
        with trio.fail_after(60):
            while not any(isinstance(o, SeatOnline) and not o.online for _, o in host_saw):
                await trio.sleep(0.1)
        nursery.cancel_scope.cancel()
    when = next(t for t, o in host_saw if isinstance(o, SeatOnline) and not o.online)
    assert IDLE_SECONDS - PING_SECONDS <= when - shut <= IDLE_SECONDS + PING_SECONDS  # from its last ping
    lobbies = [o.lobby for o in other_saw if isinstance(o, LobbyChanged)]
    seat = next(s for s in lobbies[-1].seats if s is not None and s.key == profile(1).key_hex)
    assert not seat.connected, "the others see who is offline"


# A closed lid: the player's process does not run for longer than the host's idle limit.
STALL_SECONDS = IDLE_SECONDS + 3


class _Stalls(trio.abc.Stream):
    """A stream whose next read, once `stall` is set, first finds the process was stopped
    for `STALL_SECONDS` (the clock jumps, no task ran): what the host said meanwhile waits
    in the socket, and the read returns it a moment after the process runs again."""

    def __init__(self, inner: trio.abc.Stream, stall: trio.Event, clock: trio.testing.MockClock) -> None:
        self.inner, self.stall, self.clock = inner, stall, clock

    async def send_all(self, data) -> None:
        await self.inner.send_all(data)

    async def wait_send_all_might_not_block(self) -> None:
        await self.inner.wait_send_all_might_not_block()

    async def receive_some(self, max_bytes=None) -> bytes:
        if self.stall.is_set():
            self.stall = trio.Event()
            self.clock.jump(STALL_SECONDS)
            await trio.sleep(0.01)   # every other task of the process wakes first
        return await self.inner.receive_some(max_bytes)

    async def aclose(self) -> None:
        await self.inner.aclose()


async def test_a_player_back_from_its_own_stall_reads_what_waited_before_judging_the_host(
        autojump_clock: trio.testing.MockClock) -> None:
    """The player's own absence is not the host's silence (`AWAY_SECONDS`): on waking it
    reads what waited in its socket and stays connected. Before, its watch woke first,
    found nothing heard for longer than `IDLE_SECONDS` and hung up on the data waiting
    (a fault run: a player stopped over the game's end hung up on the end record, found the
    host gone and took the table over, ending on a hash of its own)."""
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=False)
    core.sit_host(trio.current_time(), policy=make_policy("idle", 1))
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    seen: list[object] = []
    stall = trio.Event()
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        to_host = memory_connector(handle, nursery)

        async def connect() -> trio.abc.Stream:
            return _Stalls(await to_host(), stall, autojump_clock)

        client = PeerClient(peer, invite, connect=connect, on_output=seen.append)
        nursery.start_soon(client.run)
        with trio.fail_after(60):
            while peer.replica.seq < 0:
                await trio.sleep(0.1)
        stall.set()
        await trio.sleep(SILENT_SECONDS + 3 * PING_SECONDS)
        nursery.cancel_scope.cancel()
    assert not any(isinstance(o, HostSilent | Reconnecting) for o in seen), seen[-5:]

"""Admission over real TCP on 127.0.0.1 (issue 8, defect 1): silent sockets from several
loopback addresses never keep a seated player from coming back, nor a friend from joining."""
from __future__ import annotations

import contextlib
from pathlib import Path

import pytest
import trio
from helpers.p2p import profile, serve_on_loopback

from zemlevlasnyk.p2p.core.admission import UNAUTHENTICATED_BUDGET
from zemlevlasnyk.p2p.core.errors import Code, ProtocolError
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import Finished, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import Connected, PeerClient, Reconnecting
from zemlevlasnyk.p2p.net.streams import SecureStream, open_table
from zemlevlasnyk.p2p.store.verify import verify_game

# The attacker's addresses: all of 127.0.0.0/8 is this machine's loopback.
ATTACKERS = [f"127.0.0.{n}" for n in range(2, 7)]


async def _silent_flood(invite: Invite, interval: float, held: list[trio.SocketStream]) -> None:
    """Open TCP connections that never say a word, `interval` seconds apart, until cancelled
    (or until the host stops listening: its game is over)."""
    n = 0
    while True:
        try:
            held.append(await trio.open_tcp_stream(invite.host, invite.port,
                                                   local_address=ATTACKERS[n % len(ATTACKERS)]))
        except OSError:
            return
        n += 1
        await trio.sleep(interval)


class _Cuttable:
    """A `connect` for PeerClient whose latest connection the test can cut."""

    def __init__(self, invite: Invite) -> None:
        self.invite = invite
        self.latest: trio.SocketStream | None = None

    async def __call__(self) -> trio.abc.Stream:
        self.latest = await trio.open_tcp_stream(self.invite.host, self.invite.port)
        return self.latest


async def _flood_then_play(tmp_path: Path, *, before: int, interval: float) -> None:
    """`before` silent sockets first, then players join, lose a connection and play to the
    end while the flood goes on (so it always holds more than the old cap of 32)."""
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    held: list[trio.SocketStream] = []
    events: dict[int, list[object]] = {1: [], 2: []}
    results: dict[int, Finished] = {}
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core)
        nursery.start_soon(_silent_flood, invite, interval, held)
        while len(held) < before:
            await trio.sleep(0.01)
        cuttable = _Cuttable(invite)

        async def play(n: int) -> None:
            peer = TablePeer(profile(n), table=core.table, host_key=core.profile.public_key,
                             policy=make_policy("medium", 10 + n))
            client = PeerClient(peer, invite, on_output=events[n].append,
                                log_path=tmp_path / "peer1.zvl" if n == 1 else None,
                                connect=cuttable if n == 1 else None)
            results[n] = await client.run()

        nursery.start_soon(play, 1)
        while len(held) < before + 8:
            await trio.sleep(0.01)
        nursery.start_soon(play, 2)  # a friend joins in the middle of the flood
        while core.phase is TablePhase.LOBBY or core.seq < 3:
            await trio.sleep(0.01)
        assert cuttable.latest is not None
        await cuttable.latest.aclose()  # player 1's Wi-Fi drops once, mid-flood
        with trio.fail_after(60):
            while len(results) < 2:
                await trio.sleep(0.05)
        assert len(held) >= before + 8
        assert handle.server is not None and handle.server.admission.unauthenticated <= UNAUTHENTICATED_BUDGET
        nursery.cancel_scope.cancel()
    for stream in held:
        await stream.aclose()
    assert core.phase is TablePhase.FINISHED
    assert any(isinstance(e, Reconnecting) for e in events[1])
    assert sum(isinstance(e, Connected) for e in events[1]) >= 2
    assert results[1].state_hash == results[2].state_hash
    # the rejoin continued player 1's saved game without a duplicate: it verifies whole
    assert verify_game(tmp_path / "peer1.zvl").ok


async def test_admission_a_burst_of_silent_sockets_does_not_lock_out_players(tmp_path: Path) -> None:
    await _flood_then_play(tmp_path, before=40, interval=0.04)


@pytest.mark.slow
async def test_admission_silent_sockets_at_3_per_second_do_not_lock_out_players(tmp_path: Path) -> None:
    """The attack of issue 8: about 3 new silent sockets a second (32 before anyone joins)."""
    await _flood_then_play(tmp_path, before=32, interval=1 / 3)


async def _first_word(stream: SecureStream) -> dict[str, object]:
    """The first message that is not a keepalive."""
    with trio.fail_after(10):
        while True:
            message = await stream.receive()
            assert message is not None
            if message["t"] != "ping":
                return message


async def test_admission_full_guest_cap_answers_busy_and_the_client_retries() -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=4, clock=False)
    async with trio.open_nursery() as nursery:
        handle, invite = await serve_on_loopback(nursery, core, knock_policy=lambda knock: True)
        assert handle.server is not None
        handle.server.admission.guest_cap = 1
        stranger = Invite(invite.host, invite.port, invite.table, invite.host_key, None)
        first = await open_table(stranger, profile(5), want="watch")
        assert (await _first_word(first))["t"] == "admitted"
        second = await open_table(stranger, profile(6), want="watch")
        refusal = await _first_word(second)
        assert refusal["t"] == "error" and refusal["code"] == Code.BUSY.value
        # a watcher's client retries `busy` until there is room
        events: list[object] = []
        peer = TablePeer(profile(7), table=core.table, host_key=core.profile.public_key, policy=None)
        client = PeerClient(peer, stranger, want="watch", on_output=events.append)

        async def watch() -> None:
            with contextlib.suppress(ProtocolError):
                await client.run()

        nursery.start_soon(watch)
        with trio.fail_after(10):
            while not any(isinstance(e, Reconnecting) for e in events):
                await trio.sleep(0.01)
        await first.aclose()
        with trio.fail_after(10):
            while not any(isinstance(e, Connected) for e in events):
                await trio.sleep(0.01)
        nursery.cancel_scope.cancel()

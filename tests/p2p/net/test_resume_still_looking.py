"""A player's follower whose host is gone says it is still looking, never that the host is
lost for good, while it goes on dialling (and looking for the table taken over): a bare
`PeerClient` gives up after `HOST_LOST_SECONDS` with `HostLost`, but the `Follower` around
it keeps trying and later rejoins, so its front ends (the window's banner, the command
line's lines) must not tell the person the game is stopped. The real host core and
driver, the real follower and client; the connection runs over in-memory streams so that
trio's autojump_clock can run the minute of failed dials."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from pathlib import Path

import trio
from helpers.p2p import Wire, memory_connector, profile, serve_on_loopback

from zemlevlasnyk.p2p.core.errors import Code, local
from zemlevlasnyk.p2p.core.follow import StillLooking
from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import HOST_LOST_SECONDS, Connected, HostLost
from zemlevlasnyk.p2p.net.resume import REDIAL_SECONDS, Follower, SavedRecords
from zemlevlasnyk.ui.cli.resume import player_line
from zemlevlasnyk.ui.words.text import catalogue

# Virtual seconds (autojump_clock) for the follower to notice the host gone and give the
# client's minute of dials: the keepalive's silence limit is far below the slack.
GONE_SECONDS = HOST_LOST_SECONDS + 60


async def _unreachable() -> trio.abc.Stream:
    raise local(Code.CLOSED, "cannot reach the host: connection refused")


async def test_a_follower_still_dialling_says_it_is_looking_not_that_the_host_is_lost(
        autojump_clock: trio.testing.MockClock, tmp_path: Path) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=2, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    # A person who has not moved yet: at a clock-off table the game waits for them.
    peer = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=None)
    saved = SavedRecords(tmp_path / "peer.zvl", table=core.table, first_host=core.key_hex, me=peer.profile.key_hex)
    seen: list[object] = []
    dials: list[Callable[[], Awaitable[trio.abc.Stream]]] = []

    async def dial(invite: Invite) -> trio.abc.Stream:
        return await dials[-1]()

    # As `zemlevlasnyk join` without an interface: only the lost host is dialled again.
    async with trio.open_nursery() as outer:
        async with trio.open_nursery() as hosting:
            handle, invite = await serve_on_loopback(hosting, core)
            wire = Wire()
            dials.append(memory_connector(handle, hosting, wire))
            follower = Follower(peer, invite, saved, on_output=seen.append, auto_resume=False, connect=dial)
            outer.start_soon(follower.run)
            with trio.fail_after(30):
                while peer.replica.seq < 0:
                    await trio.sleep(0.1)
            dials.append(_unreachable)
            wire.vanish()                       # the host's laptop is gone, mid-game
            hosting.cancel_scope.cancel()
        with trio.fail_after(GONE_SECONDS):
            while not any(isinstance(out, StillLooking) for out in seen):
                await trio.sleep(1)
        assert not any(isinstance(out, HostLost) for out in seen), "the follower goes on: nothing is lost yet"
        looking = next(out for out in seen if isinstance(out, StillLooking))
        assert looking == StillLooking(core.table, network=False)
        tried = len(seen)
        await trio.sleep(REDIAL_SECONDS * 10)
        assert not any(isinstance(out, HostLost) for out in seen[tried:])
        async with trio.open_nursery() as hosting:
            handle, _ = await serve_on_loopback(hosting, core)   # the host is back
            dials.append(memory_connector(handle, hosting))
            with trio.fail_after(REDIAL_SECONDS * 4):
                while not any(isinstance(out, Connected) for out in seen[tried:]):
                    await trio.sleep(0.5)
            hosting.cancel_scope.cancel()
        outer.cancel_scope.cancel()
    assert peer.cheated is None


def test_the_command_line_says_a_follower_is_still_looking_in_uk_and_en() -> None:
    for lang in ("uk", "en"):
        lost = catalogue(lang)["ui"]["errors"]["host_lost"]
        on_network = player_line(StillLooking("00112233aabbccdd", network=True), lang)
        redialling = player_line(StillLooking("00112233aabbccdd", network=False), lang)
        assert on_network and redialling and lost not in (on_network, redialling)
        assert on_network == catalogue(lang)["commands"]["table"]["looking"]
        assert f"{REDIAL_SECONDS:g}" in redialling

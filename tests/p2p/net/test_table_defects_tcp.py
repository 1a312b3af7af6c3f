"""Issue 8's seat defects over real TCP on 127.0.0.1 (the driver's listener, `PeerClient`
connections, real time), besides their sans-IO tests in test_table_defects.py:

- defect 3: at a table without the decision clock, the seat to move sends `bye`, or one
  malformed message, and goes away: the host times that seat as the clock would and plays
  its safe moves, and the game goes on (before, nothing happened at the table for good);
  a player who says its signed goodbye is played at once, with no wait;
- defect 4: a player who said Ready and then `bye` in the lobby leaves no ghost seat: the
  seat is free, and a table waiting for four does not start around it.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import trio
from helpers.p2p import body, profile, serve_on_loopback
from helpers.wait import until

from zemlevlasnyk.p2p.core import messages
from zemlevlasnyk.p2p.core.clock import DECISION_MS
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import Outgoing, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import PeerClient

# Generous bounds for a loaded two-core machine; the clock-off table puts a seat whose
# player left on safe moves after its 30 s wait.
SEEN_SECONDS = 30
LEFT_SECONDS = 90


def _peer(n: int, core: TableHost, level: str | None) -> TablePeer:
    return TablePeer(profile(n), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy(level, 10 + n) if level else None)


async def _sit(nursery: trio.Nursery, peer: TablePeer, invite: Invite) -> tuple[PeerClient, trio.CancelScope]:
    """A player at the table over its own connection; cancel the scope and it is gone (no
    redial)."""
    client = PeerClient(peer, invite)
    scope = trio.CancelScope()

    async def play() -> None:
        with scope:
            await client.run()
    nursery.start_soon(play)
    await until(lambda: client._stream is not None, SEEN_SECONDS)
    return client, scope


async def _leaves_on_its_turn(nursery: trio.Nursery, core: TableHost, stays: TablePeer, leaves: TablePeer,
                              tmp_path: Path,
                              last_words: Callable[[], messages.PeerMessage | Outgoing | bytes]) -> int:
    """Serve `core` on 127.0.0.1 with both players seated; when the game waits for
    `leaves`, it sends `last_words()` and hangs up for good. The host's record number then."""
    _, invite = await serve_on_loopback(nursery, core, log_path=tmp_path / "host.zvl")
    await _sit(nursery, stays, invite)
    client, gone = await _sit(nursery, leaves, invite)

    def waits_for_the_leaver() -> bool:
        return core.game is not None and leaves.seat in {d.seat for d in core.game.pending()}
    await until(waits_for_the_leaver, LEFT_SECONDS)
    seq = core.seq
    await client.send(last_words())
    await trio.sleep(0.5)     # the host reads it before the socket closes
    gone.cancel()
    return seq


@pytest.mark.slow
@pytest.mark.parametrize("leaving", ["bye", "malformed"])
async def test_tcp_a_clock_off_table_goes_on_when_the_seat_to_move_leaves(tmp_path: Path, leaving: str) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    stays, leaves = _peer(1, core, "medium"), _peer(2, core, None)   # the one who leaves never answers
    async with trio.open_nursery() as nursery:
        last_words = (messages.Bye(leaves.replica.seq, leaves.replica.state_hash) if leaving == "bye"
                      else b'{"t":"act","table":5}')
        seq = await _leaves_on_its_turn(nursery, core, stays, leaves, tmp_path, lambda: last_words)

        def timed_out() -> list[int]:
            return [n for n, r in enumerate(core.records[seq + 1:]) if body(r)["kind"] == "timeout"]
        await until(lambda: bool(timed_out()), LEFT_SECONDS)
        played_on = core.seq      # and on: the seat is timed as under the clock, decision by decision
        await until(lambda: core.seq > played_on or core.phase is TablePhase.FINISHED, LEFT_SECONDS)
        nursery.cancel_scope.cancel()


async def test_tcp_a_player_who_says_goodbye_at_a_clock_off_table_is_played_at_once(tmp_path: Path) -> None:
    """The seat to move sends its signed goodbye (`TablePeer.bye`) and hangs up: its
    decisions are made at once from then on, each timeout showing the goodbye, and the
    player who stayed accepts them all (before, each cost the table the 30 s wait)."""
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    stays, leaves = _peer(1, core, "medium"), _peer(2, core, None)
    async with trio.open_nursery() as nursery:
        seq = await _leaves_on_its_turn(nursery, core, stays, leaves, tmp_path, leaves.bye)

        def timed_out() -> list[dict]:
            return [b for r in core.records[seq + 1:] if (b := body(r))["kind"] == "timeout"]
        await until(lambda: len(timed_out()) >= 3 or core.phase is TablePhase.FINISHED, SEEN_SECONDS)
        await until(lambda: stays.replica.seq >= core.seq, SEEN_SECONDS)
        nursery.cancel_scope.cancel()
    timeouts = timed_out()
    assert timeouts and all(t["auto"]["seat"] == leaves.seat and "left" in t["timer"] for t in timeouts)
    assert all(t["at"] - t["timer"]["since"] < DECISION_MS for t in timeouts), "no 30 s wait"
    assert stays.cheated is None


async def test_tcp_ready_then_bye_in_the_lobby_leaves_no_ghost_seat(tmp_path: Path) -> None:
    core = TableHost(profile(0, "Host"), auto_start_at=4, clock=False)
    core.sit_host(0.0, policy=make_policy("idle", 1))
    async with trio.open_nursery() as nursery:
        _, invite = await serve_on_loopback(nursery, core, log_path=tmp_path / "host.zvl")
        first, leaver = _peer(1, core, "idle"), _peer(2, core, "idle")
        await _sit(nursery, first, invite)
        client, gone = await _sit(nursery, leaver, invite)
        await until(lambda: core.lobby.taken() == 3 and all(s.ready for s in core.lobby.seats
                                                            if s is not None and s.key != core.key_hex),
                    SEEN_SECONDS)
        await client.send(messages.Bye(-1, ""))
        await trio.sleep(0.5)
        gone.cancel()
        await until(lambda: core.lobby.taken() == 2, SEEN_SECONDS)
        assert core.lobby.index_of(profile(2).key_hex) is None and core.phase is TablePhase.LOBBY
        await _sit(nursery, _peer(3, core, "idle"), invite)
        await until(lambda: core.lobby.taken() == 3, SEEN_SECONDS)
        await trio.sleep(1.0)     # time for a wrong start to happen
        assert core.phase is TablePhase.LOBBY, "no game starts around the seat of a player who left"
        nursery.cancel_scope.cancel()

"""A player whose own process stalls while its host is lost does not count the stall as
the host's silence (p2p/net/resume.py `Follower._watch`): a laptop closed for longer than the
takeover delay, opened again, first dials the host (which may well answer) and counts the
loss afresh, instead of taking the table over at once while its host may be alive.

Over trio's MockClock: the saved game of a player, its host's address closed (127.0.0.1, a
port nobody listens on), the clock jumped past the takeover delay as a stalled process
would see it."""
from __future__ import annotations

import socket

import trio
import trio.testing
from helpers.faults import ResumableTable
from helpers.p2p import profile

from zemlevlasnyk.p2p.core.follow import RESUME_AFTER_SECONDS, TakeoverDue, TakingOver
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.resume import Follower, SavedRecords
from zemlevlasnyk.p2p.store import savegame

# A laptop lid closed for longer than the takeover delay.
STALL_SECONDS = RESUME_AFTER_SECONDS + 30
# After waking, time enough for a dial and an answer; far less than the delay.
AWAKE_SECONDS = 5.0


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _saved_player(tmp_path) -> tuple[ResumableTable, SavedRecords]:
    table = ResumableTable(peers=0, seed=3)
    table.deliver(table.host.sit_host(table.now, policy=make_policy("medium", 1)))
    table.add_peer(1, policy=make_policy("medium", 11))
    table.run()
    table.deliver(table.host.start(table.now))
    table.run(until=lambda: table.host.seq >= 20)
    path = tmp_path / "player.zvl"
    header = savegame.Header(table.host.table, table.first_host, profile(1).key_hex, "zemlevlasnyk")
    with savegame.SaveGame.open(path, header) as saved:
        for seq, data in enumerate(table.records_of(1)):
            saved.append(seq, data)
    return table, SavedRecords(path, table=table.host.table, first_host=table.first_host, me=profile(1).key_hex)


async def test_resume_a_player_stalled_past_its_turn_to_take_over_counts_the_loss_afresh(
        tmp_path, autojump_clock: trio.testing.MockClock) -> None:
    table, saved = _saved_player(tmp_path)
    core = TablePeer(profile(1), table=table.host.table, host_key=bytes.fromhex(table.first_host),
                     policy=make_policy("medium", 11))
    invite = Invite("127.0.0.1", _closed_port(), table.host.table, bytes.fromhex(table.first_host), None)
    seen: list[object] = []
    follower = Follower(core, invite, saved, on_output=seen.append, bind="127.0.0.1")
    async with trio.open_nursery() as nursery:
        nursery.start_soon(follower.run)
        while not any(isinstance(out, TakeoverDue) for out in seen):
            await trio.sleep(0.1)
        assert [out.after for out in seen if isinstance(out, TakeoverDue)] == [RESUME_AFTER_SECONDS]
        autojump_clock.jump(STALL_SECONDS)   # our process does not run meanwhile
        await trio.sleep(AWAKE_SECONDS)
        assert not any(isinstance(out, TakingOver) for out in seen), "taken over on waking, without a dial"
        due = [out for out in seen if isinstance(out, TakeoverDue)]
        assert len(due) == 2 and due[-1].after >= RESUME_AFTER_SECONDS - AWAKE_SECONDS, due
        # The host stays away: the table is taken over once a whole delay passed awake.
        while not any(isinstance(out, TakingOver) for out in seen):
            await trio.sleep(0.5)
        nursery.cancel_scope.cancel()
    took = next(out for out in seen if isinstance(out, TakingOver))
    assert took.waited < RESUME_AFTER_SECONDS + AWAKE_SECONDS, took

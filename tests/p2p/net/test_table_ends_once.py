"""One game, one result (issue 20) over the driver, on trio's MockClock: a host whose game
ends while a person is offline without a goodbye (its laptop's lid closed: the host dropped
its connection as silent) waits, up to the takeover delay (`TableConfig.end_wait`), for it
to come back for the end record, and leaves as soon as it has; with nobody coming back, it
leaves when the delay is over. The real host core and driver; the people's clients over
in-memory streams."""
from __future__ import annotations

import pytest
import trio
import trio.testing
from helpers.p2p import Frozen, memory_connector, profile
from helpers.wait import STEP_SECONDS, until

from zemlevlasnyk.p2p.core.handshake import PLAYING, WATCHING
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.limits import IDLE_SECONDS
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import PeerClient
from zemlevlasnyk.p2p.net.driver import END_WAIT_SECONDS, FINISH_GRACE_SECONDS, TableConfig, TableHandle

# A short game, the turn cap ends it, and the computer player's pace makes it last well
# beyond the host's silence limit after the lid is closed (the person is dropped first).
OPTIONS = {"turn_cap": 24}
BOT_PACE = 1.0
# The lid opens this long after the game's end: well within the host's wait.
BACK_AFTER_SECONDS = 20.0


async def _table_with_an_absence(nursery: trio.Nursery, want: str,
                                 back: trio.Event) -> tuple[TableHost, TablePeer, trio.Event]:
    """A table (the host's computer player, a person playing, and `profile(2)` playing or
    watching) whose `profile(2)` closes its lid at record 10 and opens it once `back` is set.
    The host's core, profile(2)'s peer, and an event set when the host's driver has left."""
    core = TableHost(profile(0, "Host"), auto_start_at=3 if want == PLAYING else 2, options=OPTIONS)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    handle = TableHandle(TableConfig(core.profile, bind="127.0.0.1", bot_pace=BOT_PACE), core)
    left = trio.Event()

    async def host(task_status: trio.TaskStatus[None] = trio.TASK_STATUS_IGNORED) -> None:
        await handle.run(task_status=task_status)
        left.set()
    await nursery.start(host)
    assert handle.invite is not None
    to_host = memory_connector(handle, nursery)
    player = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key, policy=make_policy("medium", 2))
    nursery.start_soon(PeerClient(player, handle.invite, connect=to_host).run)
    shut = trio.Event()
    dials = 0

    async def lid() -> trio.abc.Stream:
        nonlocal dials
        dials += 1
        if dials == 1:
            return Frozen(await to_host(), shut)
        await back.wait()            # the lid is closed: no dial goes out
        return await to_host()
    away = TablePeer(profile(2), table=core.table, host_key=core.profile.public_key,
                     policy=make_policy("medium", 3) if want == PLAYING else None)
    nursery.start_soon(PeerClient(away, handle.invite, want=want, connect=lid).run)
    await until(lambda: core.seq >= 10, what="the game under way")
    shut.set()
    return core, away, left


@pytest.mark.parametrize("want", [PLAYING, WATCHING])
async def test_a_finished_host_waits_for_a_person_offline_without_a_goodbye_and_leaves_once_it_has_the_end(
        autojump_clock: trio.testing.MockClock, want: str) -> None:
    back = trio.Event()
    async with trio.open_nursery() as nursery:
        core, away, left = await _table_with_an_absence(nursery, want, back)
        await until(lambda: core.phase is TablePhase.FINISHED, 3600, what="the game's end")
        ended = trio.current_time()
        assert core.owed == ("P2",), "dropped as silent before the end, without a goodbye"
        assert away.replica.seq < core.seq
        await trio.sleep(BACK_AFTER_SECONDS)
        assert not left.is_set(), "the host waits for the person offline"
        back.set()
        await until(lambda: away.replica.ended, IDLE_SECONDS, what="the end record, fetched on coming back")
        assert away.replica.head == core.head and away.replica.state_hash == core.ledger.state_hash
        await until(left.is_set, FINISH_GRACE_SECONDS, what="the host leaving once it has nobody to wait for")
        assert trio.current_time() - ended < END_WAIT_SECONDS
        nursery.cancel_scope.cancel()


async def test_a_finished_host_waits_no_longer_than_the_takeover_delay(autojump_clock: trio.testing.MockClock) -> None:
    async with trio.open_nursery() as nursery:
        core, away, left = await _table_with_an_absence(nursery, WATCHING, trio.Event())
        await until(lambda: core.phase is TablePhase.FINISHED, 3600, what="the game's end")
        ended = trio.current_time()
        await until(left.is_set, END_WAIT_SECONDS + FINISH_GRACE_SECONDS, what="the host leaving")
        waited = trio.current_time() - ended
        # (the end is seen up to one look after it was made)
        assert END_WAIT_SECONDS - STEP_SECONDS <= waited < END_WAIT_SECONDS + 1, waited
        nursery.cancel_scope.cancel()


"""Computer players think in a worker thread (`p2p.net.driver`, `p2p.core.thinking`): off
the trio run, so a window keeps drawing; from the moment one is to decide, through the pace;
and the table's records are, byte for byte, those of the same seed thinking on the run."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable

import trio
import trio.testing
from helpers.p2p import profile

from zemlevlasnyk.engine import Action, Game
from zemlevlasnyk.p2p.core.host import Published
from zemlevlasnyk.p2p.core.policy import Policy, make_policy
from zemlevlasnyk.p2p.net.driver import TableConfig, TableHandle, prepare

# Records compared: a few dozen turns of four computer players, a second or so of thinking.
RECORDS = 80
# The window's pace between two computer moves (virtual seconds here).
PACE = 0.35
# A thought that outlasts the pace: so that some moves wait on their thought, not the pace.
SLOW_SECONDS = 0.01
# Looking for a thread's progress in real time: every 5 ms, at most for 10 s.
REAL_STEP = 0.005
REAL_LOOKS = 2000


class Timed:
    """A computer player that notes on which thread it thinks, and for some decisions
    takes longer than the pace allows (real seconds, which `autojump_clock` cannot skip)."""

    def __init__(self, inner: Policy, threads: list[threading.Thread]) -> None:
        self.inner = inner
        self.threads = threads   # shared by every twin (a copy keeps the same list)

    def __deepcopy__(self, memo: dict[int, object]) -> Timed:
        from zemlevlasnyk.p2p.core.thinking import fork
        return Timed(fork(self.inner), self.threads)

    def choose(self, game: Game, seat: int) -> Action:
        self.threads.append(threading.current_thread())
        if game.turn % 3 == 0:
            time.sleep(SLOW_SECONDS)
        return self.inner.choose(game, seat)


def _table(*, aside: bool, threads: list[threading.Thread]) -> TableHandle:
    handle = prepare(TableConfig(profile(0, "Host"), clock=False, solo=True, bot_pace=PACE, table="0123456789abcdef",
                                 chain_seed=b"thinking aside", think_aside=aside))
    handle.sit_host(Timed(make_policy("medium", 1), threads))
    for n in (2, 3, 4):
        handle.add_bot("medium", Timed(make_policy("medium", n, ("cautious", None, "bold")[n - 2]), threads))
    handle.start()
    return handle


async def _play(handle: TableHandle) -> list[bytes]:
    """The table's first `RECORDS` records; it is closed from its observer as the last is
    published, so nothing but the table itself has a deadline (a waiting loop's would let
    `autojump_clock` move the time on while a thread thinks, and stamp the records later)."""
    def heard(out: object) -> None:
        if isinstance(out, Published) and handle.core.seq >= RECORDS:
            handle.close()
    handle.observe(heard)
    await handle.run()
    assert handle.core.seq >= RECORDS
    return list(handle.core.records[:RECORDS + 1])


def test_thinking_aside_gives_the_records_of_thinking_on_the_run() -> None:
    """Each table in a trio run of its own, its virtual clock from 0 (the records' times are
    differences of the clock's floats: from another origin they round otherwise)."""
    on_run: list[threading.Thread] = []
    aside: list[threading.Thread] = []
    clock = trio.testing.MockClock
    expected = trio.run(_play, _table(aside=False, threads=on_run), clock=clock(autojump_threshold=0))
    got = trio.run(_play, _table(aside=True, threads=aside), clock=clock(autojump_threshold=0))
    assert got == expected   # every byte: the actions, the states, the times (`at`) too
    assert set(on_run) == {threading.main_thread()}
    assert aside and threading.main_thread() not in aside, "every thought was off the run's thread"


async def _real_wait(done: Callable[[], bool]) -> None:
    """Wait in real time (trio's clock stands still) for the threads to get somewhere."""
    for _ in range(REAL_LOOKS):
        if done():
            return
        await trio.to_thread.run_sync(time.sleep, REAL_STEP)
    raise AssertionError("the thinking never got there")


async def test_a_thought_is_under_way_through_the_pace(mock_clock: trio.testing.MockClock) -> None:
    """The computer player to decide starts thinking at once, not once the pace is over, so
    a window's animations and the thinking overlap; the move waits for the pace. (Trio's
    clock stands still here but when told to move.)"""
    threads: list[threading.Thread] = []
    handle = _table(aside=True, threads=threads)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(handle.run)
        await _real_wait(lambda: len(threads) == 1)
        assert handle.core.seq == 0, "the start's pace is not over: nobody moved"
        mock_clock.jump(PACE)
        await _real_wait(lambda: handle.core.seq == 1 and len(threads) == 2)
        assert handle.core.seq == 1, "the move made, the next one thought over within its pace"
        handle.close()

"""The table driver's handle works one way wherever it is called from (`p2p.net.driver`): the
core changes at once and trio hears of it only through the trio token, so window code that
runs between trio's steps (the window runs trio as a guest of its pygame loop) and a trio
task are served alike; the window's `hold` is let go with a wake, not looked at on a timer.

A solo table (a person and computer players, the clock off), run by the driver: in trio's
guest mode beside a plain host loop of our own (the window's situation, real time), and as
a trio task under trio's MockClock."""
from __future__ import annotations

import contextlib
import queue
import time
from collections.abc import Awaitable, Callable

import pytest
import trio
import trio.testing
from helpers.p2p import body, profile
from helpers.wait import until

from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.driver import TableConfig, TableHandle, prepare

# Real seconds the person "thinks" between the table's last record and its move: far more
# than a scheduling round, so a move stamped with the time the pump last looked is seen.
THINK_SECONDS = 0.3
# The person's moves made from the host loop, each answered by the computer players.
MOVES = 3
# A bound on a guest run that hangs (a few moves of a solo table take milliseconds).
GUEST_SECONDS = 60.0
# Virtual seconds a held table is watched: the window holds it for a token's walk, seconds.
HELD_SECONDS = 30.0
# How often the pump may look at a held table in that time: when it is held, when a timer
# it set before the hold ends, and once spare. A flag polled every 50 ms looks 600 times.
HELD_LOOKS = 3


def _solo() -> TableHandle:
    handle = prepare(TableConfig(profile(0, "Person"), clock=False, solo=True))
    handle.sit_host()
    for n in (1, 2):
        handle.add_bot("medium", make_policy("medium", n))
    handle.start()
    return handle


def _persons_turn(handle: TableHandle) -> bool:
    game = handle.core.game
    return game is not None and game.outcome() is None and any(d.seat == 0 for d in game.pending())


def _move(handle: TableHandle) -> None:
    game = handle.core.game
    assert game is not None
    action = game.safe_action(0)
    assert action is not None
    handle.act(action)


def _as_guest(main: Callable[[], Awaitable[None]], window: Callable[[], bool]) -> None:
    """Run trio as a guest of a plain loop (as the window's pygame loop does): trio's
    callbacks are run from a queue, and `window()` runs between them, outside trio, until it
    says it is done."""
    calls: queue.SimpleQueue[Callable[[], object]] = queue.SimpleQueue()
    done: list[object] = []
    trio.lowlevel.start_guest_run(main, run_sync_soon_threadsafe=calls.put, done_callback=done.append,
                                  host_uses_signal_set_wakeup_fd=False)
    stop = time.monotonic() + GUEST_SECONDS
    finished = False
    while not done:
        assert time.monotonic() < stop, "the guest run hangs"
        with contextlib.suppress(queue.Empty):
            calls.get(timeout=0.01)()
        if not finished:
            with pytest.raises(RuntimeError):
                trio.lowlevel.current_task()      # this is window code: no trio task runs it
            finished = window()
    done[0].unwrap()  # type: ignore[attr-defined]


def test_window_code_outside_trio_moves_and_the_table_answers_at_the_time_it_moved() -> None:
    """The person's moves, made from the host loop outside any trio task, go into the table
    at once, wake the pump (the computer players answer), and are stamped with the table's
    clock at the moment they were made."""
    handle = _solo()
    made: list[tuple[int, float]] = []    # (the move's record, real seconds since the record before)
    since: list[float] = []

    def window() -> bool:
        if len(made) >= MOVES and (_persons_turn(handle) or handle.finished):
            handle.close()     # the window leaves: through the token too
            return True
        if not _persons_turn(handle) or handle.core.awaiting:
            since.clear()
            return False
        if not since:
            since.append(time.monotonic())
            return False
        if time.monotonic() - since[0] < THINK_SECONDS:
            return False
        before = handle.core.seq
        _move(handle)
        assert handle.core.seq > before, "the core took the move at once"
        made.append((before + 1, time.monotonic() - since[0]))
        since.clear()
        return False

    _as_guest(handle.run, window)
    records = handle.core.records
    for seq, waited in made:
        gap = (body(records[seq])["at"] - body(records[seq - 1])["at"]) / 1000
        assert gap >= THINK_SECONDS * 0.9, f"record {seq} stamped {gap:.3f} s after the last, made {waited:.3f} s after"
    computers = [seq for seq in range(made[0][0], len(records))
                 if body(records[seq]).get("auto", {}).get("seat") in (1, 2)]
    assert computers, "the computer players answered the person's moves (the pump woke)"


async def test_a_held_table_waits_without_looking_and_moves_once_let_go(autojump_clock: trio.testing.MockClock) -> None:
    """The window holds the table while a token walks: the computer players wait, the pump
    sleeps (it does not look at a flag on a timer), and letting go wakes it at once."""
    handle = _solo()
    looks = 0
    wants_step = handle.core.wants_step

    def counted() -> bool:
        nonlocal looks
        looks += 1
        return wants_step()

    handle.core.wants_step = counted  # type: ignore[method-assign]
    async with trio.open_nursery() as nursery:
        await nursery.start(handle.run)
        await until(lambda: _persons_turn(handle) and not handle.core.awaiting, what="the person's turn")
        handle.hold = True
        while _persons_turn(handle) and not handle.core.awaiting:
            _move(handle)
        assert handle.core.wants_step(), "a computer player is to move"
        held_at, looks = handle.core.seq, 0
        await trio.sleep(HELD_SECONDS)
        assert handle.core.seq == held_at, "the computer players moved while the table was held"
        assert looks <= HELD_LOOKS, f"the pump looked {looks} times at a held table in {HELD_SECONDS:g} s"
        handle.hold = False
        await until(lambda: handle.core.seq > held_at, 1.0, what="a computer player's move once let go")
        nursery.cancel_scope.cancel()

"""Waiting in tests, one way each: for a condition in trio's time (`until`: virtual under
`autojump_clock` or a `MockClock`, real over real sockets), or, beside real processes that
run on real time, in real seconds (`wait_for`). A window under test is waited for by
driving its frames (`helpers.ui.Driver.until`)."""
from __future__ import annotations

import time
from collections.abc import Callable

import trio

# How often a condition is looked at in trio's time: well under any timeout the table has
# (the keepalive's ping is 1 s), and cheap under autojump_clock (each look is a jump).
STEP_SECONDS = 0.05
# Real processes are looked at less often: each look reads files they write.
PROCESS_STEP_SECONDS = 0.2


async def until(done: Callable[[], bool], seconds: float = 60.0, *, step: float = STEP_SECONDS,
                what: str = "") -> None:
    """Wait until `done()`, at most `seconds` of trio time (`trio.TooSlowError` beyond,
    naming `what` when given)."""
    try:
        with trio.fail_after(seconds):
            while not done():
                await trio.sleep(step)
    except trio.TooSlowError:
        if what:
            raise trio.TooSlowError(f"not within {seconds:g} s: {what}") from None
        raise


def wait_for(predicate: Callable[[], object], *, timeout: float, every: float = PROCESS_STEP_SECONDS) -> bool:
    """Look at `predicate` (real processes run on real time) until it is true or `timeout`
    real seconds passed; whether it is."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(every)
    return bool(predicate())

"""A trio task the window starts and may stop, and the way into trio from window code.

Window code (event handlers, `update`) runs between trio's steps on the main thread, not
inside a trio task: whatever it asks of a network table is handed to trio with the trio
token (`soon`), so channels, cancel scopes and the host's outputs are only touched from
inside trio. Stopping (`stop`) cancels the task's scope the same way; a task stopped
before it began never runs.
"""
from __future__ import annotations

import contextlib
from collections.abc import Callable

import trio


class Background:
    def __init__(self) -> None:
        self.scope = trio.CancelScope()
        self.stopped = False
        self._token: trio.lowlevel.TrioToken | None = None
        self._early: list[Callable[[], object]] = []

    def bind(self) -> None:
        """Call first thing in the task: from now on `soon` reaches it."""
        self._token = trio.lowlevel.current_trio_token()
        if self.stopped:
            self.scope.cancel()
        early, self._early = self._early, []
        for fn in early:
            fn()

    def soon(self, fn: Callable[[], object]) -> None:
        """Run `fn` inside trio, soon (before the task began: as soon as it begins)."""
        if self._token is None:
            self._early.append(fn)
        else:
            # The window may be closing: then nothing is left to ask.
            with contextlib.suppress(trio.RunFinishedError):
                self._token.run_sync_soon(fn)

    def stop(self) -> None:
        self.stopped = True
        self.soon(self.scope.cancel)

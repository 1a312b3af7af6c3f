"""A person who leaves a game from the window says goodbye (`JoinSession.close`), over real
TCP on 127.0.0.1: the host then plays that seat's safe moves at once at a clock-off table
(docs/PROTOCOL.md section 7). Before, the window only hung up, and each of the seat's
decisions cost the players who stayed the clock's 30 s wait."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import trio
from p2p_helpers import body, profile, serve_on_loopback

from zemlevlasnyk.p2p.client import PeerClient
from zemlevlasnyk.p2p.clock import DECISION_MS
from zemlevlasnyk.p2p.host import Phase, TableHost
from zemlevlasnyk.p2p.peer import TablePeer
from zemlevlasnyk.p2p.policy import make_policy
from zemlevlasnyk.ui.net_join import JoinSession

# Generous bounds for a loaded two-core machine (real time; nothing asserts on it).
SEEN_SECONDS = 60


async def _until(done: Callable[[], bool]) -> None:
    with trio.fail_after(SEEN_SECONDS):
        while not done():
            await trio.sleep(0.05)


async def test_a_person_who_leaves_a_clock_off_table_from_the_window_is_played_at_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    core = TableHost(profile(0, "Host"), auto_start_at=3, clock=False)
    core.sit_host(0.0, policy=make_policy("medium", 1))
    stays = TablePeer(profile(1), table=core.table, host_key=core.profile.public_key,
                      policy=make_policy("medium", 11))
    async with trio.open_nursery() as nursery:
        _, invite = await serve_on_loopback(nursery, core)
        nursery.start_soon(PeerClient(stays, invite).run)
        session = JoinSession(profile(2), invite)
        ended = trio.Event()

        async def window() -> None:
            await session.run()
            ended.set()
        nursery.start_soon(window)
        await _until(lambda: session.core.lobby is not None and session.core.lobby.you is not None)
        session.set_ready(True)

        def waits_for_the_person() -> bool:
            return core.game is not None and session.core.seat in {d.seat for d in core.game.pending()}
        await _until(waits_for_the_person)
        seq = core.seq
        session.close()                      # «leave the table», confirmed
        await _until(ended.is_set)

        def timed_out() -> list[dict]:
            return [b for r in core.records[seq + 1:] if (b := body(r))["kind"] == "timeout"]
        await _until(lambda: len(timed_out()) >= 3 or core.phase is Phase.FINISHED)
        nursery.cancel_scope.cancel()
    timeouts = timed_out()
    assert timeouts and all(t["auto"]["seat"] == session.core.seat and "left" in t["timer"] for t in timeouts)
    assert all(t["at"] - t["timer"]["since"] < DECISION_MS for t in timeouts), "no 30 s wait"
    assert stays.cheated is None

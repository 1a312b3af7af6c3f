"""A person who leaves a game from the window says goodbye (`JoinSession.close`), over real
TCP on 127.0.0.1: the host then plays that seat's safe moves at once at a clock-off table
(docs/PROTOCOL.md section 7). Before, the window only hung up, and each of the seat's
decisions cost the players who stayed the clock's 30 s wait."""
from __future__ import annotations

from pathlib import Path

import pytest
import trio
from helpers.p2p import body, profile, serve_on_loopback
from helpers.wait import until

from zemlevlasnyk.p2p.core.clock import DECISION_MS
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.peer import TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.client import PeerClient
from zemlevlasnyk.ui.sessions.join import JoinSession

# Generous bounds for a loaded two-core machine (real time; nothing asserts on it).
SEEN_SECONDS = 60


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
        await until(lambda: session.core.lobby is not None and session.core.lobby.you is not None, SEEN_SECONDS)
        session.set_ready(True)

        def waits_for_the_person() -> bool:
            return core.game is not None and session.core.seat in {d.seat for d in core.game.pending()}
        await until(waits_for_the_person, SEEN_SECONDS)
        seq = core.seq
        session.close()                      # «leave the table», confirmed
        await until(ended.is_set, SEEN_SECONDS)

        def timed_out() -> list[dict]:
            return [b for r in core.records[seq + 1:] if (b := body(r))["kind"] == "timeout"]
        await until(lambda: len(timed_out()) >= 3 or core.phase is TablePhase.FINISHED, SEEN_SECONDS)
        nursery.cancel_scope.cancel()
    timeouts = timed_out()
    assert timeouts and all(t["auto"]["seat"] == session.core.seat and "left" in t["timer"] for t in timeouts)
    assert all(t["at"] - t["timer"]["since"] < DECISION_MS for t in timeouts), "no 30 s wait"
    assert stays.cheated is None

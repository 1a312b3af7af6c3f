"""A player who took the table over hosts it, and its own replica (which verifies each
record as a player's would) must not complain about the host, which is itself: with the
others away it rolls at once, lawfully, and `zemlevlasnyk resume` printed «COMPLAINT: the
host rolled at record N without asking for our dice contribution» at every such roll
(found by hand). The table taken over is real: `resume_follower` hosting over TCP on
127.0.0.1, trio's clock (the absent player's seat is timed out)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import trio
from helpers.faults import ResumableTable
from helpers.p2p import body, profile

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.core.bodies import RecordKind
from zemlevlasnyk.p2p.core.host import TablePhase
from zemlevlasnyk.p2p.core.peer import ActionUnanswered, ContributionNotAsked, ContributionOmitted, TimedOutWhileHere
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.resume import Hosting, resume_follower
from zemlevlasnyk.p2p.store.savegame import Header

TABLE = "5e1f5e1f5e1f5e1f"
# Records the lost host published before it vanished: the game is under way.
LOST_AT = 30
# Records the taken-over table must add after its handover (rolls of computer players and
# timeouts of the absent player among them) before the test stops it.
PLAYED_ON = 40
# Bounds a hang in trio's clock (autojump: no wall time); each timeout takes 30 s.
HANG_SECONDS = 36_000
COMPLAINTS = (ContributionNotAsked, ContributionOmitted, ActionUnanswered, TimedOutWhileHere)


def _game_under_way(path: Path) -> None:
    """Player 1's saved game of a table (the host's computer players, two people) cut at
    record LOST_AT: the host vanished there."""
    table = ResumableTable(peers=2, table=TABLE)
    table.run()
    if table.host.phase is TablePhase.LOBBY:
        table.deliver(table.host.start(table.now))
    table.run(until=lambda: table.host.seq >= LOST_AT)
    setup = body(table.host.records[0])["setup"]
    header = Header(table=TABLE, host=profile(0).key_hex, me=profile(1).key_hex, preset=setup["preset"],
                    options=setup["options"], created=1_700_000_000)
    lines = [canonical_json(header.to_json()), *table.host.records[:LOST_AT + 1]]
    path.write_bytes(b"".join(line + b"\n" for line in lines))


async def test_resume_self_complaints_none_about_the_table_we_host(tmp_path: Path, autojump_clock) -> None:
    path = tmp_path / "taken.zvl"
    _game_under_way(path)
    seen: list[Any] = []
    follower = resume_follower(path, profile(1), interfaces=(), bind="127.0.0.1",
                               policy=make_policy("medium", 3), on_output=seen.append, bot_seed=4)
    with trio.move_on_after(HANG_SECONDS) as waited:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(follower.run)
            while follower.hosting is None or follower.hosting.core.seq < LOST_AT + 1 + PLAYED_ON:
                await trio.sleep(1)
            nursery.cancel_scope.cancel()
    assert not waited.cancelled_caught, "the table taken over did not play on"
    records = [body(r) for r in follower.hosting.core.records[LOST_AT + 1:]]
    assert records[0]["kind"] == RecordKind.HANDOVER
    # The host rolled at once for someone while we were "connected" (our own replica): the
    # case our replica would complain about, were the host not us.
    assert any(r["kind"] in ("host", "timeout") and (r.get("reveal") or r.get("chance")) for r in records[1:])
    assert [out for out in seen if isinstance(out, COMPLAINTS)] == []
    assert any(isinstance(out, Hosting) for out in seen)


async def test_resume_a_table_taken_over_thinks_aside_when_asked(tmp_path: Path, autojump_clock) -> None:
    """A window that takes a table over hosts its computer players: with `think_aside` they
    think in a worker thread (as at a window's own table), so the window draws on meanwhile;
    before, the table taken over always thought on the trio run, the window's frame loop."""
    path = tmp_path / "taken.zvl"
    _game_under_way(path)
    follower = resume_follower(path, profile(1), interfaces=(), bind="127.0.0.1",
                               policy=make_policy("medium", 3), bot_seed=4, think_aside=True)
    with trio.move_on_after(HANG_SECONDS) as waited:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(follower.run)
            while follower.hosting is None or follower.hosting.core.seq < LOST_AT + 1 + PLAYED_ON:
                await trio.sleep(1)
            nursery.cancel_scope.cancel()
    assert not waited.cancelled_caught, "the table taken over did not play on"
    assert follower.hosting.config.think_aside
    # A thought was started in a worker thread (the event its thread sets when done).
    assert follower.hosting._thinking is not None

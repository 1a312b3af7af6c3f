"""The table driver (p2p/net/driver.py, over TCP on 127.0.0.1) closes a table whose game a clock
tick ended, with no message coming in to wake it: a table taken over after the game was
won (the lost host published the winning record; the saved game we resume lacks only its
signed end record: the host died, or our laptop lost power, between the two), whose
handover comes when the grace ends; and a first host's table whose last move is a
timed-out seat's. Before, the pump went back to sleep with no deadline and the table (and
`zemlevlasnyk resume`) waited for ever."""
from __future__ import annotations

from pathlib import Path

import trio
from helpers.p2p import body, finished_game_records, profile

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.core.bodies import RecordKind
from zemlevlasnyk.p2p.net.driver import TableConfig, TableHandle, prepare_resumed
from zemlevlasnyk.p2p.net.resume import host_resumed
from zemlevlasnyk.p2p.store.saved import load_saved
from zemlevlasnyk.p2p.store.savegame import Header
from zemlevlasnyk.p2p.store.verify import verify_game

TABLE = "0badc0ffee123456"
# Bounds a hang in trio's clock (autojump: this is no wall time): the grace is 10 s.
HANG_SECONDS = 600


def _won_game_without_its_end(path: Path) -> int:
    """Peer 1's saved game of a whole game, cut before the end record; its end's seq."""
    records = finished_game_records(TABLE)
    assert body(records[-1])["kind"] == "end"
    setup = body(records[0])["setup"]
    header = Header(table=TABLE, host=profile(0).key_hex, me=profile(1).key_hex, preset=setup["preset"],
                    options=setup["options"], created=1_700_000_000)
    lines = [canonical_json(header.to_json()), *records[:-1]]
    path.write_bytes(b"".join(line + b"\n" for line in lines))
    return len(records) - 1


async def test_driver_a_won_game_taken_over_ends_after_the_grace_and_closes(
        tmp_path: Path, autojump_clock) -> None:
    path = tmp_path / "won.zvl"
    end = _won_game_without_its_end(path)
    saved = load_saved(path)
    assert saved.replica.over and not saved.replica.ended
    config = TableConfig(profile(1), bind="127.0.0.1", log_path=path)
    handle = prepare_resumed(config, saved, now=trio.current_time())
    # Player 2 never comes back: the handover waits for the grace, then comes from a tick.
    with trio.fail_after(HANG_SECONDS):
        finished = await host_resumed(handle, on_output=lambda out: None)
    kinds = [body(r)["kind"] for r in handle.core.records[end:]]
    assert kinds == [RecordKind.HANDOVER, "end"]
    assert saved.replica.game is not None and finished.outcome == saved.replica.game.outcome()
    verdict = verify_game(path)
    assert verdict.ok and verdict.records == end + 2, verdict


async def test_driver_a_game_the_clock_ends_closes(autojump_clock) -> None:
    """The same pump on a first host's table: two people sit down over TCP and leave once
    the game started, so every move is a timed-out seat's, made by a clock tick with no
    message coming in, the last one too (at the turn cap), and the table closes."""
    from zemlevlasnyk.p2p.core.host import TablePhase
    from zemlevlasnyk.p2p.core.peer import TablePeer
    from zemlevlasnyk.p2p.net.client import PeerClient
    from zemlevlasnyk.p2p.net.driver import host_table

    config = TableConfig(profile(0, "Host"), bind="127.0.0.1", auto_start_at=2, options={"turn_cap": 1})
    closed = trio.Event()

    async def hosting(*, task_status: trio.TaskStatus[TableHandle]) -> None:
        await host_table(config, task_status=task_status)   # returns once the table closed
        closed.set()

    with trio.fail_after(HANG_SECONDS):
        async with trio.open_nursery() as nursery:
            handle = await nursery.start(hosting)
            async with trio.open_nursery() as people:
                for n in (1, 2):
                    peer = TablePeer(profile(n), table=handle.core.table, host_key=handle.core.profile.public_key,
                                     policy=None)
                    people.start_soon(PeerClient(peer, handle.invite).run)
                while handle.core.phase is not TablePhase.PLAYING:
                    await trio.sleep(0.1)
                people.cancel_scope.cancel()
            await closed.wait()
    last = [body(r) for r in handle.core.records[-2:]]
    assert [b["kind"] for b in last] == ["timeout", "end"], last

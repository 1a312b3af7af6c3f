"""Saved games to watch again: whole games played by the real host core in memory (the host's
own seat and its computer players, clock off), one taken over after its host was lost, and
the files `SaveGame` writes for them."""
from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from helpers.faults import ResumableTable
from helpers.p2p import profile
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.store import savegame


class Played(NamedTuple):
    table: str
    host: str            # the first host's key (hex)
    records: list[bytes]


def bot_game(preset: str = "zemlevlasnyk", *, seed: int = 1, level: str = "easy", bots: int = 2,
             options: dict[str, Any] | None = None) -> Played:
    """A whole game, the same for the same arguments: the host's own seat (played by a `level`
    policy) and `bots` computer players."""
    now = 1000.0
    host = TableHost(profile(0, "Host"), table=f"{seed:016x}", clock=False, solo=True, preset=preset,
                     options=options, chain_seed=seed.to_bytes(16, "big"))
    host.sit_host(now, policy=make_policy(level, seed))
    for n in range(bots):
        host.add_bot(level, make_policy(level, seed * 10 + n), now)
    host.start(now)
    while host.phase is not TablePhase.FINISHED:
        now += 0.01
        if not host.step(now):
            host.tick(now)
    return Played(host.table, host.profile.key_hex, list(host.records))


def taken_over_game(*, seed: int = 5, before: int = 40) -> Played:
    """A whole game whose host was lost after record `before`: player 1 took the table over
    (a handover record), player 2 rejoined it; player 2's records. A table with people has
    no repeatable secret chain (only a solo table may), so its dice differ from run to run."""
    table = ResumableTable(peers=0, seed=seed)
    table.deliver(table.host.add_bot("easy", make_policy("easy", seed + 10), table.now))
    for n in (1, 2):
        table.add_peer(n, policy=make_policy("easy", seed * 100 + n))
    table.run()
    table.deliver(table.host.start(table.now))
    table.run(until=lambda: table.host.seq >= before)
    table.lose_host()
    table.take_over(1, policy=make_policy("easy", 7), rejoin=(2,))
    table.finish()
    return Played(table.host.table, table.first_host, table.records_of(2))


def save(path: Path, played: Played, records: list[bytes] | None = None) -> Path:
    """The game's file as `SaveGame` writes it (for player 2, who sat at the table)."""
    kept = played.records if records is None else records
    header = savegame.header_for(kept[0], table=played.table, host=played.host, me=profile(2).key_hex,
                                 created=1_700_000_000)
    with savegame.SaveGame.open(path, header) as saved:
        for seq, data in enumerate(kept):
            saved.append(seq, data)
    return path

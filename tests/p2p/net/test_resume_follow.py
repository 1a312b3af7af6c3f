"""Who takes a lost table over, and when (p2p/net/resume.py), and a saved game rewound after a
fork: pure functions and files, no network."""
from __future__ import annotations

import math

import trio
from helpers.faults import ResumableTable
from helpers.p2p import profile

from zemlevlasnyk.p2p.core.follow import (
    RESUME_AFTER_SECONDS,
    RESUME_STAGGER_SECONDS,
    may_host,
    takeover_delay,
    takeover_order,
)
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.net.resume import SavedRecords
from zemlevlasnyk.p2p.store import savegame
from zemlevlasnyk.p2p.store.saved import load_saved


def _started(*, host_seat: bool = True) -> ResumableTable:
    table = ResumableTable(peers=0, seed=3)
    if host_seat:
        table.deliver(table.host.sit_host(table.now, policy=make_policy("medium", 1)))
    table.deliver(table.host.add_bot("medium", make_policy("medium", 2), table.now))
    for n in (1, 2):
        table.add_peer(n, policy=make_policy("medium", 10 + n))
    table.run()
    table.deliver(table.host.start(table.now))
    table.run(until=lambda: table.host.seq >= 20)
    return table


def test_resume_order_the_lowest_person_seat_first_not_the_lost_host_nor_computer_players() -> None:
    table = _started()
    replica = table.saved(1).replica
    # Seats: 0 the host's own, 1 a computer player, 2 and 3 the people.
    assert takeover_order(replica) == [2, 3]
    me, other = profile(1).key_hex, profile(2).key_hex
    first = takeover_delay(replica, me)
    assert first == RESUME_AFTER_SECONDS
    assert takeover_delay(replica, other) == RESUME_AFTER_SECONDS + RESUME_STAGGER_SECONDS


def test_resume_order_is_the_same_for_every_player() -> None:
    """Each player's own replica of the records gives the same order and delays: nothing a
    player saw only for itself (the last lobby message, who looked offline) enters it, so
    two players never both think themselves first."""
    table = _started()
    orders = {tuple(takeover_order(table.saved(n).replica)) for n in (1, 2)}
    assert orders == {(2, 3)}
    delays = [takeover_delay(table.saved(n).replica, profile(k).key_hex) for n in (1, 2) for k in (1, 2)]
    assert delays == [RESUME_AFTER_SECONDS, RESUME_AFTER_SECONDS + RESUME_STAGGER_SECONDS] * 2


def test_resume_spectators_the_host_and_strangers_never_take_over_automatically() -> None:
    table = _started()
    replica = table.saved(1).replica
    assert math.isinf(takeover_delay(replica, profile(9).key_hex))
    assert math.isinf(takeover_delay(replica, table.first_host))


def test_resume_only_adverts_by_a_seated_person_or_the_first_host_are_our_table() -> None:
    table = _started(host_seat=False)
    replica = table.saved(1).replica
    assert may_host(replica, profile(2).public_key) and may_host(replica, bytes.fromhex(table.first_host))
    assert not may_host(replica, profile(9).public_key)


def test_resume_rewind_moves_the_last_records_aside_and_the_rest_verifies(tmp_path) -> None:
    table = _started()
    records = table.records_of(1)
    path = tmp_path / "game.zvl"
    header = savegame.Header(table.host.table, table.first_host, profile(1).key_hex, "zemlevlasnyk")
    with savegame.SaveGame.open(path, header) as saved:
        for seq, data in enumerate(records):
            saved.append(seq, data)
    kept = SavedRecords(path, table=table.host.table, first_host=table.first_host, me=profile(1).key_hex)
    assert kept.rewind(len(records) - 2) == records[:-2]
    assert load_saved(path).replica.seq == len(records) - 3
    aside = path.with_name(path.name + f".forked-{len(records) - 2}")
    assert aside.read_bytes().splitlines() == records[-2:]
    assert kept.records_from(len(records) - 4) == records[-4:-2]


async def test_resume_looks_past_an_advert_under_our_own_key_then_still_sees_it() -> None:
    """A window that has just left the table it hosted may still be withdrawing its advert:
    looking for someone else's, our own key's advert is passed over; looked for by itself
    afterwards (another window of this profile hosting the table) it is seen."""
    from helpers.lan import make_advert

    from zemlevlasnyk.p2p.lan.discovery import advertise, open_mdns
    from zemlevlasnyk.p2p.net.resume import find_advertised

    table = _started()
    replica = table.saved(1).replica
    own = profile(1).public_key
    ours = make_advert(table_id=replica.table, host_key=own)
    async with open_mdns(("127.0.0.1",)) as mdns, advertise(mdns, ours):
        with trio.move_on_after(3):
            assert await find_advertised(("127.0.0.1",), replica, skip_keys={own}) is None
        with trio.fail_after(20):
            found = await find_advertised(("127.0.0.1",), replica, only_key=own)
        assert found is not None and found.invite.host_key == own and found.invite.port == ours.port

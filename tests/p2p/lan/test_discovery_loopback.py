"""Discovery over real mDNS bound to 127.0.0.1 only: advertise, browse, update, withdraw.

Every table here gets a fresh random id, and each test looks only at its own tables, so
runs that share the loopback (other test sessions on this machine) cannot confuse it.
Each registration costs ~1.7 s of mDNS probing, so tests register as few as they can.
"""
from __future__ import annotations

import logging
import os
import secrets
import socket
import subprocess
import sys
from dataclasses import replace

import pytest
import trio
from helpers.lan import make_advert
from helpers.p2p import profile
from zeroconf import ServiceInfo

from zemlevlasnyk.p2p.core.host import MAX_SEATS, TableHost
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.wire import PROTOCOL_VERSION
from zemlevlasnyk.p2p.lan.discovery import (
    SERVICE_TYPE,
    AdvertPhase,
    MdnsError,
    TableAdded,
    TableBrowser,
    TableChoiceError,
    TableEvent,
    TableRemoved,
    TableUpdated,
    advertise,
    advertise_table,
    browse,
    find_table,
    open_mdns,
    snapshot,
    to_invite,
)
from zemlevlasnyk.p2p.lan.interfaces import ENV_VAR

LOOPBACK = ("127.0.0.1",)
# The `zemlevlasnyk` command, whether or not the package's script is installed.
CLI = [sys.executable, "-m", "zemlevlasnyk"]
# Generous: an event normally arrives within a second; a loaded CI machine may be slow.
EVENT_TIMEOUT_S = 15.0


async def next_event(browser: TableBrowser, table_id: str) -> TableEvent:
    """The next event about the table with this id, skipping other tables'."""
    with trio.fail_after(EVENT_TIMEOUT_S):
        async for event in browser.events:
            if event.table.table_id == table_id:
                return event
    raise AssertionError("the browser stopped")


async def test_advertised_table_is_found_with_all_its_fields() -> None:
    advert = make_advert(clock=False, seats_taken=2, seats_free=2)
    async with open_mdns(LOOPBACK) as mdns, advertise(mdns, advert) as ad, browse(mdns) as browser:
        event = await next_event(browser, advert.table_id)
        assert isinstance(event, TableAdded)
        assert event.table == replace(advert, addresses=("127.0.0.1",))
        assert event.key == ad.service_name
        assert browser.tables[event.key] == event.table


async def test_update_propagates_and_withdraw_removes() -> None:
    advert = make_advert()
    async with open_mdns(LOOPBACK) as mdns, browse(mdns) as browser:
        async with advertise(mdns, advert) as ad:
            assert isinstance(await next_event(browser, advert.table_id), TableAdded)
            playing = replace(ad.advert, seats_taken=3, seats_free=0, phase=AdvertPhase.PLAYING)
            await ad.update(playing)
            event = await next_event(browser, advert.table_id)
            assert isinstance(event, TableUpdated)
            assert (event.table.seats_taken, event.table.seats_free, event.table.phase) == (3, 0, AdvertPhase.PLAYING)
        event = await next_event(browser, advert.table_id)
        assert isinstance(event, TableRemoved)
        assert event.key not in browser.tables


async def test_cancelled_host_withdraws_its_table() -> None:
    advert = make_advert()
    async with open_mdns(LOOPBACK) as mdns, browse(mdns) as browser:
        async with trio.open_nursery() as nursery:

            async def host() -> None:
                async with advertise(mdns, advert):
                    await trio.sleep_forever()

            nursery.start_soon(host)
            assert isinstance(await next_event(browser, advert.table_id), TableAdded)
            nursery.cancel_scope.cancel()  # what Ctrl-C does to the host's task
        assert isinstance(await next_event(browser, advert.table_id), TableRemoved)


async def test_two_tables_with_the_same_name_are_both_listed() -> None:
    first, second = make_advert("Same name"), make_advert("Same name")
    async with open_mdns(LOOPBACK) as mdns, advertise(mdns, first) as ad1, advertise(mdns, second) as ad2:
        assert ad1.service_name != ad2.service_name
        tables = await snapshot(mdns, 1.5)
    ours = {t.table_id: t for t in tables if t.table_id in (first.table_id, second.table_id)}
    assert set(ours) == {first.table_id, second.table_id}
    assert ours[first.table_id].host_key == first.host_key
    assert ours[second.table_id].host_key == second.host_key


def ours(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "zemlevlasnyk.p2p.lan.browse"]


async def test_malformed_txt_from_a_stranger_is_skipped_and_logged(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="zemlevlasnyk.p2p.lan.browse")
    token = secrets.token_hex(4)
    stranger = ServiceInfo(
        SERVICE_TYPE,
        f"stranger {token}.{SERVICE_TYPE}",
        port=9,
        properties={"txtvers": "2", "name": "no seats here", "taken": "lots"},
        server=f"stranger-{token}.local.",
        addresses=[socket.inet_aton("127.0.0.1")],
    )
    good = make_advert()
    async with open_mdns(LOOPBACK) as mdns:
        await trio.to_thread.run_sync(mdns.zeroconf.register_service, stranger)
        try:
            async with advertise(mdns, good), browse(mdns) as browser:
                assert isinstance(await next_event(browser, good.table_id), TableAdded)
                with trio.fail_after(EVENT_TIMEOUT_S):
                    while not any(token in r.getMessage() for r in ours(caplog)):
                        await trio.sleep(0.05)
                assert all(t.table_name != "no seats here" for t in browser.tables.values())
        finally:
            await trio.to_thread.run_sync(mdns.zeroconf.unregister_service, stranger)
    [record] = [r for r in ours(caplog) if token in r.getMessage()]
    assert "not a valid table advert" in record.getMessage()


async def test_one_zeroconf_per_process() -> None:
    async with open_mdns(LOOPBACK) as outer, open_mdns(LOOPBACK) as inner:
        assert inner.zeroconf is outer.zeroconf
        with pytest.raises(MdnsError, match="one instance per process"):
            async with open_mdns(("127.0.0.1", "127.0.0.2")):
                pass


async def test_tables_command_lists_a_table_from_another_process() -> None:
    advert = make_advert("Kyiv night", host_name="Taras")
    env = {**os.environ, ENV_VAR: "127.0.0.1"}
    cmd = [*CLI, "tables", "--wait", "1.5"]
    async with open_mdns(LOOPBACK) as mdns, advertise(mdns, advert):
        result = await trio.run_process(cmd, env=env, capture_stdout=True, capture_stderr=True, check=False)
    out = result.stdout.decode()
    assert result.returncode == 0, result.stderr.decode()
    [line] = [ln for ln in out.splitlines() if advert.fingerprint in ln]
    assert line.split()[:6] == ["Kyiv", "night", "Taras", advert.code, "1/4", "(3"]
    assert "waiting for players" in line and "127.0.0.1:45123" in line


def test_tables_command_rejects_a_foreign_interface() -> None:
    env = {**os.environ, ENV_VAR: "127.0.0.1"}
    # TEST-NET-3: documentation only, so no machine running this test has it.
    cmd = [*CLI, "tables", "--interface", "203.0.113.77"]
    result = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "203.0.113.77 is not an address of this machine" in result.stderr
    assert "Traceback" not in result.stderr


async def test_a_hosted_table_is_followed_as_seats_change_and_found_by_name() -> None:
    host = TableHost(profile(0, "Host"), table=secrets.token_hex(8), table_name=f"Loop {secrets.token_hex(3)}")
    host.port = 45321  # as HostServer.serve sets it once listening
    async with open_mdns(LOOPBACK) as mdns, browse(mdns) as browser:
        async with trio.open_nursery() as nursery:
            await nursery.start(advertise_table, mdns, host)
            added = await next_event(browser, host.table)
            assert isinstance(added, TableAdded)
            assert (added.table.table_name, added.table.host_name, added.table.seats_taken) == (
                host.table_name, "Host", 0)
            assert added.table.host_key == host.profile.public_key and added.table.port == 45321
            assert added.table.protocol == PROTOCOL_VERSION

            host.add_bot("random", make_policy("random", 1), 0.0)
            updated = await next_event(browser, host.table)
            assert isinstance(updated, TableUpdated)
            assert (updated.table.seats_taken, updated.table.seats_free) == (1, MAX_SEATS - 1)

            found = await find_table(mdns, host.table_name, timeout=EVENT_TIMEOUT_S)
            assert found.table_id == host.table and to_invite(found).host_key == host.profile.public_key
            with pytest.raises(TableChoiceError, match="no table called"):
                await find_table(mdns, "no such table here", timeout=0.5)

            nursery.cancel_scope.cancel()  # the host quits
        assert isinstance(await next_event(browser, host.table), TableRemoved)


async def test_users_arriving_together_share_one_zeroconf() -> None:
    seen = []

    async def user() -> None:
        async with open_mdns(LOOPBACK) as mdns:
            seen.append(mdns.zeroconf)
            await trio.sleep(0.1)

    async with trio.open_nursery() as nursery:
        for _ in range(3):
            nursery.start_soon(user)
    assert len(seen) == 3 and len({id(z) for z in seen}) == 1


async def test_an_error_inside_browse_comes_out_as_itself() -> None:
    async with open_mdns(LOOPBACK) as mdns:
        with pytest.raises(KeyError, match="mine"):
            async with browse(mdns):
                raise KeyError("mine")

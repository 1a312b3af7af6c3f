"""Browsing the LAN for tables: a live stream of adverts appearing, changing and leaving.

`browse(mdns)` yields a `TableBrowser` whose `events` are `TableAdded` / `TableUpdated` /
`TableRemoved`. zeroconf's browser thread crosses into trio through a memory channel and
the trio token; service details are resolved in worker threads, off the trio thread. A TXT
record that does not decode is skipped with a log line. `snapshot` is the list after a
short wait; `find_table` returns as soon as the table a person named (or gave the code of)
is seen.
"""
from __future__ import annotations

import contextlib
import ipaddress
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import trio
from zeroconf import IPVersion, ServiceBrowser, ServiceInfo, ServiceStateChange, Zeroconf

from zemlevlasnyk.p2p.lan.mdns import Mdns
from zemlevlasnyk.p2p.lan.txt import (
    SERVICE_TYPE,
    BadAdvert,
    TableAdvert,
    TableChoiceError,
    decode_txt,
    matches,
    select_table,
)

log = logging.getLogger(__name__)

# How long one resolution of a service's SRV/TXT/A records may take. Answers usually
# arrive together with the PTR record, so this only bounds a silent stranger.
RESOLVE_TIMEOUT_MS = 3000
# Events waiting for a slow reader; beyond that the zeroconf browser thread waits.
EVENT_BUFFER = 64
# Once a table with the wanted name shows up, listen this much longer for a second one
# of the same name: tables already advertising all answer a browser's first query.
SETTLE_S = 0.5


@dataclass(frozen=True)
class TableAdded:
    key: str  # the DNS-SD service name, stable while the table lives
    table: TableAdvert


@dataclass(frozen=True)
class TableUpdated:
    key: str
    table: TableAdvert


@dataclass(frozen=True)
class TableRemoved:
    key: str
    table: TableAdvert  # as last seen


TableEvent = TableAdded | TableUpdated | TableRemoved


def _resolve(zeroconf: Zeroconf, name: str) -> ServiceInfo | None:
    """Blocking: the service's SRV, TXT and address records, from cache or the LAN."""
    info = ServiceInfo(SERVICE_TYPE, name)
    return info if info.request(zeroconf, RESOLVE_TIMEOUT_MS) else None


class TableBrowser:
    """A live view of the tables nearby: `events` to follow changes, `tables` for now."""

    def __init__(self, mdns: Mdns, events: trio.MemoryReceiveChannel[TableEvent]):
        self._mdns = mdns
        self.events = events
        self.tables: dict[str, TableAdvert] = {}
        # Bumped on every change to a name, so a slow resolution never overwrites a newer one.
        self._generation: dict[str, int] = {}

    async def _follow(
        self,
        raw: trio.MemoryReceiveChannel[tuple[str, ServiceStateChange]],
        out: trio.MemorySendChannel[TableEvent],
    ) -> None:
        async with trio.open_nursery() as nursery:
            async for name, change in raw:
                generation = self._generation.get(name, 0) + 1
                self._generation[name] = generation
                if change is ServiceStateChange.Removed:
                    gone = self.tables.pop(name, None)
                    if gone is not None:
                        await out.send(TableRemoved(name, gone))
                else:
                    nursery.start_soon(self._resolve_and_report, name, generation, out)

    async def _resolve_and_report(
        self, name: str, generation: int, out: trio.MemorySendChannel[TableEvent]
    ) -> None:
        info = await trio.to_thread.run_sync(_resolve, self._mdns.zeroconf, name, abandon_on_cancel=True)
        if self._generation.get(name) != generation:
            return  # a newer change to this table is being handled
        if info is None:
            log.debug("table %s did not answer in time", name)
            return
        try:
            advert = decode_txt(
                info.properties,
                port=info.port or 0,
                addresses=sorted(info.parsed_addresses(IPVersion.V4Only), key=ipaddress.IPv4Address),
            )
        except BadAdvert as exc:
            log.warning("skipping mDNS service %r: not a valid table advert (%s)", name, exc)
            gone = self.tables.pop(name, None)
            if gone is not None:
                await out.send(TableRemoved(name, gone))
            return
        before = self.tables.get(name)
        if before == advert:
            return
        self.tables[name] = advert
        await out.send(TableAdded(name, advert) if before is None else TableUpdated(name, advert))


@asynccontextmanager
async def browse(mdns: Mdns) -> AsyncIterator[TableBrowser]:
    """Watch the LAN for tables until the block ends.

    zeroconf calls the handler in its browser thread; the handler hands each change to
    trio with the trio token and waits for room in the channel, so nothing is dropped.
    Read `events` (or leave the block): after `EVENT_BUFFER` unread events the list in
    `tables` stops changing too.
    """
    token = trio.lowlevel.current_trio_token()
    raw_send, raw_receive = trio.open_memory_channel[tuple[str, ServiceStateChange]](EVENT_BUFFER)
    out_send, out_receive = trio.open_memory_channel[TableEvent](EVENT_BUFFER)
    browser_view = TableBrowser(mdns, out_receive)

    def on_change(
        zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        # Once browsing has ended the change no longer matters.
        with contextlib.suppress(trio.RunFinishedError, trio.BrokenResourceError, trio.ClosedResourceError,
                                 trio.Cancelled):
            trio.from_thread.run(raw_send.send, (name, state_change), trio_token=token)

    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(browser_view._follow, raw_receive, out_send)
            zc_browser = await trio.to_thread.run_sync(
                lambda: ServiceBrowser(mdns.zeroconf, SERVICE_TYPE, handlers=[on_change])
            )
            try:
                yield browser_view
            finally:
                nursery.cancel_scope.cancel()
                # Closing the sending end frees a handler waiting for room, so the
                # browser thread can see the stop request and be joined.
                raw_send.close()
                with trio.CancelScope(shield=True):
                    await trio.to_thread.run_sync(zc_browser.cancel)
    except BaseExceptionGroup as group:
        # The nursery is an implementation detail: the caller's own exception (a
        # KeyboardInterrupt, a UserError) comes out as itself, not wrapped in a group.
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise


async def find_table(mdns: Mdns, wanted: str, *, timeout: float) -> TableAdvert:
    """The table called `wanted` (see `select_table`), as soon as it is seen.

    Gives up with `TableChoiceError` after `timeout` seconds, or when the name turns
    out to be ambiguous.
    """
    async with browse(mdns) as browser:
        with trio.move_on_after(timeout):
            async for _ in browser.events:
                if matches(browser.tables.values(), wanted):
                    break
        with trio.move_on_after(SETTLE_S):
            async for _ in browser.events:
                pass
        tables = list(browser.tables.values())
    if not matches(tables, wanted):
        raise TableChoiceError(f"no table called {wanted!r} nearby (looked for {timeout:g} s)", reason="no_table",
                               params={"name": wanted})
    return select_table(tables, wanted)


async def snapshot(mdns: Mdns, wait: float) -> list[TableAdvert]:
    """The tables seen within `wait` seconds, sorted by name then key."""
    async with browse(mdns) as browser:
        with trio.move_on_after(wait):
            async for _ in browser.events:
                pass
        tables = list(browser.tables.values())
    return sorted(tables, key=lambda t: (t.table_name.casefold(), t.fingerprint, t.table_id))

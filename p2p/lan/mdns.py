"""The process's one zeroconf instance, and advertising a table with it.

`open_mdns` starts zeroconf bound to an explicit list of IPv4 interface addresses (see
`p2p.lan.interfaces`; never "all interfaces"), shared by every user in the process, its
blocking calls run in trio worker threads. `advertise` registers a table, re-publishes it
on `update` and withdraws it on exit, cancellation and Ctrl-C included; `advertise_table`
does that for a hosted `TableHost`, following its public info as seats and phase change.
`MdnsError` is the network stack failing.
"""
from __future__ import annotations

import logging
import socket
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

import trio
from zeroconf import (
    Error as ZeroconfError,
)
from zeroconf import (
    IPVersion,
    ServiceInfo,
    Zeroconf,
)

from zemlevlasnyk.p2p.core.errors import Explained
from zemlevlasnyk.p2p.core.wire import PROTOCOL_VERSION
from zemlevlasnyk.p2p.lan.txt import SERVICE_TYPE, AdvertError, AdvertPhase, TableAdvert, advert_for, encode_txt

if TYPE_CHECKING:
    from zemlevlasnyk.p2p.core.host import TableHost, TableInfo

log = logging.getLogger(__name__)

# Withdrawing sends goodbye packets; if the zeroconf thread is stuck we still leave.
UNREGISTER_TIMEOUT_S = 2.0


class MdnsError(Explained, RuntimeError):
    """The mDNS stack could not start, or a second one was asked for with other interfaces."""


@dataclass(frozen=True)
class Mdns:
    """The process's zeroconf instance and the interface addresses it is bound to."""

    zeroconf: Zeroconf
    interfaces: tuple[str, ...]


class _Shared:
    """The one open `Mdns` of this process and how many users hold it."""

    mdns: Mdns | None = None
    users: int = 0
    # Set while the first user starts zeroconf in a worker thread, so that a second
    # user arriving meanwhile waits for that instance instead of starting another.
    starting: trio.Event | None = None


def _start_zeroconf(interfaces: tuple[str, ...]) -> Zeroconf:
    try:
        return Zeroconf(interfaces=list(interfaces), ip_version=IPVersion.V4Only)
    except OSError as exc:
        raise MdnsError(f"cannot start mDNS on {', '.join(interfaces)}: {exc.strerror or exc}", reason="mdns_start",
                        params={"interfaces": ", ".join(interfaces)}, os_error=exc) from exc


@asynccontextmanager
async def open_mdns(interfaces: Sequence[str]) -> AsyncIterator[Mdns]:
    """The process's zeroconf instance, bound to exactly `interfaces` (never "all").

    Nested or concurrent users with the same interfaces share one instance; it is closed
    when the last one leaves. Asking for other interfaces while it is open is an error,
    as two instances in one process would answer each other's questions twice.
    """
    wanted = tuple(interfaces)
    if not wanted:
        raise MdnsError("no interface to run mDNS on", reason="mdns_no_interface")
    while _Shared.starting is not None:
        await _Shared.starting.wait()
    if _Shared.mdns is None:
        _Shared.starting = starting = trio.Event()
        try:
            zeroconf = await trio.to_thread.run_sync(_start_zeroconf, wanted)
        finally:
            _Shared.starting = None
            starting.set()
        _Shared.mdns = Mdns(zeroconf=zeroconf, interfaces=wanted)
    elif set(_Shared.mdns.interfaces) != set(wanted):
        raise MdnsError(
            f"mDNS is already running on {', '.join(_Shared.mdns.interfaces)}, "
            f"not {', '.join(wanted)}: one instance per process",
            reason="mdns_elsewhere",
            params={"running": ", ".join(_Shared.mdns.interfaces), "wanted": ", ".join(wanted)},
        )
    mdns = _Shared.mdns
    _Shared.users += 1
    try:
        yield mdns
    finally:
        _Shared.users -= 1
        if _Shared.users == 0:
            _Shared.mdns = None
            with trio.CancelScope(shield=True):
                await trio.to_thread.run_sync(mdns.zeroconf.close)



# --- advertising ------------------------------------------------------------------------


def _zeroconf_call(what: str, call: Callable[..., None], *args: object, **kwargs: object) -> None:
    """Blocking: one zeroconf call, its failures turned into `MdnsError`."""
    try:
        call(*args, **kwargs)
    except ZeroconfError as exc:
        raise MdnsError(f"cannot {what} the table on mDNS: {type(exc).__name__} {exc}".rstrip(),
                        reason="mdns_failed") from exc


def _service_info(advert: TableAdvert, name: str, addresses: Sequence[str]) -> ServiceInfo:
    return ServiceInfo(
        SERVICE_TYPE,
        name,
        port=advert.port,
        properties=encode_txt(advert),
        server=advert.server_name(),
        addresses=[socket.inet_aton(a) for a in addresses],
    )


class Advertisement:
    """A table being advertised; `update` re-publishes it when seats or phase change."""

    def __init__(self, mdns: Mdns, advert: TableAdvert, info: ServiceInfo, addresses: tuple[str, ...]):
        self._mdns = mdns
        self._info = info
        self._addresses = addresses
        self._lock = trio.Lock()
        self.advert = advert

    @property
    def service_name(self) -> str:
        """The full DNS-SD name in use (zeroconf may have renamed it after a clash)."""
        return self._info.name

    async def update(self, advert: TableAdvert) -> None:
        """Publish new seats, phase, clock or names for the same table (same id, key, port)."""
        if (advert.table_id, advert.host_key, advert.port) != (
            self.advert.table_id, self.advert.host_key, self.advert.port
        ):
            raise AdvertError("update() is for the same table: id, key and port must not change")
        advert = replace(advert, addresses=self._addresses)
        async with self._lock:
            if advert == self.advert:
                return
            info = _service_info(advert, self._info.name, self._addresses)
            await trio.to_thread.run_sync(_zeroconf_call, "update", self._mdns.zeroconf.update_service, info)
            self._info = info
            self.advert = advert

    async def _withdraw(self) -> None:
        with trio.move_on_after(UNREGISTER_TIMEOUT_S) as scope:
            scope.shield = True
            try:
                await trio.to_thread.run_sync(
                    _zeroconf_call, "withdraw", self._mdns.zeroconf.unregister_service, self._info,
                    abandon_on_cancel=True,
                )
            except MdnsError as exc:
                # We are leaving anyway (maybe on another error): say so, do not mask it.
                log.warning("%s; browsers will drop it when its records expire", exc)
        if scope.cancelled_caught:
            log.warning("withdrawing table %s timed out", self._info.name)


@asynccontextmanager
async def advertise(mdns: Mdns, advert: TableAdvert) -> AsyncIterator[Advertisement]:
    """Announce a table until the block ends; withdrawn on any exit, Ctrl-C included.

    The advert's port must be the table's TCP port; with no addresses in it, every
    interface address of `mdns` is announced.
    """
    if advert.port == 0:
        raise AdvertError("an advertised table needs its TCP port")
    addresses = advert.addresses or mdns.interfaces
    advert = replace(advert, addresses=tuple(addresses))
    info = _service_info(advert, f"{advert.instance_label()}.{SERVICE_TYPE}", addresses)
    # allow_name_change: the label is unique by construction, but if a stranger holds
    # it anyway, a renamed table beats a table that cannot be hosted.
    await trio.to_thread.run_sync(
        lambda: _zeroconf_call("register", mdns.zeroconf.register_service, info, allow_name_change=True)
    )
    ad = Advertisement(mdns, advert, info, tuple(addresses))
    try:
        yield ad
    finally:
        await ad._withdraw()


@dataclass
class _LatestInfo:
    """A hosted table's newest public info, and a wake-up when it changes."""

    info: TableInfo
    wake: trio.Event = field(default_factory=trio.Event)
    following: bool = True


async def advertise_table(
    mdns: Mdns, table: TableHost, *, task_status: trio.TaskStatus[Advertisement] = trio.TASK_STATUS_IGNORED
) -> None:
    """Advertise a hosted table while it is open, as a task beside the host's server.

    Start it once the server listens (the advert needs the port). It re-publishes the
    advert whenever the table's public info changes; a finished table stays listed, as
    finished, for as long as its host is open (it waits for those offline to come back for
    the end record, and a player waking to a silent table learns from the advert that the
    game is over). Cancellation (the host leaving, Ctrl-C) withdraws it at once.
    """

    latest = _LatestInfo(table.info())

    def on_change(info: TableInfo) -> None:
        if latest.following:  # the host has no unsubscribe: once we are done, ignore it
            latest.info = info
            latest.wake.set()

    table.subscribe(on_change)
    key = table.profile.public_key
    try:
        async with advertise(mdns, advert_for(latest.info, key, protocol=PROTOCOL_VERSION)) as ad:
            task_status.started(ad)
            while True:
                latest.wake = trio.Event()
                info = latest.info
                await ad.update(advert_for(info, key, protocol=PROTOCOL_VERSION))
                if info.phase == AdvertPhase.FINISHED.value:
                    await trio.sleep_forever()   # listed as finished until the host closes
                if latest.info is info:
                    await latest.wake.wait()
    finally:
        latest.following = False



"""Finding tables on the LAN by mDNS: adverts, their TXT record, advertising and browsing.

A hosted table is a DNS-SD service of type `_zemlevlasnyk._tcp.local.`; its TXT record
is a `TableAdvert` (see docs/DISCOVERY.md for the keys). This module owns:

- the one zeroconf instance of the process (`open_mdns`), bound to an explicit list of
  IPv4 interface addresses (see `p2p.interfaces`), its blocking calls run in trio worker
  threads;
- `advertise`, which registers a table, re-publishes it on `update` and withdraws it on
  exit, cancellation and Ctrl-C included; `advertise_table` does that for a hosted
  `TableHost`, following its public info as seats and phase change;
- `browse`, a live stream of `TableAdded` / `TableUpdated` / `TableRemoved` events.
  zeroconf's browser thread crosses into trio through a memory channel and the trio
  token; service details are resolved in worker threads, off the trio thread;
- `snapshot`, the tables seen after a short wait; `find_table`, `select_table`,
  `to_invite` and `verify_host_key` for joining a table chosen from the list.

A TXT record from a stranger on the LAN is never trusted: one that does not decode is
skipped with a log line. The advert carries the host's whole public key, so joining from
the list pins it exactly as an invite link does. Errors say whose fault: `AdvertError`
and `TableChoiceError` are local misuse, `BadAdvert` a remote record, `MdnsError` the
network stack.
"""
from __future__ import annotations

import enum
import ipaddress
import logging
import re
import socket
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import trio
from zeroconf import (
    Error as ZeroconfError,
)
from zeroconf import (
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from zemlevlasnyk.p2p.errors import Code, remote
from zemlevlasnyk.p2p.identity import fingerprint
from zemlevlasnyk.p2p.links import KEY_BYTES, TABLE_ID, Invite
from zemlevlasnyk.p2p.wire import PROTOCOL_VERSION

if TYPE_CHECKING:
    from zemlevlasnyk.p2p.host import TableHost, TableInfo

log = logging.getLogger(__name__)

SERVICE_TYPE = "_zemlevlasnyk._tcp.local."
# Version of the TXT layout below (RFC 6763 §6.7 `txtvers`); a record with another
# version is skipped, so a future incompatible layout needs a new number.
TXT_VERSION = 1
# The game is for 2 to 4 players: no advert can honestly offer more seats than that.
MAX_SEATS = 4
# Long enough for any sensible table or player name, short enough that a name and its
# suffix fit one 63-byte DNS label and one 255-byte TXT string.
MAX_NAME_CHARS = 40
# The DNS label limit (RFC 1035 §2.3.4) that a service instance name must respect.
MAX_LABEL_BYTES = 63
# How much of the key fingerprint goes into the instance name: enough to keep two
# laptops' "Friday game" apart in every mDNS browser, short enough to read.
NAME_SUFFIX_CHARS = 8
# How long one resolution of a service's SRV/TXT/A records may take. Answers usually
# arrive together with the PTR record, so this only bounds a silent stranger.
RESOLVE_TIMEOUT_MS = 3000
# Withdrawing sends goodbye packets; if the zeroconf thread is stuck we still leave.
UNREGISTER_TIMEOUT_S = 2.0
# Events waiting for a slow reader; beyond that the zeroconf browser thread waits.
EVENT_BUFFER = 64
# A finished table stays listed (as finished) this long, so browsers see how it ended;
# shorter than the host's goodbye grace (p2p.serve.FINISH_GRACE_SECONDS, 10 s).
FINISHED_LINGER_S = 5.0
# Once a table with the wanted name shows up, listen this much longer for a second one
# of the same name: tables already advertising all answer a browser's first query.
SETTLE_S = 0.5
_KEY_HEX_RE = re.compile(rf"[0-9a-f]{{{2 * KEY_BYTES}}}")
_TXT_KEYS = frozenset({"txtvers", "pv", "id", "name", "host", "taken", "free", "phase", "clock", "key"})


class AdvertError(ValueError):
    """A local misuse: an advert with a field out of range."""


class BadAdvert(ValueError):
    """A remote fault: a TXT record on the LAN that is not a valid table advert."""


class MdnsError(RuntimeError):
    """The mDNS stack could not start, or a second one was asked for with other interfaces."""


class TableChoiceError(ValueError):
    """A local misuse: a table name that matches no table nearby, or several."""


class Phase(enum.Enum):
    """Where a table is in its life, as announced to the LAN."""

    LOBBY = "lobby"
    PLAYING = "playing"
    FINISHED = "finished"


def _check_name(what: str, value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise AdvertError(f"{what} is empty")
    if len(value) > MAX_NAME_CHARS:
        raise AdvertError(f"{what} is longer than {MAX_NAME_CHARS} characters")
    if any(not ch.isprintable() for ch in value):
        raise AdvertError(f"{what} contains a control character")


@dataclass(frozen=True)
class TableAdvert:
    """What a table says about itself on the LAN (addresses and port come from DNS)."""

    protocol: int
    table_id: str
    table_name: str
    host_name: str
    seats_taken: int
    seats_free: int
    phase: Phase
    clock: bool
    host_key: bytes  # the host's Ed25519 public key, pinned by whoever joins from the list
    port: int = 0
    addresses: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if not isinstance(self.protocol, int) or isinstance(self.protocol, bool) or self.protocol < 0:
            raise AdvertError(f"protocol version must be a non-negative integer, not {self.protocol!r}")
        if not isinstance(self.table_id, str) or not TABLE_ID.match(self.table_id):
            raise AdvertError(f"table id must be 16 lowercase hex digits, not {self.table_id!r}")
        _check_name("table name", self.table_name)
        _check_name("host name", self.host_name)
        for what, n in (("seats taken", self.seats_taken), ("seats free", self.seats_free)):
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise AdvertError(f"{what} must be a non-negative integer, not {n!r}")
        if self.seats_taken + self.seats_free > MAX_SEATS:
            raise AdvertError(f"a table has at most {MAX_SEATS} seats")
        if not isinstance(self.phase, Phase):
            raise AdvertError(f"phase must be a Phase, not {self.phase!r}")
        if not isinstance(self.clock, bool):
            raise AdvertError(f"clock must be True or False, not {self.clock!r}")
        if not isinstance(self.host_key, bytes) or len(self.host_key) != KEY_BYTES:
            raise AdvertError(f"host key must be {KEY_BYTES} bytes")
        if not isinstance(self.port, int) or not 0 <= self.port <= 65535:
            raise AdvertError(f"port must be 0-65535, not {self.port!r}")
        for address in self.addresses:
            try:
                ipaddress.IPv4Address(address)
            except ValueError:
                raise AdvertError(f"{address!r} is not an IPv4 address") from None

    @property
    def seats(self) -> int:
        return self.seats_taken + self.seats_free

    @property
    def fingerprint(self) -> str:
        """The host key's short form, as people compare it (see `p2p.identity`)."""
        return fingerprint(self.host_key)

    def instance_label(self) -> str:
        """The DNS-SD instance name: the table name made unique by key and table id.

        Two laptops may both call their table "Friday game"; the suffix tells them apart
        in every mDNS browser. The name is cut to fit one DNS label; the full name
        travels in the TXT record.
        """
        suffix = f" [{self.fingerprint[:NAME_SUFFIX_CHARS]}-{self.table_id}]"
        # Dots would split the label on the wire; the real name is in TXT anyway.
        name = self.table_name.replace(".", "_")
        budget = MAX_LABEL_BYTES - len(suffix.encode())
        return name.encode()[:budget].decode("utf-8", errors="ignore") + suffix

    def server_name(self) -> str:
        """A host name of the table's own for its address records."""
        return f"zv-{self.fingerprint[:NAME_SUFFIX_CHARS]}-{self.table_id}.local."


def encode_txt(advert: TableAdvert) -> dict[str, str]:
    """The TXT record for an advert, as zeroconf properties."""
    return {
        "txtvers": str(TXT_VERSION),
        "pv": str(advert.protocol),
        "id": advert.table_id,
        "name": advert.table_name,
        "host": advert.host_name,
        "taken": str(advert.seats_taken),
        "free": str(advert.seats_free),
        "phase": advert.phase.value,
        "clock": "on" if advert.clock else "off",
        "key": advert.host_key.hex(),
    }


def _txt_int(props: Mapping[str, str], key: str) -> int:
    text = props[key]
    # Digits only and short: int() would also take "+1", " 1", "١" or a 10,000-digit number.
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise BadAdvert(f"{key}={text!r} is not a small non-negative integer")
    return int(text)


def decode_txt(
    properties: Mapping[bytes, bytes | None], *, port: int = 0, addresses: Sequence[str] = ()
) -> TableAdvert:
    """Read a table advert from a TXT record (zeroconf's properties); `BadAdvert` if not one."""
    props: dict[str, str] = {}
    for raw_key, raw_value in properties.items():
        try:
            props[raw_key.decode("ascii").lower()] = "" if raw_value is None else raw_value.decode("utf-8")
        except UnicodeDecodeError:
            raise BadAdvert(f"TXT entry {raw_key!r} is not valid text") from None
    missing = sorted(_TXT_KEYS - props.keys())
    if missing:
        raise BadAdvert(f"TXT record lacks {', '.join(missing)}")
    if props["txtvers"] != str(TXT_VERSION):
        raise BadAdvert(f"TXT layout version {props['txtvers']!r}, this build reads {TXT_VERSION}")
    try:
        phase = Phase(props["phase"])
    except ValueError:
        raise BadAdvert(f"phase={props['phase']!r} is not one of lobby, playing, finished") from None
    if props["clock"] not in ("on", "off"):
        raise BadAdvert(f"clock={props['clock']!r} is neither on nor off")
    if not _KEY_HEX_RE.fullmatch(props["key"]):
        raise BadAdvert(f"key is not {2 * KEY_BYTES} lowercase hex digits")
    try:
        return TableAdvert(
            protocol=_txt_int(props, "pv"),
            table_id=props["id"],
            table_name=props["name"],
            host_name=props["host"],
            seats_taken=_txt_int(props, "taken"),
            seats_free=_txt_int(props, "free"),
            phase=phase,
            clock=props["clock"] == "on",
            host_key=bytes.fromhex(props["key"]),
            port=port,
            addresses=tuple(addresses),
        )
    except AdvertError as exc:
        raise BadAdvert(str(exc)) from None


def to_invite(advert: TableAdvert, *, secret: bytes | None = None, address: str | None = None) -> Invite:
    """An invite to a table seen on the LAN, its key pinned so the handshake proves it.

    Without `secret` the holder can only ask to sit and the host decides. `address`
    picks one of the advertised addresses (default: the first).
    """
    if address is None:
        if not advert.addresses:
            raise AdvertError(f"table {advert.table_name!r} announced no IPv4 address")
        address = advert.addresses[0]
    elif address not in advert.addresses:
        raise AdvertError(f"table {advert.table_name!r} does not announce address {address}")
    return Invite(address, advert.port, advert.table_id, advert.host_key, secret)


def verify_host_key(advert: TableAdvert, public_key: bytes) -> None:
    """Check that a key met elsewhere (an invite link, a connection) is the advertised one."""
    if public_key != advert.host_key:
        raise remote(
            Code.HOST_KEY_MISMATCH,
            f"table {advert.table_name!r} announced key {advert.fingerprint} but the host "
            f"holds key {fingerprint(public_key)}: not joining",
        )


def describe(advert: TableAdvert) -> str:
    """One line that tells a table apart from others with the same name."""
    return f"{advert.table_name!r} hosted by {advert.host_name} (key {advert.fingerprint})"


def _matches(tables: Iterable[TableAdvert], wanted: str) -> list[TableAdvert]:
    name, _, key_prefix = wanted.partition("#")
    key_prefix = key_prefix.strip().lower()
    return [t for t in tables if t.table_name == name.strip() and t.fingerprint.startswith(key_prefix)]


def select_table(tables: Iterable[TableAdvert], wanted: str) -> TableAdvert:
    """The table the user meant: `NAME`, or `NAME#KEY` (a key prefix) when names clash."""
    found = _matches(tables, wanted)
    if len(found) == 1:
        return found[0]
    if not found:
        raise TableChoiceError(f"no table called {wanted!r} nearby")
    choices = "; ".join(f"{describe(t)}: say {t.table_name}#{t.fingerprint}" for t in found)
    raise TableChoiceError(f"{len(found)} tables are called {wanted!r}: {choices}")


# --- the zeroconf instance -------------------------------------------------------------


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
        raise MdnsError(f"cannot start mDNS on {', '.join(interfaces)}: {exc.strerror or exc}") from exc


@asynccontextmanager
async def open_mdns(interfaces: Sequence[str]) -> AsyncIterator[Mdns]:
    """The process's zeroconf instance, bound to exactly `interfaces` (never "all").

    Nested or concurrent users with the same interfaces share one instance; it is closed
    when the last one leaves. Asking for other interfaces while it is open is an error,
    as two instances in one process would answer each other's questions twice.
    """
    wanted = tuple(interfaces)
    if not wanted:
        raise MdnsError("no interface to run mDNS on")
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
            f"not {', '.join(wanted)}: one instance per process"
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


def _zeroconf_call(what: str, call: Callable[..., None], *args: Any, **kwargs: Any) -> None:
    """Blocking: one zeroconf call, its failures turned into `MdnsError`."""
    try:
        call(*args, **kwargs)
    except ZeroconfError as exc:
        raise MdnsError(f"cannot {what} the table on mDNS: {type(exc).__name__} {exc}".rstrip()) from exc


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


def advert_for(info: TableInfo, host_key: bytes, *, protocol: int = PROTOCOL_VERSION) -> TableAdvert:
    """The advert for a hosted table's public info (`TableHost.info()`)."""
    return TableAdvert(
        protocol=protocol,
        table_id=info.table,
        table_name=info.table_name,
        host_name=info.host_name,
        seats_taken=info.seats_taken,
        seats_free=info.seats_free,
        phase=Phase(info.phase),
        clock=info.clock,
        host_key=host_key,
        port=info.port,
    )


async def advertise_table(
    mdns: Mdns, table: TableHost, *, task_status: trio.TaskStatus[Advertisement] = trio.TASK_STATUS_IGNORED
) -> None:
    """Advertise a hosted table while it is open, as a task beside the host's server.

    Start it once the server listens (the advert needs the port). It re-publishes the
    advert whenever the table's public info changes, keeps a finished table listed for
    `FINISHED_LINGER_S`, then withdraws it and returns; cancellation (the host quitting,
    Ctrl-C) withdraws it at once.
    """

    latest = _LatestInfo(table.info())

    def on_change(info: TableInfo) -> None:
        if latest.following:  # the host has no unsubscribe: once we are done, ignore it
            latest.info = info
            latest.wake.set()

    table.subscribe(on_change)
    key = table.profile.public_key
    try:
        async with advertise(mdns, advert_for(latest.info, key)) as ad:
            task_status.started(ad)
            while True:
                latest.wake = trio.Event()
                info = latest.info
                await ad.update(advert_for(info, key))
                if info.phase == Phase.FINISHED.value:
                    await trio.sleep(FINISHED_LINGER_S)
                    return
                if latest.info is info:
                    await latest.wake.wait()
    finally:
        latest.following = False


# --- browsing ---------------------------------------------------------------------------


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
        try:
            trio.from_thread.run(raw_send.send, (name, state_change), trio_token=token)
        except (trio.RunFinishedError, trio.BrokenResourceError, trio.ClosedResourceError, trio.Cancelled):
            pass  # browsing has ended; the change no longer matters

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
                if _matches(browser.tables.values(), wanted):
                    break
        with trio.move_on_after(SETTLE_S):
            async for _ in browser.events:
                pass
        tables = list(browser.tables.values())
    if not _matches(tables, wanted):
        raise TableChoiceError(f"no table called {wanted!r} nearby (looked for {timeout:g} s)")
    return select_table(tables, wanted)


async def snapshot(mdns: Mdns, wait: float) -> list[TableAdvert]:
    """The tables seen within `wait` seconds, sorted by name then key."""
    async with browse(mdns) as browser:
        with trio.move_on_after(wait):
            async for _ in browser.events:
                pass
        tables = list(browser.tables.values())
    return sorted(tables, key=lambda t: (t.table_name.casefold(), t.fingerprint, t.table_id))

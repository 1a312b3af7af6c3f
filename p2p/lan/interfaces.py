"""Which network interfaces the table's mDNS may use, chosen by IPv4 address.

The rules, in order: an explicit list (`--interface ADDR`, repeatable) wins; otherwise
the environment variable `ZEMLEVLASNYK_INTERFACES` (comma-separated addresses); otherwise
every IPv4 address of this machine that is not loopback. An address that is not IPv4, or
that this machine does not have, is the user's mistake and is reported as such. The
choice is a tuple of addresses in the order given, each listed once; zeroconf is then
bound to exactly those and never to "all interfaces".
"""
from __future__ import annotations

import ipaddress
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

import ifaddr

from zemlevlasnyk.p2p.core.errors import Explained

# The environment variable every command (and the window) honours.
ENV_VAR = "ZEMLEVLASNYK_INTERFACES"


class InterfaceError(Explained, ValueError):
    """A local misuse: an interface address that is malformed or not on this machine."""


def machine_ipv4_addresses(adapters: Iterable[ifaddr.Adapter] | None = None) -> frozenset[str]:
    """Every IPv4 address of this machine, loopback included (adapters: for tests)."""
    if adapters is None:
        adapters = ifaddr.get_adapters()
    # Straight from ifaddr (a declared dependency): zeroconf's own helper for this is
    # private, and older zeroconf releases do not have it at all.
    return frozenset(str(ip.ip) for adapter in adapters for ip in adapter.ips if ip.is_IPv4)


def lan_addresses(adapters: Iterable[ifaddr.Adapter] | None = None) -> tuple[str, ...]:
    """The default choice: this machine's IPv4 addresses that are not loopback, sorted.

    Link-local addresses (169.254/16) stay: two laptops joined by a cable with no DHCP
    server get only those, and mDNS is meant for exactly that case.
    """
    return tuple(
        sorted(
            (a for a in machine_ipv4_addresses(adapters) if not ipaddress.IPv4Address(a).is_loopback),
            key=ipaddress.IPv4Address,
        )
    )


def shares_a_network(address: str, interfaces: Sequence[str], adapters: Iterable[ifaddr.Adapter] | None = None,
                     *, multicast: Callable[[str], bool] | None = None) -> bool:
    """Whether `address` (a host's, from its invite link) is on the network of one of our
    `interfaces`, on a link that carries multicast: where mDNS reaches it. False across a
    router, and across a VPN whose tunnel is a network of its own (Tailscale's address is a
    /32) or carries no multicast (WireGuard). A player who joined a table that way cannot
    find by mDNS a player who takes it over, nor be found. `multicast(adapter)`: whether an
    interface carries multicast (default: as the system says, where it can tell)."""
    try:
        host = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    if adapters is None:
        adapters = ifaddr.get_adapters()
    carries = multicast or carries_multicast
    ours = set(interfaces)
    return any(host in ipaddress.IPv4Network(f"{ip.ip}/{ip.network_prefix}", strict=False)
               and (host.is_loopback or carries(adapter.name))
               for adapter in adapters for ip in adapter.ips if ip.is_IPv4 and str(ip.ip) in ours)


# Linux's flag for an interface that carries multicast (<linux/if.h>).
IFF_MULTICAST = 0x1000


def carries_multicast(adapter: str) -> bool:
    """Whether the interface called `adapter` carries multicast: Linux says so in
    /sys/class/net; elsewhere, or when it cannot be read, it is taken to."""
    try:
        flags = Path("/sys/class/net", adapter, "flags").read_text("ascii")
        return bool(int(flags.strip(), 16) & IFF_MULTICAST)
    except (OSError, ValueError):
        return True


def parse_addresses(
    values: Iterable[str], *, source: str, adapters: Iterable[ifaddr.Adapter] | None = None
) -> tuple[str, ...]:
    """Check a list of interface addresses; `source` names where they came from for errors."""
    known = machine_ipv4_addresses(adapters)
    chosen: list[str] = []
    for raw in values:
        text = raw.strip()
        try:
            address = ipaddress.ip_address(text)
        except ValueError:
            raise InterfaceError(f"{source}: {raw!r} is not an IP address", reason="interface_not_ip",
                                 params={"source": source, "value": raw}) from None
        if address.version != 4:
            raise InterfaceError(f"{source}: {text} is not an IPv4 address (only IPv4 is supported)",
                                 reason="interface_not_ipv4", params={"source": source, "value": text})
        if str(address) not in known:
            have = ", ".join(sorted(known, key=ipaddress.IPv4Address)) or "-"
            raise InterfaceError(
                f"{source}: {text} is not an address of this machine (it has: {have})",
                reason="interface_not_here", params={"source": source, "value": text, "have": have},
            )
        if str(address) not in chosen:
            chosen.append(str(address))
    if not chosen:
        raise InterfaceError(f"{source}: no interface address given", reason="interface_none_given",
                             params={"source": source})
    return tuple(chosen)


def choose_interfaces(
    explicit: Sequence[str] | None = None,
    *,
    environ: Mapping[str, str] | None = None,
    adapters: Iterable[ifaddr.Adapter] | None = None,
) -> tuple[str, ...]:
    """The interface addresses to use, by the rules in this module's docstring."""
    if adapters is not None:
        adapters = list(adapters)  # read more than once below
    if explicit:
        return parse_addresses(explicit, source="--interface", adapters=adapters)
    env = (os.environ if environ is None else environ).get(ENV_VAR, "").strip()
    if env:
        return parse_addresses(env.split(","), source=ENV_VAR, adapters=adapters)
    lan = lan_addresses(adapters)
    if not lan:
        raise InterfaceError(
            "this machine has no LAN address: join a Wi-Fi network, or pass "
            "--interface 127.0.0.1 to play on this machine only",
            reason="interface_no_lan",
        )
    return lan

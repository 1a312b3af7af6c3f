"""A host reached through a router (issue 20, item 4): whether a table's host shares a
network with one of our interfaces, where mDNS reaches (`shares_a_network`). Across a
router or a VPN it does not, and then a player never takes the table over by itself: the
others could not find it, and would each host a game of their own."""
from __future__ import annotations

from pathlib import Path

import ifaddr

from zemlevlasnyk.p2p.lan.interfaces import shares_a_network

MACHINE = [
    ifaddr.Adapter("lo", "lo", [ifaddr.IP("127.0.0.1", 8, "lo")]),
    ifaddr.Adapter("wlan0", "wlan0", [ifaddr.IP("192.168.1.20", 24, "wlan0")]),
    # A tunnel's address is a network of its own (WireGuard, Tailscale: /32).
    ifaddr.Adapter("wg0", "wg0", [ifaddr.IP("100.101.102.103", 32, "wg0")]),
]


def test_a_host_on_our_wifi_shares_its_network() -> None:
    assert shares_a_network("192.168.1.7", ["192.168.1.20"], adapters=MACHINE)
    assert shares_a_network("127.0.0.1", ["127.0.0.1"], adapters=MACHINE)


def test_a_host_across_a_vpn_or_a_router_does_not() -> None:
    assert not shares_a_network("100.64.3.4", ["100.101.102.103"], adapters=MACHINE)
    assert not shares_a_network("10.214.1.11", ["192.168.1.20"], adapters=MACHINE)
    assert not shares_a_network("192.168.1.7", ["100.101.102.103"], adapters=MACHINE), "only the interfaces we use"


def test_a_host_on_a_tunnel_without_multicast_does_not() -> None:
    """A WireGuard tunnel with a /24 of its own carries no multicast: mDNS finds nobody."""
    wireguard = [ifaddr.Adapter("wg0", "wg0", [ifaddr.IP("10.8.0.2", 24, "wg0")])]
    assert not shares_a_network("10.8.0.1", ["10.8.0.2"], adapters=wireguard, multicast=lambda name: name != "wg0")
    assert shares_a_network("10.8.0.1", ["10.8.0.2"], adapters=wireguard, multicast=lambda name: True)


def test_the_system_tells_which_interfaces_carry_multicast() -> None:
    from zemlevlasnyk.p2p.lan.interfaces import carries_multicast
    assert carries_multicast("no-such-interface-here"), "unknown: taken to carry it"
    assert not carries_multicast("lo") or not Path("/sys/class/net/lo").exists(), "loopback carries none (Linux)"


def test_no_interface_or_no_address_shares_nothing() -> None:
    assert not shares_a_network("192.168.1.7", [], adapters=MACHINE)
    assert not shares_a_network("laptop.local", ["192.168.1.20"], adapters=MACHINE)

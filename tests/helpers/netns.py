"""A test LAN made of Linux network namespaces: 'laptops' joined by a bridge.

`open_lan(n)` makes one bridge namespace and `n` laptop namespaces, each laptop with an
`eth0` (a veth pair whose other end is a port of the bridge) holding its own address in
a private test subnet, and its own loopback up. Everything is created from inside the
namespaces (`ip -n`), so the machine's own interfaces are never touched, and traffic,
mDNS multicast included, stays inside. Names carry this process's id and a random token,
so parallel runs never collide; namespaces left by a crashed run (their process gone)
are removed on the next setup. Teardown runs in a `finally`, on failure too.

Needs root and a working `ip netns`; otherwise `NetnsUnavailable` says why, and a test
fixture turns that into a skip.
"""
from __future__ import annotations

import os
import secrets
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

# Every namespace this module makes starts with this, then the creating process's id.
PREFIX = "zvt"
# A private subnet used only inside the namespaces made here, never on a real interface.
SUBNET = "10.213.0"
PREFIX_LEN = 24
# Laptop i (from 0) gets SUBNET.(FIRST_HOST + i); low numbers stay free for a router.
FIRST_HOST = 11
# An `ip` call that takes longer than this is stuck.
IP_TIMEOUT_S = 20


class NetnsUnavailable(Exception):
    """Network namespaces cannot be made here (not root, no `ip`, no permission)."""


@dataclass(frozen=True)
class Laptop:
    namespace: str
    address: str

    def command(self, argv: Sequence[str]) -> list[str]:
        """`argv` run inside this laptop."""
        return ["ip", "netns", "exec", self.namespace, *argv]


@dataclass(frozen=True)
class Lan:
    bridge: str
    laptops: tuple[Laptop, ...]


def _ip(*args: str) -> None:
    result = subprocess.run(["ip", *args], capture_output=True, text=True, timeout=IP_TIMEOUT_S)
    if result.returncode != 0:
        raise NetnsUnavailable(f"`ip {' '.join(args)}` failed: {result.stderr.strip()}")


def _existing() -> list[str]:
    result = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True, timeout=IP_TIMEOUT_S)
    return [line.split()[0] for line in result.stdout.splitlines() if line.strip()]


def _remove_stale() -> None:
    """Delete namespaces that an earlier run of this module left when its process died."""
    for name in _existing():
        if not name.startswith(PREFIX):
            continue
        pid_text = name[len(PREFIX):].split("-", 1)[0]
        if pid_text.isdigit() and not os.path.exists(f"/proc/{pid_text}"):
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=IP_TIMEOUT_S)


def check_available() -> None:
    """Raise `NetnsUnavailable` with the reason if this machine cannot make namespaces."""
    if os.geteuid() != 0:
        raise NetnsUnavailable("network namespaces need root")
    if shutil.which("ip") is None:
        raise NetnsUnavailable("the `ip` command (iproute2) is not installed")


@contextmanager
def _namespaces() -> Iterator[tuple[str, list[str]]]:
    """This run's name prefix and the list of namespaces made under it (the caller adds
    each it makes), every one of them removed when the block ends, however it ends."""
    check_available()
    _remove_stale()
    made: list[str] = []
    try:
        yield f"{PREFIX}{os.getpid()}-{secrets.token_hex(3)}", made
    finally:
        for name in reversed(made):
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=IP_TIMEOUT_S)


def _add(name: str, made: list[str]) -> None:
    """A namespace with its loopback up."""
    _ip("netns", "add", name)
    made.append(name)
    _ip("-n", name, "link", "set", "lo", "up")


@contextmanager
def open_lan(laptops: int = 3) -> Iterator[Lan]:
    """A bridge and `laptops` laptops, torn down when the block ends, however it ends."""
    with _namespaces() as (run, made):
        bridge = f"{run}-br"
        _add(bridge, made)
        # No IGMP snooping: the bridge floods mDNS multicast to every port, like a home router.
        _ip("-n", bridge, "link", "add", "br0", "type", "bridge", "mcast_snooping", "0")
        _ip("-n", bridge, "link", "set", "br0", "up")
        members = []
        for i in range(laptops):
            name = f"{run}-{chr(ord('a') + i)}"
            address = f"{SUBNET}.{FIRST_HOST + i}"
            _add(name, made)
            port = f"port{i}"
            _ip("-n", bridge, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", name)
            _ip("-n", bridge, "link", "set", port, "master", "br0", "up")
            _ip("-n", name, "addr", "add", f"{address}/{PREFIX_LEN}", "dev", "eth0")
            _ip("-n", name, "link", "set", "eth0", "up")
            members.append(Laptop(namespace=name, address=address))
        yield Lan(bridge=bridge, laptops=tuple(members))

# The routed test networks: subnet i (from 1) is ROUTED_NET.i.0/24, the router its .1, the
# laptop on it .11: private ranges that exist only inside the namespaces made here.
ROUTED_NET = "10.214"
ROUTER_HOST = 1


@dataclass(frozen=True)
class Routed:
    router: str
    laptops: tuple[Laptop, ...]     # one a subnet, in the subnets' order


@contextmanager
def open_routed(subnets: int = 2, *, multicast: Sequence[bool] | None = None) -> Iterator[Routed]:
    """`subnets` networks, one laptop on each, joined by a router namespace that forwards
    IPv4 between them (no bridge: multicast, and so mDNS, does not cross, as between two
    flats on a VPN or two floors of an office). `multicast[i]` False turns multicast off on
    laptop i's link, as on a WireGuard interface. Torn down however the block ends."""
    with _namespaces() as (run, made):
        router = f"{run}-rt"
        _add(router, made)
        members = []
        for i in range(1, subnets + 1):
            name = f"{run}-{chr(ord('a') + i - 1)}"
            net = f"{ROUTED_NET}.{i}"
            _add(name, made)
            port = f"net{i}"
            _ip("-n", router, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", name)
            _ip("-n", router, "addr", "add", f"{net}.{ROUTER_HOST}/{PREFIX_LEN}", "dev", port)
            _ip("-n", router, "link", "set", port, "up")
            _ip("-n", name, "addr", "add", f"{net}.{FIRST_HOST}/{PREFIX_LEN}", "dev", "eth0")
            if multicast is not None and not multicast[i - 1]:
                _ip("-n", name, "link", "set", "eth0", "multicast", "off")
            _ip("-n", name, "link", "set", "eth0", "up")
            _ip("-n", name, "route", "add", "default", "via", f"{net}.{ROUTER_HOST}")
            members.append(Laptop(namespace=name, address=f"{net}.{FIRST_HOST}"))
        forward = subprocess.run(["ip", "netns", "exec", router, "sysctl", "-qw", "net.ipv4.ip_forward=1"],
                                 capture_output=True, text=True, timeout=IP_TIMEOUT_S)
        if forward.returncode != 0:
            raise NetnsUnavailable(f"the router cannot forward: {forward.stderr.strip()}")
        yield Routed(router=router, laptops=tuple(members))

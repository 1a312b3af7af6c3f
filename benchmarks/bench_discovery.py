"""How fast tables show up: mDNS discovery latency, zeroconf bound to 127.0.0.1 only.

(a) A table already advertising, a browser started later: from opening mDNS and starting
    the browser to its `TableAdded` event (target: under 1 s).
(b) A browser already running, a table newly hosted: from the host calling `advertise`
    (mDNS probing included) to the browser's `TableAdded` event (target: under 3 s).
    The withdrawal (from telling the host to leave to `TableRemoved`) is timed too.

The table is advertised by a separate process, as another laptop's would be; both sides
read the same system-wide monotonic clock. All traffic stays on 127.0.0.1, or with
`--netns` (root) between two 'laptops' on a test LAN of network namespaces made for the
run (tests/helpers/netns.py), whose multicast crosses a real bridge and nothing else.

    python benchmarks/bench_discovery.py [--runs N] [--netns]
"""
from __future__ import annotations

import argparse
import secrets
import statistics
import subprocess
import sys
import time
from pathlib import Path

import trio

REPO = Path(__file__).resolve().parent.parent

from zemlevlasnyk.p2p.lan.discovery import TableAdded, TableBrowser, TableRemoved, browse, open_mdns  # noqa: E402

LOOPBACK = "127.0.0.1"
TARGET_ALREADY_S = 1.0
TARGET_NEW_S = 3.0
# A run that has seen nothing by then has failed; the figures would be meaningless.
GIVE_UP_S = 15.0

# The other laptop: on "add ID" it advertises a table (printing the time it called
# advertise), on the next line it withdraws it (printing the time it finished).
ADVERTISER = """
import secrets, sys, time, trio
from zemlevlasnyk.p2p.lan.discovery import AdvertPhase, TableAdvert, advertise, open_mdns

async def main() -> None:
    stdin = trio.wrap_file(sys.stdin)
    async with open_mdns([sys.argv[1]]) as mdns:
        while (line := await stdin.readline()):
            advert = TableAdvert(protocol=1, table_id=line.split()[1], table_name="Bench table",
                                 host_name="Bench", seats_taken=1, seats_free=3, phase=AdvertPhase.LOBBY,
                                 clock=True, host_key=secrets.token_bytes(32), port=45999)
            print("adding", time.monotonic(), flush=True)
            async with advertise(mdns, advert):
                print("added", flush=True)
                await stdin.readline()
            print("removed", flush=True)

trio.run(main)
"""


class Child:
    """The advertising process, spoken to line by line."""

    def __init__(self, process: trio.Process) -> None:
        assert process.stdin is not None and process.stdout is not None
        self._process = process
        self._buffer = b""

    async def say(self, line: str) -> None:
        assert self._process.stdin is not None
        await self._process.stdin.send_all(line.encode() + b"\n")

    async def hear(self, word: str) -> list[str]:
        assert self._process.stdout is not None
        with trio.fail_after(GIVE_UP_S):
            while True:
                while b"\n" not in self._buffer:
                    chunk = await self._process.stdout.receive_some()
                    if not chunk:
                        raise RuntimeError("the advertising process died")
                    self._buffer += chunk
                line, self._buffer = self._buffer.split(b"\n", 1)
                fields = line.decode().split()
                if fields and fields[0] == word:
                    return fields[1:]


async def wait_for(browser: TableBrowser, kind: type, table_id: str) -> float:
    with trio.fail_after(GIVE_UP_S):
        async for event in browser.events:
            if isinstance(event, kind) and event.table.table_id == table_id:
                return time.monotonic()
    raise RuntimeError("the browser stopped")


async def already_advertising(interface: str, runs: int, table_id: str) -> list[float]:
    figures = []
    for _ in range(runs):
        start = time.monotonic()
        # A fresh zeroconf each time: an empty cache, as on a laptop that just opened the game.
        async with open_mdns([interface]) as mdns, browse(mdns) as browser:
            figures.append(await wait_for(browser, TableAdded, table_id) - start)
    return figures


async def newly_hosted(interface: str, child: Child, runs: int) -> tuple[list[float], list[float]]:
    appear, vanish = [], []
    async with open_mdns([interface]) as mdns, browse(mdns) as browser:
        for _ in range(runs):
            table_id = secrets.token_hex(8)
            await child.say(f"add {table_id}")
            called = float((await child.hear("adding"))[0])
            appear.append(await wait_for(browser, TableAdded, table_id) - called)
            await child.hear("added")
            asked = time.monotonic()
            await child.say("withdraw")
            vanish.append(await wait_for(browser, TableRemoved, table_id) - asked)
            await child.hear("removed")
    return appear, vanish


def report(title: str, figures: list[float], target: float | None) -> None:
    verdict = "" if target is None else ("  within target" if max(figures) < target else "  OVER TARGET")
    aim = "" if target is None else f" (target < {target:g} s)"
    print(f"{title}{aim}: median {statistics.median(figures):.3f} s, max {max(figures):.3f} s, "
          f"n={len(figures)}{verdict}")


async def measure(runs: int, interface: str, advertiser_netns: str | None, advertiser_interface: str) -> None:
    """Browse on `interface`; advertise from another process (in `advertiser_netns` if given)."""
    prefix = ["ip", "netns", "exec", advertiser_netns] if advertiser_netns else []
    process = await trio.lowlevel.open_process(
        [*prefix, sys.executable, "-c", ADVERTISER, advertiser_interface],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=REPO,
    )
    child = Child(process)
    try:
        table_id = secrets.token_hex(8)
        await child.say(f"add {table_id}")
        await child.hear("added")
        already = await already_advertising(interface, runs, table_id)
        await child.say("withdraw")
        await child.hear("removed")
        appear, vanish = await newly_hosted(interface, child, runs)
    finally:
        process.kill()
        await process.wait()
    report("(a) already advertising, browser started later", already, TARGET_ALREADY_S)
    report("(b) newly hosted, browser already running   ", appear, TARGET_NEW_S)
    report("    withdrawn, from the host leaving to removed", vanish, None)


def across_namespaces(runs: int) -> None:
    """Run the measuring side on laptop b, the advertiser on laptop a, of a fresh test LAN."""
    sys.path.insert(0, str(REPO / "tests"))
    from helpers.netns import open_lan

    with open_lan(2) as lan:
        host, browser = lan.laptops
        print(f"test LAN: table on {host.address}, browser on {browser.address}")
        subprocess.run(
            browser.command([sys.executable, __file__, "--runs", str(runs), "--interface", browser.address,
                             "--advertiser-netns", host.namespace, "--advertiser-interface", host.address]),
            check=True,
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="repetitions of each measurement")
    parser.add_argument("--netns", action="store_true", help="measure across a test LAN of namespaces (root)")
    parser.add_argument("--interface", default=LOOPBACK, help=argparse.SUPPRESS)
    parser.add_argument("--advertiser-netns", help=argparse.SUPPRESS)
    parser.add_argument("--advertiser-interface", default=LOOPBACK, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.netns:
        across_namespaces(args.runs)
    else:
        trio.run(measure, args.runs, args.interface, args.advertiser_netns, args.advertiser_interface)

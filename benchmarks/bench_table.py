"""How long a move takes to reach everyone: 4 peers at a table on loopback TCP.

Measures, in one run: the time from a peer sending a signed action to every peer having
verified and applied its record (p50, p99), and a raw trio TCP echo round trip of a
message of the same size, for scale. Two set-ups: the host and the 4 peers in one process
(every verification runs one after another on one core: the worst case), and each peer in
its own process, as at a real table (they share this machine's cores with the host).
All traffic stays on 127.0.0.1.

    python benchmarks/bench_table.py [--moves N]
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time

import trio
from nacl.signing import SigningKey  # noqa: E402

from zemlevlasnyk.p2p.client import PeerClient  # noqa: E402
from zemlevlasnyk.p2p.driver import TableConfig, prepare  # noqa: E402
from zemlevlasnyk.p2p.host import Phase  # noqa: E402
from zemlevlasnyk.p2p.identity import COLOURS, Profile  # noqa: E402
from zemlevlasnyk.p2p.links import parse_invite  # noqa: E402
from zemlevlasnyk.p2p.messages import Act  # noqa: E402
from zemlevlasnyk.p2p.peer import Applied, Outgoing, TablePeer  # noqa: E402
from zemlevlasnyk.p2p.policy import make_policy  # noqa: E402
from zemlevlasnyk.p2p.records import split_record  # noqa: E402

PEERS = 4
# Roughly what one action message weighs on the wire (a signed envelope).
ECHO_BYTES = 400


def _profile(n: int) -> Profile:
    return Profile(f"P{n}", COLOURS[n], SigningKey(bytes([n + 1]) * 32))


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


async def echo_round_trips(count: int) -> list[float]:
    async def echo(stream: trio.SocketStream) -> None:
        while data := await stream.receive_some(65536):
            await stream.send_all(data)

    samples: list[float] = []
    async with trio.open_nursery() as nursery:
        listeners = await nursery.start(lambda task_status: trio.serve_tcp(echo, 0, host="127.0.0.1", task_status=task_status))
        port = listeners[0].socket.getsockname()[1]
        stream = await trio.open_tcp_stream("127.0.0.1", port)
        payload = b"x" * ECHO_BYTES
        for _ in range(count):
            start = time.perf_counter()
            await stream.send_all(payload)
            got = 0
            while got < len(payload):
                got += len(await stream.receive_some(65536))
            samples.append(time.perf_counter() - start)
        await stream.aclose()
        nursery.cancel_scope.cancel()
    return samples


async def one_table(moves: int, seed: int) -> list[float]:
    """Play up to `moves` moves at a fresh table; the latency of each."""
    rng = random.Random(seed)
    handle = prepare(TableConfig(Profile("Host", "red", SigningKey(b"\x7f" * 32)), clock=False,
                                 auto_start_at=PEERS, bind="127.0.0.1"))
    core = handle.core
    peers = [TablePeer(_profile(n), table=core.table, host_key=core.profile.public_key) for n in range(PEERS)]
    policy = make_policy("random", seed)
    samples: list[float] = []
    arrived = trio.Event()
    target = [0]

    def watch(out) -> None:
        if isinstance(out, Applied) and all(p.replica.seq >= target[0] for p in peers):
            arrived.set()

    async with trio.open_nursery() as nursery:
        await nursery.start(handle.run)
        invite = handle.invite
        clients = [PeerClient(p, invite, on_output=watch) for p in peers]
        for client in clients:
            nursery.start_soon(client.run)
        while not all(p.replica.seq >= 0 for p in peers):
            await trio.sleep(0.01)
        for _ in range(moves):
            game = peers[0].replica.game
            if game.outcome() is not None:
                break
            decisions = game.pending()
            seat = rng.choice(decisions).seat
            mover = next(n for n, p in enumerate(peers) if p.seat == seat)
            action = policy.choose(game.copy(), seat)
            message = peers[mover].act(action).message
            arrived = trio.Event()
            target[0] = peers[0].replica.seq + 1
            start = time.perf_counter()
            await clients[mover].send(message)
            with trio.fail_after(10):
                await arrived.wait()
            samples.append(time.perf_counter() - start)
        nursery.cancel_scope.cancel()
    assert core.phase in (Phase.PLAYING, Phase.FINISHED)
    return samples


async def peer_process(link: str, index: int, moves: int) -> None:
    """One peer of the multi-process run: plays (random level) until record `moves`, then
    prints when it sent each action and when it verified each record."""
    invite = parse_invite(link)
    peer = TablePeer(_profile(index), table=invite.table, host_key=invite.host_key,
                     policy=make_policy("random", index))
    sent: dict[str, float] = {}
    applied: dict[int, float] = {}
    done = trio.Event()

    def watch(out) -> None:
        now = time.perf_counter()
        if isinstance(out, Outgoing) and isinstance(out.message, Act):
            sent[out.message.signed["sig"]] = now
        elif isinstance(out, Applied):
            applied[out.seq] = now
            if out.seq >= moves:
                done.set()

    async with trio.open_nursery() as nursery:
        async def play() -> None:
            await PeerClient(peer, invite, on_output=watch).run()
            done.set()
        nursery.start_soon(play)
        await done.wait()
        nursery.cancel_scope.cancel()
    print(json.dumps({"sent": sent, "applied": applied}), flush=True)


async def processes_table(moves: int) -> list[float]:
    handle = prepare(TableConfig(Profile("Host", "red", SigningKey(b"\x7f" * 32)), clock=False,
                                 auto_start_at=PEERS, bind="127.0.0.1"))
    core = handle.core
    async with trio.open_nursery() as nursery:
        await nursery.start(handle.run)
        link = handle.invite.to_link()
        procs = [await trio.lowlevel.open_process(
            [sys.executable, __file__, "--peer", link, "--index", str(n), "--moves", str(moves)],
            stdout=subprocess.PIPE) for n in range(PEERS)]
        outputs = []
        try:
            for proc in procs:
                chunks = []
                async for chunk in proc.stdout:
                    chunks.append(chunk)
                await proc.wait()
                outputs.append(json.loads(b"".join(chunks)))
        finally:
            for proc in procs:
                if proc.returncode is None:
                    proc.kill()
        nursery.cancel_scope.cancel()
    sent = {sig: t for out in outputs for sig, t in out["sent"].items()}
    samples = []
    for data in core.records[1:moves + 1]:
        record = json.loads(split_record(data)[0])
        act = record.get("act")
        if act is None or act["sig"] not in sent:
            continue
        seq = str(record["seq"])
        if all(seq in out["applied"] for out in outputs):
            samples.append(max(out["applied"][seq] for out in outputs) - sent[act["sig"]])
    return samples


async def main(moves: int) -> None:
    echo = await echo_round_trips(2000)
    samples: list[float] = []
    seed = 0
    while len(samples) < moves:
        samples += await one_table(moves - len(samples), seed)
        seed += 1
    spread = await processes_table(moves)
    echo_p50, echo_p99 = _percentiles(echo)
    print(f"raw trio TCP echo round trip ({ECHO_BYTES} B, {len(echo)} trips): "
          f"p50 {echo_p50 * 1e6:8.1f} us   p99 {echo_p99 * 1e6:8.1f} us")
    for label, figures in ((f"one process, {seed} table(s)", samples), ("a process per peer", spread)):
        p50, p99 = _percentiles(figures)
        print(f"action -> all {PEERS} peers verified, {label} ({len(figures)} moves): "
              f"p50 {p50 * 1e6:8.1f} us   p99 {p99 * 1e6:8.1f} us   p50/echo {p50 / echo_p50:5.1f}x")
    print("aim: p50 within 10x the echo round trip")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (other work skews the figures)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--peer", help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.peer:
        trio.run(peer_process, options.peer, options.index, options.moves)
    else:
        trio.run(main, options.moves)

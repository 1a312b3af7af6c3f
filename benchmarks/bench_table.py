"""How fast a table is: 4 peers on loopback TCP, figures against baselines of the same run.

Measures, in one run (issue 13's table targets and issue 14's cost):
- a peer's action until every peer verified and applied its record, host and 4 peers in
  one process (every verification runs one after another on one core: the worst case),
  p50/p99, against a raw trio TCP echo round trip of a message of the same size
  (target: p50 within 20x the echo);
- a roll the host applies itself, from its record until every peer verified the outcome:
  with the people seated it is declared and waits for their contributions (section 3 of
  docs/PROTOCOL.md), against the same roll with the people only watching, applied at once
  as before the two-step (target: within 2x);
- the host's memory per record over a long game (target: at most 1 KB);
- the first figure again with each peer in its own process, as at a real table;
- where a move's time goes: the host's and the peers' cores alone (no connection, no
  trio), and the Ed25519 work inside them (a verification and a signature timed in the
  same run), so the Python left over and the transport's share can be told apart.
The CPU time per move of the one-process run is printed too: it moves less than wall time
when other work loads the machine. All traffic stays on 127.0.0.1.

    python benchmarks/bench_table.py [--moves N] [--rolls N] [--records N]
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from functools import partial
from typing import Any

import trio
from nacl.signing import SigningKey

from zemlevlasnyk.p2p.core.handshake import PLAYING, WATCHING
from zemlevlasnyk.p2p.core.host import Published, TablePhase
from zemlevlasnyk.p2p.core.identity import COLOURS, Profile
from zemlevlasnyk.p2p.core.links import parse_invite
from zemlevlasnyk.p2p.core.messages import Act
from zemlevlasnyk.p2p.core.peer import Applied, Outgoing, TablePeer
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import split_record
from zemlevlasnyk.p2p.net.client import PeerClient
from zemlevlasnyk.p2p.net.driver import TableConfig, TableHandle, prepare

PEERS = 4
# Roughly what one action message weighs on the wire (a signed envelope).
ECHO_BYTES = 400
HOST = Profile("Host", "red", SigningKey(b"\x7f" * 32))
# Far longer than a record takes to verify, far shorter than a person's turn.
ROLL_PACE_SECONDS = 0.02


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
        listeners = await nursery.start(partial(trio.serve_tcp, echo, 0, host="127.0.0.1"))
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


async def one_table(moves: int, seed: int) -> tuple[list[float], float]:
    """Play up to `moves` moves at a fresh table; the latency of each, and the process's
    CPU seconds per move."""
    rng = random.Random(seed)
    handle = prepare(TableConfig(HOST, clock=False, auto_start_at=PEERS, bind="127.0.0.1"))
    core = handle.core
    peers = [TablePeer(_profile(n), table=core.table, host_key=core.profile.public_key) for n in range(PEERS)]
    policy = make_policy("random", seed)
    samples: list[float] = []
    arrived = trio.Event()
    target = [0]

    def watch(out: object) -> None:
        if isinstance(out, Applied) and all(p.replica.seq >= target[0] for p in peers):
            arrived.set()

    cpu = 0.0
    async with trio.open_nursery() as nursery:
        await nursery.start(handle.run)
        assert handle.invite is not None
        clients = [PeerClient(p, handle.invite, on_output=watch) for p in peers]
        for client in clients:
            nursery.start_soon(client.run)
        while not all(p.replica.seq >= 0 for p in peers):
            await trio.sleep(0.01)
        started = time.process_time()
        # One guard against a hang for the whole run: a cancel scope per move would be
        # measured with the move (about half an echo round trip).
        with trio.fail_after(max(60.0, moves * 0.5)):
            for _ in range(moves):
                game = peers[0].replica.game
                assert game is not None
                if game.outcome() is not None:
                    break
                seat = rng.choice(game.pending()).seat
                mover = next(n for n, p in enumerate(peers) if p.seat == seat)
                action = policy.choose(game.copy(), seat)
                message = peers[mover].act(action).message
                arrived = trio.Event()
                target[0] = peers[0].replica.seq + 1
                start = time.perf_counter()
                await clients[mover].send(message)
                await arrived.wait()
                samples.append(time.perf_counter() - start)
        cpu = (time.process_time() - started) / max(1, len(samples))
        nursery.cancel_scope.cancel()
    assert core.phase in (TablePhase.PLAYING, TablePhase.FINISHED)
    return samples, cpu


async def host_rolls(count: int, *, seated: bool, seed: int) -> list[float]:
    """The host's own rolls (its seat played by a computer player) with 3 people playing
    (`seated`: the two-step) or watching (applied at once): from the record that carries
    the roll (the declaration, when there is one) until every peer has verified the record
    with its outcome."""
    people = PEERS - 1
    # The host's computer players wait a moment between moves, so that a roll is measured on
    # its own and not behind a queue of moves nobody waited for.
    handle = prepare(TableConfig(HOST, clock=False, auto_start_at=people + 1 if seated else 2, bind="127.0.0.1",
                                 solo=not seated, bot_pace=ROLL_PACE_SECONDS))
    core = handle.core
    handle.sit_host(policy=make_policy("idle", seed))
    if not seated:
        handle.add_bot("idle", make_policy("idle", seed + 1))
    peers = [TablePeer(_profile(n), table=core.table, host_key=core.profile.public_key,
                       policy=make_policy("idle", seed + 2 + n)) for n in range(people)]
    samples: list[float] = []
    waiting: dict[int, float] = {}     # record that completes a host roll -> when it began
    done = trio.Event()

    def host_side(out: object) -> None:
        if isinstance(out, Published) and out.seat is not None and core.players[out.seat].key == core.key_hex \
                and core.players[out.seat].bot is None and out.kind == "host" and _is_roll(core, out):
            waiting[out.seq + 1 if core.awaiting else out.seq] = time.perf_counter()

    def peer_side(out: object) -> None:
        if isinstance(out, Applied):
            for seq in [s for s in waiting if all(p.replica.seq >= s for p in peers)]:
                samples.append(time.perf_counter() - waiting.pop(seq))
            if len(samples) >= count:
                done.set()

    handle.observe(host_side)
    async with trio.open_nursery() as nursery:
        await nursery.start(handle.run)
        assert handle.invite is not None
        for peer in peers:
            nursery.start_soon(PeerClient(peer, handle.invite, want=PLAYING if seated else WATCHING,
                                          on_output=peer_side).run)
        with trio.fail_after(600):
            await done.wait()
        nursery.cancel_scope.cancel()
    return samples


def core_breakdown(moves: int, seed: int = 7) -> dict[str, float]:
    """Medians, in seconds, of what one move costs each side's core alone (sans-IO: bytes in,
    bytes out, no connection or trio): the host taking a peer's action and publishing its
    record, the acting peer verifying that record (its own action inside is not verified
    again), each other peer verifying it (the action inside too); and one Ed25519
    verification and one signature of a record's size, timed alongside."""
    from zemlevlasnyk.p2p.core.handshake import Joiner
    from zemlevlasnyk.p2p.core.host import CatchUp, Send, TableHost

    core = TableHost(HOST, clock=False, auto_start_at=PEERS)
    peers = [TablePeer(_profile(n), table=core.table, host_key=core.profile.public_key) for n in range(PEERS)]
    queue: list[tuple[int, bytes, bool]] = []    # (peer index, payload, to the peer?)

    def deliver(outs: list[Any]) -> None:
        for out in outs:
            if isinstance(out, Send):
                queue.append((out.conn, out.payload, True))
            elif isinstance(out, CatchUp):
                queue.extend((out.conn, core.records[s], True) for s in range(out.start, out.stop))
                core.caught_up(out.conn)

    for n, peer in enumerate(peers):
        me = peer.profile
        deliver(core.connect(n, Joiner(me.key_hex, me.name, me.colour, PLAYING, True, -1), 0.0))
    while queue:
        conn, data, to_peer = queue.pop(0)
        if to_peer:
            for out in peers[conn].receive(data, 0.0):
                if isinstance(out, Outgoing):
                    queue.append((conn, out.payload, False))
        else:
            deliver(core.receive(conn, data, 0.0))
    assert core.phase is TablePhase.PLAYING
    rng = random.Random(seed)
    policy = make_policy("random", seed)
    host_s: list[float] = []
    mover_s: list[float] = []
    other_s: list[float] = []
    for _ in range(moves):
        game = peers[0].replica.game
        assert game is not None
        if game.outcome() is not None:
            break
        seat = rng.choice(game.pending()).seat
        mover = next(n for n, p in enumerate(peers) if p.seat == seat)
        payload = peers[mover].act(policy.choose(game.copy(), seat)).payload
        start = time.perf_counter()
        outs = core.receive(mover, payload, 0.0)
        host_s.append(time.perf_counter() - start)
        record = next(o.payload for o in outs if isinstance(o, Send))
        for n, peer in enumerate(peers):
            start = time.perf_counter()
            peer.receive(record, 0.0)
            (mover_s if n == mover else other_s).append(time.perf_counter() - start)
    key = HOST.signing_key
    body = core.records[-1]
    signature = key.sign(body).signature
    verify_key = key.verify_key
    verifications, signatures = [], []
    for _ in range(2000):
        start = time.perf_counter()
        verify_key.verify(body, signature)
        verifications.append(time.perf_counter() - start)
        start = time.perf_counter()
        key.sign(body)
        signatures.append(time.perf_counter() - start)
    return {"host": statistics.median(host_s), "mover": statistics.median(mover_s),
            "other": statistics.median(other_s), "verify": statistics.median(verifications),
            "sign": statistics.median(signatures), "moves": len(host_s)}


def _is_roll(core: Any, out: Published) -> bool:
    body = json.loads(split_record(core.records[out.seq])[0])
    return body.get("auto", {}).get("type") in ("roll", "roll_for_double")


def memory_per_record(records: int) -> tuple[float, int]:
    """Bytes of the host's memory per record over a long game of computer players (its
    records, the engine and all), and the records measured."""
    handle = prepare(TableConfig(HOST, clock=False, solo=True))
    handle.sit_host(policy=make_policy("idle", 1))
    for n in range(3):
        handle.add_bot("idle", make_policy("idle", 2 + n))
    handle.start()
    core = handle.core
    for _ in range(200):
        handle.step_now()
    gc.collect()
    tracemalloc.start()
    before, first = tracemalloc.get_traced_memory()[0], core.seq
    while core.seq < first + records and core.game is not None and core.game.outcome() is None:
        handle.step_now()
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    measured = core.seq - first
    return (after - before) / max(1, measured), measured


async def peer_process(link: str, index: int, moves: int) -> None:
    """One peer of the multi-process run: plays (random level) until record `moves`, then
    prints when it sent each action and when it verified each record."""
    invite = parse_invite(link)
    peer = TablePeer(_profile(index), table=invite.table, host_key=invite.host_key,
                     policy=make_policy("random", index))
    sent: dict[str, float] = {}
    applied: dict[int, float] = {}
    done = trio.Event()

    def watch(out: object) -> None:
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
    handle: TableHandle = prepare(TableConfig(HOST, clock=False, auto_start_at=PEERS, bind="127.0.0.1"))
    core = handle.core
    async with trio.open_nursery() as nursery:
        await nursery.start(handle.run)
        assert handle.invite is not None
        link = handle.invite.to_link()
        procs = [await trio.lowlevel.open_process(
            [sys.executable, __file__, "--peer", link, "--index", str(n), "--moves", str(moves)],
            stdout=subprocess.PIPE) for n in range(PEERS)]
        outputs = []
        try:
            for proc in procs:
                assert proc.stdout is not None
                chunks = [chunk async for chunk in proc.stdout]
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


def _us(seconds: float) -> str:
    return f"{seconds * 1e6:8.1f} us"


async def main(moves: int, rolls: int, records: int) -> None:
    echo = await echo_round_trips(2000)
    samples: list[float] = []
    cpus: list[float] = []
    seed = 0
    while len(samples) < moves:
        got, cpu = await one_table(moves - len(samples), seed)
        samples += got
        cpus.append(cpu)
        seed += 1
    two_step = await host_rolls(rolls, seated=True, seed=1)
    at_once = await host_rolls(rolls, seated=False, seed=1)
    per_record, measured = memory_per_record(records)
    spread = await processes_table(moves)
    parts = core_breakdown(moves)
    echo_p50, echo_p99 = _percentiles(echo)
    print(f"raw trio TCP echo round trip ({ECHO_BYTES} B, {len(echo)} trips): p50 {_us(echo_p50)}   "
          f"p99 {_us(echo_p99)}")
    for label, figures in ((f"one process, {seed} table(s)", samples), ("a process per peer", spread)):
        p50, p99 = _percentiles(figures)
        print(f"action -> all {PEERS} peers verified, {label} ({len(figures)} moves): p50 {_us(p50)}   "
              f"p99 {_us(p99)}   p50/echo {p50 / echo_p50:5.1f}x")
    print(f"  CPU per move in the one-process run: {_us(statistics.mean(cpus))}")
    cores = parts["host"] + parts["mover"] + (PEERS - 1) * parts["other"]
    # Per move: the host verifies the action and signs the record; every peer verifies the
    # record; the peers that did not act verify the action inside it.
    crypto = (1 + PEERS + PEERS - 1) * parts["verify"] + parts["sign"]
    print(f"  the cores alone, per move ({parts['moves']:.0f} moves): host {_us(parts['host'])}, acting peer "
          f"{_us(parts['mover'])}, each other peer {_us(parts['other'])}: {_us(cores)} "
          f"({cores / echo_p50:4.1f}x the echo)")
    print(f"  of which Ed25519: {2 * PEERS} verifications at {_us(parts['verify'])} and a signature at "
          f"{_us(parts['sign'])}: {_us(crypto)} ({crypto / echo_p50:4.1f}x the echo); the rest of the cores "
          f"{_us(cores - crypto)}; transport (sealing, sockets, trio) about {_us(_percentiles(samples)[0] - cores)}")
    two, once = _percentiles(two_step)[0], _percentiles(at_once)[0]
    print(f"host's roll -> all {PEERS - 1} peers verified: two-step (people seated) p50 {_us(two)}, "
          f"at once (people watching) p50 {_us(once)}: {two / once:4.2f}x ({len(two_step)}/{len(at_once)} rolls)")
    print(f"host memory per record: {per_record:6.0f} B over {measured} records (engine, records and all)")
    print("targets: action p50 within 20x the echo; the two-step within 2x; at most 1 KB per record")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} (other work skews the figures)")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--moves", type=int, default=1000)
    parser.add_argument("--rolls", type=int, default=100)
    parser.add_argument("--records", type=int, default=20000)
    parser.add_argument("--peer", help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.peer:
        trio.run(peer_process, options.peer, options.index, options.moves)
    else:
        trio.run(main, options.moves, options.rolls, options.records)

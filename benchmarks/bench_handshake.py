"""The handshake's cost: whole Noise IK handshakes (both sides, with auth) per second, and
sealing/opening throughput, so the host's CPU under a flood of connections can be judged.

    python benchmarks/bench_handshake.py --count 2000
"""
from __future__ import annotations

import argparse
import time

from nacl.signing import SigningKey

from zemlevlasnyk.p2p.core.handshake import ClientHandshake, HostHandshake
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.links import Invite

TABLE = "0123456789abcdef"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000, help="handshakes to time (default 1000)")
    parser.add_argument("--megabytes", type=int, default=32, help="bytes to seal and open, in MiB (default 32)")
    args = parser.parse_args()
    host_key = SigningKey(b"\x09" * 32)
    peer = Profile("Ann", "red", SigningKey(b"\x05" * 32))
    invite = Invite("127.0.0.1", 1, TABLE, bytes(host_key.verify_key), b"\x01" * 16)

    host_seconds = 0.0
    start = time.perf_counter()
    for _ in range(args.count):
        client = ClientHandshake(peer, invite)
        hello = client.hello()
        mark = time.perf_counter()
        host = HostHandshake(host_key, TABLE, b"\x01" * 16)
        welcome = host.receive_hello(hello)
        host_seconds += time.perf_counter() - mark
        client_channel, auth = client.receive_welcome(welcome)
        mark = time.perf_counter()
        host_channel, _ = host.receive_auth(auth)
        host_seconds += time.perf_counter() - mark
    total = time.perf_counter() - start
    print(f"handshakes: {args.count} in {total:.2f} s: {args.count / total:.0f}/s both sides, "
          f"host side {1000 * host_seconds / args.count:.2f} ms each ({args.count / host_seconds:.0f}/s)")

    message = b"x" * 1024
    rounds = args.megabytes * 1024
    start = time.perf_counter()
    for _ in range(rounds):
        host_channel.open_bytes(client_channel.seal_encoded(message))
    total = time.perf_counter() - start
    print(f"1 KiB messages sealed and opened: {rounds / total:.0f}/s ({args.megabytes / total:.1f} MiB/s)")


if __name__ == "__main__":
    main()

"""`zemlevlasnyk host` and `zemlevlasnyk join`: a table on the LAN, headless.

`host` serves a table and prints its invite link on a line of its own; `join` sits at a
table from an invite link, played by a computer player. Both print the result and exit 0
when the game ends.
"""
from __future__ import annotations

import argparse
import os
import socket
import sys
from pathlib import Path

import trio

from p2p import policy as policies
from p2p.client import PeerClient
from p2p.errors import CheatingHost, Fault, ProtocolError
from p2p.handshake import PLAYING, WATCHING
from p2p.host import MAX_SEATS, TableHost
from p2p.identity import data_dir, fingerprint, load_or_create
from p2p.links import Invite, parse_invite
from p2p.peer import Admitted, ChatLine, Finished, Refused, TablePeer
from p2p.serve import HostServer
from ui.cli import UserError

# A documentation-only address (RFC 5737): "connecting" a UDP socket to it sends nothing,
# but makes the system pick the interface a LAN peer would reach us on.
_ROUTE_PROBE = ("192.0.2.1", 9)
DEFAULT_PORT = 0
# A headless player should play sensibly and finish games: medium buys, builds and trades.
DEFAULT_JOIN_LEVEL = "medium"


def register(subparsers: argparse._SubParsersAction) -> None:
    host = subparsers.add_parser("host", help="host a table on this network (headless)")
    host.add_argument("--name", help="your display name at the table")
    host.add_argument("--profile", default="default", help="which local profile (identity) to use")
    host.add_argument("--bot", metavar="LEVEL", help="sit at the table yourself, played by this computer level")
    host.add_argument("--bots", metavar="LEVELS", default="",
                      help="comma-separated levels of computer players to seat, e.g. random,idle")
    host.add_argument("--start-at", type=int, metavar="N",
                      help=f"start as soon as N players sit and all are Ready (default: {MAX_SEATS})")
    host.add_argument("--no-clock", action="store_true", help="switch the 30-second decision clock off")
    host.add_argument("--bind", help="address to listen on (default: every interface, "
                                     "or the first of $ZEMLEVLASNYK_INTERFACES)")
    host.add_argument("--port", type=int, default=DEFAULT_PORT, help="TCP port (default: any free port)")
    host.add_argument("--log", type=Path, help="append the records here (default: in the data folder)")
    host.add_argument("--seed", type=int, help="seed for the computer players' choices")
    host.set_defaults(func=run_host)

    join = subparsers.add_parser("join", help="join a table from an invite link (headless, a bot plays)")
    join.add_argument("link", help="the invite link, zemlevlasnyk://...")
    join.add_argument("--name", help="your display name at the table")
    join.add_argument("--profile", default="default", help="which local profile (identity) to use")
    join.add_argument("--bot", metavar="LEVEL", help=f"computer level that plays for you (default: {DEFAULT_JOIN_LEVEL})")
    join.add_argument("--watch", action="store_true", help="watch as a spectator instead of sitting")
    join.add_argument("--log", type=Path, help="append the records here (default: in the data folder)")
    join.add_argument("--seed", type=int, help="seed for the computer player's choices")
    join.set_defaults(func=run_join)


def _profile(args: argparse.Namespace):
    try:
        profile = load_or_create(args.profile)
    except ProtocolError as exc:
        raise UserError(exc.message) from None
    return profile.with_name(args.name) if args.name else profile


def _policy(level: str, seed: int):
    try:
        return policies.make_policy(level, seed)
    except ProtocolError as exc:
        raise UserError(exc.message) from None


def _seed(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _result(outcome, players, state_hash: str) -> None:
    if outcome.draw or outcome.winner is None:
        print("result: draw", flush=True)
    else:
        print(f"result: winner seat {outcome.winner} ({players[outcome.winner].name})", flush=True)
    print(f"final state {state_hash}", flush=True)


def _default_bind() -> str:
    interfaces = os.environ.get("ZEMLEVLASNYK_INTERFACES", "").split(",")
    return interfaces[0].strip() or "0.0.0.0"


def _link_address(bind: str) -> str:
    if bind not in ("0.0.0.0", "::", ""):
        return bind
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_ROUTE_PROBE)
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def run_host(args: argparse.Namespace) -> int:
    profile = _profile(args)
    seed = _seed(args)
    if args.start_at is not None and not 2 <= args.start_at <= MAX_SEATS:
        raise UserError(f"--start-at must be between 2 and {MAX_SEATS}")
    if args.port and not 0 < args.port < 65536:
        raise UserError("--port must be between 1 and 65535")
    levels = [level.strip() for level in args.bots.split(",") if level.strip()]
    bots = [(level, _policy(level, seed + n + 1)) for n, level in enumerate(levels)]
    own = _policy(args.bot, seed) if args.bot else None
    if len(bots) + (own is not None) >= MAX_SEATS:
        raise UserError(f"at most {MAX_SEATS - 1} seats can be filled by the host: a friend must be able to sit")
    bind = args.bind or _default_bind()
    core = TableHost(profile, clock=not args.no_clock, auto_start_at=args.start_at or MAX_SEATS)
    log_path = args.log or data_dir() / "logs" / f"{core.table}-host.jsonl"

    async def main() -> None:
        now = trio.current_time()
        if own is not None:
            core.sit_host(now, policy=own)
        for level, bot in bots:
            core.add_bot(level, bot, now)
        server = HostServer(core, log_path=log_path)

        async def strangers(knock) -> bool:
            _say(f"{knock.name} ({knock.key[:16]}) asked to sit without the invite secret: refused")
            return False

        server.knock_policy = strangers
        async with trio.open_nursery() as nursery:
            try:
                port = await nursery.start(lambda task_status: server.serve(bind=bind, port=args.port,
                                                                            task_status=task_status))
            except OSError as exc:
                raise UserError(f"cannot listen on {bind}:{args.port}: {exc.strerror or exc}") from None
            invite = Invite(_link_address(bind), port, core.table, profile.public_key, core.join_secret)
            _say(f"table {core.table} ({core.table_name}) listening on {bind}:{port}; "
                 f"host key {fingerprint(profile.public_key)}; records go to {log_path}")
            print(invite.to_link(), flush=True)

    try:
        trio.run(main)
    except* UserError as group:
        raise group.exceptions[0] from None
    _say(f"game over after {core.seq + 1} records")
    _result(core.game.outcome(), core.players, core.records[-1]["state"])
    return 0


def run_join(args: argparse.Namespace) -> int:
    try:
        invite = parse_invite(args.link)
    except ProtocolError as exc:
        raise UserError(exc.message) from None
    profile = _profile(args)
    level = args.bot or DEFAULT_JOIN_LEVEL
    policy = None if args.watch else _policy(level, _seed(args))
    core = TablePeer(profile, table=invite.table, host_key=invite.host_key, policy=policy)
    log_path = args.log or data_dir() / "logs" / f"{invite.table}-{fingerprint(profile.public_key)}.jsonl"

    def show(out) -> None:
        if isinstance(out, Admitted):
            _say(f"admitted as {out.role}" + (f" at seat {out.seat}" if out.seat is not None else ""))
        elif isinstance(out, ChatLine):
            _say(f"[chat] {out.name}: {out.text}")
        elif isinstance(out, Refused) and out.code != "stale_seq":
            _say(f"the host refused our move: {out.code}: {out.message}")

    client = PeerClient(core, invite, want=WATCHING if args.watch else PLAYING, log_path=log_path, on_output=show)
    try:
        finished: Finished = trio.run(client.run)
    except CheatingHost as exc:
        print(f"THE HOST CHEATED: {exc.message}", flush=True)
        _say(f"evidence kept in {log_path}")
        return 3
    except ProtocolError as exc:
        whose = "the host" if exc.fault is Fault.REMOTE else "this side"
        raise UserError(f"{exc.message} ({exc.code.value}; at fault: {whose})") from None
    _result(finished.outcome, core.replica.players, finished.state_hash)
    return 0

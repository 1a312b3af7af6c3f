"""`zemlevlasnyk host` and `zemlevlasnyk join`: a table on the LAN, headless.

`host` serves a table, prints its invite link on a line of its own and announces the table
by mDNS (p2p.discovery); `join` sits at a table from an invite link, or found by name on
the network (then without the secret: the host decides), played by a computer player. Both
print the result and exit 0 when the game ends.
"""
from __future__ import annotations

import argparse
import os
import socket
import sys
from dataclasses import replace
from pathlib import Path

import trio

from zemlevlasnyk.p2p import policy as policies
from zemlevlasnyk.p2p.client import PeerClient
from zemlevlasnyk.p2p.discovery import (
    AdvertError,
    MdnsError,
    TableChoiceError,
    advertise_table,
    describe,
    find_table,
    open_mdns,
    to_invite,
)
from zemlevlasnyk.p2p.errors import CheatingHost, Fault, ProtocolError
from zemlevlasnyk.p2p.handshake import PLAYING, WATCHING
from zemlevlasnyk.p2p.host import MAX_SEATS, Knock, TableHost
from zemlevlasnyk.p2p.identity import COLOURS, data_dir, fingerprint, load_or_create
from zemlevlasnyk.p2p.interfaces import ENV_VAR, InterfaceError, choose_interfaces
from zemlevlasnyk.p2p.links import Invite, parse_invite
from zemlevlasnyk.p2p.peer import Admitted, ChatLine, Finished, Refused, TablePeer
from zemlevlasnyk.p2p.serve import HostServer
from zemlevlasnyk.ui.cli import UserError, command_help

# A documentation-only address (RFC 5737): "connecting" a UDP socket to it sends nothing,
# but makes the system pick the interface a LAN peer would reach us on.
_ROUTE_PROBE = ("192.0.2.1", 9)
DEFAULT_PORT = 0
# How long `join --table` looks for the table: a table already announcing answers within a
# second; a host started at the same moment needs its 1.2 s of mDNS probing, and some slack.
FIND_TABLE_SECONDS = 10.0
# A headless player should play sensibly and finish games: medium buys, builds and trades.
DEFAULT_JOIN_LEVEL = "medium"


def register(subparsers: argparse._SubParsersAction) -> None:
    host = subparsers.add_parser("host", help=command_help("host"))
    host.add_argument("--name", help="your display name at the table")
    host.add_argument("--colour", choices=COLOURS, help="your token colour (the next free one if taken)")
    host.add_argument("--profile", default="default", help="which local profile (identity) to use")
    host.add_argument("--bot", metavar="LEVEL", help="sit at the table yourself, played by this computer level")
    host.add_argument("--bots", metavar="LEVELS", default="",
                      help="comma-separated levels of computer players to seat, e.g. random,idle")
    host.add_argument("--start-at", type=int, metavar="N",
                      help=f"start as soon as N players sit and all are Ready (default: {MAX_SEATS})")
    host.add_argument("--no-clock", action="store_true", help="switch the 30-second decision clock off")
    host.add_argument("--bind", help="address to listen on (default: the first --interface, else the first "
                                     f"of ${ENV_VAR}, else every interface)")
    host.add_argument("--port", type=int, default=DEFAULT_PORT, help="TCP port (default: any free port)")
    host.add_argument("--interface", action="append", metavar="ADDR",
                      help="IPv4 address of an interface to announce the table on (repeatable)")
    host.add_argument("--admit", action="store_true",
                      help="let in players who ask without the invite secret (found with `tables`)")
    host.add_argument("--no-mdns", action="store_true", help="do not announce the table on the network")
    host.add_argument("--log", type=Path, help="append the records here (default: in the data folder)")
    host.add_argument("--seed", type=int, help="seed for the computer players' choices")
    host.set_defaults(func=run_host)

    join = subparsers.add_parser("join", help=command_help("join"))
    join.add_argument("link", nargs="?", help="the invite link, zemlevlasnyk://...")
    join.add_argument("--table", metavar="NAME", help="join the table of this name nearby (found by mDNS; "
                                                      "NAME#KEY when names clash); the host decides")
    join.add_argument("--interface", action="append", metavar="ADDR",
                      help="IPv4 address of an interface to look for --table on (repeatable)")
    join.add_argument("--name", help="your display name at the table")
    join.add_argument("--colour", choices=COLOURS, help="your token colour (the next free one if taken)")
    join.add_argument("--profile", default="default",
                      help="which local profile (identity) to use; on the host's computer, not the host's")
    join.add_argument("--bot", metavar="LEVEL",
                      help=f"computer level that plays for you (default: {DEFAULT_JOIN_LEVEL})")
    join.add_argument("--watch", action="store_true", help="watch as a spectator instead of sitting")
    join.add_argument("--log", type=Path, help="append the records here (default: in the data folder)")
    join.add_argument("--seed", type=int, help="seed for the computer player's choices")
    join.set_defaults(func=run_join)


def _profile(args: argparse.Namespace):
    try:
        profile = load_or_create(args.profile)
    except ProtocolError as exc:
        raise UserError(exc.message) from None
    if args.name:
        profile = profile.with_name(args.name)
    return replace(profile, colour=args.colour) if args.colour else profile


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


def _interfaces(explicit: list[str] | None, *, required: bool) -> tuple[str, ...]:
    """mDNS interfaces; when not `required`, none (with a note) rather than an error."""
    try:
        return choose_interfaces(explicit)
    except InterfaceError as exc:
        if required or explicit:
            raise UserError(str(exc)) from None
        _say(f"not announcing the table on the network: {exc}")
        return ()


def _default_bind(interfaces: tuple[str, ...], explicit: list[str] | None) -> str:
    if explicit:
        return interfaces[0]
    env = os.environ.get(ENV_VAR, "").split(",")[0].strip()
    return env or "0.0.0.0"


def _link_address(bind: str, interfaces: tuple[str, ...]) -> str:
    if bind not in ("0.0.0.0", "::", ""):
        return bind
    if interfaces:
        return interfaces[0]
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(_ROUTE_PROBE)
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


async def _announce(core: TableHost, interfaces: tuple[str, ...]) -> None:
    try:
        async with open_mdns(interfaces) as mdns:
            await advertise_table(mdns, core)
    except MdnsError as exc:
        _say(f"could not announce the table on the network ({exc}); share the invite link instead")


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
    interfaces = () if args.no_mdns and not args.interface else _interfaces(args.interface, required=False)
    bind = args.bind or _default_bind(interfaces, args.interface)
    core = TableHost(profile, clock=not args.no_clock, auto_start_at=args.start_at or MAX_SEATS)
    core.subscribe(lambda info: _say(f"table {info.phase}: {info.seats_taken} of {MAX_SEATS} seats taken, "
                                     f"clock {'on' if info.clock else 'off'}"))
    log_path = args.log or data_dir() / "logs" / f"{core.table}-host.jsonl"

    async def knock(knock: Knock) -> bool:
        verdict = "let in" if args.admit else "refused (start the host with --admit to let such players in)"
        who = f"{knock.name} ({fingerprint(bytes.fromhex(knock.key))})"
        _say(f"{who} asked to sit without the invite secret: {verdict}")
        return bool(args.admit)

    async def main() -> None:
        now = trio.current_time()
        if own is not None:
            core.sit_host(now, policy=own)
        for level, bot in bots:
            core.add_bot(level, bot, now)
        server = HostServer(core, log_path=log_path, knock_policy=knock)
        async with trio.open_nursery() as nursery:
            async def serve(task_status=trio.TASK_STATUS_IGNORED) -> None:
                await server.serve(bind=bind, port=args.port, task_status=task_status)
                nursery.cancel_scope.cancel()  # the game is over: withdraw the announcement too

            try:
                port = await nursery.start(serve)
            except OSError as exc:
                raise UserError(f"cannot listen on {bind}:{args.port}: {exc.strerror or exc}") from None
            invite = Invite(_link_address(bind, interfaces), port, core.table, profile.public_key, core.join_secret)
            _say(f"table {core.table} ({core.table_name}) listening on {bind}:{port}; "
                 f"host key {fingerprint(profile.public_key)}; records go to {log_path}")
            print(invite.to_link(), flush=True)
            if interfaces and not args.no_mdns:
                nursery.start_soon(_announce, core, interfaces)

    try:
        trio.run(main)
    except* UserError as group:
        raise group.exceptions[0] from None
    _say(f"game over after {core.seq + 1} records")
    _result(core.game.outcome(), core.players, core.records[-1]["state"])
    return 0


def _find_invite(args: argparse.Namespace) -> Invite:
    """The invite from the link, or for the table called `--table` nearby (no secret)."""
    if (args.link is None) == (args.table is None):
        raise UserError("give either an invite link or --table NAME")
    if args.link is not None:
        try:
            return parse_invite(args.link)
        except ProtocolError as exc:
            raise UserError(exc.message) from None
    interfaces = _interfaces(args.interface, required=True)

    async def find() -> Invite:
        async with open_mdns(interfaces) as mdns:
            advert = await find_table(mdns, args.table, timeout=FIND_TABLE_SECONDS)
        _say(f"found {describe(advert)}; asking the host for a seat")
        return to_invite(advert)

    try:
        return trio.run(find)
    except (MdnsError, TableChoiceError, AdvertError) as exc:
        raise UserError(str(exc)) from None


def run_join(args: argparse.Namespace) -> int:
    invite = _find_invite(args)
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

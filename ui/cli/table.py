"""`zemlevlasnyk host` and `zemlevlasnyk join`: a table on the LAN, headless.

`host` runs the table driver (`p2p.net.driver`), prints its invite link on a line of its own
and announces the table by mDNS; `join` sits at a table from an invite link, or found on
the network by name or by its short code (then without the secret: the host decides),
played by a computer player. Both print the result and exit 0 when the game ends; Ctrl-C
while waiting exits 130 with one line (the advert withdrawn on the way out; a `host` tells
its players it left first, a `join` playing a seat says goodbye first, so that the host
plays it at once: `ui.cli.resume.play`).
"""
from __future__ import annotations

import argparse
import math
import os
import signal
import socket
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

import trio

from zemlevlasnyk.engine.bots import Temperament
from zemlevlasnyk.p2p import (
    COLOURS,
    ENV_VAR,
    MAX_SEATS,
    PLAYING,
    RESUME_AFTER_SECONDS,
    SCHEME,
    WATCHING,
    AdvertError,
    CheatingHost,
    Code,
    Explained,
    Fault,
    Finished,
    Follower,
    FollowerOutput,
    InterfaceError,
    Invite,
    KnockArrived,
    MdnsError,
    Output,
    Policy,
    Problem,
    Profile,
    ProtocolError,
    ResumeError,
    SavedRecords,
    SaveGameError,
    SeatOnline,
    TableChoiceError,
    TableConfig,
    TableFinished,
    TableHandle,
    TablePeer,
    choose_interfaces,
    find_table,
    fingerprint,
    game_path,
    games_folder,
    load_or_create,
    make_policy,
    normalise_code,
    open_mdns,
    parse_invite,
    prepare,
    shares_a_network,
    to_invite,
)
from zemlevlasnyk.p2p import read as read_saved_game
from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.rules_args import add_rules_arguments, rules_from_args
from zemlevlasnyk.ui.cli.seats import split_seat
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.language import preferred_language
from zemlevlasnyk.ui.words.problems import worded
from zemlevlasnyk.ui.words.text import Words, catalogue, form, os_reason

# A documentation-only address (RFC 5737): "connecting" a UDP socket to it sends nothing,
# but makes the system pick the interface a LAN peer would reach us on.
_ROUTE_PROBE = ("192.0.2.1", 9)
DEFAULT_PORT = 0
# How long `join --table` looks for the table: a table already announcing answers within a
# second; a host started at the same moment needs its 1.2 s of mDNS probing, and some slack.
FIND_TABLE_SECONDS = 10.0
# The logger the package's modules log under (p2p's mDNS details among them).
PACKAGE_LOGGER = "zemlevlasnyk"
# A headless player should play sensibly and finish games: medium buys, builds and trades.
DEFAULT_JOIN_LEVEL = "medium"
T = TypeVar("T")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said, metavars = words["table"], words["metavars"]
    host = subparsers.add_parser("host", help=command_help("host", lang))
    host.add_argument("--name", metavar=metavars["name"], help=said["name"])
    host.add_argument("--colour", choices=COLOURS, help=said["colour"])
    host.add_argument("--profile", default="default", metavar=metavars["profile"], help=said["profile"])
    host.add_argument("--bot", metavar=metavars["level"], help=said["bot"])
    host.add_argument("--bots", metavar=metavars["levels"], default="", help=said["bots"])
    host.add_argument("--start-at", type=int, metavar=metavars["n"], help=said["start_at"].format(default=MAX_SEATS))
    host.add_argument("--no-clock", action="store_true", help=said["no_clock"])
    add_rules_arguments(host, lang)
    host.add_argument("--bind", metavar=metavars["bind"], help=said["bind"].format(env=f"${ENV_VAR}"))
    host.add_argument("--port", type=int, default=DEFAULT_PORT, metavar=metavars["port"], help=said["port"])
    host.add_argument("--interface", action="append", metavar=metavars["addr"], help=said["interface"])
    host.add_argument("--admit", action="store_true", help=said["admit"])
    host.add_argument("--no-mdns", action="store_true", help=said["no_mdns"])
    host.add_argument("--log", type=Path, metavar=metavars["log"], help=said["log"])
    host.add_argument("--seed", type=int, metavar=metavars["seed"], help=said["seed"])
    host.set_defaults(func=run_host)

    join = subparsers.add_parser("join", help=command_help("join", lang))
    join.add_argument("link", nargs="?", metavar=metavars["link"], help=said["link"])
    join.add_argument("--table", metavar=metavars["table_name"], help=said["table"])
    join.add_argument("--interface", action="append", metavar=metavars["addr"], help=said["join_interface"])
    join.add_argument("--name", metavar=metavars["name"], help=said["name"])
    join.add_argument("--colour", choices=COLOURS, help=said["colour"])
    join.add_argument("--profile", default="default", metavar=metavars["profile"], help=said["join_profile"])
    join.add_argument("--bot", metavar=metavars["level"], help=said["plays_for_you"].format(default=DEFAULT_JOIN_LEVEL))
    join.add_argument("--watch", action="store_true", help=said["watch"])
    join.add_argument("--log", type=Path, metavar=metavars["log"], help=said["log"])
    join.add_argument("--seed", type=int, metavar=metavars["seed"], help=said["join_seed"])
    join.add_argument("--resume-after", type=float, default=None, metavar=metavars["seconds"],
                      help=said["resume_after"])
    join.set_defaults(func=run_join)


def _explained(exc: Explained) -> str:
    """An error in the person's words (the catalogues'), never its English detail."""
    return worded(exc, preferred_language())


def _profile(args: argparse.Namespace) -> Profile:
    try:
        profile = load_or_create(args.profile)
    except ProtocolError as exc:
        raise UserError(_explained(exc)) from None
    if args.name:
        profile = profile.with_name(args.name)
    return replace(profile, colour=args.colour) if args.colour else profile


def _policy(level: str, seed: int, temperament: Temperament | None = None) -> Policy:
    try:
        return make_policy(level, seed, None if temperament is None else temperament.value)
    except ProtocolError as exc:
        raise UserError(_explained(exc)) from None


def _seed(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")


def _say(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def _words(section: str = "table") -> Words:
    """The commands' words in the person's language (the settings', else the system's)."""
    words: Words = catalogue(preferred_language())["commands"][section]
    return words


def _result(outcome: Any, players: Sequence[Any], state_hash: str) -> None:
    said = _words("resume")
    if outcome.draw or outcome.winner is None:
        print(said["result_draw"], flush=True)
    else:
        print(said["result_winner"].format(seat=outcome.winner, name=players[outcome.winner].name), flush=True)
    print(said["final"].format(hash=state_hash), flush=True)


def _interfaces(explicit: list[str] | None, *, required: bool) -> tuple[str, ...]:
    """mDNS interfaces; when not `required`, none (with a note) rather than an error."""
    try:
        return choose_interfaces(explicit)
    except InterfaceError as exc:
        if required or explicit:
            raise UserError(_explained(exc)) from None
        _say(_words()["not_announcing"].format(why=_explained(exc)))
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
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _trio_run(main: Callable[[], Awaitable[T]]) -> T:
    """`trio.run`, with the errors meant for the person unwrapped from trio's groups: a
    `UserError` as itself, Ctrl-C as `KeyboardInterrupt` (the command line's one line and
    exit code 130), after every task, the advert's included, has unwound."""
    try:
        return trio.run(main)
    except BaseExceptionGroup as group:
        if group.subgroup(KeyboardInterrupt) is not None:
            raise KeyboardInterrupt from None
        users = group.subgroup(UserError)
        if users is not None:
            raise _first(users) from None
        raise


def _first(group: BaseExceptionGroup[Any]) -> BaseException:
    leaf: BaseException = group
    while isinstance(leaf, BaseExceptionGroup):
        leaf = leaf.exceptions[0]
    return leaf


def _log_details(command: str) -> None:
    """The table's own English details (an mDNS advert on the LAN it skipped, a withdrawal
    that timed out) go to `<data>/logs/<command>.log`, not between the person's lines (which
    are the catalogue's, in their language)."""
    from zemlevlasnyk.ui.shell.logs import log_to_file
    log_to_file(logger_name=PACKAGE_LOGGER, file=f"{command}.log")


def run_host(args: argparse.Namespace) -> int:
    from zemlevlasnyk.ui.cli.resume import seat_line, waiting_line

    seed = _seed(args)
    said = _words()
    if args.start_at is not None and not 2 <= args.start_at <= MAX_SEATS:
        raise UserError(said["start_at"].format(n=args.start_at, max=MAX_SEATS))
    if args.port and not 0 < args.port < 65536:
        raise UserError(said["port"].format(port=args.port))
    # A seat of --bots is a level, or a level and its temperament (`hard:bold`).
    seats = catalogue(preferred_language())["commands"]["seats"]
    specs = [split_seat(spec.strip(), seats) for spec in args.bots.split(",") if spec.strip()]
    bots = [(level, mood, _policy(level, seed + n + 1, mood)) for n, (level, mood) in enumerate(specs)]
    own = _policy(args.bot, seed) if args.bot else None
    if len(bots) + (own is not None) >= MAX_SEATS:
        raise UserError(said["too_many_bots"])
    interfaces = () if args.no_mdns and not args.interface else _interfaces(args.interface, required=False)
    bind = args.bind or _default_bind(interfaces, args.interface)
    rules = rules_from_args(args)
    # Only a good command line makes the profile and the saved game (a bad one changes nothing).
    profile = _profile(args)
    table = os.urandom(8).hex()
    log_path = _saved_game(args.log, table, profile.public_key)
    _log_details("host")   # once the command line was found good

    def knock(knock: KnockArrived) -> bool:
        _say(said["knock"].format(name=knock.name, key=fingerprint(bytes.fromhex(knock.key)),
                                  what=said["want"].get(knock.want, knock.want),
                                  verdict=said["let_in"] if args.admit else said["refused_knock"]))
        return bool(args.admit)

    def show(out: Output) -> None:
        if isinstance(out, SeatOnline):
            _say(seat_line(out, preferred_language()))
        elif isinstance(out, TableFinished) and (line := waiting_line(out, preferred_language())):
            _say(line)

    handle = prepare(TableConfig(profile, clock=not args.no_clock, auto_start_at=args.start_at or MAX_SEATS,
                                 bind=bind, port=args.port, link_address=_link_address(bind, interfaces),
                                 interfaces=() if args.no_mdns else interfaces, table=table, log_path=log_path,
                                 knock_policy=knock, preset=rules.preset, options=rules.options,
                                 table_name=catalogue(preferred_language())["ui"]["friends"]["table_name"].format(
                                     name=profile.name)))
    core = handle.core
    core.subscribe(lambda info: _say(said["table_info"].format(
        phase=said["phases"].get(info.phase, info.phase), taken=info.seats_taken, max=MAX_SEATS,
        clock=said["clock_on" if info.clock else "clock_off"], code=info.code)))
    handle.observe(show)
    handle.on_save_failed(lambda problem: _say(_not_saved(problem)))
    if own is not None:
        handle.sit_host(policy=own)
    for level, mood, bot in bots:
        handle.add_bot(level, bot, None if mood is None else mood.value)

    async def main() -> None:
        # Ctrl-C closes the table, so that each player hears that the host left (`host_left`)
        # through its connection's writer, after what it was being sent; then the command
        # ends as Ctrl-C always ends it.
        interrupted = False
        with trio.open_signal_receiver(signal.SIGINT) as ctrl_c:
            async with trio.open_nursery() as nursery:
                async def serve(task_status: trio.TaskStatus[TableHandle] = trio.TASK_STATUS_IGNORED) -> None:
                    await handle.run(task_status=task_status)
                    nursery.cancel_scope.cancel()      # the table is over: Ctrl-C is nobody's now

                async def leave() -> None:
                    nonlocal interrupted
                    async for _ in ctrl_c:
                        interrupted = True
                        handle.close()
                        return
                nursery.start_soon(leave)
                await _listen(nursery, serve)
        if interrupted:
            raise KeyboardInterrupt

    async def _listen(nursery: trio.Nursery, serve: Callable[..., Awaitable[None]]) -> None:
        """The table started and listening (its link printed), or the person told why not."""
        try:
            await nursery.start(serve)
        except OSError as exc:
            raise UserError(said["cannot_listen"].format(address=f"{bind}:{args.port}",
                                                         why=os_reason(exc, preferred_language()))) from None
        assert handle.invite is not None
        _say(said["listening"].format(table=core.table, name=core.table_name, code=core.code,
                                      address=f"{bind}:{handle.invite.port}",
                                      key=fingerprint(profile.public_key), path=log_path))
        print(handle.invite.to_link(), flush=True)
        if handle.notice:
            _say(said["not_announced"].format(why=_explained(handle.notice)))

    _trio_run(main)
    _say(form(preferred_language(), said["game_over"], n=core.seq + 1).format(n=core.seq + 1))
    game = core.game
    assert game is not None and game.outcome() is not None
    _result(game.outcome(), core.players, core.ledger.state_hash)
    return 0


def _not_saved(problem: SaveGameError) -> str:
    from zemlevlasnyk.ui.words.verdicts import not_saved_text

    return not_saved_text(problem, preferred_language())


def _problem(problem: SaveGameError) -> str:
    from zemlevlasnyk.ui.words.verdicts import problem_text

    return problem_text(problem, preferred_language())


def _saved_game(log: Path | None, table: str, key: bytes) -> Path:
    """Where the saved game goes: `--log` (its folder must exist: none is made for it),
    else the data folder's games folder. A place that cannot take it is the user's error."""
    try:
        if log is None:
            return game_path(games_folder(), table, key)  # made now: a problem shows before the game
        lang = preferred_language()
        if not log.parent.is_dir():
            folder = catalogue(lang)["commands"]["os_errors"]["no_folder"].format(folder=log.parent)
            raise SaveGameError(Problem.UNWRITABLE, log, detail=folder)
        _try_writing(log, lang)
        return log
    except SaveGameError as exc:
        raise UserError(_problem(exc)) from None


def _try_writing(log: Path, lang: str) -> None:
    """Open `log` for appending now, so a place that cannot take the records is refused
    before anyone sits down, not after a game played with nothing saved. Nothing is left
    behind: a file made here is removed, an existing one is not changed."""
    existed = log.exists()
    try:
        with open(log, "ab"):
            pass
        if not existed:
            log.unlink()
    except OSError as exc:
        raise SaveGameError(Problem.UNWRITABLE, log, detail=os_reason(exc, lang)) from None


def _find_invite(args: argparse.Namespace) -> Invite:
    """The invite from the link, or for the table named (or whose code is given) nearby:
    found by mDNS, without the secret."""
    said = _words()
    if (args.link is None) == (args.table is None):
        raise UserError(said["either"])
    wanted = args.table
    if args.link is not None:
        if args.link.startswith(f"{SCHEME}:") or normalise_code(args.link) is None:
            try:
                return parse_invite(args.link)
            except ProtocolError as exc:
                raise UserError(said["bad_link"].format(why=_explained(exc))) from None
        wanted = args.link
    interfaces = _interfaces(args.interface, required=True)
    _log_details("join")   # before the look: a bad link above leaves the data folder alone

    async def find() -> Invite:
        async with open_mdns(interfaces) as mdns:
            advert = await find_table(mdns, wanted, timeout=FIND_TABLE_SECONDS)
        _say(said["found"].format(name=advert.table_name, host=advert.host_name, key=advert.fingerprint,
                                  code=advert.code))
        return to_invite(advert)

    try:
        return _trio_run(find)
    except (MdnsError, TableChoiceError, AdvertError) as exc:
        raise UserError(said["not_found"].format(why=_explained(exc))) from None


def _first_host(path: Path, invite: Invite) -> str:
    """Who started the table: our saved game's header says (the table may have been taken
    over since), else the host of the invite."""
    if not path.exists():
        return invite.host_key.hex()
    try:
        return read_saved_game(path).header.host
    except SaveGameError as exc:
        raise UserError(_problem(exc)) from None


def run_join(args: argparse.Namespace) -> int:
    from zemlevlasnyk.ui.cli.resume import play, player_line, resume_problem

    if args.resume_after is not None and not 0 <= args.resume_after < math.inf:   # not nan, inf or negative
        raise UserError(_words()["resume_after"].format(seconds=f"{args.resume_after:g}"))
    invite = _find_invite(args)
    profile = _profile(args)
    if profile.public_key == invite.host_key:
        # The host refuses its own key (a handshake refusal, which would blame the host).
        raise UserError(_words()["own_key"].format(key=fingerprint(profile.public_key)))
    _log_details("join")
    level = args.bot or DEFAULT_JOIN_LEVEL
    policy = None if args.watch else _policy(level, _seed(args))
    log_path = _saved_game(args.log, invite.table, profile.public_key)
    saved = SavedRecords(log_path, table=invite.table, first_host=_first_host(log_path, invite), me=profile.key_hex)
    core = TablePeer(profile, table=invite.table, host_key=bytes.fromhex(saved.first_host), policy=policy)
    # Where to look for the table if its host is lost (no interface: the old host only).
    interfaces = _interfaces(args.interface, required=False)
    # Across a router (a VPN) mDNS finds nobody: a player who took the table over would
    # host a game of its own, so the lost host is only dialled again (docs/PROTOCOL.md 9).
    takes_over = shares_a_network(invite.host, interfaces)
    lang = preferred_language()

    said, resumed = _words(), _words("resume")

    def show(out: FollowerOutput) -> None:
        line = player_line(out, lang)
        if line is not None:
            _say(line)

    follower = Follower(core, invite, saved, interfaces=interfaces, policy=policy,
                        want=WATCHING if args.watch else PLAYING, on_output=show, auto_resume=takes_over,
                        resume_after=RESUME_AFTER_SECONDS if args.resume_after is None else args.resume_after,
                        bot_seed=_seed(args))
    try:
        finished: Finished = _trio_run(lambda: play(follower))
    except ResumeError as exc:
        raise UserError(resume_problem(exc, log_path, lang)) from None
    except CheatingHost as exc:
        print(resumed["cheated"].format(why=_explained(exc)), flush=True)
        _say(resumed["evidence"].format(path=log_path))
        return 3
    except ProtocolError as exc:
        if exc.code is Code.CLOSED and exc.fault is Fault.LOCAL:
            # The host could not be reached at all: nobody's fault we know of.
            raise UserError(resumed["failed"].format(why=_explained(exc), code=exc.code.value)) from None
        raise UserError(said["failed"].format(why=_explained(exc), code=exc.code.value,
                                              whose=said["whose"][exc.fault.value])) from None
    _result(finished.outcome, core.replica.players, finished.state_hash)
    return 0

"""`zemlevlasnyk resume [TABLE or FILE]`: play on a table whose host was lost (issue 8).

Takes an unfinished saved game of this profile (its file, its table id, its code, or the
only one there is) and verifies it. A game against the computer opens in the window where
it stopped, the person to play it (`ui.sessions.local.LocalTable.resumed`). A game with
friends: it looks on the network for its table: advertised again
(its host back, or a player who took it over), it rejoins as a player; otherwise it takes
the table over and hosts it under the same table id, the others rejoining with their keys
(docs/PROTOCOL.md section 9). A computer player plays our seat, as with `join`. The words
shown come from the catalogues; `describe` is shared with `join`, whose players take a
table over on their own when its host vanishes.
"""
from __future__ import annotations

import argparse
import math
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.text import LANGUAGES, Words, catalogue

if TYPE_CHECKING:
    from zemlevlasnyk.p2p import (
        Explained,
        Finished,
        Follower,
        FollowerOutput,
        Profile,
        ResumeError,
        SeatOnline,
        TableFinished,
    )

# As cmd_table.DEFAULT_JOIN_LEVEL (a headless player plays sensibly and finishes games).
DEFAULT_LEVEL = "medium"
# The problems of p2p.core.handover.ResumeError that have words of their own here (the others
# are a saved game's, worded by `games`).
PROBLEMS = ("not_seated", "finished", "no_start", "bad_record", "not_ours")
# Where the table's own log (English details, for whoever looks into a problem) goes.
PACKAGE_LOGGER = "zemlevlasnyk"
LOG_FILE = "resume.log"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said, table, metavars = words["resume"], words["table"], words["metavars"]
    p = subparsers.add_parser("resume", help=command_help("resume", lang))
    p.add_argument("game", nargs="?", metavar=metavars["game"], help=said["game"])
    p.add_argument("--profile", default="default", metavar=metavars["profile"], help=said["profile"])
    p.add_argument("--bot", metavar=metavars["level"], help=table["plays_for_you"].format(default=DEFAULT_LEVEL))
    p.add_argument("--interface", action="append", metavar=metavars["addr"], help=said["interface"])
    p.add_argument("--bind", metavar=metavars["bind"], help=said["bind"])
    p.add_argument("--seed", type=int, metavar=metavars["seed"], help=table["seed"])
    p.add_argument("--lang", choices=LANGUAGES, help=words["lang"])
    p.set_defaults(func=run)


def words(lang: str) -> Words:
    found: Words = catalogue(lang)["commands"]["resume"]
    return found


def describe(out: FollowerOutput, lang: str) -> str | None:
    """A line for the person about what a follower or the table it hosts did (None: nothing
    to say)."""
    from zemlevlasnyk.p2p import (
        Applied,
        HandoverBody,
        Hosting,
        Listening,
        Rejoining,
        Rewound,
        SeatOnline,
        TableFinished,
        TakeoverDue,
        TakingOver,
        fingerprint,
    )

    said = words(lang)
    if isinstance(out, Rejoining):
        text: str = said["rejoining"].format(key=fingerprint(out.invite.host_key),
                                             address=f"{out.invite.host}:{out.invite.port}")
        return text
    if isinstance(out, TakeoverDue):
        # Rounded up: "in 0 s" while time is left would be wrong.
        return str(said["takeover_due"].format(table=out.table, seconds=math.ceil(out.after)))
    if isinstance(out, TakingOver):
        if out.waited:
            return str(said["taking_over_after"].format(table=out.table, seconds=round(out.waited)))
        return str(said["taking_over"].format(table=out.table))
    if isinstance(out, Listening):
        hosting = said["hosting"].format(table=out.table, address=out.address, port=out.port)
        lines = [str(hosting), *([said["hosting_link"].format(link=out.link)] if out.link else []),
                 *([said["grace"].format(seconds=round(out.grace))] if out.grace else [])]
        return "\n".join(lines)
    if isinstance(out, Rewound):
        return str(said["rewound"].format(seq=out.seq))
    if isinstance(out, Applied) and isinstance(out.record.body, HandoverBody):
        key = bytes.fromhex(out.record.body.new)
        return str(said["handed_over"].format(seq=out.seq, key=fingerprint(key)))
    if isinstance(out, Hosting) and isinstance(out.output, SeatOnline):
        return seat_line(out.output, lang)
    if isinstance(out, Hosting) and isinstance(out.output, TableFinished):
        return waiting_line(out.output, lang)
    return None


def waiting_line(out: TableFinished, lang: str) -> str | None:
    """Who a finished table still waits for (offline without a goodbye, owed its end)."""
    if not out.waiting_for:
        return None
    return str(words(lang)["waiting_for"].format(names=", ".join(out.waiting_for)))


def seat_line(out: SeatOnline, lang: str) -> str:
    """A person's seat back, offline, or left on purpose (a signed goodbye), for the host's
    lines (`host`, and a `resume` or `join` that took the table over)."""
    said = words(lang)
    return str(said["back" if out.online else "left" if out.left else "offline"].format(name=out.name))


def player_line(out: FollowerOutput, lang: str) -> str | None:
    """A line for the person about anything a player's table did (`describe`, and what the
    connection to the host and our replica tell), in `lang`; None: nothing to say. `join`
    and `resume` print the same lines."""
    from zemlevlasnyk.p2p import (
        REDIAL_SECONDS,
        ActionUnanswered,
        Admitted,
        ChatLine,
        ContributionNotAsked,
        ContributionOmitted,
        HostLost,
        HostSilent,
        Reconnecting,
        Refused,
        SaveFailed,
        StillLooking,
        TableNote,
        TimedOutWhileHere,
    )
    from zemlevlasnyk.ui.words.verdicts import not_saved_text

    line = describe(out, lang)
    if line is not None:
        return line
    said: Words = catalogue(lang)["commands"]["table"]
    errors: dict[str, str] = catalogue(lang)["ui"]["errors"]
    text: str | None = None
    if isinstance(out, Admitted):
        text = said["admitted_player"].format(seat=out.seat) if out.seat is not None else said["admitted_spectator"]
    elif isinstance(out, ChatLine):
        text = said["chat"].format(name=out.name, text=out.text)
    elif isinstance(out, Refused) and out.code not in ("stale_seq", "not_now"):
        text = said["refused"].format(why=errors.get(out.code) or errors["other"].format(code=out.code))
    elif isinstance(out, HostSilent):
        text = said["silent"]
    elif isinstance(out, Reconnecting):
        text = said["reconnecting"].format(n=out.attempt)
    elif isinstance(out, StillLooking):
        text = said["looking"] if out.network else said["redialling"].format(seconds=f"{REDIAL_SECONDS:g}")
    elif isinstance(out, HostLost):
        text = errors["host_lost"]     # the follower stops: nobody tries any more
    elif isinstance(out, SaveFailed):
        text = not_saved_text(out.problem, lang)
    elif isinstance(out, ContributionOmitted):
        text = said["omitted"].format(seq=out.seq)
    elif isinstance(out, ContributionNotAsked):
        text = said["not_asked"].format(seq=out.seq)
    elif isinstance(out, ActionUnanswered):
        text = said["unanswered"].format(seq=out.seq)
    elif isinstance(out, TimedOutWhileHere):
        text = said["offline_claim"].format(seq=out.seq)
    elif isinstance(out, TableNote):
        text = said["note"].format(name=out.name, seq=out.seq)
    return text


async def play(follower: Follower) -> Finished:
    """Play a command's table to its end. Ctrl-C (SIGINT) ends the command as it always
    did (`KeyboardInterrupt`: exit code 130, one line), but a player connected to a host
    says goodbye first, within `p2p.net.resume.GOODBYE_SECONDS` (`Follower.run_or_leave`): at
    a clock-off table the host then plays our seat at once instead of waiting 30 s at each
    of its decisions. A table we took over closes, telling its players the host left."""
    import trio

    with trio.open_signal_receiver(signal.SIGINT) as ctrl_c:
        finished = await follower.run_or_leave(ctrl_c)
    if finished is None:
        raise KeyboardInterrupt
    return finished


def result_lines(finished: Finished, players: Any, lang: str) -> list[str]:
    said = words(lang)
    outcome = finished.outcome
    if outcome.draw or outcome.winner is None:
        first = said["result_draw"]
    else:
        first = said["result_winner"].format(seat=outcome.winner, name=players[outcome.winner].name)
    return [first, said["final"].format(hash=finished.state_hash)]


def _choose(game: str | None, me: bytes, folder: Path, lang: str) -> Path:
    """The saved game meant: a file, a table id or code, or the only unfinished one."""
    from zemlevlasnyk.p2p import games_of, normalise_code, table_code

    said = words(lang)
    if game is not None and Path(game).is_file():
        return Path(game)
    if game is not None and _names_a_file(game):
        # A path that is no file (missing, a folder): the reason, not "no game of table <path>".
        from zemlevlasnyk.p2p import SaveGameError, read
        from zemlevlasnyk.ui.words.verdicts import problem_text
        try:
            read(Path(game))
        except SaveGameError as exc:
            raise UserError(problem_text(exc, lang)) from None
    mine = [g for g in games_of(folder, me) if g.header is not None]
    if game is not None:
        code = normalise_code(game)

        def named(table: str) -> bool:
            return table == game.lower() or (code is not None and table_code(table) == code)
        mine = [g for g in mine if g.header is not None and named(g.header.table)]
        if not mine:
            raise UserError(said["no_such"].format(table=game, folder=folder))
    if not mine:
        raise UserError(said["none"].format(folder=folder))
    if len(mine) > 1:
        from zemlevlasnyk.ui.sessions.seats import display_names
        t = catalogue(lang)["ui"]
        rows = "\n".join(f"  {g.header.table if g.header else ''}  {', '.join(display_names(g.players, t))}  {g.path}"
                         for g in mine)
        raise UserError(said["choose"] + "\n" + rows)
    return mine[0].path


def _names_a_file(game: str) -> bool:
    """Whether `game` is meant as a file (a folder in it, or a saved game's suffix), never a
    table id (16 hex digits) or code (6 letters and digits)."""
    from zemlevlasnyk.p2p import SUFFIX
    return "/" in game or os.sep in game or game.endswith(SUFFIX) or Path(game).exists()


def run(args: argparse.Namespace) -> int:
    import trio

    from zemlevlasnyk.p2p import (
        GAMES_DIR,
        CheatingHost,
        InterfaceError,
        ProtocolError,
        ResumeError,
        choose_interfaces,
        data_dir,
        game_file,
        load_or_create,
        make_policy,
        resume_follower,
    )
    from zemlevlasnyk.ui.shell.logs import log_to_file
    from zemlevlasnyk.ui.words.language import preferred_language
    from zemlevlasnyk.ui.words.text import os_reason

    lang = args.lang or preferred_language()
    said = words(lang)
    # The table's own English details (an mDNS record it skipped, ...) go to a log file,
    # not between the person's lines.
    log_to_file(logger_name=PACKAGE_LOGGER, file=LOG_FILE)
    try:
        profile = load_or_create(args.profile)
        policy = make_policy(args.bot or DEFAULT_LEVEL,
                                      args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big"))
    except ProtocolError as exc:
        raise UserError(explained(exc, lang)) from None
    path = _choose(args.game, profile.public_key, data_dir() / GAMES_DIR, lang)
    listed = game_file(path)
    if listed is not None and listed.solo:
        return _play_on(path, profile, args, lang)
    try:
        interfaces = choose_interfaces(args.interface)
    except InterfaceError:
        interfaces = ()

    def show(out: FollowerOutput) -> None:
        line = player_line(out, lang)
        if line is not None:
            print(line, file=sys.stderr, flush=True)

    try:
        follower = resume_follower(path, profile, interfaces=interfaces, bind=args.bind, policy=policy,
                                   on_output=show, bot_seed=args.seed or 0)
    except ResumeError as exc:
        raise UserError(resume_problem(exc, path, lang)) from None
    try:
        finished = trio.run(play, follower)
    except CheatingHost as exc:
        print(said["cheated"].format(why=explained(exc, lang)), flush=True)
        print(said["evidence"].format(path=path), file=sys.stderr, flush=True)
        return 3
    except ResumeError as exc:
        raise UserError(resume_problem(exc, path, lang)) from None
    except ProtocolError as exc:
        raise UserError(said["failed"].format(why=explained(exc, lang), code=exc.code.value)) from None
    except OSError as exc:     # the table taken over could not listen at --bind
        raise UserError(said["cannot_host"].format(address=args.bind or (interfaces[0] if interfaces else ""),
                                                   why=os_reason(exc, lang))) from None
    for line in result_lines(finished, follower.core.replica.players, lang):
        print(line, flush=True)
    return 0


def _play_on(path: Path, profile: Profile, args: argparse.Namespace, lang: str) -> int:
    """A kept game against the computer: the window opens on it, where it stopped (the
    person plays it, as in «Незавершені ігри»); without a display, one line and exit 2."""
    from zemlevlasnyk.p2p import ResumeError
    from zemlevlasnyk.ui.sessions.local import LocalTable
    from zemlevlasnyk.ui.shell import nav
    from zemlevlasnyk.ui.shell.app import run_window
    from zemlevlasnyk.ui.shell.display import NoDisplay, no_display_message

    try:
        table = LocalTable.resumed(path, profile)
    except ResumeError as exc:
        raise UserError(resume_problem(exc, path, lang)) from None
    try:
        return run_window(lang=args.lang, first=nav.PlayOn(table), interfaces=args.interface)
    except NoDisplay as exc:
        raise UserError(no_display_message(exc, lang)) from None


def explained(exc: Explained, lang: str) -> str:
    """An error in the person's words (the catalogues'), never its English detail."""
    from zemlevlasnyk.ui.words.problems import worded
    return worded(exc, lang)


def resume_problem(exc: ResumeError, path: Path, lang: str) -> str:
    """Why a saved game cannot be taken over, in the person's words."""
    from zemlevlasnyk.p2p import SaveGameError
    from zemlevlasnyk.ui.words.verdicts import problem_text
    if exc.problem in PROBLEMS:
        detail = explained(exc.cause, lang) if exc.cause is not None else ""
        return str(words(lang)["problem"][exc.problem].format(detail=detail))
    return problem_text(SaveGameError(_problem(exc.problem), path, detail=exc.detail), lang)


def _problem(name: str) -> Any:
    from zemlevlasnyk.p2p import Problem
    try:
        return Problem(name)
    except ValueError:
        return Problem.CORRUPT

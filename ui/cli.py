"""The `zemlevlasnyk` command: one entry point, one subcommand per module.

`COMMANDS` lists every subcommand with its one-line help and the module that implements
it. Each command module exposes `register(subparsers)`, which adds its parser (with the help
from `COMMANDS`) and sets `func`, a callable taking the parsed namespace and returning the
exit code. A module is imported only when its command runs: `--help` lists the commands from
the table alone, and `simulate` never loads the window (pygame) or the network (trio,
zeroconf). A command whose module is not part of this build is left out, so a missing
optional part never stops the others.
"""
from __future__ import annotations

import argparse
import gc
import importlib
import importlib.util
import sys
from collections.abc import Collection, Sequence
from functools import cache
from typing import Any, NamedTuple


# Named tuples, not dataclasses, on the path of a headless command: importing `dataclasses`
# costs it about 9 ms (tests/test_cli_imports.py keeps it off).
class Command(NamedTuple):
    name: str
    module: str
    help: str


# The subcommands, in the order `--help` lists them.
COMMANDS = (
    Command("simulate", "zemlevlasnyk.ui.cmd_simulate",
            "play whole games between computer players and print a summary"),
    Command("rules", "zemlevlasnyk.ui.cmd_rules", "list the rule presets and the house-rule options"),
    Command("host", "zemlevlasnyk.ui.cmd_table", "host a table on this network (headless)"),
    Command("join", "zemlevlasnyk.ui.cmd_table",
            "join a table from an invite link or by name (headless, a bot plays)"),
    Command("tables", "zemlevlasnyk.ui.cmd_tables", "list the tables on this network and exit"),
    Command("games", "zemlevlasnyk.ui.cmd_games",
            "list the saved games on this computer (unfinished ones first of all)"),
    Command("verify", "zemlevlasnyk.ui.cmd_verify", "check a saved game's signed records, offline"),
    Command("resume", "zemlevlasnyk.ui.cmd_resume",
            "play on a table whose host was lost: rejoin it, or host it from your saved game"),
    Command("play", "zemlevlasnyk.ui.cmd_play", "play against the computer in a window, skipping the menu"),
    Command("screenshot", "zemlevlasnyk.ui.cmd_screenshot",
            "render a scene of the game window to a PNG, without a display"),
)
_BY_NAME = {c.name: c for c in COMMANDS}


def command_help(name: str) -> str:
    """The one-line help of subcommand `name`, for its module's `register`."""
    return _BY_NAME[name].help


class UserError(Exception):
    """Bad input from the person at the keyboard: shown as a message, never a traceback."""


class _Version(argparse.Action):
    """`--version`: looks the installed version up only when asked (reading the package
    metadata costs more than the rest of `--help`)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS,
                         help="show the program's version number and exit")

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        from zemlevlasnyk import __version__

        print(f"zemlevlasnyk {__version__}")
        parser.exit()


def _load(module_name: str) -> Any:
    """The command module, or None when it is not part of this build."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name == module_name:
            return None
        raise


@cache
def _in_build(module_name: str) -> bool:
    """Whether the command module exists, found without importing it (asked once: `main`
    builds the parser twice)."""
    return importlib.util.find_spec(module_name) is not None


def build_parser(commands: Collection[str] | None = None, *, list_others: bool = True) -> argparse.ArgumentParser:
    """The command line's parser, with the full parsers of `commands` (None: every command);
    the others are listed by name and help only, without importing their modules, or with
    `list_others=False` left out."""
    parser = argparse.ArgumentParser(
        prog="zemlevlasnyk",
        description="Землевласник (Landlord): a board game for 2-4 players on one Wi-Fi.",
    )
    parser.add_argument("--interface", action="append", metavar="ADDR",
                        help="IPv4 address of an interface the window looks for and announces friends' tables on "
                             "(repeatable; default: $ZEMLEVLASNYK_INTERFACES, else every LAN address)")
    parser.add_argument("--lang", choices=("uk", "en"),
                        help="language of the window (default: as in its settings, at first the system's)")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    # A module registers all of its commands at once (cmd_table: host and join).
    wanted = {c.module for c in COMMANDS if commands is None or c.name in commands}
    for command in COMMANDS:
        if command.name in sub.choices:
            continue
        if command.module in wanted:
            module = _load(command.module)
            if module is not None:
                module.register(sub)
            continue
        if list_others and _in_build(command.module):
            # Listed only: it takes any arguments, and its own parser checks them once loaded.
            sub.add_parser(command.name, help=command.help, add_help=False)
    return parser


def _parser_for(argv: Sequence[str]) -> argparse.ArgumentParser:
    """The parser that `argv` needs, built with as little as it takes."""
    first = _BY_NAME.get(argv[0]) if argv else None
    if first is not None and _in_build(first.module):
        # The usual case, the command first: argparse hands all the rest to that command's
        # parser, so the others, which only the top level's help and errors name, need not
        # even be listed.
        return build_parser((first.name,), list_others=False)
    # Else find the command with every command listed only (this answers `--help` and
    # `--version` too), then build that command's own parser.
    found, _ = build_parser(()).parse_known_args(argv)
    return build_parser(() if found.command is None else (found.command,))


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    args = _parser_for(argv).parse_args(argv)
    if args.command is None:
        return int(importlib.import_module("zemlevlasnyk.ui.app").main(args.interface, args.lang))
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"zemlevlasnyk {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        from .language import preferred_language
        from .text import catalogue
        lang = getattr(args, "lang", None) or preferred_language()
        print(f"zemlevlasnyk: {catalogue(lang)['commands']['interrupted']}", file=sys.stderr)
        return 130


def run() -> int:
    """The installed command and `python -m zemlevlasnyk`: `main`, and then no more work for
    the garbage collector. What is alive when a command ends lives until the process does,
    and the interpreter's exit would go over all of it (every module's functions, classes and
    tables) in full collections only to free memory that leaving frees anyway: about 6 ms of
    the 60 that `simulate --games 1` takes on a quiet machine, more under load
    (docs/PERFORMANCE.md). Nothing is left to a collection to finish: the commands close
    their files (a saved game is synced at every record), and the exit still runs `atexit`
    (logging's flush) and flushes the standard streams."""
    code = main()
    gc.freeze()
    return code

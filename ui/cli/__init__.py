"""The `zemlevlasnyk` command: one entry point, one subcommand per module.

`COMMANDS` lists every subcommand with the module that implements it. Each command module
exposes `register(subparsers, lang)`, which adds its parser (with its help from the
catalogue, in `lang`: `ui/cli/words.py`) and sets `func`, a callable taking the parsed
namespace and returning the exit code. The help and argparse's errors speak the language
`--lang` names, else the settings', else the system's. A module is imported only when its
command runs: `--help` lists the commands from the table alone, and `simulate` never loads
the window (pygame) or the network (trio, zeroconf). A command whose module is not part of
this build is left out, so a missing optional part never stops the others.
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

from zemlevlasnyk.ui.cli.words import argparse_speaks, command_line_language, help_words, typed_language
from zemlevlasnyk.ui.words.text import LANGUAGES


# Named tuples, not dataclasses, on the path of a headless command: importing `dataclasses`
# costs it about 9 ms (tests/ui/cli/test_cli_imports.py keeps it off).
class Command(NamedTuple):
    name: str
    module: str


# The subcommands, in the order `--help` lists them; each one's help is the catalogue's
# `commands.cli.about.<name>`.
COMMANDS = (
    Command("simulate", "zemlevlasnyk.ui.cli.simulate"),
    Command("rules", "zemlevlasnyk.ui.cli.rules"),
    Command("host", "zemlevlasnyk.ui.cli.table"),
    Command("join", "zemlevlasnyk.ui.cli.table"),
    Command("tables", "zemlevlasnyk.ui.cli.tables"),
    Command("games", "zemlevlasnyk.ui.cli.games"),
    Command("verify", "zemlevlasnyk.ui.cli.verify"),
    Command("resume", "zemlevlasnyk.ui.cli.resume"),
    Command("replay", "zemlevlasnyk.ui.cli.replay"),
    Command("play", "zemlevlasnyk.ui.cli.play"),
    Command("screenshot", "zemlevlasnyk.ui.cli.screenshot"),
)
_BY_NAME = {c.name: c for c in COMMANDS}
# As p2p.lan.interfaces.ENV_VAR, which is not imported here: it brings ifaddr, and `--help`
# and `simulate` need no network module.
INTERFACES_VAR = "ZEMLEVLASNYK_INTERFACES"


def command_help(name: str, lang: str) -> str:
    """The one-line help of subcommand `name` in `lang`, for its module's `register`."""
    return str(help_words(lang)["about"][name])


class UserError(Exception):
    """Bad input from the person at the keyboard: shown as a message, never a traceback."""


class _Version(argparse.Action):
    """`--version`: looks the installed version up only when asked (reading the package
    metadata costs more than the rest of `--help`)."""

    def __init__(self, option_strings: Sequence[str], dest: str, help: str | None = None, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=help)

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


def build_parser(commands: Collection[str] | None = None, *, list_others: bool = True,
                 lang: str = "en") -> argparse.ArgumentParser:
    """The command line's parser, with the full parsers of `commands` (None: every command);
    the others are listed by name and help only, without importing their modules, or with
    `list_others=False` left out. Its help is in `lang`; argparse's own words are in it
    within `argparse_speaks(lang)`."""
    words = help_words(lang)
    parser = argparse.ArgumentParser(prog="zemlevlasnyk", description=words["program"])
    parser.add_argument("--interface", action="append", metavar=words["metavars"]["addr"],
                        help=words["window_interface"].format(env=f"${INTERFACES_VAR}"))
    parser.add_argument("--lang", choices=LANGUAGES, help=words["window_lang"])
    parser.add_argument("--version", action=_Version, help=words["version"])
    sub = parser.add_subparsers(dest="command", metavar=words["metavars"]["command"])
    # A module registers all of its commands at once (cmd_table: host and join).
    wanted = {c.module for c in COMMANDS if commands is None or c.name in commands}
    for command in COMMANDS:
        if command.name in sub.choices:
            continue
        if command.module in wanted:
            module = _load(command.module)
            if module is not None:
                module.register(sub, lang)
            continue
        if list_others and _in_build(command.module):
            # Listed only: it takes any arguments, and its own parser checks them once loaded.
            sub.add_parser(command.name, help=command_help(command.name, lang), add_help=False)
    return parser


def _parser_for(argv: Sequence[str], lang: str) -> argparse.ArgumentParser:
    """The parser that `argv` needs, built with as little as it takes, speaking `lang`."""
    first = _BY_NAME.get(argv[0]) if argv else None
    if first is not None and _in_build(first.module):
        # The usual case, the command first: argparse hands all the rest to that command's
        # parser, so the others, which only the top level's help and errors name, need not
        # even be listed.
        return build_parser((first.name,), list_others=False, lang=lang)
    # Else find the command with every command listed only (this answers `--help` and
    # `--version` too), then build that command's own parser.
    found, _ = build_parser((), lang=lang).parse_known_args(argv)
    return build_parser(() if found.command is None else (found.command,), lang=lang)


def main(argv: list[str] | None = None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    from zemlevlasnyk.ui.words.language import typed

    # A `--lang` typed before the command's name is the top level's and one typed after it
    # the command's: either way the whole command speaks it (its own lines too, not only
    # argparse's), while it runs.
    with typed(typed_language(argv)):
        return _main(argv)


def _main(argv: list[str]) -> int:
    lang = command_line_language(argv)
    with argparse_speaks(lang):
        args = _parser_for(argv, lang).parse_args(argv)
    if getattr(args, "lang", ...) is None:
        # A command's own `--lang` (None when not typed after its name) hid one typed before
        # it: `zemlevlasnyk --lang uk play` opened in the saved language.
        args.lang = typed_language(argv)
    if args.command is None:
        return int(importlib.import_module("zemlevlasnyk.ui.shell.app").main(args.interface, args.lang))
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"zemlevlasnyk {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        from zemlevlasnyk.ui.words.language import preferred_language
        from zemlevlasnyk.ui.words.text import catalogue
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

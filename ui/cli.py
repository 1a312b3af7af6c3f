"""The `zemlevlasnyk` command: one entry point, one subcommand per module.

Each command module exposes `register(subparsers)` which adds its parser and sets
`func`, a callable taking the parsed namespace and returning the exit code. Modules are
imported lazily by name so that a broken optional part (say, no display) never stops the
others from working.
"""
from __future__ import annotations

import argparse
import importlib
import sys

# The subcommand modules, in the order they are listed in `--help`.
COMMAND_MODULES = (
    "zemlevlasnyk.ui.cmd_simulate",
    "zemlevlasnyk.ui.cmd_table",
    "zemlevlasnyk.ui.cmd_tables",
    "zemlevlasnyk.ui.cmd_games",
    "zemlevlasnyk.ui.cmd_verify",
    "zemlevlasnyk.ui.cmd_play",
    "zemlevlasnyk.ui.cmd_screenshot",
)


def _version() -> str:
    from importlib import metadata

    try:
        return metadata.version("zemlevlasnyk")
    except metadata.PackageNotFoundError:
        return "0+unknown"


class UserError(Exception):
    """Bad input from the person at the keyboard: shown as a message, never a traceback."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="zemlevlasnyk",
        description="Землевласник (Landlord): a board game for 2-4 players on one Wi-Fi.",
    )
    parser.add_argument("--interface", action="append", metavar="ADDR",
                        help="IPv4 address of an interface the window looks for and announces friends' tables on "
                             "(repeatable; default: $ZEMLEVLASNYK_INTERFACES, else every LAN address)")
    parser.add_argument("--lang", choices=("uk", "en"),
                        help="language of the window (default: as in its settings, at first the system's)")
    parser.add_argument("--version", action="version", version=f"zemlevlasnyk {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name == name:
                continue  # that command is not part of this build yet
            raise
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        return int(importlib.import_module("zemlevlasnyk.ui.app").main(args.interface, args.lang))
    try:
        return int(args.func(args) or 0)
    except UserError as exc:
        print(f"zemlevlasnyk {args.command}: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("zemlevlasnyk: interrupted", file=sys.stderr)
        return 130

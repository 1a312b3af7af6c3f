"""The `zemlevlasnyk tables` command: list the tables nearby, found by mDNS, and exit.

Each table with its host, short code (what `join CODE` takes), seats, phase, clock, where
it listens and its key's fingerprint; the words from the catalogues (commands.tables). A
table whose name looks like another's or mixes alphabets is marked, told apart by its key.
"""
from __future__ import annotations

import argparse
from collections.abc import Sequence

import trio

from zemlevlasnyk.p2p import (
    ENV_VAR,
    InterfaceError,
    MdnsError,
    TableAdvert,
    choose_interfaces,
    look_alikes,
    open_mdns,
    snapshot,
)
from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.problems import worded
from zemlevlasnyk.ui.words.text import catalogue

# Long enough for a table that is already advertising to answer a browser (well under
# a second on a quiet LAN), with slack for a busy Wi-Fi.
DEFAULT_WAIT_S = 2.0
# Beyond this a person would rather press Ctrl-C than wait for a list.
MAX_WAIT_S = 600.0
_COLUMNS = ("table", "host", "code", "seats", "phase", "clock", "address", "key")
# Before a table whose name a person could take for another's (the footnote says so).
MARK = "≈"


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said, metavars = words["tables"], words["metavars"]
    parser = subparsers.add_parser("tables", help=command_help("tables", lang),
                                   description=said["description"].format(env=f"${ENV_VAR}"))
    parser.add_argument("--interface", action="append", metavar=metavars["addr"], default=None,
                        help=said["interface"])
    parser.add_argument("--wait", type=float, default=DEFAULT_WAIT_S, metavar=metavars["wait"],
                        help=said["wait"].format(default=f"{DEFAULT_WAIT_S:g}"))
    parser.set_defaults(func=run)


def format_tables(tables: Sequence[TableAdvert], lang: str) -> str:
    """The tables as aligned columns, or a line saying there are none."""
    commands = catalogue(lang)["commands"]
    said, table = commands["tables"], commands["table"]
    if not tables:
        return str(said["none"])
    marked = look_alikes(tables)
    rows = [tuple(said["columns"][c] for c in _COLUMNS)] + [
        (
            f"{MARK} {t.table_name}" if t.table_id in marked else t.table_name,
            t.host_name,
            t.code,
            said["seats"].format(taken=t.seats_taken, all=t.seats, free=t.seats_free),
            table["phases"].get(t.phase.value, t.phase.value),
            table["clock_on" if t.clock else "clock_off"],
            ", ".join(f"{a}:{t.port}" for a in t.addresses) or f"?:{t.port}",
            t.fingerprint,
        )
        for t in tables
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows]
    return "\n".join([*lines, str(said["marked"])] if marked else lines)


def run(args: argparse.Namespace) -> int:
    from zemlevlasnyk.ui.words.language import preferred_language

    lang = preferred_language()
    if not 0 <= args.wait <= MAX_WAIT_S:
        raise UserError(catalogue(lang)["commands"]["tables"]["wait"].format(wait=f"{args.wait:g}",
                                                                              max=f"{MAX_WAIT_S:g}"))
    try:
        interfaces = choose_interfaces(args.interface)
    except InterfaceError as exc:
        raise UserError(worded(exc, lang)) from None

    # The English details (an advert on the LAN that is not a table's) go to a log file,
    # not between the table lines.
    from zemlevlasnyk.ui.shell.logs import log_to_file
    log_to_file(logger_name="zemlevlasnyk", file="tables.log")

    async def look() -> list[TableAdvert]:
        async with open_mdns(interfaces) as mdns:
            return await snapshot(mdns, args.wait)

    try:
        tables = trio.run(look)
    except MdnsError as exc:
        raise UserError(worded(exc, lang)) from None
    print(format_tables(tables, lang))
    return 0

"""The `zemlevlasnyk tables` command: list the tables nearby, found by mDNS, and exit."""
from __future__ import annotations

import argparse
from collections.abc import Sequence

import trio

from zemlevlasnyk.p2p.discovery import MdnsError, TableAdvert, open_mdns, snapshot
from zemlevlasnyk.p2p.interfaces import ENV_VAR, InterfaceError, choose_interfaces
from zemlevlasnyk.ui.cli import UserError, command_help

# Long enough for a table that is already advertising to answer a browser (well under
# a second on a quiet LAN), with slack for a busy Wi-Fi.
DEFAULT_WAIT_S = 2.0
# Beyond this a person would rather press Ctrl-C than wait for a list.
MAX_WAIT_S = 600.0
NO_TABLES = "no tables found nearby"
_COLUMNS = ("TABLE", "HOST", "SEATS", "PHASE", "CLOCK", "ADDRESS", "KEY")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    parser = subparsers.add_parser(
        "tables",
        help=command_help("tables"),
        description=(
            "List the tables hosted on this network, found by mDNS, and exit. "
            f"Interfaces: --interface, else ${ENV_VAR} (comma-separated), else every "
            "non-loopback IPv4 address of this machine."
        ),
    )
    parser.add_argument(
        "--interface", action="append", metavar="ADDR", default=None,
        help="IPv4 address of an interface to look on (repeatable)",
    )
    parser.add_argument(
        "--wait", type=float, default=DEFAULT_WAIT_S, metavar="S",
        help=f"seconds to listen before printing (default {DEFAULT_WAIT_S:g})",
    )
    parser.set_defaults(func=run)


def format_tables(tables: Sequence[TableAdvert]) -> str:
    """The tables as aligned columns, or a line saying there are none."""
    if not tables:
        return NO_TABLES
    rows = [_COLUMNS] + [
        (
            t.table_name,
            t.host_name,
            f"{t.seats_taken}/{t.seats} ({t.seats_free} free)",
            t.phase.value,
            "on" if t.clock else "off",
            ", ".join(f"{a}:{t.port}" for a in t.addresses) or f"?:{t.port}",
            t.fingerprint,
        )
        for t in tables
    ]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    return "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip() for row in rows)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.wait <= MAX_WAIT_S:
        raise UserError(f"--wait must be between 0 and {MAX_WAIT_S:g} seconds, not {args.wait:g}")
    try:
        interfaces = choose_interfaces(args.interface)
    except InterfaceError as exc:
        raise UserError(str(exc)) from None

    async def look() -> list[TableAdvert]:
        async with open_mdns(interfaces) as mdns:
            return await snapshot(mdns, args.wait)

    try:
        tables = trio.run(look)
    except MdnsError as exc:
        raise UserError(str(exc)) from None
    print(format_tables(tables))
    return 0

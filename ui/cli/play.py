"""`zemlevlasnyk play`: straight into a game against the computer, skipping the menu.

With no display to open a window on, it says so in one line and exits 2 (as does the bare
`zemlevlasnyk`, which opens the window on the menu).
"""
from __future__ import annotations

import argparse
import logging
import os

from zemlevlasnyk.engine.bots import TEMPERAMENT_MARK
from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.rules_args import add_rules_arguments, rules_from_args
from zemlevlasnyk.ui.cli.seats import split_seat
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.text import LANGUAGES

DEFAULT_OPPONENTS = 3


def seed_arg(text: str) -> int:
    """A --seed value: a whole number the game can use, or a clear argparse error (in the
    language the command speaks: the `--lang` typed, wherever it stands, else the
    settings')."""
    from zemlevlasnyk.ui.sessions.vs_computer import MAX_SEED
    from zemlevlasnyk.ui.words.language import preferred_language
    from zemlevlasnyk.ui.words.text import catalogue
    try:
        value = int(text)
    except ValueError:
        words = catalogue(preferred_language())["commands"]["seed"]
        raise argparse.ArgumentTypeError(words["not_whole"].format(text=repr(text))) from None
    if not 0 <= value <= MAX_SEED:
        words = catalogue(preferred_language())["commands"]["seed"]
        raise argparse.ArgumentTypeError(words["out_of_range"].format(value=value, max=MAX_SEED))
    return value


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said, metavars = words["play"], words["metavars"]
    p = subparsers.add_parser("play", help=command_help("play", lang))
    p.add_argument("--opponents", type=int, default=DEFAULT_OPPONENTS, metavar=metavars["n"],
                   help=said["opponents"].format(default=DEFAULT_OPPONENTS))
    p.add_argument("--level", metavar=metavars["level"], help=said["level"])
    p.add_argument("--lang", choices=LANGUAGES, help=words["lang"])
    p.add_argument("--name", metavar=metavars["name"], help=said["name"])
    p.add_argument("--seed", type=seed_arg, metavar=metavars["seed"], help=said["seed"])
    add_rules_arguments(p, lang)
    p.add_argument("--interface", action="append", metavar=metavars["addr"], default=argparse.SUPPRESS,
                   help=said["interface"])
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from zemlevlasnyk.ui.sessions.vs_computer import MAX_OPPONENTS, default_level, offered_levels
    from zemlevlasnyk.ui.shell import nav
    from zemlevlasnyk.ui.shell.app import run_window
    from zemlevlasnyk.ui.shell.display import NoDisplay, no_display_message
    from zemlevlasnyk.ui.words.language import preferred_language
    from zemlevlasnyk.ui.words.text import catalogue

    lang = args.lang or preferred_language()
    words = catalogue(lang)["commands"]
    # `--level hard:bold`: every opponent of that level and temperament.
    spec = args.level or default_level()
    level = spec.partition(TEMPERAMENT_MARK)[0]
    if level not in offered_levels():
        raise UserError(words["play"]["no_level"].format(level=repr(level), levels=", ".join(offered_levels())))
    level, mood = split_seat(spec, words["seats"])
    if not 1 <= args.opponents <= MAX_OPPONENTS:
        raise UserError(words["play"]["opponents"].format(n=args.opponents))
    temperaments = (mood.value,) * args.opponents if mood is not None else ()
    first = nav.PlayComputer((args.name or "").strip() or None, args.opponents, level, args.seed,
                             rules_from_args(args, lang), temperaments)
    try:
        return run_window(lang=args.lang, first=first, interfaces=getattr(args, "interface", None))
    except NoDisplay as exc:
        logging.getLogger(__name__).warning("no display: %s", exc)
        raise UserError(no_display_message(exc, lang)) from None


"""`zemlevlasnyk replay FILE`: watch a saved game again in the window (issue 24).

The file is verified first, as `verify` does; one that fails the check is not shown, and the
command says why in one line (exit 1), unless `--partial` asks for it up to its last good
record. Without a display it says so in one line and exits 2, as `play` does.
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.text import LANGUAGES


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said = words["replay"]
    p = subparsers.add_parser("replay", help=command_help("replay", lang))
    p.add_argument("file", type=Path, metavar=words["metavars"]["saved_file"], help=said["file"])
    p.add_argument("--partial", action="store_true", help=said["partial"])
    p.add_argument("--lang", choices=LANGUAGES, help=words["lang"])
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from zemlevlasnyk.ui.sessions.replay import ReplayRefused, open_replay
    from zemlevlasnyk.ui.words.language import preferred_language
    from zemlevlasnyk.ui.words.text import catalogue
    from zemlevlasnyk.ui.words.verdicts import failure_text

    lang = args.lang or preferred_language()
    words = catalogue(lang)["commands"]["replay"]
    try:
        replay = open_replay(args.file, partial=args.partial)
    except ReplayRefused as exc:
        line = words["refused"].format(path=args.file, why=failure_text(exc.verdict, lang))
        if exc.verdict.records:
            line = f"{line} {words['partial']}"
        print(f"zemlevlasnyk {args.command}: {line}", file=sys.stderr)
        return 1
    from zemlevlasnyk.ui.shell import nav
    from zemlevlasnyk.ui.shell.app import run_window
    from zemlevlasnyk.ui.shell.display import NoDisplay, no_display_message
    try:
        return run_window(lang=args.lang, first=nav.Watch(replay))
    except NoDisplay as exc:
        logging.getLogger(__name__).warning("no display: %s", exc)
        raise UserError(no_display_message(exc, lang)) from None

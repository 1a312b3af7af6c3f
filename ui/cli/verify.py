"""`zemlevlasnyk verify FILE`: check a saved game offline (issue 8).

Prints OK with a summary (table, records, turns, players, result) and exits 0 only for a
whole game: every record verifies and the signed end record closes it. Otherwise it names
the first thing wrong (a record and why, a damaged or cut file, a game without its end)
and exits 1. Changes nothing.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from zemlevlasnyk.ui.cli import command_help
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.text import LANGUAGES, Words, catalogue
from zemlevlasnyk.ui.words.verdicts import failure_text

if TYPE_CHECKING:
    from zemlevlasnyk.p2p import Verdict


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    p = subparsers.add_parser("verify", help=command_help("verify", lang))
    p.add_argument("file", type=Path, metavar=words["metavars"]["saved_file"], help=words["verify"]["file"])
    p.add_argument("--lang", choices=LANGUAGES, help=words["lang"])
    p.set_defaults(func=run)


def _summary(verdict: Verdict, words: Words) -> list[str]:
    lines = [words["summary"].format(table=verdict.table, records=verdict.records, turns=verdict.turns)]
    if verdict.players:
        names = [f"{p.name} ({words['bot']})" if p.bot else p.name for p in verdict.players]
        lines.append(words["players"].format(players=", ".join(names)))
    if verdict.outcome is not None:
        if verdict.outcome.draw or verdict.outcome.winner is None:
            lines.append(words["draw"])
        else:
            lines.append(words["winner"].format(name=verdict.players[verdict.outcome.winner].name))
    if verdict.evidence:
        lines.append(words["evidence"].format(count=verdict.evidence))
    if verdict.host:
        # a key's fingerprint is its first 8 bytes: the first 16 hex digits as written
        lines.append(words["host_key"].format(fingerprint=verdict.host[:16]))
    return lines


def run(args: argparse.Namespace) -> int:
    from zemlevlasnyk.p2p import verify_game
    from zemlevlasnyk.ui.words.language import preferred_language

    lang = args.lang or preferred_language()
    words: Words = catalogue(lang)["commands"]["verify"]
    verdict = verify_game(args.file)
    if verdict.ok:
        print(words["ok"].format(path=args.file))
        for line in _summary(verdict, words):
            print(f"  {line}")
        return 0
    print(words["bad"].format(path=args.file))
    print(f"  {failure_text(verdict, lang)}")
    if verdict.records:
        for line in _summary(verdict, words):
            print(f"  {line}")
    return 1

"""`zemlevlasnyk verify FILE`: check a saved game offline (issue 8).

Prints OK with a summary (table, records, turns, players, result) and exits 0 only for a
whole game: every record verifies and the signed end record closes it. Otherwise it names
the first thing wrong (a record and why, a damaged or cut file, a game without its end)
and exits 1. Changes nothing.
"""
from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zemlevlasnyk.ui.cli import command_help
from zemlevlasnyk.ui.cli_words import help_words
from zemlevlasnyk.ui.cmd_games import problem_text
from zemlevlasnyk.ui.problems import worded
from zemlevlasnyk.ui.text import LANGUAGES, catalogue

if TYPE_CHECKING:
    from zemlevlasnyk.p2p.verify import Verdict


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    p = subparsers.add_parser("verify", help=command_help("verify", lang))
    p.add_argument("file", type=Path, metavar=words["metavars"]["saved_file"], help=words["verify"]["file"])
    p.add_argument("--lang", choices=LANGUAGES, help=words["lang"])
    p.set_defaults(func=run)


def _failure(verdict: Verdict, words: dict[str, Any], lang: str) -> str:
    from zemlevlasnyk.p2p.verify import Failure

    failure = verdict.failure
    if failure is Failure.FILE:
        assert verdict.problem is not None
        return problem_text(verdict.problem, lang)
    why = worded(verdict.cause, lang) if verdict.cause is not None else ""
    if failure is Failure.BAD_RECORD:
        return str(words["bad_record"].format(seq=verdict.seq, line=verdict.line, why=why))
    if failure is Failure.BAD_HEADER:
        return str(words["bad_header"])
    if failure is Failure.BAD_EVIDENCE:
        return str(words["bad_evidence"].format(line=verdict.line, why=why))
    if failure is Failure.NOT_CANONICAL:
        return str(words["not_canonical"].format(line=verdict.line))
    if failure is Failure.UNFINISHED:
        return str(words["unfinished"].format(records=verdict.records))
    return str(words[failure.value if failure is not None else "ok"])


def _summary(verdict: Verdict, words: dict[str, Any]) -> list[str]:
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
    from zemlevlasnyk.p2p.verify import verify_game
    from zemlevlasnyk.ui.language import preferred_language

    lang = args.lang or preferred_language()
    words: dict[str, Any] = catalogue(lang)["commands"]["verify"]
    verdict = verify_game(args.file)
    if verdict.ok:
        print(words["ok"].format(path=args.file))
        for line in _summary(verdict, words):
            print(f"  {line}")
        return 0
    print(words["bad"].format(path=args.file))
    print(f"  {_failure(verdict, words, lang)}")
    if verdict.records:
        for line in _summary(verdict, words):
            print(f"  {line}")
    return 1

"""`zemlevlasnyk games`: the saved games on this computer (issue 8).

Lists the unfinished games (those a table can be resumed from: with friends, and against the
computer) with their table, players (named as the game names them: a computer player by the
language's name for it), number of records, size and date; `--all` lists the finished ones
too, with their result; `--prune DAYS`
removes finished games not touched for DAYS days. Listing changes nothing and creates
nothing, not even the folder.
"""
from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING

from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.text import LANGUAGES, Words, catalogue, form
from zemlevlasnyk.ui.words.verdicts import problem_text

if TYPE_CHECKING:
    from zemlevlasnyk.p2p import GameFile

_KIB = 1024
# As p2p.store.savegame.PRUNE_AFTER_DAYS (not imported here: `--help` stays quick).
_PRUNE_DEFAULT_DAYS = 30


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said = words["games"]
    p = subparsers.add_parser("games", help=command_help("games", lang))
    p.add_argument("--all", action="store_true", help=said["all"])
    p.add_argument("--prune", type=int, metavar=words["metavars"]["days"], nargs="?", const=_PRUNE_DEFAULT_DAYS,
                   help=said["prune"].format(default=_PRUNE_DEFAULT_DAYS))
    p.add_argument("--lang", choices=LANGUAGES, help=words["lang"])
    p.set_defaults(func=run)


def _row(game: GameFile, words: Words, lang: str) -> str:
    """One saved game: its players named as the game names them, and a finished one's result."""
    from zemlevlasnyk.ui.sessions.seats import display_names, result_words
    assert game.header is not None
    names = display_names(game.players, catalogue(lang)["ui"])
    size = words["kib"].format(n=f"{game.size / _KIB:.1f}")
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.modified))
    row: str = words["row"].format(table=game.header.table, players=", ".join(names) or words["no_players"],
                                   records=game.records, size=size, date=date)
    if game.finished:
        row += f"  ({result_words(game.outcome, names, words)})"
    return f"  {row}  {game.path}"


def run(args: argparse.Namespace) -> int:
    from zemlevlasnyk.p2p import GAMES_DIR, SaveGameError, data_dir, list_games, prune_finished
    from zemlevlasnyk.ui.words.language import preferred_language

    lang = args.lang or preferred_language()
    words: Words = catalogue(lang)["commands"]["games"]
    folder = data_dir() / GAMES_DIR
    if folder.exists() and not folder.is_dir():
        raise UserError(words["not_folder"].format(folder=folder))
    if args.prune is not None:
        if args.prune < 0:
            raise UserError(words["bad_days"].format(days=args.prune))
        try:
            pruned = prune_finished(folder, days=args.prune) if folder.is_dir() else []
        except SaveGameError as exc:
            raise UserError(problem_text(exc, lang)) from None
        print(form(lang, words["pruned"], n=args.prune).format(days=args.prune, count=len(pruned)))
    games = [g for g in list_games(folder) if args.all or not g.finished]
    if not games:
        print(words["none"].format(folder=folder))
        return 0
    print(words["title_all" if args.all else "title"].format(folder=folder))
    for game in games:
        if game.problem is not None:
            print("  " + words["unreadable"].format(name=game.path.name, problem=problem_text(game.problem, lang)))
        else:
            print(_row(game, words, lang))
    return 0

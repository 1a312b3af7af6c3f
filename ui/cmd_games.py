"""`zemlevlasnyk games`: the saved games on this computer (issue 8).

Lists the unfinished games (those a table can be resumed from) with their table, players,
number of records, size and date; `--all` lists the finished ones too, `--prune DAYS`
removes finished games not touched for DAYS days. Listing changes nothing and creates
nothing, not even the folder.
"""
from __future__ import annotations

import argparse
import time
from typing import TYPE_CHECKING, Any

from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli_words import help_words
from zemlevlasnyk.ui.text import LANGUAGES, catalogue, form, os_reason

if TYPE_CHECKING:
    from zemlevlasnyk.p2p.savegame import GameFile, SaveGameError

_KIB = 1024
# As p2p.savegame.PRUNE_AFTER_DAYS (not imported here: `--help` stays quick).
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


def problem_text(error: SaveGameError, lang: str) -> str:
    """A saved-game problem in the player's words."""
    words: dict[str, str] = catalogue(lang)["commands"]["savegame"]
    detail = os_reason(error.os_error, lang) if error.os_error is not None else error.detail
    return words[error.problem.value].format(path=error.path, line=error.line, detail=detail)


def _row(game: GameFile, words: dict[str, Any]) -> str:
    assert game.header is not None
    size = words["kib"].format(n=f"{game.size / _KIB:.1f}")
    date = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.modified))
    row: str = words["row"].format(table=game.header.table, players=", ".join(game.players) or words["no_players"],
                                   records=game.records, size=size, date=date)
    if game.finished:
        row += f"  ({words['finished']})"
    return f"  {row}  {game.path}"


def run(args: argparse.Namespace) -> int:
    from zemlevlasnyk.p2p.identity import data_dir
    from zemlevlasnyk.p2p.savegame import GAMES_DIR, SaveGameError, list_games, prune_finished
    from zemlevlasnyk.ui.language import preferred_language

    lang = args.lang or preferred_language()
    words: dict[str, Any] = catalogue(lang)["commands"]["games"]
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
            print(_row(game, words))
    return 0

"""Why a saved game cannot be read or does not verify, in one line of the player's words:
`zemlevlasnyk verify`, `games` and `replay` print it, and the window shows it when a
saved game is refused (a replay of a file that fails the check); and that a game goes on
no longer being saved (`host`, `join` and `resume` print it)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from zemlevlasnyk.ui.words.problems import worded
from zemlevlasnyk.ui.words.text import catalogue, os_reason

if TYPE_CHECKING:
    from zemlevlasnyk.p2p import SaveGameError, Verdict


def problem_text(error: SaveGameError, lang: str) -> str:
    """A saved-game problem in the player's words."""
    words: dict[str, str] = catalogue(lang)["commands"]["savegame"]
    detail = os_reason(error.os_error, lang) if error.os_error is not None else error.detail
    return words[error.problem.value].format(path=error.path, line=error.line, detail=detail)


def not_saved_text(error: SaveGameError, lang: str) -> str:
    """The game goes on but is no longer being saved: why, in the player's words."""
    why = os_reason(error.os_error, lang) if error.os_error is not None else problem_text(error, lang)
    return str(catalogue(lang)["commands"]["table"]["not_saved"].format(why=why, path=error.path))


def failure_text(verdict: Verdict, lang: str) -> str:
    """What is wrong with a saved game that does not verify (its first fault), or «OK»."""
    from zemlevlasnyk.p2p import Failure

    words: dict[str, str] = catalogue(lang)["commands"]["verify"]
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

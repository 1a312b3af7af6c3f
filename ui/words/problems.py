"""Problems in the player's words: each table error code (`p2p.core.errors.Code`) has a sentence
in the catalogues (their `errors` words), and an error that says more (`p2p.core.errors.Explained`: a
bad invite link, an interface, a cheating host's kind of proof) has its reason's sentence
(their `reasons`) with its data; the error's own English detail goes to the log (`ui.shell.logs`),
never onto the screen or the command line."""
from __future__ import annotations

import errno
import logging

from zemlevlasnyk.p2p import CheatingHost, Explained, ProtocolError, SaveGameError
from zemlevlasnyk.ui.words.text import Say, os_reason, ui_words

log = logging.getLogger(__name__)


def error_words(code: str) -> Say:
    """The catalogue's sentence for an error code (a general one for a code it lacks)."""
    if code in ui_words("uk")["errors"]:
        return Say(f"errors.{code}")
    return Say("errors.other", {"code": code})


def explain(exc: ProtocolError, where: str) -> Say:
    """`exc` in the player's words; its detail logged with `where` it happened."""
    log.warning("%s: %s (%s, %s side)", where, exc.message, exc.code.value, exc.fault.value)
    return error_words(exc.code.value)


def said_fully(exc: ProtocolError, where: str) -> Say:
    """`exc` in the player's words as `worded` has them (its reason's sentence, with its
    data, when it has one), to be shown later; its detail logged with `where`."""
    log.warning("%s: %s (%s, %s side)", where, exc.message, exc.code.value, exc.fault.value)
    if exc.reason and exc.reason in ui_words("uk")["reasons"]:
        return Say(f"reasons.{exc.reason}", dict(exc.params))
    return error_words(exc.code.value)


def worded(exc: Explained, lang: str) -> str:
    """`exc` in the player's words: its reason's sentence with its data (the system's refusal
    behind it worded by its errno), else (a table error) its code's. The command line shows
    this alone: it keeps no log for the English detail."""
    if exc.reason and exc.reason in ui_words("uk")["reasons"]:
        fields: dict[str, object] = dict(exc.params)
        if exc.os_error is not None:
            fields["why"] = os_reason(exc.os_error, lang)
        return Say(f"reasons.{exc.reason}", fields).text(lang)
    if isinstance(exc, ProtocolError):
        return error_words(exc.code.value).text(lang)
    return Say("errors.other", {"code": type(exc).__name__}).text(lang)


def refused(code: str, message: str, where: str) -> Say:
    """A refusal that came as a code and the other side's English words (logged)."""
    log.warning("%s: %s (%s)", where, message, code)
    return error_words(code)


def cheating(exc: CheatingHost) -> Say:
    """A host caught cheating: the record it broke the rules in, the detail logged (the
    evidence itself is in the game's saved file)."""
    log.warning("the host cheated (record %s): %s", exc.seq, exc.message)
    if exc.seq is None:
        return Say("errors.cheating_host")
    return Say("host_cheated", {"seq": exc.seq})


# The refusals a saved game meets with words of their own (the catalogues' `games.save_why`); any other
# is told as a file that cannot be written, its detail in the log.
SAVE_WHY = ("ENOSPC", "EDQUOT", "EROFS", "EACCES", "EIO")


def save_why(problem: SaveGameError) -> Say:
    """Why a saved game stopped being written, in a few words (the detail logged)."""
    log.warning("saving %s: %s", problem.path, problem)
    name = errno.errorcode.get(problem.os_error.errno or 0, "") if problem.os_error is not None else ""
    return Say(f"games.save_why.{name if name in SAVE_WHY else 'other'}")


def not_saved(problem: SaveGameError) -> Say:
    """The game is no longer being saved, and why; it goes on (issue 20)."""
    return Say("games.not_saved", {"why": save_why(problem)})


def trouble(what: str, detail: object, words: Say) -> Say:
    """A problem that is not a table error (the network, a file): `words` shown, the
    detail logged."""
    log.warning("%s: %s", what, detail)
    return words


# The problems of `p2p.core.handover.ResumeError` with words of their own; any other is the
# saved game file's own (it cannot be read).
RESUME_PROBLEMS = ("not_seated", "finished", "no_start", "bad_record", "not_ours", "in_use")


def resume_words(problem: str) -> Say:
    """Why a saved game cannot be played on (`ResumeError.problem`), in words."""
    return Say(f"games.problem.{problem if problem in RESUME_PROBLEMS else 'damaged'}")

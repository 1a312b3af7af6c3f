"""The window's log: details a player is not shown (an SDL error's words, why a file could
not be written) go to `<data dir>/logs/window.log`, private to the user, so that the
catalogue's message on screen stays short and in the player's language while the detail
is kept for whoever looks into a problem."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from zemlevlasnyk.p2p import private_folder

LOG_FILE = "window.log"
# The logger every window module logs under (`logging.getLogger(__name__)` in ui/).
LOGGER = "zemlevlasnyk.ui"


class _QuietFileHandler(logging.FileHandler):
    """A log file that cannot take a line (a full disk) loses that line: logging's default,
    a traceback on the terminal for every line, would bury the game's own words there."""

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 (logging's name)
        pass


class _HarmlessFormatter(logging.Formatter):
    """Log lines that a terminal showing the log (`cat`, `tail -f`) cannot be made to act on:
    a name or text from a record or a stranger's advert is logged as it came, for whoever
    looks into a problem, with every character that is not shown (an escape, a bell, a
    carriage return, a bidirectional override) written as its code instead."""

    def format(self, record: logging.LogRecord) -> str:
        return "".join(ch if ch.isprintable() or ch == "\n" else f"\\u{ord(ch):04x}" for ch in super().format(record))


def log_to_file(folder: Path | None = None, *, logger_name: str = LOGGER, file: str = LOG_FILE) -> Path | None:
    """Send the window's log (or `logger_name`'s, into `file`: a command's) to its file
    (once); None when it cannot be written, and then the log goes nowhere rather than onto
    the player's terminal."""
    logger = logging.getLogger(logger_name)
    for existing in logger.handlers:
        if isinstance(existing, logging.FileHandler):
            return Path(existing.baseFilename)
    logger.propagate = False
    logger.setLevel(logging.INFO)
    try:
        path = private_folder("logs", folder=folder) / file
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        os.close(fd)
        handler = _QuietFileHandler(path, encoding="utf-8")
    except OSError:
        logger.addHandler(logging.NullHandler())
        return None
    handler.setFormatter(_HarmlessFormatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    return path

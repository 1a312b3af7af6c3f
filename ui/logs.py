"""The window's log: details a player is not shown (an SDL error's words, why a file could
not be written) go to `<data dir>/logs/window.log`, private to the user, so that the
catalogue's message on screen stays short and in the player's language while the detail
is kept for whoever looks into a problem."""
from __future__ import annotations

import logging
import os
from pathlib import Path

from zemlevlasnyk.p2p.identity import private_folder

LOG_FILE = "window.log"
# The logger every window module logs under (`logging.getLogger(__name__)` in ui/).
LOGGER = "zemlevlasnyk.ui"


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
        handler = logging.FileHandler(path, encoding="utf-8")
    except OSError:
        logger.addHandler(logging.NullHandler())
        return None
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(handler)
    return path

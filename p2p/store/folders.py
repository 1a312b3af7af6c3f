"""Where the game keeps the user's files: `$XDG_DATA_HOME/zemlevlasnyk`, by default
`~/.local/share/zemlevlasnyk` (profiles, saved games, the window's settings and logs).

A module of its own, importing nothing beyond the interpreter's start-up modules, so that a
headless command can find the window's settings without importing the profiles and their
keys (`p2p.core.identity`)."""
from __future__ import annotations

import os
from pathlib import Path

APP_DIR = "zemlevlasnyk"


def data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_DIR

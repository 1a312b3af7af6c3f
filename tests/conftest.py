"""The suite's environment, whatever the machine's: the game's language follows the
system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), and many tests read English lines of
the commands they run, in-process or as processes that inherit this environment. So the
tests start from an English locale with nothing overriding LANG; a test that wants
Ukrainian sets LANG itself (monkeypatch.setenv, or a process's env)."""
from __future__ import annotations

import os

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "en_GB.UTF-8"

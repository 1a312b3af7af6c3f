"""The language the commands speak: the `--lang` typed, else the one the person chose in
the window (the `lang` kept in its settings file), else the system's locale.

Kept apart from `ui.shell.settings`, which reads and checks every setting and needs the profiles
(`p2p.store.profiles`) for them, so that a headless command such as `simulate` learns its
language from the file alone. A settings file whose other fields the window refuses still
names the language chosen; a file that cannot be read, or names no language we have, gives
the system's.
"""
from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from zemlevlasnyk.p2p import data_dir
from zemlevlasnyk.ui.words.text import LANGUAGES

SETTINGS_FILE = "settings.json"
SETTINGS_FORMAT = 1
# The environment variables that name the user's language, in the order POSIX (and GNU
# gettext, for LANGUAGE) consult them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
# The `--lang` typed on this process's command line, while its command runs (`typed`):
# wherever it is typed, before or after the command's name, every word of the command
# speaks it, not only argparse's help and errors.
_typed: str | None = None


@contextmanager
def typed(lang: str | None) -> Iterator[None]:
    """Within the block, `preferred_language` is `lang` (the `--lang` typed), when not None."""
    global _typed
    before, _typed = _typed, lang
    try:
        yield
    finally:
        _typed = before


def settings_path(folder: Path | None = None) -> Path:
    return (folder or data_dir()) / SETTINGS_FILE


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """uk when the user's locale is Ukrainian (uk, uk_UA, Ukrainian_Ukraine), else en."""
    env = os.environ if environ is None else environ
    for name in LOCALE_VARIABLES:
        value = env.get(name, "")
        first = value.split(":")[0]
        if first and first not in ("C", "POSIX"):
            return _language_of(first)
    if environ is None:
        # Only when no variable names a language: the module costs a command about 1 ms.
        import locale

        found = locale.getlocale()[0]
        if found:
            return _language_of(found)
    return "en"


def _language_of(name: str) -> str:
    return "uk" if name.lower().startswith("uk") else "en"


def saved_language(folder: Path | None = None) -> str | None:
    """The language kept in the settings file, or None when there is no file, it cannot be
    read, or it names none of ours."""
    try:
        data = json.loads(settings_path(folder).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != SETTINGS_FORMAT:
        return None
    lang = data.get("lang")
    return lang if lang in LANGUAGES else None


def preferred_language(folder: Path | None = None) -> str:
    """The language typed on the command line (inside `typed`), else the one the person
    chose in the window, else the system's (for the commands' messages)."""
    return _typed or saved_language(folder) or system_language()

"""Text catalogues (assets/text/*.json): the words the game shows, by language.

Ukrainian first, English second. Money is shown as a whole number in groups of three,
`150 000`, and no currency sign (the rulebook has none). The groups are joined by a
no-break space, so an amount never breaks across lines.
"""
from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

LANGUAGES = ("uk", "en")


@cache
def catalogue(lang: str) -> dict[str, Any]:
    if lang not in LANGUAGES:
        raise ValueError(f"no text catalogue for language {lang!r}")
    text = (resources.files("zemlevlasnyk.assets") / "text" / f"{lang}.json").read_text("utf-8")
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("ui"), dict):
        raise ValueError(f"the {lang} text catalogue is not an object with a \"ui\" part")
    return data


def ui_words(lang: str) -> dict[str, Any]:
    """The window's part of the catalogue."""
    words: dict[str, Any] = catalogue(lang)["ui"]
    return words


# Between the groups of an amount: a space that never breaks a line.
GROUP_SEPARATOR = "\u00a0"


def money(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    return sign + f"{abs(amount):,}".replace(",", GROUP_SEPARATOR)

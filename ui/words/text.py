"""Text catalogues (assets/text/*.json): the words the game shows, by language.

Ukrainian first, English second. Money is shown as a whole number in groups of three,
`150 000`, and no currency sign (the rulebook has none). The groups are joined by a
no-break space, so an amount never breaks across lines.

A catalogue entry is a string with `{named}` fields, or a set of forms:
- plural forms, chosen by a count: `{"one", "few", "many"}` in Ukrainian (1 картка,
  2 картки, 5 карток; CLDR's rules for whole numbers), `{"one", "other"}` in English;
- gender forms, chosen by the grammatical gender of whom the sentence is about:
  `{"f", "m", "x"}`, where `x` is worded so that it needs no gender (used when it is not
  known: another person at a friends table who did not say).
`form` picks the one to use; `Say` keeps a text to be worded later, in whatever language
the window shows by then.
"""
from __future__ import annotations

import errno
import json
import pkgutil
from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any, NamedTuple, TypeAlias

LANGUAGES = ("uk", "en")
PLURAL_FORMS = {"uk": ("one", "few", "many"), "en": ("one", "other")}
GENDER_FORMS = ("f", "m", "x")
# The form used when the gender is not known.
NO_GENDER = "x"

# A part of a text catalogue: its texts by key, its nested parts, a text's plural or gender
# forms. The window reads it by literal keys in hundreds of places, and its shape is the
# catalogues' own, held alike in both languages by tests/ui/words/test_text_catalogues.py;
# so it is typed here once, as the JSON it is read from, and no further.
Words: TypeAlias = dict[str, Any]
# One entry: a text, or its forms (plural forms inside gender forms, at most).
Entry: TypeAlias = "str | Mapping[str, Entry]"


@cache
def catalogue(lang: str) -> Words:
    if lang not in LANGUAGES:
        raise ValueError(f"no text catalogue for language {lang!r}")
    # Through the package's loader (pkgutil), not importlib.resources, which costs every
    # command about 10 ms to import.
    raw = pkgutil.get_data("zemlevlasnyk.assets", f"text/{lang}.json")
    if raw is None:
        raise ValueError(f"the {lang} text catalogue cannot be read from the package")
    data = json.loads(raw.decode("utf-8"))
    if not isinstance(data, dict) or not isinstance(data.get("ui"), dict):
        raise ValueError(f"the {lang} text catalogue is not an object with a \"ui\" part")
    return data


def ui_words(lang: str) -> Words:
    """The window's part of the catalogue."""
    words: Words = catalogue(lang)["ui"]
    return words


def os_reason(exc: OSError, lang: str) -> str:
    """Why the system refused a file operation, in the player's words (an OS's own message
    is English whatever the language, and names C functions nobody asked about)."""
    words: dict[str, str] = catalogue(lang)["commands"]["os_errors"]
    # An address that is no address nor a known name (socket.gaierror): its errno is the
    # resolver's (EAI_*), not the system's, so it is told by its type.
    if type(exc).__name__ == "gaierror":
        return words["gaierror"]
    name = errno.errorcode.get(exc.errno or 0, "")
    if name in words:
        return words[name]
    return words["other"].format(name=name or type(exc).__name__)


# Between the groups of an amount: a space that never breaks a line.
GROUP_SEPARATOR = "\u00a0"


def money(amount: int) -> str:
    sign = "-" if amount < 0 else ""
    return sign + f"{abs(amount):,}".replace(",", GROUP_SEPARATOR)


def plural_category(lang: str, n: int) -> str:
    """The plural form a whole number takes (CLDR rules)."""
    if lang == "uk":
        last, last_two = abs(n) % 10, abs(n) % 100
        if last == 1 and last_two != 11:
            return "one"
        if 2 <= last <= 4 and not 12 <= last_two <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "other"


def is_plural(entry: object) -> bool:
    return isinstance(entry, dict) and bool(entry) and set(entry) <= {"one", "few", "many", "other"}


def is_gendered(entry: object) -> bool:
    return isinstance(entry, dict) and set(entry) == set(GENDER_FORMS)


def form(lang: str, entry: Entry, *, n: int | None = None, gender: str | None = None) -> str:
    """The wording of a catalogue entry for a count `n` and a gender (see the module
    docstring); a plain string is itself."""
    if isinstance(entry, str):
        return entry
    if is_gendered(entry):
        chosen = entry[gender if gender in GENDER_FORMS else NO_GENDER]
        return form(lang, chosen, n=n, gender=gender)
    if is_plural(entry):
        if n is None:
            raise ValueError("a plural entry needs a count")
        category = plural_category(lang, n)
        return str(entry.get(category, entry.get("many", entry.get("other", ""))))
    raise ValueError(f"not a text entry: {entry!r}")


# The fields of a text that has none: one shared mapping, which nobody can change.
NO_FIELDS: Mapping[str, object] = MappingProxyType({})


class Say(NamedTuple):
    """A text to be worded when shown: the catalogue entry at `path` under "ui"
    (dot-separated), its fields (which may be `Say`s themselves), a count for plural
    forms and a gender for gender forms. Kept instead of a finished string wherever the
    language may change before it is shown (messages, the feed). A named tuple rather than
    a dataclass: the commands import this module, and `dataclasses` costs them about 9 ms
    (tests/ui/cli/test_cli_imports.py)."""

    path: str
    fields: Mapping[str, object] = NO_FIELDS
    n: int | None = None
    gender: str | None = None

    def text(self, lang: str) -> str:
        entry: Entry = ui_words(lang)
        for key in self.path.split("."):
            if not isinstance(entry, Mapping):
                raise KeyError(f"{self.path}: {key} is below a text")
            entry = entry[key]
        values = {k: v.text(lang) if isinstance(v, Say) else v for k, v in self.fields.items()}
        if self.n is not None:
            values.setdefault("n", self.n)
        return form(lang, entry, n=self.n, gender=self.gender).format(**values)

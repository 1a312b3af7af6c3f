"""What a name at a table may be, and how names that look alike are told apart (issue 20).

**The name rules.** A name is what `p2p.core.identity.clean_name` leaves of one: 1 to
`MAX_NAME` printable characters (no control character, no escape, no bell, no carriage
return, no bidirectional override such as U+202E), no space at either end. The host
cleans every live name that way; a signed record whose names break the rules is the
host's fault (`p2p.core.records`), and text that reaches a person from elsewhere is cleaned
with `printable` before it is shown.

**Look-alikes.** Two names can differ in their letters and look the same: a Latin «O»
against a Cyrillic «О» or a Greek «Ο», a «0» for an «O», an «I» for an «l». `skeleton`
folds each such letter onto one representative (the pairs drawn alike in the fonts a table
is shown in; after Unicode's NFKC, which folds full-width and other compatibility forms),
so that names with equal skeletons look alike; `mixes_scripts` tells a name whose letters
come from more than one alphabet, the usual sign of a name made to pass for another.
"""
from __future__ import annotations

import unicodedata

from zemlevlasnyk.p2p.core.identity import MAX_NAME, clean_name

# Letters of other alphabets drawn like a Latin letter (or digit) in a sans-serif font,
# each folded onto it; and the Latin letters and digits drawn like each other (UTS #39's
# confusables, narrowed to the alphabets players here write their names in).
_ALIKE = {
    # Cyrillic, capital
    "А": "A", "В": "B", "Е": "E", "К": "K", "М": "M", "Н": "H", "О": "O", "Р": "P", "С": "C", "Т": "T",
    "У": "Y", "Х": "X", "І": "l", "Ј": "J", "Ѕ": "S", "Ԁ": "D", "Ԛ": "Q", "Ԝ": "W", "Ү": "Y", "Һ": "h",
    # Cyrillic, small
    "а": "a", "е": "e", "о": "o", "р": "p", "с": "c", "у": "y", "х": "x", "і": "i", "ј": "j", "ѕ": "s",
    "ԁ": "d", "ԛ": "q", "ԝ": "w", "һ": "h", "ү": "y", "ӏ": "l", "Ӏ": "l",
    # Greek, capital and small
    "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "l", "Κ": "K", "Μ": "M", "Ν": "N", "Ο": "O",
    "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "ο": "o", "ν": "v", "ρ": "p", "ι": "i",
    # Latin and digits drawn alike
    "0": "O", "I": "l", "1": "l", "|": "l",
}
_FOLD = str.maketrans(_ALIKE)
# The alphabets told apart by `mixes_scripts`: the first word of a letter's Unicode name.
_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK")


def follows_name_rules(name: str) -> bool:
    """Whether `name` is a name a table may show as it is (see the module docstring)."""
    return 0 < len(name) <= MAX_NAME and clean_name(name) == name


def printable(text: str) -> str:
    """`text` without the characters that are not shown but act (controls, escapes, a bell,
    a carriage return, bidirectional overrides, zero-width marks)."""
    return "".join(ch for ch in text if ch.isprintable())


def skeleton(name: str) -> str:
    """What `name` looks like: equal skeletons, names a person cannot tell apart by eye."""
    folded = unicodedata.normalize("NFKC", printable(name)).translate(_FOLD)
    return " ".join(folded.split())


def looks_alike(one: str, other: str) -> bool:
    """Two names that look the same (spelled the same, or with look-alike letters)."""
    return skeleton(one) == skeleton(other)


def mixes_scripts(name: str) -> bool:
    """Whether the letters of `name` come from more than one alphabet (Latin, Cyrillic,
    Greek): «Оlena» with a Cyrillic «О»."""
    scripts = {unicodedata.name(ch, "").split(" ", 1)[0] for ch in name if ch.isalpha()}
    return len(scripts & set(_SCRIPTS)) > 1

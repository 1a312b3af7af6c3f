"""Where a long word may be broken across lines: a rough syllable rule for Ukrainian and
English names (between two consonants, after a vowel before a consonant-vowel, between two
Cyrillic vowels), never leaving fewer than two letters on a line, never before ь or an apostrophe.
"""
from __future__ import annotations

VOWELS = frozenset("аеєиіїоуюяАЕЄИІЇОУЮЯaeiouyAEIOUY")
# Signs that belong to the letter before them: a line never starts with one.
CLINGING = frozenset("ьЬ'’ʼ-")
MIN_PART = 2
# English letter pairs that sound as one (never split "th" in "Lighthouse"), and pairs
# that begin a syllable together ("wr" in "Shipwrights").
DIGRAPHS = frozenset({"ch", "gh", "ph", "sh", "th", "wh", "ck", "ng", "wr"})
# English letters that end a syllable together: the break comes after them, even before a
# digraph ("Light-house", not "Ligh-thouse").
CODAS = ("ght",)


def _has_vowel(part: str) -> bool:
    return any(ch in VOWELS for ch in part)


def break_points(word: str) -> list[int]:
    """Indices `i` where `word[:i] + "-"` / `word[i:]` reads well, in order. A compound
    («Фітнес-клуб», "Guelder-Rose") breaks at its own hyphen or inside a part by that part's
    syllables: «Фітнес-к-луб» split «клуб» as if «Фітнес-к» were its syllable."""
    parts = word.split("-")
    if len(parts) == 1:
        return _part_points(word)
    points: list[int] = []
    start = 0
    for n, part in enumerate(parts):
        points.extend(start + i for i in _part_points(part))
        start += len(part) + 1
        if n < len(parts) - 1 and MIN_PART <= start <= len(word) - MIN_PART:
            points.append(start)        # just after the word's own hyphen
    return points


def _part_points(word: str) -> list[int]:
    points = []
    for i in range(MIN_PART, len(word) - MIN_PART + 1):
        before, after = word[i - 1], word[i]
        tail = word[i:]
        if word.isascii() and tail.lower().endswith("e"):
            tail = tail[:-1]  # a silent final e makes no syllable ("Lighthou-se")
        if after in CLINGING or not (_has_vowel(word[:i]) and _has_vowel(tail)):
            continue
        following = word[i + 1] if i + 1 < len(word) else ""
        ascii_word = word.isascii()
        if ascii_word and any(word[i - k:i + len(c) - k].lower() == c for c in CODAS for k in range(1, len(c))):
            continue    # inside a coda
        after_coda = ascii_word and any(word[:i].lower().endswith(c) for c in CODAS)
        if before in "'’ʼ" or ((before + after).lower() in DIGRAPHS and not after_coda):
            continue
        v_before, v_after = before in VOWELS, after in VOWELS
        between_vowels = v_before and v_after and not before.isascii()
        before_open_syllable = v_before and not v_after and following in VOWELS
        if between_vowels or before_open_syllable or not (v_before or v_after):
            points.append(i)
    return points

"""The name rules and look-alike names (p2p/core/names.py, issue 20 item 3)."""
from __future__ import annotations

import pytest

from zemlevlasnyk.p2p.core.names import follows_name_rules, looks_alike, mixes_scripts, printable, skeleton

HOSTILE = ["Anna\x1b[2J", "Bell\x07", "Ca\rrriage", "Olena\u202eelbat", "Zero\u200bwidth", " Spaced", "Tab\tbed",
           "", "x" * 25, "Line\nbreak", "Esc\x1b]0;title\x07"]


@pytest.mark.parametrize("name", ["Anna", "Олена", "Taras's table", "Марія-Анна", "x" * 24, "Ωmega 2"])
def test_names_following_the_rules_are_kept_as_they_are(name: str) -> None:
    assert follows_name_rules(name)
    assert printable(name) == name


@pytest.mark.parametrize("name", HOSTILE)
def test_names_with_escapes_bells_returns_overrides_or_bad_lengths_break_the_rules(name: str) -> None:
    assert not follows_name_rules(name)


@pytest.mark.parametrize("name", HOSTILE)
def test_printable_text_holds_nothing_a_terminal_acts_on(name: str) -> None:
    shown = printable(name)
    assert all(ch.isprintable() for ch in shown)
    assert not {"\x1b", "\x07", "\r", "\n", "\u202e", "\u200b"} & set(shown)


@pytest.mark.parametrize(("one", "other"), [
    ("Olena", "Оlena"),           # Cyrillic capital О
    ("Olena", "Olеna"),           # Cyrillic small е
    ("Anna", "Αnna"),             # Greek capital Alpha
    ("Bill", "BiII"),             # Latin capital I for small l
    ("Room 101", "Room lOl"),     # digits for letters
    ("Taras table", "Taras  table"),
    ("Ｔaras", "Taras"),          # a full-width letter
    ("Іра", "Ірa"),               # Cyrillic and Latin «а»
])
def test_names_that_differ_only_by_look_alike_letters_look_alike(one: str, other: str) -> None:
    assert one != other and looks_alike(one, other) and skeleton(one) == skeleton(other)


@pytest.mark.parametrize(("one", "other"), [("Olena", "Olga"), ("Anna", "Hanna"), ("Олена", "Олеся"),
                                            ("Taras", "taras2")])
def test_names_that_look_different_are_not_look_alikes(one: str, other: str) -> None:
    assert not looks_alike(one, other)


def test_a_name_mixing_alphabets_is_told() -> None:
    assert mixes_scripts("Оlena")            # Cyrillic О, Latin lena
    assert mixes_scripts("Taraс")            # Latin Tara, Cyrillic с
    assert not mixes_scripts("Olena") and not mixes_scripts("Олена") and not mixes_scripts("Anna 2")

"""Tables whose names differ only by look-alike letters (issue 20, item 3) are told apart
where a person chooses one: joining by name never lands on a table that only looks like the
name asked for, names that look alike ask for the key, and `tables` marks them."""
from __future__ import annotations

from dataclasses import replace

import pytest

from zemlevlasnyk.p2p.lan.discovery import AdvertPhase, TableAdvert, TableChoiceError, look_alikes, select_table
from zemlevlasnyk.ui.cli.tables import MARK, format_tables
from zemlevlasnyk.ui.words.problems import worded
from zemlevlasnyk.ui.words.text import catalogue

REAL = TableAdvert(protocol=1, table_id="0123456789abcdef", table_name="Olena's table", host_name="Olena",
                   seats_taken=1, seats_free=3, phase=AdvertPhase.LOBBY, clock=True, host_key=bytes(range(32)),
                   port=40001, addresses=("10.0.0.5",))
# The same name with a Cyrillic «О», from another laptop (another key).
FAKE = replace(REAL, table_id="fedcba9876543210", table_name="Оlena's table", host_name="Оlena",
               host_key=bytes(range(100, 132)), port=40002)
OTHER = replace(REAL, table_id="00000000000000aa", table_name="Friday", host_name="Taras",
                host_key=bytes(range(50, 82)))


def test_joining_by_name_with_a_look_alike_beside_it_asks_which_by_key() -> None:
    with pytest.raises(TableChoiceError) as caught:
        select_table([REAL, FAKE, OTHER], "Olena's table")
    assert caught.value.reason == "many_tables" and caught.value.params["n"] == 2
    choices = str(caught.value.params["choices"])
    assert REAL.fingerprint in choices and FAKE.fingerprint in choices
    assert select_table([REAL, FAKE], f"Olena's table#{REAL.fingerprint[:6]}") is REAL
    assert select_table([REAL, FAKE], f"Olena's table#{FAKE.fingerprint[:6]}") is FAKE


def test_a_table_that_only_looks_like_the_name_is_never_joined_by_the_name_alone() -> None:
    with pytest.raises(TableChoiceError) as caught:
        select_table([FAKE, OTHER], "Olena's table")
    assert caught.value.reason == "lookalike_table"
    for lang in ("uk", "en"):
        said = worded(caught.value, lang)
        assert "Оlena's table" in said and f"Оlena's table#{FAKE.fingerprint}" in said
    assert select_table([FAKE], f"Оlena's table#{FAKE.fingerprint}") is FAKE
    assert select_table([FAKE, OTHER], FAKE.code) is FAKE, "its code names it"
    assert select_table([REAL, OTHER], "Olena's table") is REAL, "the name spelled as it is still joins"


def test_look_alike_and_mixed_alphabet_names_are_marked() -> None:
    assert look_alikes([REAL, FAKE, OTHER]) == {REAL.table_id, FAKE.table_id}
    assert look_alikes([REAL, OTHER]) == set()
    assert look_alikes([FAKE, OTHER]) == {FAKE.table_id}, "a name mixing alphabets, alone"


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_tables_marks_look_alikes_and_says_why(lang: str) -> None:
    lines = format_tables([REAL, FAKE, OTHER], lang).splitlines()
    marked = [line for line in lines[:-1] if line.startswith(MARK)]
    assert len(marked) == 2 and all(t.fingerprint in " ".join(marked) for t in (REAL, FAKE))
    assert lines[-1] == catalogue(lang)["commands"]["tables"]["marked"]
    assert catalogue(lang)["commands"]["tables"]["marked"] not in format_tables([REAL, OTHER], lang)


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_a_name_or_code_not_found_says_tables_elsewhere_are_joined_by_link(lang: str) -> None:
    with pytest.raises(TableChoiceError) as caught:
        select_table([OTHER], "Nobody's")
    said = worded(caught.value, lang)
    assert ("посилання" if lang == "uk" else "link") in said and "VPN" in said

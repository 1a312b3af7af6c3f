"""Why a player goes to jail, told in the preset's own names: a «Ярмарок» game's feed said
«іде до в'язниці (картка Фортуни)» after a «Новини» card (Фортуна is Землевласник's deck),
and «Казка»'s would have named «До в'язниці» for its «До Тюремної вежі»."""
from __future__ import annotations

import pytest

from zemlevlasnyk.engine import load_preset
from zemlevlasnyk.engine.events import SentToJail
from zemlevlasnyk.ui.words.narrate import narrate


@pytest.mark.parametrize(("preset", "lang", "reason", "told"), [
    ("zemlevlasnyk", "uk", "card", "Оля іде до в'язниці (картка Фортуни)"),
    ("zemlevlasnyk", "en", "card", "Olya goes to jail (a Fortune card)"),
    ("yarmarok", "uk", "card", "Оля іде до в'язниці (за карткою)"),
    ("klasyka", "en", "card", "Olya goes to jail (by a card)"),
    ("kazka", "uk", "go_to_jail_cell", "Оля іде до в'язниці (клітинка «До Тюремної вежі»)"),
    ("kazka", "en", "jail_cell", "Olya goes to jail (the Prison Tower square)"),
    ("zemlevlasnyk", "uk", "go_to_jail_cell", "Оля іде до в'язниці (клітинка «До в'язниці»)"),
    ("yarmarok", "uk", "go_to_jail_cell", "Оля іде до в'язниці (поле «В'язниця»)"),
    ("klasyka", "uk", "three_doubles", "Оля іде до в'язниці (три дублі поспіль)"),
])
def test_narrate_jail_reasons_name_the_presets_own_squares_and_decks(preset: str, lang: str, reason: str,
                                                                      told: str) -> None:
    name = "Оля" if lang == "uk" else "Olya"
    assert narrate(load_preset(preset), SentToJail(0, reason), lang, [name]) == told

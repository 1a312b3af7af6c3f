"""Казка's events told in the feed, in both languages (ui/words/narrate.py): a kept card kept,
used (with its target, cell or potion), returned; a payment due and cancelled; a building
burnt; a potion's effect begun, its die thrown, its end. Every line is whole (no field left
unfilled) for every event of random games, and the names of the card, the players and the
cells are the catalogue's."""
from __future__ import annotations

import pytest

from zemlevlasnyk.engine import Event, load_rules
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.engine.events import (
    BuildingBurnt,
    CardKept,
    CardReturned,
    CardUsed,
    EffectEnded,
    EffectStarted,
    EffectThrown,
    PaymentCancelled,
    PaymentDue,
)
from zemlevlasnyk.ui.words.narrate import narrate

RULES = load_rules("kazka")
NAMES = ["Олена", "Богдан", "Ірина"]
GENDERS = ["f", "m", None]
NEW = (CardUsed, PaymentDue, PaymentCancelled, BuildingBurnt, EffectStarted, EffectThrown, EffectEnded,
       CardKept, CardReturned)


@pytest.mark.parametrize(("event", "uk", "en"), [
    (CardUsed(0, "obj_potion", 1, None, "merry"), "Олена використовує картку «Зілля знахарки»: Зілля-веселощі, "
     "ціль — Богдан", "Олена uses “Wise Woman's Potion”: Merry Potion, on Богдан"),
    (CardUsed(1, "obj_ship", None, 20, None), "Богдан використовує картку «Летючий корабель» → «Обери персонажа»",
     "Богдан uses “Flying Ship” → Choose a Character"),
    (CardUsed(2, "char_cat", None, None, None), "Ірина використовує картку «Пан Коцький»",
     "Ірина uses “Lord Kotsky”"),
    (PaymentCancelled(0, 1, 600, "rent"), "Олена не сплачує 600 (оренда, отримувач: Богдан): платіж скасовано "
     "карткою", "Олена does not pay Богдан 600 (rent): a card cancels it"),
    (BuildingBurnt(2, 0, 39, 4), "Ірина спалює готель на «Царська скарбниця»: лишається чотири будинки "
     "(власник: Олена)", "Ірина burns the hotel on Royal Treasury: four houses are left (owner: Олена)"),
    (EffectThrown("stare", 0, 1, 2, True), "Богдан відводить погляд (на кубику 2)",
     "Богдан looks away (the die shows 2)"),
    (EffectEnded("extra_turn", 2, 2, "done"), "Ірина ходить ще раз", "Ірина takes another turn"),
    (CardKept(1, "char_fox"), "Богдан зберігає картку «Лисичка-сестричка»", "Богдан keeps “Sister Fox”"),
    (CardReturned("char_fox"), "«Лисичка-сестричка» повертається в колоду «Персонаж»",
     "“Sister Fox” goes back to its deck (Character)"),
])
def test_narrate_kazka_lines(event: Event, uk: str, en: str) -> None:
    assert narrate(RULES, event, "uk", NAMES, GENDERS) == uk
    assert narrate(RULES, event, "en", NAMES, GENDERS) == en


def test_narrate_kazka_a_stare_thrown_is_its_end() -> None:
    assert narrate(RULES, EffectEnded("stare", 0, 1, "done"), "uk", NAMES, GENDERS) is None


def test_narrate_kazka_every_event_of_random_games_is_whole() -> None:
    seen: set[str] = set()

    def tell(game: object, action: object, events: list[Event]) -> None:
        for e in events:
            if not isinstance(e, NEW):
                continue
            for lang in ("uk", "en"):
                line = narrate(RULES, e, lang, NAMES, GENDERS)
                if line is None:
                    assert isinstance(e, EffectEnded) and e.kind == "stare"
                    continue
                assert "{" not in line and "}" not in line, line
            seen.add(e.TYPE)

    for seed in range(8):
        play_match(RULES, ["random"] * 3, seed, 300, observer=tell)
    assert seen >= {"card_used", "payment_due", "payment_cancelled", "effect_started", "effect_thrown",
                    "effect_ended", "card_kept", "card_returned"}, seen

"""An offer's reason in words, in both languages (issue 25): «Мені бракує «Садова», щоб
зібрати Блакитну групу» / "I need Garden Street to complete the Light blue group"."""
from __future__ import annotations

import pytest

from zemlevlasnyk.engine import Game, ProposeTrade, load_rules
from zemlevlasnyk.engine.bots.reasons import STATIONS, UTILITIES, OfferReason, ReasonKind
from zemlevlasnyk.ui.words.offers import offer_reason, reason_words
from zemlevlasnyk.ui.words.text import LANGUAGES

RULES = load_rules("zemlevlasnyk")
GARDEN = 6     # «Садова» / Garden Street, of the light blue group (6, 8, 9)


def test_offer_reason_completes_a_group_in_both_languages() -> None:
    g = Game.new(RULES, 2, first=0)
    g.owner[8] = g.owner[9] = 0
    g.owner[GARDEN] = 1
    offer = ProposeTrade(0, 1, (), (GARDEN,), 20_000)
    assert offer_reason(g, offer, "uk") == "Мені бракує «Садова», щоб зібрати Блакитну групу."
    assert offer_reason(g, offer, "en") == "I need Garden Street to complete the Light blue group."


def test_offer_reason_of_a_swap_names_both_groups() -> None:
    reason = OfferReason(ReasonKind.SWAP, (19,), "orange", (37, 39), "dark_blue")
    assert reason_words(RULES, reason, "uk") == (
        "Мені бракує «Канатна», щоб зібрати Помаранчеву групу, а вам — «Півколо садів» і "
        "«Маякова коса», щоб зібрати Синю групу.")
    assert reason_words(RULES, reason, "en") == (
        "I need Rope Walk to complete the Orange group, and you need Garden Crescent and "
        "Lighthouse Spit to complete the Dark blue group.")


@pytest.mark.parametrize("preset", ["zemlevlasnyk", "klasyka"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_reason_reads_as_a_sentence(preset: str, lang: str) -> None:
    """Every kind, with one deed and with several, on every group: a whole sentence with
    every field filled and every name in it."""
    rules = load_rules(preset)
    for gid, cells in rules.group_cells.items():
        for kind in (ReasonKind.COMPLETE, ReasonKind.YOURS, ReasonKind.CLOSER, ReasonKind.BLOCK, ReasonKind.OTHER):
            for some in (cells[:1], cells[:2]):
                text = reason_words(rules, OfferReason(kind, some, gid), lang)
                assert "{" not in text and text.endswith(".") and text[0].isupper(), text
        text = reason_words(rules, OfferReason(ReasonKind.SWAP, cells[:1], gid, cells[1:], gid), lang)
        assert "{" not in text, text
    for group, cells in ((STATIONS, rules.stations), (UTILITIES, rules.utilities)):
        text = reason_words(rules, OfferReason(ReasonKind.SET, cells[:2], group), lang)
        assert "{" not in text and text.endswith("."), text
    assert reason_words(rules, OfferReason(ReasonKind.CASH, rules.stations[:1]), lang).endswith(".")


def test_ukrainian_names_a_group_in_the_accusative() -> None:
    words = {gid: reason_words(RULES, OfferReason(ReasonKind.COMPLETE, cells[:1], gid), "uk")
             for gid, cells in RULES.group_cells.items()}
    assert words["green"].endswith("щоб зібрати Зелену групу.")
    assert words["dark_blue"].endswith("щоб зібрати Синю групу.")
    assert words["brown"].endswith("щоб зібрати Коричневу групу.")

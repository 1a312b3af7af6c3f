"""No text leaves its box or lies on another, and money never breaks across lines."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pygame
from ui_helpers import init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import load_preset
from zemlevlasnyk.ui.fonts import Face
from zemlevlasnyk.ui.narrate import card_text
from zemlevlasnyk.ui.text import LANGUAGES, catalogue, money
from zemlevlasnyk.ui.widgets import text_width, wrap

# Digits, a plain space, three digits: an amount that could break across two lines.
BREAKABLE_AMOUNT = re.compile(r"\d \d{3}(?!\d)")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_ui_money_never_breaks() -> None:
    init_pygame()
    assert " " not in money(1_234_567) and money(1_234_567) == "1\u00a0234\u00a0567"
    line = f"за {money(22_000)}"
    # Narrower than the whole line: the words break, the amount does not.
    lines = wrap(line, 14, text_width(money(22_000), 14, Face.REGULAR) + 2)
    assert lines == ["за", money(22_000)]


def test_ui_catalogues_write_amounts_unbreakably() -> None:
    for lang in LANGUAGES:
        for text in _strings(catalogue(lang)):
            assert not BREAKABLE_AMOUNT.search(text), (lang, text)


def test_ui_card_texts_are_shown_with_unbreakable_amounts() -> None:
    rules = load_preset()
    for card in rules.cards:
        for lang in LANGUAGES:
            assert not BREAKABLE_AMOUNT.search(card_text(rules, card.id, lang)), card.id


def test_ui_audit_sees_a_text_out_of_its_box() -> None:
    from zemlevlasnyk.ui.text_audit import auditing
    from zemlevlasnyk.ui.widgets import draw_text
    surface = init_pygame()
    with auditing() as audit:
        draw_text(surface, "Годинникова площа (закладена)", (10, 10), 17, box=pygame.Rect(10, 10, 120, 30))
        draw_text(surface, "Млинська", (10, 60), 17, box=pygame.Rect(0, 50, 200, 40))
        draw_text(surface, "Кожум'яки", (20, 62), 17, box=pygame.Rect(0, 50, 200, 40))
    assert [t.text for t in audit.outside_box()] == ["Годинникова площа (закладена)"]
    assert [(a.text, b.text) for a, b in audit.overlapping()] == [("Млинська", "Кожум'яки")]

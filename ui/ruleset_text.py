"""A ruleset's own words in the reader's language: cell, card, deck and preset names, and the
house-rule options.

A preset's data holds its names in Ukrainian (some presets in English too); other languages
come from the text catalogue's `rulesets.<preset>` section, so a translator edits the
catalogue, not the rules. The same section may give a cell a short name (`short`), which
the board prints where the whole name does not fit beside its price (a small window). The
options' names and meanings are `rule_options.<name>`, the presets' `presets.<name>`.
"""
from __future__ import annotations

from typing import Any

from zemlevlasnyk.engine import OptionSpec, Ruleset

from .text import catalogue


def _own(rules: Ruleset, lang: str) -> dict[str, Any]:
    words: dict[str, Any] = catalogue(lang).get("rulesets", {}).get(rules.preset, {})
    return words


def cell_name(rules: Ruleset, cell: int, lang: str) -> str:
    name = _own(rules, lang).get("cells", {}).get(str(cell))
    return str(name) if name else rules.cell_name(cell, lang)


def short_cell_name(rules: Ruleset, cell: int, lang: str) -> str | None:
    """The catalogue's short form of a cell's name for a small board, if it has one."""
    name = _own(rules, lang).get("short", {}).get(str(cell))
    return str(name) if name else None


def card_words(rules: Ruleset, card_id: str, lang: str) -> str:
    text = _own(rules, lang).get("cards", {}).get(card_id)
    if text:
        return str(text)
    card = rules.cards[rules.card_index[card_id]]
    return card.text.get(lang) or next(iter(card.text.values()))


def deck_name(rules: Ruleset, deck: str, lang: str) -> str:
    """The name of a card deck ("" for a ruleset's only, unnamed deck)."""
    if not deck:
        return ""
    name = _own(rules, lang).get("decks", {}).get(deck)
    if name:
        return str(name)
    names = rules.decks.get(deck, {})
    return names.get(lang) or next(iter(names.values()), deck)


def preset_name(preset: str, lang: str) -> str:
    return str(catalogue(lang)["presets"].get(preset, {}).get("name", preset))


def preset_help(preset: str, lang: str) -> str:
    return str(catalogue(lang)["presets"].get(preset, {}).get("help", ""))


def option_name(spec: OptionSpec, lang: str) -> str:
    return str(catalogue(lang)["rule_options"][spec.name]["name"])


def option_help(spec: OptionSpec, lang: str) -> str:
    return str(catalogue(lang)["rule_options"][spec.name]["help"])

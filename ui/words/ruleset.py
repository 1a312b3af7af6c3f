"""A ruleset's own words in the reader's language: cell, card, deck, casino figure, colour group
and preset names, and the house-rule options.

A preset's data holds its names in Ukrainian (some presets in English too); other languages
come from the text catalogue's `rulesets.<preset>` section, so a translator edits the
catalogue, not the rules. The same section may give a cell a short name (`short`), which
the board prints where the whole name does not fit beside its price (a small window). The
options' names and meanings are `rule_options.<name>`, the presets' `presets.<name>`.
"""
from __future__ import annotations

from zemlevlasnyk.engine import OptionSpec, Ruleset, refused_option_reasons
from zemlevlasnyk.ui.words.text import Words, catalogue


def _own(rules: Ruleset, lang: str) -> Words:
    words: Words = catalogue(lang).get("rulesets", {}).get(rules.preset, {})
    return words


def cell_name(rules: Ruleset, cell: int, lang: str) -> str:
    name = _own(rules, lang).get("cells", {}).get(str(cell))
    return str(name) if name else rules.cell_name(cell, lang)


def group_name(rules: Ruleset, group: str, lang: str) -> str:
    """A colour group's name (its adjective in the data, «Зелена» / "Green")."""
    name = _own(rules, lang).get("groups", {}).get(group)
    if name:
        return str(name)
    names: dict[str, str] = rules.groups[group]["name"]
    return names.get(lang) or next(iter(names.values()))


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


def card_name(rules: Ruleset, card_id: str, lang: str) -> str:
    """A kept card's short name (a character's, an object's: `name` in the data, the
    catalogue's `card_names`); a card without one is named by its text."""
    name = _own(rules, lang).get("card_names", {}).get(card_id)
    if name:
        return str(name)
    card = rules.cards[rules.card_index[card_id]]
    if card.name:
        return card.name.get(lang) or next(iter(card.name.values()))
    return card_words(rules, card_id, lang)


def choice_name(rules: Ruleset, card_id: str, choice: str, lang: str) -> str:
    """The short name of one of the effects a `choose` card offers (a potion)."""
    return _choice(rules, card_id, choice, lang, "choice_names")


def choice_words(rules: Ruleset, card_id: str, choice: str, lang: str) -> str:
    """The text of one of the effects a `choose` card offers."""
    return _choice(rules, card_id, choice, lang, "choices")


def _choice(rules: Ruleset, card_id: str, choice: str, lang: str, section: str) -> str:
    words = _own(rules, lang).get(section, {}).get(f"{card_id}:{choice}")
    if words:
        return str(words)
    card = rules.cards[rules.card_index[card_id]]
    found = next(c for c in card.choices if c.id == choice)
    names = found.name if section == "choice_names" else found.text
    return names.get(lang) or next(iter(names.values()))


def deck_name(rules: Ruleset, deck: str, lang: str) -> str:
    """The name of a card deck ("" for a ruleset's only, unnamed deck)."""
    if not deck:
        return ""
    name = _own(rules, lang).get("decks", {}).get(deck)
    if name:
        return str(name)
    names = rules.decks.get(deck, {})
    return names.get(lang) or next(iter(names.values()), deck)


def figure_name(rules: Ruleset, figure: int, lang: str) -> str:
    """The name of one of a casino's figures (seed 004), by its index in the rules' table."""
    names = _own(rules, lang).get("figures", [])
    if figure < len(names):
        return str(names[figure])
    assert rules.casino is not None, "a figure of a casino"
    own = rules.casino.names[figure]
    return own.get(lang) or next(iter(own.values()))


def branches(rules: Ruleset) -> bool:
    """Whether a street's buildings are branches and a central office, and a deed is sold to
    the bank instead of mortgaged (seed 004's «Ярмарок»): the words for building, selling and
    a debt follow."""
    return bool(rules.deed_sale_percent)


def kept_power(rules: Ruleset, card_id: str) -> bool:
    """A kept card that is not a release card (a character, an object, the contract, a
    certificate): told by its name, not as "the release card"."""
    card = rules.cards[rules.card_index[card_id]]
    return card.kept and card.effect != "release"


def preset_name(preset: str, lang: str) -> str:
    return str(catalogue(lang)["presets"].get(preset, {}).get("name", preset))


def preset_help(preset: str, lang: str) -> str:
    return str(catalogue(lang)["presets"].get(preset, {}).get("help", ""))


def refusal(preset: str, name: str, lang: str) -> str | None:
    """Why `preset` refuses the option `name`, in `lang` (the catalogue's
    `presets.<preset>.refused.<name>`, else the preset's data's own English reason); None
    when the preset does not refuse it."""
    why = refused_option_reasons(preset).get(name)
    if why is None:
        return None
    said = catalogue(lang)["presets"].get(preset, {}).get("refused", {}).get(name)
    return str(said) if said else why


def option_name(spec: OptionSpec, lang: str) -> str:
    return str(catalogue(lang)["rule_options"][spec.name]["name"])


def option_help(spec: OptionSpec, lang: str) -> str:
    return str(catalogue(lang)["rule_options"][spec.name]["help"])

"""An offer's reason in words: the one line a trade dialog shows under its title, from the
engine's structured reason (`engine.bots.reasons.explain_offer`, computed from the public
state by every window alike) and the catalogue's section `offer_reasons` (under `ui`).

Ukrainian names a group in the accusative («щоб зібрати Зелену групу»): the catalogue may
give a preset's group its own form (`rulesets.<preset>.group_accusative`); else a one-word
adjective name takes the regular ending (-а → -у, -я → -ю), and any other name is quoted
after the word for a group («групу «Казкові замки»»).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zemlevlasnyk.engine import Game, ProposeTrade, Ruleset, TradeOffer
from zemlevlasnyk.engine.bots.reasons import OfferReason, ReasonKind, explain_offer
from zemlevlasnyk.ui.words.ruleset import cell_name, group_name
from zemlevlasnyk.ui.words.text import catalogue

# The regular accusative of a one-word feminine adjective (the Ukrainian group names), and
# the languages that name a group so («зібрати Зелену групу»).
_ACCUSATIVE_ENDINGS = (("а", "у"), ("я", "ю"))
_DECLINING = frozenset({"uk"})


def offer_reason(game: Game, offer: TradeOffer | ProposeTrade, lang: str) -> str:
    """Why the offer makes sense to its proposer, in one line of `lang`."""
    return reason_words(game.rules, explain_offer(game, offer), lang)


def reason_words(rules: Ruleset, reason: OfferReason, lang: str) -> str:
    t: dict[str, Any] = catalogue(lang)["ui"]["offer_reasons"]
    kind = reason.kind
    fields = {"cells": _cells(rules, reason.cells, lang, t)}
    if kind in (ReasonKind.COMPLETE, ReasonKind.SWAP, ReasonKind.YOURS, ReasonKind.CLOSER, ReasonKind.BLOCK):
        fields["group"] = _group(rules, reason.group, lang, t)
    if kind is ReasonKind.SWAP:
        fields["their_cells"] = _cells(rules, reason.their_cells, lang, t)
        fields["their_group"] = _group(rules, reason.their_group, lang, t)
    if kind is ReasonKind.SET:
        fields["set"] = str(t["sets"][reason.group])
    key = kind.value
    if kind in (ReasonKind.CLOSER, ReasonKind.SET, ReasonKind.OTHER) and len(reason.cells) > 1:
        key += "_many"    # a verb that agrees with several deeds
    return str(t[key]).format(**fields)


def _cells(rules: Ruleset, cells: Sequence[int], lang: str, t: dict[str, Any]) -> str:
    quote = str(t["quote"])
    names = [quote.format(name=cell_name(rules, c, lang)) for c in cells]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + str(t["and"]) + names[-1]


def _group(rules: Ruleset, group: str, lang: str, t: dict[str, Any]) -> str:
    """The group as the catalogue's phrase for one names it (in the accusative where the
    language wants it)."""
    name = group_name(rules, group, lang)
    if lang not in _DECLINING:
        return str(t["group"]).format(name=name)
    own = catalogue(lang).get("rulesets", {}).get(rules.preset, {}).get("group_accusative", {}).get(group)
    form = str(own) if own else _accusative(name)
    if form is None:
        return str(t["group_quoted"]).format(name=name)
    return str(t["group"]).format(name=form)


def _accusative(name: str) -> str | None:
    """A one-word adjective's regular accusative, or None for any other name."""
    if " " in name:
        return None
    for ending, changed in _ACCUSATIVE_ENDINGS:
        if name.endswith(ending):
            return name[: -len(ending)] + changed
    return None

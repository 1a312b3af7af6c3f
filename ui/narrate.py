"""Engine events told in words, for logs, the table's feed and headless play."""
from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from zemlevlasnyk.engine import Ruleset

from .text import GROUP_SEPARATOR, catalogue, money

# An amount written in a ruleset's text with plain spaces between its groups ("20 000").
_AMOUNT_GROUP = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")

# Events that say nothing a reader needs: the token's resting place is already in `moved`.
SILENT = frozenset({"came_to_rest"})
# Payments that the next event tells better (a purchase is told by `bought`, and so on).
TOLD_ELSEWHERE = frozenset({"purchase", "auction", "building", "building_sold", "mortgage", "redeem"})


def narrate(rules: Ruleset, e: dict[str, Any], lang: str = "uk",
            names: Sequence[str] | None = None) -> str | None:
    """One line for one event, or None for events that are not worth a line."""
    kind = e["type"]
    if kind in SILENT or (kind == "paid" and e["reason"] in TOLD_ELSEWHERE):
        return None
    t = catalogue(lang)

    def who(seat: int | None) -> str:
        if seat is None:
            return str(t["bank"])
        if names is not None and seat < len(names):
            return names[seat]
        return str(t["player"].format(n=seat + 1))

    def cell(c: int) -> str:
        return rules.cell_name(c, lang)

    def reason(r: str) -> str:
        key = r.split(":", 1)[0]
        return str(t["reasons"].get(key, r))

    def cells(cs: list[int]) -> str:
        return ", ".join(f"«{cell(c)}»" if lang == "uk" else cell(c) for c in cs) or t["nothing"]

    f: dict[str, Any] = {}
    for key in ("seat", "debtor", "creditor", "to", "from"):
        if key in e and (isinstance(e[key], int) or e[key] is None) and kind not in ("moved",):
            f[{"from": "frm"}.get(key, key)] = who(e[key])
    for key in ("amount", "price", "refund"):
        if key in e:
            f[key] = money(e[key])
    if "cell" in e:
        f["cell"] = cell(e["cell"])
    template = kind
    if kind == "dice_rolled":
        f.update(d1=e["dice"][0], d2=e["dice"][1], double=t["double"] if e["double"] else "")
    elif kind == "moved":
        f.update(seat=who(e["seat"]), from_=cell(e["from"]), to=cell(e["to"]))
        if e["steps"] < 0:
            template = "moved_back"
    elif kind in ("paid", "debt"):
        f["reason"] = reason(e["reason"])
    elif kind == "card_drawn":
        f["card"] = card_text(rules, e["card"], lang)
    elif kind == "deck_reshuffled":
        f["cards"] = e["cards"]
    elif kind == "sent_to_jail":
        f["reason"] = t["jail_reasons"].get(e["reason"], e["reason"])
    elif kind == "left_jail":
        f["how"] = t["jail_how"].get(e["how"], e["how"]).format(fee=money(rules.jail_fee))
    elif kind == "jail_roll_failed":
        f["tries"] = e["tries"]
    elif kind in ("built", "building_sold"):
        f["buildings"] = e["buildings"]
    elif kind == "trade_proposed":
        m = e["money"]
        f.update(give=cells(e["give"]), take=cells(e["take"]),
                 money=t["money_to"].format(amount=money(m)) if m > 0
                 else t["money_from"].format(amount=money(-m)) if m < 0 else "")
    elif kind == "deed_transferred":
        f["mortgaged"] = t["still_mortgaged"] if e["mortgaged"] else ""
    elif kind == "turn_started":
        f["turn"] = e["turn"]
    if template not in t:
        return None
    return str(t[template].format(**f))


def card_text(rules: Ruleset, card_id: str, lang: str) -> str:
    """A Фортуна card's words, its amounts made unbreakable like every amount the game shows."""
    card = rules.cards[rules.card_index[card_id]]
    text = card.text.get(lang) or next(iter(card.text.values()))
    return _AMOUNT_GROUP.sub(GROUP_SEPARATOR, text)

"""The cards of moments, worded and drawn: a Фортуна card drawn, another player's
bankruptcy, a kept card's power used or a held card looked at (Казка); and the person's own
bankruptcy, told in full (owed what to whom, what could have been raised, what goes to
whom) until they close it. When each comes up and for how long is the playback's
(`ui.sessions.playback`), which also reads a bankruptcy's story from its events
(`BankruptcyReport`).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from zemlevlasnyk.engine import Ruleset
from zemlevlasnyk.engine.events import CardDrawn
from zemlevlasnyk.ui.kit import text_audit, theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import draw_text, fit, panel, wrap
from zemlevlasnyk.ui.sessions.playback import BankruptcyReport
from zemlevlasnyk.ui.words.narrate import card_text
from zemlevlasnyk.ui.words.ruleset import branches, card_name, cell_name, deck_name, kept_power
from zemlevlasnyk.ui.words.text import form, money

FORTUNE = pygame.Color("#e0a91c")
# A kept card's power (Казка), and a held card opened from its badge.
POWER = pygame.Color("#7b4fb0")


def _cells(rules: Ruleset, cells: Iterable[int], lang: str, mortgaged: str = "",
           marks: Sequence[bool] = ()) -> str:
    names = []
    for n, c in enumerate(cells):
        name = f"«{cell_name(rules, c, lang)}»" if lang == "uk" else cell_name(rules, c, lang)
        if n < len(marks) and marks[n]:
            name += f" {mortgaged}"
        names.append(name)
    return ", ".join(names)


def bankruptcy_words(report: BankruptcyReport, rules: Ruleset, names: Sequence[str], genders: Sequence[str | None],
                     t: dict[str, Any], words: dict[str, Any], lang: str, me: int) -> Words:
    """The title and lines that tell a bankruptcy; `words` is the whole catalogue (for the
    reasons of a debt), `genders` how each seat is spoken of."""
    b = t["bankruptcy"]
    mine = report.seat == me
    gender = genders[report.seat]
    title = form(lang, b["title_you"], gender=gender) if mine else \
        form(lang, b["title"], gender=gender).format(name=names[report.seat])
    creditor = t["bank"] if report.creditor is None else names[report.creditor]
    lines: list[str] = []
    if report.owed is None:
        lines.append(b["resigned_you"] if mine else b["resigned"].format(name=names[report.seat]))
    else:
        key = (report.reason or "").split(":", 1)[0]
        reason = words["reasons"].get(key, key)
        lines.append(b["owed"].format(amount=money(report.owed), reason=reason, creditor=creditor,
                                      raisable=money(report.raisable)))
    # «Ярмарок» sells branches and offices, and has no mortgages to clear.
    fair = branches(rules)
    if report.sold:
        lines.append(b["sold_sales" if fair else "sold"].format(amount=money(report.sold)))
    what: list[str] = []
    if report.cash:
        what.append(b["cash"].format(amount=money(report.cash)))
    if report.deeds:
        what.append(_cells(rules, (c for c, _ in report.deeds), lang, t["mortgaged_mark"],
                           [m for _, m in report.deeds]))
    if report.cards and report.creditor is not None:
        # A release card as ever; a kept power («Казка», «Ярмарок»'s certificate) by its name.
        powers = [c for c in report.card_ids if kept_power(rules, c)]
        if len(powers) < report.cards:
            what.append(b["card"])
        what.extend(words["trade_card"].format(card=card_name(rules, c, lang)) for c in powers)
    listed = ", ".join(what) or b["nothing"]
    if report.creditor is None:
        lines.append(b["to_bank"].format(what=listed))
        if report.returned:
            lines.append(b["returned_sales" if fair else "returned"].format(cells=_cells(rules, report.returned, lang)))
    else:
        lines.append(b["to_player"].format(name=creditor, what=listed))
    return title, lines, ""


# A card's words: its title, its lines, and a subtitle (may be empty).
Words = tuple[str, list[str], str]


def fortune_words(rules: Ruleset, event: CardDrawn, names: Sequence[str], t: dict[str, Any], lang: str,
                  me: int) -> Words:
    """A card drawn: its deck's name (Фортуна where the ruleset has one unnamed deck), its
    words, who drew it."""
    f = t["fortune"]
    who = f["you"] if event.seat == me else f["drawn_by"].format(name=names[event.seat])
    deck = deck_name(rules, rules.cards[rules.card_index[event.card]].deck, lang)
    return deck or str(f["title"]), [card_text(rules, event.card, lang)], str(who)


@dataclass(frozen=True)
class Shown:
    """A card as drawn; its words are made when drawn, so a language chosen meanwhile tells
    it again."""

    words: Callable[[], Words]
    accent: pygame.Color

    @property
    def title(self) -> str:
        return self.words()[0]

    @property
    def lines(self) -> list[str]:
        return self.words()[1]

    @property
    def subtitle(self) -> str:
        return self.words()[2]


def card_height(moment: Shown, width: int, sizes: Sizes) -> int:
    pad = sizes.px(16)
    body = sum(len(wrap(line, sizes.body, width - 2 * pad)) for line in moment.lines)
    return pad * 2 + sizes.heading + sizes.px(8) + (sizes.small + sizes.px(8) if moment.subtitle else 0) \
        + body * (sizes.body + sizes.px(6))


def draw_card(surface: pygame.Surface, rect: pygame.Rect, moment: Shown, sizes: Sizes) -> None:
    """A moment's card filling `rect`: a coloured head, then its lines."""
    panel(surface, rect, theme.CARD, radius=sizes.radius, shadow=True)
    text_audit.cover(surface, rect)
    pad = sizes.px(16)
    head = pygame.Rect(rect.left, rect.top, rect.width, sizes.heading + 2 * sizes.px(8))
    pygame.draw.rect(surface, moment.accent, head, border_top_left_radius=sizes.radius,
                     border_top_right_radius=sizes.radius)
    inner = rect.inflate(-2 * pad, 0)
    title_box = pygame.Rect(inner.left, head.top, inner.width, head.height)
    fitted = fit(moment.title, title_box.width, title_box.height, (sizes.heading, sizes.body, sizes.small), Face.BOLD)
    draw_text(surface, fitted.lines[0], title_box.center, fitted.size, theme.INK_ON_DARK, Face.BOLD, "center",
              box=title_box)
    y = head.bottom + sizes.px(8)
    if moment.subtitle:
        box = pygame.Rect(inner.left, y, inner.width, sizes.small + sizes.px(6))
        draw_text(surface, moment.subtitle, (box.centerx, y), sizes.small, theme.INK_SOFT, Face.BOLD, "midtop",
                  box=box)
        y += sizes.small + sizes.px(8)
    step = sizes.body + sizes.px(6)
    body = pygame.Rect(inner.left, y, inner.width, rect.bottom - y)
    for line in moment.lines:
        for piece in wrap(line, sizes.body, inner.width):
            draw_text(surface, piece, (rect.centerx, y), sizes.body, theme.INK, anchor="midtop", box=body)
            y += step

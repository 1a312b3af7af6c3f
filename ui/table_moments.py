"""Moments the table shows as a card for a while: a Фортуна card drawn, another player's
bankruptcy; and the person's own bankruptcy, told in full (owed what to whom, what could
have been raised, what goes to whom) until they close it.

A bankruptcy happens in one move (the engine sells and hands everything over at once), so
its story is read from the events that follow the `bankrupt` event, up to `eliminated`.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from zemlevlasnyk.engine import Event, Ruleset
from zemlevlasnyk.engine.events import (
    Bankrupt,
    CardDrawn,
    CardReturned,
    CardTransferred,
    DeedReturned,
    DeedTransferred,
    Eliminated,
    Paid,
)

from . import text_audit, theme
from .fonts import Face
from .narrate import card_text
from .ruleset_text import cell_name
from .text import form, money
from .theme import Sizes
from .widgets import draw_text, fit, panel, wrap

# How long a Фортуна card stays up, and how long the table waits before it moves on
# (the card stays while the token walks to where it sends it).
CARD_SECONDS = 3.0
CARD_HOLD = 1.2
# Another player's bankruptcy: long enough to read three lines.
BANKRUPT_SECONDS = 5.0
BANKRUPT_HOLD = 2.5
FORTUNE = pygame.Color("#e0a91c")


@dataclass(frozen=True)
class BankruptcyReport:
    seat: int
    creditor: int | None                 # None: the bank
    owed: int | None                     # None: resigned
    reason: str | None
    raisable: int
    cash: int = 0                        # cash handed to the creditor (or the bank)
    deeds: tuple[tuple[int, bool], ...] = ()   # (cell, mortgaged) handed to a player
    returned: tuple[int, ...] = ()       # deeds back to the bank
    cards: int = 0                       # release cards handed over or returned
    sold: int = 0                        # what the buildings fetched from the bank


def bankruptcy_report(bankrupt: Bankrupt, after: Iterable[Event]) -> BankruptcyReport:
    """The story of one bankruptcy: its `Bankrupt` event and the events after it."""
    seat = bankrupt.seat
    cash = sold = cards = 0
    deeds: list[tuple[int, bool]] = []
    returned: list[int] = []
    for e in after:
        if isinstance(e, Eliminated) and e.seat == seat:
            break
        if isinstance(e, Paid) and e.from_seat == seat and e.reason == "bankruptcy":
            cash += e.amount
        elif isinstance(e, Paid) and e.to_seat == seat and e.reason == "building_sold":
            sold += e.amount
        elif isinstance(e, DeedTransferred) and e.from_seat == seat:
            deeds.append((e.cell, e.mortgaged))
        elif isinstance(e, DeedReturned) and e.from_seat == seat:
            returned.append(e.cell)
        elif isinstance(e, (CardTransferred, CardReturned)):
            cards += 1
    return BankruptcyReport(seat, bankrupt.creditor, bankrupt.owed, bankrupt.reason, bankrupt.raisable, cash,
                            tuple(deeds), tuple(returned), cards, sold)


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
    if report.sold:
        lines.append(b["sold"].format(amount=money(report.sold)))
    what: list[str] = []
    if report.cash:
        what.append(b["cash"].format(amount=money(report.cash)))
    if report.deeds:
        what.append(_cells(rules, (c for c, _ in report.deeds), lang, t["mortgaged_mark"],
                           [m for _, m in report.deeds]))
    if report.cards and report.creditor is not None:
        what.append(b["card"])
    listed = ", ".join(what) or b["nothing"]
    if report.creditor is None:
        lines.append(b["to_bank"].format(what=listed))
        if report.returned:
            lines.append(b["returned"].format(cells=_cells(rules, report.returned, lang)))
    else:
        lines.append(b["to_player"].format(name=creditor, what=listed))
    return title, lines, ""


# A card's words: its title, its lines, and a subtitle (may be empty).
Words = tuple[str, list[str], str]


def fortune_words(rules: Ruleset, event: CardDrawn, names: Sequence[str], t: dict[str, Any], lang: str,
                  me: int) -> Words:
    f = t["fortune"]
    who = f["you"] if event.seat == me else f["drawn_by"].format(name=names[event.seat])
    return str(f["title"]), [card_text(rules, event.card, lang)], str(who)


@dataclass
class Shown:
    """A card on the table for a while; its words are made when shown, so a language chosen
    meanwhile tells it again."""

    words: Callable[[], Words]
    accent: pygame.Color
    seconds: float
    hold: float                 # the table waits this long before it moves on

    @property
    def title(self) -> str:
        return self.words()[0]

    @property
    def lines(self) -> list[str]:
        return self.words()[1]

    @property
    def subtitle(self) -> str:
        return self.words()[2]


@dataclass
class Moments:
    """The card up now, and how long it has been up."""

    current: Shown | None = None
    age: float = 0.0

    def show(self, moment: Shown, *, quick: bool = False) -> None:
        """Show `moment` now, in place of any card still up: the table moved on after that
        card's hold, so the newer card is the one that belongs to what is happening."""
        if quick:
            moment.hold = 0.0
        self.current, self.age = moment, 0.0

    def fortune(self, words: Callable[[], Words], *, quick: bool = False) -> None:
        self.show(Shown(words, FORTUNE, CARD_SECONDS, CARD_HOLD), quick=quick)

    def bankruptcy(self, words: Callable[[], Words], *, quick: bool = False) -> None:
        self.show(Shown(words, theme.BUTTON_DANGER, BANKRUPT_SECONDS, BANKRUPT_HOLD), quick=quick)

    @property
    def holding(self) -> bool:
        """The table should wait: a card has just come up."""
        return self.current is not None and self.age < self.current.hold

    @property
    def busy(self) -> bool:
        return self.current is not None

    def update(self, dt: float) -> None:
        if self.current is None:
            return
        self.age += dt
        if self.age >= self.current.seconds:
            self.dismiss()

    def dismiss(self) -> None:
        """The card's time is up, or the person clicked it away."""
        self.current, self.age = None, 0.0


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

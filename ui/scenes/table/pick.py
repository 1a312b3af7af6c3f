"""Choices that name a deed or a square (a transfer's destination, a raid's two deeds, the
agency's deed, an investment's street, a branch's or a chip's new street, a deed put up for
auction): one button in the decision panel for each kind the engine allows now, which opens
a dialog over the board listing every such legal action as a sentence with its figures.

Nothing here knows a rule: the dialog's buttons are `game.legal(seat)`'s actions of that
kind, in the engine's order, and the figures are the engine's own (a fare, a surcharge, a
chip's price). Where they do not fit on one page the dialog turns pages.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from zemlevlasnyk.engine import (
    BANK,
    Action,
    AuctionDeed,
    BuyFromBank,
    Game,
    Invest,
    MoveBranch,
    MoveChip,
    Raid,
    Transfer,
    agencies,
    investments,
    transfers,
)
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import Button, Style, draw_text, panel
from zemlevlasnyk.ui.words.ruleset import cell_name
from zemlevlasnyk.ui.words.text import money


@dataclass(frozen=True)
class OpenChoices:
    """A decision panel's button that opens the dialog of one kind of choice."""

    kind: str


# The kinds, by the action each lists, in the order the panel shows their buttons.
KINDS: dict[type[Action], str] = {Transfer: "transfer", Raid: "raid", BuyFromBank: "buy_from_bank",
                                  Invest: "invest", MoveChip: "move_chip", MoveBranch: "move_branch",
                                  AuctionDeed: "auction_deed"}
# The dialog's width at the reference window size, and the close and page buttons' intents.
DIALOG_WIDTH = 520
CLOSE = OpenChoices("close")
EARLIER = OpenChoices("earlier")
LATER = OpenChoices("later")


def pick_buttons(game: Game, seat: int, t: dict[str, Any]) -> list[Button]:
    """One button a kind of choice `seat` has now (none when it has none)."""
    legal = {type(a) for a in game.legal(seat).actions}
    return [Button(str(t["pick"][kind]["open"]), OpenChoices(kind))
            for action, kind in KINDS.items() if action in legal]


def choices(game: Game, seat: int, kind: str, names: Sequence[str], t: dict[str, Any], lang: str) -> list[Button]:
    """Every legal action of `kind` for `seat`, as a button saying what it does."""
    action = next(a for a, k in KINDS.items() if k == kind)
    words = t["pick"][kind]
    out = []
    for a in game.legal(seat).actions:
        if isinstance(a, action):
            out.append(Button(_label(game, a, words, names, t, lang), a))
    return out


def title(game: Game, seat: int, kind: str, t: dict[str, Any]) -> str:
    words = t["pick"][kind]
    if kind == "raid":
        to = agencies.fee_to(game, "raid_agency", seat)
        rules = game.rules.agencies
        fee = 0 if to is None or rules is None else rules.raid_fee
        return str(words["title"].format(fee=money(fee)))
    return str(words["title"])


def _label(game: Game, a: Action, words: dict[str, Any], names: Sequence[str], t: dict[str, Any],
           lang: str) -> str:
    rules = game.rules

    def cell(c: int) -> str:
        return cell_name(rules, c, lang)

    def owner(c: int) -> str:
        who = game.owner[c]
        return str(t["bank"]) if who == BANK else names[who]

    if isinstance(a, Transfer):
        fare = transfers.fare(game, a.seat, a.to, a.direction)
        way = words["forward"] if a.direction > 0 else words["back"]
        return str(words["item"].format(cell=cell(a.to), way=way, fare=money(fare)))
    if isinstance(a, Raid):
        return str(words["item"].format(take=cell(a.take_cell), owner=owner(a.take_cell), give=cell(a.give_cell)))
    if isinstance(a, BuyFromBank):
        price = rules.cells[a.cell].price + agencies.surcharge(game, a.seat, a.cell)
        return str(words["item"].format(cell=cell(a.cell), price=money(price)))
    if isinstance(a, Invest):
        return str(words["item"].format(cell=cell(a.cell), owner=owner(a.cell),
                                        price=money(investments.chip_price(game, a.cell))))
    if isinstance(a, MoveChip):
        return str(words["item"].format(cell=cell(a.cell), to=cell(a.to),
                                        cost=money(investments.move_cost(game, a.cell, a.to))))
    if isinstance(a, MoveBranch):
        return str(words["item"].format(cell=cell(a.cell), to=cell(a.to)))
    assert isinstance(a, AuctionDeed), a
    return str(words["item"].format(cell=cell(a.cell), start=money(a.start)))


class PickDialog:
    """The dialog of one kind of choice: its title, a page of choices, the page buttons and
    a close button."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.title = ""
        self.items: list[Button] = []
        self.page = 0
        self.per_page = 1
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.close = Button("✕", CLOSE)
        self.earlier = Button("‹", EARLIER)
        self.later = Button("›", LATER)
        self.sizes = theme.REFERENCE_SIZES

    def refresh(self, game: Game, seat: int, names: Sequence[str], t: dict[str, Any], lang: str) -> bool:
        """Ask the engine again; False when the kind has no choice left (the dialog closes)."""
        self.items = choices(game, seat, self.kind, names, t, lang)
        self.title = title(game, seat, self.kind, t) if self.items else ""
        return bool(self.items)

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.items) // self.per_page))

    def shown(self) -> list[Button]:
        self.page = min(self.page, self.pages - 1)
        return self.items[self.page * self.per_page:(self.page + 1) * self.per_page]

    def layout(self, room: pygame.Rect, sizes: Sizes) -> None:
        """Centred in `room` (the board's inside), as many rows as fit."""
        s = self.sizes = sizes
        pad, row, gap = s.px(16), s.px(34), s.px(6)
        width = min(room.width - 2 * s.px(8), s.px(DIALOG_WIDTH))
        head = s.heading + s.px(16)
        foot = row + gap
        fits = max(1, (room.height - 2 * pad - head - foot - 2 * s.px(8)) // (row + gap))
        self.per_page = min(fits, max(1, len(self.items)))
        shown = self.shown()
        height = 2 * pad + head + len(shown) * (row + gap) + (foot if self.pages > 1 else 0)
        self.rect = pygame.Rect(0, 0, width, min(height, room.height))
        self.rect.center = room.center
        self.close.rect = pygame.Rect(self.rect.right - pad - s.px(26), self.rect.top + pad, s.px(26), s.px(26))
        self.close.size = s.body
        y = self.rect.top + pad + head
        for b in shown:
            b.rect = pygame.Rect(self.rect.left + pad, y, width - 2 * pad, row)
            b.size = s.small
            b.style = Style.NORMAL
            y += row + gap
        half = (width - 2 * pad - gap) // 2
        for n, b in enumerate((self.earlier, self.later)):
            b.rect = pygame.Rect(self.rect.left + pad + n * (half + gap), y, half, row)
            b.size = s.body
        self.earlier.enabled = self.page > 0
        self.later.enabled = self.page < self.pages - 1

    def buttons(self) -> list[Button]:
        paging = [self.earlier, self.later] if self.pages > 1 else []
        return [self.close, *self.shown(), *paging]

    def click(self, pos: tuple[int, int]) -> Action | OpenChoices | None:
        """The action chosen, CLOSE, or None (a page turned, or a click elsewhere)."""
        for b in self.buttons():
            if b.hit(pos):
                if b.intent is EARLIER:
                    self.page -= 1
                    return None
                if b.intent is LATER:
                    self.page += 1
                    return None
                intent: Action | OpenChoices = b.intent
                return intent
        return None

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], *, dimmed: bool) -> None:
        s = self.sizes
        panel(surface, self.rect)
        pad = s.px(16)
        box = pygame.Rect(self.rect.left + pad, self.rect.top + pad, self.close.rect.left - self.rect.left - 2 * pad,
                          s.heading + s.px(4))
        title, size = shrink_line(self.title, box.width, steps(s.body + 2, theme.MIN_TEXT))
        draw_text(surface, title, (box.left, box.top), size, theme.INK, box=box)
        # The close mark is drawn as the deed card's is: a small button's label would be cut.
        draw_text(surface, self.close.label, self.close.rect.center, s.body, theme.INK, Face.BOLD, "center",
                  box=self.close.rect)
        for b in self.buttons():
            if b is not self.close:
                b.draw(surface, mouse, dimmed=dimmed)

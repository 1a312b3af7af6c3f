"""What the game waits for, beside the board: the turn's extras in a fixed toolbar (or the
yes and no of a confirmation), the question, the moves, and what a move needs to be read
right (an auction's bids and bidders, a debt's figures), then a hint.

The places do not move with the words: the question has a box of fixed height, the first
move is always at the same place under it, the toolbar never changes its buttons (they
are only enabled or not), so a quick click never lands on a button that moved.
Every enabled button's action comes from `game.legal` (through `ui.scenes.table.choices`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from zemlevlasnyk.engine import BANK, Game, Phase, card_means, holdings
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import Button, Fitted, Stepper, draw_text, fit, text_width, wrap
from zemlevlasnyk.ui.scenes.table.choices import (
    AMOUNT,
    AMOUNT_WORDS,
    BID,
    bid_step,
    main_buttons,
    prompt,
    quick_amounts,
    quick_raises,
    suggested_bid,
    toolbar,
)
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.ruleset import branches
from zemlevlasnyk.ui.words.text import Words, money

# The question's box holds this many lines (its text shrinks rather than grow the box).
PROMPT_LINES = 2
HINT_LINES = 3
# A figure's line (a debt's, an auction's) that does not fit whole at the smallest readable
# size goes on to a second line rather than lose its end.
NOTE_LINES = 2


class DecisionPanel:
    def __init__(self) -> None:
        self.toolbar: list[Button] = []
        self.confirm: list[Button] = []          # while asking to confirm: yes, no
        self.moves: list[Button] = []
        self.raises: list[Button] = []
        self.quick = True               # the quick raises are laid out (see `layout`)
        self.stepper = Stepper(0, 0, 0, 1)
        self.question = ""
        self.notes: list[str] = []               # the auction's or debt's figures
        self.bidders: list[int] = []             # an auction's players still in
        self.names: list[str] = []               # as laid out (an auction's bidders take their room)
        self.hint = ""
        self.sizes = theme.REFERENCE_SIZES
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.prompt_box = pygame.Rect(0, 0, 0, 0)
        self.notes_top = 0
        self.hint_box = pygame.Rect(0, 0, 0, 0)
        self.bottom = 0
        self._auction_key: tuple[object, ...] | None = None
        self.amount_words = ""                   # the amount button's words (a deposit's, a bet's)

    # --- what the game asks -------------------------------------------------------------

    def refresh(self, game: Game, me: int, names: Sequence[str], t: Words, lang: str, *,
                reasons: dict[str, str], watching: bool = False) -> None:
        """Ask the engine again (`reasons`: a debt's reasons in words; `watching`: a
        spectator, who has no seat and no moves)."""
        if watching:
            self.question = str(t["connection"]["watching"])
            self.moves, self.raises, self.toolbar, self.notes, self.bidders, self.hint = [], [], [], [], [], ""
            return
        self.question = prompt(game, me, names, t, lang)
        legal = game.legal(me)
        if legal.bid is not None:
            auction = game.auction
            key = (game.roll_count, None if auction is None else (auction.cell, auction.high))
            if key != self._auction_key:
                self._auction_key = key
                self.stepper.step = bid_step(game.rules)
                self.stepper.value = suggested_bid(*legal.bid, self.stepper.step)
                self.stepper.typing = None
            self.stepper.set_range(*legal.bid)
        elif legal.amount is not None:
            asked = (game.roll_count, game.offers[0].kind if game.offers else None)
            if asked != self._auction_key:
                self._auction_key = asked
                self.stepper.step = bid_step(game.rules)
                # A round amount first (the least allowed is often 1 of a bank's 10-steps).
                self.stepper.value = suggested_bid(*legal.amount, self.stepper.step)
                self.stepper.typing = None
            self.stepper.set_range(*legal.amount)
        self.moves = main_buttons(game, me, t, lang, bid=self.stepper.value)
        amount = game.amount_action(me, legal.amount[0]) if legal.amount is not None else None
        self.amount_words = AMOUNT_WORDS.get(type(amount), "") if amount is not None else ""
        self.toolbar = toolbar(game, me, t)
        self.raises = quick_raises(game, me, t) or quick_amounts(game, me, t)
        self.notes, self.bidders = self._notes(game, me, names, t, reasons)
        self.hint = self._hint(game, me, t)

    def relabel_bid(self, t: Words) -> None:
        """The bid button says the amount the stepper shows."""
        for b in self.moves:
            if b.intent is BID:
                b.label = t["actions"]["bid_amount"].format(amount=money(self.stepper.current))
            elif b.intent is AMOUNT and self.amount_words:
                b.label = t["actions"][self.amount_words].format(amount=money(self.stepper.current))

    @staticmethod
    def _notes(game: Game, me: int, names: Sequence[str], t: Words,
               reasons: dict[str, str]) -> tuple[list[str], list[int]]:
        auction = game.auction
        if game.phase is Phase.AUCTION and auction is not None and game.outcome() is None:
            a = t["auction"]
            if auction.high_bidder is None:
                price = game.rules.cells[auction.cell].price
                first = a["none"].format(price=money(price))
            else:
                first = a["high"].format(amount=money(auction.high), name=names[auction.high_bidder])
            return [first, a["in"]], list(auction.bidders)
        if game.phase is Phase.DEBT and game.debts and game.debts[0].debtor == me:
            debt = game.debts[0]
            creditor, amount, reason = debt.creditor, debt.amount, debt.reason
            d = t["debt"]
            key = reason.split(":", 1)[0]
            why = reasons.get(key, key)
            whom = t["bank"] if creditor == BANK else names[creditor]
            cash = game.cash[me]
            notes = [d["owed"].format(amount=money(amount), creditor=whom, reason=why)]
            if cash >= amount:
                notes.append(d["enough"])
            else:
                notes.append(d["cash"].format(cash=money(cash), short=money(amount - cash)))
                houses = sum(game.buildings[c] * card_means.building_refund(game, me, c) for c in game.rules.properties
                             if game.owner[c] == me)
                # What «Ярмарок»'s kept cards add (a certificate, the full-price sales) is their own.
                cards = card_means.extra_means(game, me) if game.rules.powers and game.cards_held[me] else 0
                mortgages = holdings.raisable(game, me) - cash - houses - cards
                # Without mortgages the rest is deed sales and a deposit (seed 004).
                sales = "raise_sales_cards" if cards else "raise_sales"
                words = d[sales] if branches(game.rules) else d["raise"]
                notes.append(words.format(amount=money(houses + mortgages + cards), houses=money(houses),
                                          mortgages=money(mortgages), cards=money(cards)))
            return notes, []
        return [], []

    @staticmethod
    def _hint(game: Game, me: int, t: Words) -> str:
        if game.main_seat() != me or game.outcome() is not None:
            return ""
        if game.phase is Phase.DEBT:
            return str(t["debt_hint_sales" if branches(game.rules) else "debt_hint"])
        if game.phase not in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.BUY):
            return ""
        if not any(game.owner[c] == me for c in game.rules.properties):
            return ""
        # Without mortgages a deed is sold to the bank instead (seed 004).
        return str(t["manage_hint_sales" if branches(game.rules) else "manage_hint"])

    # --- where things go ----------------------------------------------------------------

    def layout(self, rect: pygame.Rect, sizes: Sizes, names: Sequence[str], *, compact: bool = False) -> int:
        """Lay the panel out from the top of `rect` (`names`: the players', as shown); the y
        below what it uses. `compact`: where room is short (a small window with the chat),
        a bid's quick raises give way; its stepper does their work."""
        self.rect = rect
        self.quick = not compact
        self.names = list(names)
        self.sizes = s = sizes
        gap = s.px(6)
        y = rect.top
        tool_h = s.px(32)
        width = (rect.width - 2 * gap) // 3
        for n, b in enumerate(self.toolbar):
            b.rect = pygame.Rect(rect.left + n * (width + gap), y, width, tool_h)
            b.size = s.small
        confirm_w = (rect.width - gap) // 2
        for n, b in enumerate(self.confirm):
            b.rect = pygame.Rect(rect.left + n * (confirm_w + gap), y, confirm_w, tool_h)
            b.size = s.small
        y += tool_h + s.px(12)
        prompt_size = s.body + 1
        line = Face.BOLD
        self.prompt_box = pygame.Rect(rect.left, y, rect.width,
                                      PROMPT_LINES * (prompt_size + s.px(6)) + s.px(2))
        y = self.prompt_box.bottom + s.px(8)
        move_h = s.px(38)
        for b in self.moves:
            b.rect = pygame.Rect(rect.left, y, rect.width, move_h)
            b.size = s.body
            b.face = line
            y += move_h + gap
        if self.raises:
            width = (rect.width - 2 * gap) // 3
            for n, b in enumerate(self.shown_raises):
                b.rect = pygame.Rect(rect.left + n * (width + gap), y, width, s.px(32))
                b.size = s.small
            y += (s.px(32) + gap) if self.quick else 0
            self.stepper.layout(pygame.Rect(rect.left, y, rect.width, s.px(34)))
            self.stepper.size = s.body
            y += s.px(34) + gap
        self.notes_top = y
        y += sum(len(self._fitted_note(note).lines) for note in self.notes) * (s.small + s.px(8))
        if self.bidders:
            y += len(self._bidder_rows()) * (s.small + s.px(8))
        hint_lines = wrap(self.hint, s.tiny + 1, rect.width)[:HINT_LINES] if self.hint else []
        self.hint_box = pygame.Rect(rect.left, y + s.px(4), rect.width, len(hint_lines) * (s.tiny + s.px(6)))
        self.bottom = self.hint_box.bottom + s.px(4)
        return self.bottom

    def _fitted_note(self, note: str) -> Fitted:
        """A figure's line: whole on one line, as large as fits down to the smallest readable
        size, else in words on up to NOTE_LINES lines."""
        s = self.sizes
        step = s.small + s.px(8)
        sizes = steps(s.small, theme.MIN_TEXT)
        one = fit(note, self.rect.width, step, sizes, Face.REGULAR)
        if len(one.lines) == 1:
            return one
        return fit(note, self.rect.width, NOTE_LINES * step, sizes, Face.REGULAR)

    # --- input --------------------------------------------------------------------------

    def buttons(self, *, walking: bool) -> list[Button]:
        """The buttons a click may press now (while a move is still being shown, only the
        answers of a confirmation)."""
        if walking:
            return list(self.confirm)
        return [*self.moves, *self.shown_raises, *(self.confirm or self.toolbar)]

    @property
    def shown_raises(self) -> list[Button]:
        """The quick raises as laid out (none in a compact layout)."""
        return self.raises if self.quick else []

    def stepper_event(self, event: pygame.event.Event, mouse: tuple[int, int], *, walking: bool) -> bool:
        """The bid's stepper takes `event` if it is its own (True: the amount may have
        changed); only while a bid is asked and no move is being shown, except that a held
        sign is always let go."""
        if walking or not self.raises:
            self.stepper.held = 0
            return False
        return self.stepper.handle(event, mouse)

    def click(self, pos: tuple[int, int], *, walking: bool) -> Any:
        """The intent or action of the button clicked, if any (the stepper has had its
        say first: `stepper_event`)."""
        for b in self.buttons(walking=walking):
            if b.hit(pos):
                return b.intent
        return None

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, game: Game, players: Sequence[PlayerInfo], names: Sequence[str],
             mouse: tuple[int, int], *, walking: bool) -> None:
        s = self.sizes
        rect = self.rect
        for b in self.confirm or self.toolbar:
            b.draw(surface, mouse, dimmed=walking and not self.confirm)
        box = self.prompt_box
        fitted = fit(self.question, box.width, box.height, steps(s.body + 1, s.small), Face.BOLD)
        y = box.top
        for line in fitted.lines:
            draw_text(surface, line, (box.left, y), fitted.size, theme.INK, Face.BOLD, box=box)
            y += fitted.line_height
        for b in self.moves:
            b.draw(surface, mouse, dimmed=walking)
        for b in self.shown_raises:
            b.draw(surface, mouse, dimmed=walking)
        if self.raises:
            self.stepper.draw(surface, money)
        y = self.notes_top
        step = s.small + s.px(8)
        for note in self.notes:
            fitted = self._fitted_note(note)
            for text in fitted.lines:
                line_box = pygame.Rect(rect.left, y, rect.width, step)
                draw_text(surface, text, (line_box.left, line_box.centery), fitted.size, theme.INK, anchor="midleft",
                          box=line_box)
                y += step
        if self.bidders:
            self._draw_bidders(surface, y - step, game, players, names)
        if self.hint:
            lines = wrap(self.hint, s.tiny + 1, rect.width)[:HINT_LINES]
            for n, line in enumerate(lines):
                draw_text(surface, line, (self.hint_box.left, self.hint_box.top + n * (s.tiny + s.px(6))),
                          s.tiny + 1, theme.INK_SOFT, box=self.hint_box)

    def _bidder_width(self, seat: int) -> int:
        s = self.sizes
        return 2 * s.px(5) + s.px(4) + text_width(self.names[seat], s.small, Face.BOLD) + s.px(10)

    def _bidder_rows(self) -> list[list[int]]:
        """The bidders on lines: after «still bidding:», then below it, each name whole."""
        s = self.sizes
        label = self.notes[-1] if self.notes else ""
        start = self.rect.left + text_width(label, s.small) + s.px(10)
        rows: list[list[int]] = [[]]
        x = start
        for seat in self.bidders:
            width = self._bidder_width(seat)
            if rows[-1] and x + width > self.rect.right:
                rows.append([])
                x = start
            rows[-1].append(seat)
            x += width
        return rows

    def _draw_bidders(self, surface: pygame.Surface, top: int, game: Game, players: Sequence[PlayerInfo],
                      names: Sequence[str]) -> None:
        """After «still bidding:», each bidder's colour and name, the next to bid underlined."""
        s = self.sizes
        auction = game.auction
        label = self.notes[-1] if self.notes else ""
        start = self.rect.left + text_width(label, s.small) + s.px(10)
        turn = auction.bidder if auction is not None and auction.bidders else None
        step = s.small + s.px(8)
        dot = s.px(5)
        for n, row in enumerate(self._bidder_rows()):
            x = start
            line = pygame.Rect(start, top + n * step, self.rect.right - start, step)
            for seat in row:
                face = Face.BOLD if seat == turn else Face.REGULAR
                pygame.draw.circle(surface, theme.player_colour(players[seat].colour), (x + dot, line.centery), dot)
                box = pygame.Rect(x + 2 * dot + s.px(4), line.top, 0, line.height)
                box.width = min(self._bidder_width(seat), self.rect.right - x) - 2 * dot - s.px(4)
                text, size = shrink_line(names[seat], box.width, steps(s.small, theme.MIN_TEXT), face)
                rect = draw_text(surface, text, (box.left, box.centery), size, theme.INK, face, "midleft", box=box)
                if seat == turn:
                    pygame.draw.line(surface, theme.INK, (rect.left, rect.bottom + 1), (rect.right, rect.bottom + 1))
                x += self._bidder_width(seat)

"""The players beside the board: each one's colour, name, cash (and its last change), level
or state (with a deposit and donations held, seed 004's), their deeds as small chips grouped
by colour (a mortgaged one hatched), and the kept cards they hold as badges (Казка); a click
on a chip opens that deed's card, one on a badge that card."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from zemlevlasnyk.engine import Game
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, shrink_name, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import draw_text, text_width
from zemlevlasnyk.ui.scenes.table.board import deed_colour
from zemlevlasnyk.ui.scenes.table.cards import badge_room, badges, draw_badge
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.text import Words, money

# Chip sizes at the reference window, widest first; chips shrink to fit a full hand.
CHIP_WIDTH = 11
CHIP_MIN_WIDTH = 5
CHIP_GAP = 2
GROUP_GAP = 6


@dataclass
class Row:
    rect: pygame.Rect
    chips: list[tuple[int, pygame.Rect]]
    cards: list[tuple[int, pygame.Rect]] = field(default_factory=list)


def deed_order(game: Game, seat: int) -> list[list[int]]:
    """`seat`'s deeds in groups, in board order of each group's first cell."""
    rules = game.rules
    groups: dict[tuple[int, ...], list[int]] = {}
    for cell in rules.properties:
        if game.owner[cell] == seat:
            # A deed of no group (seed 004's agencies) stands alone.
            key = tuple(rules.group_of[cell]) or (cell,)
            groups.setdefault(key, []).append(cell)
    return [cells for _, cells in sorted(groups.items(), key=lambda kv: kv[0][0])]


def effect_marks(game: Game, seat: int, names: Sequence[str], t: Words) -> list[str]:
    """The lasting powers on `seat`: whom it watches or applauds, another turn to come, its
    branches selling at full price."""
    marks = t["effect_marks"]
    out = []
    for e in game.effects:
        if e.kind == "extra_turn" and e.by == seat:
            out.append(str(marks["extra_turn"]))
        elif e.kind in ("stare", "merry") and e.target == seat:
            out.append(str(marks[e.kind]).format(name=names[e.by]))
        elif e.kind == "full_price_building_sale" and e.by == seat:
            out.append(str(marks[e.kind]))     # «Ярмарок»'s liquidation, for the turn
    return out


class PlayersPanel:
    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.sizes = theme.REFERENCE_SIZES
        self.rect = pygame.Rect(0, 0, 0, 0)

    def row_height(self, sizes: Sizes) -> int:
        return sizes.body + sizes.px(6) + sizes.px(18) + sizes.px(8)

    def layout(self, rect: pygame.Rect, sizes: Sizes, players: int) -> int:
        """Rows from the top of `rect`; the y below the last."""
        self.sizes = sizes
        self.rect = rect
        step = self.row_height(sizes)
        self.rows = [Row(pygame.Rect(rect.left, rect.top + n * step, rect.width, step - sizes.px(4)), [])
                     for n in range(players)]
        return rect.top + players * step

    def chip_at(self, pos: tuple[int, int]) -> int | None:
        for row in self.rows:
            for cell, chip in row.chips:
                if chip.inflate(2, 4).collidepoint(pos):
                    return cell
        return None

    def card_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(seat, card) of the badge under `pos`."""
        for seat, row in enumerate(self.rows):
            for card, badge in row.cards:
                if badge.inflate(2, 2).collidepoint(pos):
                    return seat, card
        return None

    def draw(self, surface: pygame.Surface, game: Game, players: Sequence[PlayerInfo], names: Sequence[str],
             t: Words, *, me: int, cash: Sequence[int], flash: Sequence[tuple[int, float]],
             out: Sequence[str], levels: Sequence[str] = (), offline: frozenset[int] = frozenset(),
             gone: frozenset[int] = frozenset()) -> None:
        """`out`: the words for a seat out of the game, by seat (they agree with its gender);
        `levels`: a computer player's level (and temperament) in words, by seat;
        `offline`: the seats of people whose connection is gone (friends tables), `gone`
        those of them who left the table on purpose."""
        s = self.sizes
        active = game.main_seat()
        over = game.outcome() is not None
        for seat, row in enumerate(self.rows):
            rect = row.rect
            alive = game.alive[seat]
            if seat == active and not over:
                pygame.draw.rect(surface, theme.BOARD_CENTRE, rect, border_radius=s.radius)
            ink = theme.INK if alive else theme.BUTTON_INK_DISABLED
            pad = s.px(8)
            line1 = pygame.Rect(rect.left + pad, rect.top + s.px(4), rect.width - 2 * pad, s.body + s.px(6))
            dot = s.px(9)
            pygame.draw.circle(surface, theme.player_colour(players[seat].colour) if alive else theme.BUTTON_DISABLED,
                               (line1.left + dot, line1.centery), dot)
            money_size = s.body + 1
            shown = money(cash[seat]) if alive else "—"
            cash_w = text_width(shown, money_size, Face.BOLD)
            cash_box = pygame.Rect(line1.right - cash_w, line1.top, cash_w, line1.height)
            draw_text(surface, shown, (cash_box.right, line1.centery), money_size, ink, Face.BOLD, "midright",
                      box=cash_box)
            name_box = pygame.Rect(line1.left + 2 * dot + s.px(8), line1.top, 0, line1.height)
            name_box.width = cash_box.left - s.px(12) - name_box.left
            label = names[seat] + (f" ({t['you']})" if seat == me else "")
            text, size, face = shrink_name(label, name_box.width, steps(s.body, theme.MIN_TEXT))
            draw_text(surface, text, (name_box.left, line1.centery), size, ink, face, "midleft", box=name_box)
            line2 = pygame.Rect(name_box.left, line1.bottom, rect.right - pad - name_box.left, s.px(18))
            # The held cards' badges at the line's end; the chips and the words before them.
            row.cards = badges(game, seat, line2.right, line2.centery, s)
            for card, badge in row.cards:
                draw_badge(surface, game.rules, card, badge)
            line2.width -= badge_room(game, seat, s) + (s.px(6) if row.cards else 0)
            bot = players[seat].bot
            level = str(t["levels"].get(bot, bot))
            states = ([t["left_mark" if seat in gone else "offline_mark"]] if seat in offline else [])
            states += [t["in_jail"]] if game.jailed[seat] else []
            states += effect_marks(game, seat, names, t)
            # Seed 004's money beside the cash: what is on deposit, the donations held.
            money_marks = []
            if game.rules.donation and game.donations[seat]:
                money_marks.append(t["donations_mark"].format(n=game.donations[seat]))
            if game.rules.deposit is not None and game.deposit[seat]:
                money_marks.append(t["deposit_mark"].format(amount=money(game.deposit[seat])))
            # A computer player's level with its temperament; only the level where a full hand
            # of chips leaves no room for both (the chips keep at least half the line).
            for said in ([levels[seat]] if seat < len(levels) else []) + [level]:
                status = money_marks + ([said] if bot else []) + states
                if not alive:
                    status = [out[seat]]
                # The chips leave room after them for the state's words or the cash's change, whole.
                after = max(text_width(" · ".join(status), theme.MIN_TEXT) if status else 0,
                            text_width("−" + money(999_999), s.tiny, Face.BOLD)) + s.px(10)
                if after <= line2.width - line2.width // 2:
                    break
            row.chips = self._chips(game, seat, line2, s, max(line2.width // 2, line2.width - after))
            for cell, chip in row.chips:
                _draw_chip(surface, chip, deed_colour(game.rules, cell), mortgaged=game.mortgaged[cell])
            change, left = flash[seat]
            if change and left > 0 and alive:
                # The cash's last change, for a moment, under the cash (where the level is).
                sign, colour = ("+", theme.MONEY_GAIN) if change > 0 else ("−", theme.MONEY_LOSS)
                used = row.chips[-1][1].right + s.px(10) if row.chips else line2.left
                flash_box = pygame.Rect(used, line2.top, line2.right - used, line2.height)
                draw_text(surface, sign + money(abs(change)), (flash_box.right, flash_box.centery), s.tiny, colour,
                          Face.BOLD, "midright", box=flash_box)
                status = []
            if status:
                used = row.chips[-1][1].right + s.px(10) if row.chips else line2.left
                box = pygame.Rect(used, line2.top, line2.right - used, line2.height)
                text, size = shrink_line(" · ".join(status), box.width, steps(s.tiny, theme.MIN_TEXT))
                draw_text(surface, text, (box.right, box.centery), size, theme.INK_SOFT, anchor="midright", box=box)

    def _chips(self, game: Game, seat: int, line: pygame.Rect, s: Sizes, room: int) -> list[tuple[int, pygame.Rect]]:
        """Each deed's chip along `line`, its colour group's chips together; they shrink to
        stay within `room` from its left, so a whole hand leaves the rest for words after it."""
        groups = deed_order(game, seat)
        count = sum(len(g) for g in groups)
        if not count:
            return []
        gap, group_gap = s.px(CHIP_GAP), s.px(GROUP_GAP)
        width = s.px(CHIP_WIDTH)

        def total() -> int:
            return count * (width + gap) + (len(groups) - 1) * group_gap

        while width > s.px(CHIP_MIN_WIDTH) and total() > room:
            width -= 1
        # A whole board's deeds: the groups close up too (still apart by more than a chip gap).
        while group_gap > 2 * gap and total() > room:
            group_gap -= 1
        height = line.height - s.px(6)
        x = line.left
        out = []
        for group in groups:
            for cell in group:
                out.append((cell, pygame.Rect(x, line.centery - height // 2, width, height)))
                x += width + gap
            x += group_gap - gap
        return out


def _draw_chip(surface: pygame.Surface, chip: pygame.Rect, colour: pygame.Color, *, mortgaged: bool) -> None:
    if mortgaged:
        pygame.draw.rect(surface, theme.CARD, chip, border_radius=2)
        pygame.draw.rect(surface, colour, chip, 2, border_radius=2)
        pygame.draw.line(surface, theme.MORTGAGE, chip.bottomleft, chip.topright, 2)
    else:
        pygame.draw.rect(surface, colour, chip, border_radius=2)
        pygame.draw.rect(surface, theme.CELL_LINE, chip, 1, border_radius=2)

"""The board's centre: the game's name, the turn, the dice and whose turn it is; and, when
a card is up (a deed, a Фортуна card, a bankruptcy), the same facts in a strip at the top
with the card below it, so the card never hides them.

The centre keeps inside `BoardGeometry.inner`, clear of the tokens' lane.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from zemlevlasnyk.engine import Game
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import draw_text, fit, text_width
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.ruleset import preset_name
from zemlevlasnyk.ui.words.text import Words

# Shares of the centre's height where the title, the dice and whose move it is stand.
TITLE_AT = 0.14
DICE_AT = 0.5
WHO_AT = 0.82


@dataclass(frozen=True)
class CentreLayout:
    title: pygame.Rect | None
    turn: pygame.Rect
    dice: tuple[int, int]
    dice_size: int
    who: pygame.Rect
    card_room: pygame.Rect | None      # where a card goes (only with `card`)
    dice_count: int = 2                # 3 with the speed die (option `speed_die`)


def centre_layout(inner: pygame.Rect, sizes: Sizes, *, card: bool, dice: int = 2) -> CentreLayout:
    s = sizes
    if not card:
        title_size = max(s.heading, inner.width // 11)
        title = pygame.Rect(inner.left, inner.top + round(inner.height * TITLE_AT), inner.width, title_size + s.px(8))
        turn = pygame.Rect(inner.left, title.bottom, inner.width, s.body + s.px(8))
        die = max(s.px(30), inner.width // 8)
        who = pygame.Rect(inner.left, inner.top + round(inner.height * WHO_AT) - s.body, inner.width,
                          s.body + s.px(12))
        return CentreLayout(title, turn, (inner.centerx, inner.top + round(inner.height * DICE_AT)), die, who, None,
                            dice)
    die = s.px(30)
    strip = pygame.Rect(inner.left, inner.top + s.px(4), inner.width, die + s.px(12))
    # The dice keep the middle, as wide as the dice and their gaps (board.dice_rects); the
    # turn and whose move it is share the rest.
    dice_half = (dice * die + (dice - 1) * (die // 3)) // 2 + s.px(8)
    turn = pygame.Rect(strip.left, strip.top, strip.width // 2 - dice_half, strip.height)
    who = pygame.Rect(strip.centerx + dice_half, strip.top, strip.right - strip.centerx - dice_half, strip.height)
    room = pygame.Rect(inner.left, strip.bottom + s.px(6), inner.width, inner.bottom - strip.bottom - s.px(6))
    return CentreLayout(None, turn, strip.center, die, who, room, dice)


def draw_centre(surface: pygame.Surface, layout: CentreLayout, game: Game, players: Sequence[PlayerInfo],
                names: Sequence[str], me: int, t: Words, sizes: Sizes, lang: str, *, turn: str | None = None) -> None:
    """The centre's words (the dice are drawn apart: they move); `turn`: the turn's line
    (with a time limit, the time left: ui/words/time_limit.py). The title is the preset's
    name, as a boxed game's board carries its own («Казка», «Ярмарок», «Класика»)."""
    s = sizes
    strip = layout.title is None
    if layout.title is not None:
        box = layout.title
        title = preset_name(game.rules.preset, lang).upper()
        text, size = shrink_line(title, box.width, steps(box.height - s.px(8), s.heading), Face.BOLD)
        draw_text(surface, text, box.center, size, theme.BUTTON_PRIMARY, Face.BOLD, "center", box=box)
    box = layout.turn
    if turn is None:
        turn = str(t["turn_n"].format(n=game.turn))
    text, size = shrink_line(turn, box.width, steps(s.body, theme.MIN_TEXT), Face.BOLD if strip else Face.REGULAR)
    anchor, at = ("midleft", box.midleft) if strip else ("center", box.center)
    draw_text(surface, text, at, size, theme.INK_SOFT, Face.BOLD if strip else Face.REGULAR, anchor, box=box)
    # Whose turn it is, not who decides now: while the person answers a computer player's
    # trade offer (or bids in its auction, or pays it a debt) the turn is still that player's.
    seat = game.active
    if game.main_seat() is None or game.outcome() is not None:
        return
    who = t["you_decide"] if seat == me else t["turn_of"].format(name=names[seat])
    box = layout.who
    dot = s.px(8)
    room = box.width - 2 * dot - s.px(8)
    # A long name goes on to a second line rather than lose its end.
    fitted = fit(who, room, box.height, steps(s.body + 1, theme.MIN_TEXT), Face.BOLD)
    width = max(text_width(line, fitted.size, Face.BOLD) for line in fitted.lines) + 2 * dot + s.px(8)
    left = box.right - width if strip else box.centerx - width // 2
    pygame.draw.circle(surface, theme.player_colour(players[seat].colour), (left + dot, box.centery), dot)
    text_box = pygame.Rect(left + 2 * dot + s.px(8), box.top, width - 2 * dot - s.px(8), box.height)
    y = box.centery - len(fitted.lines) * fitted.line_height // 2
    for line in fitted.lines:
        draw_text(surface, line, (text_box.left, y), fitted.size, theme.INK, Face.BOLD, "topleft",
                  box=text_box.inflate(2, 0))
        y += fitted.line_height

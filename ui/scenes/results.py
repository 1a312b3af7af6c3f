"""The results: who won (or that the game was drawn), the final standings, back to the menu."""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from zemlevlasnyk.engine import holdings

from .. import nav, theme
from ..fonts import Face
from ..seats import display_genders, display_names
from ..table_view import TableView
from ..text import form, money
from ..widgets import Button, Style, draw_text, panel
from .base import Scene, SceneHost

CARD_SIZE = (640, 460)
ROW = 44
# Above the standings: the headline and column heads; below: the button.
CARD_TOP = 150
CARD_FOOT = 110
MENU = "menu"
AGAIN = "again"
BUTTON_SIZE = (230, 46)


def standings(table: TableView, eliminated: Sequence[int] = ()) -> list[int]:
    """Seats from first place down: players still in by what they are worth, then the
    others, the last to go out first (`eliminated` in the order they went out)."""
    game = table.game
    alive = sorted((s for s in range(game.players) if game.alive[s]),
                   key=lambda s: (-holdings.net_worth(game, s), s))
    out = [s for s in reversed(eliminated) if not game.alive[s]]
    return alive + out + [s for s in range(game.players) if not game.alive[s] and s not in out]


class ResultsScene(Scene):
    def __init__(self, app: SceneHost, table: TableView, names: Sequence[str], eliminated: Sequence[int] = (), *,
                 again: nav.PlayComputer | nav.FriendsAgain) -> None:
        """`again`: where «play again» leads (the same game against the computer, or back
        to the friends scene)."""
        super().__init__(app)
        self.table = table
        self.again_to = again
        self.genders = display_genders(table.players, self.t, me=table.me, gender=app.settings.gender)
        self.names = list(names)
        self.order = standings(table, eliminated)
        self.again = Button(self.t["play_again"], AGAIN, style=Style.PRIMARY)
        self.menu = Button(self.t["back_to_menu"], MENU)
        self.card = pygame.Rect(0, 0, *CARD_SIZE)

    def relabel(self) -> None:
        """The language changed: the buttons, the computer players' names (the rest is read
        from `t` when drawn)."""
        self.names = display_names(self.table.players, self.t) if self.names else self.names
        self.again.label = self.t["play_again"]
        self.menu.label = self.t["back_to_menu"]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.card = pygame.Rect(0, 0, CARD_SIZE[0], CARD_TOP + len(self.order) * ROW + CARD_FOOT)
        self.card.center = (size[0] // 2, size[1] // 2)
        self.again.rect = pygame.Rect(0, 0, *BUTTON_SIZE)
        self.again.rect.bottomright = (self.card.centerx - 8, self.card.bottom - 24)
        self.menu.rect = pygame.Rect(0, 0, *BUTTON_SIZE)
        self.menu.rect.bottomleft = (self.card.centerx + 8, self.card.bottom - 24)

    def next_frame(self) -> float:
        return math.inf   # nothing here moves by itself

    def handle_event(self, event: pygame.event.Event) -> None:
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        key = event.key if event.type == pygame.KEYDOWN else None
        if (click and self.again.hit(event.pos)) or key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.go(self.again_to)
        elif (click and self.menu.hit(event.pos)) or key == pygame.K_ESCAPE:
            self.app.go(nav.Menu())

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        panel(surface, self.card, theme.PANEL, radius=14, shadow=True)
        game = self.table.game
        outcome = game.outcome()
        left, right = self.card.left + 36, self.card.right - 36
        draw_text(surface, self.t["results_title"], (self.card.centerx, self.card.top + 24), theme.SMALL + 1,
                  theme.INK_SOFT, Face.BOLD, "midtop")
        if outcome is None or outcome.winner is None:
            headline = self.t["results_draw"]
        elif outcome.winner == self.table.me:
            headline = self.t["results_you_won"]
        else:
            headline = self.t["results_winner"].format(name=self.names[outcome.winner])
        draw_text(surface, headline, (self.card.centerx, self.card.top + 50), theme.TITLE - 8, theme.INK,
                  Face.BOLD, "midtop")
        y = self.card.top + 122
        heads = ((left + 40, self.t["results_player"], "topleft"), (right - 150, self.t["results_cash"], "topright"),
                 (right, self.t["results_worth"], "topright"))
        for x, label, anchor in heads:
            draw_text(surface, label, (x, y), theme.TINY + 1, theme.INK_SOFT, Face.BOLD, anchor)
        y += 26
        for place, seat in enumerate(self.order, start=1):
            player = self.table.players[seat]
            alive = game.alive[seat]
            ink = theme.INK if alive else theme.INK_SOFT
            draw_text(surface, f"{place}.", (left, y + 8), theme.BODY, ink, Face.BOLD)
            pygame.draw.circle(surface, theme.player_colour(player.colour), (left + 50, y + 18), 9)
            name = self.names[seat] + (f"  ({self.t['you']})" if seat == self.table.me else "")
            draw_text(surface, name, (left + 68, y + 8), theme.BODY, ink, Face.BOLD)
            cash = money(game.cash[seat]) if alive else form(self.app.lang, self.t["out"], gender=self.genders[seat])
            worth = money(holdings.net_worth(game, seat)) if alive else "—"
            draw_text(surface, cash, (right - 150, y + 8), theme.BODY, ink, anchor="topright")
            draw_text(surface, worth, (right, y + 8), theme.BODY, ink, Face.BOLD, "topright")
            y += ROW
        self.again.draw(surface, self.app.mouse)
        self.menu.draw(surface, self.app.mouse)

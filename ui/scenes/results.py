"""The results: who won (or that the game was drawn), the standings, the game's facts, every
player's net worth over the turns, and where the tokens came to rest, drawn on the board
as a heat map (the chart sits in the board's centre). Over a replay the same scene shows the
game so far, up to where the replay stands, and leads back to it."""
from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from zemlevlasnyk.engine import Event, holdings
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.charts import Series, draw_line_chart
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, shrink_name, steps
from zemlevlasnyk.ui.kit.widgets import Button, Style, draw_text, panel, wrap
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.scenes.table.board import draw_heat_board
from zemlevlasnyk.ui.scenes.table.geometry import BoardGeometry
from zemlevlasnyk.ui.sessions.seats import display_genders, display_names
from zemlevlasnyk.ui.sessions.view import TableView
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.words.ruleset import cell_name
from zemlevlasnyk.ui.words.stats import GameStats
from zemlevlasnyk.ui.words.text import Words, form, money

# The side panel's width at the reference window size (the board takes the rest).
PANEL_MIN = 400
PANEL_MAX = 500
MENU = "menu"
AGAIN = "again"


def standings(table: TableView, eliminated: Sequence[int] = ()) -> list[int]:
    """Seats from first place down: players still in by what they are worth, then the
    others, the last to go out first (`eliminated` in the order they went out)."""
    game = table.game
    alive = sorted((s for s in range(game.players) if game.alive[s]),
                   key=lambda s: (-holdings.net_worth(game, s), s))
    out = [s for s in reversed(eliminated) if not game.alive[s]]
    return alive + out + [s for s in range(game.players) if not game.alive[s] and s not in out]


def duration(seconds: float, t: Words) -> str:
    minutes = int(seconds // 60)
    if minutes < 1:
        return str(t["fact_under_minute"])
    if minutes < 60:
        return str(t["fact_minutes"].format(m=minutes))
    return str(t["fact_hours"].format(h=minutes // 60, m=minutes % 60))


def facts(stats: GameStats, names: Sequence[str], t: Words, lang: str) -> list[str]:
    """The game's facts in words: turns, time, the biggest rent, the most landed cell,
    trades, bankruptcies in order."""
    rules = stats.rules
    out = [t["fact_turns"].format(n=stats.turn), t["fact_time"].format(time=duration(stats.seconds, t))]
    rent = stats.biggest_rent
    if rent is None:
        out.append(t["fact_rent_none"])
    else:
        cell = cell_name(rules, rent.cell, lang) if rent.cell is not None else "—"
        out.append(t["fact_rent"].format(amount=money(rent.amount), payer=names[rent.payer], owner=names[rent.owner],
                                         cell=cell))
    landed = stats.most_landed()
    if landed is not None:
        out.append(t["fact_landed"].format(cell=cell_name(rules, landed[0], lang), n=landed[1]))
    out.append(t["fact_trades"].format(n=stats.trades))
    if stats.bankruptcies:
        items = ", ".join(t["fact_bankrupt_item"].format(name=names[b.seat], turn=b.turn) for b in stats.bankruptcies)
        out.append(t["fact_bankrupt"].format(list=items))
    else:
        out.append(t["fact_no_bankrupt"])
    return [str(line) for line in out]


class ResultsScene(Scene):
    def __init__(self, app: SceneHost, table: TableView, names: Sequence[str], eliminated: Sequence[int] = (), *,
                 again: nav.PlayComputer | nav.FriendsAgain | nav.Watch | nav.Back,
                 stats: GameStats | None = None) -> None:
        """`again`: where «play again» leads (the same game against the computer, back to
        the friends scene, a replay from its start, or back to the replay under this scene);
        `stats`: the game's figures (counted here from the table's events when not given)."""
        super().__init__(app)
        self.table = table
        self.again_to = again
        self.genders = display_genders(table.players, self.t, me=table.me, gender=app.settings.gender)
        self.names = list(names)
        self.order = standings(table, eliminated)
        if stats is None:
            stats = GameStats.start(table.game.rules, table.game.players, table.game.dealt)
            stats.feed([e for e in table.take_events() if isinstance(e, Event)])
            stats.finish()
        self.stats = stats
        self.again = Button("", AGAIN, style=Style.PRIMARY)
        self.menu = Button("", MENU)
        self.geo = BoardGeometry(pygame.Rect(0, 0, 400, 400), table.game.rules.size)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.board_image: pygame.Surface | None = None
        self.relabel()

    def relabel(self) -> None:
        """The language changed: the buttons, the computer players' names and the board (the
        rest is read from `t` when drawn)."""
        self.names = display_names(self.table.players, self.t) if self.names else self.names
        if isinstance(self.again_to, nav.Back):
            self.again.label = self.t["replay"]["back_to_replay"]
        elif isinstance(self.again_to, nav.Watch):
            self.again.label = self.t["replay"]["again"]
        else:
            self.again.label = self.t["play_again"]
        self.menu.label = self.t["back_to_menu"]
        self.board_image = None

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.sizes
        w, h = size
        gap = s.gap
        board = max(200, min(h - 2 * gap, w - s.px(PANEL_MIN) - 3 * gap))
        panel_w = min(s.px(PANEL_MAX), w - board - 3 * gap)
        left = (w - board - panel_w - 3 * gap) // 2 + gap
        self.geo = BoardGeometry(pygame.Rect(left, (h - board) // 2, board, board), self.table.game.rules.size)
        self.panel = pygame.Rect(left + board + gap, gap, panel_w, h - 2 * gap)
        inner = self.panel.inflate(-2 * s.px(20), -2 * s.px(20))
        half = (inner.width - s.px(12)) // 2
        for n, b in enumerate((self.again, self.menu)):
            b.rect = pygame.Rect(inner.left + n * (half + s.px(12)), inner.bottom - s.px(44), half, s.px(44))
            b.size = s.body
        self.board_image = None

    def next_frame(self) -> float:
        return math.inf   # nothing here moves by itself

    def handle_event(self, event: pygame.event.Event) -> None:
        click = event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
        key = event.key if event.type == pygame.KEYDOWN else None
        if (click and self.again.hit(event.pos)) or key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.go(self.again_to)
        elif key == pygame.K_ESCAPE and isinstance(self.again_to, nav.Back):
            self.app.go(nav.Back())
        elif (click and self.menu.hit(event.pos)) or key == pygame.K_ESCAPE:
            self.app.go(nav.Menu())

    # --- drawing ------------------------------------------------------------------------

    def _board(self) -> pygame.Surface:
        """The heat map with the net-worth chart in its centre (drawn once per size)."""
        if self.board_image is not None:
            return self.board_image
        s = self.sizes
        area = self.geo.area
        image = pygame.Surface(area.size)
        local = BoardGeometry(image.get_rect(), self.table.game.rules.size)
        draw_heat_board(image, local, self.stats.rules, self.app.lang, self.stats.landings)
        inner = local.centre.inflate(-2 * s.px(16), -2 * s.px(16))
        title = pygame.Rect(inner.left, inner.top, inner.width, s.body + s.px(10))
        draw_text(image, self.t["results_chart"], title.midleft, s.body, theme.INK, Face.BOLD, "midleft", box=title)
        note = self.t["results_heat"]
        note_lines = wrap(note, s.small, inner.width)[:2]
        note_h = len(note_lines) * (s.small + s.px(6))
        chart = pygame.Rect(inner.left, title.bottom + s.px(6), inner.width,
                            inner.bottom - title.bottom - s.px(12) - note_h)
        players = self.table.players
        series = [Series(self.names[seat], theme.player_colour(players[seat].colour),
                         [(turn, worth[seat]) for turn, worth in self.stats.worth])
                  for seat in range(len(players))]
        draw_line_chart(image, chart, series, s.tiny, x_label=self.t["results_turn_axis"])
        note_box = pygame.Rect(inner.left, inner.bottom - note_h, inner.width, note_h)
        for n, line in enumerate(note_lines):
            draw_text(image, line, (inner.left, note_box.top + n * (s.small + s.px(6))), s.small, theme.INK_SOFT,
                      box=note_box)
        self.board_image = image
        return image

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        surface.blit(self._board(), self.geo.area)
        s = self.sizes
        panel(surface, self.panel, theme.PANEL, radius=s.px(14), shadow=True)
        inner = self.panel.inflate(-2 * s.px(20), -2 * s.px(20))
        game = self.table.game
        outcome = game.outcome()
        y = inner.top
        head = pygame.Rect(inner.left, y, inner.width, s.small + s.px(8))
        # Over a replay the game is not over: the head says what this is.
        title = self.t["replay"]["title"] if isinstance(self.again_to, nav.Back) else self.t["results_title"]
        draw_text(surface, title, head.midleft, s.small, theme.INK_SOFT, Face.BOLD, "midleft", box=head)
        if isinstance(self.again_to, nav.Back):
            headline = self.t["replay"]["chart_title"].format(turn=self.stats.turn)
        elif outcome is None or outcome.winner is None:
            headline = self.t["results_draw"]
        elif outcome.winner == self.table.me:
            headline = self.t["results_you_won"]
        else:
            headline = self.t["results_winner"].format(name=self.names[outcome.winner])
        line = pygame.Rect(inner.left, head.bottom + s.px(4), inner.width, s.title + s.px(6))
        text, size = shrink_line(headline, line.width, steps(s.title - 4, s.heading), Face.BOLD)
        draw_text(surface, text, line.midleft, size, theme.INK, Face.BOLD, "midleft", box=line)
        y = line.bottom + s.px(14)
        y = self._draw_standings(surface, pygame.Rect(inner.left, y, inner.width, 0))
        y += s.px(18)
        head = pygame.Rect(inner.left, y, inner.width, s.small + s.px(8))
        draw_text(surface, self.t["results_facts"], head.midleft, s.small, theme.INK_SOFT, Face.BOLD, "midleft",
                  box=head)
        y = head.bottom + s.px(4)
        room = pygame.Rect(inner.left, y, inner.width, self.again.rect.top - s.px(12) - y)
        step = s.small + s.px(7)
        for fact in facts(self.stats, self.names, self.t, self.app.lang):
            for piece in wrap(fact, s.small, room.width):
                if y + step > room.bottom:
                    break
                draw_text(surface, piece, (room.left, y), s.small, theme.INK, box=room)
                y += step
        self.again.draw(surface, self.app.mouse)
        self.menu.draw(surface, self.app.mouse)

    def _draw_standings(self, surface: pygame.Surface, area: pygame.Rect) -> int:
        s = self.sizes
        game = self.table.game
        worth_w = s.px(110)
        cash_w = s.px(100)
        heads = pygame.Rect(area.left, area.top, area.width, s.tiny + s.px(8))
        worth_col = pygame.Rect(area.right - worth_w, 0, worth_w, 0)
        cash_col = pygame.Rect(worth_col.left - cash_w - s.px(8), 0, cash_w, 0)
        for col, label in ((cash_col, self.t["results_cash"]), (worth_col, self.t["results_worth"])):
            box = pygame.Rect(col.left, heads.top, col.width, heads.height)
            text, size = shrink_line(label, box.width, steps(s.tiny, theme.MIN_TEXT), Face.BOLD)
            draw_text(surface, text, box.midright, size, theme.INK_SOFT, Face.BOLD, "midright", box=box)
        y = heads.bottom + s.px(4)
        row_h = s.body + s.px(16)
        for place, seat in enumerate(self.order, start=1):
            player = self.table.players[seat]
            alive = game.alive[seat]
            ink = theme.INK if alive else theme.INK_SOFT
            row = pygame.Rect(area.left, y, area.width, row_h)
            num = pygame.Rect(row.left + s.px(6), row.top, s.px(26), row_h)
            dot = s.px(8)
            name_box = pygame.Rect(num.right + 2 * dot + s.px(8), row.top, cash_col.left - num.right - 2 * dot
                                   - s.px(16), row_h)
            label = self.names[seat] + (f" ({self.t['you']})" if seat == self.table.me else "")
            text, size, face = shrink_name(label, name_box.width, steps(s.body, theme.MIN_TEXT))
            figures = row
            if text != label:
                # A name too long to stand beside the figures has the row's width, and the
                # figures go on a line of their own under it.
                row.height = 2 * row_h
                name_box = pygame.Rect(name_box.left, row.top, row.right - name_box.left, row_h)
                figures = pygame.Rect(row.left, row.top + row_h, row.width, row_h)
                text, size, face = shrink_name(label, name_box.width, steps(s.body, theme.MIN_TEXT))
            if place == 1 and alive:
                pygame.draw.rect(surface, theme.BOARD_CENTRE, row, border_radius=s.radius)
            draw_text(surface, f"{place}.", num.midleft, s.body, ink, Face.BOLD, "midleft", box=num)
            pygame.draw.circle(surface, theme.player_colour(player.colour), (num.right + dot, num.centery), dot)
            draw_text(surface, text, name_box.midleft, size, ink, face, "midleft", box=name_box)
            cash = money(game.cash[seat]) if alive else form(self.app.lang, self.t["out"], gender=self.genders[seat])
            worth = money(holdings.net_worth(game, seat)) if alive else "—"
            for col, value, face in ((cash_col, cash, Face.REGULAR), (worth_col, worth, Face.BOLD)):
                box = pygame.Rect(col.left, figures.top, col.width, figures.height)
                text, size = shrink_line(value, box.width, steps(s.body, theme.MIN_TEXT), face)
                draw_text(surface, text, box.midright, size, ink, face, "midright", box=box)
            y += row.height
        return y

"""The table: the board, the players, the decision the game waits for, the event feed, the
deed card, and the answers to a computer player's trade or draw offer. At a friends table
(a `NetTable`) also the chat, the 30-second clock counting down, and, should our engine
catch the host cheating, a report across the board.

Every frame the scene takes the table's new events (told in words by `ui.narrate`, walked
by the token animator) and, when the table changed, asks the engine again what the person
may do. Clicks become intents; intents become actions sent to the table.
"""
from __future__ import annotations

import math
from collections import deque
from typing import Any

import pygame

from zemlevlasnyk.engine import Action, Bid, Build, EndTurn, Event, Phase, Resign, Roll, RollForDouble
from zemlevlasnyk.engine.events import Eliminated

from .. import nav, theme
from ..board import draw_board, draw_dice, draw_token
from ..board_geometry import BoardGeometry
from ..decisions import BID, RESIGN, TRADE, Intent, deed_buttons, main_buttons, prompt
from ..deed import WIDTH as DEED_WIDTH
from ..deed import deed_height, draw_deed, layout_deed
from ..fonts import Face
from ..narrate import narrate
from ..net_table import NetTable
from ..seats import WATCHING, display_genders, display_names
from ..table_view import TableView
from ..text import Say, form, money
from ..tokens import TokenAnimator
from ..widgets import Button, Stepper, Style, draw_text, flow, panel, scrim, wrap
from .base import Scene, SceneHost
from .connection import ConnectionBanner
from .offer import DIALOG_WIDTH, draw_offer, offer_height, place_answers

# The side panel never gets narrower than this; the board takes the rest of the width.
PANEL_MIN = 360
# Lines of the feed kept (older ones scroll away for good).
FEED_KEEP = 200
FEED_STEP = theme.SMALL + 6
# Feed lines one notch of the mouse wheel scrolls.
FEED_WHEEL_LINES = 3
# Bids go up in thousands: every price on the board is a whole number of thousands.
BID_STEP = 1000
# Seconds a change of cash stays shown beside the player's money.
CASH_FLASH = 2.5
# Seconds the final position stays on screen before the results.
RESULTS_DELAY = 1.5
BUTTON_HEIGHT = 40
PROMPT_SIZE = theme.BODY + 1
PROMPT_STEP = 23
PROMPT_LINES = 3
HINT_SIZE = theme.TINY + 1
HINT_STEP = 17
PLAYER_ROW = 50
# Below this window height the player rows tighten so the feed keeps some room.
COMPACT_HEIGHT = 760
COMPACT_PLAYER_ROW = 44

# At a friends table the chat takes this share of the feed's room, and never less than this.
CHAT_SHARE = 0.45
CHAT_MIN = 150
# The clock turns red with this many seconds left.
CLOCK_WARN = 10

# The moves Enter or Space make: the ones that only move the game on.
KEYBOARD_MOVES = (Roll, RollForDouble, EndTurn)

LEAVE = Intent("leave")
SETTINGS = Intent("settings")
GEAR = "⚙"
CANCEL = Intent("cancel")
CONFIRM_LEAVE = Intent("confirm_leave")


class TableScene(Scene):
    def __init__(self, app: SceneHost, table: TableView) -> None:
        super().__init__(app)
        self.table = table
        self.game = table.game
        self.me = table.me
        self.watching = table.me == WATCHING
        self.names = display_names(table.players, self.t)
        self.genders = display_genders(table.players, self.t, me=table.me, gender=app.settings.gender)
        self.animator = TokenAnimator(self.game.pos, self.game.rules.size)
        # What the feed tells, kept unworded (an engine event, or a message) so that it is
        # told again in a language chosen later; with the seat it concerns.
        self.feed: deque[tuple[Event | Say, int | None]] = deque(maxlen=FEED_KEEP)
        self.feed_lines: list[tuple[str, int | None]] = []
        self.feed_scroll = 0          # lines scrolled back from the newest
        self.feed_width = 0
        self.selected: int | None = None
        self.stepper = Stepper(0, 0, 0, BID_STEP)
        self.moves: list[Button] = []
        self.extras: list[Button] = []
        self.deed: list[Button] = []
        self.confirm: Intent | None = None
        self.confirm_buttons: list[Button] = []
        self.eliminated: list[int] = []
        self.shown_offer: tuple[int, str, int] | None = None
        self.cash_seen = list(self.game.cash)
        self.cash_flash: list[tuple[int, float]] = [(0, 0.0)] * self.game.players
        self.menu_button = Button(self.t["menu"], LEAVE, size=theme.SMALL)
        # The settings, mid-game: a gear, so the panel's header keeps its room.
        self.settings_button = Button(GEAR, SETTINGS, size=theme.BODY + 1)
        self.seen = -1
        self.row = PLAYER_ROW
        self.over_for = 0.0
        self.geo = BoardGeometry(pygame.Rect(0, 0, 440, 440), self.game.rules.size)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.deed_rect = pygame.Rect(0, 0, 0, 0)
        self.deed_close = pygame.Rect(0, 0, 0, 0)
        self.dialog = pygame.Rect(0, 0, 0, 0)
        self.decision_top = 0
        self.prompt_lines: list[str] = []
        self.hint_lines: list[str] = []
        self.hint_top = 0
        self.feed_area = pygame.Rect(0, 0, 0, 0)
        self.board_image: pygame.Surface | None = None
        self.board_key: tuple[Any, ...] | None = None
        self.net = table if isinstance(table, NetTable) else None
        # At a friends table: the connection's state over the board (moves wait while it is bad).
        self.connection = ConnectionBanner(self.net) if self.net is not None else None
        self.connection_seen: tuple[Any, ...] | None = None
        self.chat = None
        if self.net is not None:
            from .chat import ChatPanel
            self.chat = ChatPanel(self.t, self.net)
        self.clock_left: dict[int, float] = {}
        # What happened before the window opened is told in the feed, not walked again.
        self._tell(table.take_events())

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        gap = theme.GAP
        board = max(200, min(h - 2 * gap, w - PANEL_MIN - 3 * gap))
        self.geo = BoardGeometry(pygame.Rect(gap, (h - board) // 2, board, board), self.game.rules.size)
        self.panel = pygame.Rect(board + 2 * gap, gap, w - board - 3 * gap, h - 2 * gap)
        self.menu_button.rect = pygame.Rect(self.panel.right - 96, self.panel.top + 10, 84, 30)
        self.settings_button.rect = pygame.Rect(self.menu_button.rect.left - 8 - 30, self.panel.top + 10, 30, 30)
        self._rewrap_feed()
        self._place_buttons()

    def _place_buttons(self) -> None:
        """Lay the decision area out top to bottom: prompt, bid amount, moves, extras, hint;
        the feed takes what is left."""
        inner = self.panel.inflate(-28, 0)
        self.row = COMPACT_PLAYER_ROW if self.size[1] < COMPACT_HEIGHT else PLAYER_ROW
        self.decision_top = self.panel.top + 48 + len(self.names) * self.row + 16
        text = self.t["connection"]["watching"] if self.watching else prompt(self.game, self.me, self.names, self.t,
                                                                             self.app.lang)
        self.prompt_lines = wrap(text, PROMPT_SIZE, inner.width, Face.BOLD)[:PROMPT_LINES]
        y = self.decision_top + 6 + len(self.prompt_lines) * PROMPT_STEP + 8
        modal = self._modal()
        if BID in [b.intent for b in self.moves] and not modal:
            self.stepper.layout(pygame.Rect(inner.left, y, inner.width, BUTTON_HEIGHT))
            y += BUTTON_HEIGHT + 10
        if modal:
            self._place_dialog()
        elif self.moves:
            y = flow(self.moves, pygame.Rect(inner.left, y, inner.width, 0), BUTTON_HEIGHT) + 10
        shown_extras = [] if modal else self._confirm_buttons() or self.extras
        if shown_extras:
            y = flow(shown_extras, pygame.Rect(inner.left, y, inner.width, 0), BUTTON_HEIGHT - 8, gap=6) + 10
        self.hint_lines = wrap(self._hint(), HINT_SIZE, inner.width)[:3] if self._hint() else []
        self.hint_top = y
        y += len(self.hint_lines) * HINT_STEP + 12
        self.feed_area = pygame.Rect(inner.left, y + 10, inner.width, self.panel.bottom - y - 22)
        if self.chat is not None:
            room = max(CHAT_MIN, int(self.feed_area.height * CHAT_SHARE))
            self.chat.layout(pygame.Rect(inner.left, self.feed_area.bottom - room + 12, inner.width, room - 12))
            self.feed_area.height -= room
        if self.feed_area.width != self.feed_width:
            self._rewrap_feed()
        self._clamp_scroll()
        if self.selected is not None:
            height = deed_height(self.game, self.selected, self.t, len(self.deed))
            self.deed_rect = pygame.Rect(0, 0, DEED_WIDTH, height)
            self.deed_rect.center = self.geo.centre.center
            self.deed_rect.clamp_ip(pygame.Rect(0, 0, *self.size))
            self.deed_close = layout_deed(self.deed_rect, self.deed)
        if self.connection is not None:
            self.connection.place(self.geo.centre, self.names, self.t, self.app.lang, self.sizes)
        self._stop_moves()
        self._render_board()

    def _place_dialog(self) -> None:
        self.dialog = pygame.Rect(0, 0, DIALOG_WIDTH, offer_height(self.game))
        self.dialog.center = self.geo.centre.center
        self.dialog.clamp_ip(pygame.Rect(0, 0, *self.size))
        place_answers(self.dialog, self.moves[:2])

    def _modal(self) -> str | None:
        """The offer the person must answer in a dialog: a trade or a draw."""
        for d in self.game.pending():
            if d.seat == self.me and d.kind in ("trade_answer", "draw_answer"):
                return d.kind
        return None

    def _confirm_buttons(self) -> list[Button]:
        """While asking to confirm (resigning, leaving): the yes and no buttons."""
        return self.confirm_buttons

    def _ask(self, confirm: Intent | None) -> None:
        self.confirm = confirm
        if confirm is RESIGN:
            self.confirm_buttons = [Button(self.t["confirm_resign"], Resign(self.me), style=Style.DANGER),
                                    Button(self.t["cancel"], CANCEL)]
        elif confirm is CONFIRM_LEAVE:
            self.confirm_buttons = [Button(self.t["confirm_leave"], CONFIRM_LEAVE, style=Style.DANGER),
                                    Button(self.t["cancel"], CANCEL)]
        else:
            self.confirm_buttons = []

    # --- time -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        events = self.table.take_events()
        if events:
            self.animator.feed(events)
            self._tell(events)
        if self.table.refusal is not None:
            self.feed.append((Say("refused", {"why": self.table.refusal}), None))
            self.table.refusal = None
            self._rewrap_feed()
        self.animator.update(dt)
        self._track_cash(dt)
        self.table.hold = self.animator.busy
        self.clock_left = {seat: max(0.0, left - dt) for seat, left in self.clock_left.items()}
        link = self.connection.state() if self.connection is not None else None
        if self.table.records != self.seen or link != self.connection_seen:
            self.seen, self.connection_seen = self.table.records, link
            if self.net is not None:
                self.clock_left = self.net.clock_left()
            self.refresh()
        if self.table.outcome is not None and not self.animator.busy:
            self.over_for += dt
            if self.over_for >= RESULTS_DELAY:
                self.app.go(nav.Results(self.table, self.names, self.eliminated, again=self._again()))

    def _again(self) -> nav.PlayComputer | nav.FriendsAgain:
        """Where «play again» leads: the same game against the computer (opponents, level,
        name, rules), or back to the friends scene to open or join a new table."""
        if self.net is not None:
            return nav.FriendsAgain()
        players = self.table.players
        level = next((p.bot for p in players if p.bot is not None), None)
        if level is None:
            return nav.FriendsAgain()
        return nav.PlayComputer(self.names[self.me], len(players) - 1, level, rules=self.game.rules)

    def next_frame(self) -> float:
        """Every frame while a token walks or a change of cash is shown; else at the clock's
        next second; else only on news from the table or input."""
        if self.animator.busy or any(left > 0 for _, left in self.cash_flash):
            return 0.0
        if self.table.outcome is not None:
            return max(0.0, RESULTS_DELAY - self.over_for)
        if self.clock_left:
            return min(left - math.floor(left) for left in self.clock_left.values()) or 1.0
        return math.inf

    def _tell(self, events: list[Event]) -> None:
        """Put events into the feed, in words."""
        for e in events:
            if isinstance(e, Eliminated):
                self.eliminated.append(e.seat)
            if self._word(e) is not None:
                self.feed.append((e, _seat_of(e)))
        self._rewrap_feed()

    def _word(self, item: Event | Say) -> str | None:
        """A feed entry in the language shown now (None: an event not worth a line)."""
        if isinstance(item, Say):
            return self.say(item)
        return narrate(self.game.rules, item, self.app.lang, self.names, self.genders)

    def feed_texts(self) -> list[str]:
        """Every feed entry as worded now, oldest first."""
        return [text for item, _ in self.feed if (text := self._word(item)) is not None]

    def relabel(self) -> None:
        """The language changed: computer players' names, buttons, the feed and the board."""
        self.names = display_names(self.table.players, self.t)
        self.genders = display_genders(self.table.players, self.t, me=self.me, gender=self.app.settings.gender)
        self.menu_button.label = self.t["menu"]
        self._ask(self.confirm)
        self.board_key = None
        self.refresh()
        self._rewrap_feed()

    def _track_cash(self, dt: float) -> None:
        """Note each change of a player's cash, shown beside it for CASH_FLASH seconds."""
        for seat, cash in enumerate(self.game.cash):
            if cash != self.cash_seen[seat]:
                self.cash_flash[seat] = (cash - self.cash_seen[seat], CASH_FLASH)
                self.cash_seen[seat] = cash
            else:
                change, left = self.cash_flash[seat]
                self.cash_flash[seat] = (change, max(0.0, left - dt))

    def refresh(self) -> None:
        """Ask the engine again what the person may do (nothing while the connection is bad
        or the host was caught cheating: the buttons stay, disabled)."""
        self.moves, self.extras = main_buttons(self.game, self.me, self.t)
        legal = self.game.legal(self.me)
        if legal.bid is not None:
            self.stepper.value = legal.bid[0]
            self.stepper.set_range(*legal.bid)
            self.stepper.typing = None
        if self.confirm is RESIGN and not any(b.intent is RESIGN for b in self.extras):
            self._ask(None)
        self._show_offered_deed()
        self.deed = deed_buttons(self.game, self.me, self.selected, self.t) if self.selected is not None else []
        self._place_buttons()

    def _moves_wait(self) -> bool:
        return self.connection is not None and self.connection.stops_moves

    def _stop_moves(self) -> None:
        """While the connection is bad, every move button is shown disabled."""
        if self._moves_wait():
            for b in (*self.moves, *self.extras, *self.deed):
                b.enabled = False

    def _show_offered_deed(self) -> None:
        """Open the deed the person is asked to buy or bid for, once per offer (closing it
        keeps it closed)."""
        game = self.game
        if game.main_seat() != self.me or game.pending_buy is None:
            return
        cell = game.pending_buy
        key = (game.roll_count, game.phase, cell)
        if key != self.shown_offer:
            self.shown_offer = key
            self.selected = cell

    def _rewrap_feed(self) -> None:
        width = max(80, self.feed_area.width - 14)
        lines: list[tuple[str, int | None]] = []
        for item, seat in self.feed:
            text = self._word(item)
            for n, piece in enumerate(wrap(text or "", theme.SMALL, width)):
                lines.append((piece if n == 0 else "  " + piece, seat))
        if self.feed_scroll:
            # Reading older lines: new ones arrive below without moving what is shown.
            self.feed_scroll += max(0, len(lines) - len(self.feed_lines))
        self.feed_lines = lines
        self.feed_width = self.feed_area.width
        self._clamp_scroll()

    def _feed_fits(self) -> int:
        return max(0, self.feed_area.height // FEED_STEP)

    def _clamp_scroll(self) -> None:
        self.feed_scroll = max(0, min(self.feed_scroll, len(self.feed_lines) - self._feed_fits()))

    # --- input ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            if self.feed_area.collidepoint(self.app.mouse):
                self.feed_scroll += event.y * FEED_WHEEL_LINES
                self._clamp_scroll()
            return
        if self.connection is not None and self.connection.handle(event):
            self.table.close()
            self.app.go(nav.Menu())
            return
        if self.chat is not None and self.chat.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            if self.stepper.key(event):
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not self._modal() \
                    and not self.animator.busy:
                self._press_primary()
            elif event.key == pygame.K_ESCAPE:
                if self.selected is not None:
                    self._select(None)
                elif self.confirm is not None:
                    self._ask(None)
                    self._place_buttons()
                else:
                    self._intent(LEAVE)
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        pos = event.pos
        if self._modal():
            for b in self.moves:
                if b.hit(pos):
                    self.send(b.intent)
            return
        if self.selected is not None:
            if self.deed_close.collidepoint(pos):
                self._select(None)
                return
            for b in self.deed:
                if b.hit(pos) and not self.animator.busy:
                    self.send(b.intent)
                    return
            if self.deed_rect.collidepoint(pos):
                return
        if self.menu_button.hit(pos):
            self._intent(LEAVE)
            return
        if self.settings_button.hit(pos):
            self.app.go(nav.Settings())
            return
        if self.panel.collidepoint(pos):
            self._click_panel(pos, walking=self.animator.busy)
            return
        cell = self.geo.cell_at(pos)
        self._select(cell if cell != self.selected else None)

    def _click_panel(self, pos: tuple[int, int], *, walking: bool) -> None:
        """A click in the side panel. While a token walks, the moves wait for it to arrive;
        leaving the table does not."""
        if walking:
            buttons = [b for b in self._confirm_buttons() if b.intent in (CONFIRM_LEAVE, CANCEL)]
        elif BID in [b.intent for b in self.moves] and self.stepper.click(pos):
            return
        else:
            self.stepper.commit()
            buttons = [*self.moves, *(self._confirm_buttons() or self.extras)]
        for b in buttons:
            if b.hit(pos):
                self._intent(b.intent) if isinstance(b.intent, Intent) else self.send(b.intent)
                return

    def _press_primary(self) -> None:
        """Enter or Space: roll or end the turn; never a move that spends money."""
        for b in self.moves:
            if b.enabled and isinstance(b.intent, KEYBOARD_MOVES):
                self.send(b.intent)
                return

    def _select(self, cell: int | None) -> None:
        self.selected = cell
        self.deed = deed_buttons(self.game, self.me, cell, self.t) if cell is not None else []
        self._place_buttons()

    def _intent(self, intent: Intent) -> None:
        if intent is BID:
            self.stepper.commit()
            self.send(Bid(self.me, self.stepper.value))
        elif intent is TRADE:
            self.app.go(nav.Trade(self))
        elif intent is RESIGN:
            self._ask(RESIGN)
        elif intent is LEAVE:
            self._ask(CONFIRM_LEAVE)
        elif intent is CONFIRM_LEAVE:
            self.table.close()
            self.app.go(nav.Menu())
            return
        elif intent is CANCEL:
            self._ask(None)
        self._place_buttons()

    def send(self, action: Action) -> None:
        self._ask(None)
        if self._moves_wait():
            return   # the connection is bad (or the host cheated): the buttons are disabled
        self.table.act(action)
        self.refresh()

    # --- drawing --------------------------------------------------------------------------

    def _render_board(self) -> None:
        """Paint the board and its centre once per change of the game, the selection or the
        size: redrawing forty cells of fitted text every frame would cost most of a frame."""
        key = (self.table.records, self.selected, self.size, self.app.lang)
        if key == self.board_key:
            return
        self.board_key = key
        area = self.geo.area
        image = pygame.Surface(area.size)
        game = self.game
        highlight = []
        if game.phase is Phase.BUY and game.pending_buy is not None:
            highlight.append(game.pending_buy)
        if game.auction is not None:
            highlight.append(game.auction.cell)
        local = BoardGeometry(image.get_rect(), game.rules.size)
        buildable = [a.cell for a in game.legal(self.me).actions if isinstance(a, Build)]
        draw_board(image, local, game, self.table.players, self.app.lang, self.selected, highlight, buildable)
        self._draw_centre(image, local)
        self.board_image = image

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        game = self.game
        if self.board_image is not None:
            surface.blit(self.board_image, self.geo.area)
        radius = max(8, round(self.geo.cell * 0.2))
        active = game.main_seat()
        for seat, spot in enumerate(self.animator.spots(self.geo)):
            if game.alive[seat]:
                draw_token(surface, spot, radius, self.table.players[seat], self.names[seat], active=seat == active,
                           jailed=game.jailed[seat] and not self.animator.busy)
        self._draw_panel(surface)
        if self.selected is not None:
            draw_deed(surface, self.deed_rect, game, self.selected, self.names, self.t, self.app.lang,
                      self.deed, self.app.mouse, dimmed=self.animator.busy)
        modal = self._modal()
        if modal:
            scrim(surface)
            draw_offer(surface, self.dialog, self.game, self.names, self.t, self.app.lang)
            for b in self.moves[:2]:
                b.draw(surface, self.app.mouse)
        if self.net is not None:
            assert self.connection is not None
            self.connection.draw(surface, self.app.mouse)

    def _draw_clock(self, surface: pygame.Surface) -> None:
        """The seconds left for the person's decision, else for the player the game waits for."""
        if not self.clock_left or self.game.outcome() is not None:
            return
        seat = self.me if self.me in self.clock_left else self.game.main_seat()
        if seat not in self.clock_left:
            seat = min(self.clock_left)
        left = math.ceil(self.clock_left[seat])
        colour = theme.MONEY_LOSS if left <= CLOCK_WARN else theme.INK
        name = self.t["you"] if seat == self.me else self.names[seat]
        draw_text(surface, self.t["clock_left"].format(name=name, s=left),
                  (self.settings_button.rect.left - 12, self.panel.top + 14), theme.SMALL, colour, Face.BOLD,
                  "topright")

    def _draw_centre(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        centre = geo.centre
        title_size = max(20, centre.width // 12)
        draw_text(surface, self.t["title"].upper(), (centre.centerx, centre.top + centre.height // 5),
                  title_size, theme.BUTTON_PRIMARY, Face.BOLD, "center")
        game = self.game
        draw_text(surface, self.t["turn_n"].format(n=game.turn), (centre.centerx, centre.top + centre.height // 5
                  + title_size), theme.BODY, theme.INK_SOFT, anchor="center")
        if game.dice is not None:
            die = max(28, centre.width // 9)
            draw_dice(surface, (centre.centerx, centre.centery + die // 3), die, game.dice)
        seat = game.main_seat()
        if seat is not None and game.outcome() is None:
            who = self.t["you_decide"] if seat == self.me else self.t["turn_of"].format(name=self.names[seat])
            y = centre.bottom - centre.height // 5
            colour = theme.player_colour(self.table.players[seat].colour)
            rect = draw_text(surface, who, (centre.centerx + 12, y), theme.BODY + 1, theme.INK, Face.BOLD, "center")
            pygame.draw.circle(surface, colour, (rect.left - 14, rect.centery), 8)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        game = self.game
        panel(surface, self.panel, theme.PANEL, radius=12)
        inner = self.panel.inflate(-28, 0)
        draw_text(surface, self.t["players"], (inner.left, self.panel.top + 14), theme.SMALL, theme.INK_SOFT, Face.BOLD)
        self.menu_button.draw(surface, self.app.mouse)
        self.settings_button.draw(surface, self.app.mouse)
        self._draw_clock(surface)
        y = self.panel.top + 48
        active = game.main_seat()
        for seat, (player, name) in enumerate(zip(self.table.players, self.names)):
            row = pygame.Rect(inner.left - 6, y, inner.width + 12, self.row - 4)
            if seat == active and game.outcome() is None:
                pygame.draw.rect(surface, theme.BOARD_CENTRE, row, border_radius=8)
            colour = theme.player_colour(player.colour)
            alive = game.alive[seat]
            ink = theme.INK if alive else theme.BUTTON_INK_DISABLED
            pygame.draw.circle(surface, colour if alive else theme.BUTTON_DISABLED, (row.left + 20, row.centery), 11)
            label = name + (f"  ({self.t['you']})" if seat == self.me else "")
            draw_text(surface, label, (row.left + 40, row.top + 3), theme.BODY, ink, Face.BOLD)
            deeds = sum(1 for c in game.rules.properties if game.owner[c] == seat)
            status = [self.t["levels"].get(player.bot, player.bot)] if player.bot else []
            status.append(self.t["deeds_count"].format(n=deeds))
            if game.jailed[seat]:
                status.append(self.t["in_jail"])
            if not alive:
                status = [form(self.app.lang, self.t["out"], gender=self.genders[seat])]
            draw_text(surface, " · ".join(status), (row.left + 40, row.bottom - 4), theme.TINY + 1, theme.INK_SOFT,
                      anchor="bottomleft")
            cash = draw_text(surface, money(game.cash[seat]) if alive else "—", (row.right - 8, row.top + 3),
                             theme.BODY + 1, ink, Face.BOLD, "topright")
            change, left = self.cash_flash[seat]
            if change and left > 0 and alive:
                sign, colour = ("+", theme.MONEY_GAIN) if change > 0 else ("−", theme.MONEY_LOSS)
                draw_text(surface, sign + money(abs(change)), (cash.right, row.bottom - 4), theme.TINY + 1, colour,
                          Face.BOLD, "bottomright")
            y += self.row
        top = self.decision_top
        pygame.draw.line(surface, theme.PANEL_LINE, (inner.left, top - 8), (inner.right, top - 8))
        for n, line in enumerate(self.prompt_lines):
            draw_text(surface, line, (inner.left, top + 6 + n * PROMPT_STEP), PROMPT_SIZE, theme.INK, Face.BOLD)
        for n, line in enumerate(self.hint_lines):
            draw_text(surface, line, (inner.left, self.hint_top + n * HINT_STEP), HINT_SIZE, theme.INK_SOFT)
        modal = self._modal()
        if not modal:
            if BID in [b.intent for b in self.moves]:
                self.stepper.draw(surface, money)
            walking = self.animator.busy
            for b in self.moves:
                b.draw(surface, self.app.mouse, dimmed=walking)
            for b in self._confirm_buttons() or self.extras:
                b.draw(surface, self.app.mouse, dimmed=walking and b.intent not in (CONFIRM_LEAVE, CANCEL))
        self._draw_feed(surface)
        if self.chat is not None:
            self.chat.draw(surface)

    def _draw_feed(self, surface: pygame.Surface) -> None:
        area = self.feed_area
        if area.height < 40:
            return
        pygame.draw.line(surface, theme.PANEL_LINE, (area.left, area.top - 10), (area.right, area.top - 10))
        step = FEED_STEP
        fits = self._feed_fits()
        y = area.top
        end = len(self.feed_lines) - self.feed_scroll
        shown = self.feed_lines[max(0, end - fits):end] if fits else []
        for n, (line, seat) in enumerate(shown):
            fresh = not self.feed_scroll and n >= len(shown) - 3
            if seat is not None and not line.startswith("  "):
                colour = theme.player_colour(self.table.players[seat].colour)
                pygame.draw.circle(surface, colour, (area.left + 4, y + step // 2 - 2), 4)
            draw_text(surface, line, (area.left + 14, y), theme.SMALL, theme.INK if fresh else theme.INK_SOFT)
            y += step
        if self.feed_scroll:
            draw_text(surface, "↓ " + self.t["feed_newer"], (area.right, area.bottom), theme.TINY, theme.FOCUS,
                      Face.BOLD, "bottomright")

    def _hint(self) -> str:
        game = self.game
        if game.main_seat() != self.me or game.phase not in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.BUY, Phase.DEBT):
            return ""
        if not any(game.owner[c] == self.me for c in game.rules.properties):
            return ""
        return self.t["manage_hint"]


def _seat_of(e: Event) -> int | None:
    """The seat a feed line is about, for its colour: the actor, else the debtor or the payer."""
    for field in ("seat", "debtor", "from_seat", "to_seat"):
        v = getattr(e, field, None)
        if isinstance(v, int):
            return v
    return None

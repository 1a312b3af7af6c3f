"""The table: the board with its centre, and beside it the players, the decision the game
waits for and the event feed; over it the deed card, the cards of moments (a Фортуна card,
a bankruptcy), a computer player's offer, and the person's own bankruptcy. At a friends
table (a `NetTable`) also the chat, the decision clock (as long as the rules say), and,
should our engine catch the host cheating, a report across the board.

The table's events are shown in order and at a pace a person can follow, as the playback
says (`ui.sessions.playback.Playback`, no pygame): the dice tumble, then the token walks,
then a drawn card comes up; the feed, the sounds and the players' cash follow the same
timeline. Meanwhile the window holds the computer players (`TableView.hold`), and the
person's moves wait, dimmed. Every figure of the game is counted as well (`GameStats`) for
the results.

The parts live in their own modules: `players`, `decision`, `feed`, `centre`, `deed`,
`moments`, `dice`, `tokens`; this scene lays them out, draws what the playback shows,
routes input to them and sends the person's actions to the table.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame

from zemlevlasnyk.engine import (
    Action,
    Bid,
    Build,
    DeclareBankruptcy,
    EndTurn,
    Event,
    Game,
    OfferDraw,
    Phase,
    Resign,
    Roll,
    RollForDouble,
)
from zemlevlasnyk.engine.deal import dealt
from zemlevlasnyk.engine.events import Eliminated, TurnStarted
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.widgets import LABEL_MARGIN, Button, Style, draw_text, panel, scrim, text_width
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.scenes.connection import ConnectionBanner
from zemlevlasnyk.ui.scenes.offer import draw_offer, offer_rect, place_answers
from zemlevlasnyk.ui.scenes.table.board import draw_board, draw_token
from zemlevlasnyk.ui.scenes.table.cards import Pick, Picker, held_words, power_words, uses
from zemlevlasnyk.ui.scenes.table.centre import CentreLayout, centre_layout, draw_centre
from zemlevlasnyk.ui.scenes.table.choices import AMOUNT, BID, RESIGN, TRADE, Intent, deed_buttons, prompt, triple_cell
from zemlevlasnyk.ui.scenes.table.decision import DecisionPanel
from zemlevlasnyk.ui.scenes.table.deed import DeedCard, draw_deed, layout_deed, place_buttons
from zemlevlasnyk.ui.scenes.table.dice import draw_dice
from zemlevlasnyk.ui.scenes.table.feed import Entry, FeedPanel
from zemlevlasnyk.ui.scenes.table.geometry import BoardGeometry
from zemlevlasnyk.ui.scenes.table.moments import (
    FORTUNE,
    POWER,
    Shown,
    Words,
    bankruptcy_words,
    card_height,
    draw_card,
    fortune_words,
)
from zemlevlasnyk.ui.scenes.table.pick import CLOSE, OpenChoices, PickDialog
from zemlevlasnyk.ui.scenes.table.players import PlayersPanel
from zemlevlasnyk.ui.scenes.table.replay_bar import CHART, ReplayBar
from zemlevlasnyk.ui.scenes.table.tokens import spots
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.sessions.playback import PACE_SPEED, BankruptcyReport, Card, CardKind, Dice, Playback, Told
from zemlevlasnyk.ui.sessions.replay import Jump, ReplayTable
from zemlevlasnyk.ui.sessions.seats import WATCHING, display_genders, display_names, level_words, token_marks
from zemlevlasnyk.ui.sessions.view import TableView
from zemlevlasnyk.ui.shell import nav, sound
from zemlevlasnyk.ui.words.narrate import AuctionBids, narrate, narrate_bids
from zemlevlasnyk.ui.words.stats import GameStats
from zemlevlasnyk.ui.words.text import Say, catalogue, form
from zemlevlasnyk.ui.words.time_limit import turn_line, until_next_minute

# The side panel's width at the reference window size: never narrower (the board gives
# way), never wider (a wide window centres board and panel instead of stretching the panel).
PANEL_MIN = 360
PANEL_MAX = 470
# Seconds the final position stays on screen before the results.
RESULTS_DELAY = 1.5
# At a friends table the chat takes this share of the feed's room, and never less than this.
CHAT_SHARE = 0.45
CHAT_MIN = 150
# The feed always shows at least this many lines: what just happened at the table. Where a
# small window with the chat leaves less, the bid's quick raises give way first, then the
# chat shrinks to its title, two lines and its field (`ChatPanel.least`).
FEED_LEAST_LINES = 3
# The clock turns red with this many seconds left.
CLOCK_WARN = 10
# Seconds the moves wait for the table to answer the person's move before they may be
# pressed again (an answer lost with a dropped connection must not lock the person out).
SENT_PATIENCE = 10.0

# The moves Enter or Space make: the ones that only move the game on.
KEYBOARD_MOVES = (Roll, RollForDouble, EndTurn)

LEAVE = Intent("leave")
SETTINGS = Intent("settings")
GEAR = "⚙"
CANCEL = Intent("cancel")
CONFIRM_LEAVE = Intent("confirm_leave")
# Declaring bankruptcy ends the person's game, often while houses and mortgages could still
# pay: like resigning, it is asked twice.
DECLARE = Intent("declare_bankruptcy")
# A draw offer goes to every other player and, accepted, ends the game: asked once more too.
OFFER_DRAW = Intent("offer_draw")
# While these are asked, the question says what the answer means (its key in the catalogue).
CONFIRM_QUESTIONS = {DECLARE: "confirm_bankruptcy_question", OFFER_DRAW: "confirm_draw_question"}
WATCH = Intent("watch")
# Only computer players are left (the person is out): they play on at the instant pace.
FINISH = Intent("finish")
SOUND = Intent("sound")


class TableScene(Scene):
    def __init__(self, app: SceneHost, table: TableView) -> None:
        super().__init__(app)
        self.table = table
        self.me = table.me
        # A spectator at a friends table has no seat: the board, the feed and the chat, no moves.
        self.watching = table.me == WATCHING
        self.names = display_names(table.players, self.t)
        self.marks = token_marks(self.names)
        self.genders = display_genders(table.players, self.t, me=table.me, gender=app.settings.gender)
        game = self.game
        # A saved game watched again: its controls stand where the decision panel does.
        self.replay = table if isinstance(table, ReplayTable) else None
        self.bar = ReplayBar(self.replay) if self.replay is not None else None
        self.hurry = False          # the person let the computer players finish at once
        self.playback = Playback(lambda: self.table.game, table.me, speed=self._speed())
        self.players_panel = PlayersPanel()
        self.decision = DecisionPanel()
        self.pick: PickDialog | None = None     # the dialog of a choice naming a deed or a square
        self.feed = FeedPanel(self._word)
        self.selected: int | None = None
        self.deed: list[Button] = []
        self.deed_card: DeedCard | None = None
        self.confirm: Intent | None = None
        self.question_before: str | None = None    # the question a confirmation stands in for
        self.eliminated: list[int] = []
        self.my_bankruptcy: BankruptcyReport | None = None
        self.bankruptcy_buttons: list[Button] = []
        self.shown_offer: tuple[int, str, int] | None = None
        # The deed the offer opened (None once the person closed it or opened another).
        self.offer_opened: int | None = None
        # A held card's uses to choose from (Казка), over the table while it is open.
        self.picker: Picker | None = None
        self.menu_button = Button(self.t["menu"], LEAVE, size=theme.SMALL)
        # The settings, mid-game: a gear, so the panel's header keeps its room.
        self.settings_button = Button(GEAR, SETTINGS, size=theme.BODY + 1)
        self.sound_button = Button("♪", SOUND, size=theme.BODY)
        self.seen = -1
        self.over_for = 0.0
        self.geo = BoardGeometry(pygame.Rect(0, 0, 440, 440), game.rules.size)
        self.centre: CentreLayout = centre_layout(self.geo.inner, self.sizes, card=False, dice=self._dice_count())
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.inner = pygame.Rect(0, 0, 0, 0)
        self.decision_top = 0
        self.header = pygame.Rect(0, 0, 0, 0)
        self.dialog = pygame.Rect(0, 0, 0, 0)
        self.modal_box = pygame.Rect(0, 0, 0, 0)
        self.board_image: pygame.Surface | None = None
        self.board_key: tuple[Any, ...] | None = None
        self.net = table if isinstance(table, NetTable) else None
        # At a friends table: the connection's state over the board (moves wait while it is bad).
        self.connection = ConnectionBanner(self.net) if self.net is not None else None
        self.connection_seen: tuple[Any, ...] | None = None
        self.chat = None
        if self.net is not None:
            from zemlevlasnyk.ui.scenes.chat import ChatPanel
            self.chat = ChatPanel(self, self.net)
        self.clock_left: dict[int, float] = {}
        # Seconds since the table's latest record came (`clock_left` counts from it): the
        # countdown is worked out afresh from the records' signed times whenever the window
        # looks again (a record, the connection's state), never restarted by a look.
        self.clock_records = table.records
        self.record_age = 0.0
        # The table's record count when the person's move was sent, and the seconds since:
        # until the table answers (a record or a refusal) the moves wait, so a second click
        # never sends the same decision's move twice.
        self.sent: int | None = None
        self.sent_for = 0.0
        # What happened before the window opened is counted and told in the feed at once,
        # not played again.
        history = table.take_events()
        self.stats = GameStats.start(game.rules, game.players, game.dealt)
        self.stats.feed([e for e in history if isinstance(e, Event)])
        self.stats.seconds = table.played_before
        # The start's deal (a quick game's option) is in the state, not in any record's
        # events: told first, whether the game is new or resumed.
        for e in [*dealt(game), *history]:
            self._tell(e)
        if self.replay is None and not history and table.records == 1 and game.outcome() is None:
            # A new game opens on its first turn, and its start record has no event that
            # says so: shown as every later turn is (its line in the feed; the person's, the
            # your-turn sound), or a person who moves first heard nothing.
            self.playback.add([TurnStarted(game.active, game.turn)])
        jump = self.replay.take_jump() if self.replay is not None else None
        if jump is not None:
            self._stand(jump)
        # Ready to be drawn at once (the first update may come after the first frame).
        self.seen = table.records
        self.refresh()

    # --- what the scene shows -----------------------------------------------------------

    @property
    def game(self) -> Game:
        """The table's game as it stands (a replay's is another object at every record)."""
        return self.table.game

    @property
    def moves(self) -> list[Button]:
        return self.decision.moves

    @property
    def extras(self) -> list[Button]:
        return self.decision.confirm or self.decision.toolbar

    @property
    def busy(self) -> bool:
        """The window is still showing what happened: the table waits, the moves are dimmed."""
        return self.playback.busy

    @property
    def dice(self) -> Dice:
        return self.playback.dice

    @property
    def card(self) -> Card | None:
        """The card up now (a Фортуна card, another player's bankruptcy)."""
        return self.playback.card

    @property
    def waiting(self) -> bool:
        """The moves wait (dimmed, clicks pass): the window is showing what happened, news
        from the table is not shown yet (the buttons are of the decision before it), or the
        person's move was sent and the table has not answered."""
        return self.busy or self.table.records != self.seen or self.sent is not None

    def modal(self) -> str | None:
        """The offer the person must answer in a dialog: a trade or a draw."""
        if self.busy or self.my_bankruptcy is not None:
            return None
        for d in self.game.pending():
            if d.seat == self.me and d.kind in ("trade_answer", "draw_answer"):
                return d.kind
        return None

    # --- layout ---------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.sizes
        w, h = size
        gap = s.gap
        board = max(200, min(h - 2 * gap, w - s.px(PANEL_MIN) - 3 * gap))
        panel_w = min(s.px(PANEL_MAX), w - board - 3 * gap)
        left = (w - board - panel_w - 3 * gap) // 2 + gap
        self.geo = BoardGeometry(pygame.Rect(left, (h - board) // 2, board, board), self.game.rules.size)
        self.panel = pygame.Rect(left + board + gap, gap, panel_w, h - 2 * gap)
        pad = s.px(14)
        inner = self.panel.inflate(-2 * pad, 0)
        self.header = pygame.Rect(inner.left, self.panel.top + s.px(10), inner.width, s.px(30))
        self.menu_button.size = s.small
        width = text_width(self.menu_button.label, s.small, Face.BOLD) + s.px(24)
        self.menu_button.rect = pygame.Rect(self.header.right - width, self.header.top, width, self.header.height)
        right = self.menu_button.rect.left - s.px(6)
        for button in (self.settings_button, self.sound_button):
            button.size = s.body
            button.rect = pygame.Rect(right - s.px(34), self.header.top, s.px(34), self.header.height)
            right = button.rect.left - s.px(6)
        self.sound_button.size = s.body
        top = self.players_panel.layout(pygame.Rect(inner.left - s.px(6), self.header.bottom + s.px(8),
                                                    inner.width + s.px(12), 0), s, len(self.names))
        self.decision_top = top + s.px(14)
        self.inner = inner
        self._place()

    def _signed_ms(self) -> int:
        """The table's signed clock now: its latest record's, and the time since it came
        (a replay stands at its record's time)."""
        if self.replay is not None:
            return self.table.signed_ms
        return self.table.signed_ms + round(self.record_age * 1000)

    def _dice_count(self) -> int:
        """The dice the centre has room for: the speed die beside the white ones when the
        rules have it."""
        return 3 if self.table.game.rules.speed_die else 2

    def _place(self) -> None:
        """Everything whose place depends on the game: the decision panel's parts, the feed
        under them, the deed card, a dialog."""
        s = self.sizes
        inner = self.inner
        under_players = pygame.Rect(inner.left, self.decision_top, inner.width, 0)
        feed_least = FEED_LEAST_LINES * (s.small + s.px(6)) + s.px(24)    # as the feed steps
        chat_least = self.chat.least() + s.px(12) if self.chat is not None else 0
        if self.bar is not None:
            bottom = self.bar.layout(under_players, s, self.t)
        else:
            bottom = self.decision.layout(under_players, s, self.names)
            if self.panel.bottom - bottom < feed_least + chat_least:
                bottom = self.decision.layout(under_players, s, self.names, compact=True)
        feed = pygame.Rect(inner.left, bottom + s.px(12), inner.width, self.panel.bottom - bottom - s.px(24))
        if self.chat is not None:
            room = max(CHAT_MIN, int(feed.height * CHAT_SHARE))
            # The feed keeps its least lines; the chat gives way down to its own least.
            room = max(chat_least, min(room, feed.height + s.px(24) - feed_least))
            self.chat.layout(pygame.Rect(inner.left, feed.bottom - room + s.px(12), inner.width, room - s.px(12)))
            feed.height -= room
        self.feed.layout(feed, s)
        carded = self.selected is not None or self.card is not None
        self.centre = centre_layout(self.geo.inner, s, card=carded, dice=self._dice_count())
        self.deed_card = None
        if self.selected is not None and self.centre.card_room is not None:
            mine = self.game.owner[self.selected] == self.me
            self.deed_card = layout_deed(self.game, self.selected, self.names, self.t, s, self.centre.card_room,
                                         mine=mine)
            place_buttons(self.deed_card, self.deed)
        if self.pick is not None:
            self.pick.layout(self.geo.inner, s)
        if self.modal():
            self.dialog = offer_rect(self.game, self.t, self.app.lang, s, pygame.Rect(0, 0, *self.size))
            place_answers(self.dialog, self.moves[:2], s)
        if self.my_bankruptcy is not None:
            self._place_bankruptcy()
        if self.picker is not None:
            # Over the board's centre, so the cells it names stay in sight (framed); over the
            # whole window when the centre is too small for it.
            self.picker.layout(self.geo.inner, pygame.Rect(0, 0, *self.size), s)
        if self.connection is not None:
            self.connection.place(self.geo.inner, self.names, self.t, self.app.lang, s)
        self._stop_moves()

    def _place_bankruptcy(self) -> None:
        """The panel over the table, its answers side by side under its words; answers whose
        words would not fit side by side (three of them at 800x500) stand one above another."""
        assert self.my_bankruptcy is not None
        s = self.sizes
        width = min(self.size[0] - 2 * s.gap, s.px(560))
        shown = Shown(self.bankruptcy_words, theme.BUTTON_DANGER)
        buttons = self.bankruptcy_buttons
        count = max(1, len(buttons))
        gap, tall = s.px(16), s.px(40)
        each = (width - (count + 1) * gap) // count
        if any(text_width(b.label, theme.MIN_TEXT, Face.BOLD) + LABEL_MARGIN > each for b in buttons):
            rows, each = count, width - 2 * gap
        else:
            rows = 1
        height = card_height(shown, width, s) + rows * (tall + gap // 2) + s.px(20)
        self.modal_box = pygame.Rect(0, 0, width, min(self.size[1] - 2 * s.gap, height))
        self.modal_box.center = (self.size[0] // 2, self.size[1] // 2)
        for n, b in enumerate(buttons):
            column, row = (n, 0) if rows == 1 else (0, n)
            b.rect = pygame.Rect(self.modal_box.left + gap + column * (each + gap),
                                 self.modal_box.bottom - gap - tall - (rows - 1 - row) * (tall + gap // 2), each, tall)
            b.size = s.body

    # --- time -----------------------------------------------------------------------------

    def _speed(self) -> float:
        """How fast the table is shown: a replay's speed, else the pace of the settings (or at
        once, when the person let the computer players finish)."""
        if self.replay is not None:
            return self.replay.speed
        return math.inf if self.hurry else PACE_SPEED[self.app.settings.pace]

    def update(self, dt: float) -> None:
        if self.decision.stepper.update(dt):
            self.decision.relabel_bid(self.t)
        self.playback.speed = self._speed()
        self.table.pace(self.playback.bot_pace)
        if self.replay is not None:
            self.replay.tick(dt)
            jump = self.replay.take_jump()
            if jump is not None:
                self._stand(jump)
        events = self.table.take_events()
        if events:
            self.stats.feed([e for e in events if isinstance(e, Event)])
            self.playback.add(events)
        if self.table.refusal is not None:
            self.feed.add(Say("refused", {"why": self.table.refusal}), None)
            self.table.refusal = None
            self.sent = None     # refused: the decision is the person's again
        for news in self.table.take_news():
            self.feed.add(news, None)
        if self.replay is not None:
            self.stats.seconds = self.replay.seconds
            assert self.bar is not None
            self.bar.mark()
        elif self.game.outcome() is None:
            self.stats.seconds += dt
        for told in self.playback.update(dt):
            self._show(told)
        self.table.hold = self.busy or self.my_bankruptcy is not None
        self.clock_left = {seat: max(0.0, left - dt) for seat, left in self.clock_left.items()}
        self.record_age = 0.0 if self.table.records != self.clock_records else self.record_age + dt
        self.clock_records = self.table.records
        link = self.connection.state() if self.connection is not None else None
        self._answered(dt, link)
        # The decision waits until the window has shown how the game got there (a deed
        # offered for sale does not open while the dice are still in the air).
        if (self.table.records != self.seen and not self.busy) or link != self.connection_seen:
            self.seen, self.connection_seen = self.table.records, link
            if self.net is not None:
                self.clock_left = {seat: max(0.0, left - self.record_age)
                                   for seat, left in self.net.clock_left().items()}
            self.refresh()
        was_carded = self.centre.card_room is not None
        if was_carded != (self.selected is not None or self.card is not None):
            self._place()
        if self.table.outcome is not None and not self.busy and self.my_bankruptcy is None:
            self.over_for += dt
            if self.over_for >= RESULTS_DELAY:
                self.stats.finish()
                self.app.go(nav.Results(self.table, self.names, self.eliminated, again=self._again(),
                                        stats=self.stats))

    def _answered(self, dt: float, link: tuple[Any, ...] | None) -> None:
        """The person's sent move is answered by a record, or given up on when the
        connection changed or the table kept silent for SENT_PATIENCE seconds."""
        if self.sent is None:
            return
        self.sent_for += dt
        if self.table.records != self.sent or link != self.connection_seen or self.sent_for >= SENT_PATIENCE:
            self.sent = None

    def _again(self) -> nav.PlayComputer | nav.FriendsAgain | nav.Watch:
        """Where «play again» leads: the same game against the computer (opponents, level,
        name, rules), back to the friends scene to open or join a new table, or a replay
        from its start."""
        if self.replay is not None:
            return nav.Watch(self.replay)
        if self.net is not None:
            return nav.FriendsAgain()
        players = self.table.players
        level = next((p.bot for p in players if p.bot is not None), None)
        if level is None:
            return nav.FriendsAgain()
        return nav.PlayComputer(self.names[self.me], len(players) - 1, level, rules=self.game.rules)

    def next_frame(self) -> float:
        """Every frame while something moves (dice, a token, a card's time, a change of cash
        shown); else at the clock's next second, or when a sent move's patience runs out;
        else only on news from the table or input."""
        if self.playback.moving or self.decision.stepper.holding:
            return 0.0
        if self.table.outcome is not None and self.my_bankruptcy is None:
            return max(0.0, RESULTS_DELAY - self.over_for)
        patience = math.inf if self.sent is None else max(0.0, SENT_PATIENCE - self.sent_for)
        patience = min(patience, until_next_minute(self.game, self._signed_ms()))   # a time limit's line
        if self.clock_left:
            return min(patience, min(left - math.floor(left) for left in self.clock_left.values()) or 1.0)
        return patience

    def _show(self, told: Told) -> None:
        """One item the playback shows now: its sound, its line, a bankruptcy's story."""
        e = told.item
        if told.report is not None:
            self._bankruptcy(told.report)
        if isinstance(e, Event) and not self.playback.instant:
            # At once, a round of sounds would be noise, not the sound of a move.
            for cue in sound.cues_for([e], self.me):
                sound.play(cue)
        self._tell(e)

    def _stand(self, jump: Jump) -> None:
        """A replay moved to another record: stand there at once, with the figures and the
        feed as they were then."""
        self.playback.stand(self.game)
        self.stats = jump.stats
        self.eliminated = list(jump.eliminated)
        self.feed.restart((item, None if isinstance(item, Say) else _seat_of(item)) for item in jump.recent)
        self.over_for = 0.0
        self.selected = None
        self.refresh()

    def _bankruptcy(self, report: BankruptcyReport) -> None:
        if report.seat != self.me:
            # The panel changes once the card has been seen, and until then it still said
            # «Чекаємо: Богдан» of the player just gone out; when the person has nothing to
            # decide before or after, it says whom the table waits for now.
            if not self.watching and not self.decision.moves and self.game.main_seat() != self.me:
                self.decision.question = prompt(self.game, self.me, self.names, self.t, self.app.lang)
            return
        if report.owed is None:
            return   # the person resigned: they asked for it, and confirmed
        self.my_bankruptcy = report
        self.bankruptcy_buttons = self._bankruptcy_buttons()
        self._place()

    def _told(self, report: BankruptcyReport) -> Words:
        """A bankruptcy in the words of the language shown now."""
        return bankruptcy_words(report, self.game.rules, self.names, self.genders, self.t, catalogue(self.app.lang),
                                self.app.lang, self.me)

    def bankruptcy_words(self) -> Words:
        """The person's own bankruptcy, as the panel tells it."""
        assert self.my_bankruptcy is not None
        return self._told(self.my_bankruptcy)

    def _bankruptcy_buttons(self) -> list[Button]:
        """Watch on (or let the computer players finish at once) or leave; when the game
        ended with it, on to the results."""
        b = self.t["bankruptcy"]
        if self.game.outcome() is not None:
            return [Button(b["results"], WATCH, style=Style.PRIMARY)]
        finish = [Button(b["finish"], FINISH)] if self.table.can_finish() else []
        return [Button(b["watch"], WATCH, style=Style.PRIMARY), *finish, Button(b["leave"], CONFIRM_LEAVE)]

    def _tell(self, e: Event | Say) -> None:
        """One event in the feed (kept unworded: a later language tells it again)."""
        if isinstance(e, Eliminated):
            self.eliminated.append(e.seat)
        if self._word(e) is not None:
            self.feed.add(e, None if isinstance(e, Say) else _seat_of(e))

    def _word(self, item: Entry) -> str | None:
        """A feed entry in the language shown now (None: an event not worth a line)."""
        if isinstance(item, Say):
            return self.say(item)
        if isinstance(item, AuctionBids):
            return narrate_bids(self.game.rules, item, self.app.lang, self.names)
        return narrate(self.game.rules, item, self.app.lang, self.names, self.genders)

    def feed_texts(self) -> list[str]:
        """Every feed entry as worded now, oldest first."""
        return self.feed.texts()

    def refresh(self) -> None:
        """Ask the engine again what the person may do (nothing, at a host caught cheating)."""
        self.decision.refresh(self.game, self.me, self.names, self.t, self.app.lang,
                              reasons=catalogue(self.app.lang)["reasons"], watching=self.watching)
        if self.pick is not None and (self.watching or not self.pick.refresh(
                self.game, self.me, self.names, self.t, self.app.lang)):
            self.pick = None
        if not self.hurry and self.table.can_finish():
            self.decision.moves = [Button(self.t["finish"], FINISH, style=Style.PRIMARY)]
        self.decision.confirm = self._confirm_buttons()
        if self.confirm in CONFIRM_QUESTIONS:
            self.question_before = self.decision.question
            self.decision.question = str(self.t[CONFIRM_QUESTIONS[self.confirm]])
        if self.confirm is not None and not self._still_asked():
            self._ask(None)
        self._show_offered_deed()
        self.deed = self._deed_buttons(self.selected)
        if self.picker is not None:
            # The same card's uses as the game stands now, or none when it may not be used.
            card = self.picker.card
            self.picker = None
            if not self.watching and any(a.card == card for a in uses(self.game, self.me)):
                self.picker = Picker(self.game, self.me, card, self.names, self.t, self.app.lang)
        self._place()

    def _still_asked(self) -> bool:
        """What is being confirmed can still be done (a draw offer: its toolbar button is
        enabled, for the table takes it only while the person has a decision pending)."""
        if self.confirm is OFFER_DRAW:
            return any(isinstance(b.intent, OfferDraw) and b.enabled for b in self.decision.toolbar)
        asked = {RESIGN: Resign, DECLARE: DeclareBankruptcy}.get(self.confirm) if self.confirm else None
        return asked is None or any(isinstance(a, asked) for a in self._legal_actions())

    def _legal_actions(self) -> list[Action]:
        """What the person may do now (a spectator, nothing)."""
        return [] if self.watching else list(self.game.legal(self.me).actions)

    def _deed_buttons(self, cell: int | None) -> list[Button]:
        if cell is None or self.watching:
            return []
        return deed_buttons(self.game, self.me, cell, self.t)

    def _show_offered_deed(self) -> None:
        """Open the deed the person is asked to buy or bid for, once per offer (closing it
        keeps it closed); and close it once the offer and its auction are over, unless the
        person opened another meanwhile (it stayed open for many turns)."""
        game = self.game
        opened = self.offer_opened
        if opened is not None and game.pending_buy != opened and (game.auction is None or game.auction.cell != opened):
            if self.selected == opened:
                self.selected = None
            self.offer_opened = None
        if game.main_seat() != self.me or game.pending_buy is None:
            return
        cell = game.pending_buy
        key = (game.roll_count, game.phase, cell)
        if key != self.shown_offer:
            self.shown_offer = key
            self.selected = self.offer_opened = cell

    def relabel(self) -> None:
        """The language changed: computer players' names, buttons, the feed and the board."""
        self.names = display_names(self.table.players, self.t)
        self.marks = token_marks(self.names)
        self.genders = display_genders(self.table.players, self.t, me=self.me, gender=self.app.settings.gender)
        self.menu_button.label = self.t["menu"]
        self._ask(self.confirm)
        self.board_key = None
        if self.my_bankruptcy is not None:
            self.bankruptcy_buttons = self._bankruptcy_buttons()
        self.feed.reword()
        self.refresh()

    # --- input ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.my_bankruptcy is None and self.decision.stepper_event(event, self.app.mouse, walking=self.waiting):
            self.decision.relabel_bid(self.t)
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.feed.rect.collidepoint(self.app.mouse):
                self.feed.wheel(event.y)
            return
        if self.my_bankruptcy is not None:
            self._handle_bankruptcy(event)
            return
        if self.bar is not None and self._handle_replay(event):
            return
        if self.connection is not None and self.connection.handle(event):
            self.table.close()
            self.app.go(nav.Menu())
            return
        if self.chat is not None and self.chat.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return
        pos = event.pos
        if self.picker is not None:
            self._click_picker(pos)
            return
        if self.modal():
            for b in self.moves[:2]:
                if b.hit(pos) and not self.waiting:
                    self.send(b.intent)
            return
        if self.card is not None and self.centre.card_room is not None \
                and self.centre.card_room.collidepoint(pos):
            self.playback.dismiss()
            self._place()
            return
        if self.pick is not None and self.pick.rect.collidepoint(pos):
            chosen = self.pick.click(pos)
            if chosen is CLOSE:
                self.pick = None
            elif chosen is not None and not isinstance(chosen, OpenChoices) and not self.waiting:
                self.pick = None
                self.send(chosen)
            self._place()
            return
        if self.deed_card is not None and self.selected is not None:
            if self.deed_card.close.collidepoint(pos):
                self._select(None)
                return
            for b in self.deed:
                if b.hit(pos) and not self.waiting:
                    self.send(b.intent)
                    return
            if self.deed_card.rect.collidepoint(pos):
                return
        for button in (self.menu_button, self.settings_button, self.sound_button):
            if button.hit(pos):
                self._intent(button.intent)
                return
        if self.panel.collidepoint(pos):
            self._click_panel(pos)
            return
        cell = self.geo.cell_at(pos)
        move = None if self.waiting else triple_cell(self.game, self.me, cell)
        if move is not None:
            self.send(move)   # a triple of the speed die: the cell clicked is where the token goes
            return
        self._select(cell if cell != self.selected else None)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not self.modal() \
                and not self.waiting:
            self._press_primary()
        elif event.key == pygame.K_m:
            self._intent(SOUND)
        elif event.key == pygame.K_ESCAPE:
            if self.pick is not None:
                self.pick = None
                self._place()
            elif self.picker is not None:
                self.picker = None
                self.board_key = None
                self._place()
            elif self.card is not None:
                self.playback.dismiss()
                self._place()
            elif self.selected is not None:
                self._select(None)
            elif self.confirm is not None:
                self._ask(None)
                self._place()
            else:
                self._intent(LEAVE)

    def _handle_replay(self, event: pygame.event.Event) -> bool:
        """The replay's controls: their clicks, drags and keys (True when taken)."""
        assert self.bar is not None
        if event.type == pygame.KEYDOWN:
            return self.bar.key(event)
        if event.type == pygame.MOUSEMOTION:
            self.bar.drag(event.pos, bool(event.buttons[0]))
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            self.bar.drag(event.pos, False)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.panel.collidepoint(event.pos):
            if self.bar.click(event.pos) == CHART:
                self._chart()
            return self.bar.track.collidepoint(event.pos) or any(b.rect.collidepoint(event.pos)
                                                                 for b in self.bar.buttons)
        return False

    def _chart(self) -> None:
        """The replay's figures up to where it stands: the results scene, back to the replay."""
        stats = self.stats.copy()
        stats.finish()
        self.app.go(nav.Chart(self.table, list(self.names), list(self.eliminated), stats))

    def _handle_bankruptcy(self, event: pygame.event.Event) -> None:
        """The person's bankruptcy is up: only its two answers (Enter: watch on)."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self._intent(WATCH)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for b in self.bankruptcy_buttons:
                if b.hit(event.pos):
                    self._intent(b.intent)

    def _click_picker(self, pos: tuple[int, int]) -> None:
        """The picker is up: one of its uses, its cancel, or a click beside it (which closes it)."""
        assert self.picker is not None
        choice = self.picker.click(pos)
        if isinstance(choice, Pick) or (choice is None and not self.picker.rect.collidepoint(pos)):
            self.picker = None
            self.board_key = None
            self._place()
        elif choice is not None and not self.waiting:
            self.send(choice)

    def _click_panel(self, pos: tuple[int, int]) -> None:
        """A click in the side panel: a deed's chip opens its card, a card's badge that card;
        the buttons wait while a move is being shown, except the answers of a confirmation."""
        cell = self.players_panel.chip_at(pos)
        if cell is not None:
            self._select(cell if cell != self.selected else None)
            return
        badge = self.players_panel.card_at(pos)
        if badge is not None:
            self.playback.held(*badge)
            self._place()
            return
        intent = self.decision.click(pos, walking=self.waiting)
        if intent is None:
            return
        asks = DECLARE if isinstance(intent, DeclareBankruptcy) else OFFER_DRAW if isinstance(intent, OfferDraw) \
            else None
        if asks is not None and not any(b.hit(pos) for b in self.decision.confirm):
            self._ask(asks)    # the move's (or toolbar's) button asks; the confirmation's acts
            self._place()
            return
        if isinstance(intent, Pick):
            self.picker = Picker(self.game, self.me, intent.card, self.names, self.t, self.app.lang)
            self.board_key = None
            self._place()
        elif isinstance(intent, (Intent, OpenChoices)):
            self._intent(intent)
        else:
            self.send(intent)

    def _press_primary(self) -> None:
        """Enter or Space: roll or end the turn; never a move that spends money."""
        for b in self.moves:
            if b.enabled and isinstance(b.intent, KEYBOARD_MOVES):
                self.send(b.intent)
                return

    def _select(self, cell: int | None) -> None:
        self.selected = cell
        self.offer_opened = None    # the person's own choice: theirs to close
        self.deed = self._deed_buttons(cell)
        self._place()

    def _intent(self, intent: Intent | OpenChoices) -> None:
        if isinstance(intent, OpenChoices):
            self.pick = PickDialog(intent.kind)
            if not self.pick.refresh(self.game, self.me, self.names, self.t, self.app.lang):
                self.pick = None
        elif intent is BID:
            self.decision.stepper.commit()
            self.send(Bid(self.me, self.decision.stepper.value))
        elif intent is AMOUNT:
            self.decision.stepper.commit()
            chosen = self.game.amount_action(self.me, self.decision.stepper.value)
            if chosen is not None:
                self.send(chosen)
        elif intent is TRADE:
            self.app.go(nav.Trade(self))
        elif intent is RESIGN:
            self._ask(RESIGN)
        elif intent is LEAVE and self.replay is not None:
            self.table.close()      # a replay loses nothing: no question asked
            self.app.go(nav.Menu())
            return
        elif intent is LEAVE:
            self._ask(CONFIRM_LEAVE)
        elif intent is CONFIRM_LEAVE:
            self.table.close()
            self.app.go(nav.Menu())
            return
        elif intent is WATCH:
            self.my_bankruptcy = None
            self.bankruptcy_buttons = []
        elif intent is FINISH:
            self.hurry = True
            self.my_bankruptcy = None
            self.bankruptcy_buttons = []
            for told in self.playback.hurry():
                self._show(told)
            self.refresh()
        elif intent is SETTINGS:
            self.app.go(nav.Settings())
            return
        elif intent is SOUND:
            # Through the settings, so the choice is kept and the settings scene shows it.
            self.app.change_settings(replace(self.app.settings, sound=not self.app.settings.sound))
        elif intent is CANCEL:
            self._ask(None)
        self._place()

    def _ask(self, confirm: Intent | None) -> None:
        if confirm is not self.confirm and self.question_before is not None:
            self.decision.question, self.question_before = self.question_before, None
        if confirm in CONFIRM_QUESTIONS and confirm is not self.confirm:
            # The question says what the answer means while the yes and no wait.
            self.question_before = self.decision.question
            self.decision.question = str(self.t[CONFIRM_QUESTIONS[confirm]])
        self.confirm = confirm
        self.decision.confirm = self._confirm_buttons()

    def _confirm_buttons(self) -> list[Button]:
        """While asking to confirm (resigning, declaring bankruptcy, leaving): the yes and no
        buttons."""
        if self.confirm is RESIGN:
            return [Button(self.t["confirm_resign"], Resign(self.me), style=Style.DANGER),
                    Button(self.t["cancel"], CANCEL)]
        if self.confirm is DECLARE:
            return [Button(self.t["confirm_bankruptcy"], DeclareBankruptcy(self.me), style=Style.DANGER),
                    Button(self.t["cancel"], CANCEL)]
        if self.confirm is OFFER_DRAW:
            return [Button(self.t["confirm_draw"], OfferDraw(self.me), style=Style.PRIMARY),
                    Button(self.t["cancel"], CANCEL)]
        if self.confirm is CONFIRM_LEAVE:
            return [Button(self.t["confirm_leave"], CONFIRM_LEAVE, style=Style.DANGER),
                    Button(self.t["cancel"], CANCEL)]
        return []

    def _moves_wait(self) -> bool:
        return self.connection is not None and self.connection.stops_moves

    def _stop_moves(self) -> None:
        """While the connection is bad, every move button is shown disabled."""
        if self._moves_wait():
            shown = self.pick.items if self.pick is not None else []
            for b in (*self.decision.moves, *self.decision.raises, *self.decision.toolbar, *self.deed, *shown):
                b.enabled = False

    def send(self, action: Action) -> None:
        self._ask(None)
        if self.picker is not None:
            self.picker = None
            self.board_key = None
        if self._moves_wait():
            return   # the connection is bad (or the host cheated): the buttons are disabled
        before = self.table.records
        if self.table.act(action) and self.table.records == before:
            self.sent, self.sent_for = before, 0.0
        self.refresh()

    # --- drawing --------------------------------------------------------------------------

    def _render_board(self) -> pygame.Surface:
        """Paint the board and its centre once per change of the game, the selection, the
        card shown or the size: redrawing forty cells of fitted text every frame would cost
        most of a frame."""
        carded = self.centre.card_room is not None
        turn = turn_line(self.t, self.game, self._signed_ms())
        picking = None if self.picker is None else self.picker.card
        key = (self.table.records, self.selected, self.size, carded, self.app.lang, turn, picking)
        if key == self.board_key and self.board_image is not None:
            return self.board_image
        self.board_key = key
        area = self.geo.area
        image = pygame.Surface(area.size)
        game = self.game
        highlight = []
        if game.phase is Phase.BUY and game.pending_buy is not None:
            highlight.append(game.pending_buy)
        if game.auction is not None:
            highlight.append(game.auction.cell)
        if self.picker is not None:
            highlight += self.picker.cells
        local = BoardGeometry(image.get_rect(), game.rules.size)
        buildable = [a.cell for a in self._legal_actions() if isinstance(a, Build)]
        draw_board(image, local, game, self.table.players, self.app.lang, self.selected, highlight, buildable)
        offset = (-area.left, -area.top)
        layout = self.centre
        local_layout = CentreLayout(None if layout.title is None else layout.title.move(offset),
                                    layout.turn.move(offset), layout.dice, layout.dice_size, layout.who.move(offset),
                                    None)
        draw_centre(image, local_layout, game, self.table.players, self.names, self.me, self.t, self.sizes,
                    self.app.lang, turn=turn)
        self.board_image = image
        return image

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        game = self.game
        surface.blit(self._render_board(), self.geo.area)
        draw_dice(surface, self.dice, self.centre.dice, self.centre.dice_size, count=self.centre.dice_count)
        radius = self.geo.token_radius
        active = game.main_seat()
        walking = self.playback.walks.busy
        order = sorted(range(game.players), key=lambda seat: seat == active)   # the one to move on top
        where = spots(self.playback.walks, self.geo)
        leaving = self.playback.leaving()
        for seat in order:
            if game.alive[seat] or seat in leaving:
                draw_token(surface, where[seat], radius, self.table.players[seat], self.marks[seat],
                           active=seat == active, jailed=game.jailed[seat] and not walking)
        self._draw_panel(surface)
        room = self.centre.card_room
        if self.card is not None and room is not None:
            moment = self._shown(self.card)
            width = min(room.width, self.sizes.px(360))
            height = min(room.height, card_height(moment, width, self.sizes))
            card = pygame.Rect(0, 0, width, height)
            card.center = room.center
            draw_card(surface, card, moment, self.sizes)
        elif self.selected is not None and self.deed_card is not None:
            draw_deed(surface, self.deed_card, game, self.selected, self.names, self.t, self.app.lang, self.deed,
                      self.app.mouse, dimmed=self.waiting)
        if self.pick is not None:
            self.pick.draw(surface, self.app.mouse, dimmed=self.waiting)
        if self.modal():
            scrim(surface)
            draw_offer(surface, self.dialog, game, self.names, self.t, self.app.lang, self.sizes)
            for b in self.moves[:2]:
                b.draw(surface, self.app.mouse)
        if self.picker is not None:
            self.picker.draw(surface, self.app.mouse)
        if self.my_bankruptcy is not None:
            self._draw_bankruptcy(surface)
        if self.connection is not None:
            self.connection.draw(surface, self.app.mouse)

    def _out_words(self) -> list[str]:
        """«Out of the game», said of each seat."""
        return [form(self.app.lang, self.t["out"], gender=gender) for gender in self.genders]

    def _shown(self, card: Card) -> Shown:
        """A card of the playback's, as drawn: its words in the language shown now."""
        if card.kind is CardKind.FORTUNE:
            drawn = card.drawn
            assert drawn is not None
            return Shown(lambda: fortune_words(self.game.rules, drawn, self.names, self.t, self.app.lang, self.me),
                         FORTUNE)
        if card.kind is CardKind.POWER:
            used = card.used
            assert used is not None
            return Shown(lambda: power_words(self.game.rules, used, self.names, self.t, self.app.lang, self.me), POWER)
        if card.kind is CardKind.HELD:
            assert card.held is not None
            seat, held = card.held
            return Shown(lambda: held_words(self.game.rules, held, seat, self.names, self.t, self.app.lang, self.me),
                         POWER)
        report = card.report
        assert report is not None
        return Shown(lambda: self._told(report), theme.BUTTON_DANGER)

    def _draw_bankruptcy(self, surface: pygame.Surface) -> None:
        assert self.my_bankruptcy is not None
        scrim(surface)
        box = self.modal_box
        card = pygame.Rect(box.left, box.top, box.width, box.height)
        draw_card(surface, card, Shown(self.bankruptcy_words, theme.BUTTON_DANGER), self.sizes)
        for b in self.bankruptcy_buttons:
            b.draw(surface, self.app.mouse)

    def _draw_clock(self, surface: pygame.Surface) -> None:
        """The seconds left for the person's decision, else for the player the game waits for.

        At a joined table, a count run out with the decision still open says the window
        waits for the host: the host may have restarted the count (it was away: a closed
        lid, a stopped process; docs/PROTOCOL.md section 7), which nothing signed tells a
        peer, and a «0 s» standing for seconds would be time shown running that is not."""
        if not self.clock_left or self.game.outcome() is not None:
            return
        seat = self.me if self.me in self.clock_left else self.game.main_seat()
        if seat is None or seat not in self.clock_left:
            seat = min(self.clock_left)
        left = math.ceil(self.clock_left[seat])
        colour = theme.MONEY_LOSS if left <= CLOCK_WARN else theme.INK
        name = self.t["you"] if seat == self.me else self.names[seat]
        words = self.t["clock_left"].format(name=name, s=left)
        if left <= 0 and self.net is not None and not self.net.session.is_host:
            words, colour = self.t["clock_waiting"], theme.INK_SOFT
        s = self.sizes
        box = pygame.Rect(self.header.left + s.px(80), self.header.top, self.sound_button.rect.left - s.px(8)
                          - self.header.left - s.px(80), self.header.height)
        text, size = shrink_line(words, box.width, steps(s.small, theme.MIN_TEXT), Face.BOLD)
        draw_text(surface, text, (box.right, box.centery), size, colour, Face.BOLD, "midright", box=box)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        s = self.sizes
        panel(surface, self.panel, theme.PANEL, radius=s.px(12))
        header = self.header
        label_box = pygame.Rect(header.left, header.top, s.px(80), header.height)
        draw_text(surface, self.t["players"], (label_box.left, label_box.centery), s.small, theme.INK_SOFT, Face.BOLD,
                  "midleft", box=label_box)
        self.menu_button.draw(surface, self.app.mouse)
        self.settings_button.draw(surface, self.app.mouse)
        self.sound_button.draw(surface, self.app.mouse)
        if not self.app.settings.sound:
            r = self.sound_button.rect.inflate(-s.px(12), -s.px(10))
            pygame.draw.line(surface, theme.MONEY_LOSS, r.bottomleft, r.topright, 3)
        self._draw_clock(surface)
        self.players_panel.draw(surface, self.game, self.table.players, self.names, self.t, me=self.me,
                                cash=self.playback.cash, flash=self.playback.flash, out=self._out_words(),
                                levels=[level_words(self.app.lang, self.t, p, g)
                                        for p, g in zip(self.table.players, self.genders, strict=False)],
                                offline=frozenset(self.net.offline) if self.net is not None else frozenset(),
                                gone=frozenset(self.net.left) if self.net is not None else frozenset())
        line_y = self.decision_top - s.px(7)
        pygame.draw.line(surface, theme.PANEL_LINE, (self.inner.left, line_y), (self.inner.right, line_y))
        if self.bar is not None:
            self.bar.draw(surface, self.t, self.app.mouse)
        elif not self.modal():
            self.decision.draw(surface, self.game, self.table.players, self.names, self.app.mouse,
                               walking=self.waiting)
        feed_top = self.feed.rect.top - s.px(6)
        pygame.draw.line(surface, theme.PANEL_LINE, (self.inner.left, feed_top), (self.inner.right, feed_top))
        self.feed.draw(surface, self.table.players, self.t["feed_newer"])
        if self.chat is not None:
            self.chat.draw(surface)


def _seat_of(e: Event) -> int | None:
    """The seat a feed line is about, for its colour: the actor, else the debtor or the payer."""
    for field in ("seat", "debtor", "from_seat", "to_seat"):
        v = getattr(e, field, None)
        if isinstance(v, int):
            return v
    return None

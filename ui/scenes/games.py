"""The saved games (issue 8, issue 19): this window's profile's, each a row with its date, its
players (named as the table names them) and how far it got; a click plays it on, and its
«Переглянути» / "Watch" button (finished games too) opens it as a replay, verified first: a
file that fails the check says why in one line and is not shown (issue 24).
A game against the computer is played on here and now, from its last record
(`ui.sessions.vs_computer.resume_table`): the same secrets and computer players, so it goes
on as it would have. A game with friends looks for its table on the network: advertised
again (its host back, or a player who took it over), the window rejoins it with its key;
otherwise the window takes the table over and hosts it from the saved game, the others
rejoining with theirs (`p2p.net.resume.resume_follower`, docs/PROTOCOL.md section 9), and
the table opens as a friends table does (`ui.sessions.join.JoinSession`). Unfinished games
come first, newest first; then files that cannot be read and finished games (with their
result), shown so that a player who looks for them learns why they cannot be played on. A
game that cannot be resumed says why, in words; the detail goes to the log.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from zemlevlasnyk.p2p import (
    GAMES_DIR,
    GameFile,
    InterfaceError,
    Profile,
    ProtocolError,
    choose_interfaces,
    data_dir,
    games_of,
    load_or_create,
    table_code,
)
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.widgets import LABEL_MARGIN, Button, draw_text, fit_line, text_width, wrap
from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.sessions.seats import display_names, result_words
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.words.problems import explain, resume_words, trouble
from zemlevlasnyk.ui.words.text import Say, form
from zemlevlasnyk.ui.words.verdicts import failure_text

if TYPE_CHECKING:
    from zemlevlasnyk.p2p import Verdict

BACK = "back"
# At the reference window size (theme.Sizes scales them).
WIDTH = 720
ROW_HEIGHT = 60
ROW_GAP = 8
ROW_PAD = 14
BACK_WIDTH = 220
BUTTON_HEIGHT = 46
TITLE_TOP = 36
# The note takes at most this many lines, a message at most MESSAGE_LINES (the rest of a long
# message is cut; the note always fits: tests/ui/window/test_ui_kept.py).
NOTE_LINES = 3
MESSAGE_LINES = 2
DATE = "%Y-%m-%d %H:%M"
# A row's «Watch» button, at the reference window size.
WATCH_WIDTH = 130


def _line(size: int) -> int:
    """The height of a line of text of `size` pixels, with room between lines."""
    return size + size // 3


def _order(game: GameFile) -> int:
    """Unfinished games first, then unreadable files, then finished games."""
    if game.header is None:
        return 1
    return 2 if game.finished else 0


def saved_games(me: bytes, folder: Path | None = None) -> list[GameFile]:
    """The profile's saved games as the scene lists them (newest first in each group)."""
    games = games_of(folder or data_dir() / GAMES_DIR, me, finished=True)
    return sorted(games, key=_order)   # stable: newest first within each group


class GamesScene(Scene):
    def __init__(self, app: SceneHost, *, profile: Profile | None = None, folder: Path | None = None,
                 listed: Sequence[GameFile] | None = None, message: Say | None = None) -> None:
        """`profile`: whose saved games (default: the stored default profile); `folder`:
        where they are (default: the data folder's games); `listed`: show these instead of
        looking (a screenshot); `message`: why a game could not be resumed (the menu's)."""
        super().__init__(app)
        self.message = message
        self.refused: Verdict | None = None     # a saved game not shown as a replay, and why
        self.profile = profile
        if listed is not None:
            self.games = list(listed)
        else:
            if profile is None:
                try:
                    self.profile = load_or_create("default")
                except ProtocolError as exc:
                    self.message = explain(exc, "the default profile")
            self.games = saved_games(self.profile.public_key, folder) if self.profile is not None else []
        self.first = 0                         # the first row shown (the list scrolls)
        self.shown = 0                         # how many rows fit
        self.rows: list[tuple[GameFile, pygame.Rect]] = []
        self.watch: list[Button] = []          # each row's «Watch», as laid out
        self.list_area = pygame.Rect(0, 0, 0, 0)
        self.note_lines: list[str] = []
        self.back = Button("", BACK)
        self.relabel()

    def relabel(self) -> None:
        self.back = Button(self.t["back"], BACK, size=self.sizes.body)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.relabel()
        s = self.sizes
        w, h = size
        width = min(w - 2 * s.gap, s.px(WIDTH))
        g = self.t["games"]
        note = g["note"] if any(_order(game) == 0 for game in self.games) else g["none"]
        self.note_lines = wrap(note, s.body, width)[:NOTE_LINES]
        top = s.px(TITLE_TOP) + s.text(theme.TITLE) + s.gap + len(self.note_lines) * _line(s.body) + s.gap
        button = s.px(BUTTON_HEIGHT)
        self.back.rect = pygame.Rect((w - s.px(BACK_WIDTH)) // 2, h - button - s.gap, s.px(BACK_WIDTH), button)
        # Below the list: a line saying more rows are hidden, and the message's lines.
        below = _line(s.small) + MESSAGE_LINES * _line(s.body) + s.gap
        self.list_area = pygame.Rect((w - width) // 2, top, width, max(0, self.back.rect.top - below - top))
        step = s.px(ROW_HEIGHT) + s.px(ROW_GAP)
        self.shown = max(1, (self.list_area.height + s.px(ROW_GAP)) // step)
        self.first = max(0, min(self.first, len(self.games) - self.shown))
        self.rows = [(game, pygame.Rect(self.list_area.left, top + n * step, width, s.px(ROW_HEIGHT)))
                     for n, game in enumerate(self.games[self.first:self.first + self.shown])]
        pad = s.px(ROW_PAD) // 2
        self.watch = []
        for game, rect in self.rows:
            watch = Button(self.t["games"]["watch"], game, size=s.small)
            width = self._watch_width()
            watch.rect = pygame.Rect(rect.right - pad - width, rect.top + pad, width, rect.height - 2 * pad)
            self.watch.append(watch)

    def _scroll(self, by: int) -> None:
        self.first = max(0, min(self.first + by, len(self.games) - self.shown))
        self.layout(self.size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.back.hit(event.pos):
                self.app.go(nav.Back())
                return
            for button in self.watch:
                if button.hit(event.pos):
                    self.watch_game(button.intent)
                    return
            for game, rect in self.rows:
                if rect.collidepoint(event.pos):
                    self.resume(game)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.go(nav.Back())
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self._scroll(1 if event.key == pygame.K_DOWN else -1)

    def watch_game(self, game: GameFile) -> None:
        """Watch `game` again from its start, verified first; else say why not."""
        from zemlevlasnyk.ui.sessions.replay import ReplayRefused, open_replay  # the menu opens without them
        try:
            replay = open_replay(game.path)
        except ReplayRefused as exc:
            self.message, self.refused = None, exc.verdict
            return
        self.message = self.refused = None
        self.app.go(nav.Watch(replay))

    def resume(self, game: GameFile) -> None:
        """Play on from `game`: rejoin its table, or host it; else say why not."""
        from zemlevlasnyk.p2p import ResumeError
        from zemlevlasnyk.ui.sessions.join import JoinSession  # here: the menu opens without the table's modules
        self.refused = None
        if game.header is None:
            self.message = trouble("the saved game", game.problem, Say("games.problem.damaged"))
            return
        if game.finished:
            self.message = Say("games.problem.finished")
            return
        if self.profile is None:
            return
        if game.solo:
            self.message = play_on(self.app, game)
            return
        try:
            interfaces = choose_interfaces(self.app.interfaces)
        except InterfaceError as exc:
            self.message = trouble("interfaces", exc, Say("friends.no_network"))
            return
        try:
            session = JoinSession(self.profile, None, interfaces=interfaces, saved_game=game.path)
        except ResumeError as exc:
            self.message = trouble(f"resuming {game.path}", exc, resume_words(exc.problem))
            return
        self.message = None
        self.app.spawn(session.run)
        self.app.go(nav.Lobby(session))

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BACKGROUND)
        s = self.sizes
        w, _ = self.size
        screen = surface.get_rect()
        g = self.t["games"]
        title = s.text(theme.TITLE)
        draw_text(surface, fit_line(g["title"], title, w - 2 * s.gap, Face.BOLD), (w // 2, s.px(TITLE_TOP)), title,
                  theme.INK_ON_DARK, Face.BOLD, "midtop", box=screen)
        y = s.px(TITLE_TOP) + title + s.gap
        for line in self.note_lines:
            draw_text(surface, line, (w // 2, y), s.body, theme.INK_ON_DARK_SOFT, anchor="midtop", box=screen)
            y += _line(s.body)
        for game, rect in self.rows:
            self._draw_row(surface, game, rect)
        for button in self.watch:
            button.draw(surface, self.app.mouse)
        y = self.rows[-1][1].bottom + s.px(ROW_GAP) if self.rows else self.list_area.top
        hidden = len(self.games) - self.first - len(self.rows)
        if hidden > 0:
            more = form(self.app.lang, g["more"], n=hidden).format(n=hidden)
            draw_text(surface, fit_line(more, s.small, self.list_area.width), (w // 2, y), s.small,
                      theme.INK_ON_DARK_SOFT, anchor="midtop", box=screen)
        y += _line(s.small)
        message = self._message()
        if message is not None:
            for line in wrap(message, s.body, self.list_area.width)[:MESSAGE_LINES]:
                draw_text(surface, line, (w // 2, y), s.body, theme.INK_ON_DARK, anchor="midtop", box=screen)
                y += _line(s.body)
        self.back.draw(surface, self.app.mouse)

    def _message(self) -> str | None:
        """The message under the list, in the language shown now."""
        if self.refused is not None:
            return str(self.t["replay"]["refused"].format(why=failure_text(self.refused, self.app.lang)))
        return None if self.message is None else self.say(self.message)

    def _draw_row(self, surface: pygame.Surface, game: GameFile, rect: pygame.Rect) -> None:
        s = self.sizes
        g = self.t["games"]
        playable = game.header is not None and not game.finished
        hover = playable and rect.collidepoint(self.app.mouse)
        back = (theme.BUTTON_HOVER if hover else theme.BUTTON) if playable else theme.BUTTON_DISABLED
        ink = theme.INK if playable else theme.BUTTON_INK_DISABLED
        pygame.draw.rect(surface, back, rect, border_radius=s.radius)
        pygame.draw.rect(surface, theme.PANEL_LINE, rect, 1, border_radius=s.radius)
        room = rect.width - 2 * s.px(ROW_PAD) - self._watch_width()
        date = time.strftime(DATE, time.localtime(game.modified))
        if game.header is None:
            first, seconds = g["damaged"], [g["damaged_details"].format(date=date, file=game.path.name)]
        else:
            names = display_names(game.players, self.t)
            first = ", ".join(names) or g["no_players"]
            records = form(self.app.lang, g["records"], n=game.records).format(n=game.records)
            where = g["details_solo"] if game.solo else g["details"]
            code = table_code(game.header.table)
            # The details as they are, and, too long beside «Watch» (a finished game's result
            # at 800x500), without the number of records, then without the table, rather than without
            # their end.
            seconds = [where.format(date=date, code=code, records=records),
                       where.format(date=date, code=code, records="").replace(" ·  ·", " ·").rstrip(" ·")]
            if game.finished:
                result = result_words(game.outcome, names, g)
                seconds = [f"{second} · {result}" for second in seconds] + [f"{date} · {result}"]
        gap = max(0, (rect.height - s.body - s.small) // 3)
        left = rect.left + s.px(ROW_PAD)
        text, size = shrink_line(first, room, steps(s.body, theme.MIN_TEXT), Face.BOLD)
        draw_text(surface, text, (left, rect.top + gap), size, ink, Face.BOLD, "topleft", box=rect)
        sizes = steps(s.small, theme.MIN_TEXT)
        second = next((d for d in seconds if text_width(d, sizes[-1]) <= room), seconds[-1])
        text, size = shrink_line(second, room, sizes)
        draw_text(surface, text, (left, rect.top + 2 * gap + s.body), size, ink, anchor="topleft", box=rect)

    def _watch_width(self) -> int:
        """«Watch» is as wide as its word needs, and never narrower than WATCH_WIDTH."""
        s = self.sizes
        label = self.t["games"]["watch"]
        return max(s.px(WATCH_WIDTH), text_width(label, s.small, Face.BOLD) + LABEL_MARGIN + s.px(8))

def play_on(app: SceneHost, game: GameFile) -> Say | None:
    """Open the kept game against the computer `game` where it stopped; else why not."""
    # Here: the menu opens without the table's modules.
    from zemlevlasnyk.ui.sessions.vs_computer import NotResumed, resume_table
    try:
        app.go(nav.PlayOn(resume_table(game.path)))
    except NotResumed as exc:
        return exc.words
    return None

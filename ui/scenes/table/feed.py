"""The event feed: what happened, in words, newest at the bottom; the mouse wheel scrolls
it back, and new lines arriving meanwhile do not move what is being read.

Entries are kept unworded (an engine event, or a message to say) and worded when wrapped,
so a language chosen later tells the whole feed again. An auction's bids are one entry,
`AuctionBids`, that each new bid replaces where it stands; the auction's start, the passes
and its result keep lines of their own."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

import pygame

from zemlevlasnyk.engine import Event
from zemlevlasnyk.engine.events import AuctionStarted, BidMade
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.theme import Sizes
from zemlevlasnyk.ui.kit.widgets import draw_text, text_width, wrap
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.narrate import AuctionBids
from zemlevlasnyk.ui.words.text import Say

# Lines of the feed kept (older ones scroll away for good).
FEED_KEEP = 200
# Feed lines one notch of the mouse wheel scrolls.
WHEEL_LINES = 3
# The newest lines are drawn in full ink, the older ones softer.
FRESH_LINES = 3
# A line that continues an entry starts with this, so an entry reads as one.
INDENT = "  "


Entry = Event | Say | AuctionBids


class FeedPanel:
    def __init__(self, word: Callable[[Entry], str | None]) -> None:
        """`word`: an entry in the language shown now (None: not worth a line)."""
        self.word = word
        self.entries: deque[tuple[Entry, int | None]] = deque(maxlen=FEED_KEEP)
        self._lines: list[tuple[str, int | None]] = []
        self._dirty = False         # entries came since the lines were wrapped
        self.scroll = 0          # lines scrolled back from the newest
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.sizes = theme.REFERENCE_SIZES
        self._wrapped_for: tuple[int, int] = (0, 0)
        self._lot: int | None = None            # the cell of the auction under way
        self._bids: AuctionBids | None = None    # its bids' entry, once somebody has bid

    @property
    def step(self) -> int:
        return self.sizes.small + self.sizes.px(6)

    @property
    def lines(self) -> list[tuple[str, int | None]]:
        """The entries wrapped to the width, oldest first; wrapped when next looked at, so
        the many events of one frame (a fast pace, a replay) are wrapped once."""
        if self._dirty:
            self._rewrap()
        return self._lines

    def add(self, item: Entry, seat: int | None) -> None:
        self._add(item, seat)
        self._dirty = True

    def restart(self, items: Iterable[tuple[Entry, int | None]]) -> None:
        """The feed told again from scratch (a replay moved elsewhere), wrapped once; entries
        not worth a line may be among them."""
        self.entries.clear()
        self._lot = self._bids = None
        self.scroll = 0
        for item, seat in items:
            self._add(item, seat)
        self._dirty = True

    def _add(self, item: Entry, seat: int | None) -> None:
        if isinstance(item, BidMade) and self._lot is not None:
            self._bid(self._lot, item)
            return
        if isinstance(item, AuctionStarted):
            self._lot, self._bids = item.cell, None
        self.entries.append((item, seat))

    def _bid(self, cell: int, bid: BidMade) -> None:
        """Count a bid into its auction's line, where that line stands (every bid comes
        after its auction's start, and before the next auction's)."""
        before = self._bids
        self._bids = now = AuctionBids(cell, (before.bids if before else 0) + 1, bid.seat, bid.amount)
        at = None if before is None else next(
            (n for n in range(len(self.entries) - 1, -1, -1) if self.entries[n][0] is before), None)
        if at is None:
            self.entries.append((now, bid.seat))     # the first bid (or its line scrolled away for good)
        else:
            self.entries[at] = (now, bid.seat)

    def texts(self) -> list[str]:
        """Every entry as worded now, oldest first."""
        return [text for item, _ in self.entries if (text := self.word(item)) is not None]

    def reword(self) -> None:
        """The language changed: tell everything again."""
        self._rewrap()

    def layout(self, rect: pygame.Rect, sizes: Sizes) -> None:
        self.rect = rect
        self.sizes = sizes
        if self._wrapped_for != (rect.width, sizes.small):
            self._rewrap()
        self._clamp()

    def fits(self) -> int:
        return max(0, self.rect.height // self.step)

    def wheel(self, notches: int) -> None:
        self.scroll += notches * WHEEL_LINES
        self._clamp()

    def _rewrap(self) -> None:
        # Every line is wrapped narrower by the indent a continued line starts with, so the
        # continued lines stay in the box too.
        width = max(80, self.rect.width - self.sizes.px(14) - text_width(INDENT, self.sizes.small))
        lines: list[tuple[str, int | None]] = []
        for item, seat in self.entries:
            text = self.word(item)
            if text is None:
                continue      # an event not worth a line (a replay's feed is told again whole)
            for n, piece in enumerate(wrap(text, self.sizes.small, width)):
                lines.append((piece if n == 0 else INDENT + piece, seat))
        if self.scroll:
            # Reading older lines: new ones arrive below without moving what is shown.
            self.scroll += max(0, len(lines) - len(self._lines))
        self._lines, self._dirty = lines, False
        self._wrapped_for = (self.rect.width, self.sizes.small)
        self._clamp()

    def _clamp(self) -> None:
        self.scroll = max(0, min(self.scroll, len(self.lines) - self.fits()))

    def draw(self, surface: pygame.Surface, players: Sequence[PlayerInfo], newer: str) -> None:
        area = self.rect
        s = self.sizes
        if area.height < self.step:
            return
        fits = self.fits()
        end = len(self.lines) - self.scroll
        shown = self.lines[max(0, end - fits):end] if fits else []
        y = area.top
        for n, (line, seat) in enumerate(shown):
            fresh = not self.scroll and n >= len(shown) - FRESH_LINES
            if seat is not None and not line.startswith(INDENT):
                colour = theme.player_colour(players[seat].colour)
                pygame.draw.circle(surface, colour, (area.left + s.px(4), y + self.step // 2), s.px(4))
            box = pygame.Rect(area.left + s.px(12), y, area.width - s.px(12), self.step)
            if self.scroll and n == len(shown) - 1:
                break   # the last row says that newer lines are below
            draw_text(surface, line, (box.left, box.centery), s.small, theme.INK if fresh else theme.INK_SOFT,
                      anchor="midleft", box=box)
            y += self.step
        if self.scroll:
            box = pygame.Rect(area.left, area.bottom - self.step, area.width, self.step)
            draw_text(surface, "↓ " + newer, (box.right, box.centery), s.tiny, theme.FOCUS, Face.BOLD, "midright",
                      box=box)

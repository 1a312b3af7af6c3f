"""How the table shows what happened, one thing at a time, at a pace a person can follow:
the window's playback of the engine's events, with no pygame (tests drive it alone).

The table hands over its events in order (`add`); `update(dt)` shows them: the dice tumble,
then the token walks the cells the engine moved it, then a drawn Фортуна card, a kept card's
power used (Казка) or another player's bankruptcy comes up as a card, and only then is the
next event shown. What is shown
is returned in order (`Told`), so the scene words it in the feed and plays its sound at the
moment it is seen; the players' cash shown follows the same timeline (`cash`, with each
change shown for a while, `flash`). While anything is still being shown (`busy`) the table
waits: the computer players do not move (`TableView.hold`) and the person's moves are dimmed.

The pace (`Pace`: normal, fast, instant; a replay multiplies it by its speed) scales every
length of time here and the computer players' pace (`bot_pace`); at an infinite speed each
event is shown the moment it arrives. The playback never asks where its events come from: a
table against the computer, a friends table, or a saved game replayed (`stand` puts it at
a position without showing how the game got there).
"""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from zemlevlasnyk.engine import Event, Game
from zemlevlasnyk.engine.events import (
    Bankrupt,
    CameToRest,
    CardDrawn,
    CardReturned,
    CardTransferred,
    CardUsed,
    DeedReturned,
    DeedTransferred,
    DiceRolled,
    Eliminated,
    Moved,
    Paid,
    SpeedDieRolled,
    TurnStarted,
)
from zemlevlasnyk.ui.words.text import Say


class Pace(StrEnum):
    """How fast the table shows dice, tokens and cards, and how fast computer players move."""

    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"


# How many times faster than normal each pace is. Fast keeps every animation visible (a
# throw's walk takes a third of a second) while a round of three computer players takes
# about a second; instant shows only where things end up.
PACE_SPEED = {Pace.NORMAL: 1.0, Pace.FAST: 3.0, Pace.INSTANT: math.inf}

# Seconds between two computer moves at the normal pace: long enough to read a line of the
# feed and see the token start, short enough that a round of three opponents does not drag.
BOT_PACE = 0.35
# The computer players' pace at an instant pace: as quick as the window can show where
# things end up. Never 0: the table's task would then never wait, and in the window's guest
# run of trio it would keep the window from drawing (and from taking a click) until the end.
INSTANT_BOT_PACE = 0.004
# How long the dice tumble: long enough to see them roll, short enough not to delay play.
TUMBLE_SECONDS = 0.6
# Seconds per cell walked: a full throw of 12 cells takes about a second.
STEP_SECONDS = 0.085
# Seconds for a jump straight to a cell (to jail, or a correction).
JUMP_SECONDS = 0.3
# Walks waiting beyond this many go faster, so a long backlog never lags the game.
WALK_BACKLOG = 2
# How long a Фортуна card stays up, and how long the table waits before it moves on (the
# card stays while the token walks to where it sends it).
CARD_SECONDS = 3.0
CARD_HOLD = 1.2
# Another player's bankruptcy: long enough to read three lines.
BANKRUPT_SECONDS = 5.0
BANKRUPT_HOLD = 2.5
# A held card opened from its badge (Казка): long enough to read its power, holding nothing
# (the person asked for it; the table need not wait).
HELD_SECONDS = 12.0
# Seconds a change of cash stays shown beside the player's money.
CASH_FLASH = 2.5
# Events waiting beyond this many: the window is behind the game (a burst from the network);
# dice land at once and cards do not hold the table until it has caught up.
BACKLOG = 40
# At most this many things end within one update (a frame): more wait for the next one.
ROUNDS = 64
# Rounding slack when a walk's last fraction of a cell is used up.
_EPSILON = 1e-9

# What the table hands over: the engine's events, and lines for the feed at their place
# among them (a replay's handover of the table).
Item = Event | Say


@dataclass(frozen=True)
class BankruptcyReport:
    """One bankruptcy's story, from its `Bankrupt` event and the events after it."""

    seat: int
    creditor: int | None                 # None: the bank
    owed: int | None                     # None: resigned
    reason: str | None
    raisable: int
    cash: int = 0                        # cash handed to the creditor (or the bank)
    deeds: tuple[tuple[int, bool], ...] = ()   # (cell, mortgaged) handed to a player
    returned: tuple[int, ...] = ()       # deeds back to the bank
    cards: int = 0                       # kept cards handed over or returned
    sold: int = 0                        # what the buildings fetched from the bank
    card_ids: tuple[str, ...] = ()       # which cards those were, in order


def bankruptcy_report(bankrupt: Bankrupt, after: Iterable[Item]) -> BankruptcyReport:
    """The story of one bankruptcy: a bankruptcy happens in one move (the engine sells and
    hands everything over at once), so it is read from the events that follow the
    `Bankrupt` event, up to the seat's `Eliminated`."""
    seat = bankrupt.seat
    cash = sold = cards = 0
    deeds: list[tuple[int, bool]] = []
    returned: list[int] = []
    card_ids: list[str] = []
    for e in after:
        if isinstance(e, Eliminated) and e.seat == seat:
            break
        if isinstance(e, Paid) and e.from_seat == seat and e.reason == "bankruptcy":
            cash += e.amount
        elif isinstance(e, Paid) and e.to_seat == seat and e.reason == "building_sold":
            sold += e.amount
        elif isinstance(e, DeedTransferred) and e.from_seat == seat:
            deeds.append((e.cell, e.mortgaged))
        elif isinstance(e, DeedReturned) and e.from_seat == seat:
            returned.append(e.cell)
        elif isinstance(e, (CardTransferred, CardReturned)):
            cards += 1
            card_ids.append(e.card)
    return BankruptcyReport(seat, bankrupt.creditor, bankrupt.owed, bankrupt.reason, bankrupt.raisable, cash,
                            tuple(deeds), tuple(returned), cards, sold, tuple(card_ids))


class Dice:
    """The dice: the faces the engine rolled, and the tumble before they land; with the
    speed die (option `speed_die`), its face too, which tumbles with them."""

    def __init__(self, shown: tuple[int, int] | None = None, speed: str | None = None) -> None:
        self.shown = shown          # the faces once landed (None: no roll yet)
        self.speed = speed          # the speed die's face (None: not rolled with these)
        self.left = 0.0             # seconds of tumbling left
        self.length = TUMBLE_SECONDS
        self.seed = 0               # the roll's number: the tumbling faces repeat for it

    @property
    def busy(self) -> bool:
        return self.left > 0

    def roll(self, dice: tuple[int, int], seed: int, seconds: float, speed: str | None = None) -> None:
        """Tumble towards `dice` (and the speed die's face `speed`) for `seconds` (0: land at once)."""
        self.shown, self.seed, self.speed = dice, seed, speed
        self.length = self.left = seconds

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    @property
    def done(self) -> float:
        """How much of the tumble is over, 0 to 1."""
        return 1.0 if not self.busy else 1 - self.left / self.length


@dataclass
class Walk:
    seat: int
    cells: list[int]      # the cells to visit, in order (a jump is a single cell)
    per_cell: float
    done: float = 0.0     # cells covered so far, fractional


class Walks:
    """Each token's cell while it walks, cell by cell, the move the engine made in one step."""

    def __init__(self, positions: Iterable[int], size: int) -> None:
        self.cell = list(positions)
        self.size = size
        self.queue: deque[Walk] = deque()
        self._expect = list(self.cell)

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def moving(self) -> Walk | None:
        """The walk under way (its token goes from its cell towards `cells[0]`)."""
        return self.queue[0] if self.queue else None

    def feed(self, events: Iterable[Event], speed: float = 1.0) -> None:
        for e in events:
            if isinstance(e, Moved):
                sign = 1 if e.steps > 0 else -1
                if self._expect[e.seat] != e.from_cell:
                    self._walk(e.seat, [e.from_cell], JUMP_SECONDS / speed)
                cells = [(e.from_cell + sign * k) % self.size for k in range(1, abs(e.steps) + 1)]
                self._walk(e.seat, cells, STEP_SECONDS / speed)
                self._expect[e.seat] = e.to_cell
            elif isinstance(e, CameToRest) and self._expect[e.seat] != e.cell:
                self._walk(e.seat, [e.cell], JUMP_SECONDS / speed)
                self._expect[e.seat] = e.cell

    def _walk(self, seat: int, cells: list[int], per_cell: float) -> None:
        if per_cell <= 0:
            self.cell[seat] = cells[-1]   # instant: the token is where the walk ends
        elif cells:
            self.queue.append(Walk(seat, cells, per_cell))

    def _speedup(self) -> float:
        return 1.0 + max(0, len(self.queue) - WALK_BACKLOG)

    def first_ends(self) -> float:
        """Seconds until the walk under way ends."""
        walk = self.queue[0]
        return (len(walk.cells) - walk.done) * walk.per_cell / self._speedup()

    def update(self, dt: float) -> None:
        budget = dt * self._speedup()
        while budget > 0 and self.queue:
            walk = self.queue[0]
            used = min(budget, (len(walk.cells) - walk.done) * walk.per_cell)
            walk.done += used / walk.per_cell
            budget -= used
            while walk.cells and walk.done >= 1 - _EPSILON:
                self.cell[walk.seat] = walk.cells.pop(0)
                walk.done = max(0.0, walk.done - 1)
            if not walk.cells:
                self.queue.popleft()


class CardKind(StrEnum):
    FORTUNE = "fortune"
    BANKRUPTCY = "bankruptcy"
    POWER = "power"     # a kept card's power used (Казка): `used`
    HELD = "held"       # a held card opened from its badge: `held` (its holder's seat, its card index)


@dataclass
class Card:
    """A card on the table for a while: a Фортуна card drawn, another player's bankruptcy, a
    kept card's power used or a held card looked at."""

    kind: CardKind
    drawn: CardDrawn | None
    report: BankruptcyReport | None
    seconds: float
    hold: float                 # the table waits this long before it moves on
    age: float = 0.0
    used: CardUsed | None = None
    held: tuple[int, int] | None = None

    @property
    def holding(self) -> bool:
        return self.age < self.hold


@dataclass(frozen=True)
class Told:
    """One item shown now, in order; a bankruptcy's with its story."""

    item: Item
    report: BankruptcyReport | None = None


class Playback:
    """The window's timeline of a table: what is shown now, and what waits to be shown."""

    def __init__(self, game: Callable[[], Game], me: int, *, speed: float = 1.0) -> None:
        """`game`: the table's game as it stands now (its cash is what `cash` shows once
        everything has been shown); `me`: the person's seat (their own bankruptcy is theirs
        to read in full, not a passing card)."""
        self.game = game
        self.me = me
        self.speed = speed
        self.timeline: deque[Item] = deque()
        self.dice = Dice()
        self.walks = Walks((), 0)
        self.card: Card | None = None
        self.cash: list[int] = []
        self.flash: list[tuple[int, float]] = []
        self.rolls = 0              # dice rolled so far: each roll's tumble has its own faces
        self.stand(game())

    # --- where it stands ----------------------------------------------------------------------

    def stand(self, game: Game) -> None:
        """Stand at `game`'s position with nothing left to show (a table opened mid-game, a
        replay moved to another record)."""
        self.timeline.clear()
        self.dice = Dice(None if game.dice is None else (game.dice[0], game.dice[1]), game.speed_face)
        self.walks = Walks(game.pos, game.rules.size)
        self.card = None
        self.cash = list(game.cash)
        self.flash = [(0, 0.0)] * game.players

    @property
    def instant(self) -> bool:
        return math.isinf(self.speed)

    @property
    def bot_pace(self) -> float:
        """Seconds between two computer moves at this pace."""
        return INSTANT_BOT_PACE if self.instant else BOT_PACE / self.speed

    def hurry(self) -> list[Told]:
        """Show at once everything still being shown or waiting (the person moved on)."""
        self.dice.left = 0.0
        while self.walks.queue:
            walk = self.walks.queue.popleft()
            if walk.cells:
                self.walks.cell[walk.seat] = walk.cells[-1]
        self.card = None
        speed, self.speed = self.speed, math.inf
        try:
            return self._release()
        finally:
            self.speed = speed

    @property
    def busy(self) -> bool:
        """Something is still being shown: the table waits, the moves are dimmed."""
        return bool(self.timeline) or self.dice.busy or self.walks.busy or self.holding

    @property
    def holding(self) -> bool:
        return self.card is not None and self.card.holding

    @property
    def moving(self) -> bool:
        """Something moves on screen by itself (dice, a token, a card's time, a change of
        cash shown): the window draws every frame."""
        return self.busy or self.card is not None or any(left > 0 for _, left in self.flash)

    def leaving(self) -> set[int]:
        """Seats still to be seen going out: their tokens stay until their story is shown."""
        return {e.seat for e in self.timeline if isinstance(e, Eliminated)}

    # --- time --------------------------------------------------------------------------------------

    def add(self, items: Iterable[Item]) -> None:
        """What the table did since, in order: shown once what is before it has been."""
        self.timeline.extend(items)

    def update(self, dt: float) -> list[Told]:
        """Let `dt` seconds pass; what came to be shown meanwhile, in order. Time is spent
        where it is due: dice that land a moment into the frame let the walk start then, so
        what is shown does not depend on how long the window's frames are."""
        told = self._release()
        left = dt
        for _ in range(ROUNDS):
            step = self._next_change(left)
            self._pass(step)
            left -= step
            told += self._release()
            if left <= _EPSILON:
                break
        self.flash = [(change, t - dt) if t > dt else (0, 0.0) for change, t in self.flash]
        return told

    def _next_change(self, left: float) -> float:
        """Seconds until the next thing shown ends (the dice land, a walk ends, a card's
        hold or time runs out), at most `left`."""
        due = [left]
        if self.dice.busy:
            due.append(self.dice.left)
        elif self.walks.busy:
            due.append(self.walks.first_ends())
        if self.card is not None:
            due += [self.card.seconds - self.card.age] + ([self.card.hold - self.card.age] if self.holding else [])
        return max(min(due), 0.0)

    def _pass(self, seconds: float) -> None:
        if self.dice.busy:
            self.dice.update(seconds)     # the walk waits for the dice
        else:
            self.walks.update(seconds)
        if self.card is not None:
            self.card.age += seconds
            if self.card.age >= self.card.seconds - _EPSILON:
                self.card = None

    def dismiss(self) -> None:
        """The card's time is up, or the person clicked it away."""
        self.card = None

    def held(self, seat: int, card: int) -> None:
        """The person opened the card `card` that `seat` holds (its badge): up until clicked
        away or its time is up, at every pace, in place of any card up."""
        self.card = Card(CardKind.HELD, None, None, HELD_SECONDS, 0.0, held=(seat, card))

    def _release(self) -> list[Told]:
        told: list[Told] = []
        while self.timeline and not (self.dice.busy or self.walks.busy or self.holding):
            quick = self.instant or len(self.timeline) > BACKLOG
            told.append(self._show(self.timeline.popleft(), quick=quick))
        if told and not self.timeline:
            self.cash = list(self.game().cash)
        return told

    def _show(self, e: Item, *, quick: bool) -> Told:
        speed = self.speed
        if isinstance(e, DiceRolled):
            self.rolls += 1
            # The speed die is rolled with the white dice (its event comes next): all three tumble.
            after = self.timeline[0] if self.timeline else None
            face = after.face if isinstance(after, SpeedDieRolled) and after.seat == e.seat else None
            self.dice.roll(e.dice, self.rolls, 0.0 if quick else TUMBLE_SECONDS / speed, face)
        elif isinstance(e, (Moved, CameToRest)):
            self.walks.feed([e], speed)
        elif isinstance(e, CardDrawn):
            self._card(Card(CardKind.FORTUNE, e, None, CARD_SECONDS / speed, CARD_HOLD / speed), quick=quick)
        elif isinstance(e, TurnStarted) and self.card is not None and self.card.kind is CardKind.FORTUNE:
            # A Фортуна card belongs to the turn it was drawn in: up into the next player's
            # turn (a computer player moves soon after the card's hold) it reads as theirs.
            self.card = None
        elif isinstance(e, CardUsed):
            self._card(Card(CardKind.POWER, None, None, CARD_SECONDS / speed, CARD_HOLD / speed, used=e), quick=quick)
        elif isinstance(e, Bankrupt):
            report = bankruptcy_report(e, self.timeline)
            if report.seat != self.me:
                self._card(Card(CardKind.BANKRUPTCY, None, report, BANKRUPT_SECONDS / speed, BANKRUPT_HOLD / speed),
                           quick=quick)
            return Told(e, report)
        elif isinstance(e, Paid):
            for seat, sign in ((e.from_seat, -1), (e.to_seat, 1)):
                if seat is not None:
                    self.cash[seat] += sign * e.amount
                    change, _ = self.flash[seat]
                    self.flash[seat] = (change + sign * e.amount, CASH_FLASH / speed)
        return Told(e)

    def _card(self, card: Card, *, quick: bool) -> None:
        """Show `card` now, in place of any card still up: the table moved on after that
        card's hold, so the newer card is the one that belongs to what is happening. At an
        instant pace no card comes up (nothing would be seen of it)."""
        if self.instant:
            return
        if quick:
            card.hold = 0.0
        self.card = card

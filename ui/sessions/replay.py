"""A game watched again: a `TableView` over a chain of verified records (a saved game, read
by `p2p.store.replays`, or any `p2p.core.rewind.Rewind`), which the table scene shows as it
shows a live table, with no moves for anybody.

It stands at one record at a time (`position`; the board, the players and the centre are the
engine's game after that record). Playing, it moves on a record at a time at the pace of a
live table scaled by its speed (1x, 4x, 16x, instant), and waits while the window still shows
the last move (`hold`, as computer players do); the records' events reach the scene through
`take_events` and are shown by its playback. Stepping one record forward does the same;
anything else (a record back, a turn either way, the slider, the start, the end) jumps: the
scene stands at the new record at once (`take_jump`), with the game's figures counted up to
it (`GameStats`, kept every `STATS_RECORDS` records) and the feed told again from the records
just before it. A handover of the table after its host was lost is a line in the feed.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from zemlevlasnyk.engine import Action, Game, Outcome
from zemlevlasnyk.engine.events import Bankrupt, Eliminated, TradeAccepted, TurnStarted
from zemlevlasnyk.p2p import Player, RecordKind, Rewind, Step, Verdict, load_replay
from zemlevlasnyk.ui.sessions.playback import BOT_PACE, Item
from zemlevlasnyk.ui.sessions.seats import WATCHING
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.stats import GameStats
from zemlevlasnyk.ui.words.text import Say

# The speeds a replay offers, times a live table's pace (infinite: instant).
SPEEDS = (1.0, 4.0, 16.0, math.inf)
# At the instant speed, records shown a second: nothing is animated, and a game of a
# thousand turns (about 6 000 records) passes in a minute while the board can be followed.
INSTANT_RECORDS = 100
# Seconds of records a replay catches up on after a late frame, at most (more is a burst).
CATCH_UP = 0.25
# The game's figures are kept every this many records (a copy is a shadow game and a few
# lists); a jump counts on from the one before with at most this many records' events.
STATS_RECORDS = 64
# After a jump the feed is told again from this many records back (a record tells one to
# five lines; a screenful is about thirty, and telling more would cost the jump its speed).
FEED_RECORDS = 30


class Mark(StrEnum):
    """What the turn slider marks."""

    BANKRUPTCY = "bankruptcy"
    TRADE = "trade"


@dataclass(frozen=True)
class Jump:
    """The replay moved to another record without showing how: stand there at once."""

    seq: int
    stats: GameStats                 # the figures up to it (the caller's own copy)
    recent: tuple[Item, ...]         # what the records just before it told, for the feed
    eliminated: tuple[int, ...]      # the seats out by then, in the order they went out


class ReplayTable:
    """A saved game watched again (a `TableView`): nobody sits at it, nothing can be played."""

    def __init__(self, rewind: Rewind, *, partial: bool = False) -> None:
        """`partial`: the file goes on past these records, and failed the check there (it is
        shown only when the person asked for that explicitly)."""
        assert len(rewind) > 0 and rewind.rules is not None, "a replay has at least its start record"
        self.rewind = rewind
        self.partial = partial
        self.rules = rewind.rules
        self.players = tuple(PlayerInfo(p.name, p.colour, p.bot) for p in rewind.players)
        self.me = WATCHING
        self.hold = False
        self.refusal: Say | None = None
        self.last = len(rewind) - 1
        self.position = 0
        self.playing = False
        self.speed = SPEEDS[0]
        self.finishing = False          # played or jumped to the end: the results follow
        self.closed = False
        self._game = rewind.game_at(0)
        self._wait = 0.0
        self._pending: list[Item] = []
        self._jump: Jump | None = None
        self._changes = 0
        self.turn_starts = self._turn_starts(rewind.steps)
        self.marks = self._marks(rewind.steps)
        self._stats = self._count(rewind.steps)
        self._out = [(step.seq, e.seat) for step in rewind.steps for e in step.events if isinstance(e, Eliminated)]

    # --- what the table scene reads (`TableView`) ------------------------------------------------

    @property
    def game(self) -> Game:
        return self._game

    @property
    def outcome(self) -> Outcome | None:
        """The game's end, once the replay was played (or jumped) to it."""
        return self._game.outcome() if self.finishing and self.position == self.last else None

    @property
    def records(self) -> int:
        """Grows with every move of the replay, either way (the scene looks again)."""
        return self._changes

    def take_events(self) -> list[Item]:
        items, self._pending = self._pending, []
        return items

    def take_news(self) -> list[Say]:
        """A replay's lines are among its events (a handover at its place)."""
        return []

    @property
    def played_before(self) -> float:
        return 0.0      # the figures' time is the records' own (`seconds`)

    def take_jump(self) -> Jump | None:
        jump, self._jump = self._jump, None
        return jump

    def act(self, action: Action) -> bool:
        return False       # nobody plays a replay (no move is ever offered)

    def computer_to_move(self) -> bool:
        return False

    def pace(self, seconds: float) -> None:
        """A replay keeps its own speed (`choose_speed`)."""

    def can_finish(self) -> bool:
        return False

    def close(self) -> None:
        self.closed = True
        self.playing = False

    # --- where it stands -------------------------------------------------------------------------

    @property
    def turn(self) -> int:
        return self.rewind.steps[self.position].turn

    @property
    def turns(self) -> int:
        return len(self.turn_starts)

    @property
    def signed_ms(self) -> int:
        return self.rewind.steps[self.position].at

    @property
    def seconds(self) -> float:
        """How long the game had been played at this record, by the host's signed clock."""
        return self.rewind.steps[self.position].at / 1000

    @property
    def at_end(self) -> bool:
        return self.position == self.last

    @property
    def complete(self) -> bool:
        """The file holds the whole game, its signed end included."""
        return self.rewind.ended and not self.partial

    # --- the controls ----------------------------------------------------------------------------

    def play(self) -> None:
        """Play on from here (from the start again when at the end)."""
        if self.at_end:
            self.jump(0)
        self.playing = True
        self._wait = 0.0

    def pause(self) -> None:
        self.playing = False

    def toggle(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()

    def choose_speed(self, speed: float) -> None:
        assert speed in SPEEDS
        self.speed = speed
        self._wait = min(self._wait, self._pace())

    def forward(self) -> bool:
        """One record on, shown as it happened; False at the end."""
        self.pause()
        return self._advance()

    def back(self) -> None:
        """One record back (at once)."""
        self.pause()
        self.jump(max(0, self.position - 1))

    def turn_forward(self) -> None:
        """To the start of the next turn (at once); the end from the last turn."""
        self.pause()
        nxt = bisect_right(self.turn_starts, self.position)
        self.jump(self.turn_starts[nxt] if nxt < len(self.turn_starts) else self.last)

    def turn_back(self) -> None:
        """To the start of this turn, or of the one before when standing at its start."""
        self.pause()
        here = bisect_right(self.turn_starts, self.position) - 1
        if here > 0 and self.turn_starts[here] == self.position:
            here -= 1
        self.jump(self.turn_starts[max(0, here)])

    def to_turn(self, turn: int) -> None:
        """To the start of `turn` (the slider)."""
        self.pause()
        self.jump(self.turn_starts[min(max(turn, 1), self.turns) - 1])

    def to_start(self) -> None:
        self.pause()
        self.jump(0)

    def to_end(self) -> None:
        """The last record, and the results after it."""
        self.pause()
        self.jump(self.last)
        self.finishing = True

    def jump(self, seq: int) -> None:
        """Stand at record `seq` at once."""
        seq = min(max(seq, 0), self.last)
        self.finishing = False
        self.position = seq
        self._game = self.rewind.game_at(seq)
        self._pending = []
        self._changes += 1
        first = max(0, seq - FEED_RECORDS)
        recent = tuple(item for s in self.rewind.steps[first + 1:seq + 1] for item in self._told(s))
        self._jump = Jump(seq, self.stats_at(seq), recent, self._eliminated(seq))

    # --- time ------------------------------------------------------------------------------------

    def tick(self, dt: float) -> None:
        """`dt` seconds passed: while playing, the next record once the pace allows and the
        window has shown the last one (`hold`)."""
        if not self.playing or self.closed:
            return
        # A long frame (a busy machine) lets at most a quarter second's records through.
        self._wait = max(self._wait - dt, -CATCH_UP)
        if self.hold:
            self._wait = max(self._wait, 0.0)
            return
        while self._wait <= 0 and self.playing:
            if not self._advance():
                self.playing = False
                self.finishing = True

    def _pace(self) -> float:
        return 1 / INSTANT_RECORDS if math.isinf(self.speed) else BOT_PACE / self.speed

    def _advance(self) -> bool:
        if self.at_end:
            return False
        self.position += 1
        step = self.rewind.steps[self.position]
        self._game = self.rewind.game_at(self.position)
        told = self._told(step)
        self._pending.extend(told)
        self._changes += 1
        # A record that shows nothing (a chance awaited, the end) takes no time of its own.
        self._wait += self._pace() if told else 0.0
        return True

    # --- counted once --------------------------------------------------------------------------

    def _told(self, step: Step) -> list[Item]:
        if step.kind is RecordKind.HANDOVER:
            names = {"old": self._host_name(step.old_host), "new": self._host_name(step.signer)}
            return [Say("replay.handover", names)]
        return list(step.events)

    def _host_name(self, key: str | None) -> str | Say:
        player: Player | None = next((p for p in self.rewind.players if p.key == key and p.bot is None), None)
        return player.name if player is not None else Say("replay.first_host")

    @staticmethod
    def _turn_starts(steps: list[Step]) -> list[int]:
        """The record each turn starts at (turn 1 with the start record)."""
        starts = [0]
        for step in steps:
            for e in step.events:
                if isinstance(e, TurnStarted) and e.turn > len(starts):
                    starts.append(step.seq)
        return starts

    @staticmethod
    def _marks(steps: list[Step]) -> list[tuple[int, Mark]]:
        """(turn, what) for each bankruptcy and each trade made, in order."""
        out: list[tuple[int, Mark]] = []
        turn = 1
        for step in steps:
            for e in step.events:
                if isinstance(e, TurnStarted):
                    turn = e.turn
                elif isinstance(e, Bankrupt):
                    out.append((turn, Mark.BANKRUPTCY))
                elif isinstance(e, TradeAccepted):
                    out.append((turn, Mark.TRADE))
        return out

    def _count(self, steps: list[Step]) -> list[GameStats]:
        """The figures after every `STATS_RECORDS`-th record."""
        stats = GameStats.start(self.rules, len(self.players), self._game.dealt)
        kept = []
        for step in steps:
            stats.feed(step.events)
            if step.seq % STATS_RECORDS == 0:
                kept.append(stats.copy())
        return kept

    def stats_at(self, seq: int) -> GameStats:
        """The game's figures up to record `seq` (a copy of the caller's own)."""
        base = seq // STATS_RECORDS
        stats = self._stats[base].copy()
        for step in self.rewind.steps[base * STATS_RECORDS + 1:seq + 1]:
            stats.feed(step.events)
        stats.seconds = self.rewind.steps[seq].at / 1000
        return stats

    def _eliminated(self, seq: int) -> tuple[int, ...]:
        return tuple(seat for at, seat in self._out if at <= seq)


class ReplayRefused(Exception):
    """A saved game that fails the check is not shown; `verdict` says why."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(f"{verdict.path}: {verdict.failure}")
        self.verdict = verdict


def open_replay(path: Path, *, partial: bool = False) -> ReplayTable:
    """The saved game at `path` to watch, every record verified first. A file that fails the
    check is refused (`ReplayRefused`), unless `partial` asks for it up to its last good
    record; a game not finished yet is shown as far as it went."""
    replay = load_replay(path)
    if replay.watchable:
        return ReplayTable(replay.rewind)
    if partial and len(replay.rewind) > 0:
        return ReplayTable(replay.rewind, partial=True)
    raise ReplayRefused(replay.verdict)

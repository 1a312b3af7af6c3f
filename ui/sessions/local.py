"""A table against the computer, hosted in-process: the window's side of the table driver.

The person sits as the host's own seat, computer players fill the others, the clock is off.
It is `p2p.net.driver`'s table with no listener and no advert: `run()` is the driver, which lets
the computer players move one at a time, `BOT_PACE` apart, and not while the window holds
the table (`hold`, set while a token is still walking). The window calls `act()` for the
person's choices; the engine's events arrive through the driver's observer.

A game kept (`LocalTable.new(..., keep=folder)`) is signed with the person's own key and
saved as it is played, in the saved-game format of every table (`p2p.store.savegame`: each
record appended durably before the next is made), and `LocalTable.resumed(path, profile)`
plays it on from its last record (`p2p.net.driver.prepare_continued`): the same secrets and
computer players, so it goes on as it would have; the game's story so far comes back as
events for the feed. Its secret chain is made again from the person's key and the table id
(`p2p.core.solo`); when seeded, the table id, the chain and the computer players come from
the seed instead, so that tests and screenshots repeat exactly.
"""
from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from zemlevlasnyk.engine import DEFAULT_PRESET, Action, Event, Game, Outcome, Ruleset
from zemlevlasnyk.p2p import (
    Output,
    Profile,
    ProtocolError,
    Published,
    TableConfig,
    TableHandle,
    bot_policy,
    chain_seed,
    fresh_path,
    prepare,
    prepare_continued,
    seeded_table,
)
from zemlevlasnyk.ui.sessions.playback import BOT_PACE
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.problems import explain, save_why
from zemlevlasnyk.ui.words.text import Say

# The computer players think in a worker thread: the window draws on while they do.
THINK_ASIDE = True
# The resumed game's date and time in the feed's line.
RESUMED_WHEN = "%Y-%m-%d %H:%M"


class LocalTable:
    """One person against computer players (a `TableView`): made by `new` or `resumed`."""

    def __init__(self, handle: TableHandle, *, history: Sequence[Event] = ()) -> None:
        self.handle = handle
        self._events: list[Event] = list(history)
        self._news: list[Say] = []
        self.handle.observe(self._output)
        self.refusal: Say | None = None
        players = self.handle.core.players
        self.players = tuple(PlayerInfo(p.name, p.colour, p.bot, p.temperament) for p in players)
        self.me = next(n for n, p in enumerate(players) if p.bot is None)
        self._told_save = False
        # Seconds played before: the records' clock of the latest record (0 for a new game).
        self.played_before = self.handle.core.ledger.at / 1000

    @classmethod
    def new(cls, profile: Profile, *, opponents: int, level: str, seed: int | None = None,
            rules: Ruleset | None = None, keep: Path | None = None,
            temperaments: Sequence[str | None] = ()) -> LocalTable:
        """A started game of `profile` against `opponents` computer players of `level`, the
        n-th of `temperaments[n]` (None or missing: balanced); saved as it is played in the
        folder `keep` (None: not kept)."""
        table = seeded_table(seed) if seed is not None else os.urandom(8).hex()
        preset, options = (rules.preset, rules.options) if rules is not None else (DEFAULT_PRESET, {})
        path = None if keep is None else fresh_path(keep, table, profile.public_key)
        handle = prepare(TableConfig(profile, clock=False, solo=True, table=table,
                                     chain_seed=chain_seed(profile.signing_key, table, seed), bot_pace=BOT_PACE,
                                     preset=preset, options=options, log_path=path, seed=seed,
                                     think_aside=THINK_ASIDE))
        handle.sit_host()
        for seat in range(1, opponents + 1):   # the person sits first: engine seats 1.. are theirs
            mood = temperaments[seat - 1] if seat <= len(temperaments) else None
            handle.add_bot(level, bot_policy(level, seed, seat, mood), mood)
        handle.start()
        return cls(handle)

    @classmethod
    def resumed(cls, path: Path, profile: Profile) -> LocalTable:
        """The kept game at `path` played on from where it stopped; `ResumeError` if it cannot
        be (not a game of `profile`'s against the computer, finished, damaged)."""
        try:
            when = time.strftime(RESUMED_WHEN, time.localtime(path.stat().st_mtime))
        except OSError:
            when = ""
        continued = prepare_continued(TableConfig(profile, clock=False, solo=True, bot_pace=BOT_PACE,
                                                  think_aside=THINK_ASIDE), path)
        table = cls(continued.handle, history=continued.history)
        table.tell(Say("games.resumed", {"when": when}))
        return table

    def _output(self, out: Output) -> None:
        if isinstance(out, Published):
            self._events.extend(out.events)

    # --- what the window reads ------------------------------------------------------------

    @property
    def game(self) -> Game:
        game = self.handle.core.game
        assert game is not None
        return game

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    @property
    def signed_ms(self) -> int:
        return self.handle.core.ledger.at

    @property
    def records(self) -> int:
        """How many records the table has published (a cheap 'something changed' counter)."""
        return len(self.handle.core.records)

    @property
    def path(self) -> Path | None:
        """Where the game is kept (None: it is not)."""
        return self.handle.config.log_path

    @property
    def hold(self) -> bool:
        return self.handle.hold

    @hold.setter
    def hold(self, value: bool) -> None:
        self.handle.hold = value

    def take_events(self) -> list[Event]:
        """The engine events since the last call, in order."""
        events, self._events = self._events, []
        return events

    def take_news(self) -> list[Say]:
        """Lines for the feed since the last call: the game resumed, or no longer saved."""
        problem = self.handle.save_problem
        if problem is not None and not self._told_save:
            self._told_save = True
            self._news.append(Say("games.not_kept", {"why": save_why(problem)}))
        news, self._news = self._news, []
        return news

    def tell(self, news: Say) -> None:
        """A line for the feed about the table itself (`take_news`)."""
        self._news.append(news)

    def computer_to_move(self) -> bool:
        return self.outcome is None and any(d.seat != self.me for d in self.game.pending())

    def pace(self, seconds: float) -> None:
        if seconds != self.handle.config.bot_pace:
            self.handle.config = replace(self.handle.config, bot_pace=seconds)

    def can_finish(self) -> bool:
        """The person is out (bankrupt or resigned) and the computer players play on."""
        return self.outcome is None and not self.game.alive[self.me]

    # --- what the window does -------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """The person's action; False (with `refusal` set) when the table refused it."""
        try:
            self.handle.act(action)
        except ProtocolError as exc:
            self.refusal = explain(exc, "the person's move")
            return False
        self.refusal = None
        return True

    def step_computer(self) -> bool:
        """Let one computer player move now, whatever the pace (screenshots, warm-ups)."""
        return self.handle.step_now()

    # --- the trio task --------------------------------------------------------------------

    async def run(self) -> None:
        """Pace the computer players until the game ends (or the person leaves)."""
        await self.handle.run()

    def close(self) -> None:
        """The person left the table: the task ends instead of playing on without them."""
        self.handle.close()

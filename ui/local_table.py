"""A table against the computer, hosted in-process: the window's side of the table driver.

The person sits as the host's own seat, computer players fill the others, the clock is off.
It is `p2p.driver`'s table with no listener and no advert: `run()` is the driver, which lets
the computer players move one at a time, `BOT_PACE` apart, and not while the window holds
the table (`hold`, set while a token is still walking). The window calls `act()` for the
person's choices; the engine's events arrive through the driver's observer.

When seeded, the table id and the secret chain come from the seed, so that tests and
screenshots repeat exactly.
"""
from __future__ import annotations

import hashlib

from zemlevlasnyk.engine import DEFAULT_PRESET, Action, Event, Game, Outcome, Ruleset
from zemlevlasnyk.p2p.driver import TableConfig, TableHandle, prepare
from zemlevlasnyk.p2p.errors import ProtocolError
from zemlevlasnyk.p2p.host import Output, Published
from zemlevlasnyk.p2p.identity import Profile
from zemlevlasnyk.p2p.policy import make_policy

from .problems import explain
from .table_view import PlayerInfo
from .text import Say

# Seconds between two computer moves: long enough to read a line of the feed and see the
# token start, short enough that a round of three opponents does not drag.
BOT_PACE = 0.35
_SEED_TAG = b"zemlevlasnyk/ui/seeded-table\n"


def seed_bytes(seed: int) -> bytes:
    return seed.to_bytes(16, "big", signed=True)


class LocalTable:
    """One person against `opponents` computer players of `level` (a `TableView`)."""

    def __init__(self, profile: Profile, *, opponents: int, level: str, seed: int | None = None,
                 rules: Ruleset | None = None) -> None:
        chain_seed = None if seed is None else seed_bytes(seed)
        table = None if chain_seed is None else hashlib.sha256(_SEED_TAG + chain_seed).hexdigest()[:16]
        preset, options = (rules.preset, rules.options) if rules is not None else (DEFAULT_PRESET, {})
        self.handle: TableHandle = prepare(TableConfig(profile, clock=False, solo=True, table=table,
                                                       chain_seed=chain_seed, bot_pace=BOT_PACE,
                                                       preset=preset, options=options))
        self._events: list[Event] = []
        self.handle.observe(self._output)
        self.refusal: Say | None = None
        self.handle.sit_host()
        base = 0 if seed is None else seed
        for n in range(opponents):
            self.handle.add_bot(level, make_policy(level, base * 8 + n + 1))
        self.handle.start()
        players = self.handle.core.players
        self.players = tuple(PlayerInfo(p.name, p.colour, p.bot) for p in players)
        self.me = next(n for n, p in enumerate(players) if p.bot is None)

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
    def records(self) -> int:
        """How many records the table has published (a cheap 'something changed' counter)."""
        return len(self.handle.core.records)

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

    def computer_to_move(self) -> bool:
        return self.outcome is None and any(d.seat != self.me for d in self.game.pending())

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

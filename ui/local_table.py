"""A table against the computer, hosted in-process: the window's side of `p2p.host.TableHost`.

The person sits as the host's own seat, computer players fill the others, the clock is off.
The window calls `act()` for the person's choices; `run()` is the trio task that lets the
computer players move, one at a time and `BOT_PACE` apart, and only while the window is not
holding the table (it holds it while a token is still walking). No sockets: the host's
outputs have no connection to go to.

The host runs `solo` (it starts with no friend seated), keeps the engine's events for the
window's feed, and, when seeded, draws its secret chain from the seed so that tests and
screenshots repeat exactly.
"""
from __future__ import annotations

import hashlib
import math

import trio

from zemlevlasnyk.engine import Action, Event, Game, Outcome
from zemlevlasnyk.p2p.errors import ProtocolError
from zemlevlasnyk.p2p.host import TableHost
from zemlevlasnyk.p2p.identity import Profile
from zemlevlasnyk.p2p.policy import make_policy

from .table_view import PlayerInfo

# Seconds between two computer moves: long enough to read a line of the feed and see the
# token start, short enough that a round of three opponents does not drag.
BOT_PACE = 0.35
# While the window holds the table (a token is walking), how often the table looks again.
HOLD_POLL = 0.05
_SEED_TAG = b"zemlevlasnyk/ui/seeded-table\n"


def seed_bytes(seed: int) -> bytes:
    return seed.to_bytes(16, "big", signed=True)


class LocalTable:
    """One person against `opponents` computer players of `level` (a `TableView`)."""

    def __init__(self, profile: Profile, *, opponents: int, level: str, seed: int | None = None) -> None:
        chain_seed = None if seed is None else seed_bytes(seed)
        table = None if chain_seed is None else hashlib.sha256(_SEED_TAG + chain_seed).hexdigest()[:16]
        self._host = TableHost(profile, table=table, clock=False, solo=True, keep_events=True,
                               chain_seed=chain_seed)
        self._now = 0.0
        self._last_move = -math.inf
        self._person_moved = False
        self._closed = False
        self._wake: trio.Event | None = None
        self._token: trio.lowlevel.TrioToken | None = None
        self.hold = False
        self.refusal: str | None = None
        host = self._host
        host.set_clock(False)
        host.sit_host(self._now)
        base = 0 if seed is None else seed
        for n in range(opponents):
            host.add_bot(level, make_policy(level, base * 8 + n + 1), self._now)
        host.start(self._now)
        self.players = tuple(PlayerInfo(p.name, p.colour, p.bot) for p in host.players)
        self.me = next(n for n, p in enumerate(host.players) if p.bot is None)

    # --- what the window reads ------------------------------------------------------------

    @property
    def game(self) -> Game:
        assert self._host.game is not None
        return self._host.game

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    @property
    def records(self) -> int:
        """How many records the table has published (a cheap 'something changed' counter)."""
        return len(self._host.records)

    def take_events(self) -> list[Event]:
        """The engine events since the last call, in order."""
        return self._host.take_events()

    def computer_to_move(self) -> bool:
        return self.outcome is None and any(d.seat != self.me for d in self.game.pending())

    # --- what the window does -------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """The person's action; False (with `refusal` set) when the table refused it."""
        try:
            self._host.host_action(action, self._now)
        except ProtocolError as exc:
            self.refusal = exc.message
            return False
        self.refusal = None
        self._moved()
        return True

    def step_computer(self) -> bool:
        """Let one computer player move now, whatever the pace (screenshots, warm-ups)."""
        before = self.records
        self._host.step(self._now)
        return self.records != before

    # --- the trio task --------------------------------------------------------------------

    async def run(self) -> None:
        """Pace the computer players until the game ends."""
        self._token = trio.lowlevel.current_trio_token()
        while self.outcome is None and not self._closed:
            self._now = trio.current_time()
            if self._person_moved:
                self._last_move = self._now
                self._person_moved = False
            self._host.tick(self._now)
            self._wake = trio.Event()
            with trio.move_on_after(self._wait()):
                await self._wake.wait()
                continue
            self._now = trio.current_time()
            if self.computer_to_move() and not self.hold:
                # Paced even when nothing came of it, so a stuck player cannot spin the loop.
                self.step_computer()
                self._last_move = self._now

    def close(self) -> None:
        """The person left the table: the task ends instead of playing on without them."""
        self._closed = True
        self._poke()

    def _wait(self) -> float:
        waits = [math.inf]
        if self.computer_to_move():
            waits.append(HOLD_POLL if self.hold else self._last_move + BOT_PACE - self._now)
        deadline = self._host.next_deadline()
        if deadline is not None:
            waits.append(deadline - self._now)
        return max(0.0, min(waits))

    def _moved(self) -> None:
        # The pace counts from the person's move, which the task stamps when it wakes.
        self._person_moved = True
        self._last_move = self._now
        self._poke()

    def _poke(self) -> None:
        """Wake the task (from the window's code, inside or outside trio)."""
        if self._token is not None and self._wake is not None:
            self._token.run_sync_soon(self._wake.set)

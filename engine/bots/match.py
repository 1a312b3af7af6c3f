"""Whole games between bots, headless and deterministic: for simulate, tests and benchmarks.

Chance comes from one `Entropy` stream per game, derived from the match seed; each seat's
bot gets its own stream, so a game replays exactly from (seed, levels, seats).
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from typing import NamedTuple

from ..actions import Action, Bid
from ..chance import Entropy
from ..errors import EngineError
from ..events import CameToRest, Event
from ..game import Game
from ..phases import OVER
from ..rules import Ruleset
from ..state import BANK, Lot
from . import seat_bot

# A turn with more actions than this is a bot stuck in a loop, not play: the busiest real
# turns (a long auction, a debt paid by selling a dozen buildings) take about a hundred.
MAX_ACTIONS_PER_TURN = 2000
# A headless game has no clock: under a time limit (option `time_limit`) its clock reads this
# many milliseconds a turn, the pace measured in the window (issue 19: a game against three
# computer players reached turn 121 after 17 minutes), so a limit ends a simulated game about
# where it would end one played in the window.
HEADLESS_TURN_MS = 8_400


class MatchStalled(EngineError):
    """A bot kept acting without the turn moving on."""


class AuctionSale(NamedTuple):
    """A deed won at auction: by `seat`, `cell`, for `amount`."""
    seat: int
    cell: int
    amount: int


class MatchResult:
    """A match played: the game as it ended, the actions and turns it took, whether the turn
    cap stopped it with no result, how often a token came to rest on each cell, and the deeds
    won at auction."""
    __slots__ = ("game", "actions", "turns", "capped", "landings", "auctions")

    def __init__(self, game: Game, actions: int, turns: int, capped: bool, landings: list[int],
                 auctions: list[AuctionSale]) -> None:
        self.game = game
        self.actions = actions
        self.turns = turns
        self.capped = capped
        self.landings = landings
        self.auctions = auctions

    @property
    def winner(self) -> int | None:
        out = self.game.outcome()
        return None if out is None else out.winner

    @property
    def drawn(self) -> bool:
        out = self.game.outcome()
        return self.capped or (out is not None and out.draw)


def derive_seed(seed: int | bytes, label: str) -> bytes:
    base = seed if isinstance(seed, bytes) else seed.to_bytes(16, "big", signed=True)
    return hashlib.sha256(base + b"/" + label.encode()).digest()


def play_match(rules: Ruleset, levels: Sequence[str], seed: int | bytes, max_turns: int,
               observer: Callable[[Game, Action, list[Event]], None] | None = None) -> MatchResult:
    """Play one game, seat i played by a bot of `levels[i]` (a level, or `level:temperament`),
    until it ends or the cap."""
    chance = Entropy(derive_seed(seed, "chance"))
    # A seat's spec is its level, or a level and its temperament (`hard:bold`): the bots'
    # seeds derive from it, so a balanced seat's are the level's.
    bots = [seat_bot(level, derive_seed(seed, f"seat{i}:{level}")) for i, level in enumerate(levels)]
    game = Game.new(rules, len(levels), chance=chance)
    landings = [0] * rules.size
    # Without an observer, actions run without events (`Game._apply_quietly`), and the cells
    # where tokens came to rest are collected in one list for the whole game.
    rested: list[int] = []
    game._rested = rested
    run_quietly = game._run
    actions = 0
    sales: list[AuctionSale] = []
    turn, turn_actions = game.turn, 0
    timed = bool(rules.time_limit_ms)
    while game.phase is not OVER and game.turn <= max_turns:
        if game.turn != turn:
            turn, turn_actions = game.turn, 0
            if timed:
                game.time_passed((turn - 1) * HEADLESS_TURN_MS)
        turn_actions += 1
        if turn_actions > MAX_ACTIONS_PER_TURN:
            raise MatchStalled(f"turn {turn}: {MAX_ACTIONS_PER_TURN} actions without the turn "
                               f"moving on (levels {', '.join(levels)})")
        # Who decides: the main seat, unless a draw offer waits for answers first.
        seat = game.main_seat() if game.draw is None else game.pending()[0].seat
        assert seat is not None, "a game still playing waits for a seat"
        # Every bot answers with a legal action (the clock's safe action, one of `legal()`,
        # or one it checked with `is_legal`), so it is applied without checking it again;
        # and unless someone watches, without building the events, which only say where a
        # token came to rest here.
        action = bots[seat].choose(game, seat)
        actions += 1
        auction = game.auction
        if observer is None:
            run_quietly(action, chance, None)
        else:
            events = game._apply(action, chance)
            for e in events:
                if type(e) is CameToRest:
                    landings[e.cell] += 1
            observer(game, action, events)
        # A deed auction that this action closed with a sale: read off the state, which
        # costs a comparison per action and needs no events.
        if auction is not None and auction.lot is Lot.DEED:
            cell, now = auction.cell, game.auction
            if (now is None or now.cell != cell) and game.owner[cell] != BANK:
                amount = action.amount if isinstance(action, Bid) else auction.high
                sales.append(AuctionSale(game.owner[cell], cell, amount))
    for cell in rested:
        landings[cell] += 1
    capped = game.phase is not OVER
    turns = min(game.turn, max_turns) if capped else game.turn
    return MatchResult(game, actions, turns, capped, landings, sales)

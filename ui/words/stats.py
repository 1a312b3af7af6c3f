"""A game's story in figures, told by its events: every player's net worth at each turn,
where tokens came to rest, the biggest rent paid, trades, bankruptcies in order.

Everything is counted from the engine's events alone (cash moves only through `paid`;
deeds through `bought`, `auction_won`, trades and bankruptcies; buildings through `built`
and `building_sold`), on a shadow of the game's holdings that the engine's own
`holdings.net_worth` values. So the figures are the same whether the window saw the game
move by move or took its whole history at once (a results screen opened later, a
screenshot). Nothing here draws.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from zemlevlasnyk.engine import BANK, Entropy, Event, Game, Ruleset, holdings
from zemlevlasnyk.engine.events import (
    AuctionWon,
    Bankrupt,
    Bought,
    BuildingSold,
    Built,
    CameToRest,
    DeedReturned,
    DeedTransferred,
    Eliminated,
    Mortgaged,
    Paid,
    Redeemed,
    TradeAccepted,
    TurnStarted,
)


@dataclass(frozen=True)
class Rent:
    amount: int
    payer: int
    owner: int
    cell: int | None     # where the payer stood (None if the window never saw them land)


@dataclass(frozen=True)
class Bankruptcy:
    seat: int
    creditor: int | None   # None: the bank
    turn: int
    owed: int | None       # the debt that could not be paid (None: resigned)
    raisable: int          # what the seat could still have raised


@dataclass
class GameStats:
    rules: Ruleset
    players: int
    turn: int = 0
    # (turn, net worth by seat) at the start of each turn, and once more at the end.
    worth: list[tuple[int, list[int]]] = field(default_factory=list)
    landings: list[int] = field(default_factory=list)
    biggest_rent: Rent | None = None
    trades: int = 0
    bankruptcies: list[Bankruptcy] = field(default_factory=list)
    seconds: float = 0.0          # how long the window showed the game
    _shadow: Game | None = None
    _rest: dict[int, int] = field(default_factory=dict)

    @classmethod
    def start(cls, rules: Ruleset, players: int, dealt: Sequence[Sequence[int]] = ()) -> GameStats:
        """The figures of a game at its start; `dealt`: the deeds each seat was dealt (option
        `deal_deeds`: the game's `dealt`), which no event tells."""
        stats = cls(rules, players, landings=[0] * rules.size)
        # A deal needs chance to be made: the shadow's is replaced by the game's own.
        chance = Entropy(b"shadow") if rules.deal_deeds else None
        stats._shadow = shadow = Game.new(rules, players, first=0, chance=chance)
        shadow.owner = [BANK] * rules.size
        for seat, cells in enumerate(dealt):
            for c in cells:
                shadow.owner[c] = seat
        # A game starts in its first turn without an event saying so.
        stats.turn = 1
        stats.worth.append((1, [stats.net_worth(seat) for seat in range(players)]))
        return stats

    @property
    def shadow(self) -> Game:
        assert self._shadow is not None, "GameStats.start makes the shadow"
        return self._shadow

    def net_worth(self, seat: int) -> int:
        return holdings.net_worth(self.shadow, seat)

    def cash(self, seat: int) -> int:
        return self.shadow.cash[seat]

    def copy(self) -> GameStats:
        """The figures so far, to count on separately (a replay keeps some along the way)."""
        return replace(self, worth=self.worth[:], landings=self.landings[:], bankruptcies=self.bankruptcies[:],
                       _shadow=self.shadow.copy(), _rest=dict(self._rest))

    def feed(self, events: Iterable[Event]) -> None:
        for e in events:
            self._one(e)

    def finish(self) -> None:
        """The game is over: note the final worth (once)."""
        final = [self.net_worth(s) if self.shadow.alive[s] else 0 for s in range(self.players)]
        if not self.worth or self.worth[-1] != (self.turn, final):
            self.worth.append((self.turn, final))

    def agrees_with(self, game: Game) -> bool:
        """True when the figures were counted from the whole game (the shadow's holdings are
        the game's own); a window that joined late saw only part of it."""
        s = self.shadow
        return s.cash == game.cash and s.owner == game.owner and s.buildings == game.buildings \
            and s.mortgaged == game.mortgaged

    def most_landed(self) -> tuple[int, int] | None:
        """The cell where tokens came to rest most often, and how often."""
        if not any(self.landings):
            return None
        cell = max(range(len(self.landings)), key=lambda c: (self.landings[c], -c))
        return cell, self.landings[cell]

    def _one(self, e: Event) -> None:
        s = self.shadow
        if isinstance(e, TurnStarted):
            self.turn = e.turn
            self.worth.append((self.turn, [self.net_worth(p) if s.alive[p] else 0 for p in range(self.players)]))
        elif isinstance(e, CameToRest):
            self.landings[e.cell] += 1
            self._rest[e.seat] = e.cell
        elif isinstance(e, Paid):
            if e.from_seat is not None:
                s.cash[e.from_seat] -= e.amount
            if e.to_seat is not None:
                s.cash[e.to_seat] += e.amount
            if e.reason == "rent" and e.from_seat is not None and e.to_seat is not None and (
                    self.biggest_rent is None or e.amount > self.biggest_rent.amount):
                cell = e.cell if e.cell is not None else self._rest.get(e.from_seat)
                self.biggest_rent = Rent(e.amount, e.from_seat, e.to_seat, cell)
        elif isinstance(e, (Bought, AuctionWon)):
            s.owner[e.cell] = e.seat
        elif isinstance(e, DeedTransferred):
            s.owner[e.cell] = e.to_seat
        elif isinstance(e, DeedReturned):
            s.owner[e.cell], s.mortgaged[e.cell], s.buildings[e.cell] = BANK, False, 0
        elif isinstance(e, TradeAccepted):
            self.trades += 1
            for cell in e.give:
                s.owner[cell] = e.to_seat
            for cell in e.take:
                s.owner[cell] = e.from_seat
        elif isinstance(e, (Mortgaged, Redeemed)):
            s.mortgaged[e.cell] = isinstance(e, Mortgaged)
        elif isinstance(e, (Built, BuildingSold)):
            s.buildings[e.cell] = e.buildings
        elif isinstance(e, Bankrupt):
            self.bankruptcies.append(Bankruptcy(e.seat, e.creditor, self.turn, e.owed, e.raisable))
        elif isinstance(e, Eliminated):
            s.alive[e.seat] = False

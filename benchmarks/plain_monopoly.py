"""A plain-Python Monopoly loop: the yardstick `speed.py` uses when the peer simulator is absent.

The same work as gamescomputersplay/monopoly's game loop, written the plainest way: four
players on the classic board, who each turn trade a deed for a deed when that completes a
group for both, redeem mortgages, build at the first chance, then roll, move, draw cards,
buy what they land on while keeping a cash cushion, pay rent and taxes, raise money by
selling houses and mortgaging, and go bankrupt. No rule checks, no events, no decisions
asked of anyone: the floor a rules engine with bots is measured against. A game ends when
one player is left, when everyone left is rich (the peer's "never bankrupt" cut), or after
1 000 rounds.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

ROUNDS = 1000
START_CASH = 1500
SALARY = 200
CUSHION = 200            # cash a player keeps unspent (the peer's `unspendable_cash`)
RICH = 5000              # everyone left above this: the game would never end
JAIL, GO_TO_JAIL = 10, 30
JAIL_FINE = 50
TAXES = {4: 200, 38: 100}
CARD_CELLS = (2, 7, 17, 22, 33, 36)
STATIONS = (5, 15, 25, 35)
UTILITIES = (12, 28)
# Streets: cell -> (price, house cost, rents with 0..5 buildings, group).
STREETS: dict[int, tuple[int, int, tuple[int, ...], str]] = {
    1: (60, 50, (2, 10, 30, 90, 160, 250), "brown"), 3: (60, 50, (4, 20, 60, 180, 320, 450), "brown"),
    6: (100, 50, (6, 30, 90, 270, 400, 550), "light"), 8: (100, 50, (6, 30, 90, 270, 400, 550), "light"),
    9: (120, 50, (8, 40, 100, 300, 450, 600), "light"), 11: (140, 100, (10, 50, 150, 450, 625, 750), "pink"),
    13: (140, 100, (10, 50, 150, 450, 625, 750), "pink"), 14: (160, 100, (12, 60, 180, 500, 700, 900), "pink"),
    16: (180, 100, (14, 70, 200, 550, 700, 950), "orange"), 18: (180, 100, (14, 70, 200, 550, 700, 950), "orange"),
    19: (200, 100, (16, 80, 220, 600, 800, 1000), "orange"), 21: (220, 150, (18, 90, 250, 700, 875, 1050), "red"),
    23: (220, 150, (18, 90, 250, 700, 875, 1050), "red"), 24: (240, 150, (20, 100, 300, 750, 925, 1100), "red"),
    26: (260, 150, (22, 110, 330, 800, 975, 1150), "yellow"),
    27: (260, 150, (22, 110, 330, 800, 975, 1150), "yellow"),
    29: (280, 150, (24, 120, 360, 850, 1025, 1200), "yellow"),
    31: (300, 200, (26, 130, 390, 900, 1100, 1275), "green"),
    32: (300, 200, (26, 130, 390, 900, 1100, 1275), "green"),
    34: (320, 200, (28, 150, 450, 1000, 1200, 1400), "green"),
    37: (350, 200, (35, 175, 500, 1100, 1300, 1500), "blue"), 39: (400, 200, (50, 200, 600, 1400, 1700, 2000), "blue"),
}
PRICES = {**{c: s[0] for c, s in STREETS.items()}, **dict.fromkeys(STATIONS, 200), **dict.fromkeys(UTILITIES, 150)}
GROUPS: dict[str, tuple[int, ...]] = {}
for _cell, (_p, _h, _r, _g) in STREETS.items():
    GROUPS[_g] = (*GROUPS.get(_g, ()), _cell)
GROUP_OF = {c: GROUPS[s[3]] for c, s in STREETS.items()} | {c: STATIONS for c in STATIONS} | {
    c: UTILITIES for c in UTILITIES}
# Cards as (kind, value): move to a cell, move back, pay, receive, jail, release card.
CARDS = (("to", 0), ("to", 24), ("to", 11), ("to", 39), ("back", 3), ("jail", 0), ("pay", 50),
         ("pay", 100), ("receive", 200), ("receive", 50), ("receive", 100), ("receive", 20),
         ("receive", 25), ("release", 0), ("to", 5), ("pay", 15))


@dataclass(slots=True)
class Player:
    cash: int = START_CASH
    pos: int = 0
    jailed: bool = False
    jail_tries: int = 0
    release: bool = False
    bankrupt: bool = False
    owned: list[int] = field(default_factory=list)
    traded_at: int = -1      # the board's change count when this player last looked for a trade


@dataclass(slots=True)
class Board:
    owner: dict[int, Player] = field(default_factory=dict)
    houses: dict[int, int] = field(default_factory=dict)
    mortgaged: set[int] = field(default_factory=set)
    # Kept up to date on every change of owner, as the peer keeps its monopoly multipliers
    # and trade wishes: the streets of complete groups, and a count of owner changes.
    monopolies: set[int] = field(default_factory=set)
    changes: int = 0

    def give(self, cell: int, player: Player | None) -> None:
        if player is None:
            del self.owner[cell]
        else:
            self.owner[cell] = player
        self.changes += 1
        group = GROUP_OF[cell]
        if player is not None and all(self.owner.get(c) is player for c in group):
            self.monopolies.update(group)
        else:
            self.monopolies.difference_update(group)


def _monopoly(board: Board, player: Player, cell: int) -> bool:
    return cell in board.monopolies and board.owner.get(cell) is player


def _rent(board: Board, owner: Player, cell: int, dice: int) -> int:
    if cell in board.mortgaged:
        return 0
    if cell in STATIONS:
        return 25 << (sum(1 for c in STATIONS if board.owner.get(c) is owner) - 1)
    if cell in UTILITIES:
        return dice * (10 if _monopoly(board, owner, cell) else 4)
    houses = board.houses.get(cell, 0)
    rents = STREETS[cell][2]
    if houses:
        return rents[houses]
    return rents[0] * (2 if _monopoly(board, owner, cell) else 1)


def _raisable(board: Board, player: Player) -> int:
    total = player.cash
    for c in player.owned:
        if c in STREETS:
            total += board.houses.get(c, 0) * STREETS[c][1] // 2
        if c not in board.mortgaged:
            total += PRICES[c] // 2
    return total


def _raise(board: Board, player: Player, amount: int) -> None:
    """Sell houses (evenly, dearest first), then mortgage the cheapest deeds, until `amount`."""
    while player.cash < amount:
        built = [c for c in player.owned if board.houses.get(c, 0)]
        if not built:
            break
        cell = max(built, key=lambda c: (board.houses[c], STREETS[c][1]))
        board.houses[cell] -= 1
        player.cash += STREETS[cell][1] // 2
    for cell in sorted(player.owned, key=lambda c: PRICES[c]):
        if player.cash >= amount:
            break
        if cell not in board.mortgaged:
            board.mortgaged.add(cell)
            player.cash += PRICES[cell] // 2


def _pay(board: Board, player: Player, amount: int, payee: Player | None) -> None:
    if player.cash < amount:
        if _raisable(board, player) < amount:
            player.bankrupt = True
            for cell in player.owned:
                board.houses.pop(cell, None)
                board.give(cell, payee)
                if payee is None:
                    board.mortgaged.discard(cell)
                else:
                    payee.owned.append(cell)
            if payee is not None:
                payee.cash += player.cash
            player.owned.clear()
            player.cash = 0
            return
        _raise(board, player, amount)
    player.cash -= amount
    if payee is not None:
        payee.cash += amount


def _trade(board: Board, player: Player, others: list[Player]) -> None:
    """Swap one deed for one when each side then completes a group, the dearer side paid."""
    if player.traded_at == board.changes:
        return
    player.traded_at = board.changes
    for other in others:
        if other is player or other.bankrupt:
            continue
        want = [c for c in other.owned if c in STREETS and not board.houses.get(c)
                and all(board.owner.get(x) is player for x in GROUP_OF[c] if x != c)]
        give = [c for c in player.owned if c in STREETS and not board.houses.get(c)
                and all(board.owner.get(x) is other for x in GROUP_OF[c] if x != c)]
        if want and give:
            get, out = want[0], give[0]
            diff = PRICES[get] - PRICES[out]
            if player.cash - diff < CUSHION or other.cash + diff < CUSHION:
                continue
            player.cash -= diff
            other.cash += diff
            board.give(get, player)
            board.give(out, other)
            other.owned.remove(get)
            player.owned.append(get)
            player.owned.remove(out)
            other.owned.append(out)
            return


def _manage(board: Board, player: Player) -> None:
    for cell in player.owned:
        if cell in board.mortgaged and player.cash - PRICES[cell] * 6 // 10 >= CUSHION:
            board.mortgaged.discard(cell)
            player.cash -= PRICES[cell] * 6 // 10
    while True:
        options = [c for c in player.owned if c in board.monopolies and c in STREETS
                   and board.houses.get(c, 0) < 5
                   and not any(x in board.mortgaged for x in GROUP_OF[c])
                   and board.houses.get(c, 0) == min(board.houses.get(x, 0) for x in GROUP_OF[c])]
        if not options:
            return
        cell = min(options, key=lambda c: STREETS[c][1])
        cost = STREETS[cell][1]
        if player.cash - cost < CUSHION:
            return
        player.cash -= cost
        board.houses[cell] = board.houses.get(cell, 0) + 1


def _land(board: Board, player: Player, dice: int, deck: list[tuple[str, int]]) -> None:
    cell = player.pos
    if cell in CARD_CELLS:
        kind, value = deck.pop(0)
        if kind != "release":
            deck.append((kind, value))
        if kind == "to":
            if value < cell:
                player.cash += SALARY
            player.pos = value
        elif kind == "back":
            player.pos = (cell - value) % 40
        elif kind == "jail":
            player.pos, player.jailed = JAIL, True
            return
        elif kind == "pay":
            _pay(board, player, value, None)
            return
        elif kind == "receive":
            player.cash += value
            return
        else:
            player.release = True
            return
        cell = player.pos
    if cell == GO_TO_JAIL:
        player.pos, player.jailed = JAIL, True
    elif cell in TAXES:
        _pay(board, player, TAXES[cell], None)
    elif cell in PRICES:
        owner = board.owner.get(cell)
        if owner is None:
            if player.cash - PRICES[cell] >= CUSHION:
                player.cash -= PRICES[cell]
                board.give(cell, player)
                player.owned.append(cell)
        elif owner is not player:
            _pay(board, player, _rent(board, owner, cell, dice), owner)


def _turn(board: Board, player: Player, players: list[Player], rng: random.Random,
          deck: list[tuple[str, int]]) -> int:
    """One player's turn; returns the moves made (a double moves again)."""
    _trade(board, player, players)
    _manage(board, player)
    moves = 0
    for doubles in range(3):
        moves += 1
        d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
        if d1 == d2 and doubles == 2:
            player.pos, player.jailed = JAIL, True
            return moves
        if player.jailed:
            if player.release or d1 == d2:
                player.release = False
            elif player.jail_tries == 2:
                _pay(board, player, JAIL_FINE, None)
            else:
                player.jail_tries += 1
                return moves
            player.jailed, player.jail_tries = False, 0
        player.pos += d1 + d2
        if player.pos >= 40:
            player.pos -= 40
            player.cash += SALARY
        _land(board, player, d1 + d2, deck)
        if player.bankrupt or player.jailed or d1 != d2:
            return moves
    return moves


def play_game(seed: int) -> tuple[int, int]:
    """One game from `seed`; returns (turns, moves)."""
    rng = random.Random(seed)
    board = Board()
    players = [Player() for _ in range(4)]
    deck = list(CARDS)
    rng.shuffle(deck)
    turns = moves = 0
    for _ in range(ROUNDS):
        alive = [p for p in players if not p.bankrupt]
        if len(alive) < 2 or all(p.cash > RICH for p in alive):
            break
        for player in players:
            if not player.bankrupt:
                turns += 1
                moves += _turn(board, player, players, rng, deck)
    return turns, moves

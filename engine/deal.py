"""The deal at the start (option `deal_deeds`, issue 19): each player is dealt that many
deeds at random, paying nothing, so a quick game starts with something to trade and build.

The deal is the start's chance (`Game.new`'s source, after who moves first is drawn: at a
table the start record's commit-reveal), so every peer deals the same deeds and checks the
state hash. It goes round the table from the first player, one deed each a round, each
drawn uniformly from the bank's deeds in cell order; a board that runs out of deeds stops
the deal there.
"""
from __future__ import annotations

from .chance import ChanceSource
from .events import DeedsDealt
from .state import BANK, GameState


def deal(g: GameState, chance: ChanceSource) -> None:
    """Deal the deeds of a game just made; the state keeps the deal (`dealt`, in its JSON
    under the option) so that a window counting the game from its events knows it."""
    rules = g.rules
    seats = [(g.first + i) % g.players for i in range(g.players)]
    for _ in range(rules.deal_deeds):
        for seat in seats:
            free = [c for c in rules.properties if g.owner[c] == BANK]
            if not free:
                break
            g.owner[free[chance.pick([str(c) for c in free])]] = seat
    g.dealt = tuple(tuple(c for c in rules.properties if g.owner[c] == seat) for seat in range(g.players))


def dealt(g: GameState) -> list[DeedsDealt]:
    """The start's deal as events, one per player dealt something, in seat order."""
    return [DeedsDealt(seat, cells) for seat, cells in enumerate(g.dealt) if cells]

"""What a bot remembers of its refused offers, and when the position has changed enough to ask
again.

A refused offer is kept as a `Refusal` (the engine's `TradeRefusal`): who asked whom for which deeds at what money, on
which turn, with who held every deed and both sides' cash at that moment. It rests (the bot
does not ask that player for those deeds again) for `REST_ROUNDS` rounds at least, and then
until the position changed: a deed of a colour group the offer touches changed hands, a
colour group was completed or broken anywhere on the board, or either side's cash moved by a
large amount. Even then the same deeds are never offered again for a token raise of the
refused money. The notes come from the game itself when it keeps them (a table's
state: every peer, a resumed game and a taken-over table see the same), else from what this
bot saw of its own offers (a game of bots, or a state from before the game kept them).
"""
from __future__ import annotations

from collections.abc import Sequence

from ..game import Game
from ..rules import Ruleset
from ..state import TradeRefusal as Refusal

# Either side's cash moving by this share of the starting cash is a new position: a player
# who has just collected (or paid) that much may well answer differently. (Less moves
# every round early in a game, as players buy their first deeds.)
LARGE_CASH_SHARE = 0.3
# Rounds a refused request rests however the position moves: a person asked again sooner
# feels pestered (issue 25: the same deed asked for every second round).
REST_ROUNDS = 3
# A raise of less than this share of what an offer moves (its money and the printed prices of
# its deeds) is a token one: a person refused the offer, not its last few coins.
TOKEN_RAISE_SHARE = 0.25
# The notes a bot keeps of its own refused offers (the oldest go first): more than a game's
# worth of distinct offers to any one table.
MAX_NOTES = 24


# What an offer asks of its partner: the deeds it asks for, or, for an offer that only sells,
# the deeds it sells. Offers of one request differ only in what is added to them, and rest
# together once refused.
Request = tuple[tuple[int, ...], tuple[int, ...]]


def request_key(give: tuple[int, ...], take: tuple[int, ...]) -> Request:
    return (take, ()) if take else ((), give)


def refusal_now(game: Game, by: int, to: int, give: tuple[int, ...], take: tuple[int, ...],
                money: int) -> Refusal:
    """The note of an offer refused in `game` as it stands (as the game itself keeps one)."""
    owner = game.owner
    return Refusal(by, to, give, take, money, game.turn, tuple(owner[c] for c in game.rules.properties),
                   (game.cash[by], game.cash[to]))


def _whole_groups(rules: Ruleset, owners: Sequence[int]) -> set[tuple[int, int]]:
    """(group index, holder) for every colour group one seat holds whole, `owners` by deed."""
    out = set()
    for g, at in _group_places(rules):
        holder = owners[at[0]]
        if holder >= 0 and all(owners[i] == holder for i in at):
            out.add((g, holder))
    return out


_PLACES: dict[str, tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _group_places(rules: Ruleset) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per colour group, its index and its deeds' places in `rules.properties` (the order
    of a note's owners), found once per ruleset: every refusal a bot keeps is checked
    against the position at every trade search."""
    found = _PLACES.get(rules.digest)
    if found is None:
        index = {c: i for i, c in enumerate(rules.properties)}
        found = _PLACES[rules.digest] = tuple(
            (g, tuple(index[c] for c in cells)) for g, cells in enumerate(rules.group_cells.values()))
    return found


def position_changed(game: Game, note: Refusal) -> bool:
    """Whether the game has moved on from the refusal: a deed of a group the offer touches
    changed hands, a group was completed or broken, or either side's cash moved a lot."""
    rules = game.rules
    now = tuple(game.owner[c] for c in rules.properties)
    if now != note.owners:
        touched = {x for c in note.give + note.take for x in rules.group_of[c]}
        if any(a != b and c in touched
               for c, a, b in zip(rules.properties, note.owners, now, strict=True)):
            return True
        if _whole_groups(rules, now) != _whole_groups(rules, note.owners):
            return True
    large = rules.start_cash * LARGE_CASH_SHARE
    return (abs(game.cash[note.by] - note.cash[0]) >= large
            or abs(game.cash[note.to] - note.cash[1]) >= large)


def token_raise(game: Game, note: Refusal, money: int) -> bool:
    """Whether offering the refused deeds again for `money` would be a token raise."""
    cells = game.rules.cells
    size = abs(note.money) + sum(cells[c].price for c in note.give + note.take)
    return 0 < money - note.money < size * TOKEN_RAISE_SHARE


class OfferMemory:
    """One bot's view of its refused offers: the game's notes when it keeps them, else its own."""

    def __init__(self) -> None:
        self.notes: list[Refusal] = []
        self._open: tuple[int, int, tuple[int, ...], tuple[int, ...], int] | None = None

    def offered(self, by: int, to: int, give: tuple[int, ...], take: tuple[int, ...], money: int) -> None:
        """This bot has just proposed that offer."""
        self._open = (by, to, give, take, money)

    def look(self, game: Game) -> None:
        """At the bot's next decision after an offer: note it if it was refused (the deeds
        asked for are not the bot's: the partner said no, or the offer could not stand)."""
        offer = self._open
        if offer is None or game.trade is not None:
            return
        self._open = None
        by, to, give, take, money = offer
        if not all(game.owner[c] == by for c in take):
            self.notes = [n for n in self.notes if (n.to, n.give, n.take) != (to, give, take)]
            self.notes.append(refusal_now(game, by, to, give, take, money))
            del self.notes[:-MAX_NOTES]

    def refusals(self, game: Game, seat: int) -> Sequence[Refusal]:
        """The refused offers of `seat` that may still matter: the game's, when it keeps
        them, else this bot's own notes."""
        kept = game.refusals
        if kept is not None:
            return [n for n in kept if n.by == seat]
        return self.notes

    def resting(self, game: Game, seat: int) -> frozenset[tuple[int, Request]]:
        """(partner, request) that `seat` must not make now: refused, and nothing changed since."""
        rest = REST_ROUNDS * sum(game.alive)
        return frozenset((n.to, request_key(n.give, n.take)) for n in self.refusals(game, seat)
                         if game.turn - n.turn < rest or not position_changed(game, n))

"""What happened: one small immutable class per kind of event that `Game.apply` reports.

Events are told to people (the window's feed, logs), counted by tools (landings), and
compared in tests; the engine never reads them back. Each has a plain-JSON form,
`to_json()`, with the event's `TYPE` and its fields; seats and cells are numbers, and the
bank is None. Fields named `from_seat`/`to_seat` (`from_cell`/`to_cell`) are `from`/`to` in
JSON, where Python cannot use those names.

Events are immutable values of `values.Value` (slotted classes with `Final` fields, not
frozen dataclasses: a game emits a dozen every turn; values.py says why).
"""
from __future__ import annotations

from typing import Any, ClassVar, Final

from .values import Value

# Python names that JSON spells differently (`from` is a keyword).
_JSON_NAMES = {"from_seat": "from", "to_seat": "to", "from_cell": "from", "to_cell": "to"}
# Optional fields left out of the JSON when they are None (a payment names a cell only
# when it is for one; a reshuffle names its deck only where there are several).
_OMIT_WHEN_NONE = frozenset({"cell", "deck"})
_LAYOUT: dict[type, tuple[tuple[str, str, bool], ...]] = {}


class Event(Value):
    """Base of every event: `TYPE` is its JSON `type`; its fields are `__match_args__`."""
    __slots__ = ()
    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        layout = _LAYOUT.get(type(self))
        if layout is None:
            layout = _LAYOUT[type(self)] = tuple(
                (name, _JSON_NAMES.get(name, name), name in _OMIT_WHEN_NONE) for name in self.__match_args__)
        out: dict[str, Any] = {"type": self.TYPE}
        for name, key, omit in layout:
            value = getattr(self, name)
            if value is None and omit:
                continue
            out[key] = list(value) if isinstance(value, tuple) else value
        return out


# -- turns, dice and moves ---------------------------------------------------------------

class TurnStarted(Event):
    TYPE = "turn_started"
    __slots__ = __match_args__ = ("seat", "turn")

    def __init__(self, seat: int, turn: int) -> None:
        self.seat: Final = seat
        self.turn: Final = turn


class DiceRolled(Event):
    TYPE = "dice_rolled"
    __slots__ = __match_args__ = ("seat", "dice", "double")

    def __init__(self, seat: int, dice: tuple[int, int], double: bool) -> None:
        self.seat: Final = seat
        self.dice: Final = dice
        self.double: Final = double


class Moved(Event):
    """`steps` < 0 moves backwards; `by` is "dice" or "card"."""
    TYPE = "moved"
    __slots__ = __match_args__ = ("seat", "from_cell", "to_cell", "steps", "by", "passed_start")

    def __init__(self, seat: int, from_cell: int, to_cell: int, steps: int, by: str, passed_start: bool) -> None:
        self.seat: Final = seat
        self.from_cell: Final = from_cell
        self.to_cell: Final = to_cell
        self.steps: Final = steps
        self.by: Final = by
        self.passed_start: Final = passed_start


class RentDiceThrown(Event):
    """A fresh throw that sets a rent (a card's "pay ten times the dice" at a utility); the
    turn's own dice stay as they were."""
    TYPE = "rent_dice"
    __slots__ = __match_args__ = ("seat", "dice")

    def __init__(self, seat: int, dice: tuple[int, int]) -> None:
        self.seat: Final = seat
        self.dice: Final = dice


class TurnCapReached(Event):
    """The game's turn cap is reached: the richest player wins (a tie draws)."""
    TYPE = "turn_cap"
    __slots__ = __match_args__ = ("turn",)

    def __init__(self, turn: int) -> None:
        self.turn: Final = turn


class CameToRest(Event):
    """The token stopped on `cell` and that cell is resolved (landing statistics count these)."""
    TYPE = "came_to_rest"
    __slots__ = __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell


# -- jail --------------------------------------------------------------------------------

class SentToJail(Event):
    """`reason`: "go_to_jail_cell", "card" or "three_doubles"."""
    TYPE = "sent_to_jail"
    __slots__ = __match_args__ = ("seat", "reason")

    def __init__(self, seat: int, reason: str) -> None:
        self.seat: Final = seat
        self.reason: Final = reason


class LeftJail(Event):
    """`how`: "fee", "card", "double" or "third_try"."""
    TYPE = "left_jail"
    __slots__ = __match_args__ = ("seat", "how")

    def __init__(self, seat: int, how: str) -> None:
        self.seat: Final = seat
        self.how: Final = how


class JailRollFailed(Event):
    TYPE = "jail_roll_failed"
    __slots__ = __match_args__ = ("seat", "tries")

    def __init__(self, seat: int, tries: int) -> None:
        self.seat: Final = seat
        self.tries: Final = tries


# -- cards -------------------------------------------------------------------------------

class DeckReshuffled(Event):
    """`deck`: which deck, in a ruleset with several (None with one)."""
    TYPE = "deck_reshuffled"
    __slots__ = __match_args__ = ("cards", "deck")

    def __init__(self, cards: int, deck: str | None = None) -> None:
        self.cards: Final = cards
        self.deck: Final = deck


class CardDrawn(Event):
    TYPE = "card_drawn"
    __slots__ = __match_args__ = ("seat", "card")

    def __init__(self, seat: int, card: str) -> None:
        self.seat: Final = seat
        self.card: Final = card


class CardKept(Event):
    TYPE = "card_kept"
    __slots__ = __match_args__ = ("seat", "card")

    def __init__(self, seat: int, card: str) -> None:
        self.seat: Final = seat
        self.card: Final = card


class CardReturned(Event):
    TYPE = "card_returned"
    __slots__ = __match_args__ = ("card",)

    def __init__(self, card: str) -> None:
        self.card: Final = card


class CardTransferred(Event):
    TYPE = "card_transferred"
    __slots__ = __match_args__ = ("card", "from_seat", "to_seat")

    def __init__(self, card: str, from_seat: int, to_seat: int) -> None:
        self.card: Final = card
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat


# -- money, debts and bankruptcy ---------------------------------------------------------

class Paid(Event):
    """Money moved; None is the bank. `reason` as a debt's, or "purchase", "auction",
    "building", "building_sold", "mortgage", "redeem", "trade", "start_salary", "bankruptcy"."""
    TYPE = "paid"
    __slots__ = __match_args__ = ("from_seat", "to_seat", "amount", "reason", "cell")

    def __init__(self, from_seat: int | None, to_seat: int | None, amount: int, reason: str,
                 cell: int | None = None) -> None:
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat
        self.amount: Final = amount
        self.reason: Final = reason
        self.cell: Final = cell


class DebtOwed(Event):
    """The game waits while `debtor` raises cash for this debt."""
    TYPE = "debt"
    __slots__ = __match_args__ = ("debtor", "creditor", "amount", "reason")

    def __init__(self, debtor: int, creditor: int | None, amount: int, reason: str) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.amount: Final = amount
        self.reason: Final = reason


class Bankrupt(Event):
    """`owed` and `reason`: the debt that could not be paid (None when resigning); `raisable`:
    what the seat could still have raised, so that a window can explain it."""
    TYPE = "bankrupt"
    __slots__ = __match_args__ = ("seat", "creditor", "owed", "reason", "raisable")

    def __init__(self, seat: int, creditor: int | None, owed: int | None, reason: str | None, raisable: int) -> None:
        self.seat: Final = seat
        self.creditor: Final = creditor
        self.owed: Final = owed
        self.reason: Final = reason
        self.raisable: Final = raisable


class DeedTransferred(Event):
    TYPE = "deed_transferred"
    __slots__ = __match_args__ = ("cell", "from_seat", "to_seat", "mortgaged")

    def __init__(self, cell: int, from_seat: int, to_seat: int, mortgaged: bool) -> None:
        self.cell: Final = cell
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat
        self.mortgaged: Final = mortgaged


class DeedReturned(Event):
    """A bankrupt's deed back to the bank, unowned, unmortgaged, unbuilt."""
    TYPE = "deed_returned"
    __slots__ = __match_args__ = ("cell", "from_seat")

    def __init__(self, cell: int, from_seat: int) -> None:
        self.cell: Final = cell
        self.from_seat: Final = from_seat


class Resigned(Event):
    TYPE = "resigned"
    __slots__ = __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class Eliminated(Event):
    TYPE = "eliminated"
    __slots__ = __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class GameWon(Event):
    TYPE = "game_won"
    __slots__ = __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


# -- buying and auctions -----------------------------------------------------------------

class OfferedToBuy(Event):
    TYPE = "offered_to_buy"
    __slots__ = __match_args__ = ("seat", "cell", "price")

    def __init__(self, seat: int, cell: int, price: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.price: Final = price


class Bought(Event):
    TYPE = "bought"
    __slots__ = __match_args__ = ("seat", "cell", "price")

    def __init__(self, seat: int, cell: int, price: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.price: Final = price


class PurchaseDeclined(Event):
    """Without auctions (option `auctions` off) a declined deed stays with the bank."""
    TYPE = "purchase_declined"
    __slots__ = __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell


class AuctionStarted(Event):
    TYPE = "auction_started"
    __slots__ = __match_args__ = ("cell", "bidders")

    def __init__(self, cell: int, bidders: tuple[int, ...]) -> None:
        self.cell: Final = cell
        self.bidders: Final = bidders


class BidMade(Event):
    TYPE = "bid"
    __slots__ = __match_args__ = ("seat", "amount")

    def __init__(self, seat: int, amount: int) -> None:
        self.seat: Final = seat
        self.amount: Final = amount


class BidPassed(Event):
    TYPE = "passed"
    __slots__ = __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class AuctionWon(Event):
    TYPE = "auction_won"
    __slots__ = __match_args__ = ("seat", "cell", "amount")

    def __init__(self, seat: int, cell: int, amount: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.amount: Final = amount


class AuctionUnsold(Event):
    TYPE = "auction_unsold"
    __slots__ = __match_args__ = ("cell",)

    def __init__(self, cell: int) -> None:
        self.cell: Final = cell


# -- buildings and mortgages -------------------------------------------------------------

class Built(Event):
    TYPE = "built"
    __slots__ = __match_args__ = ("seat", "cell", "buildings")

    def __init__(self, seat: int, cell: int, buildings: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.buildings: Final = buildings


class BuildingSold(Event):
    TYPE = "building_sold"
    __slots__ = __match_args__ = ("seat", "cell", "buildings", "refund")

    def __init__(self, seat: int, cell: int, buildings: int, refund: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.buildings: Final = buildings
        self.refund: Final = refund


class Mortgaged(Event):
    TYPE = "mortgaged"
    __slots__ = __match_args__ = ("seat", "cell", "amount")

    def __init__(self, seat: int, cell: int, amount: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.amount: Final = amount


class Redeemed(Event):
    TYPE = "redeemed"
    __slots__ = __match_args__ = ("seat", "cell", "amount")

    def __init__(self, seat: int, cell: int, amount: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.amount: Final = amount


# -- trades ------------------------------------------------------------------------------

class TradeProposed(Event):
    TYPE = "trade_proposed"
    __slots__ = __match_args__ = ("from_seat", "to_seat", "give", "take", "money")

    def __init__(self, from_seat: int, to_seat: int, give: tuple[int, ...], take: tuple[int, ...],
                 money: int) -> None:
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money


class TradeAccepted(Event):
    TYPE = "trade_accepted"
    __slots__ = __match_args__ = ("from_seat", "to_seat", "give", "take", "money")

    def __init__(self, from_seat: int, to_seat: int, give: tuple[int, ...], take: tuple[int, ...],
                 money: int) -> None:
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money


class TradeDeclined(Event):
    TYPE = "trade_declined"
    __slots__ = __match_args__ = ("from_seat", "to_seat")

    def __init__(self, from_seat: int, to_seat: int) -> None:
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat


# -- draws -------------------------------------------------------------------------------

class DrawOffered(Event):
    TYPE = "draw_offered"
    __slots__ = __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class DrawAccepted(Event):
    TYPE = "draw_accepted"
    __slots__ = __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class DrawDeclined(Event):
    TYPE = "draw_declined"
    __slots__ = __match_args__ = ("seat",)

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat


class DrawCancelled(Event):
    """`reason`: "move" (a move instead of an answer, by `by_seat`) or "elimination"."""
    TYPE = "draw_cancelled"
    __slots__ = __match_args__ = ("reason", "by_seat")

    def __init__(self, reason: str, by_seat: int) -> None:
        self.reason: Final = reason
        self.by_seat: Final = by_seat


class GameDrawn(Event):
    TYPE = "game_drawn"
    __slots__ = __match_args__ = ()


EVENT_TYPES: dict[str, type[Event]] = {
    cls.TYPE: cls
    for cls in (TurnStarted, DiceRolled, RentDiceThrown, TurnCapReached, PurchaseDeclined, Moved, CameToRest,
                SentToJail, LeftJail, JailRollFailed, DeckReshuffled, CardDrawn, CardKept, CardReturned,
                CardTransferred, Paid, DebtOwed,
                Bankrupt, DeedTransferred, DeedReturned, Resigned, Eliminated, GameWon, OfferedToBuy,
                Bought, AuctionStarted, BidMade, BidPassed, AuctionWon, AuctionUnsold, Built,
                BuildingSold, Mortgaged, Redeemed, TradeProposed, TradeAccepted, TradeDeclined,
                DrawOffered, DrawAccepted, DrawDeclined, DrawCancelled, GameDrawn)
}

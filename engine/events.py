"""What happened: one small frozen class per kind of event that `Game.apply` reports.

Events are told to people (the window's feed, logs), counted by tools (landings), and
compared in tests; the engine never reads them back. Each has a plain-JSON form,
`to_json()`, with the event's `TYPE` and its fields; seats and cells are numbers, and the
bank is None. Fields named `from_seat`/`to_seat` (`from_cell`/`to_cell`) are `from`/`to` in
JSON, where Python cannot use those names.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

# Python names that JSON spells differently (`from` is a keyword).
_JSON_NAMES = {"from_seat": "from", "to_seat": "to", "from_cell": "from", "to_cell": "to"}
# Optional fields left out of the JSON when they are None (a payment names a cell only
# when it is for one; a reshuffle names its deck only where there are several).
_OMIT_WHEN_NONE = frozenset({"cell", "deck"})
_LAYOUT: dict[type, tuple[tuple[str, str, bool], ...]] = {}


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event; `TYPE` is its JSON `type`."""
    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        layout = _LAYOUT.get(type(self))
        if layout is None:
            layout = _LAYOUT[type(self)] = tuple(
                (f.name, _JSON_NAMES.get(f.name, f.name), f.name in _OMIT_WHEN_NONE) for f in fields(self))
        out: dict[str, Any] = {"type": self.TYPE}
        for name, key, omit in layout:
            value = getattr(self, name)
            if value is None and omit:
                continue
            out[key] = list(value) if isinstance(value, tuple) else value
        return out


# -- turns, dice and moves ---------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    seat: int
    turn: int
    TYPE: ClassVar[str] = "turn_started"


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    seat: int
    dice: tuple[int, int]
    double: bool
    TYPE: ClassVar[str] = "dice_rolled"


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """`steps` < 0 moves backwards; `by` is "dice" or "card"."""
    seat: int
    from_cell: int
    to_cell: int
    steps: int
    by: str
    passed_start: bool
    TYPE: ClassVar[str] = "moved"


@dataclass(frozen=True, slots=True)
class RentDiceThrown(Event):
    """A fresh throw that sets a rent (a card's "pay ten times the dice" at a utility); the
    turn's own dice stay as they were."""
    seat: int
    dice: tuple[int, int]
    TYPE: ClassVar[str] = "rent_dice"


@dataclass(frozen=True, slots=True)
class TurnCapReached(Event):
    """The game's turn cap is reached: the richest player wins (a tie draws)."""
    turn: int
    TYPE: ClassVar[str] = "turn_cap"


@dataclass(frozen=True, slots=True)
class CameToRest(Event):
    """The token stopped on `cell` and that cell is resolved (landing statistics count these)."""
    seat: int
    cell: int
    TYPE: ClassVar[str] = "came_to_rest"


# -- jail --------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class SentToJail(Event):
    """`reason`: "go_to_jail_cell", "card" or "three_doubles"."""
    seat: int
    reason: str
    TYPE: ClassVar[str] = "sent_to_jail"


@dataclass(frozen=True, slots=True)
class LeftJail(Event):
    """`how`: "fee", "card", "double" or "third_try"."""
    seat: int
    how: str
    TYPE: ClassVar[str] = "left_jail"


@dataclass(frozen=True, slots=True)
class JailRollFailed(Event):
    seat: int
    tries: int
    TYPE: ClassVar[str] = "jail_roll_failed"


# -- cards -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DeckReshuffled(Event):
    """`deck`: which deck, in a ruleset with several (None with one)."""
    cards: int
    deck: str | None = None
    TYPE: ClassVar[str] = "deck_reshuffled"


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    seat: int
    card: str
    TYPE: ClassVar[str] = "card_drawn"


@dataclass(frozen=True, slots=True)
class CardKept(Event):
    seat: int
    card: str
    TYPE: ClassVar[str] = "card_kept"


@dataclass(frozen=True, slots=True)
class CardReturned(Event):
    card: str
    TYPE: ClassVar[str] = "card_returned"


@dataclass(frozen=True, slots=True)
class CardTransferred(Event):
    card: str
    from_seat: int
    to_seat: int
    TYPE: ClassVar[str] = "card_transferred"


# -- money, debts and bankruptcy ---------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Paid(Event):
    """Money moved; None is the bank. `reason` as a debt's, or "purchase", "auction",
    "building", "building_sold", "mortgage", "redeem", "trade", "start_salary", "bankruptcy"."""
    from_seat: int | None
    to_seat: int | None
    amount: int
    reason: str
    cell: int | None = None
    TYPE: ClassVar[str] = "paid"


@dataclass(frozen=True, slots=True)
class DebtOwed(Event):
    """The game waits while `debtor` raises cash for this debt."""
    debtor: int
    creditor: int | None
    amount: int
    reason: str
    TYPE: ClassVar[str] = "debt"


@dataclass(frozen=True, slots=True)
class Bankrupt(Event):
    """`owed` and `reason`: the debt that could not be paid (None when resigning); `raisable`:
    what the seat could still have raised, so that a window can explain it."""
    seat: int
    creditor: int | None
    owed: int | None
    reason: str | None
    raisable: int
    TYPE: ClassVar[str] = "bankrupt"


@dataclass(frozen=True, slots=True)
class DeedTransferred(Event):
    cell: int
    from_seat: int
    to_seat: int
    mortgaged: bool
    TYPE: ClassVar[str] = "deed_transferred"


@dataclass(frozen=True, slots=True)
class DeedReturned(Event):
    """A bankrupt's deed back to the bank, unowned, unmortgaged, unbuilt."""
    cell: int
    from_seat: int
    TYPE: ClassVar[str] = "deed_returned"


@dataclass(frozen=True, slots=True)
class Resigned(Event):
    seat: int
    TYPE: ClassVar[str] = "resigned"


@dataclass(frozen=True, slots=True)
class Eliminated(Event):
    seat: int
    TYPE: ClassVar[str] = "eliminated"


@dataclass(frozen=True, slots=True)
class GameWon(Event):
    seat: int
    TYPE: ClassVar[str] = "game_won"


# -- buying and auctions -----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class OfferedToBuy(Event):
    seat: int
    cell: int
    price: int
    TYPE: ClassVar[str] = "offered_to_buy"


@dataclass(frozen=True, slots=True)
class Bought(Event):
    seat: int
    cell: int
    price: int
    TYPE: ClassVar[str] = "bought"


@dataclass(frozen=True, slots=True)
class PurchaseDeclined(Event):
    """Without auctions (option `auctions` off) a declined deed stays with the bank."""
    seat: int
    cell: int
    TYPE: ClassVar[str] = "purchase_declined"


@dataclass(frozen=True, slots=True)
class AuctionStarted(Event):
    cell: int
    bidders: tuple[int, ...]
    TYPE: ClassVar[str] = "auction_started"


@dataclass(frozen=True, slots=True)
class BidMade(Event):
    seat: int
    amount: int
    TYPE: ClassVar[str] = "bid"


@dataclass(frozen=True, slots=True)
class BidPassed(Event):
    seat: int
    TYPE: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class AuctionWon(Event):
    seat: int
    cell: int
    amount: int
    TYPE: ClassVar[str] = "auction_won"


@dataclass(frozen=True, slots=True)
class AuctionUnsold(Event):
    cell: int
    TYPE: ClassVar[str] = "auction_unsold"


# -- buildings and mortgages -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Built(Event):
    seat: int
    cell: int
    buildings: int
    TYPE: ClassVar[str] = "built"


@dataclass(frozen=True, slots=True)
class BuildingSold(Event):
    seat: int
    cell: int
    buildings: int
    refund: int
    TYPE: ClassVar[str] = "building_sold"


@dataclass(frozen=True, slots=True)
class Mortgaged(Event):
    seat: int
    cell: int
    amount: int
    TYPE: ClassVar[str] = "mortgaged"


@dataclass(frozen=True, slots=True)
class Redeemed(Event):
    seat: int
    cell: int
    amount: int
    TYPE: ClassVar[str] = "redeemed"


# -- trades ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TradeProposed(Event):
    from_seat: int
    to_seat: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    money: int
    TYPE: ClassVar[str] = "trade_proposed"


@dataclass(frozen=True, slots=True)
class TradeAccepted(Event):
    from_seat: int
    to_seat: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    money: int
    TYPE: ClassVar[str] = "trade_accepted"


@dataclass(frozen=True, slots=True)
class TradeDeclined(Event):
    from_seat: int
    to_seat: int
    TYPE: ClassVar[str] = "trade_declined"


# -- draws -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DrawOffered(Event):
    seat: int
    TYPE: ClassVar[str] = "draw_offered"


@dataclass(frozen=True, slots=True)
class DrawAccepted(Event):
    seat: int
    TYPE: ClassVar[str] = "draw_accepted"


@dataclass(frozen=True, slots=True)
class DrawDeclined(Event):
    seat: int
    TYPE: ClassVar[str] = "draw_declined"


@dataclass(frozen=True, slots=True)
class DrawCancelled(Event):
    """`reason`: "move" (a move instead of an answer, by `by_seat`) or "elimination"."""
    reason: str
    by_seat: int
    TYPE: ClassVar[str] = "draw_cancelled"


@dataclass(frozen=True, slots=True)
class GameDrawn(Event):
    TYPE: ClassVar[str] = "game_drawn"


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

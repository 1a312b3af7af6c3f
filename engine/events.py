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

from typing import ClassVar, Final

from .canonical import JSONObject
from .reasons import PayReason
from .values import Value

# Python names that JSON spells differently (`from` is a keyword).
_JSON_NAMES = {"from_seat": "from", "to_seat": "to", "from_cell": "from", "to_cell": "to"}
# Optional fields left out of the JSON when they are None (a payment names a cell only
# when it is for one; a reshuffle names its deck only where there are several; a trade its
# kept cards only when some change hands).
_OMIT_WHEN_NONE = frozenset({"cell", "deck", "give_cards", "take_cards"})
_LAYOUT: dict[type, tuple[tuple[str, str, bool], ...]] = {}


class Event(Value):
    """Base of every event: `TYPE` is its JSON `type`; its fields are `__match_args__`."""
    __slots__ = ()
    TYPE: ClassVar[str] = ""

    def to_json(self) -> JSONObject:
        layout = _LAYOUT.get(type(self))
        if layout is None:
            layout = _LAYOUT[type(self)] = tuple(
                (name, _JSON_NAMES.get(name, name), name in _OMIT_WHEN_NONE) for name in self.__match_args__)
        out: JSONObject = {"type": self.TYPE}
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
    """`steps` < 0 moves backwards; `by` is "dice" or "card", and with the speed die also
    "bus" (one white die or both, chosen), "triple" (to a chosen cell) or "landlord" (on to
    the next deed for sale, else the next one that takes rent)."""
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


class SpeedDieRolled(Event):
    """The speed die (option `speed_die`) beside the white dice: `face` is "1", "2", "3",
    "landlord" or "bus"; `triple` when its number matches a double of the white dice."""
    TYPE = "speed_die"
    __slots__ = __match_args__ = ("seat", "face", "triple")

    def __init__(self, seat: int, face: str, triple: bool) -> None:
        self.seat: Final = seat
        self.face: Final = face
        self.triple: Final = triple


class TimeUp(Event):
    """The table's clock passed the time limit (option `time_limit`, in minutes): the round
    under way is the last."""
    TYPE = "time_up"
    __slots__ = __match_args__ = ("minutes", "turn")

    def __init__(self, minutes: int, turn: int) -> None:
        self.minutes: Final = minutes
        self.turn: Final = turn


class TimeLimitReached(Event):
    """The last round after the time limit is over: the richest player wins (a tie draws)."""
    TYPE = "time_limit"
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


# -- kept powers (engine/kept.py, powers.py, timed.py, reactions.py) ----------------------

class CardUsed(Event):
    """`seat` used the kept card `card` (its id): on `target_seat` and/or `target_cell` where
    its power names one, `choice` the id of the effect a `choose` card offered. Its return to
    the deck follows (`card_returned`), then what the power does."""
    TYPE = "card_used"
    __slots__ = __match_args__ = ("seat", "card", "target_seat", "target_cell", "choice")

    def __init__(self, seat: int, card: str, target_seat: int | None, target_cell: int | None,
                 choice: str | None) -> None:
        self.seat: Final = seat
        self.card: Final = card
        self.target_seat: Final = target_seat
        self.target_cell: Final = target_cell
        self.choice: Final = choice


class PaymentDue(Event):
    """The game waits while `debtor`, who holds a card that may cancel it, pays or uses it."""
    TYPE = "payment_due"
    __slots__ = __match_args__ = ("debtor", "creditor", "amount", "reason")

    def __init__(self, debtor: int, creditor: int | None, amount: int, reason: str) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.amount: Final = amount
        self.reason: Final = reason


class PaymentCancelled(Event):
    """A payment that fell due is not made: its debtor cancelled it with a card."""
    TYPE = "payment_cancelled"
    __slots__ = __match_args__ = ("debtor", "creditor", "amount", "reason")

    def __init__(self, debtor: int, creditor: int | None, amount: int, reason: str) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.amount: Final = amount
        self.reason: Final = reason


class BuildingBurnt(Event):
    """`seat` burnt one building of `owner`'s on `cell`, which has `buildings` left; the
    building goes back to the bank and nobody is paid."""
    TYPE = "building_burnt"
    __slots__ = __match_args__ = ("seat", "owner", "cell", "buildings")

    def __init__(self, seat: int, owner: int, cell: int, buildings: int) -> None:
        self.seat: Final = seat
        self.owner: Final = owner
        self.cell: Final = cell
        self.buildings: Final = buildings


class EffectStarted(Event):
    """A power that lasts begins (`kind` "stare", "merry", "extra_turn" or
    "full_price_building_sale"), by `by` on `target`."""
    TYPE = "effect_started"
    __slots__ = __match_args__ = ("kind", "by", "target")

    def __init__(self, kind: str, by: int, target: int) -> None:
        self.kind: Final = kind
        self.by: Final = by
        self.target: Final = target


class EffectThrown(Event):
    """The one die thrown for `target` under a lasting power of `by`'s: `die`, and whether it
    `missed` (a stare looked away from, an applause forgotten: the target owes `by`)."""
    TYPE = "effect_thrown"
    __slots__ = __match_args__ = ("kind", "by", "target", "die", "missed")

    def __init__(self, kind: str, by: int, target: int, die: int, missed: bool) -> None:
        self.kind: Final = kind
        self.by: Final = by
        self.target: Final = target
        self.die: Final = die
        self.missed: Final = missed


class EffectEnded(Event):
    """A power that lasts is over: `why` "done" (its check was thrown, its turn taken),
    "lap" (the holder passed the start), "left" (a seat left the game) or "turn" (the turn
    it lasted for ended)."""
    TYPE = "effect_ended"
    __slots__ = __match_args__ = ("kind", "by", "target", "why")

    def __init__(self, kind: str, by: int, target: int, why: str) -> None:
        self.kind: Final = kind
        self.by: Final = by
        self.target: Final = target
        self.why: Final = why


# -- money, debts and bankruptcy ---------------------------------------------------------

class Paid(Event):
    """Money moved; None is the bank. `reason`: why (a `Reason` of the rules, or a card's)."""
    TYPE = "paid"
    __slots__ = __match_args__ = ("from_seat", "to_seat", "amount", "reason", "cell")

    def __init__(self, from_seat: int | None, to_seat: int | None, amount: int, reason: PayReason,
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

    def __init__(self, debtor: int, creditor: int | None, amount: int, reason: PayReason) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.amount: Final = amount
        self.reason: Final = reason


class Bankrupt(Event):
    """`owed` and `reason`: the debt that could not be paid (None when resigning); `raisable`:
    what the seat could still have raised, so that a window can explain it."""
    TYPE = "bankrupt"
    __slots__ = __match_args__ = ("seat", "creditor", "owed", "reason", "raisable")

    def __init__(self, seat: int, creditor: int | None, owed: int | None, reason: PayReason | None,
                 raisable: int) -> None:
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


class DeedsDealt(Event):
    """The deeds a player was dealt at the start (option `deal_deeds`): the deal is in the
    state from the start (`GameState.dealt`), so no action reports it; `engine.deal.dealt`
    tells it as events for whoever shows the game from its start."""
    TYPE = "deeds_dealt"
    __slots__ = __match_args__ = ("seat", "cells")

    def __init__(self, seat: int, cells: tuple[int, ...]) -> None:
        self.seat: Final = seat
        self.cells: Final = cells


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
    """`give_cards` / `take_cards`: the proposer's / the partner's kept cards (ids) that change
    hands with the deeds, None when none do (and then absent from the JSON)."""
    TYPE = "trade_proposed"
    __slots__ = __match_args__ = ("from_seat", "to_seat", "give", "take", "money", "give_cards", "take_cards")

    def __init__(self, from_seat: int, to_seat: int, give: tuple[int, ...], take: tuple[int, ...],
                 money: int, give_cards: tuple[str, ...] | None = None,
                 take_cards: tuple[str, ...] | None = None) -> None:
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money
        self.give_cards: Final = give_cards
        self.take_cards: Final = take_cards


class TradeAccepted(Event):
    """`give_cards` / `take_cards`: the proposer's / the partner's kept cards (ids) that change
    hands with the deeds, None when none do (and then absent from the JSON)."""
    TYPE = "trade_accepted"
    __slots__ = __match_args__ = ("from_seat", "to_seat", "give", "take", "money", "give_cards", "take_cards")

    def __init__(self, from_seat: int, to_seat: int, give: tuple[int, ...], take: tuple[int, ...],
                 money: int, give_cards: tuple[str, ...] | None = None,
                 take_cards: tuple[str, ...] | None = None) -> None:
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money
        self.give_cards: Final = give_cards
        self.take_cards: Final = take_cards


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


# -- the mechanisms first played by «Ярмарок» (shared/seeds/004): what a square offers,
# donations given and spent, a credit's throw, deeds sold to the bank, branches moved, deposits
# and their interest, the casino's bets, raids and purchases through an agency.

class Offered(Event):
    """The square (or a jailing) offers `seat` a decision of kind `offer` (see offers.py)."""
    TYPE = "offered"
    __slots__ = __match_args__ = ("seat", "offer")

    def __init__(self, seat: int, offer: str) -> None:
        self.seat: Final = seat
        self.offer: Final = offer


class Donated(Event):
    """`seat` gave a donation and now holds `donations` of them."""
    TYPE = "donated"
    __slots__ = __match_args__ = ("seat", "amount", "donations")

    def __init__(self, seat: int, amount: int, donations: int) -> None:
        self.seat: Final = seat
        self.amount: Final = amount
        self.donations: Final = donations


class PrivilegeUsed(Event):
    """`seat` spent a privilege (`by`: "donation" or "card") to cancel `against` ("jail" or
    "credit"): the square then counts as an empty one."""
    TYPE = "privilege_used"
    __slots__ = __match_args__ = ("seat", "by", "against")

    def __init__(self, seat: int, by: str, against: str) -> None:
        self.seat: Final = seat
        self.by: Final = by
        self.against: Final = against


class CreditThrown(Event):
    """The credit square's throw: `owed` is 0 when the total was the lucky one."""
    TYPE = "credit_thrown"
    __slots__ = __match_args__ = ("seat", "dice", "lucky", "owed")

    def __init__(self, seat: int, dice: tuple[int, int], lucky: bool, owed: int) -> None:
        self.seat: Final = seat
        self.dice: Final = dice
        self.lucky: Final = lucky
        self.owed: Final = owed


class DeedSold(Event):
    """`seat` sold the deed on `cell` to the bank for `amount`; it is the bank's, for sale again."""
    TYPE = "deed_sold"
    __slots__ = __match_args__ = ("seat", "cell", "amount")

    def __init__(self, seat: int, cell: int, amount: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.amount: Final = amount


class BranchMoved(Event):
    """A building moved from one street of a colour group to another, for free."""
    TYPE = "branch_moved"
    __slots__ = __match_args__ = ("seat", "from_cell", "to_cell")

    def __init__(self, seat: int, from_cell: int, to_cell: int) -> None:
        self.seat: Final = seat
        self.from_cell: Final = from_cell
        self.to_cell: Final = to_cell


class DepositMade(Event):
    """`seat` put `amount` of its cash on deposit, which now holds `balance`."""
    TYPE = "deposit_made"
    __slots__ = __match_args__ = ("seat", "amount", "balance")

    def __init__(self, seat: int, amount: int, balance: int) -> None:
        self.seat: Final = seat
        self.amount: Final = amount
        self.balance: Final = balance


class InterestPaid(Event):
    """The bank added `amount` of interest to `seat`'s deposit, which now holds `balance`."""
    TYPE = "interest"
    __slots__ = __match_args__ = ("seat", "amount", "balance")

    def __init__(self, seat: int, amount: int, balance: int) -> None:
        self.seat: Final = seat
        self.amount: Final = amount
        self.balance: Final = balance


class CasinoPlayed(Event):
    """A bet at the casino: the three faces thrown and the figures they show, the pairs
    found, the win paid by the bank and the jackpot won (0: none)."""
    TYPE = "casino"
    __slots__ = __match_args__ = ("seat", "bet", "faces", "figures", "pairs", "win", "jackpot")

    def __init__(self, seat: int, bet: int, faces: tuple[int, ...], figures: tuple[int, ...], pairs: int,
                 win: int, jackpot: int) -> None:
        self.seat: Final = seat
        self.bet: Final = bet
        self.faces: Final = faces
        self.figures: Final = figures
        self.pairs: Final = pairs
        self.win: Final = win
        self.jackpot: Final = jackpot


class Raided(Event):
    """At the raider agency `seat` took `victim`'s deed `taken` and gave it `given`."""
    TYPE = "raided"
    __slots__ = __match_args__ = ("seat", "victim", "taken", "given")

    def __init__(self, seat: int, victim: int, taken: int, given: int) -> None:
        self.seat: Final = seat
        self.victim: Final = victim
        self.taken: Final = taken
        self.given: Final = given


class AgencyPurchase(Event):
    """Through the real-estate agency `seat` bought the unowned deed on `cell`: its price to
    the bank and the agency's `surcharge`."""
    TYPE = "agency_purchase"
    __slots__ = __match_args__ = ("seat", "cell", "price", "surcharge")

    def __init__(self, seat: int, cell: int, price: int, surcharge: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.price: Final = price
        self.surcharge: Final = surcharge


class Invested(Event):
    """`seat` bought a chip on `cell` for `price` and now has `chips` there."""
    TYPE = "invested"
    __slots__ = __match_args__ = ("seat", "cell", "chips", "price")

    def __init__(self, seat: int, cell: int, chips: int, price: int) -> None:
        self.seat: Final = seat
        self.cell: Final = cell
        self.chips: Final = chips
        self.price: Final = price


class ChipMoved(Event):
    """`seat` moved a chip from one street to another, paying `cost` (a dearer side)."""
    TYPE = "chip_moved"
    __slots__ = __match_args__ = ("seat", "from_cell", "to_cell", "cost")

    def __init__(self, seat: int, from_cell: int, to_cell: int, cost: int) -> None:
        self.seat: Final = seat
        self.from_cell: Final = from_cell
        self.to_cell: Final = to_cell
        self.cost: Final = cost


class ChipsBurnt(Event):
    """The chips on `cell` went back to the bank with no refund: `chips` per seat."""
    TYPE = "chips_burnt"
    __slots__ = __match_args__ = ("cell", "chips")

    def __init__(self, cell: int, chips: tuple[int, ...]) -> None:
        self.cell: Final = cell
        self.chips: Final = chips


FAIR_EVENTS: tuple[type[Event], ...] = (Offered, Donated, PrivilegeUsed, CreditThrown, DeedSold, BranchMoved,
                                        DepositMade, InterestPaid, CasinoPlayed, Raided, AgencyPurchase,
                                        Invested, ChipMoved, ChipsBurnt)


EVENT_TYPES: dict[str, type[Event]] = {
    cls.TYPE: cls
    for cls in (TurnStarted, DiceRolled, RentDiceThrown, TurnCapReached, PurchaseDeclined, Moved, CameToRest,
                SentToJail, LeftJail, JailRollFailed, DeckReshuffled, CardDrawn, CardKept, CardReturned,
                CardTransferred, Paid, DebtOwed,
                Bankrupt, DeedTransferred, DeedReturned, DeedsDealt, Resigned, Eliminated, GameWon, OfferedToBuy,
                Bought, AuctionStarted, BidMade, BidPassed, AuctionWon, AuctionUnsold, Built,
                BuildingSold, Mortgaged, Redeemed, TradeProposed, TradeAccepted, TradeDeclined,
                DrawOffered, DrawAccepted, DrawDeclined, DrawCancelled, GameDrawn, CardUsed, PaymentDue,
                PaymentCancelled, BuildingBurnt, EffectStarted, EffectThrown, EffectEnded,
                SpeedDieRolled, TimeUp, TimeLimitReached)
}
EVENT_TYPES.update({cls.TYPE: cls for cls in FAIR_EVENTS})

"""Actions: what a seat can do, as immutable values with one plain-JSON form each.

Actions are `values.Value` classes (slotted, `Final` fields; values.py says why not frozen
dataclasses): bots build one at every decision, and the command line imports them all. Each
lists its fields, `seat` first, as `__match_args__`; a subclass's `__slots__` adds its own.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Final

from .canonical import JSON, JSONObject
from .errors import BadAction
from .values import Value


class Action(Value):
    """Base of every action: the seat that acts; `TYPE` is its JSON `type`."""
    __slots__ = ("seat",)
    __match_args__: ClassVar[tuple[str, ...]] = ("seat",)
    TYPE: ClassVar[str] = ""

    def __init__(self, seat: int) -> None:
        self.seat: Final = seat

    def __hash__(self) -> int:
        # By the fields alone, as the frozen dataclasses these were: the same value in every
        # process (a class's own hash is its address, which differs from run to run).
        return hash(self._values())

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.TYPE}
        for name in self.__match_args__:
            value = getattr(self, name)
            out[name] = list(value) if isinstance(value, tuple) else value
        return out


class Roll(Action):
    TYPE = "roll"
    __slots__ = ()


class PayJailFee(Action):
    TYPE = "pay_jail_fee"
    __slots__ = ()


class UseReleaseCard(Action):
    TYPE = "use_release_card"
    __slots__ = ()


class RollForDouble(Action):
    TYPE = "roll_for_double"
    __slots__ = ()


class Buy(Action):
    TYPE = "buy"
    __slots__ = ()


class SendToAuction(Action):
    TYPE = "send_to_auction"
    __slots__ = ()


class PayTax(Action):
    """Pay a tax that offers a choice by its fixed amount."""
    TYPE = "pay_tax"
    __slots__ = ()


class PayTaxPercent(Action):
    """Pay a tax that offers a choice as its share of everything the payer owns."""
    TYPE = "pay_tax_percent"
    __slots__ = ()


class Bid(Action):
    TYPE = "bid"
    __slots__ = ("amount",)
    __match_args__ = ("seat", "amount")

    def __init__(self, seat: int, amount: int) -> None:
        super().__init__(seat)
        self.amount: Final = amount


class PassBid(Action):
    TYPE = "pass_bid"
    __slots__ = ()


class Build(Action):
    TYPE = "build"
    __slots__ = ("cell",)
    __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell


class SellBuilding(Action):
    TYPE = "sell_building"
    __slots__ = ("cell",)
    __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell


class Mortgage(Action):
    TYPE = "mortgage"
    __slots__ = ("cell",)
    __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell


class Redeem(Action):
    TYPE = "redeem"
    __slots__ = ("cell",)
    __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell


class ProposeTrade(Action):
    """`give`: the proposer's cells; `take`: the partner's cells; `money` > 0 is paid by the
    proposer to the partner, < 0 by the partner to the proposer; `cards`: kept cards (ids)
    held by either, each going to the other (a «Ярмарок» certificate, engine/fair_cards.py).
    Its JSON names `cards` only when there are some, as before they could be traded."""
    TYPE = "propose_trade"
    __slots__ = ("to", "give", "take", "money", "cards")
    __match_args__ = ("seat", "to", "give", "take", "money", "cards")

    def __init__(self, seat: int, to: int, give: tuple[int, ...], take: tuple[int, ...], money: int,
                 cards: tuple[str, ...] = ()) -> None:
        super().__init__(seat)
        self.to: Final = to
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money
        self.cards: Final = cards

    def to_json(self) -> JSONObject:
        out = super().to_json()
        if not self.cards:
            del out["cards"]
        return out


class AcceptTrade(Action):
    TYPE = "accept_trade"
    __slots__ = ()


class DeclineTrade(Action):
    TYPE = "decline_trade"
    __slots__ = ()


class OfferDraw(Action):
    TYPE = "offer_draw"
    __slots__ = ()


class AcceptDraw(Action):
    TYPE = "accept_draw"
    __slots__ = ()


class DeclineDraw(Action):
    TYPE = "decline_draw"
    __slots__ = ()


class EndTurn(Action):
    TYPE = "end_turn"
    __slots__ = ()


class PayDebt(Action):
    TYPE = "pay_debt"
    __slots__ = ()


class SettleDebt(Action):
    """Raise and pay the debt the way the clock would: sell evenly from the most built
    street, mortgage the cheapest first, pay; bankruptcy if even that falls short."""
    TYPE = "settle_debt"
    __slots__ = ()


class DeclareBankruptcy(Action):
    TYPE = "declare_bankruptcy"
    __slots__ = ()


class Resign(Action):
    TYPE = "resign"
    __slots__ = ()


# -- the mechanisms first played by «Ярмарок» (shared/seeds/004): answering what a square
# offers (a donation, a credit's throw, a jailing, a deposit, a casino's bet, an agency's
# service), selling deeds to the bank, moving branches, transfers between transport squares,
# auctioning one's own deed.

class Skip(Action):
    """Leave an optional offer of the square (a donation, ...) unused: the clock's answer."""
    TYPE = "skip"
    __slots__ = ()


class Donate(Action):
    """Give one donation at the donation square."""
    TYPE = "donate"
    __slots__ = ()


class SpendDonation(Action):
    """Spend a donation to cancel a jailing or a credit."""
    TYPE = "spend_donation"
    __slots__ = ()


class RollCredit(Action):
    """Throw the dice at the credit square (a total of its lucky number costs nothing)."""
    TYPE = "roll_credit"
    __slots__ = ()


class GoToJail(Action):
    """Go to jail rather than spend a privilege on it: the clock's answer."""
    TYPE = "go_to_jail"
    __slots__ = ()


class SellDeed(Action):
    """Sell a deed to the bank (rules without mortgages)."""
    TYPE = "sell_deed"
    __slots__ = ("cell",)
    __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell


class TakeBus(Action):
    """The speed die's bus: move by one white die or by both (`steps`)."""
    TYPE = "take_bus"
    __slots__ = ("steps",)
    __match_args__ = ("seat", "steps")

    def __init__(self, seat: int, steps: int) -> None:
        super().__init__(seat)
        self.steps: Final = steps


class MoveTo(Action):
    """A triple of the speed die: move forward to any other cell."""
    TYPE = "move_to"
    __slots__ = ("cell",)
    __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell


class MoveBranch(Action):
    """Move one building from `cell` to `to`, a street of the same colour group, for free."""
    TYPE = "move_branch"
    __slots__ = ("cell", "to")
    __match_args__ = ("seat", "cell", "to")

    def __init__(self, seat: int, cell: int, to: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell
        self.to: Final = to


class Deposit(Action):
    """Put `amount` of one's cash on deposit, at the bank square."""
    TYPE = "deposit"
    __slots__ = ("amount",)
    __match_args__ = ("seat", "amount")

    def __init__(self, seat: int, amount: int) -> None:
        super().__init__(seat)
        self.amount: Final = amount


class WithdrawDeposit(Action):
    """Take the whole deposit back as cash."""
    TYPE = "withdraw_deposit"
    __slots__ = ()


class CasinoBet(Action):
    """Bet `amount` at the casino square and throw its three dice."""
    TYPE = "casino_bet"
    __slots__ = ("amount",)
    __match_args__ = ("seat", "amount")

    def __init__(self, seat: int, amount: int) -> None:
        super().__init__(seat)
        self.amount: Final = amount


class Transfer(Action):
    """Move from one's transport square to another, `direction` 1 forward or -1 backward,
    instead of rolling."""
    TYPE = "transfer"
    __slots__ = ("to", "direction")
    __match_args__ = ("seat", "to", "direction")

    def __init__(self, seat: int, to: int, direction: int) -> None:
        super().__init__(seat)
        self.to: Final = to
        self.direction: Final = direction


class AuctionDeed(Action):
    """Put one's own deed up for auction before the roll, from the price `start`."""
    TYPE = "auction_deed"
    __slots__ = ("cell", "start")
    __match_args__ = ("seat", "cell", "start")

    def __init__(self, seat: int, cell: int, start: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell
        self.start: Final = start


class Raid(Action):
    """At the raider agency, take an opponent's deed `take_cell` for one's own `give_cell`."""
    TYPE = "raid"
    __slots__ = ("take_cell", "give_cell")
    __match_args__ = ("seat", "take_cell", "give_cell")

    def __init__(self, seat: int, take_cell: int, give_cell: int) -> None:
        super().__init__(seat)
        self.take_cell: Final = take_cell
        self.give_cell: Final = give_cell


class BuyFromBank(Action):
    """At the real-estate agency, buy the unowned deed on `cell` with the agency's surcharge."""
    TYPE = "buy_from_bank"
    __slots__ = ("cell",)
    __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell


class Invest(Action):
    """On an investment plate, buy one chip on the opponent's street `cell`."""
    TYPE = "invest"
    __slots__ = ("cell",)
    __match_args__ = ("seat", "cell")

    def __init__(self, seat: int, cell: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell


class MoveChip(Action):
    """On an investment plate, move one of one's chips from `cell` to the street `to`."""
    TYPE = "move_chip"
    __slots__ = ("cell", "to")
    __match_args__ = ("seat", "cell", "to")

    def __init__(self, seat: int, cell: int, to: int) -> None:
        super().__init__(seat)
        self.cell: Final = cell
        self.to: Final = to


FAIR_ACTIONS: tuple[type[Action], ...] = (Skip, Donate, SpendDonation, RollCredit, GoToJail, SellDeed, MoveBranch,
                                          Deposit, WithdrawDeposit, CasinoBet, Transfer, AuctionDeed, Raid,
                                          BuyFromBank, Invest, MoveChip)


class UseCard(Action):
    """Use the kept card `card` (its id) at a moment its power allows (engine/kept.py):
    `target_seat` and `target_cell` where the power names one (else None), `choice` the
    index of the effect a `choose` card offers (else None)."""
    TYPE = "use_card"
    __slots__ = ("card", "target_seat", "target_cell", "choice")
    __match_args__ = ("seat", "card", "target_seat", "target_cell", "choice")

    def __init__(self, seat: int, card: str, target_seat: int | None = None, target_cell: int | None = None,
                 choice: int | None = None) -> None:
        super().__init__(seat)
        self.card: Final = card
        self.target_seat: Final = target_seat
        self.target_cell: Final = target_cell
        self.choice: Final = choice


ACTION_TYPES: dict[str, type[Action]] = {
    cls.TYPE: cls
    for cls in (Roll, PayJailFee, UseReleaseCard, RollForDouble, Buy, SendToAuction, Bid,
                PassBid, Build, SellBuilding, Mortgage, Redeem, ProposeTrade, AcceptTrade,
                DeclineTrade, OfferDraw, AcceptDraw, DeclineDraw, EndTurn, PayDebt, SettleDebt,
                DeclareBankruptcy, Resign, PayTax, PayTaxPercent, UseCard, TakeBus, MoveTo)
}
ACTION_TYPES.update({cls.TYPE: cls for cls in FAIR_ACTIONS})
# Fields that may be null (a power without a target or a choice); they are never left out.
_OPTIONAL_FIELDS = frozenset({"target_seat", "target_cell", "choice"})
# A card id is a short name of the ruleset's; anything longer is not one.
MAX_CARD_ID = 64

_SHARED: dict[type[Action], dict[int, Action]] = {}


def shared(cls: type[Action], seat: int) -> Action:
    """The one instance of a field-less action for `seat`: actions are immutable values,
    and building one costs about as much as the engine's whole rule check. (Kept
    by class, then seat: a key of both would be a tuple built at every call.)"""
    try:
        return _SHARED[cls][seat]
    except KeyError:
        action = _SHARED.setdefault(cls, {}).setdefault(seat, cls(seat))
        return action


DeedAction = Build | SellBuilding | Mortgage | Redeem


class DeedActions(dict[int, DeedAction]):
    """The one instance of a deed action of one kind and seat per cell (`actions[cell]`),
    made on first use: the lists of legal actions that bots ask for at every decision
    share them."""
    __slots__ = ("cls", "seat")

    def __init__(self, cls: type[DeedAction], seat: int) -> None:
        super().__init__()
        self.cls = cls
        self.seat = seat

    def __missing__(self, cell: int) -> DeedAction:
        action = self[cell] = self.cls(self.seat, cell)
        return action


_SHARED_DEEDS: dict[tuple[type[DeedAction], int], DeedActions] = {}


def deed_actions(cls: type[DeedAction], seat: int) -> DeedActions:
    """The shared deed actions of kind `cls` for `seat`, by cell."""
    found = _SHARED_DEEDS.get((cls, seat))
    if found is None:
        found = _SHARED_DEEDS[(cls, seat)] = DeedActions(cls, seat)
    return found


def shared_deed(cls: type[DeedAction], seat: int, cell: int) -> DeedAction:
    """The one instance of a deed action (build, sell, mortgage, redeem) for `seat` and
    `cell`."""
    return deed_actions(cls, seat)[cell]


# Hard bound on the cells one trade may list: a board has at most this many.
MAX_TRADE_CELLS = 64


def _int(d: JSONObject, key: str, kind: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadAction(f"{kind}.{key}: expected a whole number, got {v!r}")
    if not -(2**53) <= v <= 2**53:
        raise BadAction(f"{kind}.{key}: {v} is out of range")
    return v


def _cells(d: JSONObject, key: str, kind: str) -> tuple[int, ...]:
    v = d.get(key)
    if not isinstance(v, list) or len(v) > MAX_TRADE_CELLS:
        raise BadAction(f"{kind}.{key}: expected a list of at most {MAX_TRADE_CELLS} cell numbers")
    out = []
    for x in v:
        if not isinstance(x, int) or isinstance(x, bool):
            raise BadAction(f"{kind}.{key}: expected cell numbers, got {x!r}")
        out.append(x)
    return tuple(out)


def _card_ids(d: JSONObject, kind: str) -> tuple[str, ...]:
    """A trade's kept cards: none when the field is absent."""
    v = d.get("cards", [])
    if not isinstance(v, list) or len(v) > MAX_TRADE_CELLS:
        raise BadAction(f"{kind}.cards: expected a list of card ids")
    out: list[str] = []
    for x in v:
        if not isinstance(x, str) or not 0 < len(x) <= MAX_CARD_ID:
            raise BadAction(f"{kind}.cards: expected a list of card ids")
        out.append(x)
    return tuple(out)


def action_from_json(d: JSON) -> Action:
    """Parse an action from plain data; BadAction (never another exception) on bad input."""
    if not isinstance(d, dict):
        raise BadAction("an action must be an object")
    kind = d.get("type")
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise BadAction(f"unknown action type {kind!r}")
    cls = ACTION_TYPES[kind]
    names = cls.__match_args__
    extra = set(d) - set(names) - {"type"}
    if extra:
        raise BadAction(f"{kind}: unexpected field(s) {', '.join(sorted(map(str, extra)))}")
    values: dict[str, int | str | tuple[int, ...] | tuple[str, ...] | None] = {}
    for name in names:
        if name in ("give", "take"):
            values[name] = _cells(d, name, kind)
        elif name == "cards":
            values[name] = _card_ids(d, kind)
        elif name == "card":
            v = d.get(name)
            if not isinstance(v, str) or not 0 < len(v) <= MAX_CARD_ID:
                raise BadAction(f"{kind}.card: expected a card's id, got {v!r}")
            values[name] = v
        elif name in _OPTIONAL_FIELDS and name in d and d[name] is None:
            values[name] = None
        else:
            values[name] = _int(d, name, kind)
    # The fields differ by class, each read above as its class declares it.
    make: Callable[..., Action] = cls
    return make(**values)

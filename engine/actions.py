"""Actions: what a seat can do, as immutable values with one plain-JSON form each.

Actions are `values.Value` classes (slotted, `Final` fields; values.py says why not frozen
dataclasses): bots build one at every decision, and the command line imports them all. Each
lists its fields, `seat` first, as `__match_args__`; a subclass's `__slots__` adds its own.
"""
from __future__ import annotations

from typing import Any, ClassVar, Final

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

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
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
    proposer to the partner, < 0 by the partner to the proposer."""
    TYPE = "propose_trade"
    __slots__ = ("to", "give", "take", "money")
    __match_args__ = ("seat", "to", "give", "take", "money")

    def __init__(self, seat: int, to: int, give: tuple[int, ...], take: tuple[int, ...], money: int) -> None:
        super().__init__(seat)
        self.to: Final = to
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money


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


ACTION_TYPES: dict[str, type[Action]] = {
    cls.TYPE: cls
    for cls in (Roll, PayJailFee, UseReleaseCard, RollForDouble, Buy, SendToAuction, Bid,
                PassBid, Build, SellBuilding, Mortgage, Redeem, ProposeTrade, AcceptTrade,
                DeclineTrade, OfferDraw, AcceptDraw, DeclineDraw, EndTurn, PayDebt, SettleDebt,
                DeclareBankruptcy, Resign, PayTax, PayTaxPercent)
}

_SHARED: dict[type[Action], dict[int, Action]] = {}


def shared(cls: type[Action], seat: int) -> Action:
    """The one instance of a field-less action for `seat`: actions are immutable values,
    and building one costs about as much as the engine's whole rule check. (Kept
    by class, then seat: a key of both would be a tuple built at every call.)"""
    by_seat = _SHARED.get(cls)
    if by_seat is None:
        by_seat = _SHARED[cls] = {}
    action = by_seat.get(seat)
    if action is None:
        action = by_seat[seat] = cls(seat)
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


def _int(d: dict[str, Any], key: str, kind: str) -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadAction(f"{kind}.{key}: expected a whole number, got {v!r}")
    if not -(2**53) <= v <= 2**53:
        raise BadAction(f"{kind}.{key}: {v} is out of range")
    return v


def _cells(d: dict[str, Any], key: str, kind: str) -> tuple[int, ...]:
    v = d.get(key)
    if not isinstance(v, list) or len(v) > MAX_TRADE_CELLS:
        raise BadAction(f"{kind}.{key}: expected a list of at most {MAX_TRADE_CELLS} cell numbers")
    out = []
    for x in v:
        if not isinstance(x, int) or isinstance(x, bool):
            raise BadAction(f"{kind}.{key}: expected cell numbers, got {x!r}")
        out.append(x)
    return tuple(out)


def action_from_json(d: Any) -> Action:
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
    values: dict[str, Any] = {}
    for name in names:
        if name in ("give", "take"):
            values[name] = _cells(d, name, kind)
        else:
            values[name] = _int(d, name, kind)
    return cls(**values)

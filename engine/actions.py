"""Actions: what a seat can do, as frozen values with one plain-JSON form each."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .errors import BadAction


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    TYPE: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.TYPE}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(frozen=True, slots=True)
class Roll(Action):
    TYPE: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class PayJailFee(Action):
    TYPE: ClassVar[str] = "pay_jail_fee"


@dataclass(frozen=True, slots=True)
class UseReleaseCard(Action):
    TYPE: ClassVar[str] = "use_release_card"


@dataclass(frozen=True, slots=True)
class RollForDouble(Action):
    TYPE: ClassVar[str] = "roll_for_double"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    TYPE: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True)
class SendToAuction(Action):
    TYPE: ClassVar[str] = "send_to_auction"


@dataclass(frozen=True, slots=True)
class PayTax(Action):
    """Pay a tax that offers a choice by its fixed amount."""
    TYPE: ClassVar[str] = "pay_tax"


@dataclass(frozen=True, slots=True)
class PayTaxPercent(Action):
    """Pay a tax that offers a choice as its share of everything the payer owns."""
    TYPE: ClassVar[str] = "pay_tax_percent"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    amount: int
    TYPE: ClassVar[str] = "bid"


@dataclass(frozen=True, slots=True)
class PassBid(Action):
    TYPE: ClassVar[str] = "pass_bid"


@dataclass(frozen=True, slots=True)
class Build(Action):
    cell: int
    TYPE: ClassVar[str] = "build"


@dataclass(frozen=True, slots=True)
class SellBuilding(Action):
    cell: int
    TYPE: ClassVar[str] = "sell_building"


@dataclass(frozen=True, slots=True)
class Mortgage(Action):
    cell: int
    TYPE: ClassVar[str] = "mortgage"


@dataclass(frozen=True, slots=True)
class Redeem(Action):
    cell: int
    TYPE: ClassVar[str] = "redeem"


@dataclass(frozen=True, slots=True)
class ProposeTrade(Action):
    """`give`: the proposer's cells; `take`: the partner's cells; `money` > 0 is paid by the
    proposer to the partner, < 0 by the partner to the proposer."""
    to: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    money: int
    TYPE: ClassVar[str] = "propose_trade"


@dataclass(frozen=True, slots=True)
class AcceptTrade(Action):
    TYPE: ClassVar[str] = "accept_trade"


@dataclass(frozen=True, slots=True)
class DeclineTrade(Action):
    TYPE: ClassVar[str] = "decline_trade"


@dataclass(frozen=True, slots=True)
class OfferDraw(Action):
    TYPE: ClassVar[str] = "offer_draw"


@dataclass(frozen=True, slots=True)
class AcceptDraw(Action):
    TYPE: ClassVar[str] = "accept_draw"


@dataclass(frozen=True, slots=True)
class DeclineDraw(Action):
    TYPE: ClassVar[str] = "decline_draw"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    TYPE: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class PayDebt(Action):
    TYPE: ClassVar[str] = "pay_debt"


@dataclass(frozen=True, slots=True)
class SettleDebt(Action):
    """Raise and pay the debt the way the clock would: sell evenly from the most built
    street, mortgage the cheapest first, pay; bankruptcy if even that falls short."""
    TYPE: ClassVar[str] = "settle_debt"


@dataclass(frozen=True, slots=True)
class DeclareBankruptcy(Action):
    TYPE: ClassVar[str] = "declare_bankruptcy"


@dataclass(frozen=True, slots=True)
class Resign(Action):
    TYPE: ClassVar[str] = "resign"


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
    and building a frozen dataclass costs more than the engine's whole rule check. (Kept
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
    names = [f.name for f in fields(cls)]
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

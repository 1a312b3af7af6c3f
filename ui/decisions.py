"""The person's choices as buttons, made from what the engine says is legal.

Nothing here knows a rule: every enabled button carries an action taken from
`game.legal(seat)` (a bid's amount is chosen within the engine's `bid` range). A button
is shown disabled only to explain a choice the rules name but the player cannot afford.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from zemlevlasnyk.engine import (
    BANK,
    AcceptDraw,
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    DeclineDraw,
    DeclineTrade,
    EndTurn,
    Game,
    IllegalAction,
    Mortgage,
    OfferDraw,
    PassBid,
    PayDebt,
    PayJailFee,
    PayTax,
    PayTaxPercent,
    Phase,
    Redeem,
    Resign,
    Roll,
    RollForDouble,
    Ruleset,
    SellBuilding,
    SendToAuction,
    SettleDebt,
    UseReleaseCard,
    tax_choices,
)

from . import theme
from .ruleset_text import cell_name
from .text import money
from .widgets import Button, Style


@dataclass(frozen=True)
class Intent:
    """A button that opens something in the window instead of acting: `bid` (send the
    stepper's amount), `trade` (open the proposal dialog), `resign` (ask to confirm)."""

    name: str


BID = Intent("bid")
TRADE = Intent("trade")
RESIGN = Intent("resign")

_CELL_ACTIONS = (Build, SellBuilding, Mortgage, Redeem)
# The order the person reads them: what moves the game on first, giving up last.
_MOVES = (Roll, RollForDouble, PayJailFee, UseReleaseCard, Buy, SendToAuction, Bid, PassBid,
          EndTurn, PayDebt, SettleDebt, DeclareBankruptcy, AcceptTrade, DeclineTrade, AcceptDraw,
          DeclineDraw, PayTax, PayTaxPercent)
# The turn's extras are smaller than the moves: they are seldom what the game waits for.
EXTRA_SIZE = theme.SMALL + 1
_PRIMARY = (Roll, RollForDouble, Buy, EndTurn, PayDebt, AcceptTrade, AcceptDraw)
# The quick raises over the highest bid, in bid steps (+1 000, +5 000, +10 000 when prices
# run in thousands, as on Землевласник's board; +10, +50, +100 on the classic board).
QUICK_RAISES = (1, 5, 10)


def _label(a: Action, game: Game, t: dict[str, Any]) -> str:
    acts = t["actions"]
    rules = game.rules
    if isinstance(a, Roll):
        return str(acts["roll_again"] if game.phase is Phase.POST_ROLL else acts["roll"])
    if isinstance(a, PayJailFee):
        return str(acts["pay_jail_fee"].format(amount=money(rules.jail_fee)))
    if isinstance(a, Buy) and game.pending_buy is not None:
        return str(acts["buy"].format(price=money(rules.cells[game.pending_buy].price)))
    if isinstance(a, PayDebt) and game.debts:
        return str(acts["pay_debt"].format(amount=money(game.debts[0].amount)))
    if isinstance(a, SendToAuction) and not rules.auctions:
        return str(acts["decline_purchase"])
    if isinstance(a, (PayTax, PayTaxPercent)):
        fixed, share = tax_choices(game, a.seat)
        if isinstance(a, PayTax):
            return str(acts["pay_tax"].format(amount=money(fixed)))
        return str(acts["pay_tax_percent"].format(percent=rules.cells[game.pos[a.seat]].percent, amount=money(share)))
    return str(acts[a.TYPE])


def main_buttons(game: Game, seat: int, t: dict[str, Any], *, bid: int | None = None) -> list[Button]:
    """The moves and answers the game waits for from `seat`, in reading order (`bid`: the
    amount the bid button offers)."""
    legal = game.legal(seat)
    found = {type(a): a for a in legal.actions if not isinstance(a, _CELL_ACTIONS)}
    main = game.main_seat() == seat
    moves: list[Button] = []
    for kind in _MOVES:
        a = found.get(kind)
        if kind is Bid:
            if legal.bid is not None:
                amount = suggested_bid(*legal.bid, bid_step(game.rules)) if bid is None else bid
                moves.append(Button(t["actions"]["bid_amount"].format(amount=money(amount)), BID,
                                    style=Style.PRIMARY))
        elif a is not None:
            style = Style.DANGER if kind is DeclareBankruptcy else Style.PRIMARY if kind in _PRIMARY else Style.NORMAL
            moves.append(Button(_label(a, game, t), a, style=style))
        elif main and (kind, game.phase) in ((Buy, Phase.BUY), (PayDebt, Phase.DEBT)):
            shown: Action = Buy(seat) if kind is Buy else PayDebt(seat)
            moves.append(Button(_label(shown, game, t), shown, enabled=False))
    return moves


def toolbar(game: Game, seat: int, t: dict[str, Any]) -> list[Button]:
    """The turn's extras, always in the same three places: trade, draw offer, resigning;
    each enabled only when the engine allows it now."""
    legal = game.legal(seat)
    found = {type(a): a for a in legal.actions}
    acts = t["actions"]
    return [Button(acts["propose_trade"], TRADE, enabled=bool(legal.trade_partners), size=EXTRA_SIZE),
            Button(acts["offer_draw_short"], found.get(OfferDraw, OfferDraw(seat)), enabled=OfferDraw in found,
                   size=EXTRA_SIZE),
            Button(acts["resign"], RESIGN, style=Style.DANGER, enabled=Resign in found, size=EXTRA_SIZE)]


def bid_step(rules: Ruleset) -> int:
    """The round amount bids move by: the order of the cheapest deed's price less one (1 000
    for prices from 5 000, 10 for prices from 60)."""
    cheapest = min((rules.cells[c].price for c in rules.properties), default=1)
    return int(10 ** max(0, len(str(cheapest)) - 1))


def suggested_bid(lo: int, hi: int, step: int) -> int:
    """A round amount to offer first: the lowest allowed, rounded up to a whole step."""
    return min(hi, max(lo, math.ceil(lo / step) * step))


def quick_raises(game: Game, seat: int, t: dict[str, Any]) -> list[Button]:
    """Bids of about the highest bid plus 1, 5 and 10 bid steps (rounded up to a whole step,
    so an odd bid is answered with a round one), each enabled when allowed."""
    legal = game.legal(seat)
    auction = game.auction
    if legal.bid is None or auction is None:
        return []
    lo, hi = legal.bid
    base = auction.high if auction.high_bidder is not None else 0
    unit = bid_step(game.rules)
    out = []
    for times in QUICK_RAISES:
        step = times * unit
        amount = math.ceil((base + step) / unit) * unit
        out.append(Button(t["auction"]["raise"].format(amount=money(step)), Bid(seat, amount),
                          enabled=lo <= amount <= hi, size=EXTRA_SIZE))
    return out


def deed_buttons(game: Game, seat: int, cell: int, t: dict[str, Any]) -> list[Button]:
    """What `seat` may do with its deed `cell` now: build, sell, mortgage, redeem."""
    acts = t["actions"]
    rules = game.rules
    info = rules.cells[cell]
    labels = {
        Build: acts["build"].format(cost=money(info.house_cost)),
        SellBuilding: acts["sell_building"].format(refund=money(rules.building_refund(cell)))
        if info.house_cost else "",
        Mortgage: acts["mortgage"].format(amount=money(rules.mortgage_value(cell))),
        Redeem: acts["redeem"].format(amount=money(rules.redeem_cost(cell))),
    }
    out = []
    for a in game.legal(seat).actions:
        if isinstance(a, _CELL_ACTIONS) and a.cell == cell:
            out.append(Button(labels[type(a)], a, style=Style.PRIMARY if isinstance(a, Build) else Style.NORMAL))
    return out


def why_not(game: Game, action: Action) -> str | None:
    """The rule (its name in docs/RULES.md, as the engine gives it: `trade.no_built_group`)
    that forbids `action` now; None when it is allowed."""
    try:
        game.check(action)
    except IllegalAction as exc:
        return exc.rule
    return None


def prompt(game: Game, seat: int, names: Sequence[str], t: dict[str, Any], lang: str) -> str:
    """One line saying what the game waits for, from the person's point of view."""
    return str(_prompt(game, seat, names, t, lang))


def _prompt(game: Game, seat: int, names: Sequence[str], t: dict[str, Any], lang: str) -> Any:
    p = t["prompts"]
    rules = game.rules
    if game.outcome() is not None:
        return p["over"]
    if not game.alive[seat]:
        return p["out"]
    main = game.main_seat()
    phase = game.phase
    if main is None:
        return ""
    if main != seat:
        if game.trade is not None and game.trade.from_seat == seat:
            return p["trade_waiting"].format(name=names[main])
        return p["waiting"].format(name=names[main])
    if phase is Phase.PRE_ROLL:
        if game.jailed[seat]:
            return p["jail"].format(tries=game.jail_tries[seat] + 1, of=rules.jail_max_tries)
        return p["turn"]
    if phase is Phase.TAX:
        cell = game.pos[seat]
        fixed, share = tax_choices(game, seat)
        return p["tax"].format(cell=cell_name(rules, cell, lang), amount=money(fixed),
                               percent=rules.cells[cell].percent, share=money(share))
    if phase is Phase.BUY and game.pending_buy is not None:
        cell = game.pending_buy
        return p["buy"].format(cell=cell_name(rules, cell, lang), price=money(rules.cells[cell].price))
    auc = game.auction
    if auc is not None:
        high = auc.high_bidder
        if high is None:
            return p["auction_open"].format(cell=cell_name(rules, auc.cell, lang))
        return p["auction"].format(cell=cell_name(rules, auc.cell, lang), amount=money(auc.high),
                                   name=names[high])
    if phase is Phase.POST_ROLL:
        return p["reroll"] if game.reroll else p["after_roll"]
    if game.debts:
        debt = game.debts[0]
        whom = t["bank"] if debt.creditor == BANK else names[debt.creditor]
        return p["debt"].format(amount=money(debt.amount), creditor=whom)
    if game.trade is not None:
        return p["trade"].format(name=names[game.trade.from_seat])
    return ""

"""The person's choices as buttons, made from what the engine says is legal.

Nothing here knows a rule: every enabled button carries an action taken from
`game.legal(seat)` (a bid's amount is chosen within the engine's `bid` range). A button
is shown disabled only to explain a choice the rules name but the player cannot afford.
"""
from __future__ import annotations

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


def _label(a: Action, game: Game, t: dict[str, Any]) -> str:
    acts = t["actions"]
    rules = game.rules
    if isinstance(a, Roll):
        return acts["roll_again"] if game.phase is Phase.POST_ROLL else acts["roll"]
    if isinstance(a, PayJailFee):
        return acts["pay_jail_fee"].format(amount=money(rules.jail_fee))
    if isinstance(a, Buy):
        return acts["buy"].format(price=money(rules.cells[game.pending_buy].price))
    if isinstance(a, PayDebt):
        return acts["pay_debt"].format(amount=money(game.debts[0].amount))
    if isinstance(a, SendToAuction) and not rules.auctions:
        return acts["decline_purchase"]
    if isinstance(a, (PayTax, PayTaxPercent)):
        fixed, share = tax_choices(game, a.seat)
        if isinstance(a, PayTax):
            return acts["pay_tax"].format(amount=money(fixed))
        return acts["pay_tax_percent"].format(percent=rules.cells[game.pos[a.seat]].percent, amount=money(share))
    return acts[a.TYPE]


def main_buttons(game: Game, seat: int, t: dict[str, Any]) -> tuple[list[Button], list[Button]]:
    """The decision panel's buttons for `seat`: the moves and answers the game waits for,
    then the turn's extras (trade, draw offer, resigning)."""
    legal = game.legal(seat)
    found = {type(a): a for a in legal.actions if not isinstance(a, _CELL_ACTIONS)}
    main = game.main_seat() == seat
    moves: list[Button] = []
    for kind in _MOVES:
        a = found.get(kind)
        if kind is Bid:
            if legal.bid is not None:
                moves.append(Button(t["actions"]["bid"], BID, style=Style.PRIMARY))
        elif a is not None:
            style = Style.DANGER if kind is DeclareBankruptcy else Style.PRIMARY if kind in _PRIMARY else Style.NORMAL
            moves.append(Button(_label(a, game, t), a, style=style))
        elif main and (kind, game.phase) in ((Buy, Phase.BUY), (PayDebt, Phase.DEBT)):
            shown = kind(seat)
            moves.append(Button(_label(shown, game, t), shown, enabled=False))
    extras: list[Button] = []
    if legal.trade_partners:
        extras.append(Button(t["actions"]["propose_trade"], TRADE, size=EXTRA_SIZE))
    if OfferDraw in found:
        extras.append(Button(t["actions"]["offer_draw"], found[OfferDraw], size=EXTRA_SIZE))
    if Resign in found:
        extras.append(Button(t["actions"]["resign"], RESIGN, style=Style.DANGER, size=EXTRA_SIZE))
    return moves, extras


def deed_buttons(game: Game, seat: int, cell: int, t: dict[str, Any]) -> list[Button]:
    """What `seat` may do with its deed `cell` now: build, sell, mortgage, redeem."""
    acts = t["actions"]
    rules = game.rules
    info = rules.cells[cell]
    labels = {
        Build: acts["build"].format(cost=money(info.house_cost)),
        SellBuilding: acts["sell_building"].format(refund=money(rules.building_refund(cell))) if info.house_cost else "",
        Mortgage: acts["mortgage"].format(amount=money(rules.mortgage_value(cell))),
        Redeem: acts["redeem"].format(amount=money(rules.redeem_cost(cell))),
    }
    out = []
    for a in game.legal(seat).actions:
        if isinstance(a, _CELL_ACTIONS) and a.cell == cell:
            out.append(Button(labels[type(a)], a, style=Style.PRIMARY if isinstance(a, Build) else Style.NORMAL))
    return out


def prompt(game: Game, seat: int, names: Sequence[str], t: dict[str, Any], lang: str) -> str:
    """One line saying what the game waits for, from the person's point of view."""
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


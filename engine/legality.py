"""Why an action is illegal now, if it is: one small check per action type.

`why_illegal(game, action)` returns None for a legal action, else `(rule, message)`; the
rule names match docs/RULES.md. It reads the state and never changes it.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import card_means, kept
from . import holdings as H
from .actions import (
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
    Mortgage,
    OfferDraw,
    PassBid,
    PayDebt,
    PayJailFee,
    PayTax,
    PayTaxPercent,
    ProposeTrade,
    Redeem,
    Resign,
    Roll,
    RollForDouble,
    SellBuilding,
    SendToAuction,
    SettleDebt,
    UseCard,
    UseReleaseCard,
)
from .branches import RULE_TEXT as BRANCH_RULES
from .branches import may_build, may_sell
from .errors import Why
from .phases import BUY, MANAGE_PHASES, OFFER, OVER, PAYMENT_DUE, POST_ROLL, PRE_ROLL, RAISE_PHASES, TAX
from .privileges import release_card, use_release_card_on_offer
from .state import GameState, Lot
from .stepped_auctions import least_bid

__all__ = ["MANAGE_PHASES", "RAISE_PHASES", "Why", "why_illegal"]

RULE_TEXT = {
    "buildings.streets_only": "only streets carry buildings",
    "buildings.own_street": "not your street",
    "buildings.no_mortgage_in_group": "no street of the group may be mortgaged",
    "buildings.hotel_is_last": "a hotel is the last building",
    "buildings.cash": "not enough cash to build",
    "buildings.nothing_to_sell": "no buildings here",
    "buildings.sell_evenly": "sell evenly: from a street with the most buildings",
    "buildings.no_houses_left": "the bank has no houses left",
    "buildings.no_hotels_left": "the bank has no hotels left",
    "buildings.no_houses_for_hotel": "a hotel sells back to houses, and the bank lacks them",
    "mortgage.own_property": "not your property",
    "mortgage.already_mortgaged": "already mortgaged",
    "mortgage.no_buildings_in_group": "sell the group's buildings before mortgaging",
    "mortgage.not_mortgaged": "not mortgaged",
    "mortgage.redeem_cash": "not enough cash to redeem",
    "mortgage.none": "these rules have no mortgages: sell the deed to the bank instead",
    **BRANCH_RULES,
    "deeds.no_sales": "these rules sell no deeds to the bank",
    "deeds.own_property": "not your property",
    "deeds.no_buildings_in_group": "sell the group's buildings before selling a deed of it",
}

_NOT_YOURS = ("turn.not_yours", "this seat has no decision to make now")


def why_illegal(g: GameState, a: Action) -> Why:
    if g.phase is OVER:
        return ("game.over", "the game is over")
    seat = a.seat
    if type(seat) is not int or not 0 <= seat < g.players:
        return ("seat.exists", f"there is no seat {seat}")
    if not g.alive[seat]:
        return ("seat.in_game", f"seat {seat} is out of the game")
    check = ACTION_CHECKS.get(type(a))
    if check is None:
        return ("action.known", f"unknown action {a!r}")
    return check(g, a, seat)


def _answer_draw(g: GameState, a: Action, seat: int) -> Why:
    d = g.draw
    if d is None:
        return ("draw.open_offer", "no draw is on offer")
    if seat == d.by or seat in d.accepted:
        return ("draw.answer_once", "this seat has no draw offer to answer")
    return None


def _offer_draw(g: GameState, a: Action, seat: int) -> Why:
    if g.draw is not None:
        return ("draw.one_at_a_time", "a draw offer is already open")
    if g.draw_offered_at[seat] == g.roll_count:
        return ("draw.once_per_roll", "a draw may be offered once per roll")
    return None


def _raise_money(g: GameState, a: SellBuilding | Mortgage, seat: int) -> Why:
    if seat != g.main_seat() or g.phase not in RAISE_PHASES:
        return ("turn.not_yours", "buildings are sold and deeds mortgaged on your own turn "
                "or while raising money")
    if type(a) is SellBuilding:
        if not may_sell(g.rules, g.phase):
            return ("buildings.before_roll", RULE_TEXT["buildings.before_roll"])
    elif not g.rules.mortgage:
        return ("mortgage.none", RULE_TEXT["mortgage.none"])
    return cell_rule(g, a.cell, H.can_sell if type(a) is SellBuilding else H.can_mortgage, seat)


def _roll(g: GameState, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    phase = g.phase
    if phase is PRE_ROLL:
        if not g.jailed[seat]:
            return None
        return ("jail.choose", "in jail: pay, use a release card or roll for a double")
    if phase is POST_ROLL and g.reroll:
        return None
    return ("turn.roll_once", "no roll is due now")


def _jail(g: GameState, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase is OFFER and type(a) is UseReleaseCard:
        return use_release_card_on_offer(g, seat)
    if g.phase is not PRE_ROLL or not g.jailed[seat]:
        return ("jail.in_jail", "only a jailed player at the start of the turn")
    t = type(a)
    if t is PayJailFee and g.cash[seat] < g.rules.jail_fee:
        return ("jail.fee_cash", f"the fee is {g.rules.jail_fee}: not enough cash")
    if t is UseReleaseCard and (not g.cards_held[seat] or release_card(g, seat) is None):
        return ("jail.release_card", "no release card held")
    return None


def _buy(g: GameState, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase is not BUY or g.pending_buy is None:
        return ("buy.offered", "no property is offered to buy")
    if type(a) is Buy and g.cash[seat] < g.rules.cells[g.pending_buy].price:
        return ("buy.cash", "not enough cash to buy: raise it or send it to auction")
    return None


def _auction(g: GameState, a: Bid | PassBid, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.auction is None:
        return ("auction.running", "no auction is running")
    if type(a) is Bid:
        high = g.auction.high
        if g.auction.start:
            least = least_bid(g.auction)
            if type(a.amount) is not int or a.amount < least:
                return ("auction.bid_step", f"a bid must be at least {least}: the highest and the step")
        elif a.amount <= high or a.amount < 1:
            return ("auction.bid_above_highest", f"a bid must be a whole amount above {high}")
        if a.amount > bid_cash(g, seat):
            return ("auction.bid_cash", "a bid may not exceed your cash (and a building's price with it)")
    return None


def bid_cash(g: GameState, seat: int) -> int:
    """The most `seat` may bid now: its cash, less the building's price when the lot is one
    of the bank's last buildings (a bid is paid on top of it)."""
    auc = g.auction
    if auc is None or auc.lot is Lot.DEED or auc.lot is Lot.OWN_DEED:
        return g.cash[seat]
    target = auc.cell if g.owner[auc.cell] == seat else H.lot_street(g, seat, auc.lot is Lot.HOTEL)
    return g.cash[seat] - (g.rules.cells[target].house_cost if target is not None else g.cash[seat])


def _tax(g: GameState, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase is not TAX:
        return ("tax.choice", "no tax with a choice of amounts is due")
    return None


def _manage_cell(g: GameState, a: Build | Redeem, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase not in MANAGE_PHASES:
        return ("turn.manage", "build and redeem on your turn, before or after the roll")
    if type(a) is Build:
        if not may_build(g.rules, g.phase):
            return ("buildings.before_roll", RULE_TEXT["buildings.before_roll"])
    elif not g.rules.mortgage:
        return ("mortgage.none", RULE_TEXT["mortgage.none"])
    return cell_rule(g, a.cell, H.can_build if type(a) is Build else H.can_redeem, seat)


def _end_turn(g: GameState, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase is not POST_ROLL:
        return ("turn.end_after_roll", "the turn ends after the roll is resolved")
    if g.reroll:
        return ("turn.double_rolls_again", "after a double you roll again")
    return None


def _resign(g: GameState, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase not in MANAGE_PHASES:
        return ("bankruptcy.resign_on_turn", "resign on your turn, before or after the roll")
    return None


def _debt(g: GameState, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if not g.debts:
        return ("debt.owed", "there is no debt to settle")
    if g.phase is PAYMENT_DUE:
        # The debtor pays (and may still have to raise the money) or cancels it with its card.
        return None if type(a) is PayDebt else ("debt.payment_due", "pay, or cancel the payment with your card")
    if type(a) is PayDebt and g.cash[seat] < g.debts[0].amount:
        return ("debt.cash", f"the debt is {g.debts[0].amount}: raise the cash first")
    return None


def _answer_trade(g: GameState, a: Action, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    t = g.trade
    if t is None:
        return ("trade.open", "no trade is waiting for an answer")
    if type(a) is AcceptTrade:
        return trade_rule(g, t.from_seat, t.to_seat, t.give, t.take, t.money, accepting=True, cards=t.cards)
    return None


def _propose_trade(g: GameState, a: ProposeTrade, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase not in MANAGE_PHASES:
        return ("trade.on_turn", "trades are proposed on your turn")
    index = g.rules.card_index
    if not all(type(c) is str and c in index for c in a.cards):
        return ("trade.card", "a trade names kept cards by their ids")
    return trade_rule(g, seat, a.to, a.give, a.take, a.money, accepting=False,
                      cards=tuple(index[c] for c in a.cards))


def cell_rule(g: GameState, cell: object, rule: Callable[[GameState, int, int], str | None], seat: int) -> Why:
    if type(cell) is not int or not 0 <= cell < g.rules.size:
        return ("board.cell", f"there is no cell {cell}")
    why = rule(g, seat, cell)
    if why is None:
        return None
    return (why, RULE_TEXT.get(why, why))


def trade_rule(g: GameState, frm: int, to: int, give: tuple[int, ...], take: tuple[int, ...],
               money: int, accepting: bool, cards: tuple[int, ...] = ()) -> Why:
    """Why a trade of these deeds, `money` and kept `cards` (indices) is not allowed now."""
    if not 0 <= to < g.players or to == frm or not g.alive[to]:
        return ("trade.partner", "trade with another player still in the game")
    if not accepting and to in g.proposed_to:
        return ("trade.once_per_turn", "one proposal to each player per turn")
    if not give and not take and not cards:
        return ("trade.property", "a trade must include at least one property")
    if len(set(cards)) != len(cards) or not all(
            card_means.tradeable(g.rules.cards[c]) and (c in g.cards_held[frm] or c in g.cards_held[to])
            for c in cards):
        return ("trade.card", "only a card with a face value, held by one of the two, goes in a trade")
    if len(set(give)) != len(give) or len(set(take)) != len(take):
        return ("trade.property", "a property may be listed once")
    size = g.rules.size
    for cells, who in ((give, frm), (take, to)):
        for c in cells:
            if not 0 <= c < size or not g.rules.cells[c].is_property or g.owner[c] != who:
                return ("trade.property", f"cell {c} is not a deed of seat {who}")
            if H.group_built(g, c):
                return ("trade.no_built_group", "no property of a group with buildings may be "
                        "traded: sell the buildings first")
    if money > 0 and g.cash[frm] < money:
        return ("trade.money_held", "money offered must be held")
    if money < 0 and accepting and g.cash[to] < -money:
        return ("trade.money_held", "money asked for must be held at acceptance")
    if g.rules.mortgage_fee:
        # The fees for mortgaged deeds received are paid at once, from the cash after the
        # trade's money has moved: the proposer's when proposing, both sides' at acceptance.
        fee_frm = sum(H.transfer_fee(g, c) for c in take if g.mortgaged[c])
        fee_to = sum(H.transfer_fee(g, c) for c in give if g.mortgaged[c])
        if g.cash[frm] - money < fee_frm or (accepting and g.cash[to] + money < fee_to):
            return ("trade.mortgage_fee_cash", "the 10% fee for each mortgaged deed received must be held")
    return None


# Each action type's own rule, once the game is known to run and the seat to be in it. Each
# rule takes an action of its own types only, which no type of a table keyed by type can say.
ACTION_CHECKS: dict[type[Action], Callable[[GameState, Any, int], Why]] = {
    AcceptDraw: _answer_draw, DeclineDraw: _answer_draw, OfferDraw: _offer_draw,
    SellBuilding: _raise_money, Mortgage: _raise_money,
    Roll: _roll, PayJailFee: _jail, UseReleaseCard: _jail, RollForDouble: _jail,
    Buy: _buy, SendToAuction: _buy, Bid: _auction, PassBid: _auction,
    Build: _manage_cell, Redeem: _manage_cell, EndTurn: _end_turn, Resign: _resign,
    PayDebt: _debt, SettleDebt: _debt, DeclareBankruptcy: _debt,
    AcceptTrade: _answer_trade, DeclineTrade: _answer_trade, ProposeTrade: _propose_trade,
    PayTax: _tax, PayTaxPercent: _tax, UseCard: kept.check,
}

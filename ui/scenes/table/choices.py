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
    CasinoBet,
    DeclareBankruptcy,
    DeclineDraw,
    DeclineTrade,
    Deposit,
    Donate,
    EndTurn,
    Game,
    GoToJail,
    IllegalAction,
    Mortgage,
    MoveTo,
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
    RollCredit,
    RollForDouble,
    Ruleset,
    SellBuilding,
    SellDeed,
    SendToAuction,
    SettleDebt,
    Skip,
    SpendDonation,
    TakeBus,
    UseReleaseCard,
    WithdrawDeposit,
    card_means,
    tax_choices,
)
from zemlevlasnyk.p2p import takes_now
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.widgets import Button, Style
from zemlevlasnyk.ui.scenes.table.cards import use_buttons
from zemlevlasnyk.ui.scenes.table.pick import pick_buttons
from zemlevlasnyk.ui.words.ruleset import branches, cell_name
from zemlevlasnyk.ui.words.text import Words, catalogue, money


@dataclass(frozen=True)
class Intent:
    """A button that opens something in the window instead of acting: `bid` (send the
    stepper's amount), `trade` (open the proposal dialog), `resign` (ask to confirm)."""

    name: str


BID = Intent("bid")
AMOUNT = Intent("amount")     # send the stepper's amount as the decision's (a deposit, a bet)
TRADE = Intent("trade")
RESIGN = Intent("resign")

_CELL_ACTIONS = (Build, SellBuilding, Mortgage, Redeem, SellDeed)
# The order the person reads them: what moves the game on first, giving up last (a square's
# offer, seed 004's, before its refusal; the deposit's withdrawal, possible at most decisions,
# after the moves).
_MOVES = (Roll, RollForDouble, PayJailFee, UseReleaseCard, TakeBus, MoveTo, Buy, SendToAuction, Bid,
          PassBid, Donate, RollCredit, SpendDonation, GoToJail, Deposit, CasinoBet, Skip,
          EndTurn, PayDebt, SettleDebt, DeclareBankruptcy, AcceptTrade, DeclineTrade, AcceptDraw,
          DeclineDraw, PayTax, PayTaxPercent, WithdrawDeposit)
# The decisions that name an amount, by the action that carries it: the amount button's words.
AMOUNT_WORDS = {Deposit: "deposit_amount", CasinoBet: "bet_amount"}
# The turn's extras are smaller than the moves: they are seldom what the game waits for.
EXTRA_SIZE = theme.SMALL + 1
_PRIMARY = (Roll, RollForDouble, Buy, EndTurn, PayDebt, AcceptTrade, AcceptDraw)
# The quick raises over the highest bid, in bid steps (+1 000, +5 000, +10 000 when prices
# run in thousands, as on Землевласник's board; +10, +50, +100 on the classic board).
QUICK_RAISES = (1, 5, 10)


def _label(a: Action, game: Game, t: Words, lang: str) -> str:
    acts = t["actions"]
    rules = game.rules
    if isinstance(a, TakeBus):
        to = (game.pos[a.seat] + a.steps) % rules.size
        return str(acts["take_bus"].format(steps=a.steps, cell=cell_name(rules, to, lang)))
    if isinstance(a, MoveTo):
        return str(acts["move_to"].format(cell=cell_name(rules, a.cell, lang)))
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
    if isinstance(a, Donate):
        return str(acts["donate"].format(amount=money(rules.donation)))
    if isinstance(a, WithdrawDeposit):
        return str(acts["withdraw_deposit"].format(amount=money(game.deposit[a.seat])))
    if isinstance(a, (PayTax, PayTaxPercent)):
        fixed, share = tax_choices(game, a.seat)
        if isinstance(a, PayTax):
            return str(acts["pay_tax"].format(amount=money(fixed)))
        return str(acts["pay_tax_percent"].format(percent=rules.cells[game.pos[a.seat]].percent, amount=money(share)))
    return str(acts[a.TYPE])


def main_buttons(game: Game, seat: int, t: Words, lang: str, *, bid: int | None = None) -> list[Button]:
    """The moves and answers the game waits for from `seat`, in reading order (`bid`: the
    amount the bid button offers). The speed die's bus offers each of its moves; of a
    triple's cells, the one the white dice reach is a button (the clock's choice), the
    others are picked on the board (`triple_cell`); then the uses of the kept cards it
    holds (Казка)."""
    legal = game.legal(seat)
    found = {type(a): a for a in legal.actions if not isinstance(a, _CELL_ACTIONS)}
    main = game.main_seat() == seat
    moves: list[Button] = []
    for kind in _MOVES:
        a = found.get(kind)
        if kind is TakeBus:
            moves += [Button(_label(b, game, t, lang), b, style=Style.PRIMARY)
                      for b in legal.actions if isinstance(b, TakeBus)]
        elif kind is MoveTo:
            safe = game.safe_action(seat) if a is not None else None
            if safe is not None:
                moves.append(Button(_label(safe, game, t, lang), safe, style=Style.PRIMARY))
        elif kind is Bid:
            if legal.bid is not None:
                amount = suggested_bid(*legal.bid, bid_step(game.rules)) if bid is None else bid
                moves.append(Button(t["actions"]["bid_amount"].format(amount=money(amount)), BID,
                                    style=Style.PRIMARY))
        elif kind in AMOUNT_WORDS:
            if legal.amount is not None and type(game.amount_action(seat, legal.amount[0])) is kind:
                amount = suggested_bid(*legal.amount, bid_step(game.rules)) if bid is None else bid
                moves.append(Button(t["actions"][AMOUNT_WORDS[kind]].format(amount=money(amount)), AMOUNT,
                                    style=Style.PRIMARY))
        elif a is not None:
            style = Style.DANGER if kind is DeclareBankruptcy else Style.PRIMARY if kind in _PRIMARY else Style.NORMAL
            moves.append(Button(_label(a, game, t, lang), a, style=style))
        elif main and (kind, game.phase) in ((Buy, Phase.BUY), (PayDebt, Phase.DEBT)):
            shown: Action = Buy(seat) if kind is Buy else PayDebt(seat)
            moves.append(Button(_label(shown, game, t, lang), shown, enabled=False))
    if main and game.rules.powers and game.cards_held[seat]:
        moves += use_buttons(game, seat, t, lang)
    # The choices that name a deed or a square open their dialog; a withdrawal stays last.
    last = len(moves) - (1 if moves and isinstance(moves[-1].intent, WithdrawDeposit) else 0)
    return moves[:last] + pick_buttons(game, seat, t) + moves[last:]


def triple_cell(game: Game, seat: int, cell: int | None) -> MoveTo | None:
    """The move a click on `cell` of the board makes when a triple lets `seat` go anywhere
    (None when it is not one of the legal moves)."""
    if cell is None:
        return None
    move = MoveTo(seat, cell)
    return move if game.phase is Phase.TRIPLE and game.is_legal(move) else None


def toolbar(game: Game, seat: int, t: Words) -> list[Button]:
    """The turn's extras, always in the same three places: trade, draw offer, resigning;
    each enabled only when the table would take it now (a draw offer, which the engine
    allows at any time, only with a decision of the seat's own pending: `p2p.core.turns`)."""
    legal = game.legal(seat)
    found = {type(a): a for a in legal.actions}
    acts = t["actions"]
    draw = OfferDraw(seat)
    return [Button(acts["propose_trade"], TRADE, enabled=bool(legal.trade_partners), size=EXTRA_SIZE),
            Button(acts["offer_draw_short"], draw, enabled=takes_now(game, draw),
                   size=EXTRA_SIZE),
            Button(acts["resign"], RESIGN, style=Style.DANGER, enabled=Resign in found, size=EXTRA_SIZE)]


def bid_step(rules: Ruleset) -> int:
    """The round amount bids move by: the order of the cheapest deed's price less one (1 000
    for prices from 5 000, 10 for prices from 60)."""
    cheapest = min((rules.cells[c].price for c in rules.properties), default=1)
    return int(10 ** max(0, len(str(cheapest)) - 1))


def suggested_bid(lo: int, hi: int, step: int) -> int:
    """A round amount to offer first (a bid, a deposit, a bet): the lowest allowed, rounded
    up to a whole step."""
    return min(hi, max(lo, math.ceil(lo / step) * step))


def quick_raises(game: Game, seat: int, t: Words) -> list[Button]:
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


def quick_amounts(game: Game, seat: int, t: Words) -> list[Button]:
    """For a decision that names an amount (a deposit, a bet): its least, about half of its
    most (rounded to a whole bid step) and its most, each the engine's own action."""
    legal = game.legal(seat)
    if legal.amount is None:
        return []
    lo, hi = legal.amount
    unit = bid_step(game.rules)
    half = min(hi, max(lo, (lo + hi) // 2 // unit * unit))
    out = []
    for amount in dict.fromkeys((lo, half, hi)):
        action = game.amount_action(seat, amount)
        if action is not None:
            out.append(Button(money(amount), action, size=EXTRA_SIZE))
    return out


def deed_buttons(game: Game, seat: int, cell: int, t: Words) -> list[Button]:
    """What `seat` may do with its deed `cell` now: build, sell, mortgage, redeem."""
    acts = t["actions"]
    rules = game.rules
    info = rules.cells[cell]
    labels = {
        Build: acts["build"].format(cost=money(info.house_cost)),
        # What the bank pays now (at cost while «Ярмарок»'s liquidation lasts).
        SellBuilding: acts["sell_branch" if branches(rules) else "sell_building"].format(
            refund=money(card_means.building_refund(game, seat, cell)))
        if info.house_cost else "",
        Mortgage: acts["mortgage"].format(amount=money(rules.mortgage_value(cell))),
        Redeem: acts["redeem"].format(amount=money(rules.redeem_cost(cell))),
        SellDeed: acts["sell_deed"].format(amount=money(rules.deed_sale_values[cell])),
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


def prompt(game: Game, seat: int, names: Sequence[str], t: Words, lang: str) -> str:
    """One line saying what the game waits for, from the person's point of view."""
    return str(_prompt(game, seat, names, t, lang))


def _prompt(game: Game, seat: int, names: Sequence[str], t: Words, lang: str) -> Any:
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
    if phase is Phase.OFFER and game.offers:
        return _offer_prompt(game, seat, t)
    if phase is Phase.POST_ROLL:
        # Without mortgages (deeds sold to the bank) and with building before the roll only.
        return p["reroll"] if game.reroll else p["after_roll_sales" if branches(rules) else "after_roll"]
    if phase is Phase.BUS:
        return p["bus"]
    if phase is Phase.TRIPLE:
        return p["triple"]
    if game.debts:
        debt = game.debts[0]
        whom = t["bank"] if debt.creditor == BANK else names[debt.creditor]
        if phase is Phase.PAYMENT_DUE:
            key = debt.reason.split(":", 1)[0]
            why = catalogue(lang)["reasons"].get(key, key)
            return p["payment_due"].format(amount=money(debt.amount), creditor=whom, reason=why)
        return p["debt"].format(amount=money(debt.amount), creditor=whom)
    if game.trade is not None:
        return p["trade"].format(name=names[game.trade.from_seat])
    return ""


def _offer_prompt(game: Game, seat: int, t: dict[str, Any]) -> Any:
    """What a square's offer (seed 004) asks, with its figures."""
    p = t["prompts"]["offers"]
    rules = game.rules
    offer = game.offers[0]
    kind = offer.kind.value
    if kind == "donate":
        return p[kind].format(amount=money(rules.donation), held=game.donations[seat])
    if kind == "credit" and rules.credit is not None:
        return p[kind].format(lucky=rules.credit.lucky_total, share=rules.credit.share_percent)
    if kind == "deposit" and rules.deposit is not None:
        return p[kind].format(percent=rules.deposit.interest_percent, deposit=money(game.deposit[seat]))
    if kind == "casino":
        if offer.minimum:
            return p["casino_forced"].format(minimum=money(offer.minimum), jackpot=money(game.jackpot))
        return p[kind].format(jackpot=money(game.jackpot))
    if kind == "agency" and rules.agencies is not None:
        return p[kind].format(percent=rules.agencies.realty_surcharge_percent)
    return p[kind]

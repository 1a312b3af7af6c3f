"""`beginner`: a plain beginner's strategy, the yardstick the easy level is measured by.

Not a level offered to people: the tests and benchmarks seat it against three easy players
(issue 25: a beginner must win at least its share of those games). It plays as a person new
to the game does: it buys every deed it can pay for (in an auction, up to the printed
price), builds as soon as it can, leaves jail at once, accepts only a trade that completes a
colour group of its own and never proposes one. It pays debts as every level does
(`debts.pay_debt`: lone deeds mortgaged before houses are sold), since a new player does
not give houses away to pay a small rent either.
"""
from __future__ import annotations

from ..actions import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclineDraw,
    DeclineTrade,
    EndTurn,
    PassBid,
    PayJailFee,
    Redeem,
    Roll,
    RollForDouble,
    SendToAuction,
    UseReleaseCard,
    shared,
    shared_deed,
)
from ..game import DECISION_KINDS, Game
from ..holdings import can_build, can_redeem
from ..state import Lot
from . import speed
from . import trading as T
from .debts import pay_debt

# A bid goes up by this share (1/N) of the deed's price: a beginner bids in round steps.
BID_STEP_SHARE = 20


class BeginnerBot:
    """Buy everything, build at once, never trade first (see the module's docstring)."""
    level = "beginner"

    def __init__(self, seed: bytes = b"") -> None:
        pass   # it never needs chance: every choice follows from the state

    def choose(self, game: Game, seat: int) -> Action:
        action = self._decide(game, seat)
        if action is None or not game.is_legal(action):
            action = game.safe_action(seat)
        if action is None:
            raise ValueError(f"seat {seat} has no pending decision")
        return action

    def _decide(self, game: Game, seat: int) -> Action | None:
        if game.draw is not None and any(d.seat == seat and d.kind == "draw_answer" for d in game.pending()):
            return shared(DeclineDraw, seat)
        if seat != game.main_seat():
            return None
        kind = DECISION_KINDS[game.phase]
        if kind == "turn":
            return self._develop(game, seat) or self._leave_jail_or_roll(game, seat)
        if kind == "after_roll":
            return self._develop(game, seat) or shared(Roll if game.reroll else EndTurn, seat)
        if kind == "buy":
            cell = game.pending_buy
            assert cell is not None, "asked to buy: a deed is offered"
            return shared(Buy if game.cash[seat] >= game.rules.cells[cell].price else SendToAuction, seat)
        if kind == "bid":
            return self._bid(game, seat)
        if kind == "debt":
            return pay_debt(game, seat)
        if kind == "trade_answer":
            return self._answer(game, seat)
        if kind in ("bus", "triple"):
            return speed.choose(game, seat, lambda cell: self._price_if_affordable(game, seat, cell))
        return game.safe_action(seat)   # a tax with a choice: the cheaper way

    @staticmethod
    def _price_if_affordable(game: Game, seat: int, cell: int) -> float:
        """A deed for sale is worth its price to a beginner, who buys every one it can pay for."""
        price = game.rules.cells[cell].price
        return float(price) if game.cash[seat] >= price else 0.0

    @staticmethod
    def _leave_jail_or_roll(game: Game, seat: int) -> Action:
        if not game.jailed[seat]:
            return shared(Roll, seat)
        if game.cards_held[seat]:
            return shared(UseReleaseCard, seat)
        if game.cash[seat] >= game.rules.jail_fee:
            return shared(PayJailFee, seat)
        return shared(RollForDouble, seat)

    @staticmethod
    def _develop(game: Game, seat: int) -> Action | None:
        """A house wherever one may go now (the first such street), after freeing a whole
        group's mortgaged street, which stops its building."""
        rules, owner = game.rules, game.owner
        for group in rules.group_cells.values():
            if any(owner[c] != seat for c in group):
                continue
            for c in group:
                if game.mortgaged[c] and can_redeem(game, seat, c) is None:
                    return shared_deed(Redeem, seat, c)
            for c in group:
                if can_build(game, seat, c) is None:
                    return shared_deed(Build, seat, c)
        return None

    @staticmethod
    def _bid(game: Game, seat: int) -> Action:
        auction = game.auction
        bid = game.bid_range(seat)
        if auction is None or bid is None or auction.lot is not Lot.DEED:
            return shared(PassBid, seat)
        lo, hi = bid
        price = game.rules.cells[auction.cell].price
        cap = min(price, hi)
        if lo > cap:
            return shared(PassBid, seat)
        return Bid(seat, min(cap, max(lo, auction.high + max(1, price // BID_STEP_SHARE))))

    @staticmethod
    def _answer(game: Game, seat: int) -> Action:
        trade = game.trade
        assert trade is not None, "a trade answer is asked for an open trade"
        owner_after = T.after(game, T.deal_from_trade(trade, seat, game))[0]
        completes = bool(T.completed_groups(game, owner_after, seat))
        return shared(AcceptTrade if completes else DeclineTrade, seat)

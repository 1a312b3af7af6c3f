"""The two non-thinking levels: `idle` (always the clock's safe move) and `random`."""
from __future__ import annotations

from ..actions import (
    AcceptDraw,
    Action,
    Bid,
    EndTurn,
    OfferDraw,
    ProposeTrade,
    Resign,
    Roll,
    RollForDouble,
)
from ..chance import Entropy
from ..game import Game
from ..holdings import group_built

# Percent chances that keep random games finishing and varied: without the bias towards
# ending the turn, a random player would shuffle mortgages for hundreds of actions.
END_TURN_BIAS = 50
OFFER_DRAW_PERCENT = 1
ACCEPT_DRAW_PERCENT = 20
RESIGN_PERCENT = 0        # resigning is tested directly; random play should reach bankruptcies
TRADE_PERCENT = 5
BID_PERCENT = 40
# A random trade asks or offers up to this fraction (1/N) of the starting cash.
RANDOM_TRADE_MONEY_SHARE = 15


_ENDERS = frozenset({EndTurn, Roll, RollForDouble})   # the actions that move the turn on


class IdleBot:
    """Always the clock's safe action: never spends money by choice."""
    level = "idle"

    def __init__(self, seed: bytes = b"") -> None:
        pass

    def choose(self, game: Game, seat: int) -> Action:
        action = game.safe_action(seat)
        if action is None:
            raise ValueError(f"seat {seat} has no pending decision")
        return action


class RandomBot:
    """A uniformly random legal action, biased towards ending the turn so games finish."""
    level = "random"

    def __init__(self, seed: bytes = b"\0") -> None:
        self.rng = Entropy(seed or b"\0")

    def choose(self, game: Game, seat: int) -> Action:
        rng = self.rng
        legal = game.legal(seat)
        actions: list[Action] = []
        for a in legal.actions:
            t = type(a)
            if t is OfferDraw and not rng.chance(OFFER_DRAW_PERCENT):
                continue
            if t is AcceptDraw and not rng.chance(ACCEPT_DRAW_PERCENT):
                continue
            if t is Resign and not rng.chance(RESIGN_PERCENT):
                continue
            actions.append(a)
        if legal.bid is not None and rng.chance(BID_PERCENT):
            lo, hi = legal.bid
            assert game.auction is not None, "a bid range means an auction runs"
            cell = game.auction.cell
            top = min(hi, max(lo, game.rules.cells[cell].price * 3 // 2))
            actions.append(Bid(seat, lo + rng.randbelow(top - lo + 1)))
        if legal.amount is not None:
            lo, hi = legal.amount
            named = game.amount_action(seat, lo + rng.randbelow(hi - lo + 1))
            if named is not None:
                actions.append(named)
        if legal.trade_partners and rng.chance(TRADE_PERCENT):
            trade = self._random_trade(game, seat, legal.trade_partners)
            if trade is not None and game.is_legal(trade):
                actions.append(trade)
        for a in actions:
            if type(a) in _ENDERS:
                if rng.chance(END_TURN_BIAS):
                    return a
                break
        if not actions:
            return IdleBot().choose(game, seat)
        return actions[rng.randbelow(len(actions))]

    def _random_trade(self, game: Game, seat: int, partners: tuple[int, ...]) -> Action | None:
        rng = self.rng
        to = partners[rng.randbelow(len(partners))]
        tradeable = [c for c in game.rules.properties if not group_built(game, c)]
        mine = [c for c in tradeable if game.owner[c] == seat and rng.chance(30)]
        theirs = [c for c in tradeable if game.owner[c] == to and rng.chance(30)]
        if not mine and not theirs:
            return None
        span = game.rules.start_cash // RANDOM_TRADE_MONEY_SHARE
        money = rng.randbelow(2 * span + 1) - span
        money = min(money, game.cash[seat])
        return ProposeTrade(seat, to, tuple(mine), tuple(theirs), money)

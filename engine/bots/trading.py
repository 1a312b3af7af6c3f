"""Trades: what a deal does to both sides, the rule against giving a group away, and offers.

A deal is weighed by what it does to both sides' positions (an appraiser's `strength`, which
counts colour groups and rent potential), not by face price alone: my gain minus a weight
times the partner's gain, because a partner's gain is a loss to me only in part when other
players are also at the table.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from typing import Final

from ..actions import ProposeTrade
from ..game import Game
from ..holdings import group_built, transfer_fee
from ..legality import MANAGE_PHASES
from ..state import BANK, TradeOffer
from ..state import TradeRefusal as Refusal
from ..values import Value
from .appraisal import Appraiser
from .earnings import Earnings
from .memory import TOKEN_RAISE_SHARE, Request, request_key, token_raise

# A group's last deeds are bought (and offered for sale) at what the group earns its new
# owner only by a player with this many times that money in hand: a rich player buys the
# deed it lacks, one short of money keeps it for houses.
EARNINGS_BUY_SHARE = 3
# ... and in a stall (every deed owned, none of my groups whole) a player with this many times
# the starting cash in hand offers that price itself (`propose_earnings_buy`): the stalled
# tables of rich players circled the board without end; a poorer one (most quick games deal
# every deed at the start) keeps to the level's own view.
STALL_RICH = 3
# ... and, where no group can be completed from one player (a swap among three), buys a step
# towards one (`propose_stall_step`), raising a refused offer by more than a token each time,
# up to this many times the deeds' price.
STALL_STEP_MOST = 2.0
# A deed a rival lacks for a colour group is bought to keep the group from them
# (`propose_block`) for at most this many times its price, the money raised by a tenth of the
# price at a time until a typical player would take it.
BLOCK_MOST = 1.6
BLOCK_STEPS = 10
# The least amount of money: a swap priced to the partner's rule, rounded up to whole money,
# may fall short of the proposer's own rule by less than this.
WHOLE_UNIT = 1.0


class Deal(Value):
    """A trade seen from `me`: cells I give, cells I get, money I receive (< 0: I pay).
    (A value class, as the engine's: a search builds two for every deal it weighs.)"""
    __slots__ = __match_args__ = ("me", "partner", "out", "into", "money_in")

    def __init__(self, me: int, partner: int, out: tuple[int, ...], into: tuple[int, ...],
                 money_in: int) -> None:
        self.me: Final = me
        self.partner: Final = partner
        self.out: Final = out
        self.into: Final = into
        self.money_in: Final = money_in


def deal_from_trade(trade: TradeOffer, me: int, game: Game) -> Deal:
    """The open trade seen from `me`; the kept cards in it («Ярмарок»'s certificates) count as
    the money they are sold to the bank for."""
    cards = game.rules.cards
    mine = game.cards_held[me]
    worth = sum(-cards[c].params["value"] if c in mine else cards[c].params["value"] for c in trade.cards)
    if trade.to_seat == me:
        return Deal(me, trade.from_seat, trade.take, trade.give, trade.money + worth)
    return Deal(me, trade.to_seat, trade.give, trade.take, worth - trade.money)


def after(game: Game, deal: Deal) -> tuple[list[int], list[int]]:
    """Owners and cash once the deal is done."""
    owner = _owners_after(game, deal)
    cash = game.cash[:]
    cash[deal.me] += deal.money_in
    cash[deal.partner] -= deal.money_in
    # Mortgaged deeds received cost their transfer fee (option `mortgage_fee`).
    if game.rules.mortgage_fee:
        cash[deal.me] -= sum(transfer_fee(game, c) for c in deal.into if game.mortgaged[c])
        cash[deal.partner] -= sum(transfer_fee(game, c) for c in deal.out if game.mortgaged[c])
    return owner, cash


def _owners_after(game: Game, deal: Deal) -> list[int]:
    owner = game.owner[:]
    for c in deal.out:
        owner[c] = deal.partner
    for c in deal.into:
        owner[c] = deal.me
    return owner


def completed_groups(game: Game, owner: list[int], seat: int) -> list[tuple[int, ...]]:
    """Colour groups that `seat` holds whole in `owner` but not in the game now."""
    out = []
    now = game.owner
    for group in game.rules.group_cells.values():
        for c in group:
            if owner[c] != seat:
                break
        else:
            for c in group:
                if now[c] != seat:
                    out.append(group)
                    break
    return out


def earnings_shortfall(game: Game, deal: Deal, owner: list[int], cash: list[int],
                       earnings: Earnings | None = None) -> float:
    """How much less I would get than what a colour group the deal hands over whole earns the
    partner (`earnings.group_earnings`, at the partner's cash after the deal), or than its
    printed price when that is more; 0 when the deal hands over no group or pays for it.
    `owner` and `cash`: as after the deal (`after`).

    What I receive counts the money, the printed price of the deeds, and for a group the deal
    completes for me, what it earns me (or its price, when more): a swap of two groups pays
    for itself when each earns its new owner about as much. `earnings`: the figures of this
    game found so far, if the caller keeps them."""
    return _Shortfall(game, deal, owner, earnings).at(deal.money_in, cash)


class _Shortfall:
    """`earnings_shortfall` of one deal's deeds, at any money and cash: what depends on the
    owners alone (the groups the deal completes, their printed prices) found once, for a
    search over the money (`sale_price`)."""

    def __init__(self, game: Game, deal: Deal, owner: list[int], earnings: Earnings | None = None) -> None:
        self.earnings = Earnings(game) if earnings is None else earnings
        self.me, self.partner = deal.me, deal.partner
        self.theirs = completed_groups(game, owner, deal.partner)
        self.mine: list[tuple[int, ...]] = []
        self.need_price = self.into_price = self.mine_price = 0
        if not self.theirs:
            return
        cells = game.rules.cells
        self.need_price = sum(cells[c].price for g in self.theirs for c in g)
        self.mine = completed_groups(game, owner, deal.me)
        in_mine = {c for g in self.mine for c in g}
        self.into_price = sum(cells[c].price for c in deal.into if c not in in_mine)
        self.mine_price = sum(cells[c].price for c in in_mine)

    def at(self, money_in: int, cash: list[int]) -> float:
        if not self.theirs:
            return 0.0
        earnings = self.earnings
        need = max(self.need_price, earnings(self.partner, self.theirs, cash))
        got = float(money_in + self.into_price)
        if self.mine:
            got += max(self.mine_price, earnings(self.me, self.mine, cash))
        return max(0.0, need - got)


def sells_group_cheaply(game: Game, deal: Deal) -> bool:
    """True when the deal hands the partner a whole colour group for less than it earns them
    (or its price): the rule every level keeps, answering or offering."""
    owner, cash = after(game, deal)
    return earnings_shortfall(game, deal, owner, cash) > 0


class _Now:
    """Appraisers' strengths of seats in the game as it stands, each computed once: a search
    weighs many deals against the same starting position."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.known: dict[tuple[int, int], float] = {}

    def __call__(self, appraiser: Appraiser, seat: int) -> float:
        key = (id(appraiser), seat)
        value = self.known.get(key)
        if value is None:
            game = self.game
            value = self.known[key] = appraiser.strength(game, seat, game.owner, game.cash)
        return value


def gain(appraiser: Appraiser, game: Game, deal: Deal, weight: float) -> float:
    """My gain from the deal minus `weight` times the partner's, in money."""
    return _gain(appraiser, game, deal, weight, _Now(game))


def _gain(appraiser: Appraiser, game: Game, deal: Deal, weight: float, now: _Now) -> float:
    owner, cash = after(game, deal)
    return _gain_after(appraiser, game, deal, weight, now, owner, cash)


def _gain_after(appraiser: Appraiser, game: Game, deal: Deal, weight: float, now: _Now,
                owner: list[int], cash: list[int]) -> float:
    """`_gain` with the owners and cash after the deal already found."""
    me, partner = deal.me, deal.partner
    mine = appraiser.strength(game, me, owner, cash) - now(appraiser, me)
    theirs = appraiser.strength(game, partner, owner, cash) - now(appraiser, partner)
    return mine - weight * theirs


def face_gain(game: Game, deal: Deal) -> int:
    """The deal at face value: money plus the price of deeds, in minus out."""
    cells = game.rules.cells
    return (deal.money_in + sum(cells[c].price for c in deal.into)
            - sum(cells[c].price for c in deal.out))


def tradeable(game: Game, cell: int) -> bool:
    return not group_built(game, cell)


def wanted_groups(game: Game, seat: int, *, split: bool = False
                  ) -> list[tuple[int, tuple[int, ...]]]:
    """Groups `seat` could complete with one partner's deeds: (partner, missing cells).

    With `split`, also a step towards a group whose missing deeds two players hold: each
    holder's share, to be bought one partner at a time.
    """
    out = []
    owner, buildings, alive = game.owner, game.buildings, game.alive
    for group in game.rules.group_cells.values():
        # (One plain loop per group, no list built: a search asks this for every seat
        # whenever a deed changes hands, and most groups are passed over.)
        held = 0
        built = False
        for c in group:
            if owner[c] == seat:
                held += 1
            if buildings[c]:
                built = True
        # None of the group (or all of it) held, or a building on it: every deed of a
        # colour group is tradeable or none is (`tradeable`).
        if not held or held == len(group) or built:
            continue
        holders = {owner[c] for c in group}
        holders.discard(seat)
        if len(holders) == 1 or (split and len(holders) == 2):
            for partner in sorted(holders):
                if partner >= 0 and alive[partner]:
                    out.append((partner, tuple([c for c in group if owner[c] == partner])))
    return out


def sweeteners(game: Game, seat: int, partner: int, keep: Iterable[int]) -> list[int]:
    """My deeds that would help the partner most: ones that complete or extend their groups,
    leaving out my own complete groups and anything in `keep`."""
    keep = set(keep)
    rules = game.rules
    owner, buildings, cells, group_of = game.owner, game.buildings, rules.cells, rules.group_of
    out = []
    for c in rules.properties:
        if owner[c] != seat or c in keep:
            continue
        group = group_of[c]
        theirs = 0
        kept = False
        for x in group:
            holder = owner[x]
            if holder == partner:
                theirs += 1
            # A street is kept when it is not tradeable (a building in its group) or in a
            # whole group of mine.
            if buildings[x]:
                kept = True
        if not theirs or (cells[c].kind == "street" and kept):
            continue
        out.append((-(theirs / len(group)), cells[c].price, c))
    out.sort()
    return [c for _, _, c in out]


def trade_partners(game: Game, seat: int) -> tuple[int, ...]:
    """The seats `seat` may propose a trade to now (as `game.legal(seat).trade_partners`,
    without building every other legal action)."""
    if game.phase not in MANAGE_PHASES or seat != game.main_seat() or not game.alive[seat]:
        return ()
    n, alive, asked = game.players, game.alive, game.proposed_to
    partners = []
    for i in range(1, n):
        p = (seat + i) % n
        if alive[p] and p not in asked:
            partners.append(p)
    return tuple(partners)


class BoardView:
    """The parts of a trade search that depend only on who holds which deed, where the
    buildings stand and who is still in: the groups a seat could complete and its sweeteners
    for a partner. A bot keeps one while those stay the same (`shows(game)`), as they mostly
    do from one of its turns to the next."""

    def __init__(self, game: Game) -> None:
        # Copies of what the view depends on, compared as lists (in C) by `shows`.
        self.rules = game.rules
        self.owner = game.owner[:]
        self.buildings = game.buildings[:]
        self.alive = game.alive[:]
        self._wanted: dict[tuple[int, bool], list[tuple[int, tuple[int, ...]]]] = {}
        self._helps: dict[tuple[int, int], list[int]] = {}

    def shows(self, game: Game) -> bool:
        """Whether this view is of `game` as it stands: the same rules, holders, buildings
        and seats still in."""
        return (game.rules is self.rules and game.owner == self.owner and game.buildings == self.buildings
                and game.alive == self.alive)

    def wanted(self, game: Game, seat: int, split: bool) -> list[tuple[int, tuple[int, ...]]]:
        found = self._wanted.get((seat, split))
        if found is None:
            found = self._wanted[(seat, split)] = wanted_groups(game, seat, split=split)
        return found

    def helps(self, game: Game, seat: int, partner: int) -> list[int]:
        found = self._helps.get((seat, partner))
        if found is None:
            found = self._helps[(seat, partner)] = sweeteners(game, seat, partner, keep=())
        return found


def _asks(game: Game, seat: int, view: BoardView, split: bool, partners: tuple[int, ...],
          resting: AbstractSet[tuple[int, Request]]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """(partner, the deeds I would ask them for) for each group I could complete (or, with
    `split`, near) from a partner who may be asked, but for requests resting after a refusal."""
    for partner, missing in view.wanted(game, seat, split):
        if partner not in partners:
            continue
        take = tuple(sorted(missing))
        if (partner, request_key((), take)) not in resting:
            yield partner, take


def propose(game: Game, seat: int, partners: tuple[int, ...], appraiser: Appraiser, *, weight: float,
            partner_model: Appraiser, partner_weight: float, margin: float, premium: float,
            resting: AbstractSet[tuple[int, Request]], refused: Sequence[Refusal],
            cash_floor: int, sweetener_count: int = 1, split: bool = False,
            swaps: bool = False, view: BoardView | None = None,
            floor: Callable[[Deal, list[int], list[int]], float] | None = None) -> ProposeTrade | None:
    """The best offer that completes (or, with `split`, nears) one of my groups and that the
    partner might accept.

    The money is the least that a partner judging by `partner_model` would need, at least
    the face price of what I take times `premium`, and at least what the partner's own rule
    asks for handing me my group (`earnings_shortfall` from their side). An offer asking a
    partner for deeds they refused while the position stayed the same (`resting`: partner
    and `request_key`) is not made, nor one that repeats a refused offer (`refused`) for a
    token raise. `view`: a BoardView of this board from an earlier search, if the caller
    keeps one. `floor`: a second view of my gain from a deal (owners and cash as after it,
    linear in the money as `stalls.earned_gain` is); a deal passes by whichever is more.

    With `swaps`, a swap that completes a group for each side (my deeds that the partner
    lacks for one of theirs, with money for the better group either way) is preferred to
    any other offer: the trade a beginner sees the sense of and accepts.
    """
    if view is None:
        view = BoardView(game)
    cells = game.rules.cells
    cash = game.cash
    now = _Now(game)
    earnings = Earnings(game)
    best = None
    best_key = (False, 0.0)
    for partner, take in _asks(game, seat, view, split, partners, resting):
        gives: list[tuple[int, ...]] = [()]
        # A deed of the group being completed is no sweetener: giving it undoes the deal.
        group = game.rules.group_of[take[0]]
        gives += [(c,) for c in [c for c in view.helps(game, seat, partner) if c not in group][:sweetener_count]]
        theirs_wanted: tuple[tuple[int, ...], ...] = ()
        if swaps:
            # What the partner lacks of a group of theirs and I hold (not of the group I ask for).
            theirs_wanted = tuple(tuple(sorted(cs)) for q, cs in view.wanted(game, partner, False)
                                  if q == seat and not set(cs) & set(game.rules.group_of[take[0]]))
            gives += [g for g in theirs_wanted if g not in gives]
        take_face = sum(cells[c].price for c in take)
        for give in gives:
            # A swap of groups is priced by what the groups earn (below), not by their faces.
            swap = give in theirs_wanted
            face = 0.0 if swap else premium * take_face - sum(cells[c].price for c in give)
            # The money only goes up from the face (below), so an offer that the face alone
            # prices beyond my cash is not weighed any further.
            if int(face + 0.5) > cash[seat] - cash_floor:
                continue
            owner0, cash0 = after(game, Deal(seat, partner, give, take, 0))
            # The partner's own rule: my group handed over for what it earns me. (Its
            # figure at my cash before I pay: a little more than the partner will ask.)
            partner_side = Deal(partner, seat, take, give, 0)
            shortfall = earnings_shortfall(game, partner_side, owner0, cash0, earnings)
            # The money only goes up from this floor once the appraisals are in, so an offer
            # the floor already rules out is not appraised at all.
            least = int(max(face, shortfall) + 0.5)
            if least > cash[seat] - cash_floor:
                continue
            # Linear bounds on the money m I pay, from both sides' appraisals at m = 0.
            mine_then = appraiser.strength(game, seat, owner0, cash0)
            theirs_then = appraiser.strength(game, partner, owner0, cash0)
            mine0 = mine_then - now(appraiser, seat)
            theirs0 = theirs_then - now(appraiser, partner)
            hi = (mine0 - weight * theirs0 - margin) / (1 + weight)
            if floor is not None:
                hi = max(hi, (floor(Deal(seat, partner, give, take, 0), owner0, cash0) - margin) / (1 + weight))
            if least > hi:
                continue
            if partner_model is not appraiser:
                # (The same appraiser gives the same figures for the same position, weighed above.)
                theirs_then = partner_model.strength(game, partner, owner0, cash0)
                mine_then = partner_model.strength(game, seat, owner0, cash0)
            lo = (margin - (theirs_then - now(partner_model, partner))
                  + partner_weight * (mine_then - now(partner_model, seat))) / (1 + partner_weight)
            money = int(max(lo, face, shortfall) + 0.5)
            if money > hi or money > cash[seat] - cash_floor:
                continue
            if money < 0 and cash[partner] < -money:
                continue
            if any((n.to, n.give, n.take) == (partner, give, take) and token_raise(game, n, money)
                   for n in refused):
                continue
            deal = Deal(seat, partner, give, take, -money)
            cash_m = cash0[:]
            cash_m[seat] -= money
            cash_m[partner] += money
            # The partner's rule once the money has moved (the figure above was at my cash
            # before paying, and rounded): an offer short of it by a fraction is refused.
            extra = math.ceil(earnings_shortfall(game, Deal(partner, seat, take, give, money), owner0, cash_m,
                                                 earnings))
            if extra > 0:
                money += extra
                if money > hi or money > cash[seat] - cash_floor:
                    continue
                deal = Deal(seat, partner, give, take, -money)
                cash_m[seat] -= extra
                cash_m[partner] += extra
            # My own rule: no group of theirs completed for less than it earns them.
            short = earnings_shortfall(game, deal, owner0, cash_m, earnings)
            # Their group earns them more than mine earns me (my rule fails with no money at
            # all): they pay the difference. (When it holds with none, a short of a fraction
            # is my payment rounded up to whole money, met below: setting the money to 0
            # there offered a swap the partner's rule refuses, again and again, and two rich
            # easies circled the board past turn 20 000.)
            unpaid = earnings_shortfall(game, Deal(seat, partner, give, take, 0), owner0, cash0, earnings) \
                if short > 0 and swap else 0.0
            if unpaid > 0:
                # Rounded down: the fraction whole money cannot split is my rule's (below),
                # not the partner's, which refuses any shortfall.
                money = min(money, -math.floor(unpaid))
                if cash[partner] < -money:
                    continue
                deal = Deal(seat, partner, give, take, -money)
                cash_m = cash0[:]
                cash_m[seat] -= money
                cash_m[partner] += money
                short = earnings_shortfall(game, deal, owner0, cash_m, earnings)
            # In a swap of groups both rules hold at one price only, the difference of what
            # the groups earn, which money in whole units meets to within one unit.
            if short >= WHOLE_UNIT:
                continue
            if swap and earnings_shortfall(game, Deal(partner, seat, take, give, money), owner0, cash_m,
                                           earnings) > 0:
                continue    # the partner's rule, at the money as it now is: they would refuse it
            score = _gain_after(appraiser, game, deal, weight, now, owner0, cash_m)
            if floor is not None:
                score = max(score, floor(deal, owner0, cash_m))
            key = (swap, score)
            if score > margin and key > best_key:
                best, best_key = ProposeTrade(seat, partner, give, take, money), key
    return best


def propose_sale(game: Game, seat: int, partners: tuple[int, ...], *,
                 resting: AbstractSet[tuple[int, Request]], view: BoardView | None = None) -> ProposeTrade | None:
    """An offer to sell a partner the deeds of mine they lack for one of their colour groups,
    for what the group earns them (`earnings_shortfall`: the least the rule lets go of a
    group for), when they have the money: the sale that a split group waits for when each
    holder wants the other's deeds. The dearest such sale, one not resting after a refusal."""
    if view is None:
        view = BoardView(game)
    cells, group_of = game.rules.cells, game.rules.group_of
    best = None
    best_money = 0
    for partner in partners:
        for holder, give in view.wanted(game, partner, False):
            if holder != seat:
                continue
            give = tuple(sorted(give))
            if (partner, request_key(give, ())) in resting:
                continue
            # The price is at least the group's printed price (the rule's floor, and a sale
            # completes no group of mine): a sale the partner could not well afford at that
            # is not priced at all.
            if sum(cells[c].price for c in group_of[give[0]]) * EARNINGS_BUY_SHARE > game.cash[partner]:
                continue
            money = sale_price(game, Deal(seat, partner, give, (), 0))
            if money * EARNINGS_BUY_SHARE > game.cash[partner] or money <= best_money:
                continue
            best, best_money = ProposeTrade(seat, partner, give, (), -money), money
    return best


def propose_earnings_buy(game: Game, seat: int, partners: tuple[int, ...], *, cash_floor: int,
                         resting: AbstractSet[tuple[int, Request]], refused: Sequence[Refusal],
                         view: BoardView | None = None) -> ProposeTrade | None:
    """An offer to buy from a partner the deeds I lack for one of my colour groups, for what
    the group earns me (`sale_price`: the least the partner's rule lets it go for), when that
    costs at most a third of my cash (`EARNINGS_BUY_SHARE`, the share at which a rich player
    accepts such a sale) and leaves me `cash_floor`: the purchase a stalled table of rich
    players waits for, where each holder asks what the group would earn its buyer and a
    face-price view never pays it. For the dearest such group; not an offer resting after a
    refusal, and once refused for more than a token raise (a hard holder asks more than the
    rule: what the group would earn the buyer over its own horizon). Only with `STALL_RICH`
    times the starting cash in hand."""
    cash = game.cash[seat]
    if cash < STALL_RICH * game.rules.start_cash:
        return None
    if view is None:
        view = BoardView(game)
    best = None
    best_money = 0
    for partner, take in _asks(game, seat, view, False, partners, resting):
        money = _raised(refused, partner, take, sale_price(game, Deal(partner, seat, take, (), 0)),
                        sum(game.rules.cells[c].price for c in take))
        if money * EARNINGS_BUY_SHARE > cash or cash - money < cash_floor or money <= best_money:
            continue
        best, best_money = ProposeTrade(seat, partner, (), take, money), money
    return best


def _raised(refused: Sequence[Refusal], partner: int, take: tuple[int, ...], money: int, face: int) -> int:
    """`money` for the partner's `take`, raised above a refused offer of it by more than a
    token (`TOKEN_RAISE_SHARE` of what it moved): a stalled table's purchases are offered
    again once the position moved (`resting`), each time for more."""
    for n in refused:
        if (n.to, n.give, n.take) == (partner, (), take):
            money = max(money, n.money + math.ceil((abs(n.money) + face) * TOKEN_RAISE_SHARE))
    return money


def propose_stall_step(game: Game, seat: int, partners: tuple[int, ...], *, premium: float, cash_floor: int,
                       resting: AbstractSet[tuple[int, Request]], refused: Sequence[Refusal],
                       view: BoardView | None = None) -> ProposeTrade | None:
    """An offer to buy from one holder their share of a colour group split among three
    players, a step towards completing it, when I have `STALL_RICH` times the starting cash:
    at `premium` times the deeds' price the first time, and after a refusal (once the
    position has moved, `resting`) for more than a token raise of the refused money, up to
    `STALL_STEP_MOST` times their price and a third of my cash. Where every group is split
    among three, no purchase or swap completes one, and a buyer's and a holder's views of a
    step (each weighing the other's gain) leave no price both take: the table circles the
    board for ever. For the dearest such step."""
    cash = game.cash[seat]
    if cash < STALL_RICH * game.rules.start_cash:
        return None
    if view is None:
        view = BoardView(game)
    cells = game.rules.cells
    whole = {(partner, tuple(sorted(missing))) for partner, missing in view.wanted(game, seat, False)}
    best = None
    best_face = 0
    for partner, take in _asks(game, seat, view, True, partners, resting):
        if (partner, take) in whole:
            continue
        face = sum(cells[c].price for c in take)
        money = _raised(refused, partner, take, math.ceil(premium * face), face)
        if (money > STALL_STEP_MOST * face or money * EARNINGS_BUY_SHARE > cash or cash - money < cash_floor
                or face <= best_face):
            continue
        best, best_face = ProposeTrade(seat, partner, (), take, money), face
    return best


def sale_price(game: Game, deal: Deal) -> int:
    """The least money for which `deal` (I sell; `money_in` ignored) hands the partner their
    group within the rule: the group earns them less once they have paid it (they have less
    left for houses), so the price is found by halving the range from what it earns them now."""
    owner, cash0 = after(game, Deal(deal.me, deal.partner, deal.out, deal.into, 0))
    shortfall = _Shortfall(game, deal, owner)   # the owners are the same at any money

    def short(money: int) -> float:
        cash = cash0[:]
        cash[deal.me] += money
        cash[deal.partner] -= money
        return shortfall.at(money, cash)
    lo, hi = 0, int(short(0)) + 1      # short(hi) == 0: it is at least what the group earns
    while lo < hi:
        mid = (lo + hi) // 2
        if short(mid) > 0:
            lo = mid + 1
        else:
            hi = mid
    return hi


def hands_over_a_block(game: Game, deal: Deal) -> bool:
    """Whether the deal sells the partner, for money alone, the deeds I hold of a colour group
    whose other deeds another player holds, more of them than mine, and the partner none:
    the deeds that keep that player from the group, which the partner buys to keep them so
    (`propose_block`). The block only changes hands."""
    if deal.into or not deal.out or deal.money_in <= 0:
        return False
    owner, group_of = game.owner, game.rules.group_of
    for c in deal.out:
        holders: dict[int, int] = {}
        for x in group_of[c]:
            holders[owner[x]] = holders.get(owner[x], 0) + 1
        others = [h for h in holders if h != deal.me]
        if (len(others) != 1 or others[0] in (deal.partner, BANK) or holders[others[0]] <= holders[deal.me]
                or sum(1 for x in deal.out if x in group_of[c]) != holders[deal.me]):
            return False
    return True


def propose_block(game: Game, seat: int, partners: tuple[int, ...], partner_model: Appraiser, *,
                  partner_weight: float, margin: float, premium: float, cash_floor: int,
                  resting: AbstractSet[tuple[int, Request]], refused: Sequence[Refusal]) -> ProposeTrade | None:
    """An offer to buy from a partner the deeds a rival lacks for a colour group of which I
    hold none (the rival holds the rest of it, more of it than the partner does): bought
    before the two of them trade it whole, after which the group is completed only through
    me, for what it earns (`sells_group_cheaply`). Priced at the least a typical player
    (`partner_model`, its `partner_weight` and `margin`) takes for the deeds, from `premium`
    times their price up to `BLOCK_MOST` times it, and only with `cash_floor` left to me;
    for the dearest group so blocked, not an offer resting after a refusal nor a token
    raise of a refused one."""
    cells, owner, buildings = game.rules.cells, game.owner, game.buildings
    best = None
    best_price = 0
    for group in game.rules.group_cells.values():
        holders: dict[int, list[int]] = {}
        for c in group:
            holders.setdefault(owner[c], []).append(c)
        if len(holders) != 2 or seat in holders or BANK in holders or any(buildings[c] for c in group):
            continue
        price = sum(cells[c].price for c in group)
        if price <= best_price:
            continue
        for partner, lacking in holders.items():
            rival = next(h for h in holders if h != partner)
            if partner not in partners or len(lacking) >= len(holders[rival]):
                continue
            take = tuple(lacking)
            if (partner, request_key((), take)) in resting:
                continue
            face = sum(cells[c].price for c in take)
            money = math.ceil(face * premium)
            while money <= face * BLOCK_MOST and game.cash[seat] - money >= cash_floor:
                if gain(partner_model, game, Deal(partner, seat, take, (), money), partner_weight) > margin:
                    break
                money += max(1, face // BLOCK_STEPS)
            else:
                continue
            if any((n.to, n.give, n.take) == (partner, (), take) and token_raise(game, n, money)
                   for n in refused):
                continue
            best, best_price = ProposeTrade(seat, partner, (), take, money), price
    return best

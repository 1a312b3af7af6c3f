"""Trades: what a deal does to both sides, the rule against giving a group away, and offers.

A deal is weighed by what it does to both sides' positions (an appraiser's `strength`, which
counts colour groups and rent potential), not by face price alone: my gain minus a weight
times the partner's gain, because a partner's gain is a loss to me only in part when other
players are also at the table.
"""
from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import Final

from ..actions import ProposeTrade
from ..game import Game
from ..holdings import group_built, transfer_fee
from ..legality import MANAGE_PHASES
from ..state import TradeOffer
from ..values import Value
from .appraisal import Appraiser

# An offer as (partner, cells given, cells taken): the key under which refusals are kept.
OfferKey = tuple[int, tuple[int, ...], tuple[int, ...]]


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


def deal_from_trade(trade: TradeOffer, me: int) -> Deal:
    if trade.to_seat == me:
        return Deal(me, trade.from_seat, trade.take, trade.give, trade.money)
    return Deal(me, trade.to_seat, trade.give, trade.take, -trade.money)


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


def group_shortfall(game: Game, deal: Deal) -> int:
    """How much less than its price I would get for a colour group the deal hands over
    whole to the partner (0 when it hands over none, or gets at least the price).

    What I receive is counted at face value: the money, the price of the deeds, and for a
    group the deal completes for me, the price of the whole group.
    """
    return _shortfall(game, deal, _owners_after(game, deal))


def _shortfall(game: Game, deal: Deal, owner: list[int]) -> int:
    """`group_shortfall` with the owners after the deal already found."""
    theirs = completed_groups(game, owner, deal.partner)
    if not theirs:
        return 0
    cells = game.rules.cells
    need = sum(cells[c].price for g in theirs for c in g)
    got = deal.money_in + sum(cells[c].price for c in deal.into)
    for g in completed_groups(game, owner, deal.me):
        got += sum(cells[c].price for c in g if c not in deal.into)
    return max(0, need - got)


def gives_group_cheaply(game: Game, deal: Deal) -> bool:
    """True when the deal hands the partner a whole colour group for less than its price."""
    return group_shortfall(game, deal) > 0


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
        # (Plain loops: a search asks this for every seat whenever a deed changes hands.)
        missing = [c for c in group if owner[c] != seat]
        # None of the group (or all of it) held, or a building on it: every deed of a
        # colour group is tradeable or none is (`tradeable`).
        if len(missing) == len(group) or not missing:
            continue
        for c in group:
            if buildings[c]:
                break
        else:
            holders = {owner[c] for c in missing}
            if len(holders) == 1 or (split and len(holders) == 2):
                for partner in sorted(holders):
                    if partner >= 0 and alive[partner]:
                        out.append((partner, tuple([c for c in missing if owner[c] == partner])))
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
    buildings stand and who is still in: the groups a seat could complete, its sweeteners
    for a partner, the partner's shortfall rule on a deal at no money. A bot keeps one while
    those stay the same (`shows(game)`), as they mostly do from one of its turns to the next."""

    def __init__(self, game: Game) -> None:
        # Copies of what the view depends on, compared as lists (in C) by `shows`.
        self.rules = game.rules
        self.owner = game.owner[:]
        self.buildings = game.buildings[:]
        self.alive = game.alive[:]
        self._wanted: dict[tuple[int, bool], list[tuple[int, tuple[int, ...]]]] = {}
        self._helps: dict[tuple[int, int], list[int]] = {}
        self._shortfall: dict[tuple[int, int, tuple[int, ...], tuple[int, ...]], int] = {}

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

    def shortfall(self, game: Game, seat: int, partner: int, give: tuple[int, ...],
                  take: tuple[int, ...]) -> int:
        """`group_shortfall` of the partner's side of a deal at no money: `seat` gives
        `give` and takes `take`."""
        key = (seat, partner, give, take)
        found = self._shortfall.get(key)
        if found is None:
            found = self._shortfall[key] = group_shortfall(game, Deal(partner, seat, take, give, 0))
        return found


def propose(game: Game, seat: int, partners: tuple[int, ...], appraiser: Appraiser, *, weight: float,
            partner_model: Appraiser, partner_weight: float, margin: float, premium: float,
            declined: dict[OfferKey, int], resting: AbstractSet[OfferKey], raise_step: float,
            cash_floor: int,
            sweetener_count: int = 1, split: bool = False,
            view: BoardView | None = None) -> ProposeTrade | None:
    """The best offer that completes one of my groups and that the partner might accept.

    The money is the least that a partner judging by `partner_model` would need, and at
    least the face price of what I take times `premium`; an offer declined before goes up by
    `raise_step` of the group's price, and is dropped once it no longer pays me. Offers
    whose key (partner, give, take) is in `resting` are not made now. `view`: a BoardView
    of this board from an earlier search, if the caller keeps one.
    """
    if view is None:
        view = BoardView(game)
    cells = game.rules.cells
    cash = game.cash
    now = _Now(game)
    best = None
    best_score = 0.0
    for partner, missing in view.wanted(game, seat, split):
        if partner not in partners:
            continue
        take = tuple(sorted(missing))
        gives: list[tuple[int, ...]] = [()]
        gives += [(c,) for c in view.helps(game, seat, partner)[:sweetener_count]]
        group_price = sum(cells[c].price for c in game.rules.group_of[take[0]])
        take_face = sum(cells[c].price for c in take)
        for give in gives:
            key = (partner, give, take)
            if key in resting:
                continue
            face = premium * take_face - sum(cells[c].price for c in give)
            # The partner's own rule: a group handed over for at least its price.
            shortfall = view.shortfall(game, seat, partner, give, take)
            # The money only goes up from this floor once the appraisals are in, so an offer
            # the floor already rules out is not appraised at all.
            floor = max(face, shortfall)
            if key in declined:
                floor = max(floor, declined[key] + raise_step * group_price)
            least = int(floor + 0.5)
            if least > cash[seat] - cash_floor:
                continue
            # Linear bounds on the money m I pay, from both sides' appraisals at m = 0.
            owner0, cash0 = after(game, Deal(seat, partner, give, take, 0))
            mine0 = appraiser.strength(game, seat, owner0, cash0) - now(appraiser, seat)
            theirs0 = appraiser.strength(game, partner, owner0, cash0) - now(appraiser, partner)
            hi = (mine0 - weight * theirs0 - margin) / (1 + weight)
            if least > hi:
                continue
            lo = (margin - (partner_model.strength(game, partner, owner0, cash0) - now(partner_model, partner))
                  + partner_weight * (partner_model.strength(game, seat, owner0, cash0)
                                      - now(partner_model, seat))) / (1 + partner_weight)
            money = max(max(lo, face), shortfall)
            if key in declined:
                money = max(money, declined[key] + raise_step * group_price)
            money = int(money + 0.5)
            if money > hi or money > cash[seat] - cash_floor:
                continue
            if money < 0 and cash[partner] < -money:
                continue
            deal = Deal(seat, partner, give, take, -money)
            # The deal's owners are those at no money; its cash, that cash with the money
            # moved (`after`, without building the owners again).
            if _shortfall(game, deal, owner0) > 0:
                continue
            cash_m = cash0[:]
            cash_m[seat] -= money
            cash_m[partner] += money
            score = _gain_after(appraiser, game, deal, weight, now, owner0, cash_m)
            if score > margin and score > best_score:
                best, best_score = ProposeTrade(seat, partner, give, take, money), score
    return best

"""The thinking levels' shared decision logic: one bot, tuned by a `Style` per level.

Every decision kind is answered here: jail, buy or auction, bids, building and selling,
mortgaging and redeeming, paying debts, answering and offering trades, answering draws.
The bot keeps a little memory (what it did this turn, which offers were declined) so that it
never loops and never repeats a declined offer unchanged; a bot made from a fresh seed for a
game restored from JSON plays sensibly without it.
"""
from __future__ import annotations

import copy
from collections.abc import Sequence
from itertools import compress
from typing import TypeVar

from ..actions import (
    AcceptDraw,
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclineDraw,
    DeclineTrade,
    EndTurn,
    Mortgage,
    OfferDraw,
    PassBid,
    PayJailFee,
    ProposeTrade,
    Redeem,
    Roll,
    RollForDouble,
    SendToAuction,
    UseReleaseCard,
    shared,
    shared_deed,
)
from ..chance import Entropy
from ..game import DECISION_KINDS, Game
from ..holdings import (
    can_build,
    can_mortgage,
    can_redeem,
    hotels_left,
    houses_left,
    lot_street,
    net_worth,
    owns_group,
    redeem_cost,
    rent,
)
from ..phases import AUCTION, BUS, BUY, DEBT, OFFER, POST_ROLL, PRE_ROLL, TAX, TRADE, TRIPLE
from ..privileges import release_card
from ..rules import Ruleset
from ..state import BANK, Lot
from . import cards, fair, fair_cards, speed, stalls
from . import trading as T
from .appraisal import Appraiser, IncomeAppraiser, PriceAppraiser
from .bidding import bid_cap
from .debts import pay_debt
from .earnings import group_earnings
from .memory import OfferMemory
from .style import MEDIUM, Style, styled
from .temperament import Temperament
from .valuation import board_model

# Management actions (build, sell, mortgage, redeem, propose) a bot takes in one turn at
# most: far more than any sensible turn needs, and a hard stop against a loop.
MAX_MANAGE_PER_TURN = 40
# Accept a draw only when this far behind the leader (net worth, percent).
DRAW_ACCEPT_PERCENT = 35


_NO_GROUPS: tuple[tuple[int, ...], ...] = ()


class _WholeGroups:
    """The colour groups each seat holds whole (in the ruleset's order) and their cells, for
    the owners last seen. Asked at nearly every decision of every bot, while deeds change
    hands a few dozen times a game: found again, for every seat in one pass, only when the
    owners differ from the copy kept (a list compared in C). One for the process: the bots
    of one game share it, and it depends only on the owners and the rules."""

    def __init__(self) -> None:
        self.owner: list[int] = []
        self.rules: Ruleset | None = None
        self.groups: dict[int, list[tuple[int, ...]]] = {}
        self.cells: dict[int, list[int]] = {}

    def of(self, game: Game) -> dict[int, list[tuple[int, ...]]]:
        owner = game.owner
        if game.rules is not self.rules or self.owner != owner:
            self.owner, self.rules = owner[:], game.rules
            groups: dict[int, list[tuple[int, ...]]] = {}
            for group in game.rules.group_cells.values():
                holder = owner[group[0]]
                if holder == BANK:
                    continue
                for c in group:
                    if owner[c] != holder:
                        break
                else:
                    groups.setdefault(holder, []).append(group)
            self.groups = groups
            self.cells = {seat: [c for group in held for c in group] for seat, held in groups.items()}
        return self.groups


_WHOLE = _WholeGroups()
_BY_RENT: dict[str, dict[tuple[int, ...], tuple[int, ...]]] = {}


def _by_rent(rules: Ruleset) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Each colour group's streets by (rent, cell), the highest first (per ruleset digest)."""
    found = _BY_RENT.get(rules.digest)
    if found is None:
        found = _BY_RENT[rules.digest] = {
            group: tuple(sorted(group, key=lambda c: (rules.cells[c].rent, c), reverse=True))
            for group in rules.group_cells.values()}
    return found
_A = TypeVar("_A", bound=Action)

# Appraisers by ruleset digest (and style): pure tables computed from the rules, shared by
# every bot of the process (a bot is made per game, and building one took a tenth of a short
# game between easy players).
_APPRAISERS: dict[tuple[str, Style], Appraiser] = {}
_PRICE_APPRAISERS: dict[tuple[str, float, float, float], PriceAppraiser] = {}


def _price_appraiser(rules: Ruleset, group_bonus: float, partial_bonus: float, set_bonus: float) -> PriceAppraiser:
    """The one price appraiser of these bonuses for a ruleset (by digest)."""
    key = (rules.digest, group_bonus, partial_bonus, set_bonus)
    app = _PRICE_APPRAISERS.get(key)
    if app is None:
        app = _PRICE_APPRAISERS[key] = PriceAppraiser(rules, group_bonus=group_bonus, partial_bonus=partial_bonus,
                                                      set_bonus=set_bonus)
    return app


class HeuristicBot:
    """A computer player of one level; `choose(game, seat)` answers any pending decision."""

    def __init__(self, seed: bytes = b"\0", style: Style = MEDIUM) -> None:
        self.style = style
        self.level = style.level
        self.seed = seed or b"\0"
        self._turn = self._seat = -1     # the turn and seat of the decision last answered
        self._manage_count = 0
        self._mortgaged_now: set[int] = set()
        self._redeemed_now: set[int] = set()
        self._looked_for_trade = False
        self.memory = OfferMemory()
        # The colour groups each seat holds whole, for the owners (and rules) last seen.
        self._appraisers: dict[str, Appraiser] = {}   # this bot's, by ruleset digest
        self._exposures: dict[int, tuple[tuple[object, ...], float]] = {}
        self._board_view: T.BoardView | None = None
        self._checked: Action | None = None      # the action of this decision already checked legal
        self._bid_cap: tuple[tuple[int, int, int, tuple[int, ...]], int] | None = None

    # -- the interface -------------------------------------------------------------------

    def fork(self) -> HeuristicBot:
        """A twin to think one decision over with, which may be thrown away (the table moved
        on meanwhile) without changing this bot: its own decision state and offer memory,
        and this bot's caches (appraisers, exposures, the board view), which only memoise
        what the rules and a position give, so sharing them changes no choice. Cheap: a
        deep copy of a hard bot in mid-game takes ~20 ms, nearly all of it those caches."""
        twin = copy.copy(self)
        twin._mortgaged_now = set(self._mortgaged_now)
        twin._redeemed_now = set(self._redeemed_now)
        twin.memory = copy.deepcopy(self.memory)
        return twin

    def choose(self, game: Game, seat: int) -> Action:
        self._checked = None
        action = self._decide(game, seat)
        if action is None or (action is not self._checked and not game.is_legal(action)):
            action = game.safe_action(seat)
        if action is None:
            raise ValueError(f"seat {seat} has no pending decision")
        return action

    def _decide(self, game: Game, seat: int) -> Action | None:
        if game.draw is None:
            # Then the game waits for its main seat only (`pending()` without the list).
            if seat != game.main_seat():
                return None
            answer_draw = False
        else:
            kinds = [d.kind for d in game.pending() if d.seat == seat]
            if not kinds:
                return None
            # Any other kind is the game's own decision, the one of its phase.
            answer_draw = kinds[0] == "draw_answer"
        if self._turn != game.turn or self._seat != seat:
            self._new_turn(game, seat)
        if answer_draw:
            return self._answer_draw(game, seat)
        phase = game.phase
        if game.cards_held[seat] and game.rules.powers:
            # A kept card's power (Казка's, «Ярмарок»'s), from the engine's own list of its legal uses.
            kind = DECISION_KINDS[phase]
            use = cards.choose(self, game, seat, kind) or fair_cards.choose(self, game, seat, kind)
            if use is not None:
                return self._sure(use)
        # By the phase (DECISION_KINDS), the commonest first.
        if phase is PRE_ROLL:
            if self._offers_draw(game, seat):
                return shared(OfferDraw, seat)
            # The move of the seat whose turn begins; each answer is legal then (the fee
            # is paid only with the cash for it, the card used only when held). Seed 004's
            # transfers may take the roll's place.
            return (self._manage(game, seat, True) or fair.transfer_choice(self, game, seat)
                    or self._sure(self._jail_choice(game, seat)))
        if phase is POST_ROLL:
            return self._manage(game, seat, False) or self._sure(shared(Roll if game.reroll else EndTurn, seat))
        if phase is AUCTION:
            return self._bid(game, seat)
        if phase is BUY:
            return self._buy(game, seat)
        if phase is DEBT:
            # pay_debt chooses among moves it checked legal.
            return self._sure(pay_debt(game, seat))
        if phase is TRADE:
            return self._answer_trade(game, seat)
        if phase is TAX:
            return game.safe_action(seat)  # the cheaper of the two ways to pay
        if phase is OFFER:
            return fair.answer_offer(self, game, seat)
        if phase is BUS or phase is TRIPLE:
            return self._sure(speed.choose(game, seat, lambda cell: self._landing_gain(game, seat, cell)))
        return None

    def _sure(self, action: _A) -> _A:
        """`action`, legal by the way it was chosen (the decision's kind and what was
        checked on the way): `choose` need not ask the rules again."""
        self._checked = action
        return action

    # -- memory ----------------------------------------------------------------------------

    def _now_and_then(self, game: Game, seat: int, percent: int) -> bool:
        """True on about `percent` of this seat's turns: drawn from the bot's seed and the
        turn alone, so that a bot made afresh for the same game (a table taken over, a saved
        game resumed) makes the same choice."""
        if percent >= 100:
            return True
        return Entropy(self.seed + game.turn.to_bytes(8, "big") + bytes([seat])).chance(percent)

    def _new_turn(self, game: Game, seat: int) -> None:
        """Forget what this bot did on its turn before: a new turn (or seat) decides."""
        self._turn, self._seat = game.turn, seat
        self._manage_count = 0
        self._mortgaged_now = set()
        self._redeemed_now = set()
        self._looked_for_trade = False

    def appraiser(self, game: Game) -> Appraiser:
        digest = game.rules.digest
        app = self._appraisers.get(digest)
        if app is not None:
            return app
        # Hashing a Style reads all of its fields: only when this bot first needs one.
        key = (digest, self.style)
        app = _APPRAISERS.get(key)
        if app is None:
            s = self.style
            if s.appraiser == "income":
                app = IncomeAppraiser(game.rules, horizon=s.horizon,
                                      reserve=int(game.rules.start_cash * s.build_reserve),
                                      option_weight=s.option_weight,
                                      future_laps=s.future_laps)
            else:
                app = _price_appraiser(game.rules, s.group_bonus, s.partial_bonus, s.set_bonus)
            _APPRAISERS[key] = app
        self._appraisers[digest] = app
        return app

    def partner_model(self, game: Game) -> PriceAppraiser:
        """How a typical player prices a deal: face prices with a bonus for whole groups
        (the medium level's own appraiser, the same object: a trade search then weighs a
        medium bot's deals and its partner's view of them with the same figures)."""
        m = MEDIUM
        return _price_appraiser(game.rules, m.group_bonus, m.partial_bonus, m.set_bonus)

    def _whole_groups(self, game: Game, seat: int) -> Sequence[tuple[int, ...]]:
        """The colour groups `seat` holds whole, in the ruleset's order."""
        return _WHOLE.of(game).get(seat, _NO_GROUPS)

    # -- money to keep ---------------------------------------------------------------------

    def exposure(self, game: Game, seat: int) -> float:
        """Expected rent this seat pays on one turn, at the board's long-run frequencies.
        Kept per seat until a deed, a mortgage, a building or a jailed owner changes (all
        that rent reads): several decisions of a turn ask for it."""
        key = (game.rules, tuple(game.owner), tuple(game.mortgaged), tuple(game.buildings),
               tuple(game.jailed))
        seen = self._exposures.get(seat)
        if seen is not None and seen[0] == key:
            return seen[1]
        value = self._exposure(game, seat)
        self._exposures[seat] = (key, value)
        return value

    def _exposure(self, game: Game, seat: int) -> float:
        landing = board_model(game.rules).landing
        mean = board_model(game.rules).mean_dice
        total = 0.0
        for c in game.rules.properties:
            o = game.owner[c]
            if o != BANK and o != seat and not game.mortgaged[c]:
                total += landing[c] * rent(game, c, int(mean), seat)
        return total

    def _buy_share(self, game: Game) -> float:
        """The share of the starting cash this bot keeps when it buys, on this board."""
        s = self.style
        if s.classic_buy_reserve is not None and game.rules.classic:
            return s.classic_buy_reserve
        return s.buy_reserve

    def reserve(self, game: Game, seat: int, share: float) -> int:
        s = self.style
        base = game.rules.start_cash * share
        if s.exposure_turns:
            base += self.exposure(game, seat) * s.exposure_turns
        return int(base)

    # -- jail and the roll -----------------------------------------------------------------

    def _jail_choice(self, game: Game, seat: int) -> Action:
        if not game.jailed[seat]:
            return shared(Roll, seat)
        free = sum(1 for c in game.rules.properties if game.owner[c] == BANK)
        stay = free < self.style.jail_stay_when_free_below
        if stay and game.rules.no_rent_in_jail and any(
                game.owner[c] == seat and not game.mortgaged[c] for c in game.rules.properties):
            stay = False  # a jailed owner collects no rent under this house rule
        if self.style.level == "hard" and not stay:
            # Late in the game the jail is a shelter: stay when the rent a move would cost
            # outweighs the deeds still to be bought.
            stay = self.exposure(game, seat) > game.rules.start_cash * 0.02 and free < 12
        if stay:
            return shared(RollForDouble, seat)
        if game.cards_held[seat] and release_card(game, seat) is not None:
            return shared(UseReleaseCard, seat)
        if game.cash[seat] >= game.rules.jail_fee + self.reserve(game, seat, 0.05):
            return shared(PayJailFee, seat)
        return shared(RollForDouble, seat)

    # -- management: redeem, build, mortgage to build, trade -------------------------------

    def _manage(self, game: Game, seat: int, before_roll: bool) -> Action | None:
        self.memory.look(game)
        if self._manage_count >= MAX_MANAGE_PER_TURN:
            return None
        action = self._manage_step(game, seat, before_roll)
        if action is not None and self._manage_legal(game, seat, action):
            self._checked = action   # `choose` need not check it again
            self._manage_count += 1
            if isinstance(action, Mortgage):
                self._mortgaged_now.add(action.cell)
            elif isinstance(action, Redeem):
                self._redeemed_now.add(action.cell)
            elif isinstance(action, ProposeTrade):
                self.memory.offered(seat, action.to, action.give, action.take, action.money)
            return action
        return None

    @staticmethod
    def _manage_legal(game: Game, seat: int, action: Action) -> bool:
        """`game.is_legal(action)` for a management action of the seat whose turn it is,
        before or after its roll: the turn rules hold then, so a deed action is legal
        exactly when its deed's own rule allows it (legality._manage_cell, _raise_money).
        Rules with a building window or without mortgages ask the rules themselves."""
        if not game.rules.mortgage or game.rules.build_before_roll:
            return game.is_legal(action)
        if isinstance(action, Build):
            return can_build(game, seat, action.cell) is None
        if isinstance(action, Redeem):
            return can_redeem(game, seat, action.cell) is None
        if isinstance(action, Mortgage):
            return can_mortgage(game, seat, action.cell) is None
        return game.is_legal(action)

    def _manage_step(self, game: Game, seat: int, before_roll: bool) -> Action | None:
        s = self.style
        if not self._looked_for_trade:
            self._looked_for_trade = True
            if s.propose and self._now_and_then(game, seat, s.propose_percent):
                offer = self._offer(game, seat)
                if offer is not None:
                    return offer
        if before_roll and not game.rules.classic:
            step = fair.before_roll(self, game, seat)   # seed 004: a branch moved, a deed auctioned
            if step is not None:
                return step
        if before_roll and s.level != "easy" and not game.rules.build_before_roll:
            return None
        if not before_roll and game.rules.build_before_roll:
            return None     # buildings wait for the next turn's window
        # The seat's whole groups, found once for every step below (each used to ask).
        groups = _WHOLE.of(game).get(seat)
        if groups is None:
            # Nothing to build (as the steps below find): at most a spare deed to redeem.
            if not any(game.mortgaged):
                return None
            return self._redeem_spare(game, seat, self.reserve(game, seat, s.build_reserve))
        cash = game.cash[seat]
        # Monopoly deeds under mortgage block building: redeem them first.
        reserve = self.reserve(game, seat, s.build_reserve)
        for c in _WHOLE.cells.get(seat, ()):
            if (game.mortgaged[c] and c not in self._mortgaged_now
                    and cash - redeem_cost(game, c) >= reserve):
                return shared_deed(Redeem, seat, c)
        if s.build_cash_gate and cash < game.rules.start_cash * s.build_cash_gate:
            return self._redeem_spare(game, seat, reserve)
        build = self._best_build(game, seat, groups)
        if build is not None:
            cost = game.rules.cells[build].house_cost
            if cash - cost >= reserve:
                return shared_deed(Build, seat, build)
            withdrawal = fair.withdraw_for(game, seat, cost + reserve)
            if withdrawal is not None:
                return withdrawal
            if s.mortgage_to_build:
                cell = self._cheapest_lone_mortgage(game, seat)
                if cell is not None and cash + fair.liquidation(game.rules, cell) - cost >= reserve:
                    return fair.raise_by(game, seat, cell)
            return None
        return self._redeem_spare(game, seat, reserve)

    def _redeem_spare(self, game: Game, seat: int, reserve: int) -> Action | None:
        mortgaged = game.mortgaged
        if not any(mortgaged):   # asked at nearly every turn; most have nothing to redeem
            return None
        extra = game.rules.start_cash * 0.1
        owner, cash, cells = game.owner, game.cash[seat], game.rules.cells
        if cash < reserve + extra:
            return None     # a deed costs something to redeem: none passes the test below
        best = None
        # The mortgaged cells in cell order (only deeds are ever mortgaged), picked in C.
        for c in compress(range(len(mortgaged)), mortgaged):
            if (owner[c] == seat and c not in self._mortgaged_now
                    and cash - redeem_cost(game, c) >= reserve + extra
                    and (best is None or cells[c].price > cells[best].price)):
                best = c
        return shared_deed(Redeem, seat, best) if best is not None else None

    def _best_build(self, game: Game, seat: int, groups: Sequence[tuple[int, ...]]) -> int | None:
        """The street where the next house earns most per cost (evenly, to a hotel), in
        `groups`, the colour groups the seat holds whole."""
        if not groups:
            return None
        rules = game.rules
        model = board_model(rules)
        landing, street_rent, cells = model.landing, model.street_rent, rules.cells
        mortgaged, buildings = game.mortgaged, game.buildings
        top = rules.max_buildings
        flat = self.style.appraiser != "income"
        # The bank's supply (Класика's 32 houses and 12 hotels): a group whose next step it
        # cannot provide is passed over, or the bot would ask for that step, be refused,
        # and build nowhere else (two players circled the board with houses in the bank).
        supply = rules.house_supply is not None or rules.hotel_supply is not None
        houses = hotels = 0
        if supply:
            houses, hotels = houses_left(game), hotels_left(game)
        best = None
        best_ratio = -1.0
        for group in groups:
            low = top
            for c in group:
                if mortgaged[c]:
                    break
                if buildings[c] < low:
                    low = buildings[c]
            else:
                if low >= top or (supply and (hotels if low + 1 == top else houses) < 1):
                    continue
                target = max(low + 1, min(3, top))
                gain = cost = 0.0
                for c in group:
                    b = buildings[c]
                    if b < target:
                        rents = street_rent[c]
                        freq = 1.0 if flat else landing[c]
                        gain += freq * (rents[target + 1] - rents[b + 1])
                        cost += (target - b) * cells[c].house_cost
                ratio = gain / cost if cost else 0.0
                if ratio > best_ratio:
                    # The least built street with the dearest rent (then the last cell).
                    best = next(c for c in _by_rent(rules)[group] if buildings[c] == low)
                    best_ratio = ratio
        return best

    def _cheapest_lone_mortgage(self, game: Game, seat: int,
                                avoid: tuple[int, ...] = ()) -> int | None:
        """The unmortgaged deed outside any complete group (and outside `avoid`) that earns
        least per cash raised."""
        best = None
        best_key = None
        for c in game.rules.properties:
            if (game.owner[c] != seat or game.mortgaged[c] or c in self._redeemed_now
                    or c in avoid):
                continue
            if game.rules.cells[c].kind == "street" and owns_group(game, seat, c):
                continue
            key = (self._rent_rate(game, c) / max(1, fair.liquidation(game.rules, c)), c)
            if best_key is None or key < best_key:
                best, best_key = c, key
        return best

    def _rent_rate(self, game: Game, cell: int) -> float:
        model = board_model(game.rules)
        return model.landing[cell] * rent(game, cell, int(model.mean_dice))

    # -- buying and bidding ----------------------------------------------------------------

    def _buy(self, game: Game, seat: int) -> Action:
        s = self.style
        cell = game.pending_buy
        assert cell is not None, "asked to buy: a deed is offered"
        price = game.rules.cells[cell].price
        cash = game.cash[seat]
        if s.buy_always:
            keep = self.reserve(game, seat, self._buy_share(game))
            return self._sure(shared(Buy, seat) if cash - price >= keep else shared(SendToAuction, seat))
        value = self._value_of(game, seat, cell, price)
        keep = self.reserve(game, seat, self._buy_share(game))
        if cash - price < keep and value >= price * 0.9:
            withdrawal = fair.withdraw_for(game, seat, price + keep)   # seed 004's deposit
            if withdrawal is not None:
                return withdrawal
        if cash - price >= keep and value >= price * fair.buy_threshold(game):
            return self._sure(shared(Buy, seat))  # keep >= 0: the cash is there
        if cash < price and value > price * 1.5:
            # Worth raising the money for (it completes a group): mortgage a lone deed.
            cell_m = self._cheapest_lone_mortgage(game, seat,
                                                  avoid=game.rules.group_of[cell])
            if cell_m is not None and self._manage_count < MAX_MANAGE_PER_TURN:
                self._manage_count += 1
                self._mortgaged_now.add(cell_m)
                return fair.raise_by(game, seat, cell_m)
        if cash >= price and value >= price and cash - price >= keep // 2:
            return self._sure(shared(Buy, seat))
        return self._sure(shared(SendToAuction, seat))

    def _value_of(self, game: Game, seat: int, cell: int, price: int) -> float:
        """What owning `cell` for `price` is worth to me, in money (the price included)."""
        app = self.appraiser(game)
        owner = game.owner[:]
        owner[cell] = seat
        cash = game.cash[:]
        cash[seat] -= price
        mine = app.strength(game, seat, owner, cash) - app.strength(game, seat, game.owner,
                                                                    game.cash)
        return mine + price

    def _landing_gain(self, game: Game, seat: int, cell: int) -> float:
        """What coming to rest on the unowned deed `cell` is worth (the speed die's choices):
        buying it, beyond its price, with what it denies the others at this level's weight."""
        price = game.rules.cells[cell].price
        if game.cash[seat] < price:
            return 0.0
        gain = self._value_of(game, seat, cell, price) - price
        if self.style.deny_weight:
            gain += self.style.deny_weight * self._deny_value(game, seat, cell, price)
        return gain

    def _deny_value(self, game: Game, seat: int, cell: int, price: int) -> float:
        """The most any opponent would gain from owning `cell` at `price`, beyond the price."""
        app = self.appraiser(game)
        worst = 0.0
        for other in range(game.players):
            if other == seat or not game.alive[other] or game.cash[other] < price:
                continue
            owner = game.owner[:]
            owner[cell] = other
            cash = game.cash[:]
            cash[other] -= price
            g = (app.strength(game, other, owner, cash)
                 - app.strength(game, other, game.owner, game.cash))
            worst = max(worst, g)
        return worst

    def _bid(self, game: Game, seat: int) -> Action:
        bid = game.bid_range(seat)
        if bid is None:
            return self._sure(shared(PassBid, seat))
        lo, hi = bid
        auc = game.auction
        assert auc is not None, "a bid range means an auction runs"
        cap = self._bid_limit(game, seat) if auc.lot is Lot.DEED or auc.lot is Lot.OWN_DEED \
            else self._lot_limit(game, seat)
        if lo > cap:
            return self._sure(shared(PassBid, seat))
        step = max(1, game.rules.cells[auc.cell].price // 20)
        amount = min(cap, hi, max(lo, auc.high + step))
        return self._sure(Bid(seat, amount))   # lo <= amount <= hi: in the bid range

    def _lot_limit(self, game: Game, seat: int) -> int:
        """The most worth paying on top of the price for one of the bank's last buildings:
        the rent it adds over the style's horizon (rounds of the other players' turns), less
        its price, keeping the usual reserve. Easy players never pay extra."""
        auc = game.auction
        if auc is None or self.style.level == "easy":
            return 0
        hotel = auc.lot is Lot.HOTEL
        target = auc.cell if game.owner[auc.cell] == seat else lot_street(game, seat, hotel)
        if target is None:
            return 0
        model = board_model(game.rules)
        built = game.buildings[target]
        tiers = model.street_rent[target]
        gain = model.landing[target] * (tiers[built + 2] - tiers[built + 1]) * (sum(game.alive) - 1)
        cost = game.rules.cells[target].house_cost
        keep = self.reserve(game, seat, self.style.build_reserve)
        return int(max(0.0, min(gain * self.style.horizon - cost, game.cash[seat] - cost - keep)))

    def _bid_limit(self, game: Game, seat: int) -> int:
        auc = game.auction
        assert auc is not None, "bids are asked for during an auction"
        key = (auc.cell, game.roll_count, seat, tuple(game.cash))
        cached = self._bid_cap
        if cached is not None and cached[0][:3] == key[:3]:
            return cached[1]
        s = self.style
        cell = auc.cell
        price = game.rules.cells[cell].price
        if s.level == "easy":
            worth = price * s.bid_share
        else:
            probe = min(price, game.cash[seat])
            worth = self._value_of(game, seat, cell, probe)
            if s.deny_weight:
                worth += s.deny_weight * max(0.0, self._deny_value(game, seat, cell, probe))
            worth *= s.bid_factor
        cap = bid_cap(game, seat, cell, worth, self.reserve(game, seat, self._buy_share(game)))
        self._bid_cap = (key, cap)
        return cap

    # -- trades ----------------------------------------------------------------------------

    def _margin(self, game: Game) -> float:
        return game.rules.start_cash * self.style.margin_share

    def _answer_trade(self, game: Game, seat: int) -> Action:
        assert game.trade is not None, "a trade answer is asked for an open trade"
        deal = T.deal_from_trade(game.trade, seat, game)
        # Declining is always legal, and accepting is asked once here.
        self._checked = accept = shared(AcceptTrade, seat)
        if not game.is_legal(accept) or T.sells_group_cheaply(game, deal):
            return self._sure(shared(DeclineTrade, seat))
        s = self.style
        if s.earnings_buys and self._buys_at_earnings(game, seat, deal):
            return accept
        if s.blocks and T.hands_over_a_block(game, deal) and \
                deal.money_in <= T.BLOCK_MOST * sum(game.rules.cells[c].price for c in deal.out):
            # A deed I hold that keeps a rival from a group, asked of me to keep it so: at
            # what a blocker pays (`propose_block`), it would only go round the table (four
            # hards passed one deed between them up to 215 times a game).
            return self._sure(shared(DeclineTrade, seat))
        if s.face_value_answers:
            cells = game.rules.cells
            give = sum(cells[c].price for c in deal.out) + max(0, -deal.money_in)
            get = sum(cells[c].price for c in deal.into) + max(0, deal.money_in)
            owner_after = T.after(game, deal)[0]
            completes = bool(T.completed_groups(game, owner_after, seat))
            if completes and s.swaps and T.completed_groups(game, owner_after, deal.partner):
                # A group each, and mine worth at least theirs (the rule above): a fair swap.
                return accept
            # A deal that completes one of my own groups is welcome at about face value.
            need = s.face_accept_group if completes else s.face_accept
            return accept if get >= give * need and get > 0 else self._sure(shared(DeclineTrade, seat))
        weight = s.weight
        owner_after = T.after(game, deal)[0]
        if (T.completed_groups(game, owner_after, deal.partner)
                and not T.completed_groups(game, owner_after, seat)):
            # Selling a partner their group for money: they become the threat to beat.
            weight = max(weight, s.group_sale_weight)
        score = T.gain(self.appraiser(game), game, deal, weight)
        return accept if score > self._margin(game) else self._sure(shared(DeclineTrade, seat))

    @staticmethod
    def _buys_at_earnings(game: Game, seat: int, deal: T.Deal) -> bool:
        """Whether the deal buys me a colour group for no more than it earns me (what a
        seller's rule asks for it, `earnings.group_earnings`), hands the partner none, and
        costs a small part of my cash: a rich player pays that for the deed it lacks."""
        pay = -deal.money_in
        if pay * T.EARNINGS_BUY_SHARE > game.cash[seat]:
            return False
        owner = T.after(game, deal)[0]
        mine = T.completed_groups(game, owner, seat)
        if not mine or T.completed_groups(game, owner, deal.partner):
            return False
        cells = game.rules.cells
        in_mine = {c for g in mine for c in g}
        give = max(0, pay) + sum(cells[c].price for c in deal.out)
        # Counted as the seller's rule counts it (at least the group's printed price), at my
        # cash before paying: the seller's least price lies between the two (`sale_price`).
        get = (max(0, deal.money_in) + sum(cells[c].price for c in deal.into if c not in in_mine)
               + max(sum(cells[c].price for c in in_mine), group_earnings(game, seat, mine, game.cash)))
        return give < get + 1

    @staticmethod
    def _completes_mine(game: Game, seat: int, offer: ProposeTrade) -> bool:
        """Whether the offer, accepted, completes a colour group of mine."""
        owner = T.after(game, T.Deal(seat, offer.to, offer.give, offer.take, -offer.money))[0]
        return bool(T.completed_groups(game, owner, seat))

    def _offer(self, game: Game, seat: int) -> ProposeTrade | None:
        partners = T.trade_partners(game, seat)
        if not partners:
            return None
        s = self.style
        view = self._board_view
        if view is None or not view.shows(game):
            view = self._board_view = T.BoardView(game)
        offer = None
        # No group to complete from a partner who may be asked (most turns): `propose` would
        # find nothing, so what it needs is not even worked out.
        if any(partner in partners for partner, _ in view.wanted(game, seat, s.split_groups)):
            floor = None
            stalled = s.break_stalls and stalls.stalled(game, seat)
            if stalled:
                weight = s.weight

                def floor(deal: T.Deal, owner: list[int], cash: list[int]) -> float:
                    return stalls.earned_gain(game, deal, weight, owner, cash)
            offer = T.propose(game, seat, partners, self.appraiser(game), weight=s.weight,
                              partner_model=self.partner_model(game), partner_weight=s.weight,
                              margin=self._margin(game), premium=s.premium,
                              resting=self.memory.resting(game, seat),
                              refused=self.memory.refusals(game, seat),
                              cash_floor=self.reserve(game, seat, self._buy_share(game)),
                              sweetener_count=s.sweeteners, split=s.split_groups, swaps=s.swaps,
                              view=view, floor=floor)
            # Locked too (every deed owned, nothing left to build on my groups): the same
            # purchases, for a rich player only (`STALL_RICH`, checked first as the cheaper).
            locked = stalled or (s.break_stalls and game.cash[seat] >= T.STALL_RICH * game.rules.start_cash
                                 and stalls.locked(game, seat))
            if locked and (offer is None or not offer.give or not self._completes_mine(game, seat, offer)):
                # Every deed owned and nothing found but a purchase or a step towards a split
                # group (hard's): a rich player buys the deeds it lacks at what the group
                # earns it, the price the holder's rule asks, raised after each refusal
                # (docs/BOTS.md, "a stalled table of rich players").
                cash_floor = self.reserve(game, seat, self._buy_share(game))
                resting, refused = self.memory.resting(game, seat), self.memory.refusals(game, seat)
                bought = T.propose_earnings_buy(game, seat, partners, cash_floor=cash_floor, resting=resting,
                                                refused=refused, view=view)
                if bought is None and s.split_groups:
                    # No group to complete from one player: a step towards one, raised
                    # after each refusal (a swap among three).
                    bought = T.propose_stall_step(game, seat, partners, premium=s.premium, cash_floor=cash_floor,
                                                  resting=resting, refused=refused, view=view)
                offer = bought or offer
        if offer is None and s.blocks:
            # Nothing of mine to complete: the deeds a rival lacks, before another sells them,
            # priced to what a typical player (`partner_model`: medium's) takes.
            offer = T.propose_block(game, seat, partners, self.partner_model(game), partner_weight=MEDIUM.weight,
                                    margin=game.rules.start_cash * MEDIUM.margin_share, premium=s.premium,
                                    cash_floor=self.reserve(game, seat, s.build_reserve),
                                    resting=self.memory.resting(game, seat),
                                    refused=self.memory.refusals(game, seat))
        if s.sells and (offer is None or not offer.give):
            # A sale the partner can well afford before a purchase of mine (a swap first).
            sale = T.propose_sale(game, seat, partners, resting=self.memory.resting(game, seat), view=view)
            if sale is not None:
                return sale
        return offer

    # -- draws -----------------------------------------------------------------------------

    @staticmethod
    def _offers_draw(game: Game, seat: int) -> bool:
        """Whether to offer a draw as this turn begins: the table frozen past `FROZEN_TURN`
        (nothing but rent can change it), and no offer of mine in the last `DRAW_REST_ROLLS`
        rolls (a person who refused is not asked again every turn)."""
        if game.turn < stalls.FROZEN_TURN or game.draw is not None:
            return False
        last = game.draw_offered_at[seat]
        return (last < 0 or game.roll_count - last >= stalls.DRAW_REST_ROLLS) and stalls.frozen(game)

    def _answer_draw(self, game: Game, seat: int) -> Action:
        if game.turn >= stalls.FROZEN_TURN and stalls.frozen(game):
            return self._sure(shared(AcceptDraw, seat))
        mine = net_worth(game, seat)
        best = max(net_worth(game, s) for s in range(game.players) if game.alive[s])
        # Asked of a seat that has a draw offer to answer: either answer is legal.
        if mine * 100 < best * DRAW_ACCEPT_PERCENT:
            return self._sure(shared(AcceptDraw, seat))
        return self._sure(shared(DeclineDraw, seat))


def easy_bot(seed: bytes = b"\0", temperament: Temperament = Temperament.BALANCED) -> HeuristicBot:
    return HeuristicBot(seed, styled("easy", temperament))


def medium_bot(seed: bytes = b"\0", temperament: Temperament = Temperament.BALANCED) -> HeuristicBot:
    return HeuristicBot(seed, styled("medium", temperament))


def hard_bot(seed: bytes = b"\0", temperament: Temperament = Temperament.BALANCED) -> HeuristicBot:
    return HeuristicBot(seed, styled("hard", temperament))

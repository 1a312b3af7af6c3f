"""The thinking levels' shared decision logic: one bot, tuned by a `Style` per level.

Every decision kind is answered here: jail, buy or auction, bids, building and selling,
mortgaging and redeeming, paying debts, answering and offering trades, answering draws.
The bot keeps a little memory (what it did this turn, which offers were declined) so that it
never loops and never repeats a declined offer unchanged; a bot made from a fresh seed for a
game restored from JSON plays sensibly without it.
"""
from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
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
    DeedAction,
    EndTurn,
    Mortgage,
    PassBid,
    PayDebt,
    PayJailFee,
    ProposeTrade,
    Redeem,
    Roll,
    RollForDouble,
    SellBuilding,
    SendToAuction,
    SettleDebt,
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
    can_sell,
    group_built,
    lot_street,
    net_worth,
    owns_group,
    redeem_cost,
    rent,
)
from ..phases import TRADE
from ..rules import Ruleset
from ..state import BANK, Lot
from . import trading as T
from .appraisal import Appraiser, IncomeAppraiser, PriceAppraiser
from .valuation import board_model

# Management actions (build, sell, mortgage, redeem, propose) a bot takes in one turn at
# most: far more than any sensible turn needs, and a hard stop against a loop.
MAX_MANAGE_PER_TURN = 40
# A refused offer rests this many rounds before the same deeds are asked for again (at a
# higher price), and is given up after this many refusals: a person should not be asked
# every turn.
REOFFER_ROUNDS = 2
MAX_REFUSALS = 4
# Accept a draw only when this far behind the leader (net worth, percent).
DRAW_ACCEPT_PERCENT = 35


@dataclass(frozen=True, slots=True)
class Style:
    level: str
    appraiser: str                 # "price" or "income"
    group_bonus: float = 1.0       # price appraiser: a whole group is worth price x (1 + this)
    partial_bonus: float = 0.1
    set_bonus: float = 0.25
    horizon: float = 30.0          # income appraiser: rounds of rent a position earns
    option_weight: float = 0.4
    future_laps: float = 2.0       # income appraiser: laps of start salary counted for houses
    buy_reserve: float = 0.0       # keep this share of starting cash when buying
    buy_always: bool = False       # buy whenever the cash is there
    bid_share: float = 0.7         # easy: bid up to this share of the price
    build_reserve: float = 0.1     # keep this share of starting cash when building
    build_cash_gate: float = 0.0   # build only while cash is above this share of start cash
    exposure_turns: float = 0.0    # also keep this many turns of expected rent in reserve
    mortgage_to_build: bool = False
    propose: bool = True
    propose_percent: int = 100     # chance per turn to look for an offer
    weight: float = 0.5            # a partner's gain counts this much against mine
    group_sale_weight: float = 0.0  # ... at least this much when they get a group and I don't
    margin_share: float = 0.02     # least gain worth a trade, share of starting cash
    premium: float = 1.5           # offers pay at least this times the face price taken
    split_groups: bool = False     # also buy towards a group two players hold the rest of
    sweeteners: int = 1            # how many of my deeds to try adding to an offer
    raise_step: float = 0.15       # a declined offer goes up by this share of the group price
    face_value_answers: bool = False   # easy: judge offers by face price
    face_accept: float = 1.25      # easy: accept when getting this times what it gives
    face_accept_group: float = 0.9  # easy: ... or this, when the deal completes its group
    jail_stay_when_free_below: int = 0  # stay in jail once fewer unowned deeds than this
    deny_weight: float = 0.0       # bids also count what the deed would give an opponent


EASY = Style(
    level="easy", appraiser="price", group_bonus=2.0, buy_always=True, bid_share=0.7,
    build_reserve=0.3, build_cash_gate=0.5, propose=True, propose_percent=5, weight=0.6,
    premium=1.4, face_value_answers=True, face_accept=1.25, jail_stay_when_free_below=0,
)
MEDIUM = Style(
    level="medium", appraiser="price", group_bonus=2.0, partial_bonus=0.15, buy_reserve=0.05,
    build_reserve=0.1, exposure_turns=0.0, mortgage_to_build=False, weight=0.5,
    premium=1.5, jail_stay_when_free_below=6, deny_weight=0.5,
)
HARD = Style(
    level="hard", appraiser="income", horizon=60.0, option_weight=0.8, future_laps=1.0,
    buy_reserve=0.0, build_reserve=0.03, exposure_turns=1.0, mortgage_to_build=True, weight=0.6,
    premium=1.3, jail_stay_when_free_below=8, deny_weight=0.5, group_sale_weight=1.0,
    split_groups=True,
)


_NO_GROUPS: tuple[tuple[int, ...], ...] = ()
_NOTHING_RESTS: frozenset[T.OfferKey] = frozenset()


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
                if holder != BANK and all(owner[c] == holder for c in group):
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
_PARTNER_MODELS: dict[str, PriceAppraiser] = {}


class HeuristicBot:
    """A computer player of one level; `choose(game, seat)` answers any pending decision."""

    def __init__(self, seed: bytes = b"\0", style: Style = MEDIUM) -> None:
        self.style = style
        self.level = style.level
        self.rng = Entropy(seed or b"\0")
        self._turn_key = (-1, -1)     # (turn, seat) of the decision last answered
        self._manage_count = 0
        self._mortgaged_now: set[int] = set()
        self._redeemed_now: set[int] = set()
        self._looked_for_trade = False
        self._open_offer: ProposeTrade | None = None
        self._declined: dict[T.OfferKey, int] = {}
        self._refusals: dict[T.OfferKey, tuple[int, int]] = {}   # key -> (refusals, last turn)
        # The colour groups each seat holds whole, for the owners (and rules) last seen.
        self._appraisers: dict[str, Appraiser] = {}   # this bot's, by ruleset digest
        self._exposures: dict[int, tuple[tuple[object, ...], float]] = {}
        self._board_view: T.BoardView | None = None
        self._checked: Action | None = None      # the action of this decision already checked legal
        self._bid_cap: tuple[tuple[int, int, int, tuple[int, ...]], int] | None = None

    # -- the interface -------------------------------------------------------------------

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
            kind = DECISION_KINDS[game.phase]
        else:
            kinds = [d.kind for d in game.pending() if d.seat == seat]
            if not kinds:
                return None
            kind = kinds[0]
        if self._turn_key != (game.turn, seat):
            self._new_turn(game, seat)
        if kind == "draw_answer":
            return self._answer_draw(game, seat)
        if kind == "turn":
            return self._manage(game, seat, before_roll=True) or self._leave_or_roll(game, seat)
        if kind == "after_roll":
            return self._manage(game, seat, before_roll=False) or self._sure(shared(
                Roll if game.reroll else EndTurn, seat))
        if kind == "buy":
            return self._buy(game, seat)
        if kind == "bid":
            return self._bid(game, seat)
        if kind == "debt":
            return self._pay_debt(game, seat)
        if kind == "trade_answer":
            return self._answer_trade(game, seat)
        if kind == "tax":
            return game.safe_action(seat)  # the cheaper of the two ways to pay
        return None

    def _sure(self, action: _A) -> _A:
        """`action`, legal by the way it was chosen (the decision's kind and what was
        checked on the way): `choose` need not ask the rules again."""
        self._checked = action
        return action

    # -- memory ----------------------------------------------------------------------------

    def _new_turn(self, game: Game, seat: int) -> None:
        """Forget what this bot did on its turn before: a new turn (or seat) decides."""
        self._turn_key = (game.turn, seat)
        self._manage_count = 0
        self._mortgaged_now = set()
        self._redeemed_now = set()
        self._looked_for_trade = False

    def _note_offer_outcome(self, game: Game, seat: int) -> None:
        offer = self._open_offer
        if offer is None or game.phase is TRADE:
            return
        self._open_offer = None
        if not all(game.owner[c] == seat for c in offer.take):
            key = (offer.to, offer.give, offer.take)
            self._declined[key] = offer.money
            self._refusals[key] = (self._refusals.get(key, (0, 0))[0] + 1, game.turn)

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
                app = PriceAppraiser(game.rules, group_bonus=s.group_bonus,
                                     partial_bonus=s.partial_bonus, set_bonus=s.set_bonus)
            _APPRAISERS[key] = app
        self._appraisers[digest] = app
        return app

    def partner_model(self, game: Game) -> PriceAppraiser:
        """How a typical player prices a deal: face prices with a bonus for whole groups."""
        key = game.rules.digest
        model = _PARTNER_MODELS.get(key)
        if model is None:
            m = MEDIUM
            model = _PARTNER_MODELS[key] = PriceAppraiser(
                game.rules, group_bonus=m.group_bonus, partial_bonus=m.partial_bonus, set_bonus=m.set_bonus)
        return model

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
                total += landing[c] * rent(game, c, int(mean))
        return total

    def reserve(self, game: Game, seat: int, share: float) -> int:
        s = self.style
        base = game.rules.start_cash * share
        if s.exposure_turns:
            base += self.exposure(game, seat) * s.exposure_turns
        return int(base)

    # -- jail and the roll -----------------------------------------------------------------

    def _leave_or_roll(self, game: Game, seat: int) -> Action:
        """The move of the seat whose turn begins; each answer is legal then (the fee is
        paid only with the cash for it, the card used only when held)."""
        return self._sure(self._jail_choice(game, seat))

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
        if game.cards_held[seat]:
            return shared(UseReleaseCard, seat)
        if game.cash[seat] >= game.rules.jail_fee + self.reserve(game, seat, 0.05):
            return shared(PayJailFee, seat)
        return shared(RollForDouble, seat)

    # -- management: redeem, build, mortgage to build, trade -------------------------------

    def _manage(self, game: Game, seat: int, before_roll: bool) -> Action | None:
        if self._open_offer is not None:
            self._note_offer_outcome(game, seat)
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
                self._open_offer = action
            return action
        return None

    @staticmethod
    def _manage_legal(game: Game, seat: int, action: Action) -> bool:
        """`game.is_legal(action)` for a management action of the seat whose turn it is,
        before or after its roll: the turn rules hold then, so a deed action is legal
        exactly when its deed's own rule allows it (legality._manage_cell, _raise_money)."""
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
            if s.propose and self.rng.chance(s.propose_percent):
                offer = self._offer(game, seat)
                if offer is not None:
                    return offer
        if before_roll and s.level != "easy":
            return None
        # The seat's whole groups, found once for every step below (each used to ask).
        groups = _WHOLE.of(game).get(seat, _NO_GROUPS)
        if not groups and not any(game.mortgaged):
            return None     # nothing to build, nothing to redeem (as the steps below find)
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
            if s.mortgage_to_build:
                cell = self._cheapest_lone_mortgage(game, seat)
                if cell is not None and cash + game.rules.mortgage_value(cell) - cost >= reserve:
                    return shared_deed(Mortgage, seat, cell)
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
        for c in game.rules.properties:
            if (owner[c] == seat and mortgaged[c] and c not in self._mortgaged_now
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
                if low >= top:
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
            key = (self._rent_rate(game, c) / max(1, game.rules.mortgage_value(c)), c)
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
            return self._sure(shared(Buy, seat) if cash >= price else shared(SendToAuction, seat))
        value = self._value_of(game, seat, cell, price)
        keep = self.reserve(game, seat, s.buy_reserve)
        if cash - price >= keep and value >= price * 0.9:
            return self._sure(shared(Buy, seat))  # keep >= 0: the cash is there
        if cash < price and value > price * 1.5:
            # Worth raising the money for (it completes a group): mortgage a lone deed.
            cell_m = self._cheapest_lone_mortgage(game, seat,
                                                  avoid=game.rules.group_of[cell])
            if cell_m is not None and self._manage_count < MAX_MANAGE_PER_TURN:
                self._manage_count += 1
                self._mortgaged_now.add(cell_m)
                return shared_deed(Mortgage, seat, cell_m)
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
        cap = self._bid_limit(game, seat) if auc.lot is Lot.DEED else self._lot_limit(game, seat)
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
        cash = game.cash[seat]
        if s.level == "easy":
            cap = min(int(price * s.bid_share), cash)
        else:
            keep = self.reserve(game, seat, s.buy_reserve)
            probe = min(price, cash)
            value = self._value_of(game, seat, cell, probe)
            if s.deny_weight:
                value += s.deny_weight * max(0.0, self._deny_value(game, seat, cell, probe))
            cap = int(min(value, cash - keep if value < price * 1.5 else cash))
        self._bid_cap = (key, cap)
        return cap

    # -- debts -----------------------------------------------------------------------------

    def _pay_debt(self, game: Game, seat: int) -> Action:
        amount = game.debts[0].amount
        if game.cash[seat] >= amount:
            return self._sure(shared(PayDebt, seat))
        short = amount - game.cash[seat]
        # _raise_cash chooses among moves it checked legal.
        choice = self._raise_cash(game, seat, short)
        return self._sure(choice if choice is not None else shared(SettleDebt, seat))

    def _raise_cash(self, game: Game, seat: int, short: int) -> Action | None:
        """The raising move that loses least rent per cash raised; when one move covers the
        rest of the debt, the cheapest such move."""
        rules = game.rules
        model = board_model(rules)
        options: list[tuple[float, int, DeedAction]] = []
        # Asked of the debtor, whose turn it is to raise money: a sale or a mortgage is then
        # legal exactly when its deed's own rule allows it (legality._raise_money).
        for c in rules.properties:
            if game.owner[c] != seat:
                continue
            if game.buildings[c] and can_sell(game, seat, c) is None:
                b = game.buildings[c]
                rents = model.street_rent[c]
                loss = model.landing[c] * (rents[b + 1] - rents[b])
                options.append((loss, rules.building_refund(c), shared_deed(SellBuilding, seat, c)))
            elif not game.mortgaged[c] and not group_built(game, c):   # can_mortgage, owner aside
                loss = model.landing[c] * rent(game, c, int(model.mean_dice))   # _rent_rate
                if rules.cells[c].kind == "street" and owns_group(game, seat, c):
                    loss *= 2  # a mortgage here also stops the group being built
                options.append((loss, rules.mortgage_value(c), shared_deed(Mortgage, seat, c)))
        if not options:
            return None
        covering = [o for o in options if o[1] >= short]
        if covering:
            return min(covering, key=lambda o: (o[0], o[1], o[2].cell))[2]
        return min(options, key=lambda o: (o[0] / max(1, o[1]), o[2].cell))[2]

    # -- trades ----------------------------------------------------------------------------

    def _margin(self, game: Game) -> float:
        return game.rules.start_cash * self.style.margin_share

    def _answer_trade(self, game: Game, seat: int) -> Action:
        assert game.trade is not None, "a trade answer is asked for an open trade"
        deal = T.deal_from_trade(game.trade, seat)
        # Declining is always legal, and accepting is asked once here.
        self._checked = accept = shared(AcceptTrade, seat)
        if not game.is_legal(accept) or T.gives_group_cheaply(game, deal):
            return self._sure(shared(DeclineTrade, seat))
        s = self.style
        if s.face_value_answers:
            cells = game.rules.cells
            give = sum(cells[c].price for c in deal.out) + max(0, -deal.money_in)
            get = sum(cells[c].price for c in deal.into) + max(0, deal.money_in)
            # A deal that completes one of my own groups is welcome at about face value.
            completes = bool(T.completed_groups(game, T.after(game, deal)[0], seat))
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

    def _offer(self, game: Game, seat: int) -> ProposeTrade | None:
        partners = T.trade_partners(game, seat)
        if not partners:
            return None
        s = self.style
        if self._board_view is None or not self._board_view.shows(game):
            self._board_view = T.BoardView(game)
        return T.propose(game, seat, partners, self.appraiser(game), weight=s.weight,
                         partner_model=self.partner_model(game), partner_weight=s.weight,
                         margin=self._margin(game), premium=s.premium,
                         declined=self._declined, resting=self._resting(game),
                         raise_step=s.raise_step,
                         cash_floor=self.reserve(game, seat, s.buy_reserve),
                         sweetener_count=s.sweeteners, split=s.split_groups, view=self._board_view)

    def _resting(self, game: Game) -> AbstractSet[T.OfferKey]:
        """Offers not to make now: refused lately (a partner is asked again only after
        REOFFER_ROUNDS rounds), or refused MAX_REFUSALS times already."""
        if not self._refusals:
            return _NOTHING_RESTS
        wait = REOFFER_ROUNDS * game.players
        return {key for key, (count, turn) in self._refusals.items()
                if count >= MAX_REFUSALS or game.turn - turn < wait}

    # -- draws -----------------------------------------------------------------------------

    def _answer_draw(self, game: Game, seat: int) -> Action:
        mine = net_worth(game, seat)
        best = max(net_worth(game, s) for s in range(game.players) if game.alive[s])
        # Asked of a seat that has a draw offer to answer: either answer is legal.
        if mine * 100 < best * DRAW_ACCEPT_PERCENT:
            return self._sure(shared(AcceptDraw, seat))
        return self._sure(shared(DeclineDraw, seat))


def easy_bot(seed: bytes = b"\0") -> HeuristicBot:
    return HeuristicBot(seed, EASY)


def medium_bot(seed: bytes = b"\0") -> HeuristicBot:
    return HeuristicBot(seed, MEDIUM)


def hard_bot(seed: bytes = b"\0") -> HeuristicBot:
    return HeuristicBot(seed, HARD)

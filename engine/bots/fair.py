"""The thinking bots' answers to the mechanisms of seed 004 («Ярмарок»): what a square offers
(give a donation, cancel a credit or a jailing with a privilege), money raised by selling deeds
where there are no mortgages, and branches moved before the roll towards the streets the other
players are most likely to stop on next.

The money involved is weighed, never guessed:
- a privilege (a donation or a release card) is spent on the next jailing or credit, whichever
  comes first; it is worth what that event would cost, weighted by how often each comes;
- a credit costs 1 - P(lucky total) of half the cash;
- a jailing costs the rent not collected and the deeds not bought while jailed, less the rent
  not paid while the token stays put (late in a game the jail is a shelter).
"""
from __future__ import annotations

import math
from itertools import product
from typing import Protocol

from ..actions import (
    Action,
    AuctionDeed,
    BuyFromBank,
    CasinoBet,
    Deposit,
    Donate,
    GoToJail,
    Invest,
    Mortgage,
    MoveBranch,
    MoveChip,
    Raid,
    RollCredit,
    Skip,
    SpendDonation,
    Transfer,
    UseReleaseCard,
    WithdrawDeposit,
    shared,
    shared_deed,
)
from ..agencies import can_buy_from_bank, fee_to, raids, surcharge
from ..branches import can_move
from ..casino import pairs
from ..deed_sales import sale
from ..game import Game
from ..holdings import rent
from ..investments import can_invest, chip_price, move_cost
from ..investments import can_move as can_move_chip
from ..offers import OfferKind
from ..rules import Ruleset
from ..state import BANK
from ..stepped_auctions import can_auction_own
from ..transfers import fare
from ..transfers import moves as transfer_moves
from .appraisal import Appraiser
from .valuation import board_model


class _Style(Protocol):
    @property
    def level(self) -> str: ...
    @property
    def weight(self) -> float: ...
    @property
    def buy_reserve(self) -> float: ...
    @property
    def build_reserve(self) -> float: ...


class Thinker(Protocol):
    """What these answers need of a thinking bot (heuristic.HeuristicBot)."""
    @property
    def style(self) -> _Style: ...
    def reserve(self, game: Game, seat: int, share: float) -> int: ...
    def exposure(self, game: Game, seat: int) -> float: ...
    def appraiser(self, game: Game) -> Appraiser: ...

# Rests on the jail square per jailing: the landing, then about 5/6 failed rolls on each of
# the two tries (seed 004's jail), the last of which releases the token where it stands.
JAIL_RESTS_PER_JAILING = 2.5
# Turns a jailing costs (seed 004 L93: two turns skipped).
JAIL_TURNS = 2.0
# The share of an unowned deed's price a chance to buy it is worth to a player: buying at the
# price is a fair trade, and the gain is the position it builds.
BUY_CHANCE_SHARE = 0.3
# Privileges a bot keeps at most before it stops giving donations: one covers the next event,
# a second the one after; more only ties up cash.
PRIVILEGES_KEPT = {"easy": 1, "medium": 1, "hard": 2}
# The share of the starting cash a bot keeps in hand after a donation: a donation is a
# privilege for later, never worth being short for the next rent.
DONATION_RESERVE = 0.1
# A branch move is made only when it adds at least this much expected rent over the other
# players' next moves (money; a move is free, so any gain counts, above rounding noise).
MOVE_GAIN = 0.5


def liquidation(rules: Ruleset, cell: int) -> int:
    """The cash a deed raises at once: its mortgage, or without mortgages its sale to the bank."""
    return rules.mortgage_value(cell) + rules.deed_sale_values[cell]


def raise_by(game: Game, seat: int, cell: int) -> Action:
    """The action that raises `liquidation(cell)`: a mortgage, or a sale to the bank."""
    return shared_deed(Mortgage, seat, cell) if game.rules.mortgage else sale(seat, cell)


def privileges_held(game: Game, seat: int) -> int:
    cards = game.rules.cards
    return game.donations[seat] + sum(1 for c in game.cards_held[seat] if cards[c].effect == "release")


def _income(game: Game, seat: int) -> float:
    """Expected rent the seat's deeds collect per round of the other players' turns."""
    model = board_model(game.rules)
    mean = int(model.mean_dice)
    others = [o for o in range(game.players) if o != seat and game.alive[o]]
    total = 0.0
    for c in game.rules.properties:
        if game.owner[c] == seat:
            total += model.landing[c] * sum(rent(game, c, mean, o) for o in others)
    return total


def credit_cost(game: Game, seat: int) -> float:
    """The expected loss of throwing for the credit square now."""
    credit = game.rules.credit
    if credit is None:
        return 0.0
    sides = game.rules.dice_sides
    lucky = sum(1 for a in range(1, sides + 1) for b in range(1, sides + 1) if a + b == credit.lucky_total)
    return (1 - lucky / sides ** 2) * credit.debt(game.cash[seat])


def jail_cost(bot: Thinker, game: Game, seat: int) -> float:
    """What being jailed now costs: rent not collected, deeds not bought and the Старт money
    the lost moves would have brought nearer, less the rent not paid while standing still."""
    rules = game.rules
    model = board_model(rules)
    lost = _income(game, seat) if rules.no_rent_in_jail else 0.0
    chances = sum(model.landing[c] * rules.cells[c].price for c in rules.properties if game.owner[c] == BANK)
    salary = rules.start_salary * model.mean_dice * model.rolls_per_turn / rules.size
    sheltered = bot.exposure(game, seat)
    return JAIL_TURNS * (lost + BUY_CHANCE_SHARE * chances + salary - sheltered)


def privilege_value(bot: Thinker, game: Game, seat: int) -> float:
    """What a privilege saves at the next jailing or credit, each weighted by how often it comes."""
    rules = game.rules
    model = board_model(rules)
    p_jail = model.landing[rules.jail_cell] / JAIL_RESTS_PER_JAILING if rules.jail_cancel else 0.0
    credits = [c.index for c in rules.cells if c.kind == "credit"]
    p_credit = sum(model.landing[c] for c in credits)
    if not p_jail + p_credit:
        return 0.0
    return (p_jail * max(0.0, jail_cost(bot, game, seat)) + p_credit * credit_cost(game, seat)) / (p_jail + p_credit)


def _replacement(game: Game) -> int:
    """What a spent privilege costs to get back: a donation, or (without them) the jail fee."""
    return game.rules.donation or game.rules.jail_fee


def _spend(game: Game, seat: int) -> Action:
    """Spend a donation before a release card: the card also frees from jail at a later turn."""
    return shared(SpendDonation, seat) if game.donations[seat] else shared(UseReleaseCard, seat)


def answer_offer(bot: Thinker, game: Game, seat: int) -> Action:
    """The answer to the offer waiting for `seat` (checked legal by the bot's `choose`)."""
    kind = game.offers[0].kind
    level = bot.style.level
    if kind is OfferKind.DONATE:
        amount = game.rules.donation
        keep = bot.reserve(game, seat, max(bot.style.buy_reserve, DONATION_RESERVE))
        if (game.cash[seat] - amount < keep or privileges_held(game, seat) >= PRIVILEGES_KEPT.get(level, 1)
                or (level != "easy" and privilege_value(bot, game, seat) <= amount)):
            return shared(Skip, seat)
        return shared(Donate, seat) if game.cash[seat] >= amount else shared(Skip, seat)
    if kind is OfferKind.CREDIT:
        if level == "easy" or credit_cost(game, seat) > _replacement(game):
            return _spend(game, seat)
        return shared(RollCredit, seat)
    if kind is OfferKind.DEPOSIT:
        amount = deposit_amount(bot, game, seat)
        return Deposit(seat, amount) if 0 < amount <= game.cash[seat] else shared(Skip, seat)
    if kind is OfferKind.CASINO:
        span = game.legal(seat).amount
        if span is None:
            return shared(Skip, seat)
        bet = casino_bet(bot, game, seat, *span)
        return CasinoBet(seat, bet) if bet else shared(Skip, seat)
    if kind is OfferKind.RAID:
        return raid_choice(bot, game, seat)
    if kind is OfferKind.AGENCY:
        return agency_choice(bot, game, seat)
    if kind is OfferKind.INVEST:
        return invest_choice(bot, game, seat)
    assert kind is OfferKind.JAIL_CANCEL, kind
    if level == "easy" or jail_cost(bot, game, seat) > _replacement(game):
        return _spend(game, seat)
    return shared(GoToJail, seat)


def _next_landing(game: Game, seat: int) -> dict[int, float]:
    """Where `seat` comes to rest after its next roll: cell -> probability (two dice from its
    square; a jailed token moves only on a double)."""
    rules = game.rules
    sides = rules.dice_sides
    out: dict[int, float] = {}
    p = 1.0 / sides ** 2
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            if game.jailed[seat] and a != b:
                continue
            cell = (game.pos[seat] + a + b) % rules.size
            out[cell] = out.get(cell, 0.0) + p
    return out


def branch_move(game: Game, seat: int) -> Action | None:
    """The free branch move that adds the most expected rent over the other players' next moves
    (seed 004 L36: "розраховуючи найбільшу вірогідність влучання"), or None."""
    rules = game.rules
    if not rules.branch_moves:
        return None
    landing: dict[int, float] = {}
    for other in range(game.players):
        if other != seat and game.alive[other]:
            for cell, q in _next_landing(game, other).items():
                landing[cell] = landing.get(cell, 0.0) + q
    tiers = board_model(rules).street_rent
    buildings = game.buildings
    best: tuple[float, int, int] | None = None
    for group in rules.group_cells.values():
        if game.owner[group[0]] != seat or not any(buildings[c] for c in group):
            continue
        for c in group:
            for to in group:
                if c == to or can_move(game, seat, c, to) is not None:
                    continue
                loss = landing.get(c, 0.0) * (tiers[c][buildings[c] + 1] - tiers[c][buildings[c]])
                gain = landing.get(to, 0.0) * (tiers[to][buildings[to] + 2] - tiers[to][buildings[to] + 1])
                if gain - loss > MOVE_GAIN and (best is None or gain - loss > best[0]):
                    best = (gain - loss, c, to)
    return MoveBranch(seat, best[1], best[2]) if best is not None else None



# -- the deposit --------------------------------------------------------------------------

# The share of the starting cash each level keeps in hand rather than on deposit: the
# deposit pays 10% a lap but is reached only on one's own turn, and rents come between turns.
DEPOSIT_KEEP = {"easy": 0.5, "medium": 0.35, "hard": 0.25}
# Turns of the rent the others' deeds would cost that a bot keeps in hand besides.
DEPOSIT_EXPOSURE_TURNS = 3.0


def keep_in_hand(bot: Thinker, game: Game, seat: int) -> int:
    """The cash a bot wants in hand, the rest going on deposit when it can."""
    share = DEPOSIT_KEEP.get(bot.style.level, DEPOSIT_KEEP["medium"])
    return int(game.rules.start_cash * share + bot.exposure(game, seat) * DEPOSIT_EXPOSURE_TURNS)


def deposit_amount(bot: Thinker, game: Game, seat: int) -> int:
    """How much to put on deposit now (0: nothing)."""
    return max(0, game.cash[seat] - keep_in_hand(bot, game, seat))


def withdraw(seat: int) -> Action:
    return shared(WithdrawDeposit, seat)


def withdraw_for(game: Game, seat: int, need: int) -> Action | None:
    """The withdrawal that brings the cash to `need`, when the deposit can (else None)."""
    if game.rules.deposit is None or not game.deposit[seat] or game.cash[seat] >= need:
        return None
    if game.cash[seat] + game.deposit[seat] < need:
        return None
    action = shared(WithdrawDeposit, seat)
    return action if game.is_legal(action) else None


# -- the casino ---------------------------------------------------------------------------

# The bets a bot weighs, as shares of its cash; the best by expected log wealth (Kelly's
# criterion) is made, or the least bet when a card makes one compulsory.
BET_SHARES = (0.0, 0.005, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2, 0.3)
# How much of Kelly's bet each level stakes (a fraction of it limits the risk of ruin when
# the jackpot, the edge, is small); easy players bet by a rule of thumb instead.
KELLY_FRACTION = {"medium": 0.5, "hard": 1.0}
EASY_BET_SHARE = 0.02


def _casino_outcomes(game: Game) -> list[tuple[float, int, bool]]:
    """(probability, pairs, three alike) for every throw of the casino's three dice."""
    casino = game.rules.casino
    assert casino is not None, "asked at a casino"
    tables = casino.figures
    share = 1.0
    for table in tables:
        share /= len(table)
    out: dict[tuple[int, bool], float] = {}
    for faces in product(*(range(len(t)) for t in tables)):
        figures = tuple(t[f] for t, f in zip(tables, faces, strict=True))
        key = (pairs(figures), len(set(figures)) == 1)
        out[key] = out.get(key, 0.0) + share
    return [(p, k, three) for (k, three), p in sorted(out.items())]


def casino_bet(bot: Thinker, game: Game, seat: int, lo: int, hi: int) -> int:
    """The bet to make (0: skip; at least `lo` when betting, at most `hi`)."""
    casino = game.rules.casino
    assert casino is not None, "asked at a casino"
    level = bot.style.level
    forced = game.offers[0].minimum
    cash = game.cash[seat]
    if level == "easy":
        bet = int(cash * EASY_BET_SHARE) if game.jackpot > 0 else 0
    else:
        wealth = float(cash + game.deposit[seat])
        outcomes = _casino_outcomes(game)
        best, best_value = 0, math.log(max(1.0, wealth))     # no bet, no win
        for share in BET_SHARES:
            b = int(cash * share)
            if not b:
                continue
            value = 0.0
            for p, found, three in outcomes:
                payout = b * casino.pair_coefficient * found
                if three:
                    payout += casino.jackpot_won(game.jackpot + b, b)
                value += p * math.log(max(1.0, wealth - b + payout))
            if value > best_value:
                best, best_value = b, value
        bet = int(best * KELLY_FRACTION.get(level, 1.0))
    if forced:
        bet = max(bet, lo)
    if bet < lo:
        return 0
    return min(bet, hi)


# -- transfers ----------------------------------------------------------------------------

def _square_value(bot: Thinker, game: Game, seat: int, cell: int) -> float:
    """What coming to rest on `cell` is worth to `seat` now, roughly: minus the rent or tax it
    costs, plus a chance to buy an unowned deed."""
    rules = game.rules
    info = rules.cells[cell]
    owner = game.owner[cell]
    if info.is_property:
        if owner == BANK:
            return BUY_CHANCE_SHARE * info.price if game.cash[seat] >= info.price else 0.0
        if owner == seat:
            return 0.0
        return -float(rent(game, cell, int(board_model(rules).mean_dice), seat))
    if info.kind == "tax":
        return -float(info.amount)
    if info.kind == "credit":
        return -credit_cost(game, seat)
    if info.kind == "jail" and rules.jail_on_landing:
        return -max(0.0, jail_cost(bot, game, seat))
    return 0.0


def _roll_value(bot: Thinker, game: Game, seat: int, cell: int) -> float:
    """The expected value of the next landing from `cell`, by two dice (cards ignored)."""
    sides = game.rules.dice_sides
    total = 0.0
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            total += _square_value(bot, game, seat, (cell + a + b) % game.rules.size)
    return total / sides ** 2


def _lap_value(game: Game, seat: int) -> float:
    """What a lap brings: the Старт money and the interest of the deposit as it stands."""
    rules = game.rules
    value = float(rules.start_salary)
    if rules.deposit is not None:
        value += len(rules.bank_cells) * game.deposit[seat] * rules.deposit.interest_percent / 100
    return value


def _progress(game: Game, seat: int, cell: int) -> float:
    """What standing on `cell` is worth on the way to the next Старт money and bank interest:
    the nearer, the more (a lap's worth spread over its squares)."""
    rules = game.rules
    size = rules.size
    value = -rules.start_salary * ((size - cell) % size or size) / size
    if rules.deposit is not None:
        interest = game.deposit[seat] * rules.deposit.interest_percent / 100
        for bank in rules.bank_cells:
            value -= interest * ((bank - cell) % size or size) / size
    return value


def transfer_choice(bot: Thinker, game: Game, seat: int) -> Action | None:
    """A transfer instead of the roll when it is worth more: the fare and the destination's
    square, and where it leaves the token, against a roll's landing and a roll's progress."""
    options = transfer_moves(game, seat)
    if not options:
        return None
    rules = game.rules
    model = board_model(rules)
    here = game.pos[seat]
    level = bot.style.level
    # A roll moves about mean_dice squares: its landing, and its progress towards the next
    # Старт money and interest (paid on the way, so a lap's worth spread over its squares).
    stay = _roll_value(bot, game, seat, here) + _lap_value(game, seat) * model.mean_dice / rules.size
    best: tuple[float, Action] | None = None
    for action in options:
        assert isinstance(action, Transfer)
        to = action.to
        cost = fare(game, seat, to, action.direction)
        if level == "easy" and (cost or action.direction < 0):
            continue                  # easy players take only free rides forward
        # The fare replaces the rent; an unowned square may be bought.
        value = -float(cost)
        price = rules.cells[to].price
        if game.owner[to] == BANK and game.cash[seat] - cost >= price:
            value += BUY_CHANCE_SHARE * price
        # Passing the Старт by a transfer brings no money: the change of progress says so.
        value += _progress(game, seat, to) - _progress(game, seat, here)
        if best is None or value > best[0]:
            best = (value, action)
    if best is not None and best[0] > stay:
        return best[1]
    return None


# -- the stepped auction ------------------------------------------------------------------

def spare_deed(game: Game, seat: int) -> int | None:
    """A deed of `seat` that no colour set needs: it holds nothing else of its set, and no
    other player would complete one with it (an own auction would hand a set over)."""
    rules = game.rules
    best = None
    for c in rules.properties:
        if game.owner[c] != seat or rules.cells[c].kind != "street":
            continue
        group = rules.group_of[c]
        if any(game.owner[x] == seat for x in group if x != c):
            continue
        others = {game.owner[x] for x in group if x != c}
        if len(others) == 1 and BANK not in others:
            continue                  # it would complete someone's set
        if best is None or rules.cells[c].price > rules.cells[best].price:
            best = c
    return best


def own_auction(bot: Thinker, game: Game, seat: int) -> Action | None:
    """Short of cash before the roll, a spare deed auctioned from its price (the bank pays half)."""
    if bot.style.level == "easy" or not game.rules.stepped_auction or game.auctioned:
        return None
    if game.cash[seat] + game.deposit[seat] >= bot.reserve(game, seat, bot.style.build_reserve):
        return None
    cell = spare_deed(game, seat)
    if cell is None or can_auction_own(game, seat, cell) is not None:
        return None
    price = game.rules.cells[cell].price
    if not any(game.cash[o] >= price for o in range(game.players) if o != seat and game.alive[o]):
        return None
    return AuctionDeed(seat, cell, price)


# A deed is bought when it is worth this share of its price: a little below it, since a
# declined deed goes to auction; and lower where the lander may not bid in that auction
# (seed 004 L14), since declining then never buys it back cheaper.
BUY_SHARE = 0.9
BUY_SHARE_NO_BID = 0.8


def buy_threshold(game: Game) -> float:
    return BUY_SHARE if game.rules.lander_bids else BUY_SHARE_NO_BID


def before_roll(bot: Thinker, game: Game, seat: int) -> Action | None:
    """Seed 004's steps before the roll: a branch moved where the others will land, a spare
    deed auctioned when short of cash."""
    if bot.style.level == "easy":
        return None
    return branch_move(game, seat) or own_auction(bot, game, seat)


# -- the agencies ---------------------------------------------------------------------------

# A raid or an agency purchase is made only when it gains at least this share of the
# starting cash (by the bot's appraiser): below it, the position changes too little to be
# worth the fee and the swap's risk.
AGENCY_MARGIN = 0.02


def _gain(bot: Thinker, game: Game, seat: int, owner: list[int], cash: list[int], others: tuple[int, ...]) -> float:
    """My appraised gain from owners and cash changed as given, less `weight` times the gains
    of the `others` affected."""
    app = bot.appraiser(game)
    mine = app.strength(game, seat, owner, cash) - app.strength(game, seat, game.owner, game.cash)
    theirs = sum(app.strength(game, o, owner, cash) - app.strength(game, o, game.owner, game.cash) for o in others)
    return mine - bot.style.weight * theirs


def raid_choice(bot: Thinker, game: Game, seat: int) -> Action:
    """The swap that gains most (a deed that completes my set, or breaks an opponent's near
    one, for my least useful one), or Skip when none is worth its fee."""
    agencies = game.rules.agencies
    assert agencies is not None, "asked at a raider agency"
    fee = agencies.raid_fee if fee_to(game, "raid_agency", seat) is not None else 0
    margin = game.rules.start_cash * AGENCY_MARGIN
    best: tuple[float, int, int] | None = None
    for take, give in raids(game, seat):
        victim = game.owner[take]
        owner = game.owner[:]
        owner[take], owner[give] = seat, victim
        cash = game.cash[:]
        cash[seat] -= fee
        score = _gain(bot, game, seat, owner, cash, (victim,))
        if score > margin and (best is None or score > best[0]):
            best = (score, take, give)
    return Raid(seat, best[1], best[2]) if best is not None else shared(Skip, seat)


def agency_choice(bot: Thinker, game: Game, seat: int) -> Action:
    """The unowned deed most worth its price and the agency's surcharge, or Skip."""
    margin = game.rules.start_cash * AGENCY_MARGIN
    keep = bot.reserve(game, seat, bot.style.buy_reserve)
    best: tuple[float, int] | None = None
    for c in game.rules.properties:
        if can_buy_from_bank(game, seat, c) is not None:
            continue
        cost = game.rules.cells[c].price + surcharge(game, seat, c)
        if game.cash[seat] - cost < keep:
            continue
        owner = game.owner[:]
        owner[c] = seat
        cash = game.cash[:]
        cash[seat] -= cost
        score = _gain(bot, game, seat, owner, cash, ())
        if score > margin and (best is None or score > best[0]):
            best = (score, c)
    return BuyFromBank(seat, best[1]) if best is not None else shared(Skip, seat)


# -- investments --------------------------------------------------------------------------

# Rounds of the other players' turns an investment chip is expected to earn for before it
# burns (a branch, a trade) or the game ends; halved where its owner holds all but one of the
# set and could complete it soon.
INVEST_HORIZON = {"easy": 10.0, "medium": 20.0, "hard": 30.0}
NEAR_SET_SURVIVAL = 0.5
# A chip is placed (or moved) only when its expected earnings beat its cost by this share of
# the starting cash.
INVEST_MARGIN = 0.01


def _chip_earnings(bot: Thinker, game: Game, seat: int, cell: int, chips: int) -> float:
    """What `seat`'s `chips`-th chip on `cell` earns over the horizon: its half of the rent of
    its chips when the players other than it and the owner stop there."""
    rules = game.rules
    model = board_model(rules)
    owner = game.owner[cell]
    rents = rules.cells[cell].rents
    landers = sum(1 for o in range(game.players) if game.alive[o] and o not in (seat, owner))
    gain = rents[chips] // 2 - rents[chips - 1] // 2
    group = rules.group_of[cell]
    missing = sum(1 for c in group if game.owner[c] != owner)
    survival = NEAR_SET_SURVIVAL if missing <= 1 else 1.0
    horizon = INVEST_HORIZON.get(bot.style.level, INVEST_HORIZON["medium"])
    return model.landing[cell] * landers * gain * survival * horizon


def invest_choice(bot: Thinker, game: Game, seat: int) -> Action:
    """The chip worth most beyond its price (or a chip moved where it earns more), else Skip."""
    margin = game.rules.start_cash * INVEST_MARGIN
    keep = bot.reserve(game, seat, bot.style.build_reserve)
    best: tuple[float, Action] | None = None
    for c in game.rules.properties:
        if can_invest(game, seat, c) is not None or game.cash[seat] - chip_price(game, c) < keep:
            continue
        mine = game.chips.get(c, [0] * game.players)[seat]
        score = _chip_earnings(bot, game, seat, c, mine + 1) - chip_price(game, c)
        if score > margin and (best is None or score > best[0]):
            best = (score, Invest(seat, c))
    if bot.style.level == "hard":
        for c, row in game.chips.items():
            if not row[seat]:
                continue
            here = _chip_earnings(bot, game, seat, c, row[seat])
            for to in game.rules.properties:
                if can_move_chip(game, seat, c, to) is not None:
                    continue
                there = game.chips.get(to, [0] * game.players)[seat]
                score = _chip_earnings(bot, game, seat, to, there + 1) - here - move_cost(game, c, to)
                if score > margin and (best is None or score > best[0]):
                    best = (score, MoveChip(seat, c, to))
    return best[1] if best is not None else shared(Skip, seat)

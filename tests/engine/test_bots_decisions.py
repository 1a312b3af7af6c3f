"""Computer opponents' single decisions on constructed states: debts, trades, buying,
building, jail, draws, the board model, and the registry."""
from __future__ import annotations

import pytest
from helpers.engine import offers_made
from hypothesis import given, settings
from hypothesis import strategies as st

from zemlevlasnyk.engine import (
    BANK,
    AcceptDraw,
    AcceptTrade,
    Build,
    Buy,
    Debt,
    DeclineDraw,
    DeclineTrade,
    Game,
    Mortgage,
    OfferDraw,
    PayDebt,
    Phase,
    ProposeTrade,
    Resume,
    SellBuilding,
    load_preset,
)
from zemlevlasnyk.engine.bots import LEVELS, make_bot
from zemlevlasnyk.engine.bots import trading as T
from zemlevlasnyk.engine.bots.earnings import group_earnings
from zemlevlasnyk.engine.bots.heuristic import HeuristicBot
from zemlevlasnyk.engine.bots.valuation import board_model

RULES = load_preset("zemlevlasnyk")
LEVEL_NAMES = ("easy", "medium", "hard")
BROWN = (1, 3)
ORANGE = (16, 18, 19)
DARK_BLUE = (37, 39)
STATIONS = (5, 15, 25, 35)


def game_with(players: int = 2, first: int = 0) -> Game:
    return Game.new(RULES, players, first=first)


def drive(game: Game, seat: int, bot, until, limit: int = 200) -> list:
    """Let `bot` answer `seat`'s decisions until `until(game)`; return its actions."""
    done = []
    for _ in range(limit):
        if until(game):
            return done
        assert game.pending()[0].seat == seat
        action = bot.choose(game, seat)
        assert game.is_legal(action), action
        game.apply(action)
        done.append(action)
    raise AssertionError(f"no end after {limit} actions: {done[-5:]}")


# -- registry and board model ---------------------------------------------------------------

def test_bots_levels_registered() -> None:
    for level in LEVEL_NAMES:
        assert level in LEVELS
        bot = make_bot(level, 3)
        assert bot.level == level
    assert {"idle", "random"} <= set(LEVELS)


def test_bots_landing_frequencies_from_the_ruleset() -> None:
    model = board_model(RULES)
    landing = model.landing
    assert abs(sum(landing) - model.rolls_per_turn) < 1e-9
    assert landing[30] == 0.0                                  # До в'язниці sends you on
    assert landing[RULES.jail_cell] == max(landing)           # the jail is the busiest cell
    assert landing[RULES.jail_cell] > 0.1
    # Orange sits one roll beyond the jail: its streets beat the browns and dark blues.
    assert min(landing[c] for c in ORANGE) > max(landing[c] for c in BROWN + DARK_BLUE)
    assert board_model(RULES) is model                         # cached per ruleset
    assert model.street_rent[16][0] == 1200 and model.street_rent[16][1] == 2400
    assert model.street_rent[16][4] == 1200 * 45


# -- debts ----------------------------------------------------------------------------------

def debt_state() -> Game:
    """Seat 0 owes seat 1 40 000 with 5 000 cash, a built brown group and lone deeds."""
    g = game_with(2)
    for c in BROWN:
        g.owner[c] = 0
        g.buildings[c] = 2
    g.owner[5] = 0          # a lone station: mortgage 10 000
    g.owner[21] = 0         # a lone red street: mortgage 10 500
    g.owner[12] = 0         # a utility: mortgage 7 500
    g.owner[39] = 1
    g.cash = [5000, 150000]
    g.phase = Phase.DEBT
    g.debts = [Debt(0, 1, 40000, "rent")]
    g.resume = Resume.FINISH_MOVE
    return g


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bots_debt_liquidate_and_pay_when_possible(level: str) -> None:
    g = debt_state()
    bot = make_bot(level, 1)
    actions = drive(g, 0, bot, lambda g: g.phase is not Phase.DEBT)
    assert isinstance(actions[-1], PayDebt)
    assert g.alive[0] and g.cash[1] == 190000
    # The lone deeds were mortgaged before any house was sold (they earn the least rent).
    mortgages = [a.cell for a in actions if isinstance(a, Mortgage)]
    assert set(mortgages) >= {5, 21, 12}
    first_sale = next((i for i, a in enumerate(actions) if isinstance(a, SellBuilding)), None)
    if first_sale is not None:
        assert all(isinstance(a, Mortgage) for a in actions[:first_sale])


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bots_debt_never_bankrupt_while_able_to_pay(level: str) -> None:
    """Every house and deed is needed: the bot raises it all and still pays."""
    g = debt_state()
    need = g.cash[0] + 2 * 2 * RULES.building_refund(1) + sum(
        RULES.mortgage_value(c) for c in (1, 3, 5, 21, 12))
    g.debts = [Debt(0, 1, need, "rent")]
    drive(g, 0, make_bot(level, 2), lambda g: g.phase is not Phase.DEBT)
    assert g.alive[0] and g.cash[0] == 0 and g.cash[1] == 150000 + need


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bots_debt_pays_straight_away_with_cash(level: str) -> None:
    g = debt_state()
    g.cash[0] = 50000
    assert make_bot(level, 0).choose(g, 0) == PayDebt(0)


# -- trades ---------------------------------------------------------------------------------

def trade_offer(g: Game, frm: int, to: int, give: tuple, take: tuple, money: int) -> None:
    g.apply(ProposeTrade(frm, to, give, take, money))


def orange_state() -> Game:
    """Seat 1 holds two orange streets, seat 0 the third, and it is seat 1's turn."""
    g = game_with(3, first=1)
    g.owner[16] = 0
    g.owner[18] = g.owner[19] = 1
    g.owner[12] = 1
    g.owner[5] = 0
    return g


@pytest.mark.parametrize("level", LEVEL_NAMES)
@pytest.mark.parametrize("money", [0, 10000, 17000, 30000, 38999])
def test_bots_trade_never_give_a_group_for_less_than_its_price(level: str, money: int) -> None:
    g = orange_state()
    # The utility (15 000) plus the money stays below the orange group's price (54 000).
    trade_offer(g, 1, 0, (12,), (16,), money)
    assert make_bot(level, 4).choose(g, 0) == DeclineTrade(0)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bots_trade_judged_by_groups_not_face_price(level: str) -> None:
    """Three times the face price of one orange street is still far too little."""
    g = orange_state()
    trade_offer(g, 1, 0, (), (16,), 3 * RULES.cells[16].price)
    assert make_bot(level, 4).choose(g, 0) == DeclineTrade(0)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_bots_trade_accept_a_deal_that_completes_their_own_group(level: str) -> None:
    """Seat 0 is offered the last orange street for its lone station and cash."""
    g = game_with(3, first=1)
    g.owner[16] = g.owner[18] = 0
    g.owner[19] = 1
    g.owner[5] = 0
    trade_offer(g, 1, 0, (19,), (5,), 0)
    assert make_bot(level, 4).choose(g, 0) == AcceptTrade(0)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_bots_trade_answers_property_never_group_for_little(data) -> None:
    """On random holdings and random offers, no level accepts a cheap group."""
    players = data.draw(st.integers(2, 4))
    g = game_with(players, first=1)
    for c in RULES.properties:
        g.owner[c] = data.draw(st.sampled_from([BANK, *range(players)]))
    g.cash = [data.draw(st.integers(0, 300000)) for _ in range(players)]
    to = data.draw(st.sampled_from([s for s in range(players) if s != 1]))
    mine = [c for c in RULES.properties if g.owner[c] == 1]
    theirs = [c for c in RULES.properties if g.owner[c] == to]
    give = tuple(data.draw(st.lists(st.sampled_from(mine), unique=True, max_size=3))) if mine else ()
    take = tuple(data.draw(st.lists(st.sampled_from(theirs), unique=True, max_size=3))) if theirs else ()
    money = data.draw(st.integers(-50000, min(100000, g.cash[1])))
    action = ProposeTrade(1, to, give, take, money)
    if not g.is_legal(action):
        return
    g.apply(action)
    assert g.trade is not None
    deal = T.deal_from_trade(g.trade, to, g)
    for level in LEVEL_NAMES:
        answer = make_bot(level, 9).choose(g, to)
        assert g.is_legal(answer)
        if answer == AcceptTrade(to):
            assert not T.sells_group_cheaply(g, deal), (level, g.trade)


def test_bots_trade_shortfall_counts_what_my_own_completed_group_earns_me() -> None:
    g = game_with(2)
    g.owner[16] = g.owner[18] = 0
    g.owner[19] = 1
    g.owner[37] = 0
    g.owner[39] = 1
    # I give 37 (completing their dark blues) for 19 (completing my oranges): what I get
    # counts what the oranges earn me (or their price, when more) against what the dark
    # blues earn them.
    swap, gift = T.Deal(0, 1, (37,), (19,), 0), T.Deal(0, 1, (37,), (), 0)
    short_gift = T.earnings_shortfall(g, gift, *T.after(g, gift))
    owner, cash = T.after(g, swap)
    orange = max(sum(RULES.cells[c].price for c in ORANGE), group_earnings(g, 0, [ORANGE], cash))
    assert short_gift > 0
    assert T.earnings_shortfall(g, swap, owner, cash) == pytest.approx(max(0.0, short_gift - orange))
    assert T.earnings_shortfall(g, T.Deal(0, 1, (), (19,), -1000), *T.after(g, T.Deal(0, 1, (), (19,), -1000))) == 0


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_bots_offer_to_complete_own_group_and_never_repeat_a_declined_offer(level: str) -> None:
    """Against a partner who declines everything, the bot offers for its group, never repeats
    an offer, and proposes once per partner a turn."""
    g = game_with(2, first=0)
    g.owner[16] = g.owner[18] = 0
    g.owner[19] = 1
    g.cash = [400000, 150000]
    offers = offers_made(g, make_bot(level, 6), 12, advance=1)
    assert offers, "the bot never offered for the last orange street"
    assert all(o.take == (19,) for o in offers)
    keys = [(o.to, o.give, o.take, o.money) for o in offers]
    assert len(keys) == len(set(keys)), "a declined offer was repeated unchanged"
    money = [o.money for o in offers if o.give == ()]
    assert money == sorted(money)
    assert all(o.money >= 54000 or o.give for o in offers)   # at least the group's price
    # Not asked every turn, and given up after a few refusals.
    assert len(offers) <= 4 * 2


# -- buying, building, jail, draws ----------------------------------------------------------

def test_bots_easy_buys_eagerly() -> None:
    g = game_with(2)
    g.phase, g.pending_buy = Phase.BUY, 39
    assert make_bot("easy", 0).choose(g, 0) == Buy(0)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_bots_buy_the_deed_that_completes_a_group(level: str) -> None:
    g = game_with(2)
    g.owner[16] = g.owner[18] = 0
    g.phase, g.pending_buy = Phase.BUY, 19
    g.cash = [30000, 150000]
    assert make_bot(level, 0).choose(g, 0) == Buy(0)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bots_build_evenly_on_a_group(level: str) -> None:
    g = game_with(2)
    for c in ORANGE:
        g.owner[c] = 0
    g.cash = [150000, 150000]
    g.phase = Phase.POST_ROLL
    bot = make_bot(level, 0)
    actions = drive(g, 0, bot, lambda g: g.phase is not Phase.POST_ROLL, limit=100)
    built = [g.buildings[c] for c in ORANGE]
    assert max(built) - min(built) <= 1
    assert sum(built) >= 3, f"{level} built {built}"
    assert g.cash[0] >= 0 and any(isinstance(a, Build) for a in actions)


def test_bots_easy_builds_late() -> None:
    g = game_with(2)
    for c in ORANGE:
        g.owner[c] = 0
    g.cash = [60000, 150000]
    g.phase = Phase.POST_ROLL
    assert not isinstance(make_bot("easy", 0).choose(g, 0), Build)
    assert isinstance(make_bot("medium", 0).choose(g, 0), Build)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bots_jail_leave_early_in_the_game(level: str) -> None:
    g = game_with(2)
    g.jailed[0] = True
    g.pos[0] = RULES.jail_cell
    action = make_bot(level, 0).choose(g, 0)
    assert action.TYPE == "pay_jail_fee"


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_bots_jail_stay_when_the_board_is_dangerous(level: str) -> None:
    g = game_with(2)
    g.jailed[0] = True
    g.pos[0] = RULES.jail_cell
    for c in RULES.properties:
        g.owner[c] = 1
    for c in ORANGE + (21, 23, 24):
        g.buildings[c] = 3
    assert make_bot(level, 0).choose(g, 0).TYPE == "roll_for_double"


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bots_answer_draw_offers(level: str) -> None:
    g = game_with(3)
    g.apply(OfferDraw(1))
    bot = make_bot(level, 0)
    assert bot.choose(g, 0) in (AcceptDraw(0), DeclineDraw(0))
    assert bot.choose(g, 0) == DeclineDraw(0)          # even game: play on
    g.cash = [0, 900000, 150000]
    assert bot.choose(g, 0) == AcceptDraw(0)           # hopeless: take the draw



@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_bots_management_is_bounded_per_turn(level: str) -> None:
    """However rich, a bot ends its turn after a bounded number of management actions."""
    g = game_with(2)
    for c in RULES.properties:
        g.owner[c] = 0
        g.mortgaged[c] = True
    g.cash = [10_000_000, 150000]
    g.phase = Phase.POST_ROLL
    drive(g, 0, make_bot(level, 0), lambda g: g.phase is not Phase.POST_ROLL or g.active != 0,
          limit=400)


def test_bots_heuristic_bot_is_the_thinking_levels() -> None:
    for level in LEVEL_NAMES:
        assert isinstance(make_bot(level, 0), HeuristicBot)

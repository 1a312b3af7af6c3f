"""Computer players on «Ярмарок» (issue 22): every level finishes games under every option,
answers each new decision with a legal action, and decides them with reasons: a donation
when a privilege is worth more than it costs, a privilege spent on a credit or a jailing that
costs more than a new one, money raised by selling deeds (there are no mortgages), branches
built before the roll and moved towards the streets the others are most likely to hit."""
from __future__ import annotations

import pytest
from helpers.engine import act, decisions, give, switched

from zemlevlasnyk.engine import (
    AuctionDeed,
    Bid,
    Build,
    BuyFromBank,
    CasinoBet,
    Deposit,
    Donate,
    Game,
    GoToJail,
    Invest,
    Mortgage,
    MoveBranch,
    Phase,
    Raid,
    Roll,
    RollCredit,
    SellDeed,
    SendToAuction,
    Skip,
    SpendDonation,
    Transfer,
    WithdrawDeposit,
    load_rules,
    option_specs,
)
from zemlevlasnyk.engine.bots import Bot, make_bot
from zemlevlasnyk.engine.bots.match import play_match

RULES = load_rules("yarmarok")
LEVELS = ("easy", "medium", "hard")
TURNS = 160


def new_game(players: int = 2) -> Game:
    return Game.new(RULES, players, first=0)


def test_bots_finish_yarmarok_games_under_every_option() -> None:
    for n, spec in enumerate(option_specs("yarmarok")):
        rules = load_rules("yarmarok", {spec.name: switched(spec)})
        result = play_match(rules, ["hard", "medium", "easy", "random"], n, TURNS)   # MatchStalled if a bot loops
        assert result.actions > 0


def test_bots_answer_every_yarmarok_decision_legally() -> None:
    """Every level's answer, at every decision of whole games, is legal (checked again here)."""
    kinds: set[str] = set()
    for seed in range(6):
        bots = [make_bot(level, seed) for level in ("hard", "medium", "easy", "random")]

        def observe(game: Game, action: object, events: object, bots: list[Bot] = bots) -> None:
            if game.outcome() is None:
                for d in game.pending():
                    kinds.add(d.kind)
                    answer = bots[d.seat % 4].choose(game.copy(), d.seat)
                    assert game.is_legal(answer), (d, answer)

        play_match(RULES, ["hard", "medium", "easy", "random"], seed, 120, observer=observe)
    assert {"donate", "credit", "jail_cancel"} <= kinds


def _on_donation(cash: int) -> Game:
    game = new_game()
    game.cash[0] = cash
    game.pos[0] = 5
    act(game, Roll(0), dice=[(2, 4)])
    assert game.phase is Phase.OFFER
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_bots_give_a_donation_when_rich_and_keep_the_cash_when_poor(level: str) -> None:
    assert make_bot(level, 1).choose(_on_donation(1800), 0) == Donate(0)
    assert make_bot(level, 1).choose(_on_donation(120), 0) == Skip(0)


def test_bots_stop_donating_once_they_hold_enough_privileges() -> None:
    game = _on_donation(1800)
    game.donations[0] = 2
    for level in LEVELS:
        assert make_bot(level, 1).choose(game, 0) == Skip(0), level


def _on_credit(cash: int) -> Game:
    game = new_game()
    game.donations[0] = 1
    game.cash[0] = cash
    game.pos[0] = 25
    act(game, Roll(0), dice=[(2, 3)])
    assert game.phase is Phase.OFFER and game.offers[0].kind.value == "credit"
    return game


def test_bots_cancel_a_dear_credit_and_throw_for_a_cheap_one() -> None:
    for level in ("medium", "hard"):
        assert make_bot(level, 1).choose(_on_credit(1800), 0) == SpendDonation(0), level   # 5/6 of 900
        assert make_bot(level, 1).choose(_on_credit(150), 0) == RollCredit(0), level       # 5/6 of 75


def test_bots_cancel_a_jailing_early_and_take_the_shelter_late() -> None:
    early = new_game()
    early.donations[0] = 1
    early.pos[0] = 5
    act(early, Roll(0), dice=[(3, 4)])
    assert make_bot("hard", 1).choose(early, 0) == SpendDonation(0)    # deeds to buy, no rent yet
    late = new_game()
    late.donations[0] = 1
    for c in RULES.properties:
        late.owner[c] = 1
    for c in (13, 15, 16, 19, 21, 23):
        late.buildings[c] = 4
    late.jailed[1] = False
    late.pos[0] = 5
    act(late, Roll(0), dice=[(3, 4)])
    assert make_bot("hard", 1).choose(late, 0) == GoToJail(0)          # the others' rents are dear


@pytest.mark.parametrize("level", LEVELS)
def test_bots_raise_money_by_selling_deeds_without_mortgages(level: str) -> None:
    game = new_game()
    give(game, 1, 47)
    give(game, 0, 1, 45)
    game.cash[0] = 10
    game.pos[0] = 40
    act(game, Roll(0), dice=[(3, 4)])
    assert game.phase is Phase.DEBT
    assert make_bot(level, 1).choose(game, 0) == WithdrawDeposit(0)   # the deposit first: no loss
    act(game, WithdrawDeposit(0))
    game.cash[0] = 10
    action = make_bot(level, 1).choose(game, 0)
    assert game.is_legal(action) and not isinstance(action, Mortgage)
    assert isinstance(action, SellDeed) or type(action).__name__ == "SettleDebt"


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_bots_build_before_the_roll(level: str) -> None:
    game = new_game()
    give(game, 0, 6, 8, 9)
    bot = make_bot(level, 1)
    action = bot.choose(game, 0)
    assert isinstance(action, Build), action


def test_bots_move_a_branch_towards_the_next_likely_landing() -> None:
    game = new_game()
    give(game, 0, 6, 8, 9)
    game.buildings[6], game.buildings[8], game.buildings[9] = 2, 2, 1
    game.cash[0] = 0                     # nothing to build: only the move is left to weigh
    game.pos[1] = 3                      # six ahead is 9 (Супермаркет): the likeliest total
    action = make_bot("hard", 1).choose(game, 0)
    assert action == MoveBranch(0, 6, 9) or action == MoveBranch(0, 8, 9), action


# -- the deposit, the casino, transfers, the stepped auction (slice 2) ---------------------

def _on_bank(cash: int) -> Game:
    game = new_game()
    game.cash[0] = cash
    game.pos[0] = 20
    act(game, Roll(0), dice=[(1, 3)])
    assert decisions(game) == [(0, "deposit")]
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_bots_put_spare_cash_on_deposit_and_keep_enough_in_hand(level: str) -> None:
    rich = make_bot(level, 1).choose(_on_bank(1800), 0)
    assert isinstance(rich, Deposit) and 0 < rich.amount < 1800
    assert make_bot(level, 1).choose(_on_bank(300), 0) == Skip(0)


def test_bots_withdraw_to_buy_a_deed_worth_it() -> None:
    game = new_game()
    game.cash[0] = 100
    game.deposit[0] = 800
    game.pos[0] = 44
    act(game, Roll(0), dice=[(1, 2)])                                 # Яхт-клуб: 400
    assert game.phase is Phase.BUY
    assert make_bot("hard", 1).choose(game, 0) == WithdrawDeposit(0)


def _on_casino(jackpot: int, card: bool = False) -> Game:
    game = new_game()
    game.jackpot = jackpot
    if card:
        game.pos[0] = 24
        act(game, Roll(0), dice=[(1, 2)], cards=["opportunity_casino"])
    else:
        game.pos[0] = 30
        act(game, Roll(0), dice=[(2, 4)])
    return game


def test_bots_stake_a_small_share_at_the_casino_and_more_for_a_big_jackpot() -> None:
    small = make_bot("hard", 1).choose(_on_casino(0), 0)
    big = make_bot("hard", 1).choose(_on_casino(3000), 0)
    small_bet = small.amount if isinstance(small, CasinoBet) else 0
    assert isinstance(big, CasinoBet) and big.amount > small_bet and big.amount <= 1800 * 0.3
    assert make_bot("easy", 1).choose(_on_casino(0), 0) == Skip(0)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_make_the_compulsory_bet(level: str) -> None:
    action = make_bot(level, 1).choose(_on_casino(0, card=True), 0)
    assert isinstance(action, CasinoBet) and action.amount >= 50


def test_bots_transfer_back_over_the_start_for_its_money() -> None:
    """SEED L99: the transfer brings no Старт money, but back past it the next roll crosses
    it again: from Таксі (2) back to Аеропорт (42) for a fare of 20, six squares from Старт."""
    game = new_game()
    game.pos[0] = 2
    action = make_bot("hard", 1).choose(game, 0)
    assert action == Transfer(0, 42, -1), action


def test_bots_roll_rather_than_pay_a_dear_fare_for_nothing() -> None:
    game = new_game()
    game.pos[0] = 42
    for c in (2, 10, 18, 26, 34):
        game.owner[c] = 1
    action = make_bot("hard", 1).choose(game, 0)
    assert isinstance(action, Roll), action


@pytest.mark.parametrize("level", LEVELS)
def test_bots_bid_by_the_step_in_a_stepped_auction(level: str) -> None:
    game = new_game(3)
    game.pos[0] = 1
    act(game, Roll(0), dice=[(2, 3)])                                 # Зоомагазин (6): 100
    act(game, SendToAuction(0))
    action = make_bot(level, 1).choose(game, 1)
    assert game.is_legal(action)
    if isinstance(action, Bid):
        assert action.amount >= 100


def test_bots_auction_a_spare_deed_when_short_of_cash() -> None:
    game = new_game(3)
    give(game, 0, 47)
    game.cash[0] = 20
    game.deposit[0] = 0
    action = make_bot("hard", 1).choose(game, 0)
    assert action == AuctionDeed(0, 47, 400), action


# -- the agencies (slice 3) ------------------------------------------------------------------

def test_bots_raid_for_the_deed_that_completes_their_set() -> None:
    game = new_game(3)
    give(game, 0, 6, 8, 45)            # two of the light blue set, and Гольф-клуб to give
    give(game, 1, 9)                   # the third
    give(game, 2, 22)
    game.pos[0] = 19
    act(game, Roll(0), dice=[(1, 2)])
    assert decisions(game) == [(0, "raid")]
    action = make_bot("hard", 1).choose(game, 0)
    assert isinstance(action, Raid) and action.take_cell == 9, action


@pytest.mark.parametrize("level", LEVELS)
def test_bots_buy_through_the_agency_what_completes_a_set(level: str) -> None:
    game = new_game(3)
    give(game, 0, 6, 8)
    give(game, 2, 43)
    game.pos[0] = 40
    act(game, Roll(0), dice=[(1, 2)])
    assert decisions(game) == [(0, "agency")]
    action = make_bot(level, 1).choose(game, 0)
    assert game.is_legal(action)
    if level != "easy":
        assert action == BuyFromBank(0, 9), action


# -- investments (slice 4) -------------------------------------------------------------------

def test_bots_invest_in_a_street_the_others_land_on_and_skip_poor_returns() -> None:
    game = new_game(4)
    give(game, 1, 47)                    # Яхт-клуб: 400 a chip's rent
    game.pos[0] = 17
    act(game, Roll(0), dice=[(1, 2)], cards=["news_cashback"])        # the investment plate (20)
    assert decisions(game) == [(0, "invest")]
    action = make_bot("hard", 1).choose(game, 0)
    assert action == Invest(0, 47), action
    poor = new_game(4)
    give(poor, 1, 1)                     # Піцерія: 10 a chip's rent, 25 a chip
    poor.pos[0] = 17
    act(poor, Roll(0), dice=[(1, 2)], cards=["news_cashback"])
    assert make_bot("hard", 1).choose(poor, 0) == Skip(0)

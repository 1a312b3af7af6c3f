"""docs/RULES.md, "Ярмарок", the bank's deposit and the casino (seed 004 L48, L67-70, L78-88):
interest lap by lap with the bank's rounding (the seed's worked example: 100, 110, 121, 133),
deposits made only at the bank square, the whole balance withdrawn at any moment of one's
turn, the deposit in debts and bankruptcies; the casino's bets into the jackpot, pairs paid
by the bank, three alike winning the jackpot, and the bet a card makes compulsory."""
from __future__ import annotations

import itertools

import pytest
from helpers.engine import act, assert_illegal, decisions, give, of_type, payments

from zemlevlasnyk.engine import (
    CasinoBet,
    Deposit,
    EndTurn,
    Game,
    IllegalAction,
    Phase,
    Roll,
    RollCredit,
    Scripted,
    SettleDebt,
    Skip,
    WithdrawDeposit,
    load_rules,
)
from zemlevlasnyk.engine import holdings as H
from zemlevlasnyk.engine.casino import pairs

RULES = load_rules("yarmarok")
BANK_SQUARE, CASINO, CREDIT = 24, 36, 30
YACHT, GOLF = 47, 45


def new_game(players: int = 2) -> Game:
    return Game.new(RULES, players, first=0)


def to_next_turn_of(game: Game, seat: int) -> None:
    """End turns (the other seats roll 2+3 onto a tax or wherever) until `seat` is to roll."""
    while not (game.active == seat and game.phase is Phase.PRE_ROLL):
        if game.phase is Phase.POST_ROLL:
            act(game, EndTurn(game.active))
        else:
            game.pos[game.active] = 0
            act(game, Roll(game.active), dice=[(2, 3)])


# -- the deposit -----------------------------------------------------------------------------

def test_yarmarok_deposit_200_to_start_for_every_seat() -> None:
    game = new_game(4)
    assert game.deposit == [200] * 4 and game.cash == [1800] * 4      # SEED L48
    assert H.net_worth(game, 0) == 2000


def test_yarmarok_deposit_interest_worked_example_100_110_121_133() -> None:
    """SEED L69: 100 put in, then 10, 11 (12.1 rounded down, in the bank's favour) and 12."""
    game = new_game()
    game.deposit[0] = 100
    give(game, 0, 25)
    balances = []
    for _ in range(3):
        game.pos[0] = 20
        events = act(game, Roll(0), dice=[(3, 2)])                    # past the bank (24) to 25, its own
        balances.append(game.deposit[0])
        assert of_type(events, "interest")[0]["balance"] == game.deposit[0]
        to_next_turn_of(game, 0)
    assert balances == [110, 121, 133]


def test_yarmarok_deposit_interest_on_stopping_by_dice_and_card() -> None:
    game = new_game()
    game.pos[0] = 20
    events = act(game, Roll(0), dice=[(1, 3)])                        # stops on the bank
    assert of_type(events, "interest") == [{"type": "interest", "seat": 0, "amount": 20, "balance": 220}]
    assert decisions(game) == [(0, "deposit")]
    card = new_game()
    card.pos[0] = 14
    events = act(card, Roll(0), dice=[(1, 2)], cards=["opportunity_bank"])   # Нагода (17) -> the bank
    assert of_type(events, "interest")[0]["amount"] == 20 and decisions(card) == [(0, "deposit")]


def test_yarmarok_deposit_no_interest_backwards_or_to_jail() -> None:
    game = new_game()
    game.pos[0] = 24
    act(game, Roll(0), dice=[(1, 2)], cards=["opportunity_back_three"])   # 27 back to 24
    assert game.pos[0] == 24 and game.deposit[0] == 200                    # no interest backwards
    jail = new_game()
    jail.pos[0] = 37
    act(jail, Roll(0), dice=[(1, 2)], cards=["opportunity_jail"])          # Нагода (40): to jail
    assert jail.jailed[0] and jail.deposit[0] == 200


def test_yarmarok_deposit_any_amount_of_ones_cash_only_at_the_bank() -> None:
    game = new_game()
    game.pos[0] = 20
    act(game, Roll(0), dice=[(1, 3)])
    legal = game.legal(0)
    assert legal.amount == (1, 1800) and Skip(0) in legal.actions and game.safe_action(0) == Skip(0)
    assert game.amount_action(0, 500) == Deposit(0, 500)
    assert_illegal(game, Deposit(0, 1801), "deposit.amount")
    assert_illegal(game, Deposit(0, 0), "deposit.amount")
    events = act(game, Deposit(0, 500))                                # SEED L68
    assert payments(events) == [(0, None, 500, "deposit")]
    assert game.deposit[0] == 720 and game.cash[0] == 1300 and game.phase is Phase.POST_ROLL
    assert_illegal(game, Deposit(0, 1), "deposit.offered")            # SEED L70: one per visit


def test_yarmarok_deposit_whole_balance_withdrawn_on_ones_own_turn() -> None:
    game = new_game()
    events = act(game, WithdrawDeposit(0))                             # SEED L70: at any moment
    assert payments(events) == [(None, 0, 200, "withdrawal")] and game.deposit[0] == 0
    assert_illegal(game, WithdrawDeposit(0), "deposit.empty")
    assert_illegal(game, WithdrawDeposit(1), "turn.not_yours")
    game.pos[0] = 0
    act(game, Roll(0), dice=[(1, 5)])                                  # onto Зоомагазин: offered
    game.deposit[0] = 50
    assert WithdrawDeposit(0) in game.legal(0).actions                 # while deciding to buy


def test_yarmarok_deposit_untouched_by_the_credit() -> None:
    game = new_game()
    game.pos[0] = 25
    events = act(game, Roll(0), dice=[(2, 3), (1, 1)])
    assert payments(events) == [(0, None, 900, "credit")] and game.deposit[0] == 200   # SEED L64


def test_yarmarok_deposit_raised_first_in_a_debt() -> None:
    game = new_game()
    give(game, 1, YACHT)
    give(game, 0, GOLF)
    game.cash[0] = 10
    game.pos[0] = 40
    act(game, Roll(0), dice=[(3, 4)])                                  # rent 55
    assert game.phase is Phase.DEBT and H.raisable(game, 0) == 10 + 200 + 175
    assert WithdrawDeposit(0) in game.legal(0).actions
    events = act(game, SettleDebt(0))
    assert payments(events)[:2] == [(None, 0, 200, "withdrawal"), (0, 1, 55, "rent")]
    assert game.owner[GOLF] == 0                                       # no deed sold: the deposit sufficed


def test_yarmarok_deposit_goes_with_the_cash_in_a_bankruptcy() -> None:
    game = new_game(3)
    give(game, 1, YACHT, GOLF)
    game.buildings[YACHT] = game.buildings[GOLF] = 5
    game.cash[0] = 10
    game.pos[0] = 40
    events = act(game, Roll(0), dice=[(3, 4)])                         # rent 2 000
    assert not game.alive[0] and game.deposit[0] == 0
    assert (None, 0, 200, "withdrawal") in payments(events) and (0, 1, 210, "bankruptcy") in payments(events)


def test_yarmarok_deposit_depositors_bonus_card() -> None:
    game = new_game()
    game.deposit[0] = 333
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(1, 2)], cards=["news_depositor_bonus"])   # Новини (7)
    assert of_type(events, "interest") == [{"type": "interest", "seat": 0, "amount": 33, "balance": 366}]


def test_yarmarok_deposit_counts_in_the_wealth_of_an_early_end() -> None:
    game = new_game()
    game.deposit[0] = 500
    assert H.net_worth(game, 0) == 1800 + 500                          # SEED L4: + депозит


# -- the casino ------------------------------------------------------------------------------

def on_casino(cash: int = 1800, card: bool = False) -> Game:
    game = new_game()
    game.cash[0] = cash
    if card:
        game.pos[0] = 24
        act(game, Roll(0), dice=[(1, 2)], cards=["opportunity_casino"])   # Нагода (27) -> the casino
    else:
        game.pos[0] = 30
        act(game, Roll(0), dice=[(2, 4)])
    assert game.phase is Phase.OFFER and decisions(game) == [(0, "casino")]
    return game


def test_yarmarok_casino_by_dice_is_optional() -> None:
    game = on_casino()
    legal = game.legal(0)
    assert legal.amount == (1, 1800) and Skip(0) in legal.actions and game.safe_action(0) == Skip(0)
    assert payments(act(game, Skip(0))) == [] and game.jackpot == 0


def test_yarmarok_casino_no_pair_loses_the_bet_into_the_jackpot() -> None:
    game = on_casino()
    events = game.apply(CasinoBet(0, 100), Scripted(dice=[(1, 2), (3, 1)]))   # faces 1, 2, 3
    assert of_type(events, "casino")[0]["pairs"] == 0 and payments(events) == [(0, None, 100, "casino_bet")]
    assert game.jackpot == 100 and game.cash[0] == 1700                        # SEED L88


def test_yarmarok_casino_a_pair_pays_the_bet_times_the_coefficient() -> None:
    game = on_casino()
    chance = Scripted(dice=[(5, 2), (5, 1)])
    events = game.apply(CasinoBet(0, 100), chance)                     # faces 5, 2, 5: one pair
    played = of_type(events, "casino")[0]
    assert played["faces"] == [5, 2, 5] and played["pairs"] == 1 and played["win"] == 200
    assert payments(events) == [(0, None, 100, "casino_bet"), (None, 0, 200, "casino_win")]
    assert game.jackpot == 100 and game.cash[0] == 1900                # SEED L87: the bet stays


def test_yarmarok_casino_three_alike_win_three_pairs_and_the_jackpot_up_to_ten_bets() -> None:
    game = on_casino()
    game.jackpot = 400
    events = game.apply(CasinoBet(0, 50), Scripted(dice=[(6, 6), (6, 1)]))
    played = of_type(events, "casino")[0]
    assert played["pairs"] == 3 and played["win"] == 300 and played["jackpot"] == 450
    assert payments(events)[1:] == [(None, 0, 300, "casino_win"), (None, 0, 450, "jackpot")]
    assert game.jackpot == 0 and game.cash[0] == 1800 - 50 + 300 + 450
    capped = on_casino()
    capped.jackpot = 1000
    events = capped.apply(CasinoBet(0, 20), Scripted(dice=[(2, 2), (2, 1)]))   # PROPOSED: 10 bets at most
    assert of_type(events, "casino")[0]["jackpot"] == 200 and capped.jackpot == 1020 - 200


def test_yarmarok_casino_pairs_count_in_any_order() -> None:
    assert [pairs(f) for f in ((0, 1, 2), (0, 0, 1), (1, 0, 0), (0, 1, 0), (3, 3, 3))] == [0, 1, 1, 1, 3]


def test_yarmarok_casino_returns_the_bet_plus_a_36th_of_the_jackpot_on_average() -> None:
    """VARIANTS B3.7: over all 216 throws the bet comes back, and a 36th of the jackpot (here
    below the cap of ten bets)."""
    bet, jackpot = 36, 300
    total = 0
    for faces in itertools.product(range(1, 7), repeat=3):
        game = on_casino()
        game.jackpot = jackpot
        chance = Scripted(dice=[(faces[0], faces[1]), (faces[2], 1)])
        game.apply(CasinoBet(0, bet), chance)
        total += game.cash[0] - (1800 - bet)
    assert total == 216 * bet + 6 * (jackpot + bet)                    # E = bet + (jackpot + bet) / 36


def test_yarmarok_casino_by_a_card_is_compulsory_at_least_50() -> None:
    game = on_casino(card=True)
    legal = game.legal(0)
    assert legal.amount == (50, 1800) and Skip(0) not in legal.actions   # SEED L78: «виконуйте»
    assert game.safe_action(0) == CasinoBet(0, 50)
    assert_illegal(game, Skip(0), "offer.optional")
    assert_illegal(game, CasinoBet(0, 49), "casino.bet")
    game.apply(CasinoBet(0, 50), Scripted(dice=[(1, 2), (3, 1)]))
    assert game.jackpot == 50


def test_yarmarok_casino_by_a_card_short_of_50_bets_all_the_cash() -> None:
    game = on_casino(cash=30, card=True)
    assert game.legal(0).amount == (30, 30) and game.safe_action(0) == CasinoBet(0, 30)


def test_yarmarok_casino_throws_are_the_actions_chance() -> None:
    game = on_casino()
    assert game.needs_chance(CasinoBet(0, 10)) and game.needs_chance(RollCredit(0))
    with pytest.raises(IllegalAction):
        game.apply(CasinoBet(1, 10))


def test_yarmarok_casino_jackpot_out_of_the_wealth() -> None:
    game = on_casino()
    game.apply(CasinoBet(0, 300), Scripted(dice=[(1, 2), (3, 1)]))
    assert H.net_worth(game, 0) == 1500 + 200 and game.jackpot == 300   # VARIANTS B3.7


# -- serialisation ---------------------------------------------------------------------------

def test_yarmarok_deposit_and_jackpot_round_trip() -> None:
    game = on_casino()
    game.apply(CasinoBet(0, 300), Scripted(dice=[(1, 2), (3, 1)]))
    data = game.to_json()
    assert data["deposit"] == [200, 200] and data["jackpot"] == 300 and data["transferred"] == [False, False]
    back = Game.from_json(data, RULES)
    assert back.to_json() == data and back.state_hash() == game.state_hash()
    for preset in ("zemlevlasnyk", "klasyka"):
        other = Game.new(load_rules(preset), 2, first=0).to_json()
        assert not {"deposit", "jackpot", "transferred", "auctioned"} & set(other)

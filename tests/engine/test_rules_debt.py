"""RULES.md, "Debt and bankruptcy": the game waits for the debtor, who sells and mortgages
and then pays; automatic bankruptcy when even everything raised falls short; bankruptcy to a
player or to the bank; resigning; the last player wins; the clock's SettleDebt."""
from __future__ import annotations

from helpers.engine import (
    BANK,
    RULES,
    act,
    assert_illegal,
    decisions,
    give,
    new_game,
    of_type,
    payments,
)

from zemlevlasnyk.engine import (
    Build,
    Buy,
    Debt,
    DeclareBankruptcy,
    EndTurn,
    Game,
    Mortgage,
    PayDebt,
    Phase,
    Resign,
    Roll,
    SellBuilding,
    SettleDebt,
)

STATIONS = (5, 15, 25, 35)
RELEASE = RULES.card_index["release"]


def owes_station_rent(players: int = 2, cash: int = 10_000) -> Game:
    """Seat 0 rolls onto seat 1's Північний вокзал, four stations owned: rent 20 000."""
    game = new_game(players)
    give(game, 1, *STATIONS)
    game.cash[0] = cash
    return game


def test_debt_game_waits_for_the_debtor() -> None:
    game = owes_station_rent()
    give(game, 0, 39)                                # mortgage value 19 000
    events = act(game, Roll(0), dice=[(2, 3)])
    assert of_type(events, "debt") == [
        {"type": "debt", "debtor": 0, "creditor": 1, "amount": 20_000, "reason": "rent"}]
    assert game.phase is Phase.DEBT and decisions(game) == [(0, "debt")]
    assert game.cash[0] == 10_000 and payments(events) == []
    assert_illegal(game, PayDebt(0), "debt.cash")
    assert_illegal(game, EndTurn(0), "turn.end_after_roll")
    assert_illegal(game, Roll(1), "turn.not_yours")
    act(game, Mortgage(0, 39))
    events = act(game, PayDebt(0))
    assert payments(events) == [(0, 1, 20_000, "rent")]
    assert game.phase is Phase.POST_ROLL and game.cash[0] == 9_000


def test_debt_sell_buildings_then_pay() -> None:
    game = owes_station_rent()
    give(game, 0, 1, 3)
    game.buildings[1] = game.buildings[3] = 2           # 4 × 2 500 = 10 000 raisable
    act(game, Roll(0), dice=[(2, 3)])
    assert game.phase is Phase.DEBT
    for c in (1, 3, 1, 3):
        act(game, SellBuilding(0, c))
    assert game.cash[0] == 20_000
    act(game, PayDebt(0))
    assert game.cash[0] == 0 and game.alive[0]


def test_debt_automatic_bankruptcy_when_it_cannot_be_raised() -> None:
    game = owes_station_rent(players=3, cash=10_000)
    give(game, 0, 3)                                      # 3 500 more: still short
    events = act(game, Roll(0), dice=[(2, 3)])
    # 10 000 cash + 3 500 from mortgaging Кожум'яки could not pay 20 000 of station rent.
    assert of_type(events, "bankrupt") == [{"type": "bankrupt", "seat": 0, "creditor": 1, "owed": 20_000,
                                            "reason": "rent", "raisable": 13_500}]
    assert not game.alive[0] and game.active == 1 and game.phase is Phase.PRE_ROLL


def test_debt_exactly_raisable_is_not_bankruptcy() -> None:
    game = owes_station_rent(cash=16_500)
    give(game, 0, 3)                                      # 16 500 + 3 500 = 20 000
    act(game, Roll(0), dice=[(2, 3)])
    assert game.phase is Phase.DEBT and game.alive[0]


def test_debt_bankrupt_to_a_player_gets_everything() -> None:
    game = owes_station_rent(players=3, cash=1_000)
    give(game, 0, 1, 3, 12)
    game.buildings[1] = game.buildings[3] = 1
    game.mortgaged[12] = True
    game.deck.remove(RELEASE)
    game.cards_held[0] = [RELEASE]
    events = act(game, Roll(0), dice=[(2, 3)])
    assert payments(events) == [(None, 0, 2_500, "building_sold"),
                                (None, 0, 2_500, "building_sold"),
                                (0, 1, 6_000, "bankruptcy")]
    assert game.owner[1] == game.owner[3] == game.owner[12] == 1
    assert game.buildings[1] == game.buildings[3] == 0
    assert game.mortgaged[12] and not game.mortgaged[1], "mortgages stay as they are"
    assert game.cards_held[1] == [RELEASE] and game.cards_held[0] == []
    assert [e["cell"] for e in of_type(events, "deed_transferred")] == [1, 3, 12]
    assert game.cash[0] == 0 and game.cash[1] == 156_000
    assert of_type(events, "eliminated") == [{"type": "eliminated", "seat": 0}]


def test_debt_bankrupt_to_the_bank_returns_deeds_unowned() -> None:
    game = new_game(3)
    game.cash[0] = 1_000
    give(game, 0, 1, 3, 12)
    game.buildings[1] = game.buildings[3] = 1
    game.mortgaged[12] = True
    game.deck.remove(RELEASE)
    game.cards_held[0] = [RELEASE]
    events = act(game, Roll(0), dice=[(1, 3)])            # Земельний податок: 20 000
    assert of_type(events, "bankrupt") == [{"type": "bankrupt", "seat": 0, "creditor": None, "owed": 20_000,
                                            "reason": "tax", "raisable": 1_000 + 2 * 2_500 + 2_500 + 3_500}]
    assert payments(events) == [(0, None, 1_000, "bankruptcy")]
    for c in (1, 3, 12):
        assert game.owner[c] == BANK and not game.mortgaged[c] and game.buildings[c] == 0
    assert RELEASE in game.deck and game.cards_held[0] == []
    assert game.active == 1
    # the deeds can be bought again
    game.pos[1] = 9
    act(game, Roll(1), dice=[(1, 2)])
    assert game.phase is Phase.BUY and game.pending_buy == 12
    act(game, Buy(1))
    assert game.owner[12] == 1 and not game.mortgaged[12]


def test_debt_declare_bankruptcy_instead_of_raising() -> None:
    game = owes_station_rent(players=3)
    give(game, 0, 39)
    act(game, Roll(0), dice=[(2, 3)])
    events = act(game, DeclareBankruptcy(0))
    bankrupt = of_type(events, "bankrupt")[0]
    assert bankrupt["creditor"] == 1 and bankrupt["owed"] == 20_000 and bankrupt["reason"] == "rent"
    assert game.owner[39] == 1 and not game.alive[0]


def test_debt_only_when_owed() -> None:
    game = new_game()
    assert_illegal(game, PayDebt(0), "debt.owed")
    assert_illegal(game, SettleDebt(0), "debt.owed")
    assert_illegal(game, DeclareBankruptcy(0), "debt.owed")


def test_debt_resign_is_bankruptcy_to_the_bank() -> None:
    game = new_game(3)
    give(game, 0, 5, 15)
    game.mortgaged[15] = True
    events = act(game, Resign(0))
    assert of_type(events, "resigned") == [{"type": "resigned", "seat": 0}]
    bankrupt = of_type(events, "bankrupt")[0]
    assert bankrupt["creditor"] is None and bankrupt["owed"] is None and bankrupt["reason"] is None
    assert payments(events) == [(0, None, 150_000, "bankruptcy")]
    assert game.owner[5] == game.owner[15] == BANK and not game.mortgaged[15]
    assert game.active == 1 and game.phase is Phase.PRE_ROLL and game.outcome() is None


def test_debt_resign_on_own_turn_only() -> None:
    game = owes_station_rent()
    assert_illegal(game, Resign(1), "turn.not_yours")
    give(game, 0, 39)
    act(game, Roll(0), dice=[(2, 3)])
    assert_illegal(game, Resign(0), "bankruptcy.resign_on_turn")


def test_debt_last_player_left_wins() -> None:
    game = owes_station_rent(players=2, cash=1_000)
    events = act(game, Roll(0), dice=[(2, 3)])
    assert game.outcome().winner == 1 and not game.outcome().draw
    assert of_type(events, "game_won") == [{"type": "game_won", "seat": 1}]
    assert game.pending() == [] and game.legal(1).actions == ()
    assert_illegal(game, Roll(1), "game.over")


def test_debt_resign_two_players_other_wins() -> None:
    game = new_game(2)
    act(game, Resign(0))
    assert game.outcome().winner == 1


def test_debt_settle_sells_evenly_mortgages_cheapest_then_pays() -> None:
    game = owes_station_rent(cash=0)
    give(game, 0, 1, 3, 6, 8, 9, 12, 39)
    game.buildings[6], game.buildings[8], game.buildings[9] = 2, 2, 1
    game.buildings[1] = game.buildings[3] = 1
    act(game, Roll(0), dice=[(2, 3)])
    assert game.phase is Phase.DEBT and game.safe_action(0) == SettleDebt(0)
    events = act(game, SettleDebt(0))
    assert [e["cell"] for e in of_type(events, "building_sold")] == [8, 6, 9, 8, 6, 3, 1]
    assert [e["cell"] for e in of_type(events, "mortgaged")] == [1]
    assert payments(events)[-1] == (0, 1, 20_000, "rent")
    assert game.cash[0] == 0 and not game.mortgaged[12] and not game.mortgaged[39]
    assert game.phase is Phase.POST_ROLL


def test_debt_settle_mortgages_cheapest_first() -> None:
    game = owes_station_rent(cash=0)
    give(game, 0, 39, 12, 28, 37)
    act(game, Roll(0), dice=[(2, 3)])
    events = act(game, SettleDebt(0))
    # utilities 7 500 each (15 000), then Півколо садів 17 000
    assert [e["cell"] for e in of_type(events, "mortgaged")] == [12, 28, 37]
    assert game.cash[0] == 32_000 - 20_000


def test_debt_build_and_redeem_not_while_in_debt() -> None:
    game = owes_station_rent()
    give(game, 0, 1, 3, 39)
    act(game, Roll(0), dice=[(2, 3)])
    assert_illegal(game, Build(0, 1), "turn.manage")


def test_debt_after_a_double_then_roll_again() -> None:
    game = owes_station_rent(cash=5_000)
    give(game, 0, 39)
    game.pos[0] = 1
    act(game, Roll(0), dice=[(2, 2)])
    assert game.phase is Phase.DEBT and game.reroll
    act(game, Mortgage(0, 39))
    act(game, PayDebt(0))
    assert game.phase is Phase.POST_ROLL and game.safe_action(0) == Roll(0)


def test_debt_several_creditors_one_declared_bankrupt_others_go_on() -> None:
    game = new_game(3)
    game.cash[1] = 500
    give(game, 1, 39)
    game.pos[0] = 4
    act(game, Roll(0), dice=[(1, 2)], cards=["birthday"])
    assert decisions(game) == [(1, "debt")]
    events = act(game, DeclareBankruptcy(1))
    assert payments(events) == [(1, 0, 500, "bankruptcy"), (2, 0, 1_000, "card:birthday")]
    assert game.owner[39] == 0 and game.phase is Phase.POST_ROLL and game.active == 0


def test_debt_chairman_second_creditor_waits_for_the_raise() -> None:
    game = new_game(3)
    game.cash[0] = 3_000
    give(game, 0, 39)
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(1, 2)], cards=["chairman"])
    assert payments(events) == [(0, 1, 2_500, "card:chairman")]
    assert game.phase is Phase.DEBT and game.debts == [Debt(0, 2, 2_500, "card:chairman")]
    events = act(game, SettleDebt(0))
    assert payments(events) == [(None, 0, 19_000, "mortgage"), (0, 2, 2_500, "card:chairman")]
    assert game.phase is Phase.POST_ROLL

"""RULES.md, "Mortgage": half the price from the bank, no buildings in the group, redeem for
that plus 10%, on your turn (mortgage also while raising money); a mortgaged deed changes
hands mortgaged."""
from __future__ import annotations

from helpers.engine import act, assert_illegal, give, new_game, of_type, payments

from zemlevlasnyk.engine import (
    AcceptTrade,
    Build,
    Buy,
    Mortgage,
    PayDebt,
    Phase,
    ProposeTrade,
    Redeem,
    Roll,
)


def test_mortgage_pays_half_the_price() -> None:
    game = new_game()
    give(game, 0, 3, 5, 12)
    events = act(game, Mortgage(0, 3))
    assert payments(events) == [(None, 0, 3_500, "mortgage")]
    assert of_type(events, "mortgaged") == [
        {"type": "mortgaged", "seat": 0, "cell": 3, "amount": 3_500}]
    assert game.mortgaged[3]
    assert payments(act(game, Mortgage(0, 5))) == [(None, 0, 10_000, "mortgage")]
    assert payments(act(game, Mortgage(0, 12))) == [(None, 0, 7_500, "mortgage")]


def test_mortgage_no_buildings_in_the_group() -> None:
    game = new_game()
    give(game, 0, 1, 3)
    act(game, Build(0, 1))
    assert_illegal(game, Mortgage(0, 3), "mortgage.no_buildings_in_group")
    assert_illegal(game, Mortgage(0, 1), "mortgage.no_buildings_in_group")


def test_mortgage_own_unmortgaged_property_only() -> None:
    game = new_game()
    give(game, 1, 3)
    assert_illegal(game, Mortgage(0, 3), "mortgage.own_property")
    assert_illegal(game, Mortgage(0, 2), "mortgage.own_property")
    give(game, 0, 5)
    act(game, Mortgage(0, 5))
    assert_illegal(game, Mortgage(0, 5), "mortgage.already_mortgaged")


def test_mortgage_redeem_costs_ten_percent_more() -> None:
    game = new_game()
    give(game, 0, 3, 5)
    game.mortgaged[3] = game.mortgaged[5] = True
    events = act(game, Redeem(0, 3))
    assert payments(events) == [(0, None, 3_850, "redeem")]
    assert not game.mortgaged[3]
    assert payments(act(game, Redeem(0, 5))) == [(0, None, 11_000, "redeem")]


def test_mortgage_redeem_needs_the_cash() -> None:
    game = new_game()
    give(game, 0, 3)
    game.mortgaged[3] = True
    game.cash[0] = 3_849
    assert_illegal(game, Redeem(0, 3), "mortgage.redeem_cash")
    game.cash[0] = 3_850
    act(game, Redeem(0, 3))
    assert game.cash[0] == 0


def test_mortgage_redeem_only_a_mortgaged_own_deed() -> None:
    game = new_game()
    give(game, 0, 3)
    assert_illegal(game, Redeem(0, 3), "mortgage.not_mortgaged")
    give(game, 1, 5)
    game.mortgaged[5] = True
    assert_illegal(game, Redeem(0, 5), "mortgage.own_property")


def test_mortgage_redeem_on_own_turn_only() -> None:
    game = new_game()
    give(game, 1, 5)
    game.mortgaged[5] = True
    assert_illegal(game, Redeem(1, 5), "turn.not_yours")
    give(game, 0, 15)
    game.mortgaged[15] = True
    act(game, Roll(0), dice=[(1, 2)])
    assert game.phase is Phase.BUY
    assert_illegal(game, Redeem(0, 15), "turn.manage")
    act(game, Buy(0))
    act(game, Redeem(0, 15))


def test_mortgage_while_raising_money_for_a_debt() -> None:
    game = new_game()
    give(game, 0, 5)
    give(game, 1, 39)
    game.cash[0] = 1_000
    game.pos[0] = 36
    act(game, Roll(0), dice=[(1, 2)])                     # Маякова коса: 2 700
    assert game.phase is Phase.DEBT
    assert_illegal(game, Redeem(0, 5), "turn.manage")
    act(game, Mortgage(0, 5))
    events = act(game, PayDebt(0))
    assert payments(events) == [(0, 1, 2_700, "rent")]


def test_mortgage_changes_hands_mortgaged_in_a_trade() -> None:
    game = new_game()
    give(game, 0, 5)
    game.mortgaged[5] = True
    act(game, ProposeTrade(0, 1, (5,), (), 0))
    events = act(game, AcceptTrade(1))
    assert game.owner[5] == 1 and game.mortgaged[5]
    assert payments(events) == [], "no fee on a mortgaged deed received"
    # the new owner may redeem it on their own turn at the same price
    game.phase, game.active = Phase.PRE_ROLL, 1
    assert payments(act(game, Redeem(1, 5))) == [(1, None, 11_000, "redeem")]

"""RULES.md, "Jail": pay 5 000, a release card or a roll for a double; the third failed try;
just visiting; a jailed player still collects rent, builds and trades."""
from __future__ import annotations

import pytest
from helpers.engine import (
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
    ChanceRequired,
    EndTurn,
    Game,
    Mortgage,
    PayDebt,
    PayJailFee,
    Phase,
    ProposeTrade,
    Roll,
    RollForDouble,
    UseReleaseCard,
)

JAIL = 10
RELEASE = RULES.card_index["release"]


def jailed_game(players: int = 2, tries: int = 0) -> Game:
    game = new_game(players)
    game.pos[0] = JAIL
    game.jailed[0] = True
    game.jail_tries[0] = tries
    return game


def hold_release_card(game: Game, seat: int) -> None:
    game.deck.remove(RELEASE)
    game.cards_held[seat].append(RELEASE)


def test_jail_choices_at_turn_start() -> None:
    game = jailed_game()
    hold_release_card(game, 0)
    kinds = {type(a) for a in game.legal(0).actions}
    assert {PayJailFee, UseReleaseCard, RollForDouble} <= kinds
    assert Roll not in kinds
    assert_illegal(game, Roll(0), "jail.choose")
    assert decisions(game) == [(0, "turn")]
    assert game.safe_action(0) == RollForDouble(0)


def test_jail_pay_fee_then_roll() -> None:
    game = jailed_game()
    events = act(game, PayJailFee(0))
    assert payments(events) == [(0, None, 5_000, "jail_fee")]
    assert not game.jailed[0] and game.phase is Phase.PRE_ROLL and game.pos[0] == JAIL
    assert of_type(events, "left_jail")[0]["how"] == "fee"
    give(game, 0, 15)
    act(game, Roll(0), dice=[(2, 3)])
    assert game.pos[0] == 15 and not game.reroll


def test_jail_pay_fee_then_double_rolls_again() -> None:
    game = jailed_game()
    give(game, 0, 14, 16)
    act(game, PayJailFee(0))
    act(game, Roll(0), dice=[(2, 2)])
    assert game.pos[0] == 14 and game.reroll
    act(game, Roll(0), dice=[(1, 1)])
    assert game.pos[0] == 16


def test_jail_pay_fee_needs_the_cash() -> None:
    game = jailed_game()
    game.cash[0] = 4_999
    assert_illegal(game, PayJailFee(0), "jail.fee_cash")


def test_jail_only_in_jail() -> None:
    game = new_game()
    assert_illegal(game, PayJailFee(0), "jail.in_jail")
    assert_illegal(game, RollForDouble(0), "jail.in_jail")
    assert_illegal(game, UseReleaseCard(0), "jail.in_jail")


def test_jail_release_card_then_roll() -> None:
    game = jailed_game()
    hold_release_card(game, 0)
    events = act(game, UseReleaseCard(0))
    assert not game.jailed[0] and game.cards_held[0] == []
    assert RELEASE in game.deck, "a used release card goes back to the deck"
    assert payments(events) == []
    assert of_type(events, "card_returned") == [{"type": "card_returned", "card": "release"}]
    give(game, 0, 13)
    act(game, Roll(0), dice=[(1, 2)])
    assert game.pos[0] == 13


def test_jail_release_card_must_be_held() -> None:
    assert_illegal(jailed_game(), UseReleaseCard(0), "jail.release_card")


def test_jail_roll_for_double_leaves_and_moves_without_extra_roll() -> None:
    game = jailed_game()
    give(game, 0, 16)
    events = act(game, RollForDouble(0), dice=[(3, 3)])
    assert not game.jailed[0] and game.pos[0] == 16
    assert of_type(events, "left_jail")[0]["how"] == "double"
    assert payments(events) == []
    assert game.phase is Phase.POST_ROLL and not game.reroll
    assert_illegal(game, Roll(0), "turn.roll_once")
    act(game, EndTurn(0))
    assert game.active == 1


def test_jail_failed_roll_stays_and_turn_ends() -> None:
    game = jailed_game()
    events = act(game, RollForDouble(0), dice=[(1, 2)])
    assert game.jailed[0] and game.pos[0] == JAIL and game.jail_tries[0] == 1
    assert of_type(events, "jail_roll_failed")[0]["tries"] == 1
    assert game.phase is Phase.POST_ROLL and game.safe_action(0) == EndTurn(0)
    act(game, EndTurn(0))
    assert game.active == 1


def test_jail_third_failed_try_pays_and_moves_by_that_roll() -> None:
    game = jailed_game(tries=2)
    give(game, 0, 13)
    events = act(game, RollForDouble(0), dice=[(1, 2)])
    assert payments(events) == [(0, None, 5_000, "jail_fee")]
    assert not game.jailed[0] and game.pos[0] == 13 and game.jail_tries[0] == 0
    assert of_type(events, "left_jail")[0]["how"] == "third_try"
    assert game.phase is Phase.POST_ROLL and not game.reroll


def test_jail_third_failed_try_short_of_cash_is_a_debt() -> None:
    game = jailed_game(tries=2)
    game.cash[0] = 2_000
    give(game, 0, 35)
    events = act(game, RollForDouble(0), dice=[(3, 4)])
    assert game.phase is Phase.DEBT and game.jailed[0] and game.pos[0] == JAIL
    assert of_type(events, "debt")[0]["amount"] == 5_000
    assert decisions(game) == [(0, "debt")]
    act(game, Mortgage(0, 35))
    pay = PayDebt(0)
    assert game.needs_chance(pay), "moving by the third roll may land on Фортуна"
    before = game.to_json()
    with pytest.raises(ChanceRequired):
        game.apply(pay)
    assert game.to_json() == before
    events = act(game, pay, cards=["dividends"])   # 10 + 7 = Фортуна at 17
    assert payments(events)[0] == (0, None, 5_000, "jail_fee")
    assert game.pos[0] == 17 and not game.jailed[0]
    assert of_type(events, "card_drawn")[0]["card"] == "dividends"
    assert game.phase is Phase.POST_ROLL


def test_jail_third_failed_try_bankrupt_when_it_cannot_be_raised() -> None:
    game = jailed_game(players=3, tries=2)
    game.cash[0] = 1_000
    events = act(game, RollForDouble(0), dice=[(1, 2)])
    assert not game.alive[0]
    assert of_type(events, "bankrupt") == [{"type": "bankrupt", "seat": 0, "creditor": None, "owed": 5_000,
                                            "reason": "jail_fee", "raisable": 1_000}]
    assert game.active == 1 and game.phase is Phase.PRE_ROLL


def test_jail_just_visiting() -> None:
    game = new_game()
    game.pos[0] = 6
    give(game, 0, 3, 6)
    act(game, Roll(0), dice=[(1, 3)])
    assert game.pos[0] == JAIL and not game.jailed[0]
    act(game, EndTurn(0))
    act(game, Roll(1), dice=[(1, 2)])
    act(game, EndTurn(1))
    assert Roll(0) in game.legal(0).actions


def test_jail_owner_collects_rent_while_jailed() -> None:
    game = jailed_game()
    give(game, 0, 3)
    act(game, RollForDouble(0), dice=[(1, 2)])
    act(game, EndTurn(0))
    events = act(game, Roll(1), dice=[(1, 2)])
    assert payments(events) == [(1, 0, 500, "rent")]


def test_jail_jailed_player_builds_mortgages_and_trades() -> None:
    game = jailed_game()
    give(game, 0, 1, 3, 5)
    give(game, 1, 12)
    act(game, Build(0, 1))
    assert game.buildings[1] == 1
    act(game, Mortgage(0, 5))
    assert game.mortgaged[5]
    act(game, ProposeTrade(0, 1, (5,), (12,), 0))
    assert game.phase is Phase.TRADE
    # after a failed roll too
    game2 = jailed_game()
    give(game2, 0, 1, 3)
    act(game2, RollForDouble(0), dice=[(1, 2)])
    act(game2, Build(0, 3))
    assert game2.buildings[3] == 1


def test_jail_third_failed_try_bankrupt_ends_a_two_player_game() -> None:
    game = jailed_game(players=2, tries=2)
    game.cash[0] = 100
    act(game, RollForDouble(0), dice=[(1, 2)])
    assert game.outcome().winner == 1

"""RULES.md, "Trade": on your turn (jail included), properties both ways and money in either
direction, no property of a built group, one proposal per partner per turn and one open at
a time, money held at acceptance, release cards not tradeable."""
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
    AcceptTrade,
    DeclineTrade,
    EndTurn,
    Game,
    Phase,
    ProposeTrade,
    Roll,
    action_from_json,
)


def trade_game(players: int = 3) -> Game:
    game = new_game(players)
    give(game, 0, 5, 12)
    give(game, 1, 15, 28)
    return game


def test_trade_proposed_then_partner_answers() -> None:
    game = trade_game()
    events = act(game, ProposeTrade(0, 1, (5,), (15,), 0))
    assert of_type(events, "trade_proposed")[0] == {
        "type": "trade_proposed", "from": 0, "to": 1, "give": [5], "take": [15], "money": 0}
    assert game.phase is Phase.TRADE and decisions(game) == [(1, "trade_answer")]
    assert game.safe_action(1) == DeclineTrade(1)
    assert_illegal(game, AcceptTrade(2), "turn.not_yours")
    act(game, AcceptTrade(1))
    assert game.owner[5] == 1 and game.owner[15] == 0
    assert game.phase is Phase.PRE_ROLL and decisions(game) == [(0, "turn")]


def test_trade_declined_changes_nothing() -> None:
    game = trade_game()
    act(game, ProposeTrade(0, 1, (5,), (15,), 1_000))
    events = act(game, DeclineTrade(1))
    assert of_type(events, "trade_declined") == [{"type": "trade_declined", "from": 0, "to": 1}]
    assert game.owner[5] == 0 and game.owner[15] == 1 and payments(events) == []
    assert game.phase is Phase.PRE_ROLL


def test_trade_money_from_proposer() -> None:
    game = trade_game()
    act(game, ProposeTrade(0, 1, (), (15,), 12_000))
    events = act(game, AcceptTrade(1))
    assert payments(events) == [(0, 1, 12_000, "trade")]
    assert game.owner[15] == 0


def test_trade_money_from_partner() -> None:
    game = trade_game()
    act(game, ProposeTrade(0, 1, (5, 12), (), -30_000))
    events = act(game, AcceptTrade(1))
    assert payments(events) == [(1, 0, 30_000, "trade")]
    assert game.owner[5] == game.owner[12] == 1


def test_trade_money_offered_must_be_held() -> None:
    game = trade_game()
    game.cash[0] = 9_999
    assert_illegal(game, ProposeTrade(0, 1, (), (15,), 10_000), "trade.money_held")


def test_trade_money_asked_must_be_held_at_acceptance() -> None:
    game = trade_game()
    game.cash[1] = 4_000
    act(game, ProposeTrade(0, 1, (5,), (), -5_000))
    assert_illegal(game, AcceptTrade(1), "trade.money_held")
    assert AcceptTrade(1) not in game.legal(1).actions
    act(game, DeclineTrade(1))


def test_trade_one_proposal_per_partner_per_turn() -> None:
    game = trade_game()
    give(game, 2, 25)
    act(game, ProposeTrade(0, 1, (5,), (15,), 0))
    act(game, DeclineTrade(1))
    assert_illegal(game, ProposeTrade(0, 1, (12,), (15,), 0), "trade.once_per_turn")
    assert game.legal(0).trade_partners == (2,)
    act(game, ProposeTrade(0, 2, (5,), (25,), 0))
    act(game, DeclineTrade(2))
    assert game.legal(0).trade_partners == ()
    # after the roll, still the same turn
    game.owner[3] = 0
    act(game, Roll(0), dice=[(1, 2)])
    assert_illegal(game, ProposeTrade(0, 1, (5,), (15,), 0), "trade.once_per_turn")
    act(game, EndTurn(0))
    # a new turn: seat 1 may propose to seat 0, and seat 0 later again to seat 1
    act(game, ProposeTrade(1, 0, (15,), (5,), 0))
    act(game, DeclineTrade(0))
    assert game.legal(1).trade_partners == (2,)


def test_trade_one_open_at_a_time() -> None:
    game = trade_game()
    give(game, 2, 25)
    act(game, ProposeTrade(0, 1, (5,), (15,), 0))
    assert_illegal(game, ProposeTrade(0, 2, (5,), (25,), 0), "turn.not_yours")
    assert_illegal(game, ProposeTrade(1, 0, (15,), (5,), 0), "trade.on_turn")


def test_trade_on_own_turn_only() -> None:
    game = trade_game()
    assert_illegal(game, ProposeTrade(1, 0, (15,), (5,), 0), "turn.not_yours")
    act(game, Roll(0), dice=[(1, 2)])
    assert game.phase is Phase.BUY
    assert_illegal(game, ProposeTrade(0, 1, (5,), (15,), 0), "trade.on_turn")


def test_trade_while_in_jail() -> None:
    game = trade_game()
    game.jailed[0] = True
    game.pos[0] = 10
    act(game, ProposeTrade(0, 1, (5,), (15,), 0))
    act(game, AcceptTrade(1))
    assert game.owner[15] == 0 and game.jailed[0] and game.phase is Phase.PRE_ROLL


def test_trade_no_property_of_a_built_group() -> None:
    game = trade_game()
    give(game, 0, 6, 8, 9)
    game.buildings[8] = 1
    assert_illegal(game, ProposeTrade(0, 1, (6,), (15,), 0), "trade.no_built_group")
    give(game, 1, 1, 3)
    game.buildings[1] = 1
    assert_illegal(game, ProposeTrade(0, 1, (5,), (3,), 0), "trade.no_built_group")


def test_trade_group_built_after_proposal_cannot_be_accepted() -> None:
    game = trade_game()
    give(game, 1, 1, 3)
    act(game, ProposeTrade(0, 1, (5,), (3,), 0))
    game.buildings[1] = 1   # cannot happen in play: a guard on acceptance all the same
    assert_illegal(game, AcceptTrade(1), "trade.no_built_group")


@pytest.mark.parametrize("give_, take, why", [
    ((), (), "trade.property"),
    ((15,), (), "trade.property"),            # not the proposer's
    ((5,), (12,), "trade.property"),          # not the partner's
    ((2,), (), "trade.property"),             # not a property
    ((5, 5), (), "trade.property"),
    ((99,), (), "trade.property"),
    ((-1,), (), "trade.property"),
])
def test_trade_only_own_deeds(give_, take, why) -> None:
    assert_illegal(trade_game(), ProposeTrade(0, 1, give_, take, 0), why)


@pytest.mark.parametrize("to", [0, 3, -1])
def test_trade_partner_is_another_player_in_the_game(to: int) -> None:
    assert_illegal(trade_game(), ProposeTrade(0, to, (5,), (), 0), "trade.partner")


def test_trade_partner_out_of_the_game() -> None:
    game = trade_game()
    game.alive[2] = False
    game.cash[2] = 0
    assert_illegal(game, ProposeTrade(0, 2, (5,), (), 0), "trade.partner")


def test_trade_mortgaged_changes_hands_mortgaged() -> None:
    game = trade_game()
    game.mortgaged[15] = True
    act(game, ProposeTrade(0, 1, (), (15,), 0))
    events = act(game, AcceptTrade(1))
    assert game.owner[15] == 0 and game.mortgaged[15] and payments(events) == []


def test_trade_release_card_is_not_tradeable() -> None:
    game = trade_game()
    release = RULES.card_index["release"]
    game.deck.remove(release)
    game.cards_held[0] = [release]
    # A trade may carry a card only with a face value («Ярмарок»'s certificate).
    offer = action_from_json({"type": "propose_trade", "seat": 0, "to": 1, "give": [5],
                              "take": [], "money": 0, "cards": ["release"]})
    assert_illegal(game, offer, "trade.card")
    act(game, ProposeTrade(0, 1, (5,), (), 0))
    act(game, AcceptTrade(1))
    assert game.cards_held == [[release], [], []]

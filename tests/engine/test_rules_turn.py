"""RULES.md, "Start and turn order" and "A turn": starting money, who moves first, movement,
Старт money, resolving the cell, buying, doubles and the third double."""
from __future__ import annotations

import pytest
from helpers.engine import (
    RULES,
    act,
    assert_illegal,
    cell,
    decisions,
    give,
    new_game,
    of_type,
    payments,
)

from zemlevlasnyk.engine import (
    Buy,
    ChanceRequired,
    EndTurn,
    Entropy,
    Game,
    Mortgage,
    Phase,
    Roll,
    Scripted,
    SendToAuction,
)

START = 0
JAIL = 10
GO_TO_JAIL = 30


def own_everything(game: Game, seat: int) -> None:
    """Give `seat` every property, so landings resolve to nothing."""
    give(game, seat, *RULES.properties)


# -- start and turn order ---------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_money_and_places(players: int) -> None:
    game = new_game(players)
    assert game.cash == [150_000] * players
    assert game.pos == [START] * players
    assert game.phase is Phase.PRE_ROLL and game.turn == 1
    assert decisions(game) == [(0, "turn")]


def test_start_players_two_to_four() -> None:
    for players in (1, 5):
        with pytest.raises(ValueError):
            Game.new(RULES, players, first=0)


def test_start_first_player_is_drawn() -> None:
    game = Game.new(RULES, 4, chance=Scripted(picks=[2]))
    assert game.first == 2 and game.active == 2
    assert decisions(game) == [(2, "turn")]
    firsts = {Game.new(RULES, 4, chance=Entropy(bytes([i]))).first for i in range(1, 60)}
    assert firsts == {0, 1, 2, 3}


def test_start_first_player_needs_chance() -> None:
    with pytest.raises(ChanceRequired):
        Game.new(RULES, 3)


def test_turn_order_is_seat_order() -> None:
    game = new_game(3, first=1)
    own_everything(game, 2)
    game.owner[cell("Садова")] = 1  # seat 1 lands on its own street
    order = []
    for _ in range(4):
        seat = game.active
        order.append(seat)
        game.owner[6] = seat
        game.pos[seat] = 0
        act(game, Roll(seat), dice=[(2, 4)])
        events = act(game, EndTurn(seat))
        assert of_type(events, "turn_started")[0]["seat"] == game.active
    assert order == [1, 2, 0, 1]


def test_turn_only_the_active_player_rolls() -> None:
    game = new_game(3)
    assert_illegal(game, Roll(1), "turn.not_yours")
    assert_illegal(game, EndTurn(0), "turn.end_after_roll")


# -- movement and Старт money -------------------------------------------------------------

def test_turn_roll_moves_forward_by_the_dice_total() -> None:
    game = new_game()
    events = act(game, Roll(0), dice=[(2, 3)])
    assert game.pos[0] == 5
    moved = of_type(events, "moved")[0]
    assert (moved["from"], moved["to"], moved["steps"], moved["passed_start"]) == (0, 5, 5, False)
    assert of_type(events, "dice_rolled")[0]["dice"] == [2, 3]
    assert game.phase is Phase.BUY and game.pending_buy == 5
    assert decisions(game) == [(0, "buy")]


def test_turn_passing_start_pays_salary() -> None:
    game = new_game()
    game.pos[0] = 35
    give(game, 0, 35, 1)
    events = act(game, Roll(0), dice=[(2, 4)])
    assert game.pos[0] == 1
    assert payments(events) == [(None, 0, 20_000, "start_salary")]
    assert game.cash[0] == 170_000


def test_turn_landing_on_start_pays_salary() -> None:
    game = new_game()
    game.pos[0] = 37
    events = act(game, Roll(0), dice=[(1, 2)])
    assert game.pos[0] == START
    assert payments(events) == [(None, 0, 20_000, "start_salary")]
    assert game.phase is Phase.POST_ROLL


def test_turn_no_salary_when_sent_to_jail() -> None:
    game = new_game()
    game.pos[0] = 25
    events = act(game, Roll(0), dice=[(2, 3)])
    assert game.pos[0] == JAIL and game.jailed[0]
    assert payments(events) == []
    assert of_type(events, "sent_to_jail")[0]["reason"] == "go_to_jail_cell"
    # the turn ends at once
    assert game.active == 1 and game.phase is Phase.PRE_ROLL


def test_turn_no_salary_when_moving_backwards() -> None:
    game = new_game()
    game.pos[0] = 40 - 1  # to land on Фортуна at cell 2 by passing Старт
    give(game, 0, cell("Маякова коса"))
    events = act(game, Roll(0), dice=[(1, 2)], cards=["back_three"])
    assert game.pos[0] == 39
    # the salary for passing forward, none for stepping back over Старт
    assert payments(events) == [(None, 0, 20_000, "start_salary")]
    back = of_type(events, "moved")[1]
    assert back["steps"] == -3 and back["passed_start"] is False


# -- resolving the cell -------------------------------------------------------------------

def test_turn_buy_at_the_price() -> None:
    game = new_game()
    act(game, Roll(0), dice=[(1, 2)])
    events = act(game, Buy(0))
    assert payments(events) == [(0, None, 7_000, "purchase")]
    assert game.owner[3] == 0 and game.cash[0] == 143_000
    assert game.phase is Phase.POST_ROLL


def test_turn_buy_needs_the_cash() -> None:
    game = new_game()
    game.cash[0] = 6_000
    act(game, Roll(0), dice=[(1, 2)])
    assert_illegal(game, Buy(0), "buy.cash")


def test_turn_buy_may_raise_cash_while_deciding() -> None:
    game = new_game()
    game.cash[0] = 6_000
    give(game, 0, cell("Аеродром"))
    act(game, Roll(0), dice=[(1, 2)])
    events = act(game, Mortgage(0, 35))
    assert payments(events) == [(None, 0, 10_000, "mortgage")]
    act(game, Buy(0))
    assert game.owner[3] == 0 and game.cash[0] == 9_000


def test_turn_own_property_nothing_happens() -> None:
    game = new_game()
    give(game, 0, 3)
    events = act(game, Roll(0), dice=[(1, 2)])
    assert payments(events) == [] and game.phase is Phase.POST_ROLL


def test_turn_tax_is_paid_to_the_bank() -> None:
    game = new_game()
    events = act(game, Roll(0), dice=[(1, 3)])
    assert payments(events) == [(0, None, 20_000, "tax")]
    game2 = new_game()
    game2.pos[0] = 34
    events = act(game2, Roll(0), dice=[(1, 3)])
    assert payments(events) == [(0, None, 10_000, "tax")]


@pytest.mark.parametrize("target", [JAIL, 20])
def test_turn_corner_nothing_happens(target: int) -> None:
    game = new_game()
    game.pos[0] = target - 5
    game.owner[target - 5] = 0
    events = act(game, Roll(0), dice=[(1, 4)])
    assert game.pos[0] == target and not game.jailed[0]
    assert payments(events) == [] and game.phase is Phase.POST_ROLL


def test_turn_end_turn_passes_to_the_next_seat() -> None:
    game = new_game(3)
    give(game, 0, 3)
    act(game, Roll(0), dice=[(1, 2)])
    assert_illegal(game, Roll(0), "turn.roll_once")
    events = act(game, EndTurn(0))
    assert game.active == 1 and game.turn == 2 and game.phase is Phase.PRE_ROLL
    assert of_type(events, "turn_started") == [{"type": "turn_started", "seat": 1, "turn": 2}]


# -- doubles --------------------------------------------------------------------------------

def test_turn_double_rolls_again() -> None:
    game = new_game()
    own_everything(game, 0)
    act(game, Roll(0), dice=[(3, 3)])
    assert game.phase is Phase.POST_ROLL and game.reroll
    assert_illegal(game, EndTurn(0), "turn.double_rolls_again")
    assert game.safe_action(0) == Roll(0)
    act(game, Roll(0), dice=[(1, 2)])
    assert game.pos[0] == 9 and not game.reroll
    act(game, EndTurn(0))
    assert game.active == 1


def test_turn_double_after_buying_still_rolls_again() -> None:
    game = new_game()
    act(game, Roll(0), dice=[(3, 3)])
    act(game, Buy(0))
    assert game.phase is Phase.POST_ROLL and game.reroll
    act(game, Roll(0), dice=[(1, 2)])
    act(game, SendToAuction(0))
    assert game.phase is Phase.AUCTION


def test_turn_three_doubles_go_to_jail_without_moving() -> None:
    game = new_game()
    own_everything(game, 0)
    act(game, Roll(0), dice=[(3, 3)])
    act(game, Roll(0), dice=[(4, 4)])
    assert game.pos[0] == 14
    events = act(game, Roll(0), dice=[(5, 5)])
    assert of_type(events, "moved") == []
    assert of_type(events, "sent_to_jail")[0]["reason"] == "three_doubles"
    assert game.pos[0] == JAIL and game.jailed[0]
    assert payments(events) == []
    assert game.active == 1 and game.phase is Phase.PRE_ROLL


def test_turn_doubles_count_afresh_each_turn() -> None:
    game = new_game()
    own_everything(game, 0)
    act(game, Roll(0), dice=[(3, 3)])
    act(game, Roll(0), dice=[(4, 4)])
    act(game, Roll(0), dice=[(2, 3)])
    act(game, EndTurn(0))
    game.pos[1] = 20
    own_everything(game, 1)
    act(game, Roll(1), dice=[(1, 2)])
    act(game, EndTurn(1))
    act(game, Roll(0), dice=[(2, 2)])
    assert not game.jailed[0] and game.doubles == 1


def test_turn_double_then_go_to_jail_ends_the_turn() -> None:
    game = new_game()
    game.pos[0] = 24
    events = act(game, Roll(0), dice=[(3, 3)])
    assert game.jailed[0] and game.pos[0] == JAIL
    assert of_type(events, "sent_to_jail")[0]["reason"] == "go_to_jail_cell"
    assert game.active == 1 and not game.reroll


def test_turn_dice_from_entropy_are_deterministic_and_fair() -> None:
    """Two dice from the seeded bit generator: the same seed gives the same rolls, every face
    comes up about equally often (rejection sampling, no `% 6` bias)."""
    a, b = Entropy(b"dice"), Entropy(b"dice")
    rolls = [a.roll(6) for _ in range(6_000)]
    assert rolls == [b.roll(6) for _ in range(6_000)]
    counts = [rolls.count(face) for face in range(1, 7)]
    assert all(900 <= c <= 1_100 for c in counts), counts
    assert Entropy(b"other").roll(6) in range(1, 7)
    with pytest.raises(ValueError):
        Entropy(b"")

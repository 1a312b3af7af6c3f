"""The computer players' answers to the speed die's choices (engine/bots/speed.py) at every
level: the bus's move and a triple's cell are legal; the thinking levels (and the tests'
beginner) never choose another player's rent, a tax or the jail when a cell that costs
nothing is on offer, and medium and hard go to the deed they would buy."""
from __future__ import annotations

import pytest
from helpers.engine import act, give

from zemlevlasnyk.engine import Game, MoveTo, Phase, Roll, TakeBus, load_rules
from zemlevlasnyk.engine.bots import LEVELS, make_bot

# The speed die as Scripted rolls it (engine/state.py SPEED_FACES: a d6's faces in order).
TWO, BUS = 2, 6
THINKING = ("beginner", "easy", "medium", "hard")


def _speed_game() -> Game:
    game = Game.new(load_rules("zemlevlasnyk", {"speed_die": True}), 2, first=0)
    game.lapped = [True, True]
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_bots_take_the_bus_to_the_deed_for_sale_not_to_the_rent(level: str) -> None:
    game = _speed_game()
    give(game, 1, 1, 3)
    game.buildings[1] = game.buildings[3] = 5               # a hotel on each: dear rent one die away
    act(game, Roll(0), dice=[(1, 5, BUS)])                  # 1, 5 or 6: Млинська, a station, Садова
    assert game.phase is Phase.BUS
    choice = make_bot(level, 7).choose(game, 0)
    assert isinstance(choice, TakeBus) and game.is_legal(choice)
    if level in THINKING:
        assert choice.steps in (5, 6), "never the hotel's rent"


@pytest.mark.parametrize("level", LEVELS)
def test_bots_send_a_triple_to_a_deed_worth_buying(level: str) -> None:
    game = _speed_game()
    rules = game.rules
    for_sale = 39                                           # Маякова коса, the dearest street
    give(game, 1, *[c for c in rules.properties if c != for_sale])
    act(game, Roll(0), dice=[(2, 2, TWO)])
    assert game.phase is Phase.TRIPLE
    choice = make_bot(level, 7).choose(game, 0)
    assert isinstance(choice, MoveTo) and game.is_legal(choice)
    if level in THINKING:
        cell = rules.cells[choice.cell]
        assert not cell.is_property or game.owner[choice.cell] != 1, "never a rent"
        assert cell.kind not in ("go_to_jail", "tax"), "never the jail nor a tax"
    if level in ("medium", "hard"):
        assert choice.cell == for_sale, "the one deed left for sale"

"""A table on which nothing but rent can change (`stalls.frozen`): every colour group of
streets whole, the bank's houses and hotels all built, every player rich. Two such players
circled Класика's board past turn 20 000, both gaining cash on every lap; past turn
`FROZEN_TURN` the computer players offer a draw and agree to it. And the bank's supply in a
bot's building: a group whose next step the bank cannot provide is passed over, so the bot
builds where it can (it used to ask for the step it could not have and build nowhere)."""
from __future__ import annotations

import pytest

from zemlevlasnyk.engine import AcceptDraw, Build, DeclineDraw, Game, OfferDraw, Phase, load_preset
from zemlevlasnyk.engine import holdings as H
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.engine.bots.stalls import DRAW_REST_ROLLS, FROZEN_RENTS, FROZEN_TURN, frozen
from zemlevlasnyk.ui.cli.simulate import game_seed

KLASYKA = load_preset("klasyka")
MINE = (1, 3, 6, 8, 9, 11, 13, 14, 16, 18, 19, 5, 15, 25, 35)      # seat 0's, the rest seat 1's
HOTEL = KLASYKA.max_buildings
BUILT = {1: HOTEL, 3: 4, 6: 4, 8: 3, 9: 3, 11: 3, 13: 3, 14: 3, 16: 3, 18: 3, 19: 3,
         21: HOTEL, 23: HOTEL, 24: HOTEL, 26: HOTEL, 27: HOTEL, 29: HOTEL,
         31: HOTEL, 32: HOTEL, 34: HOTEL, 37: HOTEL, 39: HOTEL}


def frozen_table(cash: int = 20_000, turn: int = FROZEN_TURN) -> Game:
    """Two players, every group of streets whole, the bank's 32 houses and 12 hotels built."""
    g = Game.new(KLASYKA, 2, first=0)
    for c in KLASYKA.properties:
        g.owner[c] = 0 if c in MINE else 1
    for c, b in BUILT.items():
        g.buildings[c] = b
    g.cash = [cash, cash]
    g.turn = turn
    return g


def test_frozen_table_every_group_whole_nothing_to_build_everyone_rich() -> None:
    g = frozen_table()
    assert H.houses_left(g) == 0 and H.hotels_left(g) == 0
    assert frozen(g)
    dearest = max(H.rent(g, c, 12) for c in KLASYKA.properties)
    g.cash[1] = FROZEN_RENTS * dearest - 1
    assert not frozen(g), "a player near ruin by rent"
    g = frozen_table()
    g.buildings[8] = 2
    assert not frozen(g), "a house back with the bank: somebody can build"
    g = frozen_table()
    g.owner[8] = 1
    assert not frozen(g), "a group split"


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_offer_and_agree_a_draw_on_a_table_frozen_past_the_turn(level: str) -> None:
    g = frozen_table()
    offer = make_bot(level, 1).choose(g, 0)
    assert offer == OfferDraw(0)
    g.apply(offer)
    answer = make_bot(level, 2).choose(g, 1)
    assert answer == AcceptDraw(1)
    g.apply(answer)
    assert g.phase is Phase.OVER and g.outcome() is not None and g.outcome().draw


def test_bots_offer_no_draw_before_the_turn_or_when_the_table_is_not_frozen() -> None:
    assert not isinstance(make_bot("medium", 1).choose(frozen_table(turn=FROZEN_TURN - 1), 0), OfferDraw)
    g = frozen_table()
    g.buildings[8] = 2
    assert not isinstance(make_bot("medium", 1).choose(g, 0), OfferDraw)


def test_bots_ask_for_a_draw_again_only_after_a_while() -> None:
    """A refused offer (a person said no) is not made again every turn."""
    g = frozen_table()
    g.roll_count = 4 * FROZEN_TURN
    g.draw_offered_at[0] = g.roll_count - DRAW_REST_ROLLS + 1
    assert not isinstance(make_bot("medium", 1).choose(g, 0), OfferDraw)
    g.draw_offered_at[0] = g.roll_count - DRAW_REST_ROLLS
    assert make_bot("medium", 1).choose(g, 0) == OfferDraw(0)


def test_bots_answer_a_draw_on_a_table_not_frozen_as_before() -> None:
    """A person's draw offer while the game can still move: a bot ahead declines it."""
    g = frozen_table(turn=FROZEN_TURN - 1)
    g.apply(OfferDraw(0))
    assert make_bot("medium", 2).choose(g, 1) == DeclineDraw(1)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_build_where_the_bank_can_supply_the_next_step(level: str) -> None:
    """Seat 0's light blues wait for hotels the bank no longer has; its pinks, bare, can take
    the bank's houses: it builds on a pink (it used to ask for a light blue hotel, be
    refused, and build nowhere)."""
    g = Game.new(KLASYKA, 2, first=0)
    for c in KLASYKA.properties:
        g.owner[c] = 0 if c in (6, 8, 9, 11, 13, 14) else 1
    for c in (6, 8, 9):
        g.buildings[c] = 4
    for c in (21, 23, 24, 26, 27, 29, 31, 32, 34, 37, 39, 1):
        g.buildings[c] = HOTEL
    g.cash = [20_000, 20_000]
    g.phase = Phase.POST_ROLL
    assert H.hotels_left(g) == 0 and H.houses_left(g) > 0
    action = make_bot(level, 1).choose(g, 0)
    assert isinstance(action, Build) and action.cell in (11, 13, 14), action


def test_bots_a_frozen_table_of_four_easies_ends_agreed() -> None:
    """Game 185 of `simulate --bots easy --players 4 --seed 7 --rules klasyka` ran to the
    20 000-turn cap: two players left with the bank's houses and hotels all built, both gaining
    cash on every lap. It now ends, agreed as a draw once frozen past `FROZEN_TURN`."""
    result = play_match(KLASYKA, ["easy"] * 4, simulated(185), 5000)
    assert not result.capped and FROZEN_TURN <= result.turns < 5000
    outcome = result.game.outcome()
    assert outcome is not None and outcome.draw


def test_bots_four_mediums_build_on_past_the_bank_running_out() -> None:
    """Game 105 of `simulate --bots medium --players 4 --seed 7 --rules klasyka` ran to the
    cap with one player's groups bare and houses in the bank (the bots asked for hotels the
    bank did not have); it now ends with a winner before turn 1 000."""
    result = play_match(KLASYKA, ["medium"] * 4, simulated(105), 5000)
    outcome = result.game.outcome()
    assert result.turns < FROZEN_TURN and outcome is not None and not outcome.draw


def simulated(number: int) -> bytes:
    """The seed of game `number` of `simulate --seed 7`."""
    return game_seed(7, number)

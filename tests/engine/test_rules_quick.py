"""docs/RULES.md, "Quick games": the options `speed_die` (every face, the first lap, doubles,
jail, the clock's choices), `deal_deeds` and `time_limit`, each on and off, in every preset
(«Ярмарок»'s squares with offers too)."""
from __future__ import annotations

import pytest
from helpers.engine import act, assert_illegal, give, of_type, payments

from zemlevlasnyk.engine import (
    BadState,
    Buy,
    ChanceRequired,
    Donate,
    EndTurn,
    Entropy,
    Game,
    MoveTo,
    OptionError,
    PassBid,
    Phase,
    Roll,
    RollForDouble,
    Scripted,
    SendToAuction,
    TakeBus,
    load_rules,
    option_specs,
    preset_names,
)
from zemlevlasnyk.engine.options import QUICK_GAME
from zemlevlasnyk.engine.presets import UNLISTED

Z = "zemlevlasnyk"
K = "klasyka"
Y = "yarmarok"
# Every preset, those still being built (not yet listed for tables) too.
PRESETS = preset_names() + sorted(UNLISTED)
# The speed die as Scripted rolls it (engine/state.py SPEED_FACES: a d6's faces in order).
ONE, TWO, THREE, LANDLORD, BUS = 1, 2, 3, 4, 6
SALARY = 20_000


def speed_game(players: int = 2, preset: str = Z, **options: object) -> Game:
    """A game with the speed die, every token past the start already (their second lap)."""
    game = Game.new(load_rules(preset, {"speed_die": True, **options}), players, first=0)
    game.lapped = [True] * players
    return game


# -- the speed die ------------------------------------------------------------------------

def test_speed_die_off_is_two_dice_and_the_same_state() -> None:
    game = Game.new(load_rules(Z), 2, first=0)
    act(game, Roll(0), dice=[(3, 5)])                      # two dice, all of the script used
    assert game.pos[0] == 8 and "speed" not in game.to_json() and "time_up" not in game.to_json()
    assert load_rules(Z, {"speed_die": False}) is load_rules(Z)


def test_speed_die_from_the_second_lap_only() -> None:
    game = Game.new(load_rules(Z, {"speed_die": True}), 2, first=0)
    assert game.to_json()["speed"] == {"lapped": [False, False], "face": None, "landlord": False}
    game.pos[0] = 35
    events = act(game, Roll(0), dice=[(2, 3)])              # past the start: two dice only
    assert game.pos[0] == 0 and game.lapped == [True, False] and not of_type(events, "speed_die")
    act(game, EndTurn(0))
    act(game, Roll(1), dice=[(1, 2)])                       # seat 1 is on its first lap
    act(game, SendToAuction(1)), act(game, PassBid(1)), act(game, PassBid(0))
    act(game, EndTurn(1))
    events = act(game, Roll(0), dice=[(4, 5, ONE)])        # seat 0 rolls three
    assert of_type(events, "speed_die") == [{"type": "speed_die", "seat": 0, "face": "1", "triple": False}]
    assert game.pos[0] == 10 and game.speed_face == "1"


@pytest.mark.parametrize("face, number", [(ONE, 1), (TWO, 2), (THREE, 3)])
def test_speed_die_a_number_adds_to_the_move(face: int, number: int) -> None:
    game = speed_game()
    events = act(game, Roll(0), dice=[(3, 4, face)])
    moved = of_type(events, "moved")
    assert moved == [{"type": "moved", "seat": 0, "from": 0, "to": 7 + number, "steps": 7 + number,
                      "by": "dice", "passed_start": False}]
    assert game.speed_face == str(number)


def test_speed_die_doubles_count_on_the_white_dice_only() -> None:
    game = speed_game()
    act(game, Roll(0), dice=[(2, 4, TWO)])                  # 2, 4 and a 2: no double
    assert game.doubles == 0 and not game.reroll
    game = speed_game()
    act(game, Roll(0), dice=[(3, 3, TWO)])                  # a double of the white dice
    assert game.doubles == 1 and game.reroll and game.pos[0] == 8


def test_speed_die_landlord_moves_on_to_the_next_deed_for_sale() -> None:
    game = speed_game()
    give(game, 1, 6, 8, 9)
    events = act(game, Roll(0), dice=[(2, 4, LANDLORD)])    # Садова (6) is seat 1's: rent first
    assert (0, 1, 1_200, "rent") in payments(events)     # a whole group: double rent
    assert game.landlord_due is False and game.pos[0] == 11 and game.phase is Phase.BUY
    assert [(m["to"], m["by"]) for m in of_type(events, "moved")] == [(6, "dice"), (11, "landlord")]
    # Садова for sale: its offer is answered first, then the landlord's move goes on.
    game = speed_game()
    events = act(game, Roll(0), dice=[(2, 4, LANDLORD)])
    assert game.phase is Phase.BUY and game.pending_buy == 6 and game.landlord_due
    assert game.to_json()["speed"]["landlord"] is True
    events = act(game, Buy(0))                              # bought: now on to the next deed for sale
    assert [(m["to"], m["by"]) for m in of_type(events, "moved")] == [(8, "landlord")]
    assert game.phase is Phase.BUY and game.pending_buy == 8 and not game.landlord_due
    act(game, SendToAuction(0)), act(game, PassBid(0)), act(game, PassBid(1))
    assert game.phase is Phase.POST_ROLL and game.pos[0] == 8


def test_speed_die_landlord_with_every_deed_owned_goes_where_rent_is_due() -> None:
    game = speed_game()
    rules = game.rules
    for c in rules.properties:
        give(game, 0, c)
    give(game, 1, 16, 19)
    game.mortgaged[16] = True                               # a mortgaged deed takes no rent: passed by
    game.pos[0] = 9
    events = act(game, Roll(0), dice=[(1, 2, LANDLORD)])    # Каплична (12 is the gas works: own), 16 skipped
    assert game.pos[0] == 19 and (0, 1, rules.cells[19].rent, "rent") in payments(events)
    assert game.phase is Phase.POST_ROLL


def test_speed_die_landlord_with_nowhere_to_go_stays_and_passes_the_start_paying() -> None:
    game = speed_game()
    for c in game.rules.properties:
        give(game, 0, c)
    events = act(game, Roll(0), dice=[(1, 2, LANDLORD)])    # everything is seat 0's own
    assert game.pos[0] == 3 and [m["by"] for m in of_type(events, "moved")] == ["dice"]
    assert game.phase is Phase.POST_ROLL
    game = speed_game()
    for c in game.rules.properties:
        if c > 5:
            give(game, 0, c)
    game.pos[0] = 30 - 3
    events = act(game, Roll(0), dice=[(1, 2, LANDLORD)])    # 30: До в'язниці, and no landlord's move
    assert game.jailed[0] and [m["by"] for m in of_type(events, "moved")] == ["dice"]
    game = speed_game()
    for c in game.rules.properties:
        if c > 5:
            give(game, 0, c)
    game.pos[0] = 34
    events = act(game, Roll(0), dice=[(1, 2, LANDLORD)])    # 37: its own; on past the start to Млинська
    assert game.pos[0] == 1 and (None, 0, SALARY, "start_salary") in payments(events)
    assert game.phase is Phase.BUY and game.pending_buy == 1


def test_speed_die_landlord_then_a_double_rolls_again() -> None:
    game = speed_game()
    give(game, 1, *[c for c in game.rules.properties if c != 9])
    act(game, Roll(0), dice=[(3, 3, LANDLORD)])             # Садова (6): rent; then Ліхтарна (9) for sale
    assert game.pos[0] == 9 and game.phase is Phase.BUY and game.doubles == 1
    act(game, SendToAuction(0)), act(game, PassBid(0)), act(game, PassBid(1))
    assert game.phase is Phase.POST_ROLL and game.reroll
    assert_illegal(game, EndTurn(0), "turn.double_rolls_again")


def test_speed_die_bus_moves_by_either_white_die_or_both() -> None:
    game = speed_game()
    act(game, Roll(0), dice=[(1, 5, BUS)])
    assert game.phase is Phase.BUS and game.pos[0] == 0 and game.speed_face == "bus"
    assert [(d.seat, d.kind) for d in game.pending()] == [(0, "bus")]
    choices = [a for a in game.legal(0).actions if isinstance(a, TakeBus)]
    assert choices == [TakeBus(0, 1), TakeBus(0, 5), TakeBus(0, 6)]
    assert game.safe_action(0) == TakeBus(0, 6)
    assert_illegal(game, TakeBus(0, 4), "speed.bus_steps")
    assert_illegal(game, Roll(0), "turn.roll_once")
    assert_illegal(game, TakeBus(1, 1), "turn.not_yours")
    assert Game.from_json(game.to_json(), game.rules).to_json() == game.to_json()
    events = act(game, TakeBus(0, 1))                       # Млинська
    assert of_type(events, "moved")[0]["by"] == "bus" and game.pos[0] == 1
    assert game.phase is Phase.BUY
    act(game, SendToAuction(0)), act(game, PassBid(0)), act(game, PassBid(1))
    assert game.phase is Phase.POST_ROLL and not game.reroll


def test_speed_die_bus_after_a_double_rolls_again_and_offers_two_moves() -> None:
    game = speed_game()
    act(game, Roll(0), dice=[(4, 4, BUS)])
    assert [a for a in game.legal(0).actions if isinstance(a, TakeBus)] == [TakeBus(0, 4), TakeBus(0, 8)]
    events = act(game, TakeBus(0, 4))                       # Земельний податок
    assert [p for p in payments(events) if p[3] == "tax"] and game.reroll and game.phase is Phase.POST_ROLL


def test_speed_die_bus_rolled_on_a_double_goes_back_after_the_roll() -> None:
    """A bus on the turn's second roll: its move goes on from after the first roll's."""
    game = speed_game()
    act(game, Roll(0), dice=[(1, 1, THREE)])                # 5: a station for sale
    act(game, SendToAuction(0)), act(game, PassBid(0)), act(game, PassBid(1))
    assert game.phase is Phase.POST_ROLL and game.reroll
    act(game, Roll(0), dice=[(2, 4, BUS)])
    assert game.phase is Phase.BUS
    act(game, TakeBus(0, 2), cards=["dividends"])           # 7: Фортуна
    assert game.phase is Phase.POST_ROLL and not game.reroll


def test_speed_die_triple_moves_to_any_other_cell_and_ends_the_turn() -> None:
    game = speed_game()
    events = act(game, Roll(0), dice=[(2, 2, TWO)])
    assert of_type(events, "speed_die")[0]["triple"] is True
    assert game.phase is Phase.TRIPLE and game.doubles == 1 and not game.reroll
    assert [(d.seat, d.kind) for d in game.pending()] == [(0, "triple")]
    cells = [a.cell for a in game.legal(0).actions if isinstance(a, MoveTo)]
    assert cells == list(range(1, 40))
    assert game.safe_action(0) == MoveTo(0, 4)               # where the white dice go
    assert_illegal(game, MoveTo(0, 0), "speed.triple_moves")
    assert_illegal(game, MoveTo(0, 40), "board.cell")
    events = act(game, MoveTo(0, 39))                       # Маякова коса
    assert of_type(events, "moved")[0] == {"type": "moved", "seat": 0, "from": 0, "to": 39, "steps": 39,
                                           "by": "triple", "passed_start": False}
    act(game, Buy(0))
    assert game.phase is Phase.POST_ROLL and not game.reroll
    act(game, EndTurn(0))


def test_speed_die_triple_past_the_start_pays_it_and_is_never_the_third_double() -> None:
    game = speed_game()
    game.pos[0], game.doubles, game.phase, game.reroll, game.dice = 30 - 3, 2, Phase.POST_ROLL, True, [1, 1]
    act(game, Roll(0), dice=[(3, 3, THREE)])                # the third double, but a triple: no jail
    assert not game.jailed[0] and game.phase is Phase.TRIPLE
    events = act(game, MoveTo(0, 1))
    assert (None, 0, SALARY, "start_salary") in payments(events) and game.pos[0] == 1
    game = speed_game()
    game.doubles, game.phase, game.reroll, game.dice = 2, Phase.POST_ROLL, True, [1, 1]
    act(game, Roll(0), dice=[(3, 3, ONE)])                  # a third plain double: jail as ever
    assert game.jailed[0] and game.pos[0] == 10


def test_speed_die_is_not_rolled_in_jail() -> None:
    game = speed_game()
    game.pos[0], game.jailed[0] = 10, True
    act(game, RollForDouble(0), dice=[(2, 2)])               # two dice: out by the double
    assert game.pos[0] == 14 and not game.jailed[0] and game.speed_face is None


def test_speed_die_a_state_whose_choice_has_no_face_is_refused() -> None:
    game = speed_game()
    act(game, Roll(0), dice=[(1, 5, BUS)])
    data = game.to_json()
    with pytest.raises(BadState, match="bus"):
        Game.from_json({**data, "speed": {**data["speed"], "face": "1"}}, game.rules)
    with pytest.raises(BadState, match="speed"):
        Game.from_json({**data, "speed": {**data["speed"], "face": "wheel"}}, game.rules)
    with pytest.raises(BadState):
        Game.from_json({k: v for k, v in data.items() if k != "speed"}, game.rules)


def test_speed_die_plays_klasyka_too() -> None:
    game = speed_game(preset=K)
    act(game, Roll(0), dice=[(1, 2, THREE)])                # 6: Oriental Avenue's cell, for sale
    assert game.pos[0] == 6 and game.phase is Phase.BUY


def test_speed_die_in_yarmarok_the_landlord_waits_for_the_squares_offer() -> None:
    game = speed_game(preset=Y)
    act(game, Roll(0), dice=[(5, 6, LANDLORD)])             # 11: the donation square offers first
    assert game.phase is Phase.OFFER and game.landlord_due and game.pos[0] == 11
    events = act(game, Donate(0))                           # answered: now the landlord's move
    assert [(m["to"], m["by"]) for m in of_type(events, "moved")] == [(13, "landlord")]
    assert game.phase is Phase.BUY and game.pending_buy == 13 and not game.landlord_due


def test_speed_die_in_yarmarok_the_bus_and_a_triple_come_to_its_squares() -> None:
    game = speed_game(preset=Y)
    act(game, Roll(0), dice=[(5, 6, BUS)])
    assert game.phase is Phase.BUS
    assert [a.steps for a in game.legal(0).actions if isinstance(a, TakeBus)] == [5, 6, 11]
    act(game, TakeBus(0, 11))
    assert game.pos[0] == 11 and game.phase is Phase.OFFER
    game = speed_game(preset=Y)
    act(game, Roll(0), dice=[(2, 2, TWO)])                  # a triple: any of the 48 cells but this one
    assert len([a for a in game.legal(0).actions if isinstance(a, MoveTo)]) == 47
    act(game, MoveTo(0, 11))
    assert game.pos[0] == 11 and game.phase is Phase.OFFER


@pytest.mark.parametrize("preset", PRESETS)
def test_quick_options_are_in_every_preset(preset: str) -> None:
    specs = {s.name: s for s in option_specs(preset)}
    assert {name: specs[name].default for name in QUICK_GAME} == {"speed_die": False, "deal_deeds": 0,
                                                                  "time_limit": 0}
    rules = load_rules(preset, QUICK_GAME)
    game = Game.new(rules, 4, chance=Entropy(preset.encode()))
    assert [game.owner.count(seat) for seat in range(4)] == [2, 2, 2, 2]
    assert Game.from_json(game.to_json(), rules).state_hash() == game.state_hash()
    plain = Game.new(load_rules(preset), 4, chance=Entropy(preset.encode()))
    assert not {"speed", "time_up"} & set(plain.to_json())   # no new parts without the options


# -- the deal ---------------------------------------------------------------------------

def test_deal_deeds_off_deals_nothing() -> None:
    game = Game.new(load_rules(Z), 3, chance=Entropy(b"deal"))
    assert all(o == -1 for o in game.owner)


def test_deal_deeds_each_player_is_dealt_that_many_paying_nothing() -> None:
    rules = load_rules(Z, {"deal_deeds": 2})
    # Who moves first (seat 1 of 3), then the deal round the table from seat 1: the picks
    # index the bank's deeds in cell order at each draw.
    chance = Scripted(picks=[1, 0, 0, 0, 0, 0, 0])
    game = Game.new(rules, 3, chance=chance)
    assert chance.used_up and game.first == 1
    deeds = rules.properties
    assert [game.owner[c] for c in deeds[:6]] == [1, 2, 0, 1, 2, 0]
    assert sum(o != -1 for o in game.owner) == 6 and game.cash == [rules.start_cash] * 3


def test_deal_deeds_is_the_start_chance_and_needs_it() -> None:
    rules = load_rules(K, {"deal_deeds": 6})
    one, same = Game.new(rules, 4, chance=Entropy(b"a")), Game.new(rules, 4, chance=Entropy(b"a"))
    other = Game.new(rules, 4, chance=Entropy(b"b"))
    assert one.owner == same.owner != other.owner
    assert [one.owner.count(seat) for seat in range(4)] == [6, 6, 6, 6]
    with pytest.raises(ChanceRequired):
        Game.new(rules, 4, first=0)


def test_deal_deeds_in_yarmarok_deals_from_its_own_deeds() -> None:
    rules = load_rules(Y, {"deal_deeds": 6})
    game = Game.new(rules, 4, chance=Entropy(b"y"))
    assert [game.owner.count(seat) for seat in range(4)] == [6, 6, 6, 6]
    assert sum(o != -1 for o in game.owner) == 24 and game.cash == [rules.start_cash] * 4
    assert all(rules.cells[c].is_property for c in range(rules.size) if game.owner[c] != -1)


def test_deal_deeds_the_state_keeps_the_deal() -> None:
    rules = load_rules(Z, {"deal_deeds": 2})
    game = Game.new(rules, 3, chance=Entropy(b"kept"))
    state = game.to_json()
    assert state["dealt"] == [[c for c in rules.properties if game.owner[c] == seat] for seat in range(3)]
    assert all(len(cells) == 2 for cells in state["dealt"])
    assert Game.from_json(state, rules).dealt == game.dealt
    first = state["dealt"][0][0]
    for bad in ([[first, first], [], []], [[0], [], []], [[1, 3, 6], [], []], "x"):
        with pytest.raises(BadState):
            Game.from_json({**state, "dealt": bad}, rules)
    assert "dealt" not in Game.new(load_rules(Z), 3, chance=Entropy(b"kept")).to_json()


def test_deal_deeds_a_board_that_runs_out_stops_the_deal() -> None:
    rules = load_rules(Z, {"deal_deeds": 6})
    game = Game.new(rules, 4, chance=Entropy(b"x"))
    assert sum(o != -1 for o in game.owner) == min(24, len(rules.properties))


# -- the time limit ------------------------------------------------------------------------

def test_time_limit_off_changes_nothing() -> None:
    game = Game.new(load_rules(Z), 2, first=0)
    assert game.time_passed(10 ** 9) == [] and not game.time_up


def test_time_limit_values_are_off_or_a_quarter_hour_to_three_hours() -> None:
    spec = {s.name: s for s in option_specs(Z)}["time_limit"]
    assert spec.default == 0 and spec.values_text() == "0/15-180"
    assert load_rules(Z, {"time_limit": 15}).time_limit_ms == 15 * 60_000
    for bad in (10, 181, -1):
        with pytest.raises(OptionError, match=r"0/15-180"):
            load_rules(Z, {"time_limit": bad})
    assert [spec.nearest(v) for v in (3, 9, 200, 60)] == [0, 15, 180, 60]


def test_time_limit_the_round_under_way_is_the_last_and_the_richest_wins() -> None:
    game = Game.new(load_rules(Z, {"time_limit": 15}), 3, first=1)
    limit = 15 * 60_000
    assert game.time_passed(limit - 1) == [] and not game.time_up
    act(game, Roll(1), dice=[(1, 2)])
    act(game, SendToAuction(1)), act(game, PassBid(1)), act(game, PassBid(2)), act(game, PassBid(0))
    act(game, EndTurn(1))
    events = game.time_passed(limit)                        # during seat 2's turn
    assert of_type(events, "time_up") == [{"type": "time_up", "minutes": 15, "turn": 2}]
    assert game.time_up and game.to_json()["time_up"] is True and game.time_passed(limit + 5) == []
    give(game, 2, 39)
    game.pos[2] = 5
    act(game, Roll(2), dice=[(1, 4)])                       # В'язниця, visiting
    act(game, EndTurn(2))
    assert game.phase is Phase.PRE_ROLL and game.active == 0    # the round goes on to its last seat
    game.pos[0] = 5
    act(game, Roll(0), dice=[(1, 4)])                       # В'язниця, visiting
    events = act(game, EndTurn(0))                          # back to seat 1: the round is over
    assert of_type(events, "time_limit") == [{"type": "time_limit", "turn": 3}]
    assert game.outcome() is not None and game.outcome().winner == 2


def test_time_limit_a_tie_is_a_draw_and_an_out_first_player_still_bounds_the_round() -> None:
    game = Game.new(load_rules(Z, {"time_limit": 30}), 3, first=0)
    game.alive[0], game.cash[0], game.active = False, 0, 1
    game.time_passed(30 * 60_000)
    game.pos[1] = 5
    act(game, Roll(1), dice=[(1, 4)])
    act(game, EndTurn(1))
    assert game.active == 2 and game.outcome() is None
    game.pos[2] = 5
    act(game, Roll(2), dice=[(1, 4)])
    events = act(game, EndTurn(2))                          # back to seat 1 (seat 0 is out)
    assert of_type(events, "game_drawn") and game.outcome() is not None and game.outcome().draw


def test_time_limit_in_yarmarok_ends_the_round_by_net_worth() -> None:
    game = Game.new(load_rules(Y, {"time_limit": 15}), 2, first=0)
    give(game, 1, 47)                                       # seat 1 is richer by a deed
    events = game.time_passed(15 * 60_000)
    assert of_type(events, "time_up") and game.time_up
    game.pos = [7, 7]
    act(game, Roll(0), dice=[(2, 3)])                      # 12: «Ярмарок»'s jail; the turn passes
    assert game.outcome() is None and game.active == 1       # the round's last seat plays
    events = act(game, Roll(1), dice=[(2, 3)])              # jailed too: back to the first, the round is over
    assert of_type(events, "time_limit") and game.outcome() is not None and game.outcome().winner == 1


def test_time_limit_a_seat_that_plays_again_is_still_in_the_round() -> None:
    """Казка's merry potion gives its drinker another turn: under a time limit that turn is
    still the round under way, and the round ends when the turn passes on to the first player."""
    from zemlevlasnyk.engine.time_limit import round_over
    game = Game.new(load_rules("kazka", {"time_limit": 15}), 3, first=1)
    assert not round_over(game, 0, 0) and not round_over(game, 2, 2)   # the last seat plays again
    assert round_over(game, 0, 1) and not round_over(game, 1, 2)


def test_time_limit_the_quick_game_is_every_option_together() -> None:
    rules = load_rules(Z, QUICK_GAME)
    assert rules.speed_die and rules.deal_deeds == 2 and rules.time_limit_ms == 45 * 60_000
    game = Game.new(rules, 4, chance=Entropy(b"quick"))
    state = game.to_json()
    assert "speed" in state and state["time_up"] is False
    assert Game.from_json(state, rules).state_hash() == game.state_hash()

"""docs/RULES.md, "Ярмарок", investments (seed 004 L154-169): chips on the opponents' streets
bought on an investment plate at half the branch price, their limits, the rent they share (the
seed's three worked examples on Яхт-клуб), moving them, and how they burn."""
from __future__ import annotations

import pytest
from helpers.engine import act, assert_illegal, decisions, give, of_type, payments

from zemlevlasnyk.engine import (
    AcceptTrade,
    Build,
    Game,
    Invest,
    MoveChip,
    Phase,
    ProposeTrade,
    Roll,
    Scripted,
    SellDeed,
    Skip,
    load_rules,
)

RULES = load_rules("yarmarok")           # the beginner's layout: one investment plate, on 20
PLATE = 20
PIZZERIA, CAFE, PET_SHOP, HARDWARE, BAKERY, BOOKSHOP, CINEMA, GOLF, YACHT = 1, 4, 6, 8, 19, 21, 23, 45, 47


def new_game(players: int = 4) -> Game:
    return Game.new(RULES, players, first=0)


def on_plate(game: Game, seat: int = 0, card: str = "news_cashback") -> None:
    """`seat` stops on the investment plate (Новини, 20) and draws `card`."""
    game.active = seat
    game.pos[seat] = 17
    act(game, Roll(seat), dice=[(1, 2)], cards=[card])


def invested(chips: dict[int, list[int]]) -> Game:
    """Яхт-клуб (seat 3's) with the chips given per seat, Гольф-клуб unowned (the set not whole)."""
    game = new_game()
    give(game, 3, YACHT)
    game.chips = {YACHT: chips[YACHT]}
    return game


def land_on_yacht(game: Game, seat: int) -> list[tuple[int | None, int | None, int, str]]:
    game.active = seat
    game.pos[seat] = 44
    return payments(act(game, Roll(seat), dice=[(1, 2)]))


def test_yarmarok_invest_seed_example_two_investors_and_the_owner() -> None:
    """SEED L163: 2 chips of one investor and 1 of another; the fourth player pays the first
    400, the second 200 and the owner 600 (400 + 200)."""
    game = invested({YACHT: [2, 1, 0, 0]})
    assert land_on_yacht(game, 2) == [(2, 0, 400, "investment"), (2, 1, 200, "investment"), (2, 3, 600, "rent")]


def test_yarmarok_invest_seed_example_an_investor_lands_on_it() -> None:
    """SEED L164: the second investor pays the other 400 (its 2 chips) and the owner 400."""
    game = invested({YACHT: [2, 1, 0, 0]})
    assert land_on_yacht(game, 1) == [(1, 0, 400, "investment"), (1, 3, 400, "rent")]


def test_yarmarok_invest_seed_example_the_only_investor_pays_the_base_rent() -> None:
    """SEED L165: with no other investment there the investor pays the owner the base rent, 55."""
    game = invested({YACHT: [1, 0, 0, 0]})
    assert land_on_yacht(game, 0) == [(0, 3, 55, "rent")]


def test_yarmarok_invest_the_owner_pays_no_investor() -> None:
    game = invested({YACHT: [2, 0, 0, 0]})
    assert land_on_yacht(game, 3) == []                               # SEED L161


def test_yarmarok_invest_a_jailed_investor_collects_nothing() -> None:
    game = invested({YACHT: [2, 1, 0, 0]})
    game.pos[0], game.jailed[0] = 12, True
    assert land_on_yacht(game, 2) == [(2, 1, 200, "investment"), (2, 3, 600, "rent")]


def test_yarmarok_invest_a_chip_at_half_the_branch_price_on_an_opponents_street() -> None:
    game = new_game()
    give(game, 1, YACHT)
    on_plate(game)
    assert decisions(game) == [(0, "invest")] and game.safe_action(0) == Skip(0)
    events = act(game, Invest(0, YACHT))                               # SEED L157: 200 / 2
    assert payments(events) == [(0, None, 100, "investment")] and game.chips == {YACHT: [1, 0, 0, 0]}
    act(game, Invest(0, YACHT))                                        # any number, one at a time
    assert game.chips[YACHT][0] == 2 and game.phase is Phase.OFFER
    act(game, Skip(0))
    assert game.phase is Phase.POST_ROLL


def test_yarmarok_invest_only_on_opponents_streets_of_a_set_not_whole() -> None:
    game = new_game()
    give(game, 0, BAKERY)
    give(game, 1, PIZZERIA, CAFE, 2, 14, 22)
    give(game, 2, YACHT)
    on_plate(game)
    assert_illegal(game, Invest(0, BAKERY), "invest.opponents_street")   # SEED L155
    assert_illegal(game, Invest(0, PIZZERIA), "invest.whole_set")         # L156
    assert_illegal(game, Invest(0, 2), "invest.streets_only")             # no transport, utility
    assert_illegal(game, Invest(0, 22), "invest.streets_only")            # or agency
    assert_illegal(game, Invest(0, GOLF), "invest.opponents_street")      # nor the bank's


def test_yarmarok_invest_limits_five_a_player_four_a_street() -> None:
    game = new_game()
    give(game, 1, YACHT, BAKERY)
    game.chips = {YACHT: [0, 0, 3, 0], BAKERY: [4, 0, 0, 0]}
    on_plate(game)
    act(game, Invest(0, YACHT))
    assert_illegal(game, Invest(0, YACHT), "invest.chips_per_player")      # SEED L158: 5 each
    game.chips = {YACHT: [1, 0, 3, 0]}
    assert_illegal(game, Invest(0, YACHT), "invest.chips_per_street")      # L162: 4 on a street


def test_yarmarok_invest_move_a_chip_paying_a_dearer_side_only() -> None:
    game = new_game()
    give(game, 1, YACHT, PIZZERIA, BAKERY)
    game.chips = {PIZZERIA: [1, 0, 0, 0], YACHT: [1, 0, 0, 0]}
    on_plate(game)
    events = act(game, MoveChip(0, PIZZERIA, BAKERY))                  # 25 -> 50: pays 25 (L168)
    assert payments(events) == [(0, None, 25, "investment")] and game.chips == {YACHT: [1, 0, 0, 0],
                                                                                BAKERY: [1, 0, 0, 0]}
    assert payments(act(game, MoveChip(0, YACHT, BAKERY))) == []      # cheaper: nothing back
    assert_illegal(game, MoveChip(0, YACHT, BAKERY), "invest.own_chip")


def test_yarmarok_invest_burns_when_the_set_gets_its_first_branch() -> None:
    game = new_game()
    give(game, 1, GOLF, YACHT)
    game.chips = {YACHT: [2, 0, 1, 0]}
    game.active = 1
    events = act(game, Build(1, GOLF))                                 # SEED L166
    assert game.chips == {} and of_type(events, "chips_burnt")[0]["chips"] == [2, 0, 1, 0]
    assert payments(events) == [(1, None, 200, "building")]           # no money back


@pytest.mark.parametrize("how", ["trade", "sale"])
def test_yarmarok_invest_burns_when_the_deed_changes_hands(how: str) -> None:
    game = new_game()
    give(game, 1, YACHT)
    give(game, 0, PIZZERIA)
    game.chips = {YACHT: [0, 0, 2, 0]}
    game.active = 1
    if how == "trade":
        act(game, ProposeTrade(1, 0, (YACHT,), (PIZZERIA,), 0))
        act(game, AcceptTrade(0))                                      # SEED L167
    else:
        act(game, SellDeed(1, YACHT))
    assert game.chips == {}


def test_yarmarok_invest_chips_of_a_bankrupt_investor_go_back() -> None:
    game = new_game(3)
    give(game, 1, YACHT, GOLF, PIZZERIA)
    game.buildings[YACHT] = game.buildings[GOLF] = 5
    game.owner[CAFE] = 2
    game.chips = {PIZZERIA: [2, 0, 0]}
    game.cash[0], game.deposit[0] = 0, 0
    game.pos[0] = 44
    act(game, Roll(0), dice=[(1, 2)])                                  # rent 2 000: bankrupt
    assert not game.alive[0] and game.chips == {}


def test_yarmarok_invest_chips_count_in_no_wealth() -> None:
    from zemlevlasnyk.engine import holdings as H
    game = new_game()
    give(game, 1, YACHT)
    before = H.net_worth(game, 0)
    game.chips = {YACHT: [3, 0, 0, 0]}
    assert H.net_worth(game, 0) == before                              # SEED L4


def test_yarmarok_invest_plate_before_a_cards_move() -> None:
    game = new_game()
    give(game, 1, YACHT)
    on_plate(game, card="news_credit")                                 # a move: the plate first (L143)
    assert decisions(game) == [(0, "invest")] and game.pos[0] == PLATE
    game.apply(Invest(0, YACHT), Scripted())                           # (the card's move may need chance)
    act(game, Skip(0), dice=[(3, 4)])                                  # then the move: Кредит's throw
    assert game.pos[0] == 30


def test_yarmarok_invest_chips_round_trip_and_are_checked() -> None:
    from zemlevlasnyk.engine import BadState
    game = invested({YACHT: [2, 1, 0, 0]})
    data = game.to_json()
    assert data["chips"] == [[YACHT, [2, 1, 0, 0]]]
    assert Game.from_json(data, RULES).chips == game.chips
    for bad in ([[YACHT, [0, 0, 0, 5]]], [[YACHT, [0, 0, 0, 1]]], [[GOLF, [1, 0, 0, 0]]], [[2, [1, 0, 0, 0]]]):
        data["chips"] = bad
        with pytest.raises(BadState):
            Game.from_json(data, RULES)

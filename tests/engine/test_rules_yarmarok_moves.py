"""docs/RULES.md, "Ярмарок", the stepped auction and the transfers (seed 004 L54-62, L99-103):
the lander never bids, bids start at the price and go up by the step the bidders set (the
seed's two examples), the owner's own auction before the roll; transfers between transport
squares with the fare per square (the seed's Таксі-Аеропорт example), to the owner, the bank
or nobody, without Старт money, once, in place of the roll."""
from __future__ import annotations

import pytest
from helpers.engine import act, assert_illegal, decisions, give, of_type, payments

from zemlevlasnyk.engine import (
    AuctionDeed,
    Bid,
    Buy,
    EndTurn,
    Game,
    PassBid,
    Phase,
    Roll,
    SendToAuction,
    Transfer,
    load_rules,
)

RULES = load_rules("yarmarok")
PIZZERIA, CAFE, YACHT, GOLF = 1, 4, 47, 45
TAXI, BUS, RAIL, METRO, PORT, AIRPORT = 2, 10, 18, 26, 34, 42


def new_game(players: int = 3) -> Game:
    return Game.new(RULES, players, first=0)


def declined(game: Game, cell: int = PIZZERIA) -> None:
    """Seat 0 stops on `cell` (unowned) and sends it to auction."""
    game.pos[0] = (cell - 3) % RULES.size
    act(game, Roll(0), dice=[(1, 2)])
    assert game.phase is Phase.BUY and game.pending_buy == cell
    act(game, SendToAuction(0))


# -- the stepped auction ---------------------------------------------------------------------

def test_yarmarok_auction_without_the_lander_in_turn_order() -> None:
    game = new_game(4)
    declined(game)
    assert game.auction is not None and game.auction.bidders == (1, 2, 3)   # SEED L14, L54, L57
    assert decisions(game) == [(1, "bid")]


def test_yarmarok_auction_starts_at_the_price() -> None:
    game = new_game()
    declined(game)                                                    # Піцерія: 60 (SEED L55)
    assert game.legal(1).bid == (60, 1800)
    assert_illegal(game, Bid(1, 59), "auction.bid_step")


def test_yarmarok_auction_players_short_of_the_start_price_do_not_bid() -> None:
    game = new_game(4)
    game.cash[2] = 59
    declined(game)
    assert game.auction is not None and game.auction.bidders == (1, 3)   # SEED L56


def test_yarmarok_auction_seed_example_60_80_then_at_least_100() -> None:
    game = new_game()
    declined(game)
    act(game, Bid(1, 80))                                              # SEED L59: the step is 20
    assert game.legal(2).bid == (100, 1800)
    assert_illegal(game, Bid(2, 99), "auction.bid_step")


def test_yarmarok_auction_seed_example_60_65_100_then_at_least_135() -> None:
    game = new_game(4)
    declined(game)
    act(game, Bid(1, 65))                                              # step 5
    act(game, Bid(2, 100))                                             # a jump: the step is 35
    assert game.legal(3).bid == (135, 1800)                            # SEED L59
    assert_illegal(game, Bid(3, 134), "auction.bid_step")


def test_yarmarok_auction_no_bid_above_ones_cash() -> None:
    game = new_game()
    game.cash[1] = 70
    declined(game)
    assert game.legal(1).bid == (60, 70)
    assert_illegal(game, Bid(1, 71), "auction.bid_cash")               # SEED L60


def test_yarmarok_auction_winner_pays_the_bank() -> None:
    game = new_game()
    declined(game)
    act(game, Bid(1, 70))
    events = act(game, PassBid(2))
    assert payments(events) == [(1, None, 70, "auction")] and game.owner[PIZZERIA] == 1   # SEED L61
    assert game.phase is Phase.POST_ROLL


def test_yarmarok_auction_nobody_bidding_leaves_the_deed_with_the_bank() -> None:
    game = new_game()
    declined(game)
    act(game, PassBid(1))
    events = act(game, PassBid(2))
    assert of_type(events, "auction_unsold") and game.owner[PIZZERIA] == -1 and game.phase is Phase.POST_ROLL


def test_yarmarok_auction_with_nobody_able_to_bid_ends_at_once() -> None:
    game = new_game()
    game.cash[1] = game.cash[2] = 10
    game.pos[0] = 44
    act(game, Roll(0), dice=[(1, 2)])                                  # Яхт-клуб: 400
    events = act(game, SendToAuction(0))
    assert of_type(events, "auction_unsold") and game.auction is None and game.phase is Phase.POST_ROLL


def test_yarmarok_auction_of_ones_own_deed_before_the_roll() -> None:
    game = new_game()
    give(game, 0, GOLF)
    assert AuctionDeed(0, GOLF, 350) in game.legal(0).actions          # SEED L62, L139
    act(game, AuctionDeed(0, GOLF, 200))                              # the owner's start price
    assert game.auction is not None and game.auction.bidders == (1, 2) and game.legal(1).bid == (200, 1800)
    act(game, Bid(1, 250))
    events = act(game, PassBid(2))
    assert payments(events) == [(1, 0, 250, "auction")] and game.owner[GOLF] == 1   # to the owner
    assert game.phase is Phase.PRE_ROLL and game.active == 0
    give(game, 0, YACHT)
    assert_illegal(game, AuctionDeed(0, YACHT, 400), "auction.own_deed_once")      # once a turn


def test_yarmarok_auction_of_ones_own_deed_unsold_stays() -> None:
    game = new_game()
    give(game, 0, GOLF)
    events = act(game, AuctionDeed(0, GOLF, 5000))                     # nobody has 5 000
    assert of_type(events, "auction_unsold") and game.owner[GOLF] == 0 and game.phase is Phase.PRE_ROLL


def test_yarmarok_auction_of_ones_own_deed_rules() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[CAFE] = 1
    assert_illegal(game, AuctionDeed(0, PIZZERIA, 60), "deeds.no_buildings_in_group")
    assert_illegal(game, AuctionDeed(0, GOLF, 60), "deeds.own_property")
    assert_illegal(game, AuctionDeed(0, 5, 60), "deeds.own_property")
    game.buildings[CAFE] = 0
    assert_illegal(game, AuctionDeed(0, PIZZERIA, 0), "auction.start")
    act(game, Roll(0), dice=[(2, 3)])
    assert_illegal(game, AuctionDeed(0, PIZZERIA, 60), "auction.own_deed_before_roll")


def test_yarmarok_auction_of_a_bankrupts_deeds_is_stepped_too() -> None:
    rules = load_rules("yarmarok", {"bankrupt_deeds": "auction"})
    game = Game.new(rules, 3, first=0)
    give(game, 0, GOLF)
    game.cash[0] = 0
    game.deposit[0] = 0
    game.cash[2] = 300
    act(game, Roll(0), dice=[(2, 3)])                                  # a tax of 200: 175 raisable
    assert not game.alive[0] and game.owner[GOLF] == -1
    assert game.auction is not None and game.auction.start == 350 and game.auction.bidders == (1,)
    assert game.legal(1).bid == (350, 1800)


# -- transfers -------------------------------------------------------------------------------

def on_taxi(game: Game) -> None:
    game.pos[0] = TAXI


def test_yarmarok_transfer_seed_example_taxi_to_airport_5_forward_or_1_back() -> None:
    game = new_game()
    on_taxi(game)
    give(game, 1, AIRPORT)
    forward = game.copy()
    assert payments(act(forward, Transfer(0, AIRPORT, 1))) == [(0, 1, 100, "fare")]   # SEED L101: 5 x 20
    events = act(game, Transfer(0, AIRPORT, -1))
    assert payments(events) == [(0, 1, 20, "fare")]                                   # 1 x 20
    moved = of_type(events, "moved")[0]
    assert moved["steps"] == -8 and moved["by"] == "transfer" and game.pos[0] == AIRPORT


def test_yarmarok_transfer_instead_of_the_roll_then_the_next_turn_rolls() -> None:
    game = new_game(2)
    on_taxi(game)
    give(game, 0, BUS)
    act(game, Transfer(0, BUS, 1))                                     # to its own: free (L100)
    assert game.phase is Phase.POST_ROLL and game.pos[0] == BUS and game.transferred[0]
    act(game, EndTurn(0))
    game.pos[1] = 0
    act(game, Roll(1), dice=[(2, 3)])
    act(game, EndTurn(1))
    assert Transfer(0, RAIL, 1) not in game.legal(0).actions           # SEED L102: once
    assert_illegal(game, Transfer(0, RAIL, 1), "transfer.from_transport")
    act(game, Roll(0), dice=[(4, 4)])                                  # 10 -> 18: a transport square again
    assert not game.transferred[0]


def test_yarmarok_transfer_to_an_unowned_square_pays_the_bank_and_offers_it() -> None:
    game = new_game()
    on_taxi(game)
    events = act(game, Transfer(0, RAIL, 1))                           # 2 squares entered
    assert payments(events) == [(0, None, 40, "fare")]
    assert game.phase is Phase.BUY and game.pending_buy == RAIL        # SEED L100
    act(game, Buy(0))
    assert game.owner[RAIL] == 0


def test_yarmarok_transfer_no_start_money_or_interest_on_the_way() -> None:
    game = new_game()
    game.pos[0] = PORT
    events = act(game, Transfer(0, TAXI, 1))                           # past the Старт (SEED L52)
    assert payments(events) == [(0, None, 40, "fare")]                 # Аеропорт and Таксі entered
    bank = new_game()
    bank.pos[0] = RAIL
    events = act(bank, Transfer(0, METRO, 1))                          # past the bank square (24)
    assert not of_type(events, "interest") and bank.deposit[0] == 200


def test_yarmarok_transfer_to_a_jailed_owner_is_free() -> None:
    game = new_game()
    on_taxi(game)
    give(game, 1, BUS)
    game.pos[1], game.jailed[1] = 12, True
    assert payments(act(game, Transfer(0, BUS, 1))) == []


def test_yarmarok_transfer_needs_the_fare_in_hand_and_a_free_token() -> None:
    game = new_game()
    on_taxi(game)
    game.cash[0] = 10
    assert_illegal(game, Transfer(0, BUS, 1), "transfer.fare_cash")
    game.cash[0] = 1800
    assert_illegal(game, Transfer(0, PIZZERIA, 1), "transfer.to_transport")
    assert_illegal(game, Transfer(0, BUS, 2), "transfer.direction")
    game.pos[0] = 5
    assert_illegal(game, Transfer(0, BUS, 1), "transfer.from_transport")


@pytest.mark.parametrize("owned, fare", [((), 0), ((RAIL,), 40)])
def test_yarmarok_transfer_listed_among_the_turns_actions(owned: tuple[int, ...], fare: int) -> None:
    game = new_game()
    on_taxi(game)
    give(game, 1, *owned)
    transfers = [a for a in game.legal(0).actions if isinstance(a, Transfer)]
    assert len(transfers) == 10 and Transfer(0, RAIL, 1) in transfers
    assert fare >= 0


def test_yarmarok_auction_and_transfer_states_round_trip() -> None:
    game = new_game()
    declined(game)
    act(game, Bid(1, 80))
    data = game.to_json()
    assert data["auction"]["start"] == 60 and data["auction"]["step"] == 20
    back = Game.from_json(data, RULES)
    assert back.to_json() == data and back.legal(2).bid == (100, 1800)

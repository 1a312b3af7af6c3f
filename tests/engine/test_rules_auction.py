"""RULES.md, "Auction": the lander bids first, seat order, passing is final, bids above the
highest and never above cash, the highest bidder alone wins, nobody bids: the bank keeps it."""
from __future__ import annotations

from helpers.engine import BANK, act, assert_illegal, decisions, new_game, of_type, payments

from zemlevlasnyk.engine import Bid, Buy, EndTurn, Game, PassBid, Phase, Roll, SendToAuction

CELL = 3  # Кожум'яки, price 7 000


def auction_game(players: int = 3, lander: int = 1,
                 dice: tuple[int, int] = (1, 2)) -> Game:
    game = new_game(players, first=lander)
    act(game, Roll(lander), dice=[dice])
    act(game, SendToAuction(lander))
    return game


def test_auction_starts_at_once_and_lander_bids_first() -> None:
    game = new_game(3, first=1)
    act(game, Roll(1), dice=[(1, 2)])
    events = act(game, SendToAuction(1))
    assert of_type(events, "auction_started")[0]["bidders"] == [1, 2, 0]
    assert game.phase is Phase.AUCTION and decisions(game) == [(1, "bid")]
    assert game.legal(1).bid == (1, 150_000)
    assert_illegal(game, Bid(2, 100), "turn.not_yours")


def test_auction_bids_go_round_in_seat_order() -> None:
    game = auction_game(4, lander=2)
    order = []
    for amount in (100, 200, 300, 400, 500):
        seat = game.pending()[0].seat
        order.append(seat)
        act(game, Bid(seat, amount))
    assert order == [2, 3, 0, 1, 2]


def test_auction_bid_above_the_highest() -> None:
    game = auction_game()
    assert_illegal(game, Bid(1, 0), "auction.bid_above_highest")
    act(game, Bid(1, 1_000))
    assert game.legal(2).bid == (1_001, 150_000)
    assert_illegal(game, Bid(2, 1_000), "auction.bid_above_highest")
    assert_illegal(game, Bid(2, 999), "auction.bid_above_highest")
    act(game, Bid(2, 1_001))


def test_auction_bid_never_above_cash() -> None:
    game = auction_game()
    game.cash[1] = 3_000
    assert game.legal(1).bid == (1, 3_000)
    assert_illegal(game, Bid(1, 3_001), "auction.bid_cash")
    act(game, Bid(1, 3_000))
    game.cash[2] = 3_000
    assert game.legal(2).bid is None, "cannot top a bid equal to all your cash"
    assert PassBid(2) in game.legal(2).actions


def test_auction_passing_is_final() -> None:
    game = auction_game()
    act(game, Bid(1, 500))
    act(game, PassBid(2))
    act(game, Bid(0, 600))
    act(game, Bid(1, 700))
    # seat 2 passed: the turn skips it
    assert decisions(game) == [(0, "bid")]
    assert_illegal(game, Bid(2, 800), "turn.not_yours")


def test_auction_ends_with_the_highest_bidder_alone() -> None:
    game = auction_game()
    act(game, Bid(1, 500))
    act(game, Bid(2, 800))
    act(game, PassBid(0))
    events = act(game, PassBid(1))
    assert payments(events) == [(2, None, 800, "auction")]
    assert of_type(events, "auction_won")[0] == {
        "type": "auction_won", "seat": 2, "cell": CELL, "amount": 800}
    assert game.owner[CELL] == 2 and game.cash[2] == 149_200
    assert game.auction is None and game.phase is Phase.POST_ROLL and game.active == 1


def test_auction_lander_may_win() -> None:
    game = auction_game()
    act(game, Bid(1, 10_000))
    act(game, PassBid(2))
    events = act(game, PassBid(0))
    assert payments(events) == [(1, None, 10_000, "auction")]
    assert game.owner[CELL] == 1


def test_auction_nobody_bids_bank_keeps_it() -> None:
    game = auction_game()
    act(game, PassBid(1))
    act(game, PassBid(2))
    events = act(game, PassBid(0))
    assert of_type(events, "auction_unsold") == [{"type": "auction_unsold", "cell": CELL}]
    assert payments(events) == []
    assert game.owner[CELL] == BANK and game.phase is Phase.POST_ROLL
    act(game, EndTurn(1))


def test_auction_last_one_in_may_still_bid() -> None:
    game = auction_game()
    act(game, PassBid(1))
    act(game, PassBid(2))
    assert decisions(game) == [(0, "bid")]
    events = act(game, Bid(0, 1))
    assert payments(events) == [(0, None, 1, "auction")]
    assert game.owner[CELL] == 0


def test_auction_when_lander_cannot_afford() -> None:
    game = new_game(2)
    game.cash[0] = 2_000
    act(game, Roll(0), dice=[(1, 2)])
    assert_illegal(game, Buy(0), "buy.cash")
    assert SendToAuction(0) in game.legal(0).actions
    assert game.safe_action(0) == SendToAuction(0)
    act(game, SendToAuction(0))
    assert game.legal(0).bid == (1, 2_000)
    act(game, Bid(0, 2_000))
    act(game, Bid(1, 2_500))
    events = act(game, PassBid(0))
    assert game.owner[CELL] == 1 and payments(events) == [(1, None, 2_500, "auction")]


def test_auction_jailed_players_take_part() -> None:
    game = new_game(3, first=1)
    game.jailed[2] = True
    game.pos[2] = 10
    act(game, Roll(1), dice=[(1, 2)])
    act(game, SendToAuction(1))
    assert game.auction is not None and game.auction.bidders == (1, 2, 0)


def test_auction_after_a_double_the_lander_rolls_again() -> None:
    game = auction_game(2, lander=0, dice=(3, 3))
    act(game, PassBid(0))
    act(game, PassBid(1))
    assert game.phase is Phase.POST_ROLL and game.reroll and game.owner[6] == BANK


def test_auction_clock_passes() -> None:
    game = auction_game()
    assert game.safe_action(1) == PassBid(1)
    assert_illegal(game, EndTurn(1), "turn.end_after_roll")
    assert_illegal(game, Buy(1), "buy.offered")


def test_auction_bid_range_is_legal_bid_for_every_seat() -> None:
    """`Game.bid_range(seat)` (asked by bots instead of building `legal()`) is `legal(seat).bid`
    for every seat, before an auction, during one, with cash short, and after it."""
    game = new_game(3, first=1)
    states = [game.copy()]
    act(game, Roll(1), dice=[(1, 2)])
    act(game, SendToAuction(1))
    states.append(game.copy())
    act(game, Bid(1, 1_000))
    game.cash[2] = 1_000
    states.append(game.copy())
    act(game, PassBid(2))
    states.append(game.copy())
    act(game, PassBid(0))
    states.append(game.copy())
    ranges = [[state.bid_range(seat) for seat in range(3)] for state in states]
    assert ranges == [[state.legal(seat).bid for seat in range(3)] for state in states]
    assert ranges[1] == [None, (1, 150_000), None] and ranges[2] == [None, None, None]

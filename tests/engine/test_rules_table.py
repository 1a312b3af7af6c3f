"""RULES.md, "Playing with friends": the clock's safe action for every decision kind (it
never spends money by choice), and draw offers (once per roll, to every other player, all
must accept; a refusal, a move or an elimination ends the offer; agreed: no winner)."""
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
)

from zemlevlasnyk.engine import (
    AcceptDraw,
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclineDraw,
    DeclineTrade,
    DrawOffer,
    EndTurn,
    Game,
    OfferDraw,
    PassBid,
    PayJailFee,
    ProposeTrade,
    Redeem,
    Resign,
    Roll,
    RollForDouble,
    SendToAuction,
    SettleDebt,
    UseReleaseCard,
)
from zemlevlasnyk.engine.bots.match import play_match

SPENDING = (Buy, Bid, Build, Redeem, ProposeTrade, AcceptTrade, AcceptDraw, PayJailFee,
            UseReleaseCard)


def safe(game: Game, seat: int) -> Action:
    action = game.safe_action(seat)
    assert action is not None and game.is_legal(action)
    assert not isinstance(action, SPENDING)
    return action


# -- the clock's safe action ------------------------------------------------------------------

def test_table_clock_turn_rolls() -> None:
    game = new_game()
    assert decisions(game) == [(0, "turn")] and safe(game, 0) == Roll(0)
    assert game.safe_action(1) is None


def test_table_clock_in_jail_rolls_for_a_double() -> None:
    game = new_game()
    game.jailed[0] = True
    game.pos[0] = 10
    game.deck.remove(RULES.card_index["release"])
    game.cards_held[0] = [RULES.card_index["release"]]
    assert safe(game, 0) == RollForDouble(0)


def test_table_clock_buy_sends_to_auction_and_passes() -> None:
    game = new_game(3)
    act(game, Roll(0), dice=[(1, 2)])
    assert decisions(game) == [(0, "buy")] and safe(game, 0) == SendToAuction(0)
    act(game, safe(game, 0))
    for seat in (0, 1, 2):
        assert decisions(game) == [(seat, "bid")] and safe(game, seat) == PassBid(seat)
        act(game, safe(game, seat))
    assert game.owner[3] == -1


def test_table_clock_after_roll_ends_turn_or_rolls_again() -> None:
    game = new_game()
    give(game, 0, 6, 9)
    act(game, Roll(0), dice=[(3, 3)])
    assert decisions(game) == [(0, "after_roll")] and safe(game, 0) == Roll(0)
    act(game, Roll(0), dice=[(1, 2)])
    assert safe(game, 0) == EndTurn(0)


def test_table_clock_debt_settles() -> None:
    game = new_game()
    give(game, 1, 5, 15, 25, 35)
    give(game, 0, 39)
    game.cash[0] = 5_000
    act(game, Roll(0), dice=[(2, 3)])
    assert decisions(game) == [(0, "debt")] and safe(game, 0) == SettleDebt(0)


def test_table_clock_declines_a_trade() -> None:
    game = new_game()
    give(game, 0, 5)
    act(game, ProposeTrade(0, 1, (5,), (), -1_000))
    assert decisions(game) == [(1, "trade_answer")] and safe(game, 1) == DeclineTrade(1)


def test_table_clock_declines_a_draw() -> None:
    game = new_game(3)
    act(game, OfferDraw(1))
    assert decisions(game) == [(2, "draw_answer"), (0, "draw_answer"), (0, "turn")]
    assert safe(game, 2) == DeclineDraw(2)
    assert game.safe_action(0, "draw_answer") == DeclineDraw(0)
    assert game.safe_action(0, "turn") == Roll(0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_table_clock_never_spends_money_by_choice(players: int) -> None:
    """A whole table on the clock: nobody ever buys, bids, builds, trades or redeems."""
    seen: set[str] = set()

    def watch(game, action, events) -> None:
        assert not isinstance(action, SPENDING), action
        seen.update(e.TYPE for e in events)

    play_match(RULES, ["idle"] * players, seed=players, max_turns=300, observer=watch)
    assert not seen & {"bought", "bid", "built", "trade_proposed", "redeemed", "auction_won"}
    assert "auction_unsold" in seen


# -- draw offers ------------------------------------------------------------------------------

def test_table_draw_goes_to_every_other_player() -> None:
    game = new_game(4)
    events = act(game, OfferDraw(2))
    assert of_type(events, "draw_offered") == [{"type": "draw_offered", "seat": 2}]
    assert decisions(game)[:3] == [(3, "draw_answer"), (0, "draw_answer"), (1, "draw_answer")]
    assert_illegal(game, AcceptDraw(2), "draw.answer_once")


def test_table_draw_all_must_accept_then_no_winner() -> None:
    game = new_game(3)
    act(game, OfferDraw(0))
    act(game, AcceptDraw(1))
    assert game.outcome() is None and decisions(game)[0] == (2, "draw_answer")
    assert_illegal(game, AcceptDraw(1), "draw.answer_once")
    events = act(game, AcceptDraw(2))
    assert of_type(events, "game_drawn") == [{"type": "game_drawn"}]
    out = game.outcome()
    assert out is not None and out.draw and out.winner is None
    assert game.pending() == [] and game.legal(0).actions == ()


def test_table_draw_one_refusal_ends_it() -> None:
    game = new_game(3)
    act(game, OfferDraw(0))
    act(game, AcceptDraw(1))
    events = act(game, DeclineDraw(2))
    assert of_type(events, "draw_declined") == [{"type": "draw_declined", "seat": 2}]
    assert game.draw is None and game.outcome() is None
    assert decisions(game) == [(0, "turn")]
    assert_illegal(game, AcceptDraw(1), "draw.open_offer")


def test_table_draw_a_move_instead_of_an_answer_cancels_it() -> None:
    game = new_game(3)
    act(game, OfferDraw(1))
    events = act(game, Roll(0), dice=[(1, 2)])
    assert of_type(events, "draw_cancelled") == [
        {"type": "draw_cancelled", "reason": "move", "by_seat": 0}]
    assert game.draw is None and game.outcome() is None


def test_table_draw_an_elimination_cancels_it() -> None:
    """Leaving the game is itself a move, so the offer is gone before the seat is out."""
    game = new_game(3)
    act(game, OfferDraw(1))
    act(game, AcceptDraw(2))
    events = act(game, Resign(0))
    kinds = [e.TYPE for e in events]
    assert kinds.index("draw_cancelled") < kinds.index("eliminated")
    assert game.draw is None and game.outcome() is None
    assert decisions(game) == [(1, "turn")]


def test_table_draw_bankruptcy_of_an_answering_player_cancels_it() -> None:
    game = new_game(3)
    give(game, 1, 5, 15, 25, 35)
    game.cash[0] = 1_000
    act(game, OfferDraw(2))
    events = act(game, Roll(0), dice=[(2, 3)])
    assert not game.alive[0] and game.draw is None
    assert of_type(events, "draw_cancelled")[0]["reason"] == "move"
    act(game, OfferDraw(1))
    assert decisions(game)[0] == (2, "draw_answer") and len(decisions(game)) == 2


def test_table_draw_once_per_roll() -> None:
    game = new_game(3)
    act(game, OfferDraw(1))
    act(game, DeclineDraw(2))
    assert_illegal(game, OfferDraw(1), "draw.once_per_roll")
    act(game, OfferDraw(2))
    assert_illegal(game, OfferDraw(0), "draw.one_at_a_time")
    act(game, DeclineDraw(0))
    game.owner[3] = 0
    act(game, Roll(0), dice=[(1, 2)])
    act(game, OfferDraw(1))
    assert game.draw == DrawOffer(1)


def test_table_draw_answers_need_an_offer() -> None:
    game = new_game()
    assert_illegal(game, AcceptDraw(1), "draw.open_offer")
    assert_illegal(game, DeclineDraw(1), "draw.open_offer")


def test_table_draw_agreed_while_a_trade_waits() -> None:
    """A draw offered during a trade answer ends the game; nothing of the trade is left over."""
    game = new_game(2)
    give(game, 0, 5)
    act(game, ProposeTrade(0, 1, (5,), (), 0))
    act(game, OfferDraw(0))
    act(game, AcceptDraw(1))
    assert game.outcome().draw and game.trade is None and game.trade_resume is None
    assert Game.from_json(game.to_json(), RULES).to_json() == game.to_json()

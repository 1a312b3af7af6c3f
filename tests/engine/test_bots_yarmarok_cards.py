"""Computer players and «Ярмарок»'s kept cards (engine/bots/fair_cards.py): a certificate kept
as money the credit cannot halve and sold when cash is wanted, the good sale and the
liquidation only in place of a sale the bot's raising chose, the double ticket only when a
transfer beats the roll, a certificate in a trade valued at its face; and whole games in
which the bots use them."""
from __future__ import annotations

import pytest
from helpers.engine import act, give, hold

from zemlevlasnyk.engine import (
    AcceptTrade,
    DeclineTrade,
    EndTurn,
    Event,
    Game,
    Phase,
    ProposeTrade,
    Roll,
    Transfer,
    UseCard,
    load_rules,
)
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.engine.events import CardUsed

RULES = load_rules("yarmarok")
TAXI, BUS, RAIL, AIRPORT = 2, 10, 18, 42
PIZZERIA, CAFE, GOLF, YACHT = 1, 4, 45, 47
LEVELS = ("easy", "medium", "hard")
CERTIFICATE, SALE, LIQUIDATION, DOUBLE = "news_certificate", "news_good_sale", "news_liquidation", \
    "opportunity_double_ticket"


def new_game(players: int = 2) -> Game:
    return Game.new(RULES, players, first=0)


def answer(level: str, game: Game, seat: int = 0) -> object:
    return make_bot(level, 1).choose(game, seat)


def in_debt(game: Game) -> None:
    give(game, 1, YACHT)
    game.buildings[YACHT] = 1                                  # 400
    game.deposit[0] = 0
    game.pos[0] = 40
    act(game, Roll(0), dice=[(3, 4)])
    assert game.phase is Phase.DEBT


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_bots_yarmarok_certificate_kept_while_cash_is_ample(level: str) -> None:
    game = new_game()
    hold(game, 0, CERTIFICATE)
    assert not isinstance(answer(level, game), UseCard)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_yarmarok_certificate_sold_in_a_debt(level: str) -> None:
    game = new_game()
    hold(game, 0, CERTIFICATE)
    game.cash[0] = 350
    in_debt(game)
    assert answer(level, game) == UseCard(0, CERTIFICATE)


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_bots_yarmarok_certificate_sold_to_buy_what_the_cash_alone_cannot(level: str) -> None:
    game = new_game()
    hold(game, 0, CERTIFICATE)
    game.cash[0] = 300
    game.pos[0] = GOLF - 3
    act(game, Roll(0), dice=[(1, 2)])                          # Гольф-клуб: 350
    assert game.phase is Phase.BUY and answer(level, game) == UseCard(0, CERTIFICATE)


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_bots_yarmarok_certificate_sold_before_the_turn_cap(level: str) -> None:
    rules = load_rules("yarmarok", {"turn_cap": 100})
    game = Game.new(rules, 2, first=0)
    hold(game, 0, CERTIFICATE)
    game.turn = 99
    assert make_bot(level, 1).choose(game, 0) == UseCard(0, CERTIFICATE)


def test_bots_yarmarok_easy_sells_a_certificate_at_once() -> None:
    game = new_game()
    hold(game, 0, CERTIFICATE)
    assert answer("easy", game) == UseCard(0, CERTIFICATE)


@pytest.mark.parametrize("level", LEVELS)
def test_bots_yarmarok_good_sale_in_place_of_the_deed_sale_of_a_debt(level: str) -> None:
    game = new_game()
    give(game, 0, RAIL, PIZZERIA)
    hold(game, 0, SALE)
    game.cash[0] = 350                                          # 50 short: one deed is enough
    in_debt(game)
    choice = answer(level, game)
    assert isinstance(choice, UseCard) and choice.card == SALE and choice.target_cell in (RAIL, PIZZERIA)
    fresh = new_game()
    give(fresh, 0, RAIL)
    hold(fresh, 0, SALE)
    assert not isinstance(answer(level, fresh), UseCard)        # never a sale of its own accord


@pytest.mark.parametrize("level", LEVELS)
def test_bots_yarmarok_liquidation_before_selling_branches_in_a_debt(level: str) -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 2
    hold(game, 0, LIQUIDATION)
    game.cash[0] = 330
    in_debt(game)
    assert answer(level, game) == UseCard(0, LIQUIDATION)
    act(game, UseCard(0, LIQUIDATION))
    sold = answer(level, game)
    events = act(game, sold)                                    # type: ignore[arg-type]
    assert [e.refund for e in events if e.TYPE == "building_sold"] == [50]
    calm = new_game()
    give(calm, 0, PIZZERIA, CAFE)
    calm.buildings[PIZZERIA] = calm.buildings[CAFE] = 2
    hold(calm, 0, LIQUIDATION)
    assert not isinstance(answer(level, calm), UseCard)


def test_bots_yarmarok_double_ticket_when_a_transfer_beats_the_roll() -> None:
    game = new_game()
    hold(game, 0, DOUBLE)
    give(game, 0, BUS)
    game.pos[0] = TAXI
    act(game, Transfer(0, BUS, 1))
    act(game, EndTurn(0))
    game.pos[1] = 0
    act(game, Roll(1), dice=[(2, 3)])
    act(game, EndTurn(1))
    lifted = game.copy()
    lifted.transferred[0] = False
    assert isinstance(make_bot("hard", 1).choose(lifted, 0), Transfer)    # an unowned Аеропорт to buy
    assert make_bot("hard", 1).choose(game, 0) == UseCard(0, DOUBLE)
    give(game, 1, TAXI, RAIL, 26, 34, AIRPORT)
    game.cash[0] = 15                                           # no fare in hand: the roll it is
    assert not isinstance(make_bot("hard", 1).choose(game, 0), UseCard)


@pytest.mark.parametrize("level", ("medium", "hard"))
def test_bots_yarmarok_certificate_in_a_trade_valued_at_its_face(level: str) -> None:
    game = new_game()
    hold(game, 0, CERTIFICATE)
    give(game, 1, PIZZERIA)
    cheap = game.copy()
    act(cheap, ProposeTrade(0, 1, (), (), 0, (CERTIFICATE,)))        # a gift of 100
    assert answer(level, cheap, 1) == AcceptTrade(1)
    act(game, ProposeTrade(0, 1, (), (), -150, (CERTIFICATE,)))      # 150 for a card worth 100
    assert answer(level, game, 1) == DeclineTrade(1)


def test_bots_yarmarok_whole_games_use_the_kept_cards() -> None:
    """Whole games between the levels reach every usable card and use it legally
    (play_match checks every action)."""
    used: set[str] = set()

    def observe(game: Game, action: object, events: list[Event]) -> None:
        used.update(e.card for e in events if isinstance(e, CardUsed))

    for seed in range(4):
        play_match(RULES, ["hard", "medium", "easy", "hard"], seed, 300, observe)
    assert {CERTIFICATE, LIQUIDATION} <= used, used

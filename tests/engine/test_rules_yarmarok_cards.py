"""docs/RULES.md, "Ярмарок", the kept cards (shared/VARIANTS.md B3.14, seed 004 L103, L135,
L137, L138): the season ticket (half the transport rent and fare while held), the double
ticket (a second transfer in a row, once), the good sale (a deed to the bank at its full
price), the liquidation (branches and offices back at cost until the turn ends) and the
certificate of 100 (sold to the bank or traded); each drawn and held until used, back in its
deck after use, counted in a debtor's means, spent by the clock's settlement where it raises
what is short, and passed to a creditor who is a player."""
from __future__ import annotations

import pytest
from helpers.engine import BANK, act, assert_illegal, give, hold, of_type, payments

from zemlevlasnyk.engine import (
    AcceptTrade,
    BadAction,
    EndTurn,
    Game,
    Phase,
    ProposeTrade,
    Roll,
    SellBuilding,
    SettleDebt,
    Transfer,
    UseCard,
    action_from_json,
    holdings,
    load_rules,
)
from zemlevlasnyk.engine.state import GameState

RULES = load_rules("yarmarok")
TAXI, BUS, RAIL, AIRPORT = 2, 10, 18, 42
PIZZERIA, CAFE, GOLF, YACHT = 1, 4, 45, 47
NEWS, OPPORTUNITY = 7, 3
SEASON, DOUBLE = "opportunity_season_ticket", "opportunity_double_ticket"
SALE, LIQUIDATION, CERTIFICATE = "news_good_sale", "news_liquidation", "news_certificate"


def new_game(players: int = 2) -> Game:
    return Game.new(RULES, players, first=0)


def use(game: Game, card: str, cell: int | None = None, seat: int = 0) -> UseCard:
    return UseCard(seat, card, None, cell, None)


def uses(game: Game, seat: int = 0) -> list[UseCard]:
    return [a for a in game.legal(seat).actions if isinstance(a, UseCard)]


def in_debt(game: Game, rent_cell: int = YACHT) -> None:
    """Seat 0 stops on seat 1's `rent_cell` (Яхт-клуб: 55) from 40 and owes more than its cash."""
    give(game, 1, rent_cell)
    game.deposit[0] = 0
    game.pos[0] = 40
    act(game, Roll(0), dice=[(3, 4)])


# -- the decks ---------------------------------------------------------------------------------

def test_yarmarok_cards_the_five_kept_cards_in_their_decks() -> None:
    cards = {c.id: c for c in RULES.cards}
    assert sum(c.deck == "opportunity" for c in RULES.cards) == sum(c.deck == "news" for c in RULES.cards) == 16
    assert (cards[SEASON].deck, cards[SEASON].effect, cards[SEASON].params) == (
        "opportunity", "transport_discount", {"percent": 50})
    assert (cards[DOUBLE].deck, cards[DOUBLE].effect) == ("opportunity", "double_transfer")
    assert (cards[SALE].deck, cards[SALE].effect) == ("news", "full_price_deed_sale")
    assert (cards[LIQUIDATION].deck, cards[LIQUIDATION].effect) == ("news", "full_price_building_sale")
    assert (cards[CERTIFICATE].deck, cards[CERTIFICATE].params) == ("news", {"value": 100})
    assert all(cards[c].kept for c in (SEASON, DOUBLE, SALE, LIQUIDATION, CERTIFICATE))


def test_yarmarok_cards_drawn_are_held_until_used_not_reshuffled() -> None:
    game = new_game()
    game.pos[0] = NEWS - 3
    events = act(game, Roll(0), dice=[(1, 2)], cards=[CERTIFICATE])
    index = RULES.card_index[CERTIFICATE]
    assert of_type(events, "card_kept")[0]["card"] == CERTIFICATE
    assert game.cards_held[0] == [index] and index not in game.deck
    game.deck = [c for c in game.deck if RULES.cards[c].deck != "news"]   # the deck runs out
    game.active, game.phase = 0, Phase.PRE_ROLL
    game.pos[0] = 44 - 3
    events = act(game, Roll(0), dice=[(1, 2)], cards=["news_bank_error"])   # Новини on 44: reshuffled
    assert of_type(events, "deck_reshuffled")[0]["cards"] == 15 and index not in game.deck


# -- the season ticket -------------------------------------------------------------------------

def test_yarmarok_season_ticket_halves_the_transport_rent() -> None:
    game = new_game()
    give(game, 1, RAIL)
    hold(game, 0, SEASON)
    game.pos[0] = RAIL - 3
    events = act(game, Roll(0), dice=[(1, 2)])
    assert payments(events) == [(0, 1, 13, "rent")]          # 25, halved in the owner's favour
    assert holdings.rent(game, RAIL, 3, 1) == 25             # the owner's own rent is not its ticket's


def test_yarmarok_season_ticket_halves_the_fare() -> None:
    game = new_game()
    give(game, 1, AIRPORT)
    hold(game, 0, SEASON)
    game.pos[0] = TAXI
    forward = game.copy()
    assert payments(act(forward, Transfer(0, AIRPORT, 1))) == [(0, 1, 50, "fare")]    # 5 x 20, halved
    assert payments(act(game, Transfer(0, AIRPORT, -1))) == [(0, 1, 10, "fare")]


def test_yarmarok_season_ticket_acts_while_held_and_is_never_used() -> None:
    game = new_game()
    hold(game, 0, SEASON)
    assert uses(game) == []
    assert_illegal(game, use(game, SEASON), "card.passive")
    give(game, 1, RAIL)
    game.pos[0] = RAIL - 3
    act(game, Roll(0), dice=[(1, 2)])
    assert game.cards_held[0] == [RULES.card_index[SEASON]]   # kept after paying


# -- the double ticket -------------------------------------------------------------------------

def transferred_last_turn(game: Game) -> None:
    """Seat 0 transferred from Таксі to its own Автобус on its last turn; now its turn again."""
    give(game, 0, BUS)
    game.pos[0] = TAXI
    act(game, Transfer(0, BUS, 1))
    act(game, EndTurn(0))
    game.pos[1] = 0
    act(game, Roll(1), dice=[(2, 3)])
    act(game, EndTurn(1))


def test_yarmarok_double_ticket_a_second_transfer_in_a_row() -> None:
    game = new_game()
    hold(game, 0, DOUBLE)
    transferred_last_turn(game)
    assert_illegal(game, Transfer(0, RAIL, 1), "transfer.from_transport")   # L102 without the card
    assert uses(game) == [use(game, DOUBLE)]
    events = act(game, use(game, DOUBLE))
    assert [e.TYPE for e in events] == ["card_used", "card_returned"]
    assert RULES.card_index[DOUBLE] in game.deck and not game.cards_held[0]
    assert Transfer(0, RAIL, 1) in game.legal(0).actions                    # L103: the one exception
    assert payments(act(game, Transfer(0, RAIL, 1))) == [(0, None, 20, "fare")]
    assert game.pos[0] == RAIL and game.transferred[0]


def test_yarmarok_double_ticket_only_on_a_square_reached_by_a_transfer() -> None:
    game = new_game()
    hold(game, 0, DOUBLE)
    game.pos[0] = TAXI                                      # a transfer is allowed anyway
    assert uses(game) == []
    assert_illegal(game, use(game, DOUBLE), "card.transfer_again")
    transferred_last_turn(game)
    act(game, Roll(0), dice=[(1, 2)])                       # rolled instead: after the roll, no use
    assert_illegal(game, use(game, DOUBLE), "card.transfer_again")


# -- the good sale -----------------------------------------------------------------------------

def test_yarmarok_good_sale_sells_one_deed_to_the_bank_at_its_full_price() -> None:
    game = new_game()
    give(game, 0, GOLF)
    hold(game, 0, SALE)
    assert use(game, SALE, GOLF) in uses(game)
    events = act(game, use(game, SALE, GOLF))
    assert payments(events) == [(None, 0, 350, "deed_sale")]            # not 175 (L137)
    assert of_type(events, "deed_sold")[0]["amount"] == 350
    assert game.owner[GOLF] == BANK and RULES.card_index[SALE] in game.deck


def test_yarmarok_good_sale_only_on_a_deed_one_may_sell() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[CAFE] = 1
    give(game, 1, GOLF)
    hold(game, 0, SALE)
    assert uses(game) == []                                   # the set is built; Гольф is not its
    assert_illegal(game, use(game, SALE, PIZZERIA), "card.target")
    assert_illegal(game, use(game, SALE, GOLF), "card.target")


# -- the liquidation ---------------------------------------------------------------------------

def test_yarmarok_liquidation_sells_branches_at_full_price_until_the_turn_ends() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 2
    hold(game, 0, LIQUIDATION)
    events = act(game, use(game, LIQUIDATION))
    assert of_type(events, "effect_started") == [
        {"type": "effect_started", "kind": "full_price_building_sale", "by": 0, "target": 0}]
    assert payments(act(game, SellBuilding(0, PIZZERIA))) == [(None, 0, 50, "building_sold")]   # not 25
    assert payments(act(game, SellBuilding(0, CAFE))) == [(None, 0, 50, "building_sold")]
    assert uses(game) == []                                      # not twice
    act(game, Roll(0), dice=[(2, 3)])
    events = act(game, EndTurn(0))
    assert of_type(events, "effect_ended")[0]["why"] == "turn" and not game.effects
    game.active, game.phase = 0, Phase.PRE_ROLL
    assert payments(act(game, SellBuilding(0, PIZZERIA))) == [(None, 0, 25, "building_sold")]


def test_yarmarok_liquidation_needs_a_building_to_sell_and_the_window() -> None:
    game = new_game()
    hold(game, 0, LIQUIDATION)
    assert_illegal(game, use(game, LIQUIDATION), "card.building_sale")
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 1
    act(game, Roll(0), dice=[(2, 3)])                       # after the roll: no building sales (L130)
    assert_illegal(game, use(game, LIQUIDATION), "card.building_sale")


def test_yarmarok_liquidation_in_a_debt() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 1
    hold(game, 0, LIQUIDATION)
    game.cash[0] = 10
    in_debt(game)
    assert game.phase is Phase.DEBT and use(game, LIQUIDATION) in uses(game)
    act(game, use(game, LIQUIDATION))
    assert payments(act(game, SellBuilding(0, PIZZERIA))) == [(None, 0, 50, "building_sold")]


# -- the certificate ---------------------------------------------------------------------------

def test_yarmarok_certificate_sold_to_the_bank_for_100_on_ones_turn() -> None:
    game = new_game()
    hold(game, 0, CERTIFICATE)
    hold(game, 1, "news_release")
    assert use(game, CERTIFICATE) in uses(game)
    before = game.copy()
    assert payments(act(before, use(game, CERTIFICATE))) == [(None, 0, 100, "card:news_certificate")]
    assert not before.cards_held[0] and RULES.card_index[CERTIFICATE] in before.deck
    act(game, Roll(0), dice=[(2, 3)])
    assert use(game, CERTIFICATE) in uses(game)                 # after the roll too
    act(game, EndTurn(0))
    assert_illegal(game, use(game, CERTIFICATE), "turn.not_yours")


def test_yarmarok_certificate_counts_in_a_debtors_means() -> None:
    game = new_game()
    hold(game, 0, CERTIFICATE)
    game.cash[0] = 10
    in_debt(game)                                           # 55 owed, 10 in hand: 110 with the card
    assert game.phase is Phase.DEBT and holdings.raisable(game, 0) == 110
    assert use(game, CERTIFICATE) in uses(game)
    events = act(game, SettleDebt(0))                       # the clock sells it: nothing at a loss
    assert payments(events) == [(None, 0, 100, "card:news_certificate"), (0, 1, 55, "rent")]
    assert game.alive[0] and game.cash[0] == 55


def full_price_debtor(game: Game) -> None:
    """Seat 0 owns Піцерія and Кафе with a branch each, Залізниця and Аеропорт, and no cash;
    it stops on seat 1's Яхт-клуб with a branch: 400 owed."""
    give(game, 0, PIZZERIA, CAFE, RAIL, AIRPORT)
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 1
    game.cash[0] = 0
    give(game, 1, YACHT)
    game.buildings[YACHT] = 1
    in_debt(game)


def test_yarmarok_full_price_cards_count_in_a_debtors_means_and_the_clock_spends_them() -> None:
    game = new_game()
    hold(game, 0, LIQUIDATION, SALE)
    full_price_debtor(game)
    # branches at cost 50 + 50, deeds at half 30 + 30 + 100 + 100, Залізниця at its price: +100
    assert game.phase is Phase.DEBT and holdings.raisable(game, 0) == 100 + 260 + 100
    events = act(game, SettleDebt(0))
    assert [e["card"] for e in of_type(events, "card_used")] == [LIQUIDATION, SALE]
    assert [e["refund"] for e in of_type(events, "building_sold")] == [50, 50]
    assert of_type(events, "deed_sold")[0] == {"type": "deed_sold", "seat": 0, "cell": RAIL, "amount": 200}
    assert payments(events)[-1] == (0, 1, 400, "rent") and game.alive[0] and game.cash[0] == 60


def test_yarmarok_cards_without_them_the_same_debt_is_a_bankruptcy() -> None:
    game = new_game()
    full_price_debtor(game)
    assert not game.alive[0]                               # 50 + 260 < 400


def test_yarmarok_cards_pass_to_a_creditor_who_is_a_player() -> None:
    game = new_game(3)
    hold(game, 0, CERTIFICATE, SEASON)
    game.cash[0] = 0
    give(game, 1, YACHT)
    game.buildings[YACHT] = 1
    in_debt(game)                                          # 400 owed, 100 raisable
    assert not game.alive[0]
    assert game.cards_held[1] == [RULES.card_index[CERTIFICATE], RULES.card_index[SEASON]]


def test_yarmarok_cards_go_back_to_their_decks_in_a_bankruptcy_to_the_bank() -> None:
    game = new_game(3)
    hold(game, 0, CERTIFICATE)
    game.cash[0] = 0
    game.deposit[0] = 0
    game.pos[0] = 2                                         # onto Податок (5): 200 to the bank
    act(game, Roll(0), dice=[(1, 2)])
    assert not game.alive[0] and RULES.card_index[CERTIFICATE] in game.deck


def test_yarmarok_cards_round_trip_with_a_liquidation_under_way() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 1
    hold(game, 0, LIQUIDATION, CERTIFICATE)
    act(game, use(game, LIQUIDATION))
    data = game.to_json()
    assert data["effects"] == [{"kind": "full_price_building_sale", "by": 0, "target": 0, "card": LIQUIDATION}]
    again = GameState.from_json(data, RULES)
    assert again.to_json() == data


# -- the certificate in trades -----------------------------------------------------------------

def test_yarmarok_certificate_traded_either_way_with_deeds_and_money() -> None:
    game = new_game()
    hold(game, 1, CERTIFICATE)
    give(game, 0, PIZZERIA)
    offer = ProposeTrade(0, 1, (PIZZERIA,), (), 0, (CERTIFICATE,))     # Піцерія for the certificate
    events = act(game, offer)
    assert of_type(events, "trade_proposed")[0]["take_cards"] == [CERTIFICATE]
    assert game.to_json()["trade"]["cards"] == [CERTIFICATE]
    events = act(game, AcceptTrade(1))
    assert of_type(events, "trade_accepted")[0]["take_cards"] == [CERTIFICATE]
    assert game.cards_held[0] == [RULES.card_index[CERTIFICATE]] and not game.cards_held[1]
    assert game.owner[PIZZERIA] == 1
    game.proposed_to.clear()
    events = act(game, ProposeTrade(0, 1, (), (), -80, (CERTIFICATE,)))  # sold back for 80, no deed
    assert of_type(events, "trade_proposed")[0]["give_cards"] == [CERTIFICATE]
    act(game, AcceptTrade(1))
    assert game.cards_held[1] == [RULES.card_index[CERTIFICATE]] and game.cash[0] == 1800 + 80


def test_yarmarok_trade_cards_only_a_held_certificate() -> None:
    game = new_game()
    hold(game, 0, SEASON, SALE)
    give(game, 0, PIZZERIA)
    assert_illegal(game, ProposeTrade(0, 1, (PIZZERIA,), (), 0, (SEASON,)), "trade.card")
    assert_illegal(game, ProposeTrade(0, 1, (PIZZERIA,), (), 0, (SALE,)), "trade.card")
    assert_illegal(game, ProposeTrade(0, 1, (PIZZERIA,), (), 0, (CERTIFICATE,)), "trade.card")   # in the deck
    assert_illegal(game, ProposeTrade(0, 1, (PIZZERIA,), (), 0, ("no_such_card",)), "trade.card")


def test_yarmarok_trade_cards_absent_from_the_json_of_a_trade_without_them() -> None:
    game = new_game()
    give(game, 0, PIZZERIA)
    offer = ProposeTrade(0, 1, (PIZZERIA,), (), 10)
    assert "cards" not in offer.to_json()
    assert action_from_json(offer.to_json()) == offer
    events = act(game, offer)
    proposed = of_type(events, "trade_proposed")[0]
    assert "give_cards" not in proposed and "take_cards" not in proposed and "cards" not in game.to_json()["trade"]
    with_card = ProposeTrade(0, 1, (PIZZERIA,), (), 10, (CERTIFICATE,))
    assert action_from_json(with_card.to_json()) == with_card
    with pytest.raises(BadAction):
        action_from_json({**with_card.to_json(), "cards": [3]})

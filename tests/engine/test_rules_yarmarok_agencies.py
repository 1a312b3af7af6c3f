"""docs/RULES.md, "Ярмарок", the agencies and the add-on plates (seed 004 L108-123, L141-152):
the raider agency's swap of deeds with its rules and fee, the real-estate agency's purchase
from the bank with its surcharge, both deeds without rent, their service on their squares and
on the plates of a layout chosen as the table's option, before a card's move or after it."""
from __future__ import annotations

import pytest
from helpers.engine import act, assert_illegal, decisions, give, of_type, payments

from zemlevlasnyk.engine import (
    BANK,
    Buy,
    BuyFromBank,
    Game,
    OptionError,
    PassBid,
    Phase,
    Raid,
    Roll,
    SendToAuction,
    Skip,
    load_rules,
    option_specs,
)

RULES = load_rules("yarmarok")
RAIDER, REALTY = 22, 43
PIZZERIA, CAFE, PET_SHOP, HARDWARE, SUPERMARKET, GOLF, YACHT = 1, 4, 6, 8, 9, 45, 47
TAXI, GAS = 2, 14


def new_game(players: int = 3, rules: object = RULES) -> Game:
    return Game.new(rules, players, first=0)  # type: ignore[arg-type]


def at_raider(game: Game) -> None:
    game.pos[0] = 19
    act(game, Roll(0), dice=[(1, 2)])


def at_realty(game: Game) -> None:
    game.pos[0] = 40
    act(game, Roll(0), dice=[(1, 2)])


# -- both agencies ---------------------------------------------------------------------------

def test_yarmarok_agencies_are_deeds_without_rent() -> None:
    assert RULES.cells[RAIDER].is_property and RULES.cells[REALTY].is_property
    assert RULES.cells[RAIDER].price == RULES.cells[REALTY].price == 200
    for agency, at in ((RAIDER, at_raider), (REALTY, at_realty)):
        game = new_game()
        give(game, 1, agency)
        game.pos[0] = agency - 3
        events = act(game, Roll(0), dice=[(1, 2)])
        assert [p for p in payments(events) if p[3] == "rent"] == [] and at   # SEED L117, L123


def test_yarmarok_agency_unowned_is_offered_to_buy_first() -> None:
    game = new_game()
    give(game, 1, PIZZERIA)
    give(game, 0, CAFE)
    at_raider(game)                                                    # SEED L109
    assert game.phase is Phase.BUY and game.pending_buy == RAIDER and game.offers[0].kind.value == "raid"
    act(game, Buy(0))
    assert decisions(game) == [(0, "raid")]


# -- the raider agency -----------------------------------------------------------------------

def test_yarmarok_raid_swaps_one_deed_for_one_with_a_fee_to_the_bank() -> None:
    game = new_game()
    give(game, 1, PIZZERIA)
    give(game, 0, GOLF)
    at_raider(game)
    act(game, SendToAuction(0))
    act(game, PassBid(1))
    act(game, PassBid(2))                                             # the agency stays unowned
    assert decisions(game) == [(0, "raid")]
    events = act(game, Raid(0, PIZZERIA, GOLF))                        # SEED L110-113
    assert game.owner[PIZZERIA] == 0 and game.owner[GOLF] == 1
    assert payments(events) == [(0, None, 50, "raid_fee")]            # L115: unowned agency, the bank
    assert of_type(events, "raided")[0] == {"type": "raided", "seat": 0, "victim": 1, "taken": PIZZERIA,
                                            "given": GOLF}


def owned_raider(owner: int) -> Game:
    game = new_game()
    give(game, owner, RAIDER)
    give(game, 1 if owner != 1 else 2, PIZZERIA)
    give(game, 0, GOLF)
    at_raider(game)
    return game


def test_yarmarok_raid_fee_to_the_agencys_owner_or_nothing_for_it() -> None:
    game = owned_raider(2)
    assert payments(act(game, Raid(0, PIZZERIA, GOLF))) == [(0, 2, 50, "raid_fee")]
    own = owned_raider(0)
    assert payments(act(own, Raid(0, PIZZERIA, GOLF))) == []          # the owner uses it free


def test_yarmarok_raid_never_takes_from_the_agencys_owner() -> None:
    game = new_game()
    give(game, 1, RAIDER, PIZZERIA)
    give(game, 2, YACHT)
    give(game, 0, GOLF)
    at_raider(game)
    assert_illegal(game, Raid(0, PIZZERIA, GOLF), "raid.agency_owner_immune")   # SEED L116
    act(game, Raid(0, YACHT, GOLF))


def test_yarmarok_raid_never_breaks_a_whole_set_either_way() -> None:
    game = new_game()
    give(game, 1, PIZZERIA, CAFE, TAXI)
    give(game, 0, PET_SHOP, HARDWARE, SUPERMARKET, GOLF)
    give(game, 2, RAIDER)
    at_raider(game)
    assert_illegal(game, Raid(0, PIZZERIA, GOLF), "raid.whole_set")               # SEED L114
    assert_illegal(game, Raid(0, TAXI, PET_SHOP), "raid.whole_set")               # PROPOSED both ways
    act(game, Raid(0, TAXI, GOLF))                                    # transport is no set (L98)


def test_yarmarok_raid_needs_the_fee_in_hand_and_is_optional() -> None:
    game = owned_raider(2)
    assert game.safe_action(0) == Skip(0)
    game.cash[0] = 49
    assert_illegal(game, Raid(0, PIZZERIA, GOLF), "raid.fee_cash")
    assert_illegal(game, Raid(0, GOLF, PIZZERIA), "raid.take_opponents")
    assert_illegal(game, Raid(0, YACHT, GOLF), "raid.take_opponents")


def test_yarmarok_raid_not_offered_when_no_swap_is_possible() -> None:
    game = new_game()
    give(game, 1, RAIDER)
    at_raider(game)                                                   # nothing to give
    assert game.phase is Phase.POST_ROLL and not game.offers


# -- the real-estate agency ------------------------------------------------------------------

def test_yarmarok_realty_buys_an_unowned_deed_with_30_percent_to_the_bank() -> None:
    game = new_game()
    give(game, 2, REALTY)
    at_realty(game)
    game.owner[REALTY] = BANK                                         # (unowned: the surcharge to the bank)
    events = act(game, BuyFromBank(0, YACHT))                          # SEED L121
    assert payments(events) == [(0, None, 400, "purchase"), (0, None, 120, "realty_surcharge")]
    assert game.owner[YACHT] == 0 and of_type(events, "agency_purchase")[0]["surcharge"] == 120


def test_yarmarok_realty_surcharge_rounds_up_to_the_owner_or_nothing_for_it() -> None:
    game = new_game()
    give(game, 2, REALTY)
    at_realty(game)
    events = act(game, BuyFromBank(0, 13))                             # Перукарня 140: 42
    assert payments(events)[1] == (0, 2, 42, "realty_surcharge")
    game = new_game()
    give(game, 0, REALTY)
    at_realty(game)
    assert payments(act(game, BuyFromBank(0, 15))) == [(0, None, 140, "purchase")]
    odd = new_game()
    give(odd, 2, REALTY)
    at_realty(odd)
    assert payments(act(odd, BuyFromBank(0, GAS)))[1] == (0, 2, 45, "realty_surcharge")   # 30% of 150


def test_yarmarok_realty_rules() -> None:
    game = new_game()
    give(game, 2, REALTY, GOLF)
    at_realty(game)
    assert_illegal(game, BuyFromBank(0, GOLF), "agency.unowned_deed")
    game.cash[0] = 519
    assert_illegal(game, BuyFromBank(0, YACHT), "agency.cash")        # 400 + 120
    assert game.legal(0).actions and game.safe_action(0) == Skip(0)


# -- plates ----------------------------------------------------------------------------------

def test_yarmarok_plates_are_the_tables_option_of_named_layouts() -> None:
    spec = next(s for s in option_specs("yarmarok") if s.name == "plates")
    assert "none" in spec.choices and "aggressive" in spec.choices and "loyal" in spec.choices
    with pytest.raises(OptionError):
        load_rules("yarmarok", {"plates": "everywhere"})
    aggressive = load_rules("yarmarok", {"plates": "aggressive"})
    assert aggressive.plates[3] == "raid" and aggressive.plates[33] == "realty"   # SEED L150
    assert load_rules("yarmarok", {"plates": "none"}).plates == {}


def test_yarmarok_plate_service_after_a_card_that_leaves_the_token() -> None:
    rules = load_rules("yarmarok", {"plates": "aggressive"})
    game = new_game(3, rules)
    give(game, 1, PIZZERIA)
    give(game, 0, GOLF)
    events = act(game, Roll(0), dice=[(1, 2)], cards=["opportunity_dividends"])   # Нагода (3), a plate
    assert payments(events) == [(None, 0, 50, "card:opportunity_dividends")]
    assert decisions(game) == [(0, "raid")] and game.pos[0] == 3     # SEED L148: stays on the square
    act(game, Raid(0, PIZZERIA, GOLF))
    assert game.phase is Phase.POST_ROLL


def test_yarmarok_plate_service_before_a_cards_move() -> None:
    rules = load_rules("yarmarok", {"plates": "aggressive"})
    game = new_game(3, rules)
    give(game, 1, PIZZERIA)
    give(game, 0, GOLF)
    act(game, Roll(0), dice=[(1, 2)], cards=["opportunity_yacht_club"])   # SEED L143: before the move
    assert decisions(game) == [(0, "raid")] and game.pos[0] == 3 and game.offers[0].card is not None
    assert game.needs_chance(Skip(0)) and game.needs_chance(Raid(0, PIZZERIA, GOLF))
    data = game.to_json()
    assert data["offers"][0]["card"] == "opportunity_yacht_club"
    assert Game.from_json(data, rules).to_json() == data
    act(game, Raid(0, PIZZERIA, GOLF))
    assert game.pos[0] == YACHT and game.phase is Phase.BUY            # then the card's move


def test_yarmarok_plate_skipped_before_the_move_still_moves() -> None:
    rules = load_rules("yarmarok", {"plates": "aggressive"})
    game = new_game(3, rules)
    give(game, 1, PIZZERIA)
    give(game, 0, GOLF)
    act(game, Roll(0), dice=[(1, 2)], cards=["opportunity_jail"])
    assert decisions(game) == [(0, "raid")]
    act(game, Skip(0))
    assert game.jailed[0] and game.active == 1


def test_yarmarok_realty_plate_on_a_news_square() -> None:
    rules = load_rules("yarmarok", {"plates": "loyal"})
    game = new_game(3, rules)
    game.pos[0] = 4
    act(game, Roll(0), dice=[(1, 2)], cards=["news_cashback"])         # Новини (7), an АН plate
    assert decisions(game) == [(0, "agency")]
    act(game, BuyFromBank(0, YACHT))
    assert game.owner[YACHT] == 0

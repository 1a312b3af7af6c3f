"""docs/RULES.md, "Ярмарок": the preset after shared/seeds/004 — its 48-square board and decks,
deeds sold to the bank instead of mortgages, branches and offices bought, sold and moved
before the roll, the jail on landing with its free exit and its cancel, the credit square,
the donation square, utilities by the lander's holdings and the wealth formula of an early end.
Each test is named after the rule it plays (SEED: the rulebook, PROPOSED: a fill-in)."""
from __future__ import annotations

import json

import pytest
from helpers.engine import act, assert_illegal, decisions, give, of_type, payments
from helpers.paths import REPO as ROOT

from zemlevlasnyk.engine import (
    BANK,
    Build,
    Buy,
    Donate,
    EndTurn,
    Game,
    GoToJail,
    IllegalAction,
    Mortgage,
    MoveBranch,
    OptionError,
    PayDebt,
    PayJailFee,
    Phase,
    Redeem,
    Roll,
    RollCredit,
    RollForDouble,
    SellBuilding,
    SellDeed,
    SettleDebt,
    Skip,
    SpendDonation,
    UseReleaseCard,
    load_rules,
    option_specs,
    preset_names,
)
from zemlevlasnyk.engine import holdings as H

RULES = load_rules("yarmarok")
TAXI, BUS, RAIL, METRO, PORT, AIRPORT = 2, 10, 18, 26, 34, 42
DONATION, JAIL, CREDIT = 11, 12, 30
GAS, POWER, WATER = 14, 32, 38
PIZZERIA, CAFE = 1, 4
PET_SHOP, HARDWARE, SUPERMARKET = 6, 8, 9
GOLF, YACHT = 45, 47


def new_game(players: int = 2, rules: object = RULES) -> Game:
    return Game.new(rules, players, first=0)  # type: ignore[arg-type]


def hold_release(game: Game, seat: int, card: str = "opportunity_release") -> None:
    index = RULES.card_index[card]
    game.deck.remove(index)
    game.cards_held[seat].append(index)


# -- the board, the money and the decks (F16) ----------------------------------------------

def test_yarmarok_board_48_squares_12_a_side_with_the_seeds_squares() -> None:
    assert RULES.size == 48 and RULES.size % 4 == 0
    kinds = [c.kind for c in RULES.cells]
    assert kinds.count("street") == 21 and len(RULES.groups) == 8
    assert RULES.stations == (TAXI, BUS, RAIL, METRO, PORT, AIRPORT)
    assert len(RULES.utilities) == 3 and kinds.count("card") == 8 and kinds.count("tax") == 2
    assert (kinds[0], kinds[JAIL], kinds[DONATION], kinds[CREDIT]) == ("start", "jail", "donation", "credit")
    assert "go_to_jail" not in kinds     # jail comes by landing on it (SEED L90)
    # SEED L101: going forward from Таксі to Аеропорт crosses 5 transport squares, backward 1.
    names = [RULES.cell_name(c) for c in RULES.stations]
    assert names[0] == "Таксі" and names[-1] == "Аеропорт"
    # SEED L132: the three named shops are one colour set.
    assert {RULES.cells[c].group for c in (PET_SHOP, HARDWARE, SUPERMARKET)} == {"light_blue"}
    assert RULES.group_cells["light_blue"] == (PET_SHOP, HARDWARE, SUPERMARKET)


def test_yarmarok_seed_numbers_pizzeria_60_and_yacht_club_55_400_800() -> None:
    assert RULES.cell_name(PIZZERIA) == "Піцерія" and RULES.cells[PIZZERIA].price == 60   # SEED L59
    assert RULES.cell_name(YACHT) == "Яхт-клуб" and RULES.cells[YACHT].rents[:3] == (55, 400, 800)  # L163-165


def test_yarmarok_branch_price_one_per_side() -> None:
    # SEED L128: one branch price per segment (PROPOSED: 50 / 100 / 150 / 200).
    for side, price in enumerate((50, 100, 150, 200)):
        streets = [c for c in RULES.cells[12 * side:12 * side + 12] if c.kind == "street"]
        assert streets and {c.house_cost for c in streets} == {price}, side


def test_yarmarok_start_cash_1800_is_the_sum_of_the_notes_and_salary_250() -> None:
    notes = {1: 3, 2: 1, 5: 1, 10: 2, 20: 1, 50: 1, 100: 2, 500: 3}   # SEED L39-46
    assert sum(value * count for value, count in notes.items()) == RULES.start_cash == 1800
    assert RULES.start_salary == 250                                 # SEED L51
    assert [s.default for s in option_specs("yarmarok") if s.name == "start_cash"] == [1800]


def test_yarmarok_decks_nagoda_and_novyny_on_their_squares() -> None:
    decks = {RULES.cells[c].deck for c in range(RULES.size) if RULES.cells[c].kind == "card"}
    assert decks == {"opportunity", "news"}
    for deck in decks:
        squares = [c.index for c in RULES.cells if c.kind == "card" and c.deck == deck]
        assert len(squares) == 4 and {c // 12 for c in squares} == {0, 1, 2, 3}   # one per side
        assert all(RULES.cards[i].deck == deck for i in RULES.deck_cards[deck])


def test_yarmarok_uses_no_name_of_the_product() -> None:
    """VARIANTS: none of the product's names or brand words (ФАЙНО…) anywhere in our data."""
    texts = [(ROOT / "engine" / "rulesets" / "yarmarok.json").read_text("utf-8")]
    for lang in ("uk", "en"):
        catalogue = json.loads((ROOT / "assets" / "text" / f"{lang}.json").read_text("utf-8"))
        texts.append(json.dumps(catalogue, ensure_ascii=False))
    for text in texts:
        lowered = text.lower()
        assert "файно" not in lowered and "fajno" not in lowered and "faino" not in lowered


def test_yarmarok_preset_loads_by_name_and_is_listed() -> None:
    assert "yarmarok" in preset_names()
    assert RULES.preset == "yarmarok" and RULES.name["uk"] == "Ярмарок"


# -- options ---------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["pot", "mortgage_fee", "mortgage_breaks_double"])
def test_yarmarok_options_without_sense_are_refused_with_a_reason(name: str) -> None:
    with pytest.raises(OptionError) as info:
        load_rules("yarmarok", {name: True})
    message = str(info.value)
    assert "\n" not in message and name in message and "not for these rules" in message
    assert name not in {s.name for s in option_specs("yarmarok")}


def test_yarmarok_options_that_apply_are_offered_with_its_defaults() -> None:
    specs = {s.name: s.default for s in option_specs("yarmarok")}
    assert specs["building_limits"] is True and specs["no_rent_in_jail"] is True   # SEED L129, L92
    assert specs["bankrupt_deeds"] == "return"
    load_rules("yarmarok", {"start_cash": 2500, "auctions": False, "turn_cap": 100})   # SEED L47


# -- F1: no mortgage, deeds sold to the bank -----------------------------------------------

def test_yarmarok_no_mortgage_mortgage_and_redeem_are_refused() -> None:
    game = new_game()
    give(game, 0, PIZZERIA)
    assert_illegal(game, Mortgage(0, PIZZERIA), "mortgage.none")
    assert_illegal(game, Redeem(0, PIZZERIA), "mortgage.none")
    assert not any(isinstance(a, (Mortgage, Redeem)) for a in game.legal(0).actions)


def test_yarmarok_deed_sold_to_the_bank_at_half_its_price() -> None:
    game = new_game()
    give(game, 0, GOLF)
    assert SellDeed(0, GOLF) in game.legal(0).actions
    events = act(game, SellDeed(0, GOLF))
    assert payments(events) == [(None, 0, 175, "deed_sale")]             # SEED L137: half of 350
    assert of_type(events, "deed_sold") == [{"type": "deed_sold", "seat": 0, "cell": GOLF, "amount": 175}]
    assert game.owner[GOLF] == BANK and game.cash[0] == 1800 + 175


def test_yarmarok_deed_sale_rounds_down() -> None:
    data = json.loads(json.dumps(RULES.data))
    data["deed_sale_percent"] = 33
    from zemlevlasnyk.engine import Ruleset
    rules = Ruleset(data)
    assert rules.deed_sale_values[PIZZERIA] == 19          # 33% of 60 = 19.8: the bank's favour


def test_yarmarok_deed_sale_needs_an_unbuilt_group() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[CAFE] = 1
    assert_illegal(game, SellDeed(0, PIZZERIA), "deeds.no_buildings_in_group")
    assert_illegal(game, SellDeed(0, GOLF), "deeds.own_property")


def test_yarmarok_deed_sale_at_any_moment_of_ones_turn() -> None:
    game = new_game()
    give(game, 0, GOLF, YACHT)
    act(game, SellDeed(0, GOLF))                                      # before the roll
    act(game, Roll(0), dice=[(1, 5)])                                 # onto Зоомагазин: offered
    assert game.phase is Phase.BUY and SellDeed(0, YACHT) in game.legal(0).actions
    assert_illegal(game, SellDeed(1, YACHT), "turn.not_yours")
    act(game, Buy(0))
    act(game, SellDeed(0, PET_SHOP))                                  # after the roll
    assert game.phase is Phase.POST_ROLL and game.owner[PET_SHOP] == BANK


def test_yarmarok_debt_raised_by_selling_deeds_cheapest_first() -> None:
    game = new_game()
    give(game, 1, YACHT)
    give(game, 0, PIZZERIA, GOLF)
    game.cash[0] = 10
    game.deposit[0] = 0                 # (a deposit is raised first)
    game.pos[0] = 40
    act(game, Roll(0), dice=[(3, 4)])   # onto Яхт-клуб: rent 55
    assert game.phase is Phase.DEBT and H.raisable(game, 0) == 10 + 30 + 175
    events = act(game, SettleDebt(0))
    assert [e["cell"] for e in of_type(events, "deed_sold")] == [PIZZERIA, GOLF]
    assert payments(events)[-1] == (0, 1, 55, "rent") and game.cash[0] == 10 + 30 + 175 - 55


def test_yarmarok_debt_beyond_what_sales_raise_is_a_bankruptcy() -> None:
    game = new_game()
    give(game, 1, YACHT)
    game.buildings[GOLF] = game.buildings[YACHT] = 5
    give(game, 1, GOLF)
    give(game, 0, PIZZERIA)
    game.cash[0] = 10
    game.deposit[0] = 0
    game.pos[0] = 40
    events = act(game, Roll(0), dice=[(3, 4)])                       # rent 2 000, raisable 40
    assert of_type(events, "bankrupt")[0]["raisable"] == 40 and not game.alive[0]


# -- F3: branches and offices before the roll, moving a branch, the shortage ---------------

def test_yarmarok_branches_built_only_before_the_roll() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    assert Build(0, PIZZERIA) in game.legal(0).actions
    act(game, Build(0, PIZZERIA))
    act(game, Roll(0), dice=[(2, 3)])                                 # onto Податок: paid
    assert game.phase is Phase.POST_ROLL
    assert_illegal(game, Build(0, CAFE), "buildings.before_roll")
    assert_illegal(game, SellBuilding(0, PIZZERIA), "buildings.before_roll")


def test_yarmarok_branches_sold_before_the_roll_or_in_a_debt() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 1
    act(game, SellBuilding(0, PIZZERIA))
    assert payments(act(game, SellBuilding(0, CAFE))) == [(None, 0, 25, "building_sold")]   # half of 50
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 1
    give(game, 1, YACHT)
    game.cash[0] = 10
    game.pos[0] = 40
    act(game, Roll(0), dice=[(3, 4)])   # in debt after the roll
    assert game.phase is Phase.DEBT and SellBuilding(0, PIZZERIA) in game.legal(0).actions


def test_yarmarok_branch_moves_free_within_the_set_keeping_even() -> None:
    game = new_game()
    give(game, 0, PET_SHOP, HARDWARE, SUPERMARKET)
    game.buildings[PET_SHOP], game.buildings[HARDWARE], game.buildings[SUPERMARKET] = 2, 2, 1
    events = act(game, MoveBranch(0, PET_SHOP, SUPERMARKET))          # SEED L133: free
    assert payments(events) == [] and of_type(events, "branch_moved")[0]["to"] == SUPERMARKET
    assert game.buildings[PET_SHOP:SUPERMARKET + 1:2] == [1, 2] and game.buildings[SUPERMARKET] == 2
    assert_illegal(game, MoveBranch(0, PET_SHOP, HARDWARE), "buildings.build_evenly")   # 0/3/2
    assert_illegal(game, MoveBranch(0, PET_SHOP, PIZZERIA), "buildings.move_in_group")
    act(game, Roll(0), dice=[(2, 3)])
    assert_illegal(game, MoveBranch(0, HARDWARE, PET_SHOP), "buildings.before_roll")


def test_yarmarok_branch_moves_never_make_or_move_an_office() -> None:
    game = new_game()
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA], game.buildings[CAFE] = 5, 4
    assert_illegal(game, MoveBranch(0, PIZZERIA, CAFE), "buildings.move_branches_only")
    assert_illegal(game, MoveBranch(0, CAFE, PIZZERIA), "buildings.move_branches_only")


def test_yarmarok_branch_shortage_waits_with_no_auction() -> None:
    game = new_game(3)
    full = {13: 4, 15: 4, 16: 4, 19: 4, 21: 4, 23: 4, 25: 4, 28: 3}      # 31 branches out
    for c, n in full.items():
        game.owner[c], game.buildings[c] = 1, n
    game.owner[29] = 1
    give(game, 0, PIZZERIA, CAFE)
    act(game, Build(0, PIZZERIA))                                     # the 32nd: built at once
    assert game.phase is Phase.PRE_ROLL and H.houses_left(game) == 0
    assert_illegal(game, Build(0, CAFE), "buildings.no_houses_left")  # SEED L129: wait


def test_yarmarok_office_needs_four_branches_even_when_branches_run_out() -> None:
    game = new_game(3)
    for c, n in {13: 4, 15: 4, 16: 4, 19: 4, 21: 4, 23: 4, 25: 4, 28: 4}.items():
        game.owner[c], game.buildings[c] = 1, n
    game.owner[29] = 1
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 0
    assert H.houses_left(game) == 0
    assert_illegal(game, Build(0, PIZZERIA), "buildings.no_houses_left")
    game.buildings[13] = 5                                            # four branches come back
    game.buildings[PIZZERIA] = game.buildings[CAFE] = 4
    game.owner[13] = 1
    game.buildings[15] = 3
    events = act(game, Build(0, PIZZERIA))                            # an office: L129 "апгрейдить"
    assert game.buildings[PIZZERIA] == 5 and payments(events) == [(0, None, 50, "building")]


# -- F4: jail on landing, its free exit and its cancel -------------------------------------

def test_yarmarok_jail_on_landing_ends_the_turn() -> None:
    game = new_game()
    game.pos[0] = 5
    events = act(game, Roll(0), dice=[(3, 4)])                        # onto В'язниця (12)
    assert of_type(events, "sent_to_jail")[0]["reason"] == "jail_cell"   # SEED L90: no visiting
    assert game.jailed[0] and game.active == 1 and game.phase is Phase.PRE_ROLL


def test_yarmarok_jail_on_landing_after_a_double_ends_the_turn() -> None:
    game = new_game()
    game.pos[0] = 6
    act(game, Roll(0), dice=[(3, 3)])
    assert game.jailed[0] and game.active == 1 and not game.reroll     # SEED L91: "хід закінчився"


def test_yarmarok_jail_no_rent_while_jailed() -> None:
    game = new_game()
    give(game, 1, YACHT)
    game.pos[1], game.jailed[1] = JAIL, True
    game.pos[0] = 40
    events = act(game, Roll(0), dice=[(3, 4)])
    assert [p for p in payments(events) if p[3] == "rent"] == []      # SEED L92


def test_yarmarok_jail_two_failed_rolls_then_out_with_no_fee() -> None:
    game = new_game()
    game.pos[0], game.jailed[0] = JAIL, True
    act(game, RollForDouble(0), dice=[(1, 2)])
    assert game.jailed[0] and game.pos[0] == JAIL
    act(game, EndTurn(0))
    act(game, Roll(1), dice=[(2, 3)])
    act(game, EndTurn(1))
    events = act(game, RollForDouble(0), dice=[(1, 3)])               # SEED L93: two turns skipped
    assert not game.jailed[0] and game.pos[0] == JAIL and payments(events) == []
    assert of_type(events, "left_jail")[0]["how"] == "served" and game.phase is Phase.POST_ROLL


def test_yarmarok_jail_bail_50_then_roll() -> None:
    game = new_game()
    game.pos[0], game.jailed[0] = JAIL, True
    assert payments(act(game, PayJailFee(0))) == [(0, None, 50, "jail_fee")]   # SEED L95
    act(game, Roll(0), dice=[(1, 3)])
    assert game.pos[0] == 16


def test_yarmarok_jail_double_leaves_and_moves() -> None:
    game = new_game()
    game.pos[0], game.jailed[0] = JAIL, True
    act(game, RollForDouble(0), dice=[(2, 2)])                        # SEED L94
    assert not game.jailed[0] and game.pos[0] == 16 and not game.reroll


def test_yarmarok_jail_cancel_with_a_release_card() -> None:
    game = new_game()
    hold_release(game, 0)
    give(game, 1, 16)
    game.pos[0] = 5
    events = act(game, Roll(0), dice=[(3, 4)])
    assert decisions(game) == [(0, "jail_cancel")] and game.phase is Phase.OFFER
    assert of_type(events, "offered") == [{"type": "offered", "seat": 0, "offer": "jail_cancel"}]
    assert {type(a) for a in game.legal(0).actions} >= {GoToJail, UseReleaseCard}
    assert SpendDonation(0) not in game.legal(0).actions
    events = act(game, UseReleaseCard(0))                             # SEED L96: an empty square
    assert of_type(events, "privilege_used") == [
        {"type": "privilege_used", "seat": 0, "by": "card", "against": "jail"}]
    assert not game.jailed[0] and game.pos[0] == JAIL and game.phase is Phase.POST_ROLL
    assert not game.cards_held[0] and RULES.card_index["opportunity_release"] in game.deck


def test_yarmarok_jail_cancel_with_a_donation_and_a_double_rolls_again() -> None:
    game = new_game()
    game.donations[0] = 1
    game.pos[0] = 6
    act(game, Roll(0), dice=[(3, 3)])
    act(game, SpendDonation(0))
    assert game.donations[0] == 0 and not game.jailed[0] and game.reroll
    act(game, Roll(0), dice=[(1, 3)])
    assert game.pos[0] == 16


def test_yarmarok_jail_cancel_declined_goes_to_jail() -> None:
    game = new_game()
    game.donations[0] = 1
    game.pos[0] = 5
    act(game, Roll(0), dice=[(3, 4)])
    assert game.safe_action(0) == GoToJail(0)                         # never spends the privilege
    events = act(game, GoToJail(0))
    assert game.jailed[0] and game.donations[0] == 1 and game.active == 1
    assert of_type(events, "sent_to_jail")[0]["reason"] == "jail_cell"


def test_yarmarok_jail_cancel_of_the_third_double_still_ends_the_turn() -> None:
    game = new_game()
    game.donations[0] = 1
    give(game, 0, TAXI, PET_SHOP)
    act(game, Roll(0), dice=[(1, 1)])
    act(game, Roll(0), dice=[(2, 2)])
    act(game, Roll(0), dice=[(3, 3)])                                 # SEED L12: jail instead
    assert decisions(game) == [(0, "jail_cancel")] and game.offers[0].reason == "three_doubles"
    act(game, SpendDonation(0))
    assert not game.jailed[0] and game.pos[0] == JAIL and game.active == 1


def test_yarmarok_jail_by_a_card_may_be_cancelled() -> None:
    game = new_game()
    hold_release(game, 0, "news_release")
    game.pos[0] = 4
    act(game, Roll(0), dice=[(1, 2)], cards=["news_frozen_accounts"])   # Новини (7): to jail
    assert decisions(game) == [(0, "jail_cancel")] and game.offers[0].reason == "card"
    act(game, UseReleaseCard(0))
    assert not game.jailed[0] and game.pos[0] == JAIL


def test_yarmarok_jail_without_a_privilege_is_not_asked() -> None:
    game = new_game()
    game.pos[0] = 5
    act(game, Roll(0), dice=[(3, 4)])
    assert game.jailed[0] and not game.offers


# -- F6: the credit square -----------------------------------------------------------------

def test_yarmarok_credit_a_seven_leaves_an_empty_square() -> None:
    game = new_game()
    game.pos[0] = 25
    events = act(game, Roll(0), dice=[(2, 3), (6, 1)])                # onto Кредит, then 6+1
    assert of_type(events, "credit_thrown") == [
        {"type": "credit_thrown", "seat": 0, "dice": [6, 1], "lucky": True, "owed": 0}]
    assert payments(events) == [] and game.phase is Phase.POST_ROLL


def test_yarmarok_credit_another_total_costs_half_the_cash_rounded_up() -> None:
    game = new_game()
    game.cash[0] = 1801
    game.pos[0] = 25
    events = act(game, Roll(0), dice=[(2, 3), (6, 6)])               # SEED L64: the bank's favour
    assert payments(events) == [(0, None, 901, "credit")] and game.cash[0] == 900
    assert game.pos[0] == CREDIT and game.dice == [2, 3] and not game.reroll   # no move, no double


def test_yarmarok_credit_by_a_card() -> None:
    game = new_game()
    game.pos[0] = 31
    events = act(game, Roll(0), dice=[(1, 1), (2, 2)], cards=["news_credit"])   # Новини (33)
    assert game.pos[0] == CREDIT and payments(events) == [(None, 0, 250, "start_salary"),  # round
                                                          (0, None, 1025, "credit")]
    assert game.reroll                                                 # the double still rolls again


def test_yarmarok_credit_with_a_privilege_is_asked_and_the_clock_throws() -> None:
    game = new_game()
    game.donations[0] = 1
    hold_release(game, 0)
    game.pos[0] = 25
    act(game, Roll(0), dice=[(2, 3)])
    assert decisions(game) == [(0, "credit")]
    assert {type(a) for a in game.legal(0).actions} >= {RollCredit, UseReleaseCard, SpendDonation}
    assert game.safe_action(0) == RollCredit(0)
    with pytest.raises(IllegalAction):
        game.apply(GoToJail(0))
    events = act(game, RollCredit(0), dice=[(1, 2)])
    assert payments(events) == [(0, None, 900, "credit")] and game.donations[0] == 1


def test_yarmarok_credit_cancelled_by_a_privilege_before_the_throw() -> None:
    game = new_game()
    game.donations[0] = 2
    game.pos[0] = 25
    act(game, Roll(0), dice=[(2, 3)])
    events = act(game, SpendDonation(0))                              # SEED L65
    assert of_type(events, "privilege_used")[0]["against"] == "credit"
    assert payments(events) == [] and game.donations[0] == 1 and game.phase is Phase.POST_ROLL


# -- F7: the donation square ---------------------------------------------------------------

def test_yarmarok_donation_by_dice_is_optional() -> None:
    game = new_game()
    game.pos[0] = 5
    act(game, Roll(0), dice=[(2, 4)])                                 # onto Донат (11)
    assert decisions(game) == [(0, "donate")] and game.safe_action(0) == Skip(0)
    events = act(game, Donate(0))                                     # SEED L73: 100
    assert payments(events) == [(0, None, 100, "donation")] and game.donations[0] == 1
    assert of_type(events, "donated")[0]["donations"] == 1 and game.phase is Phase.POST_ROLL
    with pytest.raises(IllegalAction):
        game.apply(Donate(0))                                         # SEED L76: one at a time


def test_yarmarok_donation_skipped_is_an_empty_square() -> None:
    game = new_game()
    game.pos[0] = 5
    act(game, Roll(0), dice=[(2, 4)])
    events = act(game, Skip(0))
    assert payments(events) == [] and game.donations[0] == 0 and game.phase is Phase.POST_ROLL


def test_yarmarok_donation_needs_the_cash() -> None:
    game = new_game()
    game.cash[0] = 99
    game.pos[0] = 5
    act(game, Roll(0), dice=[(2, 4)])
    assert_illegal(game, Donate(0), "donation.cash")
    assert game.legal(0).actions and Skip(0) in game.legal(0).actions


def test_yarmarok_donation_by_a_card_is_compulsory() -> None:
    game = new_game()
    game.pos[0] = 1
    events = act(game, Roll(0), dice=[(1, 1)], cards=["opportunity_donation"])   # Нагода (3)
    assert game.pos[0] == DONATION and payments(events)[-1] == (0, None, 100, "donation")  # SEED L72
    assert game.donations[0] == 1 and not game.offers and game.reroll


def test_yarmarok_donation_by_a_card_short_of_cash_is_a_debt() -> None:
    game = new_game()
    game.cash[0] = 40
    give(game, 0, GOLF)
    game.pos[0] = 1
    act(game, Roll(0), dice=[(1, 1)], cards=["opportunity_donation"])
    assert game.phase is Phase.DEBT and game.debts[0].reason == "donation"
    act(game, SellDeed(0, GOLF))
    act(game, PayDebt(0))
    assert game.donations[0] == 1 and game.cash[0] == 40 + 175 - 100


def test_yarmarok_donation_lost_in_a_bankruptcy() -> None:
    game = new_game(3)
    game.donations[0] = 2
    give(game, 1, YACHT)
    game.buildings[YACHT] = game.buildings[GOLF] = 5
    give(game, 1, GOLF)
    game.cash[0] = 10
    game.pos[0] = 40
    act(game, Roll(0), dice=[(3, 4)])
    assert not game.alive[0] and game.donations[0] == 0


def test_yarmarok_donation_counts_in_the_wealth_of_an_early_end() -> None:
    rules = load_rules("yarmarok", {"turn_cap": 1})
    game = new_game(2, rules)
    game.cash = [1000, 1100]
    game.deposit = [0, 0]
    game.donations[0] = 2                                             # SEED L4: + донат
    give(game, 0, PIZZERIA, CAFE)
    game.buildings[PIZZERIA], game.buildings[CAFE] = 5, 4             # an office at five branches
    assert H.net_worth(game, 0) == 1000 + 200 + 120 + 9 * 50
    act(game, Roll(0), dice=[(2, 3)])
    events = act(game, EndTurn(0))
    assert of_type(events, "game_won") == [{"type": "game_won", "seat": 0}]


# -- F10: utilities by the lander's holdings -----------------------------------------------

def test_yarmarok_utility_rent_by_the_landers_holdings_worked_example() -> None:
    """SEED L106-107: 7 deeds, 8 branches and 1 office, the owner holds 2 КП: 7*4 + 8*10 + 1*40."""
    game = new_game()
    give(game, 1, GAS, POWER)
    give(game, 0, PIZZERIA, CAFE, PET_SHOP, HARDWARE, SUPERMARKET, TAXI, BUS)
    game.buildings[PIZZERIA], game.buildings[CAFE] = 5, 4
    game.buildings[PET_SHOP], game.buildings[HARDWARE], game.buildings[SUPERMARKET] = 1, 2, 1
    game.pos[0] = 10
    events = act(game, Roll(0), dice=[(1, 3)])                        # onto the gas network (14)
    assert payments(events) == [(0, 1, 148, "rent")]


@pytest.mark.parametrize("owned, rent", [((GAS,), 2 * 2 + 5), ((GAS, POWER), 2 * 4 + 10),
                                         ((GAS, POWER, WATER), 2 * 6 + 15)])
def test_yarmarok_utility_tariffs_by_the_number_owned(owned: tuple[int, ...], rent: int) -> None:
    """PROPOSED: the tariffs of 1 and 3 КП beside the seed's 2 (4/10/40): 2/5/20 and 6/15/60."""
    game = new_game()
    give(game, 1, *owned)
    give(game, 0, PIZZERIA, CAFE)                                     # two deeds and one branch
    game.buildings[PIZZERIA] = 1
    game.pos[0] = 10
    assert payments(act(game, Roll(0), dice=[(1, 3)])) == [(0, 1, rent, "rent")]


def test_yarmarok_utility_of_a_lander_with_nothing_costs_nothing() -> None:
    game = new_game()
    give(game, 1, GAS)
    game.pos[0] = 10
    assert payments(act(game, Roll(0), dice=[(1, 3)])) == []


# -- serialisation ---------------------------------------------------------------------------

def test_yarmarok_states_round_trip_with_offers_and_donations() -> None:
    game = new_game()
    game.donations[0] = 1
    game.pos[0] = 25
    act(game, Roll(0), dice=[(2, 3)])
    data = game.to_json()
    assert data["offers"] == [{"kind": "credit", "reason": "", "minimum": 0, "card": None}]
    assert data["donations"] == [1, 0]
    back = Game.from_json(data, RULES)
    assert back.to_json() == data and back.state_hash() == game.state_hash()
    assert back.pending() == game.pending()


def test_yarmarok_parts_stay_out_of_other_presets_states() -> None:
    for preset in ("zemlevlasnyk", "klasyka"):
        data = Game.new(load_rules(preset), 2, first=0).to_json()
        assert "donations" not in data and "offers" not in data


def test_yarmarok_mangled_offers_are_refused() -> None:
    from zemlevlasnyk.engine import BadState
    game = new_game()
    game.donations[0] = 1
    game.pos[0] = 25
    act(game, Roll(0), dice=[(2, 3)])
    for change in (lambda d: d.__setitem__("offers", []), lambda d: d["offers"][0].__setitem__("kind", "x"),
                   lambda d: d["offers"][0].__setitem__("reason", "three_doubles"),
                   lambda d: d.__setitem__("pos", [5, 0]), lambda d: d.__setitem__("mortgaged", [1]),
                   lambda d: d.__setitem__("donations", [1, -1])):
        data = game.to_json()
        change(data)
        with pytest.raises(BadState):
            Game.from_json(data, RULES)
    data = game.to_json()
    data["phase"] = "post_roll"
    with pytest.raises(BadState):
        Game.from_json(data, RULES)
    del_offers = game.to_json()
    del del_offers["offers"]
    with pytest.raises(BadState):
        Game.from_json(del_offers, RULES)


def test_yarmarok_buildings_window_holds_for_the_clock() -> None:
    """The clock's safe actions never build, buy or spend a privilege (VARIANTS B4 table)."""
    game = new_game()
    game.donations[0] = 1
    game.pos[0] = 5
    act(game, Roll(0), dice=[(3, 4)])
    safe = game.safe_action(0)
    assert isinstance(safe, GoToJail)
    act(game, safe)
    assert game.donations[0] == 1 and game.jailed[0]

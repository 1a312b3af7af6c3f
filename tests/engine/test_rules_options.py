"""docs/RULES.md, "House rules": every option switched on and off (or set), on the preset
whose default it changes, and the `load_rules` / `option_specs` surface the table, the window
and the command line use: canonical options, a digest that covers them, one-line errors."""
from __future__ import annotations

import pytest
from helpers.engine import act, assert_illegal, give, of_type, payments

from zemlevlasnyk.engine import (
    DEFAULT_PRESET,
    AcceptTrade,
    BadState,
    Bid,
    Build,
    EndTurn,
    Game,
    OptionError,
    OptionKind,
    PassBid,
    Phase,
    PresetError,
    ProposeTrade,
    Roll,
    RollForDouble,
    SellBuilding,
    SendToAuction,
    holdings,
    load_preset,
    load_rules,
    option_specs,
    preset_names,
)
from zemlevlasnyk.ui.words.text import catalogue

Z = "zemlevlasnyk"
K = "klasyka"
# Землевласник's ruleset digest as shipped: every saved game and state hash depends on it.
ZEMLEVLASNYK_DIGEST = "6ef237371aa5457f08c84a83b620728738234b61a44febb3affa68d878abc2d0"


def game_of(preset: str, players: int = 2, **options: object) -> Game:
    return Game.new(load_rules(preset, options), players, first=0)


# -- the surface ---------------------------------------------------------------------------

def test_options_presets_are_listed_and_the_default_is_unchanged() -> None:
    assert preset_names() == ["kazka", K, "yarmarok", Z] and DEFAULT_PRESET == Z
    rules = load_rules()
    assert rules is load_preset() and rules.preset == Z and rules.options == {}
    assert rules.digest == ZEMLEVLASNYK_DIGEST


def test_options_only_changes_are_kept_and_the_digest_covers_them() -> None:
    same = load_rules(Z, {"auctions": True, "start_cash": 150_000})
    assert same is load_rules(Z) and same.options == {}
    changed = load_rules(Z, {"start_bonus": True, "auctions": False, "turn_cap": 0})
    assert changed.options == {"auctions": False, "start_bonus": True}
    assert list(changed.options) == sorted(changed.options)
    assert changed.digest != ZEMLEVLASNYK_DIGEST and changed.preset == Z
    assert load_rules(Z, {"start_bonus": True, "auctions": False}).digest == changed.digest
    assert load_rules(K, {"auctions": False}).digest != changed.digest


def test_options_a_state_belongs_to_its_options() -> None:
    game = game_of(Z, pot=True)
    with pytest.raises(BadState, match="ruleset"):
        Game.from_json(game.to_json(), load_rules(Z))
    assert Game.from_json(game.to_json(), load_rules(Z, {"pot": True})).to_json() == game.to_json()


@pytest.mark.parametrize("preset, options, message", [
    ("nope", {}, "no ruleset preset named 'nope'; presets: kazka, klasyka, yarmarok, zemlevlasnyk"),
    (Z, {"jackpot": True}, "no option named 'jackpot'; options: start_cash, start_salary, start_bonus"),
    (Z, {"auctions": "off"}, "option auctions: 'off' is not one of its values (on/off)"),
    (Z, {"clock": 10}, "option clock: 10 is not one of its values (15-120)"),
    (Z, {"clock": True}, "option clock: True is not one of its values (15-120)"),
    (K, {"start_cash": 0}, "option start_cash: 0 is not one of its values (1-15000)"),
    (K, {"bankrupt_deeds": "sell"}, "option bankrupt_deeds: 'sell' is not one of its values (return/auction)"),
])
def test_options_bad_names_and_values_say_what_is_valid(preset: str, options: dict[str, object],
                                                        message: str) -> None:
    with pytest.raises(OptionError if preset != "nope" else PresetError) as info:
        load_rules(preset, options)
    assert message in str(info.value) and "\n" not in str(info.value)


@pytest.mark.parametrize("name", ["../engine/rulesets/zemlevlasnyk", "rulesets/klasyka", "zemlevlasnyk.json",
                                  "klasyka ", "", "../../assets/text/en", 3, None])
def test_options_a_preset_is_only_a_name_of_the_rulesets_folder(name: object) -> None:
    """A preset name never reaches the package's files as a path: anything but a plain name
    of a shipped ruleset is refused, with the presets listed."""
    with pytest.raises(PresetError) as info:
        load_rules(name)  # type: ignore[arg-type]  # the wrong types are the point
    assert f"presets: kazka, {K}, yarmarok, {Z}" in str(info.value)


def test_options_specs_have_texts_in_both_languages() -> None:
    for preset in preset_names():
        specs = option_specs(preset)
        assert [s.name for s in specs][:3] == ["start_cash", "start_salary", "start_bonus"]
        for spec in specs:
            assert spec.text_key == f"rule_options.{spec.name}"
            for lang in ("uk", "en"):
                words = catalogue(lang)["rule_options"][spec.name]
                assert words["name"] and words["help"]
            assert spec.check(spec.default) == spec.default
            assert spec.parse(spec.show(spec.default)) == spec.default
    defaults = {s.name: s.default for s in option_specs(K)}
    assert defaults["building_limits"] and defaults["mortgage_fee"] and defaults["bankrupt_deeds"] == "auction"
    assert {s.name: s.kind for s in option_specs(Z)}["clock"] is OptionKind.NUMBER


# -- each option, on and off ---------------------------------------------------------------

def test_option_start_cash() -> None:
    assert game_of(Z).cash == [150_000] * 2
    assert game_of(Z, start_cash=90_000).cash == [90_000] * 2


@pytest.mark.parametrize("salary", [20_000, 35_000, 0])
def test_option_start_salary(salary: int) -> None:
    game = game_of(Z, start_salary=salary)
    game.pos[0] = 38
    events = act(game, Roll(0), dice=[(1, 2)])                    # past Старт onto Кожум'яки
    assert [p for p in payments(events) if p[3] == "start_salary"] == ([(None, 0, salary, "start_salary")]
                                                                      if salary else [])


@pytest.mark.parametrize("on", [True, False])
def test_option_start_bonus_for_landing_exactly_on_start(on: bool) -> None:
    game = game_of(Z, start_bonus=on)
    game.pos[0] = 37
    events = act(game, Roll(0), dice=[(1, 2)])                    # exactly onto Старт
    assert payments(events) == [(None, 0, 20_000, "start_salary")] + (
        [(None, 0, 20_000, "start_bonus")] if on else [])
    game.pos[1] = 37
    game.active, game.phase = 1, Phase.PRE_ROLL
    events = act(game, Roll(1), dice=[(1, 3)])                    # past it onto Млинська: no bonus
    assert [p[3] for p in payments(events)] == ["start_salary"]


@pytest.mark.parametrize("on", [True, False])
def test_option_pot_taxes_and_fines_go_to_the_free_corner(on: bool) -> None:
    game = game_of(Z, pot=on)
    act(game, Roll(0), dice=[(1, 3)])                             # Земельний податок 20 000
    assert game.pot == (20_000 if on else 0)
    assert ("pot" in game.to_json()) == on
    game.active, game.phase = 1, Phase.PRE_ROLL
    game.pos[1] = 15
    events = act(game, Roll(1), dice=[(2, 3)])                    # Міський майдан
    assert payments(events) == ([(None, 1, 20_000, "pot")] if on else [])
    assert game.pot == 0


def test_option_pot_takes_jail_fees_and_card_fines() -> None:
    game = game_of(Z, pot=True)
    game.pos[0] = 4
    act(game, Roll(0), dice=[(1, 2)], cards=["fine"])             # Фортуна 7: fine 1 500
    assert game.pot == 1_500


@pytest.mark.parametrize("on", [True, False])
def test_option_auctions(on: bool) -> None:
    game = game_of(Z, auctions=on)
    act(game, Roll(0), dice=[(1, 2)])                             # Кожум'яки, unowned
    events = act(game, SendToAuction(0))
    if on:
        assert game.phase is Phase.AUCTION and of_type(events, "auction_started")
    else:
        assert of_type(events, "purchase_declined") == [{"type": "purchase_declined", "seat": 0, "cell": 3}]
        assert game.phase is Phase.POST_ROLL and game.owner[3] == -1 and game.pending_buy is None


@pytest.mark.parametrize("on", [True, False])
def test_option_even_building(on: bool) -> None:
    game = game_of(Z, even_building=on)
    give(game, 0, 1, 3)
    game.buildings[1] = 1
    if on:
        assert_illegal(game, Build(0, 1), "buildings.build_evenly")
        game.buildings[1], game.buildings[3] = 2, 1
        assert_illegal(game, SellBuilding(0, 3), "buildings.sell_evenly")
    else:
        act(game, Build(0, 1))
        assert game.buildings[1] == 2 and game.buildings[3] == 0
        game.buildings[1], game.buildings[3] = 1, 3
        act(game, SellBuilding(0, 1))                             # not the group's most built street
        assert game.buildings[1] == 0


@pytest.mark.parametrize("preset, on", [(Z, True), (K, False)])
def test_option_building_limits(preset: str, on: bool) -> None:
    game = game_of(preset, 3, building_limits=on)
    for c, n in {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4, 16: 3, 18: 3, 19: 2}.items():   # 32 houses
        game.owner[c], game.buildings[c] = 2, n
    give(game, 0, 1, 3)
    if on:
        assert holdings.houses_left(game) == 0
        assert_illegal(game, Build(0, 1), "buildings.no_houses_left")
    else:
        assert game.rules.house_supply is None
        act(game, Build(0, 1))
        assert game.buildings[1] == 1


@pytest.mark.parametrize("on", [True, False])
def test_option_no_rent_in_jail(on: bool) -> None:
    game = game_of(Z, no_rent_in_jail=on)
    give(game, 1, 3)
    game.pos[1], game.jailed[1] = 10, True
    events = act(game, Roll(0), dice=[(1, 2)])
    assert payments(events) == ([] if on else [(0, 1, 500, "rent")])


@pytest.mark.parametrize("preset, on", [(Z, False), (Z, True), (K, False)])
def test_option_mortgage_breaks_double(preset: str, on: bool) -> None:
    game = game_of(preset, mortgage_breaks_double=on)
    give(game, 1, 1, 3)
    game.mortgaged[1] = True
    events = act(game, Roll(0), dice=[(1, 2)])                    # onto the group's other street
    base = game.rules.cells[3].rent
    assert payments(events) == [(0, 1, base if on else 2 * base, "rent")]


@pytest.mark.parametrize("preset, choice", [(Z, "return"), (Z, "auction"), (K, "return")])
def test_option_bankrupt_deeds(preset: str, choice: str) -> None:
    game = game_of(preset, 3, bankrupt_deeds=choice)
    give(game, 0, 1, 3)
    game.cash[0] = 0
    game.buildings[1] = 0
    game.pos[0] = 34
    act(game, Roll(0), dice=[(1, 3)])                             # a tax it cannot pay: bankrupt to the bank
    assert not game.alive[0] and game.owner[1] == game.owner[3] == -1
    if choice == "auction":
        assert game.phase is Phase.AUCTION and game.auction is not None and game.auction.cell == 1
        act(game, Bid(1, 1))
        act(game, PassBid(2))
        assert game.owner[1] == 1 and game.auction is not None and game.auction.cell == 3
    else:
        assert game.phase is Phase.PRE_ROLL and game.auction is None and "auction_queue" not in game.to_json()


@pytest.mark.parametrize("preset, on", [(Z, True), (K, False)])
def test_option_mortgage_fee(preset: str, on: bool) -> None:
    game = game_of(preset, mortgage_fee=on)
    give(game, 1, 39)
    game.mortgaged[39] = True
    act(game, ProposeTrade(0, 1, (), (39,), 1))
    events = act(game, AcceptTrade(1))
    fee = game.rules.redeem_cost(39) - game.rules.mortgage_value(39)
    assert [p for p in payments(events) if p[3] == "mortgage_fee"] == ([(0, None, fee, "mortgage_fee")] if on else [])


def test_option_clock() -> None:
    assert load_rules(Z).clock_seconds == 30
    assert load_rules(K, {"clock": 90}).clock_seconds == 90
    assert {s.name: (s.minimum, s.maximum) for s in option_specs(Z)}["clock"] == (15, 120)


def test_option_turn_cap_the_richest_wins() -> None:
    game = game_of(Z, turn_cap=2)
    give(game, 1, 39)
    act(game, Roll(0), dice=[(3, 4)], cards=["dividends"])        # Фортуна 7
    act(game, EndTurn(0))
    game.pos[1] = 11
    act(game, Roll(1), dice=[(1, 3)])                             # Каплична: unowned
    act(game, SendToAuction(1))
    act(game, PassBid(1))
    act(game, PassBid(0))
    assert game.turn == 2 and game.phase is Phase.POST_ROLL
    events = act(game, EndTurn(1))
    assert of_type(events, "turn_cap") == [{"type": "turn_cap", "turn": 2}]
    assert game.outcome() is not None and game.outcome().winner == 1   # 150 000 + Маякова коса


def test_option_turn_cap_a_tie_is_a_draw_and_zero_is_no_cap() -> None:
    for cap in (1, 0):
        game = game_of(Z, turn_cap=cap)
        game.pos[0] = 5
        act(game, Roll(0), dice=[(1, 4)])                         # В'язниця, just visiting
        act(game, EndTurn(0))
        out = game.outcome()
        assert (out is not None and out.draw and out.winner is None) if cap else out is None


def test_option_rules_reach_the_jail_roll_too() -> None:
    game = game_of(K, pot=True)
    game.pos[0], game.jailed[0], game.jail_tries[0] = 10, True, 2
    events = act(game, RollForDouble(0), dice=[(1, 2)])           # third try: pays 50 and moves
    assert (0, None, 50, "jail_fee") in payments(events) and game.pot == 50
    assert not game.jailed[0] and game.pos[0] == 13

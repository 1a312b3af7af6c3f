"""docs/RULES.md, «Казка»: the fairy-tale game of shared/seeds/002 — what the seed states,
played exactly (each test cites the seed's line), and the board and decks the seed leaves
open (PROPOSED in shared/VARIANTS.md §A3.1–A3.3, Класика's numbers on a fairy-tale board).
The powers of its kept cards are tests/test_rules_kazka_powers.py."""
from __future__ import annotations

import pytest
from helpers.engine import act, assert_illegal, built, decisions, give, of_type, payments

from zemlevlasnyk.engine import (
    AcceptTrade,
    Bid,
    Build,
    DeclareBankruptcy,
    EndTurn,
    Game,
    PassBid,
    PayJailFee,
    Phase,
    ProposeTrade,
    Redeem,
    Roll,
    RollForDouble,
    Ruleset,
    SellBuilding,
    SendToAuction,
    UseReleaseCard,
    holdings,
    load_rules,
)
from zemlevlasnyk.engine.state import Lot

RULES = load_rules("kazka")
KLASYKA = load_rules("klasyka")
START, JAIL, CHARACTER, GO_TO_JAIL = 0, 10, 20, 30
CASTLES = (5, 15, 25, 35)
OBJECTS = {12: "obj_ship", 28: "obj_carpet", 33: "obj_sword", 38: "obj_potion"}
LUCK, TREASURY = (7, 22, 36), (2, 17)


def new_game(players: int = 2, rules: Ruleset = RULES) -> Game:
    return Game.new(rules, players, first=0)


# -- the board (SEED names, PROPOSED layout: VARIANTS §A3.1) ------------------------------

def test_kazka_board_has_the_seeds_named_squares() -> None:
    """L11 the start, L27 the card squares, L28 the jail, L84 go to jail, L29/L74 the
    character square, L40 four castles, L101-105 four special objects, L26 a fine."""
    kinds = [c.kind for c in RULES.cells]
    assert RULES.size == 40 and kinds[START] == "start" and kinds[JAIL] == "jail" and kinds[GO_TO_JAIL] == "go_to_jail"
    assert RULES.cells[CHARACTER].deck == "character"
    assert [c.index for c in RULES.cells if c.kind == "station"] == list(CASTLES)
    assert {c.index: c.deck for c in RULES.cells if c.deck.startswith("obj_")} == OBJECTS
    assert [c.index for c in RULES.cells if c.deck == "luck"] == list(LUCK)
    assert [c.index for c in RULES.cells if c.deck == "treasury"] == list(TREASURY)
    assert [c.index for c in RULES.cells if c.kind == "tax"] == [4]
    assert not any(k in ("utility", "free") for k in kinds)      # the seed has neither


def test_kazka_board_takes_klasykas_numbers_cell_for_cell() -> None:
    """PROPOSED (§A3.1, §A3.2): every street's group, price, rents and house cost are
    Класика's; castles cost 200; the tax is 200 flat."""
    streets = [c for c in RULES.cells if c.kind == "street"]
    assert len(streets) == 22 and len(RULES.groups) == 8
    for info in streets:
        ref = KLASYKA.cells[info.index]
        assert (info.group, info.price, info.rents, info.house_cost) == (ref.group, ref.price, ref.rents,
                                                                         ref.house_cost), info.index
    assert [RULES.cells[c].price for c in CASTLES] == [200] * 4
    assert (RULES.cells[4].amount, RULES.cells[4].percent) == (200, 0)
    assert (RULES.mortgage_percent, RULES.redeem_interest_percent, RULES.building_sale_percent) == (50, 10, 50)
    assert (RULES.house_supply, RULES.hotel_supply, RULES.max_buildings) == (32, 12, 5)


def test_kazka_names_are_its_own() -> None:
    """The naming rule of VARIANTS: no name from the film the seed follows, nor its brand."""
    words = " ".join([c.name["uk"] for c in RULES.cells] + [c.text["uk"] for c in RULES.cards]
                     + [x.text["uk"] for c in RULES.cards for x in c.choices]).lower()
    for banned in ("шрек", "фіон", "осел", "румпел", "фея", "феї", "пряня", "фаркуад", "дракон"):
        assert banned not in words, banned
    assert RULES.name == {"uk": "Казка"}


def test_kazka_tax_200_flat() -> None:
    """L26 «уплатить взыскания или штрафы»; PROPOSED amount 200."""
    game = new_game()
    assert payments(act(game, Roll(0), dice=[(1, 3)])) == [(0, None, 200, "tax")]


# -- money and start ---------------------------------------------------------------------

def test_kazka_start_cash_1500() -> None:
    """L12 «по 1500 шиллингов»."""
    assert new_game(4).cash == [1500] * 4


def test_kazka_passing_start_pays_200() -> None:
    """L34, L68 «пройдете через клетку «СКАЗОЧНОЕ НАЧАЛО», то получите 200»."""
    game = new_game()
    game.pos[0] = 36
    events = act(game, Roll(0), dice=[(2, 3)])                          # 36 -> 1
    assert payments(events)[0] == (None, 0, 200, "start_salary")


def test_kazka_card_to_start_collects_200() -> None:
    """L34: the «Испытай удачу» card to the start pays the start money."""
    game = new_game()
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(1, 2)], cards=["luck_start"])
    assert game.pos[0] == 0 and payments(events) == [(None, 0, 200, "start_salary")]


def test_kazka_two_to_four_players() -> None:
    """PROPOSED (§A2.3): the seed allows more; the table seats four."""
    assert (RULES.min_players, RULES.max_players) == (2, 4)


# -- turn ----------------------------------------------------------------------------------

def test_kazka_three_doubles_to_jail() -> None:
    """L32, L88 «дубль три раза подряд … попадаете в «ТЮРЕМНУЮ БАШНЮ»»."""
    game = new_game()
    act(game, Roll(0), dice=[(2, 2)])                                   # the tax
    act(game, Roll(0), dice=[(3, 3)])                                   # visiting the jail
    events = act(game, Roll(0), dice=[(1, 1)])
    assert game.jailed[0] and game.pos[0] == JAIL and of_type(events, "sent_to_jail")[0]["reason"] == "three_doubles"
    assert game.active == 1


def test_kazka_several_tokens_share_a_cell() -> None:
    """L23 «На одной клетке одновременно могут находиться несколько фишек»."""
    game = new_game()
    game.pos[1] = 3
    act(game, Roll(0), dice=[(1, 2)])
    assert game.pos == [3, 3]


# -- buying and auctions --------------------------------------------------------------------

def test_kazka_declined_deed_is_auctioned_lander_included() -> None:
    """L37 «немедленно выставить его на аукцион», «Вы можете принять участие в аукционе»."""
    game = new_game(3)
    act(game, Roll(0), dice=[(2, 4)])                                   # Рукавичка, 100
    act(game, SendToAuction(0))
    assert game.auction is not None and game.auction.bidders == (0, 1, 2)
    act(game, Bid(0, 5))                                                # from any price
    act(game, PassBid(1))
    events = act(game, PassBid(2))
    assert game.owner[6] == 0 and payments(events) == [(0, None, 5, "auction")]


# -- rent ----------------------------------------------------------------------------------

def test_kazka_full_group_doubles_rent() -> None:
    """L46 «рента … удваивается»."""
    game = new_game()
    give(game, 1, 1, 3)
    game.pos[0] = 38
    events = act(game, Roll(0), dice=[(2, 3)])                          # onto Бабина комора (3)
    assert payments(events)[-1] == (0, 1, 4 * 2, "rent")


def test_kazka_mortgage_in_group_breaks_double_rent() -> None:
    """L46 «хотя бы одно предприятие этой группы заложено, то он не может взимать … двойную»."""
    game = new_game()
    give(game, 1, 1, 3)
    game.mortgaged[1] = True
    game.pos[0] = 38
    assert payments(act(game, Roll(0), dice=[(2, 3)]))[-1] == (0, 1, 4, "rent")


def test_kazka_double_rent_on_an_empty_street_of_a_built_group() -> None:
    """L42 «можете получать двойную ренту … на любом из пустых предприятий той монополии»."""
    game = new_game()
    give(game, 1, 6, 8, 9)
    game.buildings[9] = 1
    events = act(game, Roll(0), dice=[(2, 4)])                          # Рукавичка, unbuilt
    assert payments(events) == [(0, 1, 6 * 2, "rent")]


def test_kazka_no_rent_on_a_mortgaged_street() -> None:
    """L46 «За остановку на заложенном предприятии рента не взимается»."""
    game = new_game()
    give(game, 1, 6)
    game.mortgaged[6] = True
    assert payments(act(game, Roll(0), dice=[(2, 4)])) == []


@pytest.mark.parametrize("owned", [1, 2, 3, 4])
def test_kazka_castles_rent_by_the_number_owned(owned: int) -> None:
    """L40: the four castles take rent by how many of them the owner holds (PROPOSED
    25/50/100/200); they form no colour group and take no buildings."""
    game = new_game()
    give(game, 1, *CASTLES[:owned])
    events = act(game, Roll(0), dice=[(2, 3)])
    assert payments(events) == [(0, 1, (25, 50, 100, 200)[owned - 1], "rent")]
    give(game, 0, *CASTLES)
    game.active, game.phase = 0, Phase.PRE_ROLL
    assert_illegal(game, Build(0, 5), "buildings.streets_only")


def test_kazka_jailed_owner_collects_rent() -> None:
    """L99 «Находясь в «ТЮРЕМНОЙ БАШНЕ», Вы имеете право получать ренту»."""
    game = new_game()
    give(game, 1, 6)
    game.pos[1], game.jailed[1] = JAIL, True
    assert payments(act(game, Roll(0), dice=[(2, 4)])) == [(0, 1, 6, "rent")]


# -- buildings («объекты» and «сети») --------------------------------------------------------

def test_kazka_build_only_on_a_whole_group_evenly() -> None:
    """L39 with a monopoly; L42 «не можете построить второй объект … пока Вы не построили по
    одному объекту на каждом предприятии»."""
    game = new_game()
    give(game, 0, 6, 8)
    assert_illegal(game, Build(0, 6), "buildings.whole_group")
    give(game, 0, 9)
    act(game, Build(0, 6))
    assert_illegal(game, Build(0, 6), "buildings.build_evenly")


def test_kazka_sell_buildings_evenly_at_half() -> None:
    """L42 «Продавать объекты также нужно равномерно»; L50 «по цене в два раза меньше»."""
    game = new_game()
    give(game, 0, 6, 8, 9)
    game.buildings[6], game.buildings[8], game.buildings[9] = 2, 1, 1
    assert_illegal(game, SellBuilding(0, 8), "buildings.sell_evenly")
    assert payments(act(game, SellBuilding(0, 6))) == [(None, 0, 25, "building_sold")]


def test_kazka_four_houses_then_a_network() -> None:
    """L42 at most four objects; L44 a network needs four on each street and gives them back."""
    game = new_game()
    give(game, 0, 1, 3)
    game.buildings[1] = game.buildings[3] = 4
    act(game, Build(0, 1))
    assert game.buildings[1] == 5 and holdings.houses_left(game) == 32 - 4 and holdings.hotels_left(game) == 11
    assert_illegal(game, Build(0, 1), "buildings.hotel_is_last")


def test_kazka_a_network_sells_back_to_four_houses() -> None:
    """L50-51 «продать сеть Банку и получить взамен четыре объекта плюс половину стоимости»."""
    game = new_game()
    give(game, 0, 1, 3)
    game.buildings[1] = game.buildings[3] = 5
    events = act(game, SellBuilding(0, 1))
    assert game.buildings[1] == 4 and payments(events) == [(None, 0, 25, "building_sold")]


def test_kazka_no_building_beside_a_mortgage() -> None:
    """L42 «Нельзя строить объекты, если хотя бы одно предприятие монополии заложено»."""
    game = new_game()
    give(game, 0, 1, 3)
    game.mortgaged[3] = True
    assert_illegal(game, Build(0, 1), "buildings.no_mortgage_in_group")


def test_kazka_the_banks_last_house_is_auctioned() -> None:
    """L48 «Банкир выставляет объекты и сети на аукцион» when the bank runs short."""
    game = new_game()
    built(game, 0, {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4})
    built(game, 1, {16: 3, 18: 2, 19: 2})
    give(game, 0, 1, 3)
    give(game, 1, 37, 39)
    assert holdings.houses_left(game) == 1
    act(game, Build(0, 1))
    assert game.auction is not None and game.auction.lot is Lot.HOUSE and game.auction.bidders == (0, 1)


# -- deeds and mortgages ---------------------------------------------------------------------

def test_kazka_no_trade_in_a_built_group() -> None:
    """L50 «Если на любом из предприятий одной монополии стоят объекты … продавать … нельзя»."""
    game = new_game()
    give(game, 0, 1, 3)
    game.buildings[1] = 1
    assert_illegal(game, ProposeTrade(0, 1, (3,), (), 0), "trade.no_built_group")


def test_kazka_redeem_the_mortgage_plus_ten_percent() -> None:
    """L53 «заплатить эту сумму плюс 10% сверху»."""
    game = new_game()
    give(game, 0, 39)
    game.mortgaged[39] = True
    assert payments(act(game, Redeem(0, 39))) == [(0, None, 220, "redeem")]


def test_kazka_a_mortgaged_deed_received_costs_ten_percent() -> None:
    """L53 «Он может также заплатить только 10% и оставить предприятие в залоге»."""
    game = new_game()
    give(game, 1, 39)
    game.mortgaged[39] = True
    act(game, ProposeTrade(0, 1, (), (39,), 10))
    assert payments(act(game, AcceptTrade(1))) == [(0, 1, 10, "trade"), (0, None, 20, "mortgage_fee")]


# -- jail («ТЮРЕМНАЯ БАШНЯ») ------------------------------------------------------------------

def test_kazka_go_to_jail_cell_jails_without_the_start_money() -> None:
    """L84 the go-to-jail square; L69, L90 «200 шиллингов не выплачивается»."""
    game = new_game()
    game.pos[0] = 26
    events = act(game, Roll(0), dice=[(1, 3)])
    assert game.jailed[0] and game.pos[0] == JAIL and payments(events) == []


def test_kazka_luck_card_to_jail() -> None:
    """L86 «Вы взяли карточку «Испытай удачу», на которой написано отправиться в «ТЮРЕМНУЮ БАШНЮ»»."""
    game = new_game()
    game.pos[0] = 4
    act(game, Roll(0), dice=[(1, 2)], cards=["luck_jail"])
    assert game.jailed[0] and game.active == 1


def test_kazka_jail_fee_50() -> None:
    """L94 «заплатить штраф в размере 50 шиллингов»."""
    game = new_game()
    game.pos[0], game.jailed[0] = JAIL, True
    assert payments(act(game, PayJailFee(0))) == [(0, None, 50, "jail_fee")]


def test_kazka_a_double_leaves_jail_and_moves() -> None:
    """L96 «выпадет дубль, то Вы сможете выйти … и пройти число клеток»."""
    game = new_game()
    game.pos[0], game.jailed[0] = JAIL, True
    act(game, RollForDouble(0), dice=[(3, 3)])
    assert not game.jailed[0] and game.pos[0] == 16


def test_kazka_third_failed_try_pays_50_and_moves() -> None:
    """L96, L98: three turns, then «выйти из него и уплатить 50 шиллингов, прежде чем …
    передвинуть вашу фишку»."""
    game = new_game()
    game.pos[0], game.jailed[0], game.jail_tries[0] = JAIL, True, 2
    events = act(game, RollForDouble(0), dice=[(1, 2)])
    assert payments(events) == [(0, None, 50, "jail_fee")] and game.pos[0] == 13 and not game.jailed[0]


def test_kazka_landing_on_the_jail_is_a_visit() -> None:
    """L99 «Вы просто посетили его»."""
    game = new_game()
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(2, 4)])
    assert game.pos[0] == JAIL and not game.jailed[0] and payments(events) == []
    assert game.phase is Phase.POST_ROLL


def test_kazka_release_card_is_kept_until_used() -> None:
    """L64 «вышли из «ТЮРЕМНОЙ БАШНИ»»; L66 «сохранить карту у себя, если так указано»."""
    game = new_game()
    game.pos[0] = 15
    act(game, Roll(0), dice=[(1, 1)], cards=["treasury_release"])
    assert game.cards_held[0] == [RULES.card_index["treasury_release"]]
    game.pos[0], game.jailed[0], game.phase, game.reroll = JAIL, True, Phase.PRE_ROLL, False
    act(game, UseReleaseCard(0))
    assert not game.jailed[0] and game.cards_held[0] == []
    assert RULES.card_index["treasury_release"] in game.deck


# -- bankruptcy and the end ------------------------------------------------------------------

def test_kazka_bankrupt_to_the_bank_deeds_are_auctioned() -> None:
    """L55 «Банк получает все ваши деньги и Документы … продает с аукциона каждое»."""
    game = new_game(3)
    give(game, 0, 6)
    game.cash[0] = 10
    act(game, Roll(0), dice=[(1, 3)])                                   # the tax, 200
    assert game.phase is Phase.AUCTION and game.auction is not None and game.auction.cell == 6
    assert game.owner[6] == -1 and not game.alive[0]


def test_kazka_bankrupt_to_a_player_buildings_sold_at_half_deeds_and_cash_pass() -> None:
    """L55 «объекты и сети продаются Банку за половину»; the creditor takes cash and deeds,
    and pays 10% on each mortgaged one (L55, option `mortgage_fee`)."""
    game = new_game(3)
    give(game, 1, 37, 39)
    game.buildings[37] = game.buildings[39] = 5
    give(game, 0, 1, 3, 6)
    game.buildings[1] = game.buildings[3] = 1
    game.mortgaged[6] = True
    game.cash[0] = 0
    game.pos[0] = 34
    events = act(game, Roll(0), dice=[(1, 2)])                          # Тридесяте царство: 1500
    assert not game.alive[0] and game.owner[1] == game.owner[6] == 1
    assert (0, 1, 50, "bankruptcy") in payments(events) and (1, None, 5, "mortgage_fee") in payments(events)


def test_kazka_the_last_player_left_wins() -> None:
    """L112 «Последний оставшийся в игре участник является победителем»."""
    game = new_game()
    game.cash[0] = 0
    act(game, Roll(0), dice=[(1, 3)])                                   # the tax, 200
    assert game.outcome() is not None and game.winner == 1


def test_kazka_a_debt_waits_while_money_is_raised() -> None:
    """L55 and Класика: a debtor who could raise the money decides (decision `debt`)."""
    game = new_game()
    give(game, 1, 39)
    give(game, 0, 37)
    game.cash[0] = 10
    game.pos[0] = 34
    act(game, Roll(0), dice=[(2, 3)])                                   # 50 rent; 10 cash + 175 raisable
    assert decisions(game) == [(0, "debt")]
    act(game, DeclareBankruptcy(0))
    assert game.winner == 1


# -- decks (PROPOSED: VARIANTS §A3.3) --------------------------------------------------------

def test_kazka_luck_deck_has_the_seeds_cards_and_klasykas() -> None:
    """16 «Спробуй удачу»: the seed's to the start (L34), to jail (L86), the magic contract
    (L72) and a release card (L64), and Класика's Шанс moved to this board, the utility card
    becoming one to «Обери персонажа»."""
    luck = [RULES.cards[i] for i in RULES.deck_cards["luck"]]
    assert len(luck) == 16
    by_id = {c.id: c for c in luck}
    assert by_id["luck_start"].params == {"cell": 0} and by_id["luck_jail"].effect == "go_to_jail"
    assert by_id["luck_contract"].effect == "build_uneven" and by_id["luck_contract"].kept
    assert by_id["luck_release"].effect == "release"
    assert by_id["luck_character"].params == {"cell": CHARACTER}
    assert by_id["luck_castle"].params == {"kind": "station", "rent_multiplier": 2}


def test_kazka_luck_deck_effects_follow_klasykas_chance() -> None:
    luck = sorted((c.effect, tuple(sorted(c.params.items())))
                  for c in (RULES.cards[i] for i in RULES.deck_cards["luck"])
                  if c.id not in ("luck_contract", "luck_character"))
    chance = sorted((c.effect, tuple(sorted(c.params.items())))
                    for c in (KLASYKA.cards[i] for i in KLASYKA.deck_cards["chance"])
                    if c.id not in ("chance_station_2", "chance_utility"))
    moved = {39: 39, 24: 24, 11: 11, 5: 5, 0: 0}                        # the same cells on this board
    assert [(e, p) for e, p in luck] == [(e, tuple((k, moved.get(v, v) if k == "cell" else v) for k, v in p))
                                         for e, p in chance]


def test_kazka_treasury_deck_is_klasykas_chest() -> None:
    treasury = sorted((c.effect, tuple(sorted(c.params.items())))
                      for c in (RULES.cards[i] for i in RULES.deck_cards["treasury"]))
    chest = sorted((c.effect, tuple(sorted(c.params.items())))
                   for c in (KLASYKA.cards[i] for i in KLASYKA.deck_cards["chest"]))
    assert treasury == chest and len(treasury) == 16


def test_kazka_luck_card_to_choose_a_character() -> None:
    """PROPOSED card 7: advance to «Обери персонажа», which then draws a character."""
    game = new_game()
    game.pos[0] = 17
    events = act(game, Roll(0), dice=[(2, 3)], cards=["luck_character", "char_cat"])
    assert game.pos[0] == CHARACTER and of_type(events, "card_kept")[-1]["card"] == "char_cat"


def test_kazka_each_deck_drawn_on_its_own_cells() -> None:
    game = new_game()
    game.pos[0] = 39
    act(game, Roll(0), dice=[(1, 2)], cards=["treasury_fair"])          # 2: Казна
    act(game, EndTurn(0))
    game.pos[1] = 4
    act(game, Roll(1), dice=[(1, 2)], cards=["luck_hollow"])            # 7: Спробуй удачу
    assert game.cash == [1500 + 200 + 50, 1500 + 50]                    # seat 0 passed the start

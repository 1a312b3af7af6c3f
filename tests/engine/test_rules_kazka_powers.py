"""docs/RULES.md, «Казка»: the kept cards of shared/seeds/002 — the character square (L74-81),
the four magic objects (L101-106) and the potions (L107-110), the magic contract (L72) — and
the powers PROPOSED for them (shared/VARIANTS.md §A3.4-A3.6): when each may be used, on what,
what it does, the payment-due decision, and where the cards go after use or a bankruptcy."""
from __future__ import annotations

from collections.abc import Sequence

import pytest
from helpers.engine import act, assert_illegal, built, decisions, give, hold, of_type, payments

from zemlevlasnyk.engine import (
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    EndTurn,
    Game,
    PassBid,
    PayDebt,
    Phase,
    ProposeTrade,
    Roll,
    RollForDouble,
    Scripted,
    SellBuilding,
    SendToAuction,
    SettleDebt,
    UseCard,
    UseReleaseCard,
    holdings,
    load_rules,
)
from zemlevlasnyk.engine.state import Lot

RULES = load_rules("kazka")
JAIL, CHARACTER = 10, 20
SHIP, CARPET, SWORD, POTION = 12, 28, 33, 38
CHARACTERS = ("char_fox", "char_frog", "char_telesyk", "char_dragon", "char_cat", "char_kolobok")
STARE, FORGET, MERRY = 0, 1, 2


def new_game(players: int = 2) -> Game:
    return Game.new(RULES, players, first=0)




def held(game: Game, seat: int) -> list[str]:
    return [RULES.cards[c].id for c in game.cards_held[seat]]


def in_deck(game: Game, card: str) -> bool:
    return RULES.card_index[card] in game.deck


def uses(game: Game, seat: int) -> list[UseCard]:
    return [a for a in game.legal(seat).actions if isinstance(a, UseCard)]


class Spy(Scripted):
    """Scripted chance that records what each draw was offered."""

    def __init__(self, dice: Sequence[tuple[int, int]] = (), cards: Sequence[str] = (),
                 dies: Sequence[int] = ()) -> None:
        super().__init__(dice=dice, cards=cards)
        self._dice += list(dies)
        self.offered: list[list[str]] = []

    def pick(self, options: Sequence[str]) -> int:
        self.offered.append(list(options))
        return super().pick(options)


def throws(game: Game, action: Action, dice: Sequence[tuple[int, int]] = (), dies: Sequence[int] = (),
           cards: Sequence[str] = ()) -> list[object]:
    """Apply `action` with these pairs of dice, then these single dice (a potion's throws)."""
    chance = Spy(dice=dice, cards=cards, dies=dies)
    events = game.apply(action, chance)
    assert chance.used_up, "the scripted dice or cards were not all used"
    return list(events)


# -- «ВЫБЕРИ ПЕРСОНАЖА»: one character each ------------------------------------------------

def test_kazka_character_square_draws_one_of_six() -> None:
    """L74 «взять верхнюю карточку из колоды ПЕРСОНАЖ», «6 таких карточек»: drawn uniformly
    among those in the deck, and kept."""
    game = new_game()
    game.pos[0] = 15
    chance = Spy(dice=[(2, 3)], cards=["char_dragon"])
    events = game.apply(Roll(0), chance)
    assert sorted(chance.offered[0]) == sorted(CHARACTERS)
    assert held(game, 0) == ["char_dragon"] and of_type(events, "card_kept") == [
        {"type": "card_kept", "seat": 0, "card": "char_dragon"}]


def test_kazka_character_one_per_player() -> None:
    """L81 «При последующих попаданиях … Вы просто ставите фишку … ход переходит»."""
    game = new_game()
    hold(game, 0, "char_fox")
    game.pos[0] = 15
    events = act(game, Roll(0), dice=[(2, 3)])                          # no card is drawn
    assert held(game, 0) == ["char_fox"] and not of_type(events, "card_drawn")
    assert of_type(events, "came_to_rest") == [{"type": "came_to_rest", "seat": 0, "cell": CHARACTER}]


def test_kazka_character_drawn_from_those_left() -> None:
    game = new_game()
    hold(game, 1, "char_fox", )
    game.pos[0] = 15
    chance = Spy(dice=[(2, 3)], cards=["char_cat"])
    game.apply(Roll(0), chance)
    assert sorted(chance.offered[0]) == sorted(c for c in CHARACTERS if c != "char_fox")


def test_kazka_character_used_goes_back_and_may_be_drawn_again() -> None:
    """PROPOSED (§A3.4): a character is a one-time power; used, it goes back to its deck and
    its player may draw again on a later visit."""
    game = new_game()
    hold(game, 0, "char_frog")
    act(game, UseCard(0, "char_frog"))
    assert held(game, 0) == [] and in_deck(game, "char_frog")
    game.pos[0] = 15
    act(game, Roll(0), dice=[(2, 3)], cards=["char_frog"])
    assert held(game, 0) == ["char_frog"]


# -- Лисичка-сестричка (cancel_rent) and the payment-due decision ---------------------------

def _rent_due(cash: int = 1500) -> Game:
    game = new_game()
    give(game, 1, 39)
    game.buildings[39] = 0
    game.owner[37] = 1
    game.buildings[37] = game.buildings[39] = 2                       # 600 on Царська скарбниця
    hold(game, 0, "char_fox")
    game.cash[0] = cash
    game.pos[0] = 34
    act(game, Roll(0), dice=[(2, 3)])
    return game


def test_kazka_fox_payment_due_waits_for_the_holder() -> None:
    game = _rent_due()
    assert game.phase is Phase.PAYMENT_DUE and decisions(game) == [(0, "payment_due")]
    assert set(game.legal(0).actions) >= {PayDebt(0), UseCard(0, "char_fox")}
    assert game.safe_action(0) == PayDebt(0)                             # the clock pays, keeps the card
    assert_illegal(game, SettleDebt(0), "debt.payment_due")


def test_kazka_fox_cancels_one_rent() -> None:
    game = _rent_due()
    events = act(game, UseCard(0, "char_fox"))
    assert payments(events) == [] and game.cash[0] == 1500 and game.phase is Phase.POST_ROLL
    assert of_type(events, "payment_cancelled") == [
        {"type": "payment_cancelled", "debtor": 0, "creditor": 1, "amount": 600, "reason": "rent"}]
    assert of_type(events, "card_used")[0]["card"] == "char_fox" and in_deck(game, "char_fox")


def test_kazka_fox_paying_keeps_the_card() -> None:
    game = _rent_due()
    events = act(game, PayDebt(0))
    assert payments(events) == [(0, 1, 600, "rent")] and held(game, 0) == ["char_fox"]
    assert game.phase is Phase.POST_ROLL


def test_kazka_fox_short_of_cash_pays_by_raising_it() -> None:
    """Paying what the cash does not cover goes on to the usual debt (raise, then pay)."""
    game = _rent_due(cash=100)
    give(game, 0, 26, 27, 29, 31)                                       # 550 by mortgage, 100 in cash
    act(game, PayDebt(0))
    assert decisions(game) == [(0, "debt")] and held(game, 0) == ["char_fox"]


def test_kazka_fox_saves_from_a_bankruptcy() -> None:
    """A debt that nothing could cover would bankrupt at once: the card may still cancel it."""
    game = _rent_due(cash=100)
    assert game.phase is Phase.PAYMENT_DUE
    act(game, UseCard(0, "char_fox"))
    assert game.alive[0] and game.cash[0] == 100
    game2 = _rent_due(cash=100)
    act(game2, PayDebt(0))
    assert not game2.alive[0] and game2.winner == 1


def test_kazka_fox_does_not_cancel_a_bank_payment() -> None:
    game = new_game()
    hold(game, 0, "char_fox")
    events = act(game, Roll(0), dice=[(1, 3)])                         # the tax: paid at once
    assert payments(events) == [(0, None, 200, "tax")] and game.phase is Phase.POST_ROLL


def test_kazka_cancel_only_while_its_payment_is_due() -> None:
    game = new_game()
    hold(game, 0, "char_fox")
    assert uses(game, 0) == []
    assert_illegal(game, UseCard(0, "char_fox"), "card.payment_due")


# -- Колобок (cancel_bank_payment) -----------------------------------------------------------

@pytest.mark.parametrize(("start", "dice", "cards", "amount", "reason"), [
    (0, (1, 3), (), 200, "tax"),
    (15, (1, 1), ("treasury_healer",), 50, "card:treasury_healer"),
    (4, (1, 2), ("luck_garden_fine",), 15, "card:luck_garden_fine"),
])
def test_kazka_kolobok_cancels_a_bank_payment(start: int, dice: tuple[int, int], cards: tuple[str, ...],
                                              amount: int, reason: str) -> None:
    game = new_game()
    hold(game, 0, "char_kolobok")
    game.pos[0] = start
    act(game, Roll(0), dice=[dice], cards=cards)
    assert game.phase is Phase.PAYMENT_DUE and game.debts[0].amount == amount and game.debts[0].reason == reason
    events = act(game, UseCard(0, "char_kolobok"))
    assert payments(events) == [] and game.cash[0] == 1500


def test_kazka_kolobok_cancels_repairs() -> None:
    game = new_game()
    hold(game, 0, "char_kolobok")
    give(game, 0, 1, 3)
    game.buildings[1] = game.buildings[3] = 2
    game.pos[0] = 4
    act(game, Roll(0), dice=[(1, 2)], cards=["luck_repairs"])
    assert game.debts[0].amount == 4 * 25
    act(game, UseCard(0, "char_kolobok"))
    assert game.cash[0] == 1500 and game.phase is Phase.POST_ROLL


def test_kazka_kolobok_cancels_the_third_tries_jail_fee_and_moves() -> None:
    game = new_game()
    hold(game, 0, "char_kolobok")
    game.pos[0], game.jailed[0], game.jail_tries[0] = JAIL, True, 2
    act(game, RollForDouble(0), dice=[(1, 2)])
    assert game.phase is Phase.PAYMENT_DUE and game.debts[0].reason == "jail_fee"
    use = UseCard(0, "char_kolobok")
    assert game.needs_chance(use)                                       # the move that follows may draw
    events = act(game, use)
    assert payments(events) == [] and not game.jailed[0] and game.pos[0] == 13
    assert game.phase is Phase.BUY and game.pending_buy == 13


def test_kazka_kolobok_paying_the_fee_keeps_it_for_a_fine_on_the_way() -> None:
    """Paying the third try's fee keeps the card; the move by that roll meets a fine, which
    waits again."""
    game = new_game()
    hold(game, 0, "char_kolobok")
    game.pos[0], game.jailed[0], game.jail_tries[0] = JAIL, True, 2
    act(game, RollForDouble(0), dice=[(3, 4)])
    act(game, PayDebt(0), cards=["treasury_healer"])                    # 10 -> 17, Казна
    assert game.phase is Phase.PAYMENT_DUE and game.debts[0].reason == "card:treasury_healer"
    act(game, UseCard(0, "char_kolobok"))
    assert game.cash[0] == 1500 - 50 and game.phase is Phase.POST_ROLL


def test_kazka_kolobok_after_raising_the_fee_a_fine_waits_too() -> None:
    game = new_game()
    hold(game, 0, "char_kolobok")
    give(game, 0, 39)
    game.cash[0] = 20
    game.pos[0], game.jailed[0], game.jail_tries[0] = JAIL, True, 2
    act(game, RollForDouble(0), dice=[(3, 4)])
    act(game, PayDebt(0))                                               # keep the card: raise the 50
    assert decisions(game) == [(0, "debt")]
    act(game, SettleDebt(0), cards=["treasury_healer"])
    assert game.phase is Phase.PAYMENT_DUE and game.debts[0].amount == 50


def test_kazka_fox_paid_into_a_bankruptcy_passes_the_turn() -> None:
    game = new_game(3)
    give(game, 1, 37, 39)
    game.buildings[37] = game.buildings[39] = 2
    hold(game, 0, "char_fox")
    game.cash[0] = 100
    game.pos[0] = 34
    act(game, Roll(0), dice=[(2, 3)])
    act(game, PayDebt(0))
    assert not game.alive[0] and game.active == 1 and game.phase is Phase.PRE_ROLL


def test_kazka_kolobok_does_not_cancel_a_rent() -> None:
    game = new_game()
    hold(game, 0, "char_kolobok")
    give(game, 1, 6)
    assert payments(act(game, Roll(0), dice=[(2, 4)])) == [(0, 1, 6, "rent")]


def test_kazka_kolobok_not_for_a_purchase() -> None:
    game = new_game()
    hold(game, 0, "char_kolobok")
    act(game, Roll(0), dice=[(2, 4)])
    assert game.phase is Phase.BUY and uses(game, 0) == []


# -- Царівна-жаба (receive 200) --------------------------------------------------------------

def test_kazka_frog_receives_200_on_its_turn() -> None:
    game = new_game()
    hold(game, 0, "char_frog")
    assert uses(game, 0) == [UseCard(0, "char_frog")]
    assert payments(act(game, UseCard(0, "char_frog"))) == [(None, 0, 200, "card:char_frog")]
    assert game.phase is Phase.PRE_ROLL


def test_kazka_frog_raises_cash_in_a_debt() -> None:
    game = new_game()
    hold(game, 0, "char_frog")
    give(game, 1, 39)
    give(game, 0, 37)
    game.cash[0] = 10
    game.pos[0] = 34
    act(game, Roll(0), dice=[(2, 3)])                                   # 50 rent
    assert decisions(game) == [(0, "debt")]
    act(game, UseCard(0, "char_frog"))
    assert game.cash[0] == 210
    act(game, PayDebt(0))
    assert game.cash[0] == 160 and game.phase is Phase.POST_ROLL


def test_kazka_frog_not_on_anothers_turn() -> None:
    game = new_game()
    hold(game, 1, "char_frog")
    assert_illegal(game, UseCard(1, "char_frog"), "turn.not_yours")


# -- Івасик-Телесик (release) ---------------------------------------------------------------

def test_kazka_telesyk_leaves_jail_free() -> None:
    game = new_game()
    hold(game, 0, "char_telesyk")
    game.pos[0], game.jailed[0] = JAIL, True
    events = act(game, UseReleaseCard(0))
    assert not game.jailed[0] and payments(events) == [] and in_deck(game, "char_telesyk")
    assert of_type(events, "left_jail") == [{"type": "left_jail", "seat": 0, "how": "card"}]


def test_kazka_telesyk_beside_a_release_card_the_first_drawn_goes() -> None:
    game = new_game()
    hold(game, 0, "char_telesyk", "luck_release")
    game.pos[0], game.jailed[0] = JAIL, True
    act(game, UseReleaseCard(0))
    assert held(game, 0) == ["luck_release"]


def test_kazka_telesyk_is_no_power_to_use_elsewhere() -> None:
    game = new_game()
    hold(game, 0, "char_telesyk")
    assert uses(game, 0) == []
    assert_illegal(game, UseCard(0, "char_telesyk"), "card.power")
    assert_illegal(game, UseReleaseCard(0), "jail.in_jail")


# -- Змій (burn_building) ---------------------------------------------------------------------

def test_kazka_dragon_burns_a_building_of_an_opponents() -> None:
    game = new_game()
    hold(game, 0, "char_dragon")
    built(game, 1, {6: 2, 8: 2, 9: 1})
    assert {a.target_cell for a in uses(game, 0)} == {6, 8}             # the most built (the even rule)
    events = act(game, UseCard(0, "char_dragon", None, 8))
    assert game.buildings[8] == 1 and payments(events) == []            # the owner gets nothing
    assert of_type(events, "building_burnt") == [
        {"type": "building_burnt", "seat": 0, "owner": 1, "cell": 8, "buildings": 1}]
    assert holdings.houses_left(game) == 32 - 4


def test_kazka_dragon_not_on_its_own_or_a_less_built_street() -> None:
    game = new_game()
    hold(game, 0, "char_dragon")
    built(game, 1, {6: 2, 8: 2, 9: 1})
    give(game, 0, 1, 3)
    game.buildings[1] = game.buildings[3] = 1
    assert_illegal(game, UseCard(0, "char_dragon", None, 9), "card.target")
    assert_illegal(game, UseCard(0, "char_dragon", None, 1), "card.target")
    assert_illegal(game, UseCard(0, "char_dragon", None, 11), "card.target")   # nothing built


def test_kazka_dragon_burns_a_network_back_to_four_objects() -> None:
    game = new_game()
    hold(game, 0, "char_dragon")
    built(game, 1, {37: 5, 39: 5})
    act(game, UseCard(0, "char_dragon", None, 39))
    assert game.buildings[39] == 4 and holdings.hotels_left(game) == 11 and holdings.houses_left(game) == 28


def test_kazka_dragon_burns_a_network_only_with_four_objects_in_the_bank() -> None:
    game = new_game(3)
    built(game, 1, {37: 5, 39: 5})
    built(game, 2, {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4, 16: 2, 18: 2, 19: 2})   # 30 of 32 objects
    hold(game, 0, "char_dragon")
    targets = {a.target_cell for a in uses(game, 0)}
    assert 37 not in targets and 39 not in targets and {6, 16} <= targets


# -- Пан Коцький (collect_from_each) ----------------------------------------------------------

def test_kazka_cat_collects_50_from_each() -> None:
    game = new_game(3)
    hold(game, 0, "char_cat")
    events = act(game, UseCard(0, "char_cat"))
    assert payments(events) == [(1, 0, 50, "card:char_cat"), (2, 0, 50, "card:char_cat")]
    assert game.phase is Phase.PRE_ROLL and game.active == 0


def test_kazka_cat_waits_for_a_debtor_then_goes_back_to_the_turn() -> None:
    game = new_game(3)
    hold(game, 0, "char_cat")
    game.cash[1] = 10
    give(game, 1, 39)
    act(game, Roll(0), dice=[(2, 3)])                                   # onto Хатка Баби-Яги: offered
    act(game, Buy(0))
    act(game, UseCard(0, "char_cat"))
    assert decisions(game) == [(1, "debt")]
    act(game, SettleDebt(1))                                            # mortgages Царська скарбниця
    assert game.phase is Phase.POST_ROLL and game.active == 0 and game.cash[0] == 1500 - 200 + 100


def test_kazka_powers_only_at_their_moments() -> None:
    """Powers of the holder's own turn are not used while another seat decides."""
    game = new_game(3)
    hold(game, 1, "char_cat", "char_dragon")
    act(game, Roll(0), dice=[(2, 4)])
    act(game, SendToAuction(0))
    act(game, PassBid(0))
    assert game.phase is Phase.AUCTION and game.main_seat() == 1
    assert uses(game, 1) == []
    assert_illegal(game, UseCard(1, "char_cat"), "card.own_turn")


def test_kazka_a_card_not_held_cannot_be_used() -> None:
    game = new_game()
    hold(game, 1, "obj_carpet")
    assert_illegal(game, UseCard(0, "obj_carpet", None, 5), "card.held")
    assert_illegal(game, UseCard(0, "no_such_card"), "card.held")


# -- the magic objects (L101-106) -------------------------------------------------------------

@pytest.mark.parametrize(("start", "cell", "card"), [(8, SHIP, "obj_ship"), (22, CARPET, "obj_carpet"),
                                                    (29, SWORD, "obj_sword"), (34, POTION, "obj_potion")])
def test_kazka_object_square_gives_its_card(start: int, cell: int, card: str) -> None:
    """L106 «При попадании на данные поля игрок хранит у себя карту»."""
    game = new_game()
    game.pos[0] = start
    act(game, Roll(0), dice=[(cell - start - 1, 1)], cards=[card])
    assert held(game, 0) == [card] and game.pos[0] == cell


def test_kazka_object_square_does_nothing_while_held() -> None:
    """PROPOSED (§A3.5): each object is a single card; while someone holds it, its square does
    nothing."""
    game = new_game()
    hold(game, 1, "obj_sword")
    game.pos[0] = 29
    events = act(game, Roll(0), dice=[(3, 1)])
    assert held(game, 0) == [] and not of_type(events, "card_drawn") and not of_type(events, "deck_reshuffled")


def test_kazka_object_once_per_player() -> None:
    """L106 «использовать ее один раз за игру. После ее использования карта возвращается в
    Банк. Далее ее могут использовать другие игроки»: read per player (PROPOSED)."""
    game = new_game()
    hold(game, 0, "obj_sword")
    act(game, UseCard(0, "obj_sword", 1))
    assert in_deck(game, "obj_sword") and game.cards_used[0] == [RULES.card_index["obj_sword"]]
    game.pos[0] = 29
    events = act(game, Roll(0), dice=[(3, 1)])
    assert held(game, 0) == [] and not of_type(events, "card_drawn")
    act(game, EndTurn(0))
    game.pos[1] = 29
    act(game, Roll(1), dice=[(3, 1)], cards=["obj_sword"])
    assert held(game, 1) == ["obj_sword"]


# Летючий корабель (move_choice 2-12)

def test_kazka_flying_ship_moves_2_to_12_of_the_players_choice() -> None:
    game = new_game()
    hold(game, 0, "obj_ship")
    game.pos[0] = 35
    assert sorted(a.target_cell for a in uses(game, 0) if a.target_cell is not None) == sorted(
        (35 + k) % 40 for k in range(2, 13))
    events = act(game, UseCard(0, "obj_ship", None, 1))                # 6 cells on, past the start
    assert game.pos[0] == 1 and payments(events) == [(None, 0, 200, "start_salary")]
    assert game.phase is Phase.BUY and game.pending_buy == 1 and game.dice is None
    act(game, Buy(0))
    assert game.phase is Phase.POST_ROLL and not game.reroll                # no double: the turn ends
    assert EndTurn(0) in game.legal(0).actions and Roll(0) not in game.legal(0).actions


def test_kazka_flying_ship_only_instead_of_a_roll() -> None:
    game = new_game()
    hold(game, 0, "obj_ship")
    act(game, Roll(0), dice=[(1, 2)])
    assert_illegal(game, UseCard(0, "obj_ship", None, 8), "card.before_roll")
    game2 = new_game()
    hold(game2, 0, "obj_ship")
    game2.pos[0], game2.jailed[0] = JAIL, True
    assert_illegal(game2, UseCard(0, "obj_ship", None, 12), "card.before_roll")


def test_kazka_flying_ship_out_of_range_is_refused() -> None:
    game = new_game()
    hold(game, 0, "obj_ship")
    assert_illegal(game, UseCard(0, "obj_ship", None, 1), "card.target")
    assert_illegal(game, UseCard(0, "obj_ship", None, 13), "card.target")


def test_kazka_flying_ship_resolves_the_cell_a_card_or_jail() -> None:
    game = new_game()
    hold(game, 0, "obj_ship")
    game.pos[0] = 27
    events = act(game, UseCard(0, "obj_ship", None, 30))
    assert game.jailed[0] and game.active == 1 and payments(events) == []
    game2 = new_game()
    hold(game2, 0, "obj_ship")
    act(game2, UseCard(0, "obj_ship", None, 7), cards=["luck_hollow"])
    assert game2.cash[0] == 1550


# Килим-самоліт (move_to_choice: a castle)

def test_kazka_flying_carpet_to_a_castle_of_choice() -> None:
    game = new_game()
    hold(game, 0, "obj_carpet")
    game.pos[0] = 15
    assert sorted(a.target_cell for a in uses(game, 0) if a.target_cell is not None) == [5, 25, 35]
    give(game, 1, 25)
    events = act(game, UseCard(0, "obj_carpet", None, 25))
    assert game.pos[0] == 25 and payments(events) == [(0, 1, 25, "rent")]


def test_kazka_flying_carpet_unowned_castle_is_offered_and_start_pays() -> None:
    game = new_game()
    hold(game, 0, "obj_carpet")
    game.pos[0] = 36
    events = act(game, UseCard(0, "obj_carpet", None, 5))
    assert payments(events) == [(None, 0, 200, "start_salary")] and game.pending_buy == 5


def test_kazka_flying_carpet_to_its_own_castle_does_nothing() -> None:
    game = new_game()
    hold(game, 0, "obj_carpet")
    give(game, 0, 35)
    events = act(game, UseCard(0, "obj_carpet", None, 35))
    assert payments(events) == [] and game.phase is Phase.POST_ROLL


# Меч-кладенець (take_from 100)

def test_kazka_treasure_sword_takes_100_from_a_chosen_opponent() -> None:
    game = new_game(3)
    hold(game, 0, "obj_sword")
    assert {a.target_seat for a in uses(game, 0)} == {1, 2}
    assert payments(act(game, UseCard(0, "obj_sword", 2))) == [(2, 0, 100, "card:obj_sword")]
    assert_illegal(game, UseCard(0, "obj_sword", 1), "card.held")


def test_kazka_treasure_sword_not_on_oneself() -> None:
    game = new_game()
    hold(game, 0, "obj_sword")
    assert_illegal(game, UseCard(0, "obj_sword", 0), "card.target")
    assert_illegal(game, UseCard(0, "obj_sword", None), "card.target")


def test_kazka_treasure_sword_is_raised_like_rent() -> None:
    game = new_game()
    hold(game, 0, "obj_sword")
    game.cash[1] = 40
    give(game, 1, 39)
    act(game, UseCard(0, "obj_sword", 1))
    assert decisions(game) == [(1, "debt")]
    act(game, SettleDebt(1))
    assert game.cash[0] == 1600 and game.phase is Phase.PRE_ROLL and game.active == 0


# -- Зілля знахарки: three potions (L107-110) --------------------------------------------------

def test_kazka_potion_offers_three_potions() -> None:
    """L107 «вправе воспользоваться одним из зелий»."""
    card = RULES.cards[RULES.card_index["obj_potion"]]
    assert [c.effect for c in card.choices] == ["stare", "extra_turn", "merry"]
    game = new_game(3)
    hold(game, 0, "obj_potion")
    assert sorted((a.choice, a.target_seat) for a in uses(game, 0)) == [(STARE, 1), (STARE, 2), (MERRY, 1),
                                                                       (MERRY, 2)]
    assert_illegal(game, UseCard(0, "obj_potion", 1), "card.choice")
    assert_illegal(game, UseCard(0, "obj_potion", 1, None, 3), "card.choice")


# «Зілля пильного погляду» (stare)

def _stared(dies: Sequence[int]) -> tuple[Game, list[object]]:
    game = new_game()
    hold(game, 0, "obj_potion")
    act(game, UseCard(0, "obj_potion", 1, None, STARE))
    assert [(e.kind, e.by, e.target) for e in game.effects] == [("stare", 0, 1)]
    act(game, Roll(0), dice=[(1, 3)])                                   # the tax
    end = EndTurn(0)
    assert game.needs_chance(end)                                       # the stare throws as seat 1 begins
    return game, throws(game, end, dies=dies)


@pytest.mark.parametrize("die", [1, 2])
def test_kazka_stare_looked_away_pays_200(die: int) -> None:
    game, events = _stared([die])
    assert payments(events) == [(1, 0, 200, "card:obj_potion")] and game.effects == []
    assert game.active == 1 and game.phase is Phase.PRE_ROLL


@pytest.mark.parametrize("die", [3, 6])
def test_kazka_stare_held_costs_nothing(die: int) -> None:
    game, events = _stared([die])
    assert payments(events) == [] and game.effects == []
    assert of_type(events, "effect_thrown") == [
        {"type": "effect_thrown", "kind": "stare", "by": 0, "target": 1, "die": die, "missed": False}]


def test_kazka_stare_without_the_cash_is_raised_before_the_turn() -> None:
    game = new_game()
    hold(game, 0, "obj_potion")
    game.cash[1] = 50
    give(game, 1, 39)
    act(game, UseCard(0, "obj_potion", 1, None, STARE))
    act(game, Roll(0), dice=[(1, 3)])
    throws(game, EndTurn(0), dies=[1])
    assert decisions(game) == [(1, "debt")]
    act(game, SettleDebt(1))
    assert game.phase is Phase.PRE_ROLL and game.active == 1 and game.cash[0] == 1500 - 200 + 200


def test_kazka_stare_ends_when_a_seat_leaves() -> None:
    game = new_game(3)
    hold(game, 0, "obj_potion")
    act(game, UseCard(0, "obj_potion", 2, None, STARE))
    game.cash[0] = 0
    events = act(game, Roll(0), dice=[(1, 3)])                          # the tax bankrupts seat 0
    assert not game.alive[0] and game.effects == []
    assert of_type(events, "effect_ended")[0]["why"] == "left"


# «Зілля забудькуватості» (extra_turn)

def test_kazka_forget_gives_another_turn() -> None:
    game = new_game()
    hold(game, 0, "obj_potion")
    assert_illegal(game, UseCard(0, "obj_potion", None, None, FORGET), "card.after_move")
    act(game, Roll(0), dice=[(1, 3)])
    act(game, UseCard(0, "obj_potion", None, None, FORGET))
    events = act(game, EndTurn(0))
    assert game.active == 0 and game.turn == 2 and game.doubles == 0 and game.phase is Phase.PRE_ROLL
    assert of_type(events, "turn_started") == [{"type": "turn_started", "seat": 0, "turn": 2}]
    act(game, Roll(0), dice=[(2, 4)])
    act(game, EndTurn(0))
    assert game.active == 1                                             # once


def test_kazka_forget_not_with_a_double_to_roll_or_in_jail() -> None:
    game = new_game()
    hold(game, 0, "obj_potion")
    act(game, Roll(0), dice=[(2, 2)])
    assert game.reroll
    assert_illegal(game, UseCard(0, "obj_potion", None, None, FORGET), "card.after_move")
    game2 = new_game()
    hold(game2, 0, "obj_potion")
    game2.pos[0], game2.jailed[0] = JAIL, True
    act(game2, RollForDouble(0), dice=[(1, 2)])
    assert_illegal(game2, UseCard(0, "obj_potion", None, None, FORGET), "card.after_move")


# «Зілля-веселощі» (merry)

def _merry() -> Game:
    game = new_game()
    hold(game, 0, "obj_potion")
    act(game, UseCard(0, "obj_potion", 1, None, MERRY))
    return game


@pytest.mark.parametrize(("die", "paid"), [(1, 50), (2, 50), (3, 0), (6, 0)])
def test_kazka_merry_after_each_dice_move(die: int, paid: int) -> None:
    game = _merry()
    events = throws(game, Roll(0), dice=[(1, 3)], dies=[die])          # the tax, then the applause
    expected = [(0, None, 200, "tax")] + ([(1, 0, paid, "card:obj_potion")] if paid else [])
    assert payments(events) == expected and len(game.effects) == 1     # it lasts


def test_kazka_merry_with_an_offer_to_buy_pays_first_then_offers() -> None:
    game = _merry()
    throws(game, Roll(0), dice=[(2, 4)], dies=[1])
    assert game.phase is Phase.BUY and game.pending_buy == 6 and game.cash == [1550, 1450]


def test_kazka_merry_when_the_target_must_raise_the_offer_waits() -> None:
    game = _merry()
    game.cash[1] = 10
    give(game, 1, 39)
    throws(game, Roll(0), dice=[(2, 4)], dies=[2])
    assert decisions(game) == [(1, "debt")] and game.pending_buy == 6
    act(game, SettleDebt(1))
    assert game.phase is Phase.BUY and decisions(game) == [(0, "buy")]


def test_kazka_merry_every_move_of_a_double() -> None:
    game = _merry()
    throws(game, Roll(0), dice=[(2, 2)], dies=[4])
    assert game.reroll
    events = throws(game, Roll(0), dice=[(1, 5)], dies=[1])            # 4 -> 10, visiting
    assert payments(events) == [(1, 0, 50, "card:obj_potion")]


def test_kazka_merry_ends_with_the_lap() -> None:
    game = _merry()
    game.pos[0] = 36
    events = act(game, Roll(0), dice=[(2, 3)])                          # past the start: no applause
    assert game.effects == [] and of_type(events, "effect_ended")[0]["why"] == "lap"


def test_kazka_merry_not_for_a_move_into_jail() -> None:
    game = _merry()
    game.pos[0] = 26
    events = act(game, Roll(0), dice=[(1, 3)])                          # onto «go to jail»
    assert game.jailed[0] and not of_type(events, "effect_thrown") and len(game.effects) == 1


def test_kazka_merry_not_for_a_chosen_move() -> None:
    game = _merry()
    hold(game, 0, "obj_ship")
    events = act(game, UseCard(0, "obj_ship", None, 4))
    assert not of_type(events, "effect_thrown")


# -- «Чарівний контракт» (L72: one uneven building) ---------------------------------------------

def test_kazka_magic_contract_is_kept_from_the_luck_deck() -> None:
    game = new_game()
    game.pos[0] = 4
    events = act(game, Roll(0), dice=[(1, 2)], cards=["luck_contract"])
    assert held(game, 0) == ["luck_contract"] and of_type(events, "card_kept")


def test_kazka_magic_contract_builds_once_against_the_even_rule() -> None:
    game = new_game()
    hold(game, 0, "luck_contract")
    give(game, 0, 6, 8, 9)
    game.buildings[6] = game.buildings[8] = game.buildings[9] = 1
    act(game, Build(0, 6))
    assert_illegal(game, Build(0, 6), "buildings.build_evenly")
    events = act(game, UseCard(0, "luck_contract", None, 6))
    assert game.buildings[6] == 3 and payments(events) == [(0, None, 50, "building")]
    assert in_deck(game, "luck_contract")
    # Afterwards the even rule holds: the others catch up first, selling starts from it.
    assert_illegal(game, Build(0, 6), "buildings.build_evenly")
    act(game, Build(0, 8))
    assert_illegal(game, Build(0, 8), "buildings.build_evenly")
    assert_illegal(game, SellBuilding(0, 8), "buildings.sell_evenly")
    act(game, SellBuilding(0, 6))


def test_kazka_magic_contract_may_raise_a_network() -> None:
    """L72 «еще один дополнительный объект или сеть»."""
    game = new_game()
    hold(game, 0, "luck_contract")
    give(game, 0, 37, 39)
    game.buildings[37], game.buildings[39] = 3, 4
    act(game, UseCard(0, "luck_contract", None, 39))
    assert game.buildings[39] == 5 and holdings.hotels_left(game) == 11


def test_kazka_magic_contract_keeps_every_other_rule() -> None:
    game = new_game()
    hold(game, 0, "luck_contract")
    give(game, 0, 6, 8)
    assert_illegal(game, UseCard(0, "luck_contract", None, 6), "card.target")   # not the whole group
    give(game, 0, 9)
    game.mortgaged[9] = True
    assert_illegal(game, UseCard(0, "luck_contract", None, 6), "card.target")   # a mortgage in it
    game.mortgaged[9] = False
    game.cash[0] = 10
    assert_illegal(game, UseCard(0, "luck_contract", None, 6), "card.target")   # the cash
    game.cash[0] = 1500
    game.buildings[6] = 5
    assert_illegal(game, UseCard(0, "luck_contract", None, 6), "card.target")   # the network is last
    assert_illegal(game, UseCard(0, "luck_contract", None, 5), "card.target")   # a castle


def test_kazka_magic_contract_by_auction_when_the_bank_is_short() -> None:
    game = new_game()
    built(game, 0, {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4})
    built(game, 1, {16: 2, 18: 2, 19: 2})
    give(game, 0, 1, 3)
    game.buildings[1] = 1                                               # 31 in use: one left
    hold(game, 0, "luck_contract")
    act(game, UseCard(0, "luck_contract", None, 1))
    assert game.auction is not None and game.auction.lot is Lot.HOUSE
    act(game, Bid(0, 5))
    act(game, PassBid(1))
    assert game.buildings[1] == 2 and game.buildings[3] == 0 and game.phase is Phase.PRE_ROLL


# -- after a bankruptcy, and trades -------------------------------------------------------------

def test_kazka_bankrupt_powers_go_back_release_cards_pass() -> None:
    """PROPOSED (§A3.4, §A3.5): characters and objects go back to their decks, not to the
    creditor; a release card passes to a creditor as in Класика."""
    game = new_game(3)
    hold(game, 0, "char_fox", "obj_sword", "luck_release")
    give(game, 1, 37, 39)
    game.buildings[37] = game.buildings[39] = 5
    game.cash[0] = 0
    game.pos[0] = 34
    act(game, Roll(0), dice=[(1, 2)])                                   # a rent nothing covers
    act(game, PayDebt(0))                                               # pays, keeping the fox: bankrupt
    assert not game.alive[0] and held(game, 1) == ["luck_release"]
    assert in_deck(game, "char_fox") and in_deck(game, "obj_sword")


def test_kazka_cards_stay_with_their_holder_in_a_trade() -> None:
    game = new_game()
    hold(game, 0, "char_cat")
    give(game, 0, 1)
    act(game, ProposeTrade(0, 1, (1,), (), 0))
    act(game, AcceptTrade(1))
    assert held(game, 0) == ["char_cat"] and held(game, 1) == []


# -- the clock, and what everyone sees -----------------------------------------------------------

def test_kazka_the_clock_never_spends_a_card() -> None:
    """Every safe action of random games is an action that spends no card (never `use_card`;
    `pay_debt` at a payment due)."""
    from zemlevlasnyk.engine.bots.match import play_match

    seen: set[str] = set()

    def watch(game: Game, action: Action, events: list[object]) -> None:
        for d in game.pending():
            safe = game.safe_action(d.seat, d.kind)
            assert not isinstance(safe, UseCard), (d, safe)
            if d.kind == "payment_due":
                assert safe == PayDebt(d.seat)
                seen.add(d.kind)

    for seed in range(12):
        play_match(RULES, ["random"] * 3, seed, 300, observer=watch)
    assert seen == {"payment_due"}


def test_kazka_held_cards_are_in_the_public_state() -> None:
    """PROPOSED (§A3.7): every peer replays the whole state, so a held character is public."""
    game = new_game()
    hold(game, 1, "char_dragon")
    assert game.to_json()["cards_held"] == [[], ["char_dragon"]]


def test_kazka_pot_goes_to_the_character_squares_lander() -> None:
    """The house rule `pot` on a board with no free corner: «Обери персонажа» takes it."""
    rules = load_rules("kazka", {"pot": True})
    game = Game.new(rules, 2, first=0)
    act(game, Roll(0), dice=[(1, 3)])                                   # the tax into the pot
    assert game.pot == 200
    act(game, EndTurn(0))
    game.pos[1] = 15
    events = act(game, Roll(1), dice=[(2, 3)], cards=["char_cat"])
    assert (None, 1, 200, "pot") in payments(events) and game.pot == 0

"""docs/BOTS.md, «Казка»: every level decides every new choice of the kept cards (engine/bots/
cards.py) — when to use each power, on whom or where, which potion — always with one of the
engine's legal uses, and games between the levels keep every invariant."""
from __future__ import annotations

import pytest
from helpers.engine import act, hold
from helpers.invariants import MoneyLedger, check_invariants

from zemlevlasnyk.engine import Action, Event, Game, PayDebt, Roll, Scripted, UseCard, load_rules
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.match import play_match

RULES = load_rules("kazka")
LEVELS = ("easy", "medium", "hard")


def new_game(players: int = 3) -> Game:
    return Game.new(RULES, players, first=0)




def choice(game: Game, level: str, seat: int = 0) -> Action:
    action = make_bot(level, 7).choose(game, seat)
    assert game.is_legal(action), (level, action)
    return action


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("card", ["char_frog", "char_cat"])
def test_bots_kazka_money_cards_are_used_at_once(level: str, card: str) -> None:
    game = new_game()
    hold(game, 0, card)
    assert choice(game, level) == UseCard(0, card)


def test_bots_kazka_the_sword_goes_for_the_richest_or_a_bankruptcy() -> None:
    game = new_game(4)
    hold(game, 0, "obj_sword")
    game.cash[1], game.cash[2], game.cash[3] = 1500, 2500, 1400
    assert choice(game, "easy") == UseCard(0, "obj_sword", 1)
    assert choice(game, "medium") == UseCard(0, "obj_sword", 2)
    game.cash[3] = 60                                                   # nothing to raise: bankrupt to hard
    assert choice(game, "hard") == UseCard(0, "obj_sword", 3)


def _rent_due(rent_cells: dict[int, int], cash: int = 1500) -> Game:
    game = new_game()
    for c, n in rent_cells.items():
        game.owner[c], game.buildings[c] = 1, n
    hold(game, 0, "char_fox")
    game.cash[0] = cash
    game.pos[0] = 34
    act(game, Roll(0), dice=[(2, 3)])                                   # onto Царська скарбниця
    assert game.debts and game.phase.value == "payment_due"
    return game


def test_bots_kazka_cancelling_a_rent_by_level() -> None:
    small = _rent_due({37: 0, 39: 0})                                   # 100: a whole group unbuilt
    assert choice(small, "easy") == UseCard(0, "char_fox")
    assert choice(small, "medium") == PayDebt(0)
    assert choice(small, "hard") == PayDebt(0)
    big = _rent_due({37: 2, 39: 2})                                     # 600
    for level in LEVELS:
        assert choice(big, level) == UseCard(0, "char_fox"), level


def test_bots_kazka_hard_keeps_the_card_for_the_rents_that_ruin() -> None:
    """Hard cancels a rent only when it is half the largest the board could charge it."""
    game = _rent_due({37: 2, 39: 2, 31: 5, 32: 5, 34: 5})               # 600 here, 1 400 in sight
    assert choice(game, "medium") == UseCard(0, "char_fox")
    assert choice(game, "hard") == PayDebt(0)


def test_bots_kazka_a_payment_the_cash_does_not_cover_is_always_cancelled() -> None:
    game = _rent_due({37: 0, 39: 0}, cash=50)
    for level in LEVELS:
        assert choice(game, level) == UseCard(0, "char_fox"), level


def test_bots_kazka_the_flying_ship() -> None:
    game = new_game()
    hold(game, 0, "obj_ship")
    game.owner[37] = 0                                                  # 39 completes dark blue
    game.pos[0] = 31
    for level in LEVELS:
        assert choice(game, level) == UseCard(0, "obj_ship", None, 39), level
    taken = new_game()
    hold(taken, 0, "obj_ship")
    for c in RULES.properties:
        taken.owner[c] = 1                                              # every deed someone's
    assert all(not isinstance(choice(taken, level), UseCard) for level in ("easy", "medium"))
    # Hard flies out of the rents' way: the dice would mostly land on someone's deed.
    use = choice(taken, "hard")
    assert isinstance(use, UseCard) and use.target_cell is not None
    assert not RULES.cells[use.target_cell].is_property


def test_bots_kazka_the_flying_carpet_to_a_castle_it_buys() -> None:
    game = new_game()
    hold(game, 0, "obj_carpet")
    game.owner[5] = game.owner[15] = game.owner[35] = 0                 # the fourth castle completes them
    for level in ("medium", "hard"):
        assert choice(game, level) == UseCard(0, "obj_carpet", None, 25), level


def test_bots_kazka_the_dragon() -> None:
    game = new_game(4)
    hold(game, 0, "char_dragon")
    for c, n in {1: 1, 3: 1}.items():
        game.owner[c], game.buildings[c] = 1, n
    for c, n in {16: 3, 18: 3, 19: 3}.items():
        game.owner[c], game.buildings[c] = 2, n
    game.cash[2] = 3000
    assert isinstance(choice(game, "easy"), UseCard)
    for level in ("medium", "hard"):
        use = choice(game, level)
        assert isinstance(use, UseCard) and use.target_cell in (16, 18, 19), level
    little = new_game()
    hold(little, 0, "char_dragon")
    little.owner[1], little.owner[3], little.buildings[1] = 1, 1, 1
    for level in ("medium", "hard"):
        assert not isinstance(choice(little, level), UseCard), level      # not worth the fire


def test_bots_kazka_potions() -> None:
    game = new_game()
    hold(game, 0, "obj_potion")
    game.cash[2] = 4000                                                 # the richest
    assert choice(game, "easy") == UseCard(0, "obj_potion", 1, None, 0)   # the stare, on the first
    assert choice(game, "medium") == UseCard(0, "obj_potion", 2, None, 0)  # the stare, on the richest
    # Hard: at the start of a lap the merry potion yields more than the stare.
    assert choice(game, "hard") == UseCard(0, "obj_potion", 2, None, 2)
    late = new_game()
    hold(late, 0, "obj_potion")
    late.pos[0] = 33
    assert not isinstance(choice(late, "hard"), UseCard)                 # waits: the move first


def test_bots_kazka_hard_drinks_to_forget_when_the_next_turn_pays() -> None:
    game = new_game()
    hold(game, 0, "obj_potion")
    game.apply(Roll(0), Scripted(dice=[(1, 3)]))                        # the tax: now after the roll
    use = choice(game, "hard")
    assert isinstance(use, UseCard) and use.choice in (0, 1)            # another turn, or the stare


def test_bots_kazka_the_contract() -> None:
    game = new_game()
    hold(game, 0, "luck_contract")
    for c in (16, 18, 19):
        game.owner[c], game.buildings[c] = 0, 2
    for level in LEVELS:
        use = choice(game, level)
        assert isinstance(use, UseCard) and use.card == "luck_contract", level
    poor = new_game()
    hold(poor, 0, "luck_contract")
    for c in (16, 18, 19):
        poor.owner[c], poor.buildings[c] = 0, 2
    poor.cash[0] = 110
    assert all(not isinstance(choice(poor, level), UseCard) for level in LEVELS)


def test_bots_kazka_games_keep_every_invariant() -> None:
    """Thinking players use the cards through the match loop, which applies their actions
    unchecked: every one of them must be legal, and the game stay whole."""
    used = set()
    for seed in range(6):
        levels = [("hard", "medium", "easy", "medium")[i] for i in range(2 + seed % 3)]
        ledger = MoneyLedger(Game.new(RULES, len(levels), first=0))

        def observe(game: Game, action: Action, events: list[Event], ledger: MoneyLedger = ledger) -> None:
            ledger.follow(events)
            check_invariants(game, ledger)
            if isinstance(action, UseCard):
                used.add(action.card)

        play_match(RULES, levels, seed, 400, observer=observe)
    assert len(used) >= 8, used

"""RULES.md, "Fortune deck": all 13 cards, the deck drawn without replacement and
reshuffled from the cards not held, the release card kept and returned, moves that resolve
the new cell, repairs, birthday and chairman with players who cannot pay."""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from helpers.engine import (
    BANK,
    RULES,
    act,
    decisions,
    give,
    new_game,
    of_type,
    payments,
)

from zemlevlasnyk.engine import Buy, EndTurn, Game, Mortgage, PayDebt, Phase, Roll, Scripted, UseReleaseCard

RELEASE = RULES.card_index["release"]


class Spy(Scripted):
    """Scripted chance that records the deck it was offered at each draw."""

    def __init__(self, dice: Sequence[tuple[int, int]] = (), cards: Sequence[str] = ()) -> None:
        super().__init__(dice=dice, cards=cards)
        self.offered: list[list[str]] = []

    def pick(self, options: Sequence[str]) -> int:
        self.offered.append(list(options))
        return super().pick(options)


def draw(game: Game, card: str, frm: int = 4, dice: tuple[int, int] = (1, 2), seat: int = 0,
         more: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Seat `seat` rolls from `frm` onto a Фортуна cell and draws `card` (then `more`)."""
    game.pos[seat] = frm
    return act(game, Roll(seat), dice=[dice], cards=[card, *more])


# -- moving cards ------------------------------------------------------------------------

def test_card_advance_to_start() -> None:
    game = new_game()
    events = draw(game, "advance_to_start", frm=33, dice=(1, 2))   # Фортуна at 36
    assert game.pos[0] == 0
    assert payments(events) == [(None, 0, 20_000, "start_salary")]
    assert game.phase is Phase.POST_ROLL


def test_card_nearest_station_ahead_offers_it() -> None:
    game = new_game()
    events = draw(game, "nearest_station")                       # from Фортуна at 7
    assert game.pos[0] == 15 and payments(events) == []
    assert game.phase is Phase.BUY and game.pending_buy == 15
    act(game, Buy(0))
    assert game.owner[15] == 0


def test_card_nearest_station_collects_when_passing_start() -> None:
    game = new_game()
    give(game, 1, 5, 15)
    events = draw(game, "nearest_station", frm=33, dice=(1, 2))   # Фортуна at 36 → 5
    assert game.pos[0] == 5
    assert payments(events) == [(None, 0, 20_000, "start_salary"), (0, 1, 5_000, "rent")]


def test_card_back_three_resolves_the_new_cell() -> None:
    game = new_game()
    give(game, 1, 19)
    events = draw(game, "back_three", frm=19, dice=(1, 2))        # Фортуна at 22 → 19
    assert game.pos[0] == 19
    assert payments(events) == [(0, 1, 1_400, "rent")]


def test_card_back_three_onto_tax() -> None:
    game = new_game()
    events = draw(game, "back_three")                             # 7 → Земельний податок
    assert game.pos[0] == 4
    assert payments(events) == [(0, None, 20_000, "tax")]


def test_card_back_three_onto_fortune_again() -> None:
    game = new_game()
    events = draw(game, "back_three", frm=33, dice=(1, 2), more=["inheritance"])  # 36 → 33
    assert game.pos[0] == 33
    assert [e["card"] for e in of_type(events, "card_drawn")] == ["back_three", "inheritance"]
    assert payments(events) == [(None, 0, 10_000, "card:inheritance")]


def test_card_back_three_onto_go_to_jail() -> None:
    game = new_game()
    events = draw(game, "back_three", frm=28, dice=(2, 3))        # 33 → До в'язниці
    assert game.jailed[0] and game.pos[0] == 10 and game.active == 1
    assert payments(events) == []


def test_card_go_to_jail_no_salary_turn_ends() -> None:
    game = new_game()
    events = draw(game, "go_to_jail", frm=33, dice=(1, 2))
    assert game.jailed[0] and game.pos[0] == 10
    assert payments(events) == []
    assert of_type(events, "sent_to_jail")[0]["reason"] == "card"
    assert game.active == 1


def test_card_go_to_jail_after_a_double_no_extra_roll() -> None:
    game = new_game()
    events = draw(game, "go_to_jail", frm=5, dice=(1, 1))
    assert game.jailed[0] and game.active == 1 and not game.reroll
    assert payments(events) == []


# -- money cards -------------------------------------------------------------------------

@pytest.mark.parametrize("card, amount", [
    ("dividends", 5_000), ("tax_refund", 2_000), ("inheritance", 10_000)])
def test_card_receive(card: str, amount: int) -> None:
    game = new_game()
    events = draw(game, card)
    assert payments(events) == [(None, 0, amount, f"card:{card}")]
    assert game.cash[0] == 150_000 + amount and game.pos[0] == 7


@pytest.mark.parametrize("card, amount", [("fine", 1_500), ("school_fees", 5_000)])
def test_card_pay(card: str, amount: int) -> None:
    game = new_game()
    events = draw(game, card)
    assert payments(events) == [(0, None, amount, f"card:{card}")]


def test_card_birthday_every_other_player_pays() -> None:
    game = new_game(4, first=1)
    events = draw(game, "birthday", seat=1)
    assert payments(events) == [(2, 1, 1_000, "card:birthday"), (3, 1, 1_000, "card:birthday"),
                                (0, 1, 1_000, "card:birthday")]
    assert game.cash == [149_000, 153_000, 149_000, 149_000]


def test_card_birthday_with_a_player_who_must_raise_it() -> None:
    game = new_game(3)
    game.cash[1] = 400
    give(game, 1, 39)
    events = draw(game, "birthday")
    assert payments(events) == []
    assert game.phase is Phase.DEBT and decisions(game) == [(1, "debt")]
    act(game, Mortgage(1, 39))
    events = act(game, PayDebt(1))
    assert payments(events) == [(1, 0, 1_000, "card:birthday"), (2, 0, 1_000, "card:birthday")]
    assert game.phase is Phase.POST_ROLL and game.active == 0


def test_card_birthday_with_a_player_who_cannot_pay() -> None:
    game = new_game(3)
    game.cash[1] = 400
    events = draw(game, "birthday")
    assert payments(events) == [(1, 0, 400, "bankruptcy"), (2, 0, 1_000, "card:birthday")]
    assert not game.alive[1] and game.alive[2]
    assert game.cash == [151_400, 0, 149_000]
    assert game.phase is Phase.POST_ROLL and game.active == 0


def test_card_birthday_last_opponent_bankrupt_wins() -> None:
    game = new_game(2)
    game.cash[1] = 400
    draw(game, "birthday")
    assert game.outcome().winner == 0


def test_card_repairs_per_house_and_hotel() -> None:
    game = new_game()
    give(game, 0, 1, 3, 6, 8, 9)
    game.buildings[1] = game.buildings[3] = 5           # two hotels
    game.buildings[6] = game.buildings[8] = game.buildings[9] = 2   # six houses
    events = draw(game, "repairs")
    assert payments(events) == [(0, None, 6 * 2_500 + 2 * 10_000, "card:repairs")]


def test_card_repairs_with_nothing_built() -> None:
    game = new_game()
    events = draw(game, "repairs")
    assert payments(events) == [] and game.phase is Phase.POST_ROLL


def test_card_chairman_pays_every_other_player_in_seat_order() -> None:
    game = new_game(4, first=2)
    events = draw(game, "chairman", seat=2)
    assert payments(events) == [(2, 3, 2_500, "card:chairman"), (2, 0, 2_500, "card:chairman"),
                                (2, 1, 2_500, "card:chairman")]
    assert game.cash[2] == 150_000 - 7_500


def test_card_chairman_short_pays_in_seat_order_then_bankrupt() -> None:
    game = new_game(4)
    game.cash[0] = 6_000
    events = draw(game, "chairman")
    assert payments(events) == [(0, 1, 2_500, "card:chairman"), (0, 2, 2_500, "card:chairman"),
                                (0, 3, 1_000, "bankruptcy")]
    assert not game.alive[0] and game.active == 1 and game.phase is Phase.PRE_ROLL


# -- the release card and the deck ---------------------------------------------------------

def test_card_release_kept_until_used() -> None:
    game = new_game()
    events = draw(game, "release")
    assert game.cards_held[0] == [RELEASE] and RELEASE not in game.deck
    assert of_type(events, "card_kept") == [{"type": "card_kept", "seat": 0, "card": "release"}]
    act(game, EndTurn(0))
    game.owner[3] = 1
    act(game, Roll(1), dice=[(1, 2)])
    act(game, EndTurn(1))
    game.jailed[0] = True
    game.pos[0] = 10
    act(game, UseReleaseCard(0))
    assert game.cards_held[0] == [] and RELEASE in game.deck


def test_card_deck_drawn_without_replacement() -> None:
    game = new_game()
    spy = Spy(dice=[(1, 2)], cards=["dividends"])
    game.pos[0] = 4
    game.apply(Roll(0), spy)
    assert len(spy.offered[0]) == 13
    assert "dividends" not in [RULES.cards[c].id for c in game.deck] and len(game.deck) == 12
    act(game, EndTurn(0))
    spy = Spy(dice=[(1, 1)], cards=["fine"])
    game.pos[1] = 5
    game.apply(Roll(1), spy)
    assert sorted(spy.offered[0]) == sorted(c.id for c in RULES.cards if c.id != "dividends")


def test_card_deck_entropy_deals_every_card_once_per_pass() -> None:
    from zemlevlasnyk.engine import Entropy
    game = new_game()
    chance = Entropy(b"deck")
    seen = []
    for _ in range(13):
        before = set(game.deck)
        game.phase, game.active, game.pos[0], game.jailed[0] = Phase.PRE_ROLL, 0, 4, False
        game.debts, game.resume, game.pending_buy = [], None, None
        game.cash[0] = 150_000
        game.cards_held[0] = []
        events = game.apply(Roll(0), _FixedDice(chance, (1, 2)))
        drawn = of_type(events, "card_drawn")[0]["card"]
        seen.append(drawn)
        assert RULES.card_index[drawn] in before
    assert sorted(seen) == sorted(c.id for c in RULES.cards)


class _FixedDice:
    """Fixed dice, cards from an Entropy stream."""

    def __init__(self, entropy, dice: tuple[int, int]) -> None:
        self.entropy = entropy
        self.dice = list(dice)

    def roll(self, sides: int) -> int:
        return self.dice.pop(0)

    def pick(self, options: Sequence[str]) -> int:
        return self.entropy.pick(options)


def test_card_reshuffle_all_cards_not_held_when_empty() -> None:
    game = new_game()
    game.deck = []
    game.cards_held[1] = [RELEASE]
    spy = Spy(dice=[(1, 2)], cards=["dividends"])
    game.pos[0] = 4
    events = game.apply(Roll(0), spy)
    assert of_type(events, "deck_reshuffled") == [{"type": "deck_reshuffled", "cards": 12}]
    assert "release" not in spy.offered[0] and len(spy.offered[0]) == 12
    assert len(game.deck) == 11 and RELEASE not in game.deck


def test_card_release_returns_to_the_bank_deck_on_bankruptcy_to_bank() -> None:
    game = new_game(3)
    game.deck.remove(RELEASE)
    game.cards_held[0] = [RELEASE]
    game.cash[0] = 1_000
    draw(game, "school_fees")
    assert not game.alive[0] and RELEASE in game.deck
    assert game.owner.count(0) == 0 and BANK in game.owner

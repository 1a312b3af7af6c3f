"""«Ярмарок»'s buildings are branches and a central office, and its deeds are sold, never
mortgaged (seed 004, L122, L127-137): the debt's hint, a bankruptcy's story and the deed
card say so, in both languages, where Класика's say houses and mortgages. Found by reading
a game against the bots and its bankruptcies."""
from __future__ import annotations

import pytest

from zemlevlasnyk.engine import Game, Phase, load_rules
from zemlevlasnyk.engine.bots import seat_bot
from zemlevlasnyk.engine.bots.match import derive_seed
from zemlevlasnyk.engine.chance import Entropy
from zemlevlasnyk.ui.scenes.table.decision import DecisionPanel
from zemlevlasnyk.ui.scenes.table.moments import bankruptcy_words
from zemlevlasnyk.ui.sessions.playback import BankruptcyReport
from zemlevlasnyk.ui.words.text import catalogue, ui_words

YARMAROK = load_rules("yarmarok")
NAMES = ["Олена", "Богдан", "Ірина", "Тарас"]


def _game_in_debt(rules_name: str) -> Game:
    """A seeded game of four medium bots, played until a seat must raise money."""
    rules = load_rules(rules_name)
    chance = Entropy(derive_seed(7, "chance"))
    bots = [seat_bot("medium", derive_seed(7, f"seat{i}")) for i in range(4)]
    game = Game.new(rules, 4, chance=chance)
    while game.phase is not Phase.DEBT:
        assert game.outcome() is None and game.turn < 1000
        seat = game.main_seat() if game.draw is None else game.pending()[0].seat
        game.apply(bots[seat].choose(game, seat), chance)
    return game


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_yarmarok_debt_hint_sells_branches_and_deeds_never_mortgages(lang: str) -> None:
    t = ui_words(lang)
    fair = _game_in_debt("yarmarok")
    assert DecisionPanel._hint(fair, fair.main_seat(), t) == t["debt_hint_sales"]
    klasyka = _game_in_debt("klasyka")
    assert DecisionPanel._hint(klasyka, klasyka.main_seat(), t) == t["debt_hint"]
    assert t["debt_hint_sales"] != t["debt_hint"]


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_yarmarok_bankruptcy_story_tells_branches_sold_and_kept_cards_by_name(lang: str) -> None:
    t, words = ui_words(lang), catalogue(lang)
    to_bank = BankruptcyReport(0, None, 500, "rent", 300, cash=40, returned=(1, 3), sold=250)
    _, lines, _ = bankruptcy_words(to_bank, YARMAROK, NAMES, [None] * 4, t, words, lang, me=1)
    b = t["bankruptcy"]
    assert b["sold_sales"].split("{")[0] in " ".join(lines)
    assert b["returned_sales"].split("{")[0] in " ".join(lines)
    assert b["sold"].split("{")[0] not in " ".join(lines)
    certificate = next(c.id for c in YARMAROK.cards if c.kept and c.effect == "certificate")
    to_player = BankruptcyReport(0, 2, 500, "rent", 300, cash=40, cards=1, card_ids=(certificate,))
    _, lines, _ = bankruptcy_words(to_player, YARMAROK, NAMES, [None] * 4, t, words, lang, me=1)
    told = " ".join(lines)
    assert b["card"] not in told                       # not "the get-out-of-jail card"
    assert ("Сертифікат" if lang == "uk" else "Certificate") in told

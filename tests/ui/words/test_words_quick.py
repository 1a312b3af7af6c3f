"""The quick game in words (docs/RULES.md, "Quick games"): the time left beside the turn,
the quick game named in the rules' summary, and a game's figures counted from a deal."""
from __future__ import annotations

import math

from zemlevlasnyk.engine import Entropy, Game, load_rules
from zemlevlasnyk.engine.options import QUICK_GAME
from zemlevlasnyk.ui.words.house_rules import RulesChoice, summary, summary_to_fit
from zemlevlasnyk.ui.words.stats import GameStats
from zemlevlasnyk.ui.words.text import ui_words
from zemlevlasnyk.ui.words.time_limit import turn_line, until_next_minute


def test_words_quick_time_left_is_told_beside_the_turn() -> None:
    game = Game.new(load_rules("zemlevlasnyk", QUICK_GAME), 2, chance=Entropy(b"t"))
    for lang, fresh, later, last in (("uk", "Хід 1 · ще 45 хв", "Хід 1 · ще 1 хв", "Хід 1 · останнє коло"),
                                     ("en", "Turn 1 · 45 min left", "Turn 1 · 1 min left", "Turn 1 · last round")):
        t = ui_words(lang)
        assert turn_line(t, game, 0) == fresh and turn_line(t, game, 45 * 60_000 - 1) == later
        assert turn_line(t, game, 45 * 60_000) == last
    assert until_next_minute(game, 30_000) == 30.0 and until_next_minute(game, 0) == 60.0
    game.time_passed(45 * 60_000)
    assert turn_line(ui_words("en"), game, 0) == "Turn 1 · last round"   # the engine's end counts
    plain = Game.new(load_rules("zemlevlasnyk"), 2, first=0)
    assert turn_line(ui_words("en"), plain, 10 ** 9) == "Turn 1" and math.isinf(until_next_minute(plain, 0))


def test_words_quick_game_is_one_change_in_the_rules_summary() -> None:
    choice = RulesChoice()
    choice.toggle_quick()
    assert choice.quick and choice.options == QUICK_GAME
    assert summary("uk", choice.preset, choice.options) == \
        "Землевласник · Швидка гра: кубик швидкості, по 2 ділянки, 45 хв"
    choice.set(next(s for s in choice.specs() if s.name == "pot"), True)
    assert summary("en", choice.preset, choice.options) == \
        "Landlord · Quick game: speed die, 2 deeds each, 45 min · Town Square pot: yes"
    short = summary_to_fit("en", choice.preset, choice.options, lambda line: len(line) <= 40)
    assert short == "Landlord · Quick game · 1 more change"   # what it holds, and the rest, when room is short
    choice.set(next(s for s in choice.specs() if s.name == "time_limit"), 60)   # no longer the quick game
    assert not choice.quick and "Quick game" not in summary("en", choice.preset, choice.options)
    choice.toggle_quick()                                   # chosen again: its own 45 minutes
    assert choice.options == {**QUICK_GAME, "pot": True}
    choice.toggle_quick()                                   # and off: the other changes stay
    assert choice.options == {"pot": True}


def test_words_quick_figures_count_the_deeds_dealt() -> None:
    rules = load_rules("klasyka", QUICK_GAME)
    game = Game.new(rules, 3, chance=Entropy(b"figures"))
    stats = GameStats.start(rules, 3, game.dealt)
    assert stats.agrees_with(game)
    assert stats.worth[0][1] == [stats.net_worth(seat) for seat in range(3)]
    assert all(worth > rules.start_cash for worth in stats.worth[0][1])   # the deeds are worth something
    assert not GameStats.start(rules, 3).agrees_with(game)

"""The window plays Класика with house rules: a whole game by clicking the buttons it shows
(every one legal), the income tax's two ways to pay on two buttons, and names in English
from the catalogue."""
from __future__ import annotations

import trio
from helpers.ui import click_through_game, init_pygame, open_app  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import PayTax, PayTaxPercent, Phase, Roll, Scripted, load_rules
from zemlevlasnyk.ui.scenes.results import ResultsScene
from zemlevlasnyk.ui.scenes.table.choices import main_buttons, prompt
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.words.ruleset import cell_name, deck_name
from zemlevlasnyk.ui.words.text import ui_words

RULES = load_rules("klasyka", {"pot": True, "turn_cap": 120})


async def test_ui_klasyka_whole_game_by_clicking(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface, "en")
        table = new_table(name="Test", opponents=2, level="random", seed=5, rules=RULES)
        assert table.game.rules is RULES
        nursery.start_soon(table.run)
        scene = TableScene(app, table)
        app.push(scene)
        clicks, checked = await click_through_game(drive, app, scene)
        assert isinstance(app.top, ResultsScene), f"no result after {drive.frame_count} frames"
        assert table.outcome is not None and clicks > 10 and checked > clicks
        nursery.cancel_scope.cancel()


def test_ui_klasyka_tax_choice_buttons_and_prompt() -> None:
    table = new_table(name="Test", opponents=1, level="idle", seed=3, rules=RULES)
    game = table.game
    me = table.me
    game.active, game.pos[me] = me, 0
    game.apply(Roll(me), Scripted(dice=[(1, 3)]))                # onto the income tax
    assert game.phase is Phase.TAX
    moves = main_buttons(game, me, ui_words("en"), "en")
    assert [type(b.intent) for b in moves] == [PayTax, PayTaxPercent]
    assert [b.label for b in moves] == ["Pay 200", "Pay 10%: 150"]
    line = prompt(game, me, ["Test", "Bot"], ui_words("en"), "en")
    assert line == "Income Tax: pay 200 or 10% of all you own (150)"


def test_ui_klasyka_names_in_english_come_from_the_catalogue() -> None:
    assert cell_name(RULES, 39, "en") == "Khreshchatyk" and cell_name(RULES, 39, "uk") == "Хрещатик"
    assert deck_name(RULES, "chance", "en") == "Chance" and deck_name(RULES, "chest", "uk") == "Скарбниця"
    assert all(cell_name(RULES, c, "en") != RULES.cell_name(c, "uk") for c in range(RULES.size))

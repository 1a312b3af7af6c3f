"""The window plays Класика with house rules: a whole game by clicking the buttons it shows
(every one legal), the income tax's two ways to pay on two buttons, and names in English
from the catalogue."""
from __future__ import annotations

import trio
from test_ui_play import _app, _click_through_game
from ui_helpers import init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import PayTax, PayTaxPercent, Phase, Roll, Scripted, load_rules
from zemlevlasnyk.ui.decisions import main_buttons, prompt
from zemlevlasnyk.ui.ruleset_text import cell_name, deck_name
from zemlevlasnyk.ui.scenes.results import ResultsScene
from zemlevlasnyk.ui.scenes.table import TableScene
from zemlevlasnyk.ui.text import ui_words
from zemlevlasnyk.ui.vs_computer import new_table

RULES = load_rules("klasyka", {"pot": True, "turn_cap": 120})


async def test_ui_klasyka_whole_game_by_clicking(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = _app(nursery, surface, "en")
        table = new_table(name="Test", opponents=2, level="random", seed=5, rules=RULES)
        assert table.game.rules is RULES
        nursery.start_soon(table.run)
        scene = TableScene(app, table)
        app.push(scene)
        clicks, checked = await _click_through_game(drive, app, scene)
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
    moves = main_buttons(game, me, ui_words("en"))
    assert [type(b.intent) for b in moves] == [PayTax, PayTaxPercent]
    assert [b.label for b in moves] == ["Pay 200", "Pay 10%: 150"]
    line = prompt(game, me, ["Test", "Bot"], ui_words("en"), "en")
    assert line == "Income Tax: pay 200 or 10% of all you own (150)"


def test_ui_klasyka_names_in_english_come_from_the_catalogue() -> None:
    assert cell_name(RULES, 39, "en") == "Khreshchatyk" and cell_name(RULES, 39, "uk") == "Хрещатик"
    assert deck_name(RULES, "chance", "en") == "Chance" and deck_name(RULES, "chest", "uk") == "Скарбниця"
    assert all(cell_name(RULES, c, "en") != RULES.cell_name(c, "uk") for c in range(RULES.size))

"""Results worth looking at, from seeded games: every player's net worth over the turns, a
heat map of landings on the board, the game's facts; and the figures themselves, counted
from the events, agree with the engine at every move of whole games."""
from __future__ import annotations

import pytest
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import holdings, load_preset
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.text_audit import auditing
from zemlevlasnyk.ui.scenes.results import ResultsScene, facts
from zemlevlasnyk.ui.scenes.table.board import HEAT
from zemlevlasnyk.ui.scenes.table.scene import WATCH, TableScene
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.render import play_on, spendthrift, warm_table
from zemlevlasnyk.ui.words.stats import GameStats
from zemlevlasnyk.ui.words.text import ui_words

# play_on is given this many goes at a whole game (each ends at a bankruptcy to close).
GAME_STAGES = 5


@pytest.mark.parametrize("seed", [3, 8])
def test_ui_stats_agree_with_the_engine_at_every_move(seed: int) -> None:
    rules = load_preset()
    stats = GameStats.start(rules, 4)
    disagreements = []

    def observe(game, action, events) -> None:
        stats.feed(events)
        if not stats.agrees_with(game):
            disagreements.append(action)
        for seat in range(game.players):
            if game.alive[seat]:
                assert stats.net_worth(seat) == holdings.net_worth(game, seat)

    result = play_match(rules, ["medium", "hard", "easy", "random"], seed, 400, observer=observe)
    assert not disagreements
    assert stats.landings == result.landings
    assert stats.turn == result.game.turn
    assert [turn for turn, _ in stats.worth] == list(range(1, stats.turn + 1))


async def test_ui_results_chart_heat_map_and_facts_from_a_seeded_game(autojump_clock) -> None:
    surface = init_pygame()
    t = ui_words("uk")
    table = warm_table(seed=5, lang="uk", opponents=1, until=lambda t: t.game.turn >= 12)
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    # The person spends all they have, so the game ends soon; their bankruptcy is closed
    # (watch on) and the game played to the end.
    for _ in range(GAME_STAGES):
        play_on(scene, table, lambda s: isinstance(app.top, ResultsScene) or s.my_bankruptcy is not None,
                person=spendthrift)
        if scene.my_bankruptcy is not None:
            scene._intent(WATCH)
        for _ in range(40):
            if isinstance(app.top, ResultsScene):
                break
            scene.update(0.1)
        if isinstance(app.top, ResultsScene):
            break
    results = app.top
    assert isinstance(results, ResultsScene)
    stats = results.stats
    game = table.game
    assert game.outcome() is not None and stats.agrees_with(game)
    assert sum(stats.landings) > 0 and len(stats.worth) >= stats.turn
    drive = Driver(app, surface)
    with auditing() as audit:
        await drive.frames()
    texts = [d.text for d in audit.texts]
    # The facts: turns, the biggest rent, trades, bankruptcies in order.
    for fact in facts(stats, results.names, t, "uk"):
        assert any(len(text) > 5 and fact.startswith(text) for text in texts), fact
    assert t["fact_turns"].format(n=stats.turn) in texts
    # The chart: every player's colour drawn inside the board's centre.
    centre = results.geo.centre
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(centre.left, centre.right, 2)
               for y in range(centre.top, centre.bottom, 2)}
    for player in table.players:
        assert tuple(theme.player_colour(player.colour))[:3] in colours, player.colour
    # The heat map: the most landed cell is the most heated.
    cell, count = stats.most_landed() or (0, 0)
    assert count > 0
    rect = results.geo.places[cell].rect
    tint = surface.get_at((rect.left + 3, rect.centery))
    plain = theme.CELL.lerp(HEAT, 0.85)
    assert tuple(tint)[:3] == tuple(plain)[:3]

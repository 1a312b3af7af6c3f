"""The pace you choose (issue 19): normal, fast or instant, kept in the settings and chosen in
the settings dialog; the table shows dice, tokens and cards at it and the computer players
move at it; a person out of the game lets the computer players finish at once (the bankruptcy
panel's «Нехай доіграють», or the move that stands in the decision panel after it)."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import trio
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.p2p import Published
from zemlevlasnyk.ui.scenes.results import ResultsScene
from zemlevlasnyk.ui.scenes.settings import SettingsScene
from zemlevlasnyk.ui.scenes.table.scene import FINISH, TableScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.sessions.playback import BOT_PACE, INSTANT_BOT_PACE, PACE_SPEED, Pace
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings, load_settings, save_settings
from zemlevlasnyk.ui.shots.render import _nearly_broke, play_on, spendthrift, warm_table
from zemlevlasnyk.ui.words.text import ui_words


def test_ui_pace_is_kept_in_the_settings(tmp_path: Path) -> None:
    save_settings(Settings(lang="en", pace=Pace.FAST), tmp_path)
    assert load_settings(tmp_path).settings.pace is Pace.FAST
    assert json.loads((tmp_path / "settings.json").read_text())["pace"] == "fast"
    (tmp_path / "settings.json").write_text(json.dumps({"format": 1, "lang": "en", "pace": "ludicrous"}))
    loaded = load_settings(tmp_path)
    assert loaded.settings.pace is Pace.NORMAL and loaded.problem is not None and "ludicrous" in loaded.problem


async def test_ui_pace_chosen_in_the_settings_paces_the_table(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        table = new_table(name="Тест", opponents=3, level="idle", seed=2)
        moved: list[float] = []
        table.handle.observe(lambda out: moved.append(trio.current_time())
                             if isinstance(out, Published) and out.seat not in (None, table.me) else None)
        nursery.start_soon(table.run)
        scene = TableScene(app, table)
        app.push(scene)
        settings = SettingsScene(app)
        app.push(settings)
        await drive.frames()
        fast = next(b for b in settings.paces if b.intent == ("pace", Pace.FAST))
        assert fast.label == ui_words("uk")["settings"]["paces"]["fast"]
        drive.click_button(fast)
        await drive.frames()
        assert app.settings.pace is Pace.FAST and fast.selected
        drive.click_button(settings.done)
        await drive.frames()
        assert app.top is scene
        for _ in range(300):
            await drive.frames(draw=False)
            if scene.me in {d.seat for d in table.game.pending()} and not scene.busy and scene.seen == table.records:
                drive.click_button(next(b for b in scene.moves if b.enabled))
        assert scene.playback.speed == PACE_SPEED[Pace.FAST]
        assert table.handle.config.bot_pace == BOT_PACE / PACE_SPEED[Pace.FAST]
        gaps = [b - a for a, b in zip(moved, moved[1:], strict=False)]
        assert len(gaps) > 20 and min(gaps) >= BOT_PACE / PACE_SPEED[Pace.FAST] - 1e-9
        assert sorted(gaps)[len(gaps) // 2] < BOT_PACE, "quicker than the normal pace"
        nursery.cancel_scope.cancel()


# Seeds tried in turn for a game against easy computer players that bankrupts the person (a
# spendthrift) while they play on; the first that does is played. Which seed does changes with
# the easy players' trading (seed 4 did before issue 25's bots, seed 2 until the gentle easy,
# seed 8 since, in 148 turns; the others end first or run long: seed 2 to turn 2 832).
BROKE_SEEDS = (8, 1, 5, 3, 4, 7, 6)


def _bankrupt_against_easy_players(lang: str, app: App) -> tuple[LocalTable, TableScene]:
    for seed in BROKE_SEEDS:
        table = warm_table(seed=seed, lang=lang, until=_nearly_broke, person=spendthrift, level="easy")
        # Thinking on the trio run: the test counts virtual time, which `autojump_clock` moves
        # on while a thought takes real time in a thread (the rest of the game took 51 s of it
        # in 6 runs of this file out of 6, never when the test ran alone).
        table.handle.config = replace(table.handle.config, think_aside=False)
        scene = TableScene(app, table)
        app.push(scene)
        play_on(scene, table, lambda s: s.my_bankruptcy is not None, person=spendthrift)
        if scene.my_bankruptcy is not None and table.can_finish():
            return table, scene
        app.pop()
    raise AssertionError(f"no seed of {list(BROKE_SEEDS)} bankrupts the person against easy players")


async def test_ui_a_person_out_of_the_game_lets_the_computer_players_finish(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        table, scene = _bankrupt_against_easy_players("uk", app)
        nursery.start_soon(table.run)
        finish = next(b for b in scene.bankruptcy_buttons if b.intent is FINISH)
        assert finish.label == ui_words("uk")["bankruptcy"]["finish"]
        drive.click_button(finish)
        await drive.frames()
        assert scene.hurry and scene.playback.instant and scene.my_bankruptcy is None
        assert table.handle.config.bot_pace == INSTANT_BOT_PACE
        started = trio.current_time()
        for _ in range(600):
            await drive.frames(draw=False)
            if isinstance(app.top, ResultsScene):
                break
        assert isinstance(app.top, ResultsScene) and table.outcome is not None
        # The rest of the game took the results' delay and a few frames, not a move's pace each.
        assert trio.current_time() - started < 30
        nursery.cancel_scope.cancel()


async def test_ui_watching_on_the_finish_move_stands_in_the_decision_panel(autojump_clock) -> None:
    surface = init_pygame()
    app = App(surface.get_size(), lang="en", spawn=lambda fn: None)
    drive = Driver(app, surface)
    _, scene = _bankrupt_against_easy_players("en", app)
    drive.click_button(scene.bankruptcy_buttons[0])      # watch on
    await drive.frames()
    assert [b.intent for b in scene.moves] == [FINISH] and scene.moves[0].label == ui_words("en")["finish"]
    drive.click_button(scene.moves[0])
    await drive.frames()
    assert scene.hurry and scene.moves == []

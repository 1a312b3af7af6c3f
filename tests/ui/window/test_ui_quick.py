"""The quick game in the window (docs/RULES.md, "Quick games"), by real clicks: the speed
die's bus offers each of its moves on a button, a triple goes to the cell clicked on the
board (or by the dice, on its button), and the prompt says which; «Швидка гра» / "Quick
game" in the setup and the host's lobby chooses the quick options (the words:
tests/ui/words/test_words_quick.py); against the computer the time limit counts the time
the window was open, a kept game's too when it is played on a day later."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest
import trio
from helpers.ui import Driver, check_buttons_legal, cut_short, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Event, MoveTo, Phase, TakeBus, load_rules
from zemlevlasnyk.engine.events import TimeUp
from zemlevlasnyk.engine.options import QUICK_GAME
from zemlevlasnyk.p2p.store.profiles import load_or_create
from zemlevlasnyk.p2p.store.savegame import games_folder
from zemlevlasnyk.ui.kit.text_audit import auditing
from zemlevlasnyk.ui.kit.widgets import record_text
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.setup import SetupScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions import local
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.shots.quick import QUICK_SCENES
from zemlevlasnyk.ui.shots.quick import SHOWN_MINUTES as QUICK_SHOWN_MINUTES
from zemlevlasnyk.ui.shots.render import build_scene, warm_table
from zemlevlasnyk.ui.words.ruleset import cell_name
from zemlevlasnyk.ui.words.text import ui_words

SPEED = load_rules("zemlevlasnyk", {"speed_die": True})
# The least time limit: a quarter of an hour.
LIMITED = {"time_limit": 15}
# Seeds whose warm-up reaches the person's bus, and their triple, within a few dozen turns.
BUS_SEED = 3
TRIPLE_SEED = 1


def _mine(kind: str):
    def reached(table: LocalTable) -> bool:
        return [d.kind for d in table.game.pending() if d.seat == table.me][:1] == [kind]
    return reached


async def _scene(nursery: trio.Nursery, table: LocalTable, lang: str) -> tuple[TableScene, Driver]:
    surface = init_pygame()
    app = App(surface.get_size(), lang=lang, spawn=nursery.start_soon)
    drive = Driver(app, surface)
    nursery.start_soon(table.run)
    scene = TableScene(app, table)
    app.push(scene)
    await drive.frames(3)
    return scene, drive


async def test_ui_quick_the_bus_offers_each_move_on_a_button(autojump_clock) -> None:
    table = warm_table(seed=BUS_SEED, lang="en", rules=SPEED, until=_mine("bus"))
    game, me = table.game, table.me
    here, (d1, d2) = game.pos[me], game.dice or (0, 0)
    async with trio.open_nursery() as nursery:
        scene, drive = await _scene(nursery, table, "en")
        assert scene.decision.question == "The bus! Move by either die or by both"
        buses = [b for b in scene.moves if isinstance(b.intent, TakeBus)]
        steps = sorted({d1, d2, d1 + d2})
        assert [b.intent.steps for b in buses] == steps
        assert [b.label for b in buses] == [f"Bus: {n} → {cell_name(SPEED, (here + n) % 40, 'en')}" for n in steps]
        check_buttons_legal(game, me, scene.moves)
        drive.click_button(buses[0])
        await drive.frames(3)
        assert game.phase is not Phase.BUS and game.pos[me] == (here + steps[0]) % 40
        nursery.cancel_scope.cancel()


async def test_ui_quick_a_triple_goes_to_the_cell_clicked_on_the_board(autojump_clock) -> None:
    table = warm_table(seed=TRIPLE_SEED, lang="uk", rules=SPEED, until=_mine("triple"))
    game, me = table.game, table.me
    here = game.pos[me]
    target = (here + 20) % 40
    async with trio.open_nursery() as nursery:
        scene, drive = await _scene(nursery, table, "uk")
        assert scene.decision.question == "Трійка! Клацніть будь-яку клітинку поля, щоб піти туди"
        # One button, the clock's choice: by the white dice.
        [by_dice] = [b for b in scene.moves if isinstance(b.intent, MoveTo)]
        assert by_dice.intent == game.safe_action(me)
        assert by_dice.label == f"За кубиками: {cell_name(SPEED, by_dice.intent.cell, 'uk')}"
        check_buttons_legal(game, me, scene.moves)
        drive.click(scene.geo.places[target].rect.center)
        await drive.frames(3)
        assert game.phase is not Phase.TRIPLE and game.pos[me] in (target, game.rules.jail_cell)
        nursery.cancel_scope.cancel()


async def test_ui_quick_game_button_in_the_setup_plays_the_quick_options(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="en", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        app.push(MenuScene(app))
        app.go(nav.Setup())
        setup = app.top
        assert isinstance(setup, SetupScene)
        await drive.frames()
        assert setup.quick.label == "Quick game" and not setup.quick.selected
        drive.click_button(setup.quick)
        await drive.frames()
        assert setup.quick.selected and setup.rules.options == QUICK_GAME
        with record_text() as drawn:
            app.draw(surface)
        assert "Landlord · Quick game" in [d.text for d in drawn]
        drive.click_button(setup.quick)              # again: back to the preset's own
        await drive.frames()
        assert not setup.quick.selected and setup.rules.options == {}
        drive.click_button(setup.quick)
        drive.click_button(setup.start)
        await drive.frames(2)
        scene = app.top
        assert isinstance(scene, TableScene)
        rules = scene.table.game.rules
        assert rules.options == QUICK_GAME and rules.speed_die and rules.time_limit_ms == 45 * 60_000
        game = scene.table.game
        assert [game.owner.count(seat) for seat in range(game.players)] == [2, 2, 2, 2]
        # The feed tells the deal before the first turn: who was dealt which deeds.
        told = scene.feed_texts()
        dealt = [i for i, line in enumerate(told) if " is dealt " in line]
        assert len(dealt) == game.players and max(dealt) < next(i for i, line in enumerate(told) if "Turn 1" in line)
        for seat, i in enumerate(dealt):
            assert told[i].startswith(scene.names[seat])
            assert all(cell_name(rules, c, "en") in told[i] for c in game.dealt[seat])
        nursery.cancel_scope.cancel()


async def test_ui_quick_game_button_in_the_lobby_sets_the_tables_rules(tmp_path: Path, monkeypatch) -> None:
    from zemlevlasnyk.ui.shots.friends import lobby_scene
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    surface = init_pygame()
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    drive = Driver(app, surface)
    lobby = lobby_scene(app, 3)
    session = lobby.session
    app.draw(surface)
    assert lobby.quick.label == "Швидка гра" and lobby.quick.enabled
    drive.click_button(lobby.quick)
    await drive.frames()
    preset = session.rules[0]
    assert session.rules == (preset, {**QUICK_GAME, **{k: v for k, v in session.rules[1].items()
                                                      if k not in QUICK_GAME}})
    assert all(session.core.lobby.settings.options[k] == v for k, v in QUICK_GAME.items()), "joiners are told"
    assert lobby.quick.selected



async def _person_moves_after(table: LocalTable, seconds: float) -> list[Event]:
    """Wait for the person's decision, think `seconds`, take the clock's choice; the events."""
    while not [d for d in table.game.pending() if d.seat == table.me] and table.outcome is None:
        await trio.sleep(0.05)
    await trio.sleep(seconds)
    table.take_events()
    assert table.act(table.game.safe_action(table.me))
    return table.take_events()


async def test_ui_quick_time_limit_counts_the_time_the_window_was_open_across_a_resume(loopback: Path,
                                                                                       autojump_clock,
                                                                                       monkeypatch) -> None:
    # The computer players think on the run here: a thought in a worker thread leaves trio
    # idle, and the autojump clock then runs on for as long as the thread takes in real time
    # (a loaded CI machine saw 14 minutes for the person's ten), so the game's clock would
    # count the machine's speed, not the minutes this test plays.
    monkeypatch.setattr(local, "THINK_ASIDE", False)
    profile = load_or_create("default")
    table = LocalTable.new(profile, opponents=1, level="easy", seed=5, rules=load_rules("zemlevlasnyk", LIMITED),
                           keep=games_folder())
    path = table.path
    assert path is not None
    async with trio.open_nursery() as nursery:
        nursery.start_soon(table.run)
        await _person_moves_after(table, 10 * 60)          # ten minutes to think
        assert 10 * 60_000 <= table.signed_ms < 11 * 60_000
        table.close()
    await trio.sleep(24 * 60 * 60)                         # a day with the window closed
    again = LocalTable.resumed(path, profile)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(again.run)
        events = await _person_moves_after(again, 3 * 60)   # thirteen minutes open in all
        assert not [e for e in events if isinstance(e, TimeUp)] and again.signed_ms < 15 * 60_000
        events = await _person_moves_after(again, 3 * 60)   # sixteen: the limit passed
        assert [e for e in events if isinstance(e, TimeUp)] and again.game.time_up
        assert 15 * 60_000 <= again.signed_ms < 17 * 60_000
        while again.outcome is None:
            await _person_moves_after(again, 1)
        assert again.outcome is not None
        again.close()


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", QUICK_SCENES)
def test_ui_quick_screenshots_fit(name: str, size: tuple[int, int], lang: str, tmp_path: Path, monkeypatch) -> None:
    """The quick game's screenshots (the setup with «Швидка гра», the time left, the speed die
    and its two choices), at the smallest window, the screenshots' two sizes: every text in
    its box, none on another or cut short."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None)
    build_scene(app, name, 1)
    with auditing() as audit:
        for scene in app.scenes:
            if isinstance(scene, TableScene):
                scene.board_key = None       # the board is painted once and kept: paint it inside the audit
                scene.layout(size)
        app.draw(pygame.Surface(size))
    texts = [t.text for t in audit.texts]
    assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == []
    assert [(a.text, b.text) for a, b in audit.overlapping()] == []
    assert cut_short(audit.texts, lang) == []
    words = ui_words(lang)
    if name == "quick_setup":
        assert words["rules"]["quick"] in texts
    else:
        minutes = QUICK_SHOWN_MINUTES if name == "quick_table" else None
        assert any(words["turn_n"].format(n="") in t for t in texts)
        assert minutes is None or any(str(45 - minutes) in t for t in texts), texts

"""The window against the computer, driven by real pygame events: menu to table, a whole
game by clicking the buttons the window shows, every button legal, computer moves paced."""
from __future__ import annotations

import pygame
import trio
from helpers.ui import check_buttons_legal, click_through_game, init_pygame, open_app  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.p2p.core.host import Published
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.results import ResultsScene
from zemlevlasnyk.ui.scenes.setup import SetupScene
from zemlevlasnyk.ui.scenes.table.choices import RESIGN
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.local import BOT_PACE
from zemlevlasnyk.ui.sessions.vs_computer import new_table


async def test_ui_menu_setup_table(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface)
        app.push(MenuScene(app))
        await drive.frames()
        drive.click_button(app.top.buttons[0])
        await drive.frames()
        setup = app.top
        assert isinstance(setup, SetupScene)
        drive.click_button(setup.count_buttons[1])
        assert [b.intent for b in setup.level_buttons] == ["easy", "medium", "hard"]
        drive.click_button(next(b for b in setup.level_buttons if b.intent == "easy"))
        drive.click(setup.name.rect.center)
        for _ in setup.name.text:
            drive.key(pygame.K_BACKSPACE)
        drive.type_text("Марія")
        await drive.frames()
        assert setup.opponents == 2 and setup.level == "easy" and setup.name.text == "Марія"
        drive.click_button(setup.start)
        await drive.frames(2)
        table = app.top
        assert isinstance(table, TableScene)
        assert table.names[table.me] == "Марія"
        assert len(table.names) == 3
        assert [p.bot for p in table.table.players].count("easy") == 2
        nursery.cancel_scope.cancel()


async def test_ui_back_and_quit(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface)
        app.push(MenuScene(app))
        await drive.frames()
        drive.click_button(app.top.buttons[0])
        await drive.frames()
        drive.key(pygame.K_ESCAPE)
        await drive.frames()
        assert isinstance(app.top, MenuScene)
        drive.click_button(app.top.buttons[-1])
        await drive.frames()
        assert not app.running
        nursery.cancel_scope.cancel()


async def test_ui_whole_game_by_clicking(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive, table, scene = _open_table(nursery, surface, 1, "random", 11)
        clicks, checked = await click_through_game(drive, app, scene)
        assert isinstance(app.top, ResultsScene), f"no result after {drive.frame_count} frames"
        assert table.outcome is not None
        assert clicks > 20 and checked > clicks
        await drive.frames()
        drive.click_button(app.top.menu)
        await drive.frames()
        assert isinstance(app.top, MenuScene)
        nursery.cancel_scope.cancel()


async def test_ui_computer_moves_are_paced(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface)
        table = new_table(name="Тест", opponents=3, level="idle", seed=2)
        moves: list[tuple[str, float]] = []
        act = table.act

        def computer_moved(out) -> None:
            if isinstance(out, Published) and out.seat is not None and out.seat != table.me:
                moves.append(("computer", trio.current_time()))

        def timed_act(action) -> bool:
            moves.append(("person", trio.current_time()))
            return act(action)

        table.handle.observe(computer_moved)
        table.act = timed_act
        nursery.start_soon(table.run)
        scene = TableScene(app, table)
        app.push(scene)
        for _ in range(400):
            await drive.frames(draw=False)
            mine = scene.me in {d.seat for d in table.game.pending()}
            if mine and not scene.busy and scene.seen == table.records:
                drive.click_button(next(b for b in scene.moves if b.enabled))
        computer = [n for n, (who, _) in enumerate(moves) if who == "computer" and n > 0]
        assert len(computer) > 10
        for n in computer:
            assert moves[n][1] - moves[n - 1][1] >= BOT_PACE - 1e-9, moves[n - 1:n + 1]
        nursery.cancel_scope.cancel()


def _open_table(nursery: trio.Nursery, surface: pygame.Surface, opponents: int, level: str,
                seed: int) -> tuple:
    """The window showing a new table against the computer, its computer players running."""
    app, drive = open_app(nursery, surface)
    table = new_table(name="Тест", opponents=opponents, level=level, seed=seed)
    nursery.start_soon(table.run)
    scene = TableScene(app, table)
    app.push(scene)
    return app, drive, table, scene


async def _until_my_turn(table, scene, drive, frames: int = 600) -> None:
    """Play on until the person's turn starts and the window has shown every move; the
    person's other decisions on the way (an auction, a computer's offer) get the safe answer."""
    for _ in range(frames):
        await drive.frames(draw=False)
        if scene.seen != table.records or scene.busy:
            continue
        mine = [d for d in table.game.pending() if d.seat == table.me]
        if mine and mine[0].kind == "turn":
            return
        if mine:
            table.act(table.game.safe_action(table.me))
    raise AssertionError("the person's turn never came")


async def test_ui_enter_rolls_and_leaving_stops_the_table(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive, table, scene = _open_table(nursery, surface, 2, "random", 5)
        await _until_my_turn(table, scene, drive)
        before = table.records
        drive.key(pygame.K_RETURN, "\r")
        await drive.frames()
        assert table.records > before and table.game.roll_count >= 1
        drive.click_button(scene.menu_button)
        await drive.frames()
        drive.click_button(scene.decision.confirm[0])
        await drive.frames()
        assert isinstance(app.top, MenuScene)
        left_at = table.records
        await drive.frames(50, draw=False)
        assert table.records == left_at  # the computer players do not play on alone
        nursery.cancel_scope.cancel()


async def test_ui_resign_asks_first_then_ends_the_game(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive, table, scene = _open_table(nursery, surface, 1, "idle", 4)
        await _until_my_turn(table, scene, drive)
        drive.click_button(next(b for b in scene.extras if b.intent is RESIGN))
        await drive.frames()
        assert table.outcome is None  # only asked
        yes, no = scene.decision.confirm
        drive.click_button(no)
        await drive.frames()
        assert not scene.decision.confirm and table.outcome is None
        drive.click_button(next(b for b in scene.extras if b.intent is RESIGN))
        await drive.frames()
        drive.click_button(scene.decision.confirm[0])
        for _ in range(40):
            await drive.frames(draw=False)
        assert isinstance(app.top, ResultsScene)
        assert table.outcome.winner != table.me
        drive.click_button(app.top.again)
        await drive.frames()
        again = app.top
        assert isinstance(again, TableScene) and again.table is not table
        assert [p.bot for p in again.table.players] == [p.bot for p in table.players]
        assert again.names[again.me] == "Тест"
        nursery.cancel_scope.cancel()


async def test_ui_answering_a_computer_trade_offer(autojump_clock) -> None:
    from zemlevlasnyk.ui.sessions.vs_computer import default_level
    from zemlevlasnyk.ui.shots.render import _bot_offer, warm_table
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface)
        table = warm_table(seed=1, lang="uk", until=_bot_offer, level=default_level())
        assert _bot_offer(table)
        offer = table.game.trade
        assert offer is not None
        scene = TableScene(app, table)
        app.push(scene)
        nursery.start_soon(table.run)
        await drive.frames()
        assert scene.modal() == "trade_answer"
        accept, decline = scene.moves[:2]
        check_buttons_legal(table.game, table.me, [accept, decline])
        assert scene.dialog.contains(accept.rect) and scene.dialog.contains(decline.rect)
        drive.click_button(accept)
        await drive.frames()
        game = table.game
        assert all(game.owner[c] == table.me for c in offer.give)
        assert all(game.owner[c] == offer.from_seat for c in offer.take)
        nursery.cancel_scope.cancel()

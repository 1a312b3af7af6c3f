"""The person's moves wait for the table, by real clicks: a click that lands while news from
the table is not shown yet (its buttons are of the decision before) sends nothing, and a
second click before the table answered the first never sends the same decision's move
twice. Either used to send a move the table refused («The table refused that: no roll is
due now»), and a window rehosting a resumed game clicked «Buy» twice and then waited for
the clock (CI, test_ui_games_a_window_that_hosted_the_table_hosts_it_again)."""
from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
import trio
from helpers.friends import SEEN_SECONDS, headless_host, joined_table
from helpers.ui import FRAME, Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Action, Roll
from zemlevlasnyk.ui.kit.widgets import Button
from zemlevlasnyk.ui.scenes.table.scene import SENT_PATIENCE, TableScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.words.text import Say


def _refusals(scene: TableScene) -> list[object]:
    return [item for item, _ in scene.feed.entries if isinstance(item, Say) and item.path == "refused"]


def _roll_button(scene: TableScene) -> Button:
    return next(b for b in scene.moves if b.enabled and isinstance(b.intent, Roll))


@asynccontextmanager
async def _vs_computer() -> AsyncIterator[tuple[LocalTable, Driver, TableScene]]:
    """A window at a table against one computer player, its first frame drawn."""
    surface = init_pygame()
    table = new_table(name="Оксана", opponents=1, level="easy", seed=1)
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        scene = TableScene(app, table)
        app.push(scene)
        await drive.frames()
        yield table, drive, scene
        nursery.cancel_scope.cancel()


async def test_ui_a_click_on_news_not_yet_shown_sends_nothing(autojump_clock) -> None:
    async with _vs_computer() as (table, drive, scene):
        roll = _roll_button(scene)
        # The table moves on without this window's click (at a friends table: the clock,
        # or news arriving between two frames), and the click lands before the next frame.
        assert table.act(Roll(scene.me))
        assert Roll(scene.me) not in table.game.legal(scene.me).actions
        records = table.records
        assert scene.waiting
        drive.click(roll.rect.center)
        await drive.frames(3)
        assert table.refusal is None and _refusals(scene) == []
        assert table.records >= records


async def test_ui_a_second_click_before_the_table_answers_sends_nothing(loopback: Path) -> None:
    with (loopback / "host.err").open("w") as err:
        host, link = await headless_host(loopback, err)
        try:
            async with trio.open_nursery() as nursery:
                _, drive, scene = await joined_table(nursery, link)
                before = scene.table.records
                # The person's first move (a roll, or a pass when the host's first roll
                # put a deed up for auction): a button that sends an action at once.
                move = next(b for b in scene.moves if b.enabled and isinstance(b.intent, Action))
                drive.click(move.rect.center)
                drive.click(move.rect.center)     # a double click: both land in one frame
                await drive.frames()
                assert scene.waiting           # sent, not answered yet: the moves wait
                await drive.until(lambda: scene.table.records > before and not scene.busy, SEEN_SECONDS)
                await drive.frames(10)
                assert _refusals(scene) == [] and scene.net is not None and scene.net.session.error is None
                nursery.cancel_scope.cancel()
        finally:
            host.kill()
            await host.wait()


async def test_ui_a_move_the_table_never_answers_may_be_sent_again(autojump_clock) -> None:
    """A move whose answer was lost does not lock the person out: after SENT_PATIENCE
    seconds the moves may be pressed again."""
    async with _vs_computer() as (table, drive, scene):
        scene.sent, scene.sent_for = table.records, 0.0     # as if the table kept silent
        assert scene.waiting and scene.next_frame() == pytest.approx(SENT_PATIENCE)
        await drive.frames(int(SENT_PATIENCE / FRAME) + 2)
        assert not scene.waiting
        records = table.records
        drive.click(_roll_button(scene).rect.center)
        await drive.frames()
        assert table.records > records

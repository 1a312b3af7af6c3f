"""Cards that stayed open (issue 19, friction 6), driven by real pygame events: a deed card
opened by a purchase question stayed open for many turns. It now closes once the offer and
its auction are over, unless the person opened another meanwhile (theirs to close). (The
Фортуна card that stayed up into the next players' turns: tests/ui/sessions/test_playback.py.)"""
from __future__ import annotations

import trio
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Buy, SendToAuction
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.render import warm_table


def _asked_to_buy(table) -> bool:
    g = table.game
    return g.pending_buy is not None and g.auction is None and g.main_seat() == table.me


async def _until(scene: TableScene, drive: Driver, done, *, play: bool = False, frames: int = 3000) -> None:
    """Frames until `done()` with the window caught up; with `play`, the person's other
    decisions are answered safely meanwhile (a bid, the end of a turn)."""
    table = scene.table
    for _ in range(frames):
        await drive.frames(draw=False)
        if scene.busy or scene.seen != table.records:
            continue
        if done():
            return
        if play and any(d.seat == table.me for d in table.game.pending()) and table.records == scene.seen:
            table.act(table.game.safe_action(table.me))
    raise AssertionError("never came")


async def _offer_then(answer: type, *, open_another: bool, autojump_clock) -> TableScene:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        table = warm_table(seed=2, lang="uk", until=_asked_to_buy, opponents=2)
        scene = TableScene(app, table)
        app.push(scene)
        nursery.start_soon(table.run)
        await _until(scene, drive, lambda: _asked_to_buy(table))
        cell = table.game.pending_buy
        assert scene.selected == cell and scene.deed_card is not None, "the offer opens its deed"
        other = None
        if open_another:
            other = next(c for c in table.game.rules.properties if c != cell)
            drive.click(scene.geo.places[other].rect.center)
            await drive.frames()
            assert scene.selected == other
        assert any(isinstance(b.intent, answer) for b in scene.moves), [(b.label, b.intent) for b in scene.moves]
        drive.click_button(next(b for b in scene.moves if isinstance(b.intent, answer)))
        turns = table.game.turn
        # Two turns on (the computer players' and, maybe, the person's own next).
        await _until(scene, drive, lambda: table.game.turn >= turns + 2 and not _asked_to_buy(table), play=True)
        nursery.cancel_scope.cancel()
    assert scene.selected == other, (answer, open_another)
    return scene


async def test_ui_the_offers_deed_card_closes_once_bought(autojump_clock) -> None:
    scene = await _offer_then(Buy, open_another=False, autojump_clock=autojump_clock)
    assert scene.deed_card is None


async def test_ui_the_offers_deed_card_closes_after_its_auction(autojump_clock) -> None:
    await _offer_then(SendToAuction, open_another=False, autojump_clock=autojump_clock)


async def test_ui_a_deed_the_person_opened_stays_open(autojump_clock) -> None:
    scene = await _offer_then(Buy, open_another=True, autojump_clock=autojump_clock)
    assert scene.deed_card is not None

"""Auctions in the window, by real clicks: round amounts suggested, quick raises over the
highest bid, the highest bid and bidder and who is still in shown."""
from __future__ import annotations

import math

import pygame
import pytest
import trio
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Bid
from zemlevlasnyk.ui.scenes.table.choices import BID, QUICK_RAISES, bid_step, suggested_bid
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.render import _my_auction, warm_table
from zemlevlasnyk.ui.words.text import money


@pytest.mark.parametrize("lo,hi,expected", [(1, 150_000, 1000), (2001, 150_000, 3000), (7251, 150_000, 8000),
                                            (7000, 150_000, 7000), (7251, 7500, 7500)])
def test_ui_suggested_bids_are_round(lo: int, hi: int, expected: int) -> None:
    assert suggested_bid(lo, hi, 1000) == expected


def test_ui_bid_steps_follow_the_boards_prices() -> None:
    from zemlevlasnyk.engine import load_preset
    assert bid_step(load_preset("zemlevlasnyk")) == 1000
    assert bid_step(load_preset("klasyka")) == 10


@pytest.mark.parametrize("raise_index", [0, 1, 2])
async def test_ui_auction_quick_raises(raise_index: int, autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk", until=_my_auction)
    game = table.game
    assert _my_auction(table)
    auction = game.auction
    assert auction is not None
    high, bidder = auction.high, auction.high_bidder
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        scene = TableScene(app, table)
        app.push(scene)
        await drive.frames()
        decision = scene.decision
        # The highest bid and its bidder, and every player still in, are shown.
        assert money(high) in decision.notes[0] and scene.names[bidder] in decision.notes[0]
        assert decision.bidders == list(auction.bidders)
        # The amount offered first is round, and so is each quick raise.
        step = bid_step(game.rules)
        assert decision.stepper.value % step == 0 or decision.stepper.value == decision.stepper.hi
        bid_button = next(b for b in scene.moves if b.intent is BID)
        assert money(decision.stepper.value) in bid_button.label
        raises = decision.raises
        assert [b.label for b in raises] == [f"+{money(times * step)}" for times in QUICK_RAISES]
        assert [b.label for b in raises] == ["+1\u00a0000", "+5\u00a0000", "+10\u00a0000"]
        expected = math.ceil((high + QUICK_RAISES[raise_index] * step) / step) * step
        button = raises[raise_index]
        assert button.intent == Bid(table.me, expected)
        drive.click_button(button)
        await drive.frames()
        bids = [line for line in scene.feed_texts() if money(expected) in line]
        assert bids, "the bid was made and told"
        after = game.auction
        assert after is None or after.high == expected
        nursery.cancel_scope.cancel()


async def test_ui_bid_stepper_moves_in_round_steps(autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk", until=_my_auction)
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    drive = Driver(app, surface)
    scene = TableScene(app, table)
    app.push(scene)
    await drive.frames()
    stepper = scene.decision.stepper
    first = stepper.value
    drive.click(stepper.plus.center)
    drive.click(stepper.plus.center)
    await drive.frames()
    assert stepper.value == min(stepper.hi, first + 2 * bid_step(table.game.rules))
    bid_button = next(b for b in scene.moves if b.intent is BID)
    assert money(stepper.value) in bid_button.label


def test_ui_bid_amount_is_as_large_as_the_windows_text() -> None:
    """The stepper's amount follows the window's sizes like every other text (it stayed at
    the reference size: large at 800×500, small at full HD)."""
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.shots.render import build_scene
    init_pygame()
    app = App((800, 500), lang="uk", spawn=lambda fn: None)
    build_scene(app, "auction", 1)
    scene = next(s for s in app.scenes if isinstance(s, TableScene))
    shown = []
    for size in ((800, 500), (1920, 1080)):
        app.resize(size)
        with auditing() as audit:
            app.draw(pygame.Surface(size))
        amount = money(scene.decision.stepper.value)
        sizes = [t.size for t in audit.texts if t.text == amount and scene.decision.stepper.rect.contains(t.rect)]
        assert sizes == [scene.sizes.body], size
        shown.append(sizes[0])
    assert shown[0] < shown[1]

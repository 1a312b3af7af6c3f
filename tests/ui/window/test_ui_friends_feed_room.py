"""At a friends table the feed keeps room beside the auction and the chat (issue 19,
friction 7): at 960x600 (and 1024x640, even 1280x800) the auction's panel and the chat left
the feed no line at all. The feed now keeps its least lines: the bid's quick raises give
way first (its stepper does their work), then the chat shrinks to its title, two lines and
its field. Drawn from the screenshots' friends table, in an auction, driven by real events."""
from __future__ import annotations

import pygame
import pytest
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.kit.text_audit import auditing
from zemlevlasnyk.ui.scenes.table.choices import bid_step
from zemlevlasnyk.ui.scenes.table.scene import FEED_LEAST_LINES, TableScene
from zemlevlasnyk.ui.sessions.common import LinkState
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.shots.render import _my_auction, warm_table
from zemlevlasnyk.ui.shots.window import _troubled_table

SIZES = ((960, 600), (1024, 640), (1280, 800), (1920, 1080))


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_friends_auction_leaves_the_feed_its_lines(lang: str, autojump_clock) -> None:
    table = warm_table(seed=1, lang=lang, until=_my_auction)
    events = table.take_events()
    for size in SIZES:
        surface = init_pygame(size)
        app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None, save=lambda s: None)
        drive = Driver(app, surface)
        _troubled_table(app, table, link=LinkState.CONNECTED)
        scene = app.top
        assert isinstance(scene, TableScene) and scene.chat is not None
        for e in events[-20:]:
            scene.feed.add(e, getattr(e, "seat", None))
        await drive.frames()
        decision, feed, chat = scene.decision, scene.feed, scene.chat
        assert decision.raises, "an auction asks the person's bid"
        assert feed.fits() >= FEED_LEAST_LINES, (size, feed.rect)
        assert chat.rect.height >= chat.least() and chat.rect.top >= feed.rect.bottom, (size, chat.rect)
        assert feed.rect.top >= decision.bottom and chat.rect.bottom <= scene.panel.bottom, size
        assert decision.stepper.rect.bottom <= feed.rect.top, size
        with auditing() as audit:
            app.draw(surface)
        shown = [d for d in audit.texts if feed.rect.contains(d.rect)]
        assert len(shown) >= FEED_LEAST_LINES, (size, [d.text for d in shown])
        lines = [e.text for e in table_chat(scene)]
        said = [d for d in audit.texts if chat.rect.contains(d.rect) and any(line in d.text for line in lines)]
        assert len(said) == 2, (size, [d.text for d in said])
        assert [(a.text, b.text) for a, b in audit.overlapping()] == [], size
        assert [d.text for d in audit.outside_box()] == [], size
        # Where the quick raises gave way, the stepper still takes the bid.
        before = decision.stepper.value
        drive.click(decision.stepper.plus.center)
        await drive.frames()
        assert decision.stepper.value == min(decision.stepper.hi, before + bid_step(table.game.rules)), size
        pygame.display.quit()
    # Against the computer there is no chat: the quick raises keep their row.
    app = App(SIZES[0], settings=Settings(lang=lang), spawn=lambda fn: None, save=lambda s: None)
    init_pygame(SIZES[0])
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    assert scene.decision.shown_raises == scene.decision.raises != []
    assert scene.feed.fits() >= FEED_LEAST_LINES


def table_chat(scene: TableScene):
    assert scene.net is not None
    return scene.net.chat

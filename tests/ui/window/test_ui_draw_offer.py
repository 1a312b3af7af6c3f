"""The draw offer from the table's toolbar, and whose turn the board's centre names: the
«Нічия…» button is enabled only when the table would take the offer (a decision of the
person's own pending), it asks before the offer goes out, and the centre says whose turn it
is, not «Ваш хід» while the person only answers a computer player's offer."""
from __future__ import annotations

import pygame
import trio
from helpers.ui import Driver, drawn_texts, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import OfferDraw
from zemlevlasnyk.engine.events import DrawOffered
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.render import _bot_offer, warm_table
from zemlevlasnyk.ui.words.text import catalogue


def _draw_button(scene: TableScene):
    return next(b for b in scene.decision.toolbar if isinstance(b.intent, OfferDraw))


async def _shown(scene: TableScene, drive: Driver, done, frames: int = 800) -> None:
    """Frames until `done()` with the window caught up with the table."""
    for _ in range(frames):
        await drive.frames(draw=False)
        if not scene.busy and scene.seen == scene.table.records and done():
            return
    raise AssertionError("never came")


async def test_draw_button_is_disabled_on_other_players_turns(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="en", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        table = new_table(name="Test", opponents=2, level="medium", seed=3)
        scene = TableScene(app, table)
        app.push(scene)
        nursery.start_soon(table.run)
        seen_others = 0
        for _ in range(3000):
            await drive.frames(draw=False)
            if scene.busy or scene.seen != table.records:
                continue
            game = table.game
            mine = [d for d in game.pending() if d.seat == table.me]
            draw = _draw_button(scene)
            if not mine:
                # Others' turns, their purchase questions and their auctions' bids.
                assert not draw.enabled, (game.phase, game.main_seat())
                seen_others += 1
                drive.click(draw.rect.center)    # a click on the disabled button sends nothing
                before = table.records
                await drive.frames()
                assert table.refusal is None and not any("refused" in line for line in scene.feed_texts())
                assert table.records >= before
            elif mine[0].kind in ("turn", "after_roll", "buy"):
                assert draw.enabled == (game.draw_offered_at[table.me] != game.roll_count)
                table.act(game.safe_action(table.me))
            else:
                table.act(game.safe_action(table.me))
            if seen_others > 40:
                break
        assert seen_others > 40
        texts = " ".join(scene.feed_texts())
        assert "refused" not in texts and "It is not your turn" not in texts
        nursery.cancel_scope.cancel()


async def test_draw_offer_asks_first(autojump_clock) -> None:
    surface = init_pygame()
    t = catalogue("uk")["ui"]
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        table = new_table(name="Тест", opponents=1, level="idle", seed=2)
        scene = TableScene(app, table)
        app.push(scene)
        nursery.start_soon(table.run)
        await _shown(scene, drive, lambda: any(d.seat == table.me and d.kind == "turn" for d in table.game.pending()))
        question = scene.decision.question
        drive.click_button(_draw_button(scene))
        await drive.frames()
        assert table.game.draw is None and table.game.draw_offered_at[table.me] != table.game.roll_count
        assert scene.decision.question == t["confirm_draw_question"]
        yes, no = scene.decision.confirm
        assert yes.label == t["confirm_draw"] and no.label == t["cancel"]
        assert t["confirm_draw_question"] in drawn_texts(app, surface)
        drive.click_button(no)
        await drive.frames()
        assert not scene.decision.confirm and scene.decision.question == question
        assert table.game.draw_offered_at[table.me] != table.game.roll_count
        # Esc takes the question back too.
        drive.click_button(_draw_button(scene))
        await drive.frames()
        drive.key(pygame.K_ESCAPE)
        await drive.frames()
        assert not scene.decision.confirm and scene.decision.question == question
        offered = []
        table.handle.observe(lambda out: offered.extend(e for e in getattr(out, "events", ()) if
                                                        isinstance(e, DrawOffered)))
        drive.click_button(_draw_button(scene))
        await drive.frames()
        drive.click_button(scene.decision.confirm[0])
        await drive.frames()
        assert offered and offered[0].seat == table.me
        assert table.refusal is None
        nursery.cancel_scope.cancel()


async def test_centre_names_the_turn_while_the_person_answers_an_offer(autojump_clock) -> None:
    from zemlevlasnyk.ui.sessions.vs_computer import default_level
    surface = init_pygame()
    for lang in ("uk", "en"):
        t = catalogue(lang)["ui"]
        table = warm_table(seed=1, lang=lang, until=_bot_offer, level=default_level())
        offer = table.game.trade
        assert offer is not None and offer.to_seat == table.me and table.game.active == offer.from_seat
        app = App(surface.get_size(), lang=lang, spawn=lambda fn: None)
        scene = TableScene(app, table)
        app.push(scene)
        drawn = drawn_texts(app, surface)
        assert t["turn_of"].format(name=scene.names[offer.from_seat]) in drawn
        assert t["you_decide"] not in drawn

"""A layout that stays put: the first move of every decision in the same place whatever the
question says, the toolbar never moving, the deed card's buttons in fixed rows, and no
card over what the person needs (the turn, the dice, whose move it is, the tokens)."""
from __future__ import annotations

import pytest
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Build, SellBuilding
from zemlevlasnyk.ui.scenes.table.board import dice_rects
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.render import play_on, warm_table

# Decisions watched while a seeded game plays on.
DECISIONS = 25


@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_ui_decision_buttons_stay_where_they_were(size: tuple[int, int]) -> None:
    init_pygame(size)
    table = warm_table(seed=2, lang="uk")
    app = App(size, lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    firsts, toolbars, questions = set(), set(), set()

    def watch(s: TableScene) -> bool:
        if not s.busy and s.seen == table.records and s.moves and s.modal() is None:
            firsts.add(tuple(s.moves[0].rect))
            toolbars.add(tuple(tuple(b.rect) for b in s.decision.toolbar))
            questions.add(s.decision.question)
        return len(questions) >= DECISIONS

    play_on(scene, table, watch)
    assert len(questions) >= 5, "several different questions were asked"
    assert len(firsts) == 1, f"the first move moved: {firsts}"
    assert len(toolbars) == 1


def _can_build(table: LocalTable) -> bool:
    """The person's turn, with a street to build on."""
    game = table.game
    mine = [d.kind for d in game.pending() if d.seat == table.me]
    return mine[:1] in (["turn"], ["after_roll"]) and any(isinstance(a, Build) for a in game.legal(table.me).actions)


async def test_ui_deed_buttons_keep_their_rows(autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk", until=_can_build)
    assert _can_build(table)
    game = table.game
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    drive = Driver(app, surface)
    scene = TableScene(app, table)
    app.push(scene)
    await drive.frames()
    build = next(a for a in game.legal(table.me).actions if isinstance(a, Build))
    drive.click(scene.geo.places[build.cell].rect.center)
    await drive.frames()
    before = next(b for b in scene.deed if isinstance(b.intent, Build))
    place = before.rect.copy()
    drive.click_button(before)
    await drive.frames(10)
    after = [b for b in scene.deed if isinstance(b.intent, Build)]
    sell = next(b for b in scene.deed if isinstance(b.intent, SellBuilding))
    assert scene.deed_card is not None and sell.rect == scene.deed_card.slots[1]
    assert not after or after[0].rect == place
    assert scene.deed_card.slots[0] == place


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_ui_no_card_covers_what_the_person_needs(size: tuple[int, int]) -> None:
    init_pygame(size)
    table = warm_table(seed=1, lang="uk")
    app = App(size, lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    geo = scene.geo
    r = geo.token_radius
    for cell in range(geo.cells):
        scene._select(cell)
        card = scene.deed_card
        assert card is not None
        centre = scene.centre
        needed = [centre.turn, centre.who, *dice_rects(centre.dice, centre.dice_size)]
        for rect in needed:
            assert not card.rect.colliderect(rect), (cell, rect)
        for spot in range(geo.cells):
            for slot in range(4):
                x, y = geo.token_spot(spot, slot, 4)
                assert not card.rect.colliderect((round(x) - r, round(y) - r, 2 * r, 2 * r))

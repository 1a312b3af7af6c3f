"""The board and the deed card: cells where they belong, the deed a click opens, its rent
as the engine computes it, token walks, and layouts that hold from 1024×640 up."""
from __future__ import annotations

import pygame
import pytest
import trio
from ui_helpers import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import BANK, holdings, load_preset
from zemlevlasnyk.engine.events import CameToRest, Moved, SentToJail
from zemlevlasnyk.ui.app import App
from zemlevlasnyk.ui.board_geometry import BoardGeometry
from zemlevlasnyk.ui.deed import deed_rows, rent_now
from zemlevlasnyk.ui.scenes.table import TableScene
from zemlevlasnyk.ui.screenshot import warm_table
from zemlevlasnyk.ui.text import catalogue, money
from zemlevlasnyk.ui.tokens import TokenAnimator


def test_ui_geometry_cells_tile_the_rim() -> None:
    area = pygame.Rect(10, 10, 776, 776)
    geo = BoardGeometry(area, 40)
    rects = [p.rect for p in geo.places]
    for n, r in enumerate(rects):
        assert area.contains(r)
        assert not geo.centre.colliderect(r)
        for m in range(n + 1, 40):
            assert not r.colliderect(rects[m]), (n, m)
    assert rects[0].bottomright == area.bottomright
    assert rects[10].bottomleft == area.bottomleft
    assert rects[20].topleft == area.topleft
    assert rects[30].topright == area.topright
    assert all(geo.cell_at(r.center) == n for n, r in enumerate(rects))


def test_ui_token_walks_cell_by_cell() -> None:
    anim = TokenAnimator([0, 0], 40)
    anim.feed([Moved(1, 38, 3, 5, "dice", True), CameToRest(1, 3)])
    assert anim.busy
    visited = []
    while anim.busy:
        anim.update(0.05)
        visited.append(anim.cell[1])
    assert [c for n, c in enumerate(visited) if n == 0 or c != visited[n - 1]][-5:] == [39, 0, 1, 2, 3]
    anim.feed([SentToJail(1, "three_doubles"), CameToRest(1, 10)])
    for _ in range(20):
        anim.update(0.05)
    assert anim.cell[1] == 10 and not anim.busy


async def test_ui_click_on_cell_opens_its_deed_with_the_rent(autojump_clock) -> None:
    surface = init_pygame()
    t = catalogue("uk")["ui"]
    table = warm_table(seed=1, lang="uk")
    game = table.game
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    drive = Driver(app, surface)
    await drive.frames()
    built = next(c for c in game.rules.properties if game.buildings[c])
    unowned = next((c for c in game.rules.properties if game.owner[c] == BANK), None)
    station = game.rules.stations[0]
    for cell in filter(lambda c: c is not None, (built, unowned, station)):
        drive.key(pygame.K_ESCAPE)
        drive.click(scene.geo.places[cell].rect.center)
        await drive.frames()
        assert scene.selected == cell
        rows = deed_rows(game, cell, t)
        current = [r for r in rows if r.current]
        if game.owner[cell] == BANK or game.mortgaged[cell]:
            assert not current
        else:
            assert len(current) == 1
            expected = holdings.rent(game, cell, 0)
            assert current[0].amount == money(expected)
            assert money(expected) in rent_now(game, cell, t)
    assert t["deed"]["rent_hotel"] in [r.label for r in deed_rows(game, built, t)]
    # Clicking the selected cell again closes the card; the close box does too.
    drive.click(scene.geo.places[station].rect.center)
    await drive.frames()
    assert scene.selected is None


async def test_ui_own_deed_offers_only_legal_cell_actions(autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=1, lang="en")
    game = table.game
    app = App(surface.get_size(), lang="en", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    drive = Driver(app, surface)
    await drive.frames()
    legal = game.legal(table.me).actions
    for cell in (c for c in game.rules.properties if game.owner[c] == table.me):
        drive.click(scene.geo.places[cell].rect.center)
        await drive.frames()
        offered = [b.intent for b in scene.deed]
        assert offered == [a for a in legal if getattr(a, "cell", None) == cell]
        drive.key(pygame.K_ESCAPE)
        await drive.frames()


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800), (1600, 1000), (1100, 900)])
async def test_ui_table_layout_fits_the_window(size, autojump_clock) -> None:
    surface = init_pygame(size)
    table = warm_table(seed=1, lang="uk")
    app = App(size, lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    drive = Driver(app, surface)
    await drive.frames()
    window = pygame.Rect(0, 0, *size)
    assert window.contains(scene.geo.area) and window.contains(scene.panel)
    assert not scene.geo.area.colliderect(scene.panel)
    for b in [*scene.moves, *scene.extras]:
        assert scene.panel.contains(b.rect), b.label
        assert b.rect.bottom < scene.feed_area.top
    app.resize((1024, 640))
    assert pygame.Rect(0, 0, 1024, 640).contains(scene.panel)
    await trio.sleep(0)


def test_ui_board_has_every_cell_of_the_ruleset() -> None:
    rules = load_preset()
    geo = BoardGeometry(pygame.Rect(0, 0, 600, 600), rules.size)
    assert len(geo.places) == rules.size


async def test_ui_feed_scrolls_back_with_the_wheel(autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk")
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    drive = Driver(app, surface)
    await drive.frames()
    assert len(scene.feed_lines) > scene._feed_fits() + 10
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.feed_area.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    await drive.frames()
    assert scene.feed_scroll == 6
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50, flipped=False, precise_x=0.0, precise_y=-50.0))
    await drive.frames()
    assert scene.feed_scroll == 0


def test_ui_seeded_tables_repeat() -> None:
    first = warm_table(seed=7, lang="uk")
    second = warm_table(seed=7, lang="uk")
    assert first.game.state_hash() == second.game.state_hash()
    assert first.game.turn > 1

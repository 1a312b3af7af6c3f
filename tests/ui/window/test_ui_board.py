"""The board and the deed card: cells where they belong, the deed a click opens, its rent
as the engine computes it, token walks, and layouts that hold from 1024×640 up."""
from __future__ import annotations

import pygame
import pytest
import trio
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import BANK, holdings, load_preset
from zemlevlasnyk.ui.scenes.table.deed import deed_rows, rent_now
from zemlevlasnyk.ui.scenes.table.geometry import BoardGeometry
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.render import warm_table
from zemlevlasnyk.ui.words.text import catalogue, money


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
        assert b.rect.bottom < scene.feed.rect.top
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
    assert len(scene.feed.lines) > scene.feed.fits() + 10
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=scene.feed.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    await drive.frames()
    assert scene.feed.scroll == 6
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-50, flipped=False, precise_x=0.0, precise_y=-50.0))
    await drive.frames()
    assert scene.feed.scroll == 0


def test_ui_seeded_tables_repeat() -> None:
    first = warm_table(seed=7, lang="uk")
    second = warm_table(seed=7, lang="uk")
    assert first.game.state_hash() == second.game.state_hash()
    assert first.game.turn > 1


BOARD_SIDES = (616, 698, 1048)    # the board at 1024×640, 1280×720 and 1920×1080


@pytest.mark.parametrize("side", BOARD_SIDES)
def test_ui_houses_stand_inside_the_band_on_every_side(side: int) -> None:
    from zemlevlasnyk.ui.scenes.table.board import band_depth, hotel_rect, house_slots
    rules = load_preset()
    geo = BoardGeometry(pygame.Rect(0, 0, side, side), rules.size)
    sides = set()
    for cell in rules.properties:
        if rules.cells[cell].kind != "street":
            continue
        place = geo.places[cell]
        sides.add(place.side)
        band = geo.band(cell, band_depth(geo))
        slots = house_slots(band, place.side)
        # Inside the band, clear of the 2-pixel frame a buildable street gets.
        for n, slot in enumerate(slots):
            assert band.inflate(-4, -4).contains(slot), (cell, n)
            assert slot.width >= 3 and slot.height >= 3
            for other in slots[n + 1:]:
                assert not slot.colliderect(other)
        assert band.inflate(-4, -4).contains(hotel_rect(band, place.side))
    assert len(sides) == 4


def test_ui_next_house_mark_never_covers_a_building() -> None:
    from zemlevlasnyk.ui.scenes.table.board import band_depth, house_slots
    rules = load_preset()
    geo = BoardGeometry(pygame.Rect(0, 0, 616, 616), rules.size)
    for cell in (1, 11, 21, 31):      # one street on each side
        band = geo.band(cell, band_depth(geo))
        slots = house_slots(band, geo.places[cell].side)
        for built in range(len(slots)):
            ghost = slots[built]
            assert not any(ghost.colliderect(house) for house in slots[:built])


def _board_texts(side: int, lang: str, mortgaged: bool = False):
    from zemlevlasnyk.engine import Game
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.scenes.table.board import draw_board
    from zemlevlasnyk.ui.sessions.view import PlayerInfo
    rules = load_preset()
    game = Game.new(rules, 2, first=0)
    for cell in rules.properties:
        game.owner[cell] = cell % 2
        game.mortgaged[cell] = mortgaged
    players = [PlayerInfo("A", "red", None), PlayerInfo("B", "blue", None)]
    surface = pygame.Surface((side, side))
    geo = BoardGeometry(surface.get_rect(), rules.size)
    with auditing() as audit:
        draw_board(surface, geo, game, players, lang, None)
    return geo, surface, audit


@pytest.mark.parametrize("side", BOARD_SIDES)
def test_ui_tokens_stand_beside_the_names(side: int) -> None:
    init_pygame()
    geo, _, audit = _board_texts(side, "uk")
    texts = [t.rect for t in audit.texts]
    assert texts
    r = geo.token_radius
    for cell in range(geo.cells):
        for slots in range(1, 5):
            for slot in range(slots):
                x, y = geo.token_spot(cell, slot, slots)
                token = pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)
                assert geo.area.contains(token)
                assert token.collidelist(texts) == -1, (cell, slot, slots)
                assert not geo.inner.colliderect(token), "the centre's own drawing keeps out of the lane"


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_ui_mortgage_mark_leaves_names_as_they_were(lang: str) -> None:
    init_pygame()
    geo, plain, before = _board_texts(698, lang)
    _, marked, after = _board_texts(698, lang, mortgaged=True)
    assert [t.text for t in before.texts] == [t.text for t in after.texts]
    rules = load_preset()
    for cell in rules.properties:
        name = rules.cell_name(cell, lang)
        for t in (t for t in after.texts if t.text in name):
            # The name's letters are the same pixels, mortgaged or not.
            for x in range(t.rect.left, t.rect.right, 2):
                for y in range(t.rect.top, t.rect.bottom, 2):
                    assert plain.get_at((x, y)) == marked.get_at((x, y)), (name, x, y)


def test_ui_owner_marks_are_visible_at_a_glance() -> None:
    from zemlevlasnyk.ui.kit import theme
    from zemlevlasnyk.ui.scenes.table.board import owner_depth
    init_pygame()
    geo, surface, audit = _board_texts(616, "uk")
    depth = owner_depth(geo)
    assert depth >= 0.15 * geo.cell and depth >= 6
    rules = load_preset()
    for cell in rules.properties:
        strip = geo.outer(cell, depth)
        colour = theme.player_colour("red" if cell % 2 == 0 else "blue")
        assert surface.get_at(strip.center)[:3] == tuple(colour)[:3], cell
        assert all(not strip.colliderect(t.rect) for t in audit.texts)


async def test_ui_deed_chips_beside_players_open_their_deed(autojump_clock) -> None:
    from zemlevlasnyk.ui.scenes.table.board import deed_colour
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk")
    game = table.game
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    drive = Driver(app, surface)
    await drive.frames()
    for seat, row in enumerate(scene.players_panel.rows):
        owned = sorted(c for c in game.rules.properties if game.owner[c] == seat)
        assert sorted(cell for cell, _ in row.chips) == owned, "every deed a chip"
        groups = [game.rules.group_of[cell] for cell, _ in row.chips]
        assert groups == sorted(groups, key=lambda g: g[0]), "chips grouped by colour"
        for cell, chip in row.chips:
            assert row.rect.contains(chip)
            colour = deed_colour(game.rules, cell)
            inside = surface.get_at(chip.center)[:3]
            assert inside == tuple(colour)[:3] or game.mortgaged[cell], "a chip in its group's colour"
    cell, chip = scene.players_panel.rows[table.me].chips[0]
    drive.click(chip.center)
    await drive.frames()
    assert scene.selected == cell and scene.deed_card is not None


def _cell_words(audit, rect: pygame.Rect, figure: str) -> tuple[str, bool]:
    """A cell's name as printed (hyphenated lines joined) and whether its figure is there."""
    name = ""
    shown = False
    for t in audit.texts:
        if not rect.contains(t.rect):
            continue
        if t.text == figure:
            shown = True
        elif name.endswith("-"):
            name = name[:-1] + t.text
        else:
            name = f"{name} {t.text}".strip()
    return name, shown


@pytest.mark.parametrize("preset", ["zemlevlasnyk", "klasyka"])
@pytest.mark.parametrize("lang", ["uk", "en"])
def test_ui_board_at_the_smallest_window_names_every_deed_beside_its_price(lang: str, preset: str) -> None:
    """At 800×500 every deed shows its price and a whole name: its own or, where that does
    not fit beside the price, the catalogue's short form; never a name cut with «…». The
    results' heat map keeps every count the same way."""
    from zemlevlasnyk.engine import Game
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.scenes.table.board import cell_figure, draw_board, draw_heat_board
    from zemlevlasnyk.ui.sessions.view import PlayerInfo
    from zemlevlasnyk.ui.words.ruleset import cell_name, short_cell_name
    init_pygame((800, 500))
    rules = load_preset(preset)
    app = App((800, 500), lang=lang, spawn=lambda fn: None)
    scene = TableScene(app, warm_table(seed=1, lang=lang, rules=rules))
    app.push(scene)
    side = scene.geo.area.width
    surface = pygame.Surface((side, side))
    geo = BoardGeometry(surface.get_rect(), rules.size)
    game = Game.new(rules, 2, first=0)
    landings = [10 + cell for cell in range(rules.size)]
    shortened = 0
    for draw, figure_of in ((lambda: draw_board(surface, geo, game, [PlayerInfo("A", "red", None)] * 2, lang),
                             lambda cell: cell_figure(rules, cell)),
                            (lambda: draw_heat_board(surface, geo, rules, lang, landings),
                             lambda cell: str(landings[cell]))):
        with auditing() as audit:
            draw()
        assert not [t.text for t in audit.texts if "…" in t.text]
        for cell in rules.properties:
            name, shown = _cell_words(audit, geo.places[cell].rect, figure_of(cell))
            assert shown, (cell, name)
            assert name in (cell_name(rules, cell, lang), short_cell_name(rules, cell, lang)), (cell, name)
            shortened += name != cell_name(rules, cell, lang)
    assert shortened, "the smallest board needs the short names: this test would not see them missing"

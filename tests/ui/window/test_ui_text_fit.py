"""No text leaves its box or lies on another, and money never breaks across lines."""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from helpers.ui import cut_short, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import load_preset, preset_names
from zemlevlasnyk.p2p.core.identity import MAX_NAME
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.widgets import text_width, wrap
from zemlevlasnyk.ui.words.narrate import card_text
from zemlevlasnyk.ui.words.text import LANGUAGES, catalogue, money

# Digits, a plain space, three digits: an amount that could break across two lines.
BREAKABLE_AMOUNT = re.compile(r"\d \d{3}(?!\d)")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


def test_ui_money_never_breaks() -> None:
    init_pygame()
    assert " " not in money(1_234_567) and money(1_234_567) == "1\u00a0234\u00a0567"
    line = f"за {money(22_000)}"
    # Narrower than the whole line: the words break, the amount does not.
    lines = wrap(line, 14, text_width(money(22_000), 14, Face.REGULAR) + 2)
    assert lines == ["за", money(22_000)]


def test_ui_catalogues_write_amounts_unbreakably() -> None:
    for lang in LANGUAGES:
        for text in _strings(catalogue(lang)):
            assert not BREAKABLE_AMOUNT.search(text), (lang, text)


def test_ui_card_texts_are_shown_with_unbreakable_amounts() -> None:
    rules = load_preset()
    for card in rules.cards:
        for lang in LANGUAGES:
            assert not BREAKABLE_AMOUNT.search(card_text(rules, card.id, lang)), card.id


def test_ui_audit_sees_a_text_out_of_its_box() -> None:
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.kit.widgets import draw_text
    surface = init_pygame()
    with auditing() as audit:
        draw_text(surface, "Годинникова площа (закладена)", (10, 10), 17, box=pygame.Rect(10, 10, 120, 30))
        draw_text(surface, "Млинська", (10, 60), 17, box=pygame.Rect(0, 50, 200, 40))
        draw_text(surface, "Кожум'яки", (20, 62), 17, box=pygame.Rect(0, 50, 200, 40))
    assert [t.text for t in audit.outside_box()] == ["Годинникова площа (закладена)"]
    assert [(a.text, b.text) for a, b in audit.overlapping()] == [("Млинська", "Кожум'яки")]


# Every state of the table, its dialogs and the results, as the screenshot command finds them.
STATES = ("table", "deed", "trade", "trade_check", "offer", "auction", "debt", "bankruptcy", "bankrupt_other",
          "card", "dice", "late", "results", "replay", "replay_chart", "replay_end", "kazka", "kazka_pick",
          "kazka_power")
SIZES = ((800, 500), (1024, 640), (1280, 720), (1920, 1080))
# The longest name a player may have (p2p.core.identity.MAX_NAME), in wide letters.
LONG_NAME = "Максиміліана-Олександрів"


def _rename(app: Any, name: str) -> None:
    """Give the person the longest name, everywhere the scenes keep names."""
    from zemlevlasnyk.ui.scenes.results import ResultsScene
    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    for scene in app.scenes:
        if isinstance(scene, TableScene):
            scene.names[scene.me] = name
            scene.board_key = None
        elif isinstance(scene, ResultsScene):
            scene.names[scene.table.me] = name
            scene.board_image = None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("state", STATES)
def test_ui_no_text_leaves_its_box_or_lies_on_another(state: str, lang: str) -> None:
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.shell.app import App
    from zemlevlasnyk.ui.shots.render import build_scene
    init_pygame()
    app = App(SIZES[0], lang=lang, spawn=lambda fn: None)
    build_scene(app, state, seed=1)
    assert len(LONG_NAME) == MAX_NAME
    _rename(app, LONG_NAME)
    for size in SIZES:
        app.resize(size)
        surface = pygame.Surface(size)
        with auditing() as audit:
            _rename(app, LONG_NAME)      # the board is drawn afresh inside the audit
            app.draw(surface)
        assert audit.texts, "nothing was drawn"
        assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], (state, lang, size)
        assert [(a.text, b.text) for a, b in audit.overlapping()] == [], (state, lang, size)
        assert cut_short(audit.texts, lang) == [], (state, lang, size)


@pytest.mark.parametrize("preset", preset_names())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_every_deed_card_fits(lang: str, preset: str) -> None:
    """The deed card of every cell (streets, stations, utilities, owned, mortgaged, for
    sale, and the cells that are not deeds) of every preset at every size, the board and
    the panel around it too."""
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    from zemlevlasnyk.ui.shell.app import App
    from zemlevlasnyk.ui.shots.render import warm_table
    init_pygame()
    table = warm_table(seed=1, lang=lang, rules=load_preset(preset))
    app = App(SIZES[0], lang=lang, spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    kinds = set()
    for size in SIZES:
        app.resize(size)
        surface = pygame.Surface(size)
        for cell in range(table.game.rules.size):
            scene._select(cell)
            kinds.add(table.game.rules.cells[cell].kind)
            with auditing() as audit:
                scene.board_key = None      # the board too, drawn afresh inside the audit
                app.draw(surface)
            assert scene.deed_card is not None and scene.centre.card_room is not None
            assert scene.centre.card_room.contains(scene.deed_card.rect)
            assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], (cell, size)
            assert [(a.text, b.text) for a, b in audit.overlapping()] == [], (cell, size)
            assert cut_short(audit.texts, lang) == [], (cell, size)
    assert kinds == {c.kind for c in table.game.rules.cells} >= {"street", "station", "tax", "start", "jail"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_offer_of_the_longest_mortgaged_deeds_fits(lang: str) -> None:
    """A computer player's offer of the deeds with the longest names, every one mortgaged,
    on both sides («Годинникова площа (закладена)» ran past the dialog): every name, price
    and mark whole in its box, at every size, with the longest player name."""
    from zemlevlasnyk.engine.state import TradeOffer
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.shell.app import App
    from zemlevlasnyk.ui.shots.render import build_scene
    from zemlevlasnyk.ui.words.ruleset import cell_name
    init_pygame()
    app = App(SIZES[0], lang=lang, spawn=lambda fn: None)
    build_scene(app, "offer", seed=1)
    _rename(app, LONG_NAME)
    game = app.scenes[0].game
    assert game.trade is not None
    longest = sorted(game.rules.properties, key=lambda c: -len(cell_name(game.rules, c, lang)))[:6]
    for cell in longest:
        game.mortgaged[cell] = True
    trade = game.trade
    game.trade = TradeOffer(trade.from_seat, trade.to_seat, tuple(longest[:3]), tuple(longest[3:]), -123_000)
    for size in SIZES:
        app.resize(size)
        with auditing() as audit:
            _rename(app, LONG_NAME)
            app.draw(pygame.Surface(size))
        shown = " ".join(t.text for t in audit.visible())
        assert all(cell_name(game.rules, c, lang) in shown for c in longest), size
        assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], size
        assert [(a.text, b.text) for a, b in audit.overlapping()] == [], size
        assert cut_short(audit.texts, lang) == [], size


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_a_player_holding_every_deed_keeps_the_row_readable(lang: str) -> None:
    """A computer player with every deed of the board (some mortgaged) and in jail: the
    deed chips stay in the row and the words after them («навмання · у в'язниці») whole."""
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    from zemlevlasnyk.ui.shell.app import App
    from zemlevlasnyk.ui.shots.render import warm_table
    init_pygame()
    table = warm_table(seed=1, lang=lang)
    game = table.game
    for cell in game.rules.properties:
        game.owner[cell], game.mortgaged[cell], game.buildings[cell] = 1, cell % 3 == 0, 0
    game.jailed[1] = True
    app = App(SIZES[0], lang=lang, spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    for size in SIZES:
        app.resize(size)
        with auditing() as audit:
            scene.board_key = None
            app.draw(pygame.Surface(size))
        row = scene.players_panel.rows[1]
        assert len(row.chips) == len(game.rules.properties)
        assert all(row.rect.contains(chip) for _, chip in row.chips), size
        assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], size
        assert [(a.text, b.text) for a, b in audit.overlapping()] == [], size
        assert cut_short(audit.texts, lang) == [], size


def test_ui_results_a_long_winners_name_keeps_its_place_and_colour() -> None:
    """At 800×500 the longest name goes on its own line above the figures; the place
    number and the colour dot stay visible on it (the taller highlight once covered them)."""
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.kit.theme import player_colour
    from zemlevlasnyk.ui.scenes.results import ResultsScene
    from zemlevlasnyk.ui.shell.app import App
    from zemlevlasnyk.ui.shots.render import build_scene
    init_pygame()
    app = App(SIZES[0], lang="uk", spawn=lambda fn: None)
    build_scene(app, "results", seed=1)
    _rename(app, LONG_NAME)
    scene = app.top
    assert isinstance(scene, ResultsScene)
    surface = pygame.Surface(SIZES[0])
    with auditing() as audit:
        app.draw(surface)
    winner = next(t for t in audit.texts if t.text.startswith(LONG_NAME))
    number = next(t for t in audit.texts if t.text == "1.")
    assert abs(number.rect.centery - winner.rect.centery) <= 2, "the number beside the name"
    inked = [surface.get_at((x, y))[:3] for x in range(number.rect.left, number.rect.right)
             for y in range(number.rect.top, number.rect.bottom)]
    assert min(sum(p) for p in inked) < 200, "the number is drawn over the highlight, not under it"
    colour = tuple(player_colour(scene.table.players[scene.table.me].colour))[:3]
    row = pygame.Rect(number.rect.right, number.rect.top, winner.rect.left - number.rect.right, number.rect.height)
    assert any(surface.get_at((x, row.centery))[:3] == colour for x in range(row.left, row.right)), "the dot"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_bankruptcy_confirmation_fits(lang: str) -> None:
    """The debt with «declare bankruptcy?» asked: its question and its yes and no whole, at
    every size."""
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.scenes.table.scene import DECLARE, TableScene
    from zemlevlasnyk.ui.shell.app import App
    from zemlevlasnyk.ui.shots.render import build_scene
    init_pygame()
    app = App(SIZES[0], lang=lang, spawn=lambda fn: None)
    build_scene(app, "debt", seed=1)
    scene = next(s for s in app.scenes if isinstance(s, TableScene))
    scene._ask(DECLARE)
    words = catalogue(lang)["ui"]
    for size in SIZES:
        app.resize(size)
        with auditing() as audit:
            app.draw(pygame.Surface(size))
        shown = [t.text for t in audit.texts]
        assert words["confirm_bankruptcy"] in shown and words["cancel"] in shown
        assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], size
        assert [(a.text, b.text) for a, b in audit.overlapping()] == [], size
        assert cut_short(audit.texts, lang) == [], size

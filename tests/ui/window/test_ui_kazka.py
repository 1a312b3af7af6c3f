"""The window plays Казка: the held cards as badges on the players panel (shown to everyone,
docs/RULES.md), a «use» button for every card the engine lets the person use now, the
picker of a card's targets and potions (each of its buttons one of the engine's legal uses),
the payment-due question with its two answers, the card of a power used and of a held card
looked at, the board's drawings of the character and object cells, and a whole game by
clicking in which the person uses its cards too."""
from __future__ import annotations

import pygame
import trio
from helpers.engine import hold
from helpers.ui import check_buttons_legal, init_pygame, open_app, person_decides  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Game, PayDebt, Phase, Roll, Scripted, UseCard, load_rules
from zemlevlasnyk.engine.events import CardUsed
from zemlevlasnyk.ui.scenes.results import ResultsScene
from zemlevlasnyk.ui.scenes.table.cards import Pick, Picker, power_words, use_buttons
from zemlevlasnyk.ui.scenes.table.choices import prompt
from zemlevlasnyk.ui.scenes.table.icons import Icon, deck_icon
from zemlevlasnyk.ui.scenes.table.moments import POWER
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.sessions.playback import CardKind
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.words.text import ui_words

RULES = load_rules("kazka")
# Frames of a whole game clicked through (a game of random players at 30 frames a second).
GAME_FRAMES = 60_000


def _table(level: str = "idle", seed: int = 3) -> LocalTable:
    return new_table(name="Test", opponents=2, level=level, seed=seed, rules=RULES)


def _scene(table: LocalTable, lang: str = "en") -> tuple[App, TableScene]:
    surface = init_pygame()
    app = App(surface.get_size(), lang=lang, spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    app.draw(surface)
    return app, scene


def _my_turn(table: LocalTable) -> Game:
    game = table.game
    game.active, game.phase = table.me, Phase.PRE_ROLL
    return game


def test_ui_kazka_a_card_without_a_target_is_one_button_that_uses_it() -> None:
    table = _table()
    game = _my_turn(table)
    hold(game, table.me, "char_frog")
    buttons = use_buttons(game, table.me, ui_words("en"), "en")
    assert [(b.label, b.intent) for b in buttons] == [("Use “Frog Princess”", UseCard(table.me, "char_frog"))]
    check_buttons_legal(game, table.me, buttons)


def test_ui_kazka_a_card_with_targets_opens_the_picker_of_its_legal_uses() -> None:
    table = _table()
    game = _my_turn(table)
    hold(game, table.me, "obj_potion")
    app, scene = _scene(table)
    pick = next(b for b in scene.moves if isinstance(b.intent, Pick))
    assert pick.label == "“Wise Woman's Potion”: choose…"
    scene._click_panel(pick.rect.center)
    assert scene.picker is not None
    legal = [a for a in game.legal(table.me).actions if isinstance(a, UseCard)]
    assert [b.intent for b in scene.picker.options] == legal and len(legal) == 4   # the stare and the merry, 2 each
    labels = [b.label for b in scene.picker.options]
    assert labels[0].startswith("Potion of the Stare — ") and any(lbl.startswith("Merry Potion — ") for lbl in labels)
    app.draw(pygame.Surface(app.size))
    choice = scene.picker.options[0]
    scene._click_picker(choice.rect.center)
    assert scene.picker is None and [e.kind for e in game.effects] == ["stare"]


def test_ui_kazka_the_picker_closes_by_cancel_or_escape_and_frames_its_cells() -> None:
    table = _table()
    game = _my_turn(table)
    hold(game, table.me, "obj_ship")
    app, scene = _scene(table)
    scene._click_panel(next(b for b in scene.moves if isinstance(b.intent, Pick)).rect.center)
    assert scene.picker is not None
    here = game.pos[table.me]
    assert sorted(scene.picker.cells) == sorted((here + k) % RULES.size for k in range(2, 13))
    app.draw(pygame.Surface(app.size))
    scene._click_picker(scene.picker.cancel.rect.center)
    assert scene.picker is None and game.phase is Phase.PRE_ROLL
    scene._click_panel(next(b for b in scene.moves if isinstance(b.intent, Pick)).rect.center)
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert scene.picker is None


def test_ui_kazka_a_payment_due_asks_pay_or_cancel() -> None:
    table = _table()
    game = _my_turn(table)
    me = table.me
    hold(game, me, "char_fox")
    other = (me + 1) % game.players
    game.owner[6] = other
    game.pos[me] = 0
    game.apply(Roll(me), Scripted(dice=[(2, 4)]))
    assert game.phase is Phase.PAYMENT_DUE
    app, scene = _scene(table)
    assert [b.intent for b in scene.moves] == [PayDebt(me), UseCard(me, "char_fox")]
    assert [b.label for b in scene.moves] == ["Pay 6", "Cancel it: “Sister Fox”"]
    names = scene.names
    assert prompt(game, me, names, ui_words("en"), "en") == f"Pay {names[other]} 6 (rent), or cancel it with your card?"
    uk = prompt(game, me, names, ui_words("uk"), "uk")
    assert uk.startswith("Сплатити 6 (оренда") and "скасувати платіж карткою" in uk


def test_ui_kazka_the_payment_due_panel_fits_at_every_size_with_the_longest_name() -> None:
    """The question and its two answers, and four badges beside the longest name, whole in
    their boxes at every window size and in both languages (a name squeezed by the badges
    was cut at 800×500)."""
    from helpers.ui import cut_short
    from test_ui_text_fit import LONG_NAME, SIZES

    from zemlevlasnyk.ui.kit.text_audit import auditing
    for lang in ("uk", "en"):
        table = _table()
        game = _my_turn(table)
        me = table.me
        hold(game, me, "char_fox", "obj_ship", "obj_sword", "luck_contract")
        game.owner[6] = (me + 1) % game.players
        game.apply(Roll(me), Scripted(dice=[(2, 4)]))
        app, scene = _scene(table, lang)
        scene.names[me] = LONG_NAME
        for size in SIZES:
            app.resize(size)
            surface = pygame.Surface(size)
            with auditing() as audit:
                scene.board_key = None
                app.draw(surface)
            assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], (lang, size)
            assert [(a.text, b.text) for a, b in audit.overlapping()] == [], (lang, size)
            assert cut_short(audit.texts, lang) == [], (lang, size)


def test_ui_kazka_badges_show_every_held_card_and_open_it() -> None:
    table = _table()
    game = _my_turn(table)
    other = (table.me + 1) % game.players
    hold(game, other, "char_dragon", "luck_release")
    app, scene = _scene(table)
    row = scene.players_panel.rows[other]
    assert [card for card, _ in row.cards] == [RULES.card_index["char_dragon"], RULES.card_index["luck_release"]]
    scene._click_panel(row.cards[0][1].center)
    assert scene.card is not None and scene.card.kind is CardKind.HELD
    shown = scene._shown(scene.card)
    assert shown.title == "Dragon" and shown.subtitle.startswith("Held by ") and shown.accent == POWER
    assert not scene.playback.holding                                     # looking holds nothing up


def test_ui_kazka_a_power_used_comes_up_as_a_card() -> None:
    table = _table()
    game = _my_turn(table)
    other = (table.me + 1) % game.players
    used = CardUsed(other, "obj_sword", table.me, None, None)
    app, scene = _scene(table)
    title, lines, subtitle = power_words(RULES, used, scene.names, ui_words("en"), "en", table.me)
    assert title == "Treasure Sword" and subtitle == f"{scene.names[other]} → you" and "100" in lines[0]
    scene.playback.add([used])
    told = scene.playback.update(0.0)
    assert [t.item for t in told] == [used] and scene.card is not None and scene.card.kind is CardKind.POWER
    assert scene.playback.holding and scene._shown(scene.card).accent == POWER


def test_ui_kazka_board_draws_the_character_and_object_cells() -> None:
    icons = {c.index: deck_icon(RULES, c.deck) for c in RULES.cells if c.kind == "card"}
    assert {i: icons[i] for i in (20, 12, 28, 33, 38)} == {20: Icon.CROWN, 12: Icon.SHIP, 28: Icon.CARPET,
                                                          33: Icon.SWORD, 38: Icon.FLASK}
    assert icons[7] is None and icons[2] is None                          # the two plain decks keep «?»
    klasyka = load_rules("klasyka")
    assert all(deck_icon(klasyka, c.deck) is None for c in klasyka.cells if c.kind == "card")


def test_ui_kazka_picker_labels_name_each_target() -> None:
    table = _table()
    game = _my_turn(table)
    me = table.me
    other = (me + 1) % game.players
    for c in (6, 8, 9):
        game.owner[c], game.buildings[c] = other, 2
    hold(game, me, "char_dragon")
    _, scene = _scene(table)
    picker = Picker(game, me, "char_dragon", scene.names, ui_words("en"), "en")
    assert [b.label for b in picker.options] == [f"{name} ({scene.names[other]}, houses: 2)"
                                                 for name in ("Mitten", "Fox's Den", "Wolf Ravine")]


async def test_ui_kazka_whole_game_by_clicking_using_the_cards(autojump_clock) -> None:
    """The person clicks through a game against random players, opening every card's picker
    it gets and choosing its first use (or using a card outright), else the first move; every
    button is legal, and the game reaches its results."""
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface, "en")
        rules = load_rules("kazka", {"turn_cap": 60})   # the cap ends it: to the results soon
        table = new_table(name="Test", opponents=2, level="random", seed=4, rules=rules)
        nursery.start_soon(table.run)
        scene = TableScene(app, table)
        app.push(scene)
        used = 0
        async for game in person_decides(drive, app, scene, GAME_FRAMES):
            if scene.modal():
                drive.click_button(scene.moves[1])                        # decline an offer
                continue
            check_buttons_legal(game, scene.me, scene.moves)
            if scene.picker is not None:
                assert all(b.intent in game.legal(scene.me).actions for b in scene.picker.options)
                drive.click_button(scene.picker.options[0])
                used += 1
                continue
            cards = [b for b in scene.moves if b.enabled and isinstance(b.intent, (Pick, UseCard))]
            move = cards[0] if cards else next(b for b in scene.moves if b.enabled)
            if isinstance(move.intent, UseCard):
                used += 1
            drive.click_button(move)
        assert isinstance(app.top, ResultsScene), f"no result after {drive.frame_count} frames"
        assert used >= 2, used
        nursery.cancel_scope.cancel()

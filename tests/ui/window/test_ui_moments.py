"""The moments a table shows, from seeded games and real pygame events: a debt with its
figures, then a bankruptcy the person closes before watching on; a bankruptcy in one move
told in full; another player's bankruptcy and a drawn Фортуна card shown as cards while
the table waits; dice that tumble before the token walks."""
from __future__ import annotations

import pygame
import trio
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import BANK, DeclareBankruptcy, PayDebt
from zemlevlasnyk.ui.scenes.table.dice import faces
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.playback import CardKind
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.render import (
    _my_debt,
    _nearly_broke,
    play_on,
    spendthrift,
    stand_in,
    warm_table,
    warm_until,
)
from zemlevlasnyk.ui.words.narrate import card_text
from zemlevlasnyk.ui.words.text import form, money, ui_words

# Frames to let the computer players move while the person watches.
WATCH_FRAMES = 60


async def test_ui_debt_then_bankruptcy_closed_then_watch(autojump_clock) -> None:
    surface = init_pygame()
    t = ui_words("uk")
    table = warm_until(1, "uk", _my_debt, stand_in)
    game = table.game
    assert _my_debt(table)
    creditor, owed = game.debts[0].creditor, game.debts[0].amount
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        scene = TableScene(app, table)
        app.push(scene)
        nursery.start_soon(table.run)
        await drive.frames()
        # The debt: to whom, how much, the cash short, what can still be raised and how.
        notes = scene.decision.notes
        whom = t["bank"] if creditor == BANK else scene.names[creditor]
        assert money(owed) in notes[0] and whom in notes[0]
        assert money(owed - game.cash[table.me]) in notes[1]
        assert notes[2].startswith(t["debt"]["raise"].split("{")[0])
        assert scene.decision.hint == t["debt_hint"]
        assert scene.decision.question.startswith(f"Ви винні {money(owed)} (кредитор: {whom}).")
        pay = next(b for b in scene.moves if isinstance(b.intent, PayDebt))
        assert not pay.enabled and money(owed) in pay.label
        # Declaring bankruptcy asks first (it ends the game): the question says what it means,
        # the toolbar turns into yes and no; «no» (or Esc) leaves the debt as it was.
        declare = next(b for b in scene.moves if isinstance(b.intent, DeclareBankruptcy))
        question = scene.decision.question
        drive.click_button(declare)
        drive.click_button(declare)       # a double click does not declare
        await drive.frames()
        assert scene.decision.question == t["confirm_bankruptcy_question"]
        assert [b.label for b in scene.decision.confirm] == [t["confirm_bankruptcy"], t["cancel"]]
        assert scene.my_bankruptcy is None and game.debts
        drive.click_button(scene.decision.confirm[1])
        await drive.frames()
        assert scene.decision.question == question and not scene.decision.confirm
        drive.click_button(declare)
        await drive.frames()
        drive.key(pygame.K_ESCAPE)
        await drive.frames()
        assert scene.decision.question == question and scene.my_bankruptcy is None
        # Declared: a panel that says it all, and the table waits for it.
        drive.click_button(declare)
        await drive.frames()
        drive.click_button(scene.decision.confirm[0])
        await drive.frames(3)
        assert scene.my_bankruptcy is not None
        title, lines, _ = scene.bankruptcy_words()
        assert title == form("uk", t["bankruptcy"]["title_you"], gender=scene.genders[table.me])
        assert money(owed) in lines[0] and whom in " ".join(lines)
        held = table.records
        await drive.frames(WATCH_FRAMES)
        assert table.records == held, "the computer players wait while the bankruptcy is up"
        watch, finish, leave = scene.bankruptcy_buttons
        assert finish.label == t["bankruptcy"]["finish"], "only computer players are left"
        drive.click_button(watch)
        await drive.frames(WATCH_FRAMES)
        assert scene.my_bankruptcy is None and table.records > held, "the game goes on to be watched"
        assert scene.decision.question == t["prompts"]["out"]
        nursery.cancel_scope.cancel()


async def test_ui_bankruptcy_in_one_move_is_told(autojump_clock) -> None:
    surface = init_pygame()
    table = warm_until(1, "uk", _nearly_broke, spendthrift)
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    play_on(scene, table, lambda s: s.my_bankruptcy is not None, person=spendthrift)
    assert scene.my_bankruptcy is not None
    bankrupt = next(b for b in scene.stats.bankruptcies if b.seat == table.me)
    title, lines, _ = scene.bankruptcy_words()
    # Owed more than could be raised: both figures, to whom, and where everything went.
    assert bankrupt.owed is not None and bankrupt.raisable < bankrupt.owed
    assert money(bankrupt.owed) in lines[0] and money(bankrupt.raisable) in lines[0]
    t = ui_words("uk")
    b = t["bankruptcy"]
    whom = t["bank"] if bankrupt.creditor is None else scene.names[bankrupt.creditor]
    assert whom in lines[0]
    handed = b["to_bank"] if bankrupt.creditor is None else b["to_player"]
    assert any(line.startswith(handed.split("{")[0]) or (bankrupt.creditor is not None and whom in line)
               for line in lines[1:])
    drive = Driver(app, surface)
    await drive.frames()
    assert table.hold, "the table waits while the person reads"


async def test_ui_other_players_bankruptcy_is_announced(autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk")
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    play_on(scene, table, lambda s: s.card is not None and s.card.kind is CardKind.BANKRUPTCY)
    assert scene.card is not None
    moment = scene._shown(scene.card)
    seat = next(b.seat for b in reversed(scene.stats.bankruptcies))
    assert seat != table.me and scene.names[seat] in moment.title
    assert scene.playback.holding and table.hold
    # The panel does not wait for the player gone out: it names whom the table waits for
    # now (seed 1: another computer player), as the board's centre does.
    t = ui_words("uk")
    now = table.game.main_seat()
    assert now is not None and now not in (seat, table.me)
    assert scene.decision.question == t["prompts"]["waiting"].format(name=scene.names[now])
    drive = Driver(app, surface)
    await drive.frames()
    assert scene.centre.card_room is not None


async def test_ui_fortune_card_is_shown_and_the_table_waits(autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk")
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    play_on(scene, table, lambda s: s.card is not None and s.card.kind is CardKind.FORTUNE)
    assert scene.card is not None and scene.playback.holding and table.hold
    moment = scene._shown(scene.card)
    texts = {card_text(table.game.rules, c.id, "uk") for c in table.game.rules.cards}
    assert moment.lines[0] in texts
    drive = Driver(app, surface)
    before = table.records
    await drive.frames(2)
    assert table.records == before


async def test_ui_dice_tumble_before_the_token_walks() -> None:
    init_pygame()
    table = warm_table(seed=1, lang="uk")
    app = App((1280, 800), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    play_on(scene, table, lambda s: s.dice.busy)
    walks = scene.playback.walks
    start = list(walks.cell)
    seen_faces = set()
    while scene.dice.busy:
        assert walks.cell == start and not walks.busy, "the token waits for the dice"
        seen_faces.add(faces(scene.dice))
        scene.update(0.02)
    assert len(seen_faces) > 3, "the dice show several faces while they tumble"
    assert walks.busy or walks.cell != start


def test_ui_a_card_drawn_after_another_shows_at_once() -> None:
    """Two cards drawn one after the other (a card sending the token to another Фортуна):
    the second replaces the first once the table has waited for it, never later, so no
    card is shown after the game has moved on."""
    from zemlevlasnyk.engine.events import CardDrawn
    from zemlevlasnyk.ui.sessions.playback import CARD_HOLD
    init_pygame()
    table = warm_table(seed=1, lang="uk")
    app = App((1280, 800), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    other = next(s for s in range(table.game.players) if s != table.me)
    rules = table.game.rules
    scene.playback.add([CardDrawn(other, "dividends"), CardDrawn(other, "inheritance")])
    scene.update(0.0)
    assert scene.card is not None
    assert scene._shown(scene.card).lines == [card_text(rules, "dividends", "uk")] and scene.busy
    scene.update(CARD_HOLD + 0.01)
    scene.update(0.0)
    assert scene.card is not None
    assert scene._shown(scene.card).lines == [card_text(rules, "inheritance", "uk")]
    assert not scene.playback.timeline

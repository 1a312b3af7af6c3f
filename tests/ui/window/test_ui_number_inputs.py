"""Every number input takes typing, the wheel, hold-to-repeat and sensible steps (issue 19,
friction 5), driven by real pygame events: the house rules' turn cap (0-5 000) moved by 1 a
click with no wheel and no repeat; a trade's money ignored the wheel and holding, and the
sentence beside a typed amount stayed stale until «Далі…»; the auction's bid and the
settings' volume are the same control."""
from __future__ import annotations

import pygame
from helpers.ui import Driver, drawn_texts, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.kit.widgets import HOLD_DELAY, Stepper
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.rules import RulesScene
from zemlevlasnyk.ui.scenes.settings import SettingsScene
from zemlevlasnyk.ui.scenes.setup import SetupScene
from zemlevlasnyk.ui.scenes.table.choices import BID, TRADE, bid_step
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.scenes.trade import TradeScene
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Gender, Settings
from zemlevlasnyk.ui.shots.render import _my_auction, warm_table
from zemlevlasnyk.ui.words.text import money, ui_words

# Frames of 0.1 s (helpers.ui.FRAME) a sign is held in the tests: 3 s.
HELD_FRAMES = 30


def _app(lang: str = "uk") -> tuple[App, Driver]:
    surface = init_pygame()
    app = App(surface.get_size(), settings=Settings(lang=lang, name="Ярина", gender=Gender.FEMININE),
              spawn=lambda fn: None, save=lambda s: None)
    return app, Driver(app, surface)


async def _hold(drive: Driver, pos: tuple[int, int], frames: int = HELD_FRAMES) -> None:
    drive.press(pos)
    await drive.frames(frames, draw=False)
    drive.release(pos)
    await drive.frames(draw=False)


async def _type(drive: Driver, stepper: Stepper, digits: str) -> None:
    drive.click(stepper.rect.center)
    for d in digits:
        drive.key(getattr(pygame, f"K_{d}"), d)
    await drive.frames()


async def test_ui_turn_cap_steps_wheels_repeats_and_takes_typing(autojump_clock) -> None:
    app, drive = _app()
    app.push(MenuScene(app))
    app.go(nav.Setup())
    setup = app.top
    assert isinstance(setup, SetupScene)
    await drive.frames()
    drive.click_button(setup.change_rules)
    await drive.frames()
    dialog = app.top
    assert isinstance(dialog, RulesScene)
    cap = dialog.controls["turn_cap"]
    assert isinstance(cap, Stepper)
    spec = next(s for s in dialog.choice.specs() if s.name == "turn_cap")

    def chosen() -> int:
        return int(dialog.choice.value(spec))

    drive.click(cap.plus.center)
    await drive.frames()
    assert chosen() == cap.value == 10, "a round tenth of the range, not 1"
    drive.wheel(cap.rect.center, 3)
    await drive.frames()
    assert chosen() == 40
    drive.wheel(cap.rect.center, -1)
    await drive.frames()
    assert chosen() == 30
    drive.wheel((cap.rect.left - 200, cap.rect.top - 60), 5)
    await drive.frames()
    assert chosen() == 30, "the wheel moves only the input under the pointer"
    # Held down, + repeats, faster the longer: 0-5 000 in seconds.
    await _hold(drive, cap.plus.center)
    held = chosen()
    assert held >= 1000 and held % 10 == 0, held
    await drive.frames(10, draw=False)
    assert chosen() == held, "released, it stops"
    drive.click(cap.plus.center)
    await drive.frames(int(HOLD_DELAY * 10) - 1, draw=False)
    assert chosen() == held + 10, "a click is one step, not a hold"
    await _hold(drive, cap.minus.center, frames=80)
    assert chosen() == 0 == cap.lo
    # Typed digits count at once, before Enter, in range.
    await _type(drive, cap, "250")
    assert chosen() == 250 and cap.typing == "250"
    assert "250▏" in drawn_texts(app, drive.surface)
    await _type(drive, cap, "99999")
    assert chosen() == 5000
    drive.key(pygame.K_RETURN)
    await drive.frames()
    assert cap.typing is None and chosen() == cap.value == 5000


async def test_ui_trade_money_wheels_repeats_and_says_a_typed_amount_at_once(autojump_clock) -> None:
    t = ui_words("uk")
    app, drive = _app()
    table = warm_table(seed=1, lang="uk")
    scene = TableScene(app, table)
    app.push(scene)
    await drive.frames()
    drive.click_button(next(b for b in scene.extras if b.intent is TRADE))
    await drive.frames()
    dialog = app.top
    assert isinstance(dialog, TradeScene)
    drive.click_button(next(b for b in dialog.partner_buttons if b.enabled))
    await drive.frames()
    stepper = dialog.money
    step = bid_step(table.game.rules)
    partner = dialog.names[dialog.partner]
    drive.click_button(next(b for b in dialog.theirs if b.enabled))
    await drive.frames()
    assert stepper.hi >= 8 * step, "the person's cash leaves room to step"
    await _type(drive, stepper, "3000")
    assert t["trade_money_you_pay"].format(amount=money(3000)) in drawn_texts(app, drive.surface)
    proposal = dialog.proposal()
    assert proposal is not None and proposal.money == 3000 and dialog.next.enabled
    drive.key(pygame.K_RETURN)
    drive.wheel(stepper.rect.center, 2)
    await drive.frames()
    assert stepper.value == 3000 + 2 * step
    await _hold(drive, stepper.plus.center, frames=10)
    assert stepper.value >= min(stepper.hi, 3000 + 2 * step + 5 * step)
    # Below zero the partner pays; typing keeps that side.
    stepper.value = 0
    await _hold(drive, stepper.minus.center, frames=6)
    assert stepper.value < 0
    await _type(drive, stepper, "3000")
    assert stepper.current == -3000
    assert t["trade_money_they_pay"].format(name=partner, amount=money(3000)) in drawn_texts(app, drive.surface)


async def test_ui_bid_stepper_takes_the_wheel_and_holding(autojump_clock) -> None:
    app, drive = _app()
    table = warm_table(seed=1, lang="uk", until=_my_auction)
    scene = TableScene(app, table)
    app.push(scene)
    await drive.frames()
    stepper = scene.decision.stepper
    step = bid_step(table.game.rules)
    first = stepper.value
    drive.wheel(stepper.rect.center, 2)
    await drive.frames()
    assert stepper.value == min(stepper.hi, first + 2 * step)
    bid = next(b for b in scene.moves if b.intent is BID)
    assert money(stepper.value) in bid.label
    before = stepper.value
    await _hold(drive, stepper.plus.center, frames=12)
    assert stepper.value >= min(stepper.hi, before + 5 * step)
    assert money(stepper.value) in bid.label
    await _type(drive, stepper, str(stepper.lo + step))
    assert money(stepper.lo + step) in bid.label, "the bid button says a typed amount at once"


async def test_ui_volume_takes_the_wheel_holding_and_typing(autojump_clock) -> None:
    app, drive = _app()
    app.push(MenuScene(app))
    app.push(SettingsScene(app))
    await drive.frames()
    scene = app.top
    assert isinstance(scene, SettingsScene)
    volume = scene.volume
    start = app.settings.volume
    drive.wheel(volume.rect.center, -2)
    await drive.frames()
    assert app.settings.volume == max(0, start - 2 * volume.step)
    await _hold(drive, volume.minus.center)
    assert app.settings.volume == 0
    await _type(drive, volume, "35")
    assert app.settings.volume == 35

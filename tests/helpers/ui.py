"""Driving the game window headless in tests: real pygame events in, fixed frame times.

Import this before pygame: it selects SDL's dummy video and audio drivers.
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import time  # noqa: E402
from collections.abc import AsyncIterator, Callable  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import trio  # noqa: E402

from zemlevlasnyk.engine import AcceptDraw, Action, Bid, Build, Game  # noqa: E402
from zemlevlasnyk.p2p.core.errors import Code, local  # noqa: E402
from zemlevlasnyk.ui.kit.widgets import Button, record_text  # noqa: E402
from zemlevlasnyk.ui.scenes.table.cards import Pick  # noqa: E402
from zemlevlasnyk.ui.scenes.table.choices import AMOUNT, BID, RESIGN, TRADE, Intent  # noqa: E402
from zemlevlasnyk.ui.scenes.table.pick import KINDS, OpenChoices  # noqa: E402
from zemlevlasnyk.ui.scenes.table.scene import TableScene  # noqa: E402
from zemlevlasnyk.ui.shell.app import App  # noqa: E402

SIZE = (1280, 800)
# A frame of 0.1 s: coarse enough to keep games quick, fine enough for BOT_PACE (0.35 s).
FRAME = 0.1
# A frame waits for a computer player's thought this long at most (real seconds: a hard
# player's takes under 0.2 s), looking this often.
THINK_WAIT_SECONDS = 5.0
THINK_LOOK_SECONDS = 0.0005
# A whole game needs a few thousand frames; more than this means it is stuck.
GAME_FRAMES = 40_000


def init_pygame(size: tuple[int, int] = SIZE) -> pygame.Surface:
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(size)
    pygame.event.clear()   # events an earlier test posted and never handled are not this test's
    return surface


class Driver:
    """An `App` fed by posted pygame events, one fixed-length frame at a time."""

    def __init__(self, app: App, surface: pygame.Surface) -> None:
        self.app = app
        self.surface = surface
        self.frame_count = 0

    def click(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def press(self, pos: tuple[int, int]) -> None:
        """The left button goes down at `pos` and stays down (`release` lets it go)."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))

    def release(self, pos: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))

    def wheel(self, pos: tuple[int, int], notches: int) -> None:
        """The pointer moves to `pos` and the wheel turns `notches` (up: more than 0)."""
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        step = 1 if notches > 0 else -1
        for _ in range(abs(notches)):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=step, flipped=False))

    def click_button(self, button: Button) -> None:
        assert button.enabled, f"button {button.label!r} is disabled"
        self.click(button.rect.center)

    def key(self, key: int, text: str = "") -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, unicode=text, mod=0, scancode=0))

    def type_text(self, text: str) -> None:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))

    async def frames(self, n: int = 1, *, draw: bool = True) -> None:
        for _ in range(n):
            for event in pygame.event.get():
                self.app.handle_event(event)
            self.app.update(FRAME)
            if draw:
                self.app.draw(self.surface)
            self.frame_count += 1
            self._wait_for_thinking()
            await trio.sleep(FRAME)

    def _wait_for_thinking(self) -> None:
        """A computer player thinks in a worker thread, in real time, which trio's
        `autojump_clock` would skip past frame by frame: a frame waits (in real time, trio
        stopped) for the thought, as a frame of a fast machine would not have to, so that
        tests count the frames a move takes as they did with thinking on the loop."""
        for scene in self.app.scenes:
            handle = getattr(getattr(scene, "table", None), "handle", None)
            limit = time.monotonic() + THINK_WAIT_SECONDS
            while getattr(handle, "thinking", False) and time.monotonic() < limit:
                time.sleep(THINK_LOOK_SECONDS)

    async def until(self, done: Callable[[], bool], seconds: float = 60.0, *, what: str = "") -> None:
        """Run frames (drawing one in ten) until `done()`, at most `seconds` of trio time."""
        try:
            with trio.fail_after(seconds):
                while not done():
                    await self.frames(draw=self.frame_count % 10 == 0)
        except trio.TooSlowError:
            if what:
                raise trio.TooSlowError(f"not within {seconds:g} s: {what}") from None
            raise


def open_app(nursery: trio.Nursery, surface: pygame.Surface, lang: str = "uk") -> tuple[App, Driver]:
    """A window whose tasks run in `nursery`, and its driver."""
    app = App(surface.get_size(), lang=lang, spawn=nursery.start_soon)
    return app, Driver(app, surface)


def check_buttons_legal(game: Any, seat: int, buttons: list[Button], bid_value: int | None = None) -> None:
    """Every enabled button stands for something `game.legal(seat)` allows."""
    legal = game.legal(seat)
    for b in buttons:
        if not b.enabled:
            continue
        intent = b.intent
        if isinstance(intent, Bid):
            assert legal.bid is not None and legal.bid[0] <= intent.amount <= legal.bid[1], b.label
        elif isinstance(intent, Action) and legal.amount is not None and hasattr(intent, "amount"):
            # A decision naming an amount (a deposit, a bet): the engine's action for it, in range.
            assert legal.amount[0] <= intent.amount <= legal.amount[1], b.label
            assert game.amount_action(seat, intent.amount) == intent, b.label
        elif isinstance(intent, Action):
            assert intent in legal.actions, f"button {b.label!r} offers {intent!r}, not legal"
        elif intent is BID:
            assert legal.bid is not None
            if bid_value is not None:
                assert legal.bid[0] <= bid_value <= legal.bid[1]
        elif intent is AMOUNT:
            assert legal.amount is not None
            if bid_value is not None:
                assert legal.amount[0] <= bid_value <= legal.amount[1]
        elif isinstance(intent, OpenChoices):
            kind = next(a for a, k in KINDS.items() if k == intent.kind)
            assert any(isinstance(a, kind) for a in legal.actions), f"{b.label!r}: no such choice is legal"
        elif intent is TRADE:
            assert legal.trade_partners
        elif intent is RESIGN:
            assert any(type(a).__name__ == "Resign" for a in legal.actions)
        elif isinstance(intent, Pick):
            assert any(getattr(a, "card", None) == intent.card for a in legal.actions), b.label
        else:
            assert isinstance(intent, Intent), f"button {b.label!r} has an unknown intent {intent!r}"


def _my_buttons(scene: TableScene) -> list[Button]:
    return [*scene.moves, *scene.decision.raises, *scene.extras, *scene.deed]


async def person_decides(drive: Driver, app: App, scene: TableScene,
                         frames: int = GAME_FRAMES) -> AsyncIterator[Game]:
    """The game, each frame (of at most `frames`) at which the window has caught up with the
    table and the person has a decision to make; until the scene is left (the results)."""
    for _ in range(frames):
        await drive.frames(draw=drive.frame_count % 25 == 0)
        if app.top is not scene:
            return
        game = scene.game
        if scene.busy or game.outcome() is not None or scene.seen != scene.table.records:
            continue  # the window has not caught up with the table yet
        if scene.me in {d.seat for d in game.pending()}:
            yield game


async def click_through_game(drive: Driver, app: App, scene: TableScene) -> tuple[int, int]:
    """Click the first enabled move whenever the person must decide (building whenever the
    engine allows it, so the game ends); the number of clicks and of buttons checked."""
    clicks = checked = 0
    async for game in person_decides(drive, app, scene):
        buttons = _my_buttons(scene)
        check_buttons_legal(game, scene.me, buttons, scene.decision.stepper.value)
        checked += len(buttons)
        if scene.decision.confirm:
            drive.click_button(scene.decision.confirm[0])    # a bankruptcy, confirmed
            clicks += 1
            continue
        builds = [a for a in game.legal(scene.me).actions if isinstance(a, Build)]
        if builds and scene.selected != builds[0].cell:
            drive.click(scene.geo.places[builds[0].cell].rect.center)
        elif builds:
            drive.click_button(next(b for b in scene.deed if isinstance(b.intent, Build)))
        else:
            if scene.selected is not None:
                drive.key(pygame.K_ESCAPE)
            move = next(b for b in scene.moves if b.enabled and not isinstance(b.intent, AcceptDraw))
            drive.click_button(move)
        clicks += 1
    return clicks, checked


def _catalogue_strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _catalogue_strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _catalogue_strings(v)]
    return []


def cut_short(texts: Any, lang: str) -> list[str]:
    """Texts drawn with an end cut off («…» where the catalogue has none): a name, a figure
    or a sentence the player cannot read whole. The last line of a wrapped catalogue text
    that ends in «…» is its own end, not cut short."""
    from zemlevlasnyk.ui.words.text import catalogue
    own = {text for text in _catalogue_strings(catalogue(lang)) if text.endswith("…")}
    # A text with fields («{card}»: обрати…) ends in its own words after its last field.
    tails = {text.rsplit("}", 1)[1] for text in own if "}" in text}
    return sorted({t.text for t in texts if t.text.endswith("…") and not any(o.endswith(t.text) for o in own)
                   and not any(len(tail) > 1 and t.text.endswith(tail) for tail in tails)})


def assert_texts_fit(app: App, surface: pygame.Surface, lang: str) -> None:
    """One frame of `app` drawn with every text in its box, none on another, none cut short."""
    from zemlevlasnyk.ui.kit.text_audit import auditing
    with auditing() as audit:
        app.draw(surface)
    assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == []
    assert [(a.text, b.text) for a, b in audit.overlapping()] == []
    assert cut_short(audit.texts, lang) == []


def drawn_texts(app: App, surface: pygame.Surface) -> str:
    """Every text the window draws in one frame, joined by spaces."""
    with record_text() as drawn:
        app.draw(surface)
    return " ".join(d.text for d in drawn)


async def unreachable() -> trio.abc.Stream:
    """A dialler for a host that is gone: the connection is refused."""
    raise local(Code.CLOSED, "cannot reach the host: connection refused")

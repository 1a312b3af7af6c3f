"""Driving the game window headless in tests: real pygame events in, fixed frame times.

Import this before pygame: it selects SDL's dummy video and audio drivers.
"""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import trio  # noqa: E402

from zemlevlasnyk.engine import Action, Bid  # noqa: E402
from zemlevlasnyk.p2p.errors import Code, local  # noqa: E402
from zemlevlasnyk.ui.app import App  # noqa: E402
from zemlevlasnyk.ui.decisions import BID, RESIGN, TRADE, Intent  # noqa: E402
from zemlevlasnyk.ui.widgets import Button, record_text  # noqa: E402

SIZE = (1280, 800)
# A frame of 0.1 s: coarse enough to keep games quick, fine enough for BOT_PACE (0.35 s).
FRAME = 0.1


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
            await trio.sleep(FRAME)


def check_buttons_legal(game: Any, seat: int, buttons: list[Button], bid_value: int | None = None) -> None:
    """Every enabled button stands for something `game.legal(seat)` allows."""
    legal = game.legal(seat)
    for b in buttons:
        if not b.enabled:
            continue
        intent = b.intent
        if isinstance(intent, Bid):
            assert legal.bid is not None and legal.bid[0] <= intent.amount <= legal.bid[1], b.label
        elif isinstance(intent, Action):
            assert intent in legal.actions, f"button {b.label!r} offers {intent!r}, not legal"
        elif intent is BID:
            assert legal.bid is not None
            if bid_value is not None:
                assert legal.bid[0] <= bid_value <= legal.bid[1]
        elif intent is TRADE:
            assert legal.trade_partners
        elif intent is RESIGN:
            assert any(type(a).__name__ == "Resign" for a in legal.actions)
        else:
            assert isinstance(intent, Intent), f"button {b.label!r} has an unknown intent {intent!r}"


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
    from zemlevlasnyk.ui.text import catalogue
    own = {text for text in _catalogue_strings(catalogue(lang)) if text.endswith("…")}
    return sorted({t.text for t in texts if t.text.endswith("…") and not any(o.endswith(t.text) for o in own)})


def drawn_texts(app: App, surface: pygame.Surface) -> str:
    """Every text the window draws in one frame, joined by spaces."""
    with record_text() as drawn:
        app.draw(surface)
    return " ".join(d.text for d in drawn)


async def until(done: Callable[[], bool], seconds: float = 60, *, step: float = 0.1) -> None:
    """Wait (trio time: virtual under autojump_clock) until `done()`, at most `seconds`."""
    with trio.fail_after(seconds):
        while not done():
            await trio.sleep(step)


async def unreachable() -> trio.abc.Stream:
    """A dialler for a host that is gone: the connection is refused."""
    raise local(Code.CLOSED, "cannot reach the host: connection refused")

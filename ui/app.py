"""The game window: the scene stack, and the pygame loop with trio running inside it.

`App` owns the stack of scenes and hands them input, time and the surface. `run_window`
opens the window and runs trio in guest mode (`trio.lowlevel.start_guest_run`): trio
hands its callbacks to the pygame loop, which runs them on the main thread between frames,
so every SDL call stays on that thread while tables (in-process today, over the network
later) run as trio tasks.

The window draws only when something changed: after input, after trio ran callbacks (a
table's news), while a scene moves (`Scene.next_frame() == 0`) or when a scene's own
deadline comes (a clock's next second). In between it sleeps in SDL's event wait, so an
idle table costs next to nothing.
"""
from __future__ import annotations

import os

# pygame prints a banner on import unless told not to; the window is not a place for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import math  # noqa: E402
import queue  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import trio  # noqa: E402

from . import nav  # noqa: E402
from .router import route  # noqa: E402
from .scenes.base import Scene, Spawn  # noqa: E402

# The window opens at this size; layouts hold down to MIN_SIZE.
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
FPS = 60
# A frame longer than this (the window was dragged, the laptop slept) counts as this long,
# so animations do not jump.
MAX_FRAME = 0.1
# The longest the loop sleeps with nothing to do: short enough that Ctrl-C (handled in
# Python, between SDL calls) is felt at once, long enough to cost nothing.
IDLE_WAIT = 0.25

# SDL falls back to these when it finds no screen: a window there is invisible. They are
# used only when asked for by name (SDL_VIDEODRIVER), as tests do.
HEADLESS_DRIVERS = ("offscreen", "dummy")


class NoDisplay(Exception):
    """No screen to open a window on."""


class App:
    """The scene stack and what scenes share: language, the window size, the trio spawner."""

    def __init__(self, size: tuple[int, int], *, lang: str, spawn: Spawn,
                 interfaces: list[str] | None = None) -> None:
        self.lang = lang
        # `--interface` addresses for friends mode (None: ZEMLEVLASNYK_INTERFACES, else the LAN).
        self.interfaces = interfaces
        self.size = size
        self.spawn = spawn
        self.scenes: list[Scene] = []
        self.mouse = (0, 0)
        self.running = True
        # Called once by `quit` (the loop's way to end the trio run without polling).
        self.on_quit: Callable[[], None] | None = None

    @property
    def top(self) -> Scene:
        return self.scenes[-1]

    def push(self, scene: Scene) -> None:
        scene.layout(self.size)
        self.scenes.append(scene)

    def pop(self) -> None:
        self.scenes.pop()

    def reset(self, scene: Scene) -> None:
        """Show `scene` alone (back to the menu, on to the results)."""
        self.scenes.clear()
        self.push(scene)

    def quit(self) -> None:
        self.running = False
        if self.on_quit is not None:
            self.on_quit()
            self.on_quit = None

    def go(self, to: nav.Nav) -> None:
        """Where a scene asked to go (see `ui.nav` and `ui.router`)."""
        route(self, to)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.scenes:
            scene.layout(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if self.scenes:
            self.top.handle_event(event)

    def update(self, dt: float, *, slept: bool = False) -> None:
        """Move time on by `dt`. A frame that ran long while something moved counts as
        MAX_FRAME; time the loop `slept` on purpose (nothing moved) counts in full."""
        if self.scenes:
            self.top.update(dt if slept else min(dt, MAX_FRAME))

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def visible(self) -> list[Scene]:
        """The scenes drawn: the top screen and the dialogs over it."""
        first = max((i for i, s in enumerate(self.scenes) if not s.overlay), default=0)
        return self.scenes[first:]

    def next_frame(self) -> float:
        """Seconds until the window must be drawn again with no input (0: now, every frame)."""
        return min((s.next_frame() for s in self.visible()), default=math.inf)


def open_window(size: tuple[int, int] = DEFAULT_SIZE) -> pygame.Surface:
    """Initialise pygame and open the window; `NoDisplay` when there is no screen."""
    requested = os.environ.get("SDL_VIDEODRIVER")
    if sys.platform.startswith("linux") and not (requested or os.environ.get("DISPLAY")
                                                 or os.environ.get("WAYLAND_DISPLAY")):
        raise NoDisplay("neither DISPLAY nor WAYLAND_DISPLAY is set")
    try:
        pygame.display.init()
        pygame.font.init()
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as exc:
        pygame.quit()
        raise NoDisplay(str(exc) or "no video device") from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and driver != requested:
        pygame.quit()
        raise NoDisplay(f"SDL found only its {driver!r} video driver")
    pygame.display.set_caption("Землевласник")
    with warnings.catch_warnings():
        # pygame-ce 2.5 sets a display-module window's minimum size only through this
        # (deprecated for drawing, which we do not do through it).
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_SIZE
    pygame.key.set_repeat(400, 40)
    return surface


def run_window(*, lang: str = "uk", first: nav.Nav | Callable[[App], Scene] | None = None,
               interfaces: list[str] | None = None) -> int:
    """Open the window on the main menu (or where `first` leads, or on the scene
    `first(app)` makes) and play until it is closed."""
    surface = open_window()
    wake = pygame.event.custom_type()
    calls: queue.SimpleQueue[Callable[[], Any]] = queue.SimpleQueue()

    def run_sync_soon_threadsafe(fn: Callable[[], Any]) -> None:
        calls.put(fn)
        pygame.event.post(pygame.event.Event(wake))  # wake the loop if it waits for input

    finished: list[Any] = []
    app_box: list[App] = []

    async def trio_main() -> None:
        token = trio.lowlevel.current_trio_token()
        closed = trio.Event()
        async with trio.open_nursery() as nursery:
            app = App(surface.get_size(), lang=lang, interfaces=interfaces,
                      spawn=lambda fn: token.run_sync_soon(nursery.start_soon, fn))
            # The window's code runs outside trio's context: it reaches trio through the token.
            app.on_quit = lambda: token.run_sync_soon(closed.set)
            app_box.append(app)
            if first is None or isinstance(first, nav.Nav):
                app.go(first or nav.Menu())
            else:
                app.push(first(app))
            if app.running:
                await closed.wait()
            nursery.cancel_scope.cancel()

    trio.lowlevel.start_guest_run(trio_main, run_sync_soon_threadsafe=run_sync_soon_threadsafe,
                                  done_callback=finished.append, host_uses_signal_set_wakeup_fd=False)
    clock = pygame.time.Clock()
    last = time.perf_counter()
    due = 0.0               # when a scene wants its next frame (perf_counter seconds)
    wanted = 0.0
    waited: list[pygame.event.Event] = []
    try:
        while not finished:
            news = not calls.empty()
            while not calls.empty():
                calls.get()()
            app = app_box[0] if app_box else None
            events = waited + pygame.event.get()
            waited = []
            for event in events:
                if app is None or event.type == wake:
                    continue
                if event.type == pygame.QUIT:
                    app.quit()
                elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                    app.resize(surface.get_size())
                else:
                    app.handle_event(event)
            now = time.perf_counter()
            dt, last = now - last, now
            if app is None or not app.running:
                clock.tick(FPS)
                continue
            app.update(dt, slept=wanted > 0)
            wanted = app.next_frame()
            if news or events or wanted == 0 or now >= due:
                app.draw(surface)
                pygame.display.flip()
            due = now + wanted
            if wanted == 0:
                clock.tick(FPS)
            else:
                # Sleep in SDL until input, a trio callback (posted as `wake`) or the deadline.
                wait = min(wanted, IDLE_WAIT)
                event = pygame.event.wait(max(1, round(wait * 1000)))
                if event.type != pygame.NOEVENT:
                    waited.append(event)
    finally:
        pygame.quit()
    try:
        finished[0].unwrap()
    except BaseExceptionGroup as group:
        # Ctrl-C reaches us through trio's nursery; say it plainly, as the commands expect.
        _, rest = group.split(KeyboardInterrupt)
        if rest is None:
            raise KeyboardInterrupt from None
        raise
    return 0


def main(interfaces: list[str] | None = None) -> int:
    """The bare `zemlevlasnyk` command: the window on the main menu."""
    try:
        return run_window(interfaces=interfaces)
    except NoDisplay as exc:
        print(f"zemlevlasnyk: {no_display_message(str(exc))}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("zemlevlasnyk: interrupted", file=sys.stderr)
        return 130


def no_display_message(detail: str) -> str:
    return (f"no display to open the game window on ({detail}); run it in a desktop session "
            "(with DISPLAY or WAYLAND_DISPLAY set), or see `zemlevlasnyk --help` for headless commands")

"""The game window: the scene stack and its settings, and the pygame loop with trio running
inside it.

`App` owns the stack of scenes and hands them input, time and the surface; scenes reach
it as a `SceneHost` and move about with `go(nav...)` (see `ui.shell.router`). It also owns the
window's settings (`ui.shell.settings`): a change takes effect at once (a new language relabels
every scene, full screen switches) and is saved. F11 and Alt+Enter switch full screen
before any scene sees the key, so Alt+Enter never rolls the dice.

`run_window` opens the window (`ui.shell.display`) and runs trio in guest mode
(`trio.lowlevel.start_guest_run`): trio hands its callbacks to the pygame loop, which runs
them on the main thread between frames, so every SDL call stays on that thread while
tables run as trio tasks.

The window draws only when something changed: after input, after trio ran callbacks (a
table's news), while a scene moves (`Scene.next_frame() == 0`) or when a scene's own
deadline comes (a clock's next second). In between it sleeps in SDL's event wait, so an
idle table costs next to nothing.
"""
from __future__ import annotations

import os

# pygame prints a banner on import unless told not to; the window is not a place for it.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import dataclasses  # noqa: E402
import logging  # noqa: E402
import math  # noqa: E402
import queue  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import trio  # noqa: E402

from zemlevlasnyk.ui.scenes.base import Scene, Spawn  # noqa: E402
from zemlevlasnyk.ui.shell import display, nav, sound  # noqa: E402
from zemlevlasnyk.ui.shell.logs import log_to_file  # noqa: E402
from zemlevlasnyk.ui.shell.router import route  # noqa: E402
from zemlevlasnyk.ui.shell.settings import Settings, load_settings, save_settings  # noqa: E402
from zemlevlasnyk.ui.words.language import preferred_language  # noqa: E402
from zemlevlasnyk.ui.words.text import Say, catalogue, ui_words  # noqa: E402

FPS = 60
# A frame longer than this (the window was dragged, the laptop slept) counts as this long,
# so animations do not jump.
MAX_FRAME = 0.1
# The longest the loop sleeps with nothing to do: short enough that Ctrl-C (handled in
# Python, between SDL calls) is felt at once, long enough to cost nothing.
IDLE_WAIT = 0.25

log = logging.getLogger(__name__)


def is_fullscreen_key(event: pygame.event.Event) -> bool:
    """F11, or Alt+Enter (either Enter key)."""
    if event.type != pygame.KEYDOWN:
        return False
    alt = bool(getattr(event, "mod", 0) & pygame.KMOD_ALT)
    return event.key == pygame.K_F11 or (alt and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER))


def _apply_sound(settings: Settings) -> None:
    """The sound switch and volume of the settings, for every sound played from now on."""
    sound.set_enabled(settings.sound)
    sound.set_volume(settings.volume / 100)


class App:
    """The scene stack and what scenes share: the settings (language first), the window
    size, the mouse, the trio spawner."""

    def __init__(self, size: tuple[int, int], *, spawn: Spawn, lang: str | None = None,
                 settings: Settings | None = None, interfaces: list[str] | None = None,
                 save: Callable[[Settings], None] | None = None,
                 fullscreen: Callable[[bool], None] | None = None, keep_games: bool = False) -> None:
        """`lang` overrides the settings' language for this run (as `--lang` does);
        `save` keeps changed settings (none: they last while the window does);
        `fullscreen` switches the real window (none: only the setting changes);
        `keep_games`: games against the computer are saved in the data folder as they are
        played, signed by the default profile (none are, else: tests, screenshots)."""
        settings = settings or Settings(lang=lang or "uk")
        self.settings = settings if lang is None else dataclasses.replace(settings, lang=lang)
        # `--interface` addresses for friends mode (None: ZEMLEVLASNYK_INTERFACES, else the LAN).
        self.interfaces = interfaces
        self.size = size
        self.spawn = spawn
        self.keep_games = keep_games
        self.scenes: list[Scene] = []
        self.mouse = (0, 0)
        self.running = True
        # Called once by `quit` (the loop's way to end the trio run without polling).
        self.on_quit: Callable[[], None] | None = None
        # Why the settings could not be saved or read, for the settings scene to show.
        self.settings_problem: Say | None = None
        self._save = save
        self._fullscreen = fullscreen
        _apply_sound(self.settings)

    @property
    def lang(self) -> str:
        return self.settings.lang

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
        """Where a scene asked to go (see `ui.shell.nav` and `ui.shell.router`)."""
        route(self, to)

    def change_settings(self, new: Settings) -> None:
        """Apply new settings at once and keep them."""
        old, self.settings = self.settings, new
        _apply_sound(new)
        if new.lang != old.lang:
            for scene in self.scenes:
                scene.relabel()
                scene.layout(self.size)
        if new.fullscreen != old.fullscreen and self._fullscreen is not None:
            self._fullscreen(new.fullscreen)
        if self._save is not None and new != old:
            try:
                self._save(new)
                self.settings_problem = None
            except OSError as exc:
                log.warning("settings not saved: %s", exc)
                self.settings_problem = Say("settings.not_saved")

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.scenes:
            scene.layout(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.mouse = event.pos
        if is_fullscreen_key(event):
            self.change_settings(dataclasses.replace(self.settings, fullscreen=not self.settings.fullscreen))
            return
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


def run_window(*, lang: str | None = None, first: nav.Nav | Callable[[App], Scene] | None = None,
               interfaces: list[str] | None = None) -> int:
    """Open the window on the main menu (or where `first` leads, or on the scene
    `first(app)` makes) and play until it is closed. `lang` overrides the saved language
    for this run. The first run asks once for the name and the grammatical gender."""
    log_to_file()
    loaded = load_settings()
    if loaded.problem:
        log.warning("settings unreadable, using the defaults: %s", loaded.problem)
    display.open_window(fullscreen=loaded.settings.fullscreen)
    pygame.display.set_caption(ui_words(lang or loaded.settings.lang)["title"])
    wake = pygame.event.custom_type()
    calls: queue.SimpleQueue[Callable[[], object]] = queue.SimpleQueue()

    def run_sync_soon_threadsafe(fn: Callable[[], object]) -> None:
        calls.put(fn)
        pygame.event.post(pygame.event.Event(wake))  # wake the loop if it waits for input

    finished: list[Any] = []
    app_box: list[App] = []

    async def trio_main() -> None:
        token = trio.lowlevel.current_trio_token()
        closed = trio.Event()
        async with trio.open_nursery() as nursery:
            app = App(display.surface().get_size(), lang=lang, settings=loaded.settings,
                      interfaces=interfaces, save=save_settings, fullscreen=display.set_fullscreen, keep_games=True,
                      spawn=lambda fn: token.run_sync_soon(nursery.start_soon, fn))
            if loaded.problem:
                app.settings_problem = Say("settings.unreadable")
            # The window's code runs outside trio's context: it reaches trio through the token.
            app.on_quit = lambda: token.run_sync_soon(closed.set)
            app_box.append(app)
            if app.settings.gender is None and (first is None or isinstance(first, nav.Nav)):
                # The first run asks who the person is before anything else, a game the
                # command asked for too (`play` on a new profile): it starts on closing.
                app.go(nav.Menu())
                app.go(nav.Settings(welcome=True, then=first))
            elif first is None or isinstance(first, nav.Nav):
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
                    size = display.surface().get_size()
                    app.resize(size if app.settings.fullscreen else display.keep_minimum(size))
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
                app.draw(display.surface())
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


def main(interfaces: list[str] | None = None, lang: str | None = None) -> int:
    """The bare `zemlevlasnyk` command: the window on the main menu."""
    words = lang or preferred_language()
    try:
        return run_window(interfaces=interfaces, lang=lang)
    except display.NoDisplay as exc:
        log.warning("no display: %s", exc)
        print(f"zemlevlasnyk: {display.no_display_message(exc, words)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"zemlevlasnyk: {catalogue(words)['commands']['interrupted']}", file=sys.stderr)
        return 130

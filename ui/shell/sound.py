"""The game's sounds: which moment makes which sound, and playing them.

The sounds are WAV files in assets/sounds, made by our own code (tools/make_sounds.py).
The mixer opens on the first sound played; without an audio device the game is silent and
says nothing about it. `set_enabled` and `set_volume` are the switch and the volume the
settings and the table's mute button change (they last for the window's life; keeping
them between runs is the settings' business).
"""
from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from enum import StrEnum
from importlib import resources

import pygame

from zemlevlasnyk.engine import Event
from zemlevlasnyk.engine.events import (
    AuctionWon,
    Bought,
    Built,
    CardDrawn,
    DiceRolled,
    Paid,
    SentToJail,
    TurnStarted,
)

# The mixer's format: the files' own (22.05 kHz, 16-bit, mono), with a short buffer so a
# sound starts with the moment it belongs to.
RATE = 22050
BUFFER = 512
# Sounds played together at most (dice and a payment can overlap).
CHANNELS = 8
DEFAULT_VOLUME = 0.7
# The last cues played, kept for tests and for a look while debugging.
HISTORY = 32
# Payments that have a sound of their own (buying, building), or none.
QUIET_PAYMENTS = frozenset({"purchase", "building", "auction"})


class Cue(StrEnum):
    DICE = "dice"
    MONEY_IN = "money_in"
    MONEY_OUT = "money_out"
    BUY = "buy"
    BUILD = "build"
    JAIL = "jail"
    CARD = "card"
    YOUR_TURN = "your_turn"


class _Player:
    def __init__(self) -> None:
        self.enabled = True
        self.volume = DEFAULT_VOLUME
        self.ready: bool | None = None      # None: not tried yet
        self.sounds: dict[Cue, pygame.mixer.Sound] = {}
        self.history: deque[Cue] = deque(maxlen=HISTORY)

    def open(self) -> bool:
        if self.ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(RATE, -16, 1, BUFFER)
                pygame.mixer.set_num_channels(CHANNELS)
                for cue in Cue:
                    path = resources.files("zemlevlasnyk.assets") / "sounds" / f"{cue.value}.wav"
                    with resources.as_file(path) as real:
                        self.sounds[cue] = pygame.mixer.Sound(str(real))
                self.ready = True
                # The mixer dies with pygame.quit(); open it afresh after the next init.
                pygame.register_quit(self.forget)
            except (pygame.error, OSError, FileNotFoundError):
                self.ready = False
        return bool(self.ready)

    def forget(self) -> None:
        self.ready = None
        self.sounds.clear()


_player = _Player()


def set_enabled(on: bool) -> None:
    """Sound on or off (the mute switch)."""
    _player.enabled = on


def enabled() -> bool:
    return _player.enabled


def set_volume(volume: float) -> None:
    """The volume of every sound, 0 to 1."""
    _player.volume = min(1.0, max(0.0, volume))


def volume() -> float:
    return _player.volume


def play(cue: Cue) -> bool:
    """Play `cue` unless muted; False when nothing was played (muted, or no audio device)."""
    if not _player.enabled or _player.volume <= 0 or not _player.open():
        return False
    sound = _player.sounds[cue]
    sound.set_volume(_player.volume)
    sound.play()
    _player.history.append(cue)
    return True


def played() -> list[Cue]:
    """The last cues played, oldest first."""
    return list(_player.history)


def cues_for(events: Iterable[Event], me: int) -> list[Cue]:
    """The sounds a run of engine events makes for the person at seat `me`, in order, each
    at most once (two payments in one move sound as one)."""
    out: list[Cue] = []

    def add(cue: Cue) -> None:
        if cue not in out:
            out.append(cue)

    for e in events:
        if isinstance(e, DiceRolled):
            add(Cue.DICE)
        elif isinstance(e, Paid) and e.to_seat == me:
            add(Cue.MONEY_IN)
        elif isinstance(e, Paid) and e.from_seat == me and e.reason not in QUIET_PAYMENTS:
            add(Cue.MONEY_OUT)
        elif isinstance(e, (Bought, AuctionWon)):
            add(Cue.BUY)
        elif isinstance(e, Built):
            add(Cue.BUILD)
        elif isinstance(e, SentToJail):
            add(Cue.JAIL)
        elif isinstance(e, CardDrawn):
            add(Cue.CARD)
        elif isinstance(e, TurnStarted) and e.seat == me:
            add(Cue.YOUR_TURN)
    return out

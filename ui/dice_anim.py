"""Dice that tumble before they land: random faces turning and bouncing for a moment, then
the faces the engine rolled.

The tumbling faces are for show only and repeat exactly for the same roll (they come from
a small generator seeded by the roll's number), so screenshots and tests are stable.
"""
from __future__ import annotations

import math

import pygame

from .board import dice_rects, die_face

# How long the dice tumble: long enough to see them roll, short enough not to delay play.
TUMBLE_SECONDS = 0.6
# A tumbling die shows a new face this often.
FACE_SECONDS = 0.07
# How far a die bounces (share of its size) and how many bounces a tumble has.
BOUNCE = 0.35
BOUNCES = 2.5
# Turns a die makes while tumbling.
TURNS = 1.5


class DiceAnimator:
    def __init__(self, shown: tuple[int, int] | None = None) -> None:
        self.shown = shown          # the faces once landed (None: no roll yet)
        self.left = 0.0             # seconds of tumbling left
        self.seed = 0

    @property
    def busy(self) -> bool:
        return self.left > 0

    def roll(self, dice: tuple[int, int], seed: int, *, quick: bool = False) -> None:
        """Tumble towards `dice` (`quick`: land at once, when the window is behind the game)."""
        self.shown = dice
        self.seed = seed
        self.left = 0.0 if quick else TUMBLE_SECONDS

    def update(self, dt: float) -> None:
        self.left = max(0.0, self.left - dt)

    def faces(self) -> tuple[int, int] | None:
        if self.shown is None or not self.busy:
            return self.shown
        tick = int((TUMBLE_SECONDS - self.left) / FACE_SECONDS)
        state = (self.seed * 2654435761 + tick * 40503) & 0xFFFFFFFF
        return 1 + state % 6, 1 + (state >> 8) % 6

    def pose(self, die: int) -> tuple[float, float]:
        """(degrees turned, height of the bounce as a share of the die) for die 0 or 1."""
        if not self.busy:
            return 0.0, 0.0
        done = 1 - self.left / TUMBLE_SECONDS
        direction = 1 if die == 0 else -1
        angle = direction * 360 * TURNS * (1 - (1 - done) ** 2)
        bounce = BOUNCE * abs(math.sin(math.pi * BOUNCES * done)) * (1 - done)
        return angle, bounce

    def draw(self, surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
        faces = self.faces()
        if faces is None:
            return
        for n, (rect, value) in enumerate(zip(dice_rects(centre, size), faces, strict=True)):
            angle, bounce = self.pose(n)
            image = die_face(size, value)
            if angle:
                image = pygame.transform.rotate(image, angle)
            spot = image.get_rect(center=(rect.centerx, rect.centery - round(bounce * size)))
            surface.blit(image, spot)

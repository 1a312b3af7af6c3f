"""The dice drawn: while they tumble (`ui.sessions.playback.Dice`), random faces turning and
bouncing, then the faces the engine rolled; the speed die (option `speed_die`) third, red
as the official one, with its numbers, its landlord (a top hat) and its bus.

The tumbling faces are for show only and repeat exactly for the same roll (they come from
a small generator seeded by the roll's number), so screenshots and tests are stable.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from zemlevlasnyk.engine.state import BUS_FACE, LANDLORD, SPEED_FACES
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.scenes.table.board import PIPS, dice_rects, die_face
from zemlevlasnyk.ui.sessions.playback import Dice

# A tumbling die shows a new face this often.
FACE_SECONDS = 0.07
# How far a die bounces (share of its size) and how many bounces a tumble has.
BOUNCE = 0.35
BOUNCES = 2.5
# Turns a die makes while tumbling.
TURNS = 1.5
# The speed die's colours: red with white marks, as the official speed die, so it is never
# taken for a white die.
SPEED_BODY = theme.BUTTON_DANGER
SPEED_MARK = theme.CARD


def faces(dice: Dice) -> tuple[int, int] | None:
    """The faces shown now: the rolled ones once landed, else a tumbling pair."""
    if dice.shown is None or not dice.busy:
        return dice.shown
    state = _tumble(dice)
    return 1 + state % 6, 1 + (state >> 8) % 6


def speed_shown(dice: Dice) -> str | None:
    """The speed die's face shown now (None: not rolled with these dice)."""
    if dice.speed is None or not dice.busy:
        return dice.speed
    return SPEED_FACES[(_tumble(dice) >> 16) % len(SPEED_FACES)]


def _tumble(dice: Dice) -> int:
    tick = int((dice.length - dice.left) / FACE_SECONDS)
    return (dice.seed * 2654435761 + tick * 40503) & 0xFFFFFFFF


def pose(dice: Dice, die: int) -> tuple[float, float]:
    """(degrees turned, height of the bounce as a share of the die) for die 0, 1 or 2."""
    if not dice.busy:
        return 0.0, 0.0
    done = dice.done
    direction = 1 if die % 2 == 0 else -1
    angle = direction * 360 * TURNS * (1 - (1 - done) ** 2)
    bounce = BOUNCE * abs(math.sin(math.pi * BOUNCES * done)) * (1 - done)
    return angle, bounce


@lru_cache(maxsize=32)
def speed_face(size: int, face: str) -> pygame.Surface:
    """The speed die showing `face` ("1"-"3", a landlord or the bus), on a transparent square
    of `size` pixels (kept: drawn every frame while the dice tumble; never drawn on)."""
    image = pygame.Surface((size, size), pygame.SRCALPHA)
    r = image.get_rect()
    pygame.draw.rect(image, SPEED_BODY, r, border_radius=size // 6)
    pygame.draw.rect(image, theme.CELL_LINE, r, 1, border_radius=size // 6)
    u = size / 16   # the drawing's unit: the marks are laid out on a 16 x 16 grid
    if face == LANDLORD:
        # A top hat: its crown, a band, and the brim.
        pygame.draw.rect(image, SPEED_MARK, pygame.Rect(round(5 * u), round(3 * u), round(6 * u), round(8 * u)),
                         border_radius=max(1, round(u)))
        pygame.draw.rect(image, SPEED_BODY, pygame.Rect(round(5 * u), round(8 * u), round(6 * u), max(1, round(u))))
        pygame.draw.rect(image, SPEED_MARK, pygame.Rect(round(2 * u), round(11 * u), round(12 * u), round(2 * u)),
                         border_radius=max(1, round(u)))
    elif face == BUS_FACE:
        # A bus from the side: its body, three windows and two wheels.
        pygame.draw.rect(image, SPEED_MARK, pygame.Rect(round(2 * u), round(4 * u), round(12 * u), round(7 * u)),
                         border_radius=max(1, round(1.5 * u)))
        for n in range(3):
            pygame.draw.rect(image, SPEED_BODY,
                             pygame.Rect(round((3 + 3.7 * n) * u), round(5 * u), round(3 * u), round(2.5 * u)))
        for x in (5, 11):
            pygame.draw.circle(image, SPEED_MARK, (round(x * u), round(11.5 * u)), max(2, round(1.8 * u)))
            pygame.draw.circle(image, SPEED_BODY, (round(x * u), round(11.5 * u)), max(1, round(0.7 * u)))
    else:
        cell = size / 4
        for cx, cy in PIPS[int(face)]:
            pygame.draw.circle(image, SPEED_MARK, (cell * (cx + 1), cell * (cy + 1)), max(2, size // 11))
    return image


def draw_dice(surface: pygame.Surface, dice: Dice, centre: tuple[int, int], size: int, *, count: int = 2) -> None:
    """The dice at `centre`: `count` 3 keeps the speed die's place beside the white dice
    (drawn only when it was rolled with them)."""
    shown = faces(dice)
    if shown is None:
        return
    rects = dice_rects(centre, size, count)
    images = [die_face(size, value) for value in shown]
    speed = speed_shown(dice) if count == 3 else None
    if speed is not None:
        images.append(speed_face(size, speed))
    for n, (rect, image) in enumerate(zip(rects, images, strict=False)):
        angle, bounce = pose(dice, n)
        if angle:
            image = pygame.transform.rotate(image, angle)
        spot = image.get_rect(center=(rect.centerx, rect.centery - round(bounce * size)))
        surface.blit(image, spot)

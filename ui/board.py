"""Drawing the board from the ruleset data and the game's state: cells with their colour
bars, names and prices; owners, buildings and mortgages; tokens; dice in the centre.

Nothing here decides anything: the cells, prices and colours come from the ruleset, the
owners, buildings and positions from the game.
"""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from zemlevlasnyk.engine import BANK, Game, Ruleset

from . import theme
from .board_geometry import BoardGeometry, Side
from .fonts import Face
from .ruleset_text import cell_name
from .table_view import PlayerInfo
from .text import money
from .widgets import draw_fitted, draw_text, fit

# Share of a corner's depth taken by a street's colour bar.
BAR_SHARE = 0.24
# Owner's mark along the outer edge, as a share of a cell's width.
OWNER_SHARE = 0.13
# Cell name sizes to try, largest first; below 9 px Cyrillic stops being readable.
NAME_SIZES = (13, 12, 11, 10, 9)
# The mark of deeds outside colour groups (stations, utilities).
PLAIN_DEED = pygame.Color("#44524b")


def cell_figure(rules: Ruleset, cell: int) -> str:
    """The number printed on a cell: its price, a tax's amount, the start's salary."""
    info = rules.cells[cell]
    if info.is_property:
        return money(info.price)
    if info.kind == "tax":
        return money(info.amount)
    if info.kind == "start":
        return "+" + money(rules.start_salary)
    return ""


def group_colour(rules: Ruleset, cell: int) -> pygame.Color | None:
    info = rules.cells[cell]
    if info.kind != "street":
        return None
    return pygame.Color(rules.groups[info.group]["colour"])


def deed_colour(rules: Ruleset, cell: int) -> pygame.Color:
    """A deed's mark: its group's colour, or a neutral one for stations and utilities."""
    return group_colour(rules, cell) or PLAIN_DEED


def draw_board(surface: pygame.Surface, geo: BoardGeometry, game: Game, players: Sequence[PlayerInfo],
               lang: str, selected: int | None, highlight: Sequence[int] = (),
               buildable: Sequence[int] = ()) -> None:
    """The whole board; `highlight` frames the cells in play (on sale, at auction),
    `buildable` badges the person's streets where the engine allows a building now."""
    pygame.draw.rect(surface, theme.BOARD, geo.area)
    pygame.draw.rect(surface, theme.BOARD_CENTRE, geo.centre)
    for i in range(geo.cells):
        _draw_cell(surface, geo, game, players, i, lang)
    for i in highlight:
        pygame.draw.rect(surface, theme.HIGHLIGHT, geo.places[i].rect, 3)
    if selected is not None:
        pygame.draw.rect(surface, theme.FOCUS, geo.places[selected].rect, 3)
    for i in buildable:
        _draw_build_badge(surface, geo, i)
    pygame.draw.rect(surface, theme.CELL_LINE, geo.area, 2)
    pygame.draw.rect(surface, theme.CELL_LINE, geo.centre, 1)


def _draw_cell(surface: pygame.Surface, geo: BoardGeometry, game: Game, players: Sequence[PlayerInfo],
               i: int, lang: str) -> None:
    rules = game.rules
    place = geo.places[i]
    rect = place.rect
    info = rules.cells[i]
    pygame.draw.rect(surface, theme.CELL, rect)
    bar = max(6, round(geo.corner * BAR_SHARE))
    colour = group_colour(rules, i)
    text_box = rect.inflate(-6, -6)
    if colour is not None:
        band = geo.band(i, bar)
        pygame.draw.rect(surface, colour, band)
        _draw_buildings(surface, band, game.buildings[i], rules.max_buildings, place.side)
        text_box = _without(rect, band).inflate(-6, -6)
    owner = game.owner[i]
    if info.is_property and owner != BANK:
        mark = geo.outer(i, max(4, round(geo.cell * OWNER_SHARE)))
        pygame.draw.rect(surface, theme.player_colour(players[owner].colour), mark)
        text_box = _without(text_box, mark)
    name = cell_name(rules, i, lang)
    figure = cell_figure(rules, i)
    small = NAME_SIZES[-1] + 1
    figure_h = small + 3 if figure else 0
    if place.side is Side.CORNER:
        fitted = fit(name, text_box.width, text_box.height - figure_h, NAME_SIZES[:2] + NAME_SIZES[2:],
                     Face.CONDENSED_BOLD)
        block = len(fitted.lines) * fitted.line_height + figure_h
        y = draw_fitted(surface, fitted, text_box.centerx, text_box.centery - block // 2)
        if figure:
            draw_text(surface, figure, (text_box.centerx, y + 1), small, theme.MONEY_GAIN, Face.CONDENSED_BOLD,
                      "midtop")
    else:
        fitted = fit(name, text_box.width, text_box.height - figure_h, NAME_SIZES, Face.CONDENSED)
        draw_fitted(surface, fitted, text_box.centerx, text_box.top)
        if info.kind == "card":
            draw_text(surface, "?", (text_box.centerx, text_box.centery + fitted.line_height // 2),
                      max(14, geo.corner // 3), theme.INK_SOFT, Face.BOLD, "center")
        if figure:
            draw_text(surface, figure, (text_box.centerx, text_box.bottom), small, theme.INK_SOFT,
                      Face.CONDENSED, "midbottom")
    pygame.draw.rect(surface, theme.CELL_LINE, rect, 1)
    if game.mortgaged[i]:
        _draw_mortgage(surface, rect)


def _without(rect: pygame.Rect, strip: pygame.Rect) -> pygame.Rect:
    """`rect` less a strip along one of its edges."""
    r = rect.copy()
    if strip.width >= r.width - 1:
        if strip.top <= r.top:
            r.top = strip.bottom
            r.height = rect.bottom - strip.bottom
        else:
            r.height = strip.top - r.top
    else:
        if strip.left <= r.left:
            r.left = strip.right
            r.width = rect.right - strip.right
        else:
            r.width = strip.left - r.left
    return r


def _draw_buildings(surface: pygame.Surface, band: pygame.Rect, count: int, hotel_at: int, side: Side) -> None:
    if not count:
        return
    along_x = side in (Side.BOTTOM, Side.TOP)
    thick = (band.height if along_x else band.width) - 6
    if count >= hotel_at:
        w = thick * 2
        r = pygame.Rect(0, 0, w if along_x else thick, thick if along_x else w)
        r.center = band.center
        pygame.draw.rect(surface, theme.HOTEL, r, border_radius=2)
        pygame.draw.rect(surface, theme.CARD, r, 1, border_radius=2)
        return
    step = thick + 3
    total = count * step - 3
    for n in range(count):
        if along_x:
            r = pygame.Rect(band.centerx - total // 2 + n * step, band.centery - thick // 2, thick, thick)
        else:
            r = pygame.Rect(band.centerx - thick // 2, band.centery - total // 2 + n * step, thick, thick)
        pygame.draw.rect(surface, theme.HOUSE, r, border_radius=2)
        pygame.draw.rect(surface, theme.CARD, r, 1, border_radius=2)


def _draw_build_badge(surface: pygame.Surface, geo: BoardGeometry, i: int) -> None:
    """A small "+" on the colour bar's outer end: a building can go up here now."""
    band = geo.band(i, max(6, round(geo.corner * BAR_SHARE)))
    radius = max(6, band.height // 3 if band.width > band.height else band.width // 3)
    centre = (band.right - radius - 2, band.centery) if band.width > band.height else (band.centerx, band.bottom - radius - 2)
    pygame.draw.circle(surface, theme.CARD, centre, radius + 1)
    pygame.draw.circle(surface, theme.HOUSE, centre, radius)
    draw_text(surface, "+", centre, radius * 2, theme.INK_ON_DARK, Face.BOLD, "center")


def _draw_mortgage(surface: pygame.Surface, rect: pygame.Rect) -> None:
    wash = pygame.Surface(rect.size, pygame.SRCALPHA)
    wash.fill((255, 255, 255, 130))
    pygame.draw.line(wash, theme.MORTGAGE, (4, rect.height - 4), (rect.width - 4, 4), 3)
    surface.blit(wash, rect)


def draw_token(surface: pygame.Surface, centre: tuple[float, float], radius: int, player: PlayerInfo,
               name: str, *, active: bool, jailed: bool) -> None:
    x, y = round(centre[0]), round(centre[1])
    colour = theme.player_colour(player.colour)
    pygame.draw.circle(surface, theme.TOKEN_SHADOW, (x + 1, y + 2), radius)
    pygame.draw.circle(surface, colour, (x, y), radius)
    pygame.draw.circle(surface, theme.HIGHLIGHT if active else theme.CARD, (x, y), radius, 3 if active else 2)
    initial = (name[:1] or "?").upper()
    draw_text(surface, initial, (x, y), max(10, radius), theme.INK_ON_DARK, Face.BOLD, "center")
    if jailed:
        for dx in (-radius // 2, 0, radius // 2):
            pygame.draw.line(surface, theme.INK, (x + dx, y - radius), (x + dx, y + radius), 2)


def draw_dice(surface: pygame.Surface, centre: tuple[int, int], size: int, dice: Sequence[int]) -> None:
    pips = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
            4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
            6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}
    gap = size // 3
    left = centre[0] - size - gap // 2
    for n, value in enumerate(dice):
        r = pygame.Rect(left + n * (size + gap), centre[1] - size // 2, size, size)
        pygame.draw.rect(surface, theme.CARD, r, border_radius=size // 6)
        pygame.draw.rect(surface, theme.CELL_LINE, r, 1, border_radius=size // 6)
        cell = size / 4
        for cx, cy in pips.get(value, []):
            pygame.draw.circle(surface, theme.INK, (r.left + cell * (cx + 1), r.top + cell * (cy + 1)),
                               max(2, size // 11))

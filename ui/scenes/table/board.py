"""Drawing the board from the ruleset data and the game's state: cells with their colour
bands, names and prices; owners, buildings and mortgages; tokens; dice; and the same board
as a heat map of landings (results, `simulate --plots`).

Nothing here decides anything: the cells, prices and colours come from the ruleset, the
owners, buildings and positions from the game.

What goes where in a property's cell, from the board's centre outwards: the colour band
(buildings stand on it; a mortgage hatches it), the name, the price, and the owner's
strip along the board's edge. Each has its own room, so none hides another. On a small
board a name too long to stand beside its price is printed in the catalogue's short form.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import pygame

from zemlevlasnyk.engine import BANK, Game, Ruleset
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face
from zemlevlasnyk.ui.kit.text_fit import shrink_line, steps
from zemlevlasnyk.ui.kit.widgets import Fitted, draw_fitted, draw_text, fit, fit_line
from zemlevlasnyk.ui.scenes.table.geometry import BoardGeometry, Side
from zemlevlasnyk.ui.scenes.table.icons import deck_icon, draw_icon, icon_colour
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.ruleset import cell_name, short_cell_name
from zemlevlasnyk.ui.words.text import money

# Share of a corner's depth taken by a street's colour band.
BAR_SHARE = 0.24
# The owner's strip along the outer edge, as a share of a cell's width.
OWNER_SHARE = 0.16
# Cell name sizes at a cell 64 px wide (a 1280×800 window), largest first; they scale with
# the cell, never below NAME_MIN (below it Cyrillic stops being readable).
NAME_SIZES = (13, 12, 11, 10, 9)
NAME_REFERENCE_CELL = 64
NAME_MIN = 9
# A cell name shrinks to keep its words whole down to this share of the board's name size;
# below it a long word is hyphenated first.
WHOLE_WORDS_SHARE = 0.8
# The mark of deeds outside colour groups (stations, utilities), and their band on the board.
PLAIN_DEED = pygame.Color("#44524b")
PLAIN_BAND = pygame.Color("#dfe4dc")
# Houses along a band: at most this many stand side by side (the next building is a hotel).
HOUSE_SLOTS = 4
# A mortgage's hatching: stripes this far apart, this thick.
HATCH_STEP = 6
HATCH_WIDTH = 2
# The heat map's hottest cell colour, over the plain cell colour.
HEAT = pygame.Color("#d9482b")


def cell_figure(rules: Ruleset, cell: int) -> str:
    """The number printed on a cell: its price, a tax's amount, the start's salary, a bank
    square's interest."""
    info = rules.cells[cell]
    if info.is_property:
        return money(info.price)
    if info.kind == "tax":
        return money(info.amount)
    if info.kind == "start":
        return "+" + money(rules.start_salary)
    if info.kind == "bank" and rules.deposit is not None:
        return f"+{rules.deposit.interest_percent}%"      # a deposit's interest (seed 004)
    return ""


def group_colour(rules: Ruleset, cell: int) -> pygame.Color | None:
    info = rules.cells[cell]
    if info.kind != "street":
        return None
    return pygame.Color(rules.groups[info.group]["colour"])


def deed_colour(rules: Ruleset, cell: int) -> pygame.Color:
    """A deed's mark: its group's colour, or a neutral one for stations and utilities."""
    return group_colour(rules, cell) or PLAIN_DEED


def name_sizes(geo: BoardGeometry) -> tuple[int, ...]:
    """The cell-name sizes for this board: larger on a larger board."""
    k = geo.cell / NAME_REFERENCE_CELL
    return tuple(dict.fromkeys(max(NAME_MIN, round(n * k)) for n in NAME_SIZES))


def band_depth(geo: BoardGeometry) -> int:
    return max(6, round(geo.corner * BAR_SHARE))


def owner_depth(geo: BoardGeometry) -> int:
    return max(4, round(geo.cell * OWNER_SHARE))


def draw_board(surface: pygame.Surface, geo: BoardGeometry, game: Game, players: Sequence[PlayerInfo],
               lang: str, selected: int | None = None, highlight: Sequence[int] = (),
               buildable: Sequence[int] = ()) -> None:
    """The whole ring of cells. `highlight` frames the cells in play (on sale, at auction),
    `buildable` marks the person's streets where the engine allows a building now."""
    pygame.draw.rect(surface, theme.BOARD, geo.area)
    pygame.draw.rect(surface, theme.BOARD_CENTRE, geo.centre)
    sizes = name_sizes(geo)
    for i in range(geo.cells):
        _draw_cell(surface, geo, game, players, i, lang, sizes, buildable=i in buildable)
    for i in highlight:
        pygame.draw.rect(surface, theme.HIGHLIGHT, geo.places[i].rect, 3)
    if selected is not None:
        pygame.draw.rect(surface, theme.FOCUS, geo.places[selected].rect, 3)
    pygame.draw.rect(surface, theme.CELL_LINE, geo.area, 2)
    pygame.draw.rect(surface, theme.CELL_LINE, geo.centre, 1)


def draw_heat_board(surface: pygame.Surface, geo: BoardGeometry, rules: Ruleset, lang: str,
                    landings: Sequence[int]) -> None:
    """The ring of cells as a heat map: each cell tinted by how often tokens came to rest
    there (the hottest in full colour), with the count where the price would be."""
    pygame.draw.rect(surface, theme.BOARD, geo.area)
    pygame.draw.rect(surface, theme.BOARD_CENTRE, geo.centre)
    sizes = name_sizes(geo)
    hottest = max(landings, default=0)
    for i in range(geo.cells):
        _draw_heat_cell(surface, geo, rules, i, lang, sizes, landings[i], hottest)
    pygame.draw.rect(surface, theme.CELL_LINE, geo.area, 2)
    pygame.draw.rect(surface, theme.CELL_LINE, geo.centre, 1)


def _text_room(geo: BoardGeometry, rules: Ruleset, i: int) -> pygame.Rect:
    """A cell's room for its name and figure: the cell less its band and owner strip (a
    property keeps both, owned or not, so its name never moves)."""
    rect = geo.places[i].rect
    room = rect
    if rules.cells[i].is_property:
        room = _without(room, geo.band(i, band_depth(geo)))
        room = _without(room, geo.outer(i, owner_depth(geo)))
    return room.inflate(-4, -4)


def _draw_name_and_figure(surface: pygame.Surface, geo: BoardGeometry, rules: Ruleset, i: int, lang: str,
                          sizes: tuple[int, ...], figure: str, figure_colour: pygame.Color,
                          figure_face: Face = Face.CONDENSED) -> pygame.Rect:
    """The cell's name from the top of its room and the figure at its foot; the room left
    between them."""
    place = geo.places[i]
    room = _text_room(geo, rules, i)
    small = max(NAME_MIN + 1, sizes[-1] + 1)
    figure_h = small + 3 if figure else 0
    corner = place.side is Side.CORNER
    face = Face.CONDENSED_BOLD if corner else Face.CONDENSED
    names = [cell_name(rules, i, lang)]
    short = short_cell_name(rules, i, lang)
    if short is not None:
        names.append(short)
    fitted = _first_fitting(names, room.width, room.height - figure_h, sizes, face)
    if figure and fitted is None:
        # A board too small for a name and its figure (a small window): the name stays,
        # the figure is on the deed card.
        figure, figure_h = "", 0
        fitted = _first_fitting(names, room.width, room.height, sizes, face)
    if fitted is None:
        fitted = _cut_to(fit(names[-1], room.width, room.height, sizes, face), room)
    block = len(fitted.lines) * fitted.line_height
    top = room.centery - (block + figure_h) // 2 if corner else room.top
    bottom = draw_fitted(surface, fitted, room.centerx, top, box=room)
    if not figure:
        return pygame.Rect(room.left, bottom, room.width, room.bottom - bottom)
    if corner:
        draw_text(surface, figure, (room.centerx, bottom + 1), small, figure_colour, figure_face, "midtop", box=room)
        return pygame.Rect(room.left, bottom, room.width, 0)
    rect = draw_text(surface, figure, (room.centerx, room.bottom), small, figure_colour, figure_face, "midbottom",
                     box=room)
    return pygame.Rect(room.left, bottom, room.width, max(0, rect.top - bottom))


def _first_fitting(names: Sequence[str], width: int, height: int, sizes: tuple[int, ...],
                   face: Face) -> Fitted | None:
    """The first of `names` (the whole name, then the catalogue's short one) that fits the
    room at one of `sizes`: whole words at the larger sizes, then a long word hyphenated
    at those, before a smaller size (a name far smaller than its neighbours reads worse
    than a hyphen)."""
    larger = tuple(n for n in sizes if n >= WHOLE_WORDS_SHARE * sizes[0])
    for group in (larger, sizes):
        for name in names:
            fitted = fit(name, width, max(1, height), group, face)
            if len(fitted.lines) * fitted.line_height <= height:
                return fitted
    return None


def _cut_to(fitted: Fitted, room: pygame.Rect) -> Fitted:
    """A name that still does not fit at the smallest size (a window smaller than the game
    allows) keeps the lines that fit, the last one ending in «…»; the deed card has it whole."""
    fits = max(1, room.height // fitted.line_height)
    if len(fitted.lines) <= fits:
        return fitted
    lines = list(fitted.lines[:fits])
    lines[-1] = fit_line(lines[-1].rstrip("-") + "…", fitted.size, room.width, fitted.face)
    return Fitted(tuple(lines), fitted.size, fitted.face)


def _draw_cell(surface: pygame.Surface, geo: BoardGeometry, game: Game, players: Sequence[PlayerInfo],
               i: int, lang: str, sizes: tuple[int, ...], *, buildable: bool) -> None:
    rules = game.rules
    rect = geo.places[i].rect
    info = rules.cells[i]
    pygame.draw.rect(surface, theme.CELL, rect)
    band = geo.band(i, band_depth(geo))
    colour = group_colour(rules, i)
    if colour is not None:
        pygame.draw.rect(surface, colour, band)
    elif info.is_property:
        pygame.draw.rect(surface, PLAIN_BAND, band)
    owner = game.owner[i]
    if info.is_property and owner != BANK:
        strip = geo.outer(i, owner_depth(geo))
        pygame.draw.rect(surface, theme.player_colour(players[owner].colour), strip)
        pygame.draw.rect(surface, theme.CELL_LINE, strip, 1)
    figure = cell_figure(rules, i)
    if info.kind == "casino" and game.jackpot:
        figure = money(game.jackpot)                       # the jackpot as it stands (seed 004)
    free = _draw_name_and_figure(surface, geo, rules, i, lang, sizes, figure, theme.INK_SOFT)
    if info.kind == "card" and free.height > 8:
        question = min(max(12, geo.corner // 3), free.height)
        icon = deck_icon(rules, info.deck)
        if icon is None:
            draw_text(surface, "?", free.center, question, theme.INK_SOFT, Face.BOLD, "center", box=free)
        else:
            mark = pygame.Rect(0, 0, question, question)
            mark.center = free.center
            draw_icon(surface, icon, mark, icon_colour(icon))
    if game.mortgaged[i]:
        _draw_mortgage(surface, band)
    if colour is not None:
        _draw_buildings(surface, band, game.buildings[i], rules.max_buildings, geo.places[i].side,
                        buildable=buildable)
    pygame.draw.rect(surface, theme.CELL_LINE, rect, 1)


def _draw_heat_cell(surface: pygame.Surface, geo: BoardGeometry, rules: Ruleset, i: int, lang: str,
                    sizes: tuple[int, ...], count: int, hottest: int) -> None:
    rect = geo.places[i].rect
    share = count / hottest if hottest else 0.0
    pygame.draw.rect(surface, theme.CELL.lerp(HEAT, 0.85 * share), rect)
    colour = group_colour(rules, i)
    if colour is not None:
        pygame.draw.rect(surface, colour, geo.band(i, max(3, band_depth(geo) // 3)))
    ink = theme.INK_ON_DARK if share > 0.6 else theme.INK
    _draw_name_and_figure(surface, geo, rules, i, lang, sizes, str(count), ink, Face.CONDENSED_BOLD)
    pygame.draw.rect(surface, theme.CELL_LINE, rect, 1)


def _without(rect: pygame.Rect, strip: pygame.Rect) -> pygame.Rect:
    """`rect` less a strip along one of its edges."""
    r = rect.copy()
    if strip.width == 0 or strip.height == 0:
        return r
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


def house_slots(band: pygame.Rect, side: Side) -> list[pygame.Rect]:
    """Where the houses of a street stand on its band, in building order: squares inside
    the band on every side of the board."""
    along_x = side in (Side.BOTTOM, Side.TOP)
    along, across = (band.width, band.height) if along_x else (band.height, band.width)
    margin = max(3, across // 6)
    gap = max(2, along // 24)
    size = max(3, min(across - 2 * margin, (along - 2 * margin - (HOUSE_SLOTS - 1) * gap) // HOUSE_SLOTS))
    total = HOUSE_SLOTS * size + (HOUSE_SLOTS - 1) * gap
    slots = []
    for n in range(HOUSE_SLOTS):
        offset = (along - total) // 2 + n * (size + gap)
        if along_x:
            slots.append(pygame.Rect(band.left + offset, band.centery - size // 2, size, size))
        else:
            # Up the left side and down the right, the first house is nearest the start.
            start = band.bottom - offset - size if side is Side.LEFT else band.top + offset
            slots.append(pygame.Rect(band.centerx - size // 2, start, size, size))
    return slots


def hotel_rect(band: pygame.Rect, side: Side) -> pygame.Rect:
    """A hotel takes the room of the two middle houses, and is as thick as a house."""
    slots = house_slots(band, side)
    return slots[1].union(slots[2])


def _draw_buildings(surface: pygame.Surface, band: pygame.Rect, count: int, hotel_at: int, side: Side, *,
                    buildable: bool) -> None:
    """Houses or a hotel on the band; where one can go up now, a green frame round the band
    and, while houses are next, the next house's place outlined (never over a building)."""
    if buildable:
        pygame.draw.rect(surface, theme.HOUSE, band, 2)
    slots = house_slots(band, side)
    if count >= hotel_at:
        r = hotel_rect(band, side)
        pygame.draw.rect(surface, theme.HOTEL, r, border_radius=2)
        pygame.draw.rect(surface, theme.CARD, r, 1, border_radius=2)
        return
    for r in slots[:count]:
        pygame.draw.rect(surface, theme.HOUSE, r, border_radius=2)
        pygame.draw.rect(surface, theme.CARD, r, 1, border_radius=2)
    if buildable and count < len(slots):
        ghost = slots[count]
        pygame.draw.rect(surface, theme.CARD, ghost, border_radius=2)
        pygame.draw.rect(surface, theme.HOUSE, ghost, 1, border_radius=2)
        arm = max(1, ghost.width // 2 - 2)
        cx, cy = ghost.center
        pygame.draw.line(surface, theme.HOUSE, (cx - arm, cy), (cx + arm, cy), 2)
        pygame.draw.line(surface, theme.HOUSE, (cx, cy - arm), (cx, cy + arm), 2)


def _draw_mortgage(surface: pygame.Surface, band: pygame.Rect) -> None:
    """A mortgaged deed: its band washed out and hatched in red; its name stays as it was."""
    wash = pygame.Surface(band.size, pygame.SRCALPHA)
    wash.fill((255, 255, 255, 150))
    for x in range(-band.height, band.width + band.height, HATCH_STEP):
        pygame.draw.line(wash, theme.MORTGAGE, (x, band.height), (x + band.height, 0), HATCH_WIDTH)
    surface.blit(wash, band)
    pygame.draw.rect(surface, theme.MORTGAGE, band, 1)


def draw_token(surface: pygame.Surface, centre: tuple[float, float], radius: int, player: PlayerInfo,
               mark: str, *, active: bool, jailed: bool) -> None:
    """A token: the player's colour and `mark` (`ui.sessions.seats.token_marks`: an
    initial, or two characters where names start alike, smaller to stay inside)."""
    x, y = round(centre[0]), round(centre[1])
    colour = theme.player_colour(player.colour)
    pygame.draw.circle(surface, theme.TOKEN_SHADOW, (x + 1, y + 2), radius)
    pygame.draw.circle(surface, colour, (x, y), radius)
    pygame.draw.circle(surface, theme.HIGHLIGHT if active else theme.CARD, (x, y), radius, 3 if active else 2)
    box = pygame.Rect(x - radius, y - radius, 2 * radius, 2 * radius)
    size = max(NAME_MIN, radius) if len(mark) < 2 else max(theme.MIN_TEXT, radius * 4 // 5)
    text, size = shrink_line(mark, 2 * radius - 4, steps(size, theme.MIN_TEXT), Face.BOLD)
    draw_text(surface, text, (x, y), size, theme.INK_ON_DARK, Face.BOLD, "center", box=box)
    if jailed:
        for dx in (-radius // 2, 0, radius // 2):
            pygame.draw.line(surface, theme.INK, (x + dx, y - radius), (x + dx, y + radius), 2)


PIPS = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
        4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
        6: [(0, 0), (0, 1), (0, 2), (2, 0), (2, 1), (2, 2)]}


@lru_cache(maxsize=64)
def die_face(size: int, value: int) -> pygame.Surface:
    """One die showing `value`, on a transparent square of `size` pixels (kept: drawn every
    frame while the dice tumble; never drawn on)."""
    face = pygame.Surface((size, size), pygame.SRCALPHA)
    r = face.get_rect()
    pygame.draw.rect(face, theme.CARD, r, border_radius=size // 6)
    pygame.draw.rect(face, theme.CELL_LINE, r, 1, border_radius=size // 6)
    cell = size / 4
    for cx, cy in PIPS.get(value, []):
        pygame.draw.circle(face, theme.INK, (cell * (cx + 1), cell * (cy + 1)), max(2, size // 11))
    return face


def dice_rects(centre: tuple[int, int], size: int, count: int = 2) -> tuple[pygame.Rect, ...]:
    """Where the dice lie, side by side around `centre`: the two white dice, and the speed
    die third (`count` 3) when the rules have it."""
    gap = size // 3
    left = centre[0] - (count * size + (count - 1) * gap) // 2
    return tuple(pygame.Rect(left + n * (size + gap), centre[1] - size // 2, size, size) for n in range(count))


def draw_dice(surface: pygame.Surface, centre: tuple[int, int], size: int, dice: Sequence[int]) -> None:
    for rect, value in zip(dice_rects(centre, size), dice, strict=False):
        surface.blit(die_face(size, value), rect)

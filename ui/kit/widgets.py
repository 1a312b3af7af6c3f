"""Small drawing helpers and controls: text that fits a box, buttons, an amount stepper, a
one-line text field. Controls keep their rectangles from the last layout; drawing them
never changes them.

Every text goes through `draw_text`; inside `record_text()` each one drawn is noted with
the room it was given (`box`, when the caller says) and the surface it went on, so tests
can check that no text leaves its box or the window.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any

import pygame

from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.fonts import Face, font
from zemlevlasnyk.ui.kit.hyphen import break_points

# Rendered text is cached: the board redraws the same few hundred labels every frame.
TEXT_CACHE_SIZE = 4096
# A button's label keeps this many pixels of its width clear (half each side of the text).
LABEL_MARGIN = 12


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def text_surface(text: str, size: int, colour: tuple[int, int, int, int], face: Face = Face.REGULAR
                 ) -> pygame.Surface:
    return font(size, face).render(text, True, colour)


@dataclass(frozen=True)
class DrawnText:
    """One text as drawn: where it went, the room it was given (if the caller said), and
    the bounds of the surface it went on."""

    text: str
    rect: pygame.Rect
    size: int
    box: pygame.Rect | None
    bounds: pygame.Rect
    surface: int = 0           # which surface (`id`): the window, or an image drawn once and reused

    def fits(self) -> bool:
        """Inside its surface, and inside its box when it had one."""
        return self.bounds.contains(self.rect) and (self.box is None or self.box.contains(self.rect))


_recorders: list[list[DrawnText]] = []


@contextmanager
def record_text() -> Iterator[list[DrawnText]]:
    """Note every text drawn inside the block (for tests and checks; costs nothing outside)."""
    drawn: list[DrawnText] = []
    _recorders.append(drawn)
    try:
        yield drawn
    finally:
        _recorders.remove(drawn)


def draw_text(surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
              colour: pygame.Color = theme.INK, face: Face = Face.REGULAR, anchor: str = "topleft",
              *, box: pygame.Rect | None = None) -> pygame.Rect:
    """Draw `text` with its `anchor` point at `pos`; `box`: the room it was given."""
    image = text_surface(text, size, tuple(colour), face)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    if _recorders and text.strip():
        # The ink, not the line: a font's line box has room above and below the letters.
        ink = image.get_bounding_rect().move(rect.topleft) if image.get_width() else rect
        for drawn in _recorders:
            drawn.append(DrawnText(text, ink, size, box, surface.get_rect(), id(surface)))
    return rect


def text_width(text: str, size: int, face: Face = Face.REGULAR) -> int:
    return font(size, face).size(text)[0]


def wrap(text: str, size: int, width: int, face: Face = Face.REGULAR) -> list[str]:
    """Lines of `text` no wider than `width`; a word too long for a line is hyphenated."""
    return _wrap(text, size, width, face)[0]


def _wrap(text: str, size: int, width: int, face: Face) -> tuple[list[str], bool]:
    """The lines, and whether a word had to be broken."""
    f = font(size, face)
    broke = False
    lines: list[str] = []
    line = ""
    # Only plain spaces separate words: a no-break space (inside an amount) never breaks.
    for word in filter(None, text.split(" ")):
        candidate = f"{line} {word}" if line else word
        if f.size(candidate)[0] <= width:
            line = candidate
            continue
        if line:
            lines.append(line)
        while f.size(word)[0] > width and len(word) > 1:
            broke = True
            cut = _cut(word, width, f)
            lines.append(_with_hyphen(word[:cut]))
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines, broke


def _with_hyphen(head: str) -> str:
    """The first part of a broken word as its line ends: with a hyphen, unless it already
    ends in one (a name like «Guelder-Rose» broken at its own hyphen)."""
    return head if head.endswith("-") else head + "-"


def _cut(word: str, width: int, f: pygame.font.Font) -> int:
    """Where to break `word` so its first part (and a hyphen) fits: the last syllable
    break that fits, else as many letters as fit."""
    fitting = [i for i in break_points(word) if f.size(_with_hyphen(word[:i]))[0] <= width]
    if fitting:
        return fitting[-1]
    cut = len(word) - 1
    while cut > 1 and f.size(word[:cut] + "-")[0] > width:
        cut -= 1
    return cut


@dataclass(frozen=True)
class Fitted:
    lines: tuple[str, ...]
    size: int
    face: Face

    @property
    def line_height(self) -> int:
        return font(self.size, self.face).get_linesize()


@lru_cache(maxsize=TEXT_CACHE_SIZE)
def fit(text: str, width: int, height: int, sizes: tuple[int, ...], face: Face) -> Fitted:
    """The largest of `sizes` at which `text` wraps into the box without breaking words;
    failing that, the largest at which it fits with words hyphenated; failing that, the
    smallest size."""
    for whole_words in (True, False):
        for size in sizes:
            lines, broke = _wrap(text, size, width, face)
            if (not broke or not whole_words) and len(lines) * font(size, face).get_linesize() <= height:
                return Fitted(tuple(lines), size, face)
    size = sizes[-1]
    return Fitted(tuple(wrap(text, size, width, face)), size, face)


def draw_fitted(surface: pygame.Surface, fitted: Fitted, centre_x: int, top: int,
                colour: pygame.Color = theme.INK, *, box: pygame.Rect | None = None) -> int:
    """Draw centred lines from `top`; the y below the last line."""
    y = top
    step = fitted.line_height
    for line in fitted.lines:
        draw_text(surface, line, (centre_x, y), fitted.size, colour, fitted.face, "midtop", box=box)
        y += step
    return y


def fit_line(text: str, size: int, width: int, face: Face = Face.REGULAR) -> str:
    """`text` cut with an ellipsis to fit `width`."""
    if text_width(text, size, face) <= width:
        return text
    while text and text_width(text + "…", size, face) > width:
        text = text[:-1]
    return text + "…"


def panel(surface: pygame.Surface, rect: pygame.Rect, colour: pygame.Color = theme.PANEL,
          radius: int = theme.RADIUS, border: pygame.Color | None = theme.PANEL_LINE,
          shadow: bool = False) -> None:
    if shadow:
        shade = pygame.Surface(rect.inflate(8, 8).size, pygame.SRCALPHA)
        pygame.draw.rect(shade, theme.SHADOW, shade.get_rect(), border_radius=radius + 4)
        surface.blit(shade, rect.move(2, 5).inflate(8, 8).topleft)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    if border is not None:
        pygame.draw.rect(surface, border, rect, 1, border_radius=radius)


def scrim(surface: pygame.Surface) -> None:
    """Dim everything under a dialog."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(theme.SCRIM)
    surface.blit(veil, (0, 0))


class Style(StrEnum):
    NORMAL = "normal"
    PRIMARY = "primary"
    DANGER = "danger"


@dataclass
class Button:
    """A labelled rectangle that stands for one intent (often an engine action)."""

    label: str
    intent: Any
    enabled: bool = True
    style: Style = Style.NORMAL
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    selected: bool = False
    size: int = theme.BODY
    face: Face = Face.BOLD
    swatch: pygame.Color | None = None   # a colour mark at the left (a deed's group)
    caption: str | None = None   # a smaller line above the label: whose choice it is («Олена»)

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, mouse: tuple[int, int], *, dimmed: bool = False) -> None:
        """`dimmed`: shown as not yet available (the window is still showing the last move)."""
        hover = self.enabled and not dimmed and self.rect.collidepoint(mouse)
        if not self.enabled or dimmed:
            back, ink = theme.BUTTON_DISABLED, theme.BUTTON_INK_DISABLED
        elif self.style is Style.PRIMARY:
            back = theme.BUTTON_PRIMARY_HOVER if hover else theme.BUTTON_PRIMARY
            ink = theme.INK_ON_DARK
        elif self.style is Style.DANGER:
            back, ink = theme.BUTTON_DANGER, theme.INK_ON_DARK
        else:
            back = theme.BUTTON_HOVER if hover else theme.BUTTON
            ink = theme.INK
        if self.selected:
            back, ink = theme.SELECTED, theme.INK
        pygame.draw.rect(surface, back, self.rect, border_radius=theme.RADIUS)
        if self.enabled and self.style is Style.NORMAL and not self.selected:
            pygame.draw.rect(surface, theme.PANEL_LINE, self.rect, 1, border_radius=theme.RADIUS)
        room = self.rect.width - LABEL_MARGIN
        centre = self.rect.center
        if self.swatch is not None:
            mark = pygame.Rect(self.rect.left + 6, self.rect.top + 6, 8, self.rect.height - 12)
            pygame.draw.rect(surface, self.swatch, mark, border_radius=2)
            room -= 14
            centre = (centre[0] + 7, centre[1])
        size = self.size
        while size > theme.MIN_TEXT and text_width(self.label, size, self.face) > room:
            size -= 1
        label = fit_line(self.label, size, room, self.face)
        if self.caption:
            # Two lines, centred together: the caption (smaller, softer) over the label.
            small = max(theme.MIN_TEXT, size - 2)
            above, below = font(small, Face.REGULAR).get_linesize(), font(size, self.face).get_linesize()
            top = centre[1] - (above + below) // 2
            soft = ink if not self.enabled or dimmed else theme.INK_SOFT
            draw_text(surface, fit_line(self.caption, small, room, Face.REGULAR), (centre[0], top + above // 2),
                      small, soft, Face.REGULAR, "center", box=self.rect)
            centre = (centre[0], top + above + below // 2)
        draw_text(surface, label, centre, size, ink, self.face, "center", box=self.rect)


def even_labels(buttons: Sequence[Button]) -> None:
    """Give buttons that stand side by side one text size: the largest, at most their own,
    at which every label fits its button whole (else the one long label in a row was drawn
    smaller than its neighbours, «чоловічий рід» beside «жіночий рід» at 800×500)."""
    if not buttons:
        return
    size = min(b.size for b in buttons)
    while size > theme.MIN_TEXT and any(text_width(b.label, size, b.face) > b.rect.width - LABEL_MARGIN
                                        for b in buttons):
        size -= 1
    for b in buttons:
        b.size = size


def flow(buttons: list[Button], area: pygame.Rect, height: int, gap: int = 8,
         min_width: int = 0) -> int:
    """Lay buttons out left to right, wrapping rows inside `area`; the y below the last row."""
    x, y = area.left, area.top
    for b in buttons:
        w = max(min_width, text_width(b.label, b.size, Face.BOLD) + 28)
        w = min(w, area.width)
        if x > area.left and x + w > area.right:
            x, y = area.left, y + height + gap
        b.rect = pygame.Rect(x, y, w, height)
        x += w + gap
    return y + height if buttons else area.top


def stack(buttons: list[Button], area: pygame.Rect, height: int, gap: int = 8) -> int:
    """Full-width buttons one under another; the y below the last."""
    y = area.top
    for b in buttons:
        b.rect = pygame.Rect(area.left, y, area.width, height)
        y += height + gap
    return y - gap if buttons else y


# Holding − or + down: the first step is the press itself; after HOLD_DELAY (longer than
# any click) the amount moves on every HOLD_REPEAT, and once held HOLD_FASTER it moves ten
# steps at a time, so a long range (turns 0-5 000) is crossed in seconds, not minutes.
HOLD_DELAY = 0.45
HOLD_REPEAT = 0.07
HOLD_FASTER = 2.0
HOLD_FAST_STEPS = 10


@dataclass
class Stepper:
    """A whole amount within [lo, hi]: − / + buttons (held down, they repeat, faster the
    longer), the mouse wheel over it, or typed digits (what is typed counts at once,
    `current`; Enter, Esc or a click elsewhere keeps it in range). Each moves by `step`."""

    value: int
    lo: int
    hi: int
    step: int
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    minus: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    plus: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    typing: str | None = None
    size: int = theme.BODY      # the amount's font size (the signs are a third larger)
    held: int = 0               # −1 or +1 while a sign is held down
    held_for: float = 0.0
    repeated: float = 0.0       # when (in held_for) the last repeat came
    # Digits typed keep the side of zero the amount was on (a trade's money shows the
    # amount, its sentence the side): typing never turns «they pay» into «you pay».
    typed_sign: int = 1

    def set_range(self, lo: int, hi: int) -> None:
        self.lo, self.hi = lo, hi
        self.value = min(max(self.value, lo), hi)

    @property
    def current(self) -> int:
        """The amount as shown: what is being typed (kept in range), else the value."""
        if self.typing:
            return min(max(self.typed_sign * int(self.typing), self.lo), self.hi)
        return self.value

    @property
    def holding(self) -> bool:
        return self.held != 0

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect
        side = rect.height
        self.minus = pygame.Rect(rect.left, rect.top, side, side)
        self.plus = pygame.Rect(rect.right - side, rect.top, side, side)

    def handle(self, event: pygame.event.Event, mouse: tuple[int, int]) -> bool:
        """Take `event` if it is the stepper's (a press, a release of a held sign, the wheel
        over it, a key while typing); `mouse` is where the pointer is (the wheel's event
        does not say). True: taken, and `value` or `typing` may have changed."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            taken = self.click(event.pos)
            if not taken:
                self.commit()
            return taken
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was, self.held = self.held, 0
            return was != 0
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(mouse) and event.y:
            self.commit()
            self._move(self.step if event.y > 0 else -self.step)
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def update(self, dt: float) -> bool:
        """Time held down moves on; True when the value moved with it."""
        if not self.held:
            return False
        self.held_for += dt
        moved = False
        while self.held_for - self.repeated >= (HOLD_DELAY if self.repeated == 0 else HOLD_REPEAT):
            self.repeated = HOLD_DELAY if self.repeated == 0 else self.repeated + HOLD_REPEAT
            fast = HOLD_FAST_STEPS if self.held_for >= HOLD_FASTER else 1
            before = self.value
            self._move(self.held * self.step * fast)
            moved = moved or self.value != before
            if self.value in (self.lo, self.hi):
                break
        return moved

    def _move(self, by: int) -> None:
        self.value = min(max(self.value + by, self.lo), self.hi)

    def click(self, pos: tuple[int, int]) -> bool:
        """A press at `pos`: a sign steps once (and is held until released), the field
        starts typing; False when the press is elsewhere."""
        for rect, sign in ((self.minus, -1), (self.plus, 1)):
            if rect.collidepoint(pos):
                self.commit()
                self._move(sign * self.step)
                self.held, self.held_for, self.repeated = sign, 0.0, 0.0
                return True
        if self.rect.collidepoint(pos):
            self.typing, self.typed_sign = "", -1 if self.value < 0 else 1
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Digits typed into the field; Enter or leaving the field keeps them in range."""
        if self.typing is None:
            return False
        if event.key == pygame.K_BACKSPACE:
            self.typing = self.typing[:-1]
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
            self.commit()
        elif event.unicode.isdigit() and len(self.typing) < 9:
            self.typing += event.unicode
        else:
            return False
        return True

    def commit(self) -> None:
        self.value = self.current
        self.typing = None

    def draw(self, surface: pygame.Surface, show: Callable[[int], str]) -> None:
        pygame.draw.rect(surface, theme.CARD, self.rect, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, theme.FOCUS if self.typing is not None else theme.PANEL_LINE,
                         self.rect, 1 + (self.typing is not None), border_radius=theme.RADIUS)
        for r, sign, live in ((self.minus, "−", self.value > self.lo), (self.plus, "+", self.value < self.hi)):
            pygame.draw.rect(surface, theme.BUTTON if live else theme.BUTTON_DISABLED, r.inflate(-6, -6),
                             border_radius=theme.RADIUS)
            draw_text(surface, sign, r.center, self.size * 4 // 3,
                      theme.INK if live else theme.BUTTON_INK_DISABLED, Face.BOLD, "center", box=r)
        shown = (self.typing + "▏") if self.typing is not None else show(self.value)
        room = pygame.Rect(self.minus.right, self.rect.top, self.plus.left - self.minus.right, self.rect.height)
        draw_text(surface, fit_line(shown, self.size, room.width - 4, Face.BOLD), room.center, self.size,
                  theme.INK, Face.BOLD, "center", box=room)


@dataclass
class TextField:
    """One line of typed text (a name), with a length cap."""

    text: str
    limit: int
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    focused: bool = False
    size: int = theme.BODY

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            room = self.limit - len(self.text)
            self.text += "".join(ch for ch in event.text if ch.isprintable())[:max(0, room)]
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.text = self.text[:-1]
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, theme.CARD, self.rect, border_radius=theme.RADIUS)
        pygame.draw.rect(surface, theme.FOCUS if self.focused else theme.PANEL_LINE, self.rect,
                         2 if self.focused else 1, border_radius=theme.RADIUS)
        room = self.rect.inflate(-24, 0)
        shown = self.text + ("▏" if self.focused else "")
        while len(shown) > 1 and text_width(shown, self.size) > room.width:
            shown = shown[1:]   # the end is where one types: keep it in view
        draw_text(surface, shown, (room.left, self.rect.centery), self.size, theme.INK, anchor="midleft", box=self.rect)

"""The window's sizes: text grows with the window and never shrinks below readable; the
text recorder notices a text that leaves its box."""
from __future__ import annotations

import pygame
from helpers.ui import init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.kit.widgets import Button, draw_text, record_text


def test_ui_sizes_large_windows_get_larger_text() -> None:
    small, reference, large = (theme.sizes_for(s) for s in ((800, 500), theme.REFERENCE, (1920, 1080)))
    assert reference.body == theme.BODY and reference.px(100) == 100
    assert large.body > reference.body > small.body
    assert large.px(100) > 100 > small.px(100)
    for sizes in (small, reference, large):
        assert min(sizes.title, sizes.heading, sizes.body, sizes.small, sizes.tiny) >= theme.MIN_TEXT


def test_ui_sizes_follow_the_tighter_side() -> None:
    # A wide, short window scales by its height: the layout must fit top to bottom.
    assert theme.sizes_for((2560, 800)).scale == 1.0
    assert theme.sizes_for((100, 100)).scale == theme.MIN_SCALE


def test_ui_text_recorder_sees_a_label_out_of_its_box() -> None:
    init_pygame((400, 300))
    surface = pygame.Surface((400, 300))
    fits = Button("Так", "yes", rect=pygame.Rect(10, 10, 120, 40))
    with record_text() as drawn:
        fits.draw(surface, (0, 0))
        draw_text(surface, "Кинути кубики", (10, 100), 17, box=pygame.Rect(10, 100, 40, 20))
        draw_text(surface, "край", (395, 0), 17)
    assert [d.fits() for d in drawn] == [True, False, False]

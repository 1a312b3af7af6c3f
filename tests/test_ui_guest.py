"""The real window loop: trio in guest mode inside pygame, the table's task pacing the
computer players on the main thread, closed by the window's own quit event."""
from __future__ import annotations

import threading

import pygame
from ui_helpers import init_pygame  # noqa: F401,I001  (sets SDL drivers first)

from zemlevlasnyk.ui.app import App, run_window
from zemlevlasnyk.ui.hyphen import break_points
from zemlevlasnyk.ui.local_table import BOT_PACE
from zemlevlasnyk.ui.scenes.table import TableScene
from zemlevlasnyk.ui.vs_computer import new_table

# Long enough for a few paced computer moves, short enough for a quick test.
RUN_MS = 1500


def _first_mover_is_computer(seed: int) -> bool:
    table = new_table(name="X", opponents=3, level="idle", seed=seed)
    return table.game.active != table.me


def test_ui_guest_run_paces_computer_moves_in_the_pygame_loop(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    seed = next(s for s in range(1, 50) if _first_mover_is_computer(s))
    seen: dict[str, object] = {}

    def first(app: App) -> TableScene:
        table = new_table(name="X", opponents=3, level="idle", seed=seed)
        seen["table"] = table
        seen["thread"] = threading.current_thread()
        app.spawn(table.run)
        pygame.time.set_timer(pygame.QUIT, RUN_MS, 1)
        return TableScene(app, table)

    assert run_window(first=first) == 0
    table = seen["table"]
    assert seen["thread"] is threading.main_thread()
    moves = table.records - 1
    assert 1 <= moves <= RUN_MS / 1000 / BOT_PACE + 1


def test_ui_hyphenation_keeps_syllables() -> None:
    assert "Теат" in ["Театральна"[:i] for i in break_points("Театральна")]
    # English: "ght" ends a syllable, "wr" begins one.
    assert break_points("Lighthouse") == [len("Light")]
    assert break_points("Shipwrights") == [len("Ship")]
    for word in ("Кожум'яки", "Обсерваторна", "Lighthouse"):
        for i in break_points(word):
            head, tail = word[:i], word[i:]
            assert len(head) >= 2 and len(tail) >= 2
            assert tail[0] not in "ь'"

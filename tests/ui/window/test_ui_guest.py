"""The real window loop: trio in guest mode inside pygame, the table's task pacing the
computer players on the main thread, closed by the window's own quit event."""
from __future__ import annotations

import threading

import pygame
from helpers.ui import init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.ui.kit.hyphen import break_points
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.local import BOT_PACE
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell.app import App, run_window

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


def test_ui_a_hyphenated_name_broken_at_its_hyphen_gets_no_second_one() -> None:
    """«Guelder--Rose Bridge» on Казка's board at 1920×1080: a name broken where it has its
    own hyphen keeps that one alone."""
    from zemlevlasnyk.ui.kit.widgets import text_width, wrap
    init_pygame()
    width = text_width("Guelder-Ro", 13)
    lines = wrap("Guelder-Rose Bridge", 13, width)
    assert lines[0] == "Guelder-" and "--" not in "".join(lines), lines


def test_ui_hyphenation_keeps_syllables() -> None:
    assert "Теат" in ["Театральна"[:i] for i in break_points("Театральна")]
    # English: "ght" ends a syllable, "wr" begins one.
    assert break_points("Lighthouse") == [len("Light")]
    assert break_points("Shipwrights") == [len("Ship")]
    # A compound breaks at its own hyphen or by the syllables of the part it is in.
    assert [("Фітнес-клуб"[:i], "Фітнес-клуб"[i:]) for i in break_points("Фітнес-клуб")][-1] == ("Фітнес-", "клуб")
    assert "Фітнес-к" not in ["Фітнес-клуб"[:i] for i in break_points("Фітнес-клуб")]
    for word in ("Кожум'яки", "Обсерваторна", "Lighthouse", "Фітнес-клуб", "Гольф-клуб"):
        for i in break_points(word):
            head, tail = word[:i], word[i:]
            assert len(head) >= 2 and len(tail) >= 2
            assert tail[0] not in "ь'"

"""The opening turn (issue 19, friction 12): when the person has the first turn of a game
against the computer, no "your turn" sound played at the start, for the start record makes
no event that says whose turn it is and the opening never reached the scene's timeline.
Driven by the real window loop's scene with SDL's dummy audio driver."""
from __future__ import annotations

import pytest
import trio
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine.events import TurnStarted
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell import sound
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.shell.sound import Cue
from zemlevlasnyk.ui.words.narrate import narrate


async def _opened(seed: int, opponents: int, monkeypatch: pytest.MonkeyPatch,
                  lang: str = "uk") -> tuple[TableScene, list[Cue]]:
    """The first frames of a new game's window; the cues it played (through the real
    player, which keeps only a bounded history of its own)."""
    surface = init_pygame()
    sound.set_enabled(True)
    sound.set_volume(sound.DEFAULT_VOLUME)
    played: list[Cue] = []
    real = sound.play

    def play(cue: Cue) -> bool:
        if real(cue):
            played.append(cue)
            return True
        return False
    monkeypatch.setattr(sound, "play", play)
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), settings=Settings(lang=lang), spawn=nursery.start_soon, save=lambda s: None)
        drive = Driver(app, surface)
        table = new_table(name="Оля", opponents=opponents, level="idle", seed=seed)
        scene = TableScene(app, table)
        app.push(scene)
        nursery.start_soon(table.run)
        await drive.frames(5)
        nursery.cancel_scope.cancel()
    return scene, played


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_ui_the_person_who_moves_first_hears_the_turn(seed: int, monkeypatch, autojump_clock) -> None:
    scene, cues = await _opened(seed, 1, monkeypatch)
    assert scene.game.active == scene.me and scene.game.turn == 1, "these seeds let the person start"
    assert cues[:1] == [Cue.YOUR_TURN]
    assert scene.feed_texts()[0] == _opening(scene, "uk")


async def test_ui_a_computer_opening_is_told_and_silent_for_the_person(monkeypatch, autojump_clock) -> None:
    seed = next(s for s in range(1, 60) if new_table(name="Оля", opponents=3, level="idle", seed=s).game.active != 0)
    scene, cues = await _opened(seed, 3, monkeypatch, "en")
    assert scene.feed_texts()[0] == _opening(scene, "en")
    assert Cue.YOUR_TURN not in cues


def _opening(scene: TableScene, lang: str) -> str:
    line = narrate(scene.game.rules, TurnStarted(scene.game.active, 1), lang, scene.names)
    assert line is not None
    return line

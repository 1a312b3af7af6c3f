"""Replays rendered headless: a game played from the seed against the computer (as the
results' screenshot plays it), then watched again from its records: mid-game (a move being
shown, at the game's middle turn), the chart so far over it, and the results at its end."""
from __future__ import annotations

from collections.abc import Callable

from zemlevlasnyk.p2p import rewind_of
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.sessions.playback import TUMBLE_SECONDS
from zemlevlasnyk.ui.sessions.replay import ReplayTable
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App

# Frames the end of a replay is shown before the results (the table scene's delay and more).
END_FRAMES = 60
# Seconds a frame of the window lasts while the replay is played on for the picture.
STEP = 0.05


def replay_scene(app: App, name: str, seed: int, played: Callable[[int, str], LocalTable]) -> Scene:
    """`played(seed, lang)`: a table against the computer played from the seed to its end,
    whose records are watched again."""
    core = played(seed, app.lang).handle.core
    replay = ReplayTable(rewind_of(core.table, core.profile.key_hex, core.records))
    app.go(nav.Watch(replay))
    scene = app.top
    assert isinstance(scene, TableScene)
    replay.to_turn(replay.turns // 2)
    scene.update(0.0)
    if name == "replay_end":
        replay.to_end()
        for _ in range(END_FRAMES):
            app.update(STEP * 2)
            if not isinstance(app.top, TableScene):
                break
        return app.top
    replay.play()
    # Played on until the dice are in the air, as a person watching would see them.
    for _ in range(400):
        scene.update(STEP / 5)
        if scene.dice.busy and scene.dice.left <= TUMBLE_SECONDS / 2:
            break
    if name == "replay_chart":
        scene._chart()
    return app.top

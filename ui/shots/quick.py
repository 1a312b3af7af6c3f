"""Screenshots of the quick game (docs/RULES.md, "Quick games"): the setup with «Швидка гра»
chosen (`quick_setup`), a quick game mid-way with the time left beside the turn and the
speed die among the dice (`quick_table`), and the speed die's two choices, the bus's moves
(`speed_bus`) and a triple's cell (`speed_triple`), by the speed die alone."""
from __future__ import annotations

from collections.abc import Callable

from zemlevlasnyk.engine import Ruleset, load_rules
from zemlevlasnyk.engine.options import QUICK_GAME
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.shell.app import App

QUICK_SCENES = ("quick_setup", "quick_table", "speed_bus", "speed_triple")
# A warm-up's records' clock stands still (it plays outside trio): the shot shows the table as
# a game this many minutes in, so the time left reads as it would then.
SHOWN_MINUTES = 14
# A mid-game worth showing: this many turns played, and the speed die rolled by then.
SHOWN_TURNS = 20

# A table played from a seed by given rules until a position (`render.warm_table`).
Warm = Callable[[int, str, Ruleset, Callable[[LocalTable], bool]], LocalTable]


def _mine(kind: str) -> Callable[[LocalTable], bool]:
    """The person's decision is of `kind` (a turn, the bus, a triple)."""
    def reached(table: LocalTable) -> bool:
        return [d.kind for d in table.game.pending() if d.seat == table.me][:1] == [kind]
    return reached


def _rolled_with_the_speed_die(table: LocalTable) -> bool:
    game = table.game
    return game.turn >= SHOWN_TURNS and game.speed_face is not None and _mine("after_roll")(table)


def build(app: App, name: str, seed: int, warm: Warm) -> Scene:
    """Push the scenes that show `name` (one of `QUICK_SCENES`) onto `app`; the top one."""
    from zemlevlasnyk.ui.scenes.menu import MenuScene
    from zemlevlasnyk.ui.scenes.setup import SetupScene
    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    if name == "quick_setup":
        app.push(MenuScene(app))
        setup = SetupScene(app)
        setup.rules.toggle_quick()
        setup.relabel()
        app.push(setup)
        return app.top
    if name == "quick_table":
        table = warm(seed, app.lang, load_rules("zemlevlasnyk", QUICK_GAME), _rolled_with_the_speed_die)
    else:
        # The speed die alone: a warm-up plays no time, and a triple may come late in a game.
        table = warm(seed, app.lang, load_rules("zemlevlasnyk", {"speed_die": True}), _mine(name.split("_")[1]))
    scene = TableScene(app, table)
    app.push(scene)
    scene.record_age = SHOWN_MINUTES * 60.0
    scene.update(0.0)
    return app.top

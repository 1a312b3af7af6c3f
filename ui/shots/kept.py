"""Screenshots of a kept game against the computer: the table of one played on from its saved
file (in a folder made for the screenshot and removed after), mid-auction, its story in the
feed and the line that says it was resumed; and the menu offering to continue it."""
from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from nacl.signing import SigningKey

from zemlevlasnyk.p2p import Profile
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.shell.app import App

# The menu's unfinished game: only its being there is shown, so no file is read.
SHOWN_UNFINISHED = Path("5a1e5a1e5a1e5a1e-0000000000000000.zvl")


# A table kept in a folder, signed by a profile, played from a seed to a position worth showing.
KeptWarm = Callable[[int, str, Profile, Path], LocalTable]


def build(app: App, name: str, seed: int, warm: KeptWarm) -> Scene:
    """Push the scenes that show `name` (`resumed`, `menu_continue`) onto `app`; the top one.
    `warm(seed, lang, profile, folder)`: a kept table mid-auction (`render.warm_table`)."""
    from zemlevlasnyk.ui.scenes.menu import MenuScene
    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    if name == "menu_continue":
        app.push(MenuScene(app, unfinished=SHOWN_UNFINISHED))
        return app.top
    profile = Profile("", "red", SigningKey(seed.to_bytes(32, "big")))
    with tempfile.TemporaryDirectory(prefix="zemlevlasnyk-shot-") as folder:
        kept = warm(seed, app.lang, profile, Path(folder))
        kept.close()
        assert kept.path is not None
        table = LocalTable.resumed(kept.path, profile)
        table.close()
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    return scene

"""Look-alike tables in the friends scene's list (issue 20, item 3): a table named as
another but for a letter of another alphabet is marked on its key's line, in uk and en, at
a small and a large window, and that line is drawn whole (its first wording was cut before
the key at 1024x640: found by looking at the screenshot)."""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers.ui import drawn_texts, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.p2p import look_alikes
from zemlevlasnyk.ui.scenes.friends import KEY_GROUP, FriendsScene
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.shots.render import build_scene
from zemlevlasnyk.ui.words.text import ui_words


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_ui_look_alike_tables_are_marked_on_their_key_line_drawn_whole(
        size: tuple[int, int], lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    surface = init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None)
    scene = build_scene(app, "friends_lookalike", 1)
    assert isinstance(scene, FriendsScene) and scene.nearby is not None
    tables = scene.nearby.tables
    marked = look_alikes(tables)
    assert tables[0].table_name != tables[1].table_name and marked == {tables[0].table_id, tables[1].table_id}
    shown = drawn_texts(app, surface)
    words = ui_words(lang)["friends"]
    for table in tables:
        key = " ".join(table.fingerprint[i:i + KEY_GROUP] for i in range(0, len(table.fingerprint), KEY_GROUP))
        line = words["key_lookalike" if table.table_id in marked else "key"].format(key=key)
        assert line in shown, (line, shown)

"""Sounds: which moment makes which sound, playing them (with SDL's dummy audio driver) and
the mute switch; the committed WAV files are what tools/make_sounds.py makes."""
from __future__ import annotations

import sys
import wave
from importlib import resources
from pathlib import Path

import helpers.ui  # noqa: F401  (sets SDL drivers before pygame loads)
import pytest
from helpers.paths import REPO

from zemlevlasnyk.engine.events import Bought, Built, CardDrawn, DiceRolled, Paid, SentToJail, TurnStarted
from zemlevlasnyk.ui.shell import sound
from zemlevlasnyk.ui.shell.sound import Cue

ROOT = REPO


def test_ui_sound_cues_for_the_moments_of_a_game() -> None:
    me, other = 0, 1
    events = [
        DiceRolled(other, (3, 4), False),
        Paid(other, me, 900, "rent"),
        Paid(me, None, 20000, "tax"),
        Paid(me, None, 9000, "purchase"),
        Bought(me, 6, 9000),
        Built(other, 1, 1),
        SentToJail(other, "card"),
        CardDrawn(other, "go_to_jail"),
        TurnStarted(other, 4),
        TurnStarted(me, 5),
    ]
    assert sound.cues_for(events, me) == [Cue.DICE, Cue.MONEY_IN, Cue.MONEY_OUT, Cue.BUY, Cue.BUILD, Cue.JAIL,
                                          Cue.CARD, Cue.YOUR_TURN]
    # A purchase sounds as a purchase, not also as money going out; others' money is silent.
    assert sound.cues_for([events[3], events[4]], me) == [Cue.BUY]
    assert sound.cues_for([Paid(2, 3, 5, "rent")], me) == []


def test_ui_sound_plays_and_mutes() -> None:
    import pygame
    pygame.init()
    try:
        sound.set_enabled(True)
        sound.set_volume(0.5)
        assert sound.play(Cue.DICE)
        assert sound.played()[-1] is Cue.DICE
        sound.set_enabled(False)
        assert not sound.play(Cue.CARD)
        assert sound.played()[-1] is Cue.DICE
        sound.set_enabled(True)
        sound.set_volume(0.0)
        assert not sound.play(Cue.CARD), "volume 0 plays nothing"
        sound.set_volume(2.0)
        assert sound.volume() == 1.0
    finally:
        sound.set_enabled(True)
        sound.set_volume(sound.DEFAULT_VOLUME)
        pygame.quit()


@pytest.mark.parametrize("cue", list(Cue))
def test_ui_sound_files_are_what_the_generator_makes(cue: Cue, tmp_path: Path) -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import make_sounds
    finally:
        sys.path.remove(str(ROOT / "tools"))
    made = make_sounds.write(tmp_path)
    fresh = next(p for p in made if p.stem == cue.value)
    shipped = resources.files("zemlevlasnyk.assets") / "sounds" / f"{cue.value}.wav"
    with resources.as_file(shipped) as path, wave.open(str(path)) as a, wave.open(str(fresh)) as b:
        assert (a.getnchannels(), a.getsampwidth(), a.getframerate()) == (1, 2, make_sounds.RATE)
        assert a.getnframes() == b.getnframes() and a.getnframes() > 0.1 * make_sounds.RATE
        ours, theirs = a.readframes(a.getnframes()), b.readframes(b.getnframes())
    # Byte for byte but for rounding of the last bit (floating point may differ across machines).
    samples = zip(memoryview(ours).cast("h"), memoryview(theirs).cast("h"), strict=True)
    assert max(abs(x - y) for x, y in samples) <= 1


async def test_ui_table_sounds_and_its_mute_switch(autojump_clock) -> None:
    import pygame
    from helpers.ui import Driver, init_pygame

    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    from zemlevlasnyk.ui.shell.app import App
    from zemlevlasnyk.ui.shots.render import play_on, warm_table
    surface = init_pygame()
    table = warm_table(seed=1, lang="uk")
    app = App(surface.get_size(), lang="uk", spawn=lambda fn: None)
    scene = TableScene(app, table)
    app.push(scene)
    drive = Driver(app, surface)
    try:
        play_on(scene, table, lambda s: s.dice.busy)
        assert sound.played()[-1] is Cue.DICE, "the dice sound as they are thrown"
        drive.key(pygame.K_m, "m")
        await drive.frames()
        assert not sound.enabled()
        drive.click_button(scene.sound_button)
        await drive.frames()
        assert sound.enabled()
    finally:
        sound.set_enabled(True)


def test_ui_window_icon_is_shipped_and_loads() -> None:
    from zemlevlasnyk.ui.shell.icon import window_icon
    icon = window_icon()
    assert icon is not None and icon.get_size() == (64, 64)

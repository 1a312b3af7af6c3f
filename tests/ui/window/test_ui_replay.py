"""Replays in the window, driven by real pygame events (issue 24): a saved game opened from
its file plays by itself at a live table's pace; Space pauses, the arrows step a move or a
turn, Home and End go to the start and the end, the slider and the speed buttons answer
clicks; the state shown is the engine's at every record; no move is ever offered; the chart
so far opens over the replay and leads back; the end brings the results and «watch again»;
the handover of a table taken over is told in the feed; a Класика game plays too; the games
list's «Watch» opens a replay and refuses a damaged file in one line."""
from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest
from helpers.p2p import body, profile
from helpers.replays import Played, bot_game, save, taken_over_game
from helpers.ui import Driver, cut_short, drawn_texts, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.p2p import game_path
from zemlevlasnyk.ui.scenes.games import GamesScene
from zemlevlasnyk.ui.scenes.results import ResultsScene
from zemlevlasnyk.ui.scenes.table.replay_bar import PAUSE, PLAY
from zemlevlasnyk.ui.scenes.table.scene import RESULTS_DELAY, TableScene
from zemlevlasnyk.ui.sessions.playback import BOT_PACE
from zemlevlasnyk.ui.sessions.replay import ReplayTable, open_replay
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.words.text import ui_words

SIZE = (1280, 800)


@pytest.fixture(scope="module")
def played() -> Played:
    return bot_game("zemlevlasnyk", seed=3)


def _open(path: Path, lang: str = "uk", size: tuple[int, int] = SIZE) -> tuple[App, Driver, TableScene, ReplayTable]:
    surface = init_pygame(size)
    app = App(surface.get_size(), lang=lang, spawn=lambda fn: None)
    replay = open_replay(path)
    app.go(nav.Watch(replay))
    scene = app.top
    assert isinstance(scene, TableScene) and scene.replay is replay
    return app, Driver(app, surface), scene, replay


def _state(played: Played, seq: int) -> str:
    return str(body(played.records[seq])["state"])


async def test_ui_replay_plays_pauses_and_steps_with_the_keys(tmp_path: Path, played: Played, autojump_clock) -> None:
    app, drive, scene, replay = _open(save(tmp_path / "game.zvl", played))
    assert replay.playing and replay.position == 0
    await drive.frames(30)
    assert replay.position > 2, "it plays by itself"
    assert replay.position <= 3 / BOT_PACE + 1, "at a live table's pace"
    assert scene.bar is not None and scene.bar.transport[3].label == PAUSE
    drive.key(pygame.K_SPACE)
    await drive.frames(2)
    assert not replay.playing and scene.bar.transport[3].label == PLAY
    at = replay.position
    await drive.frames(10)
    assert replay.position == at, "paused"
    drive.key(pygame.K_RIGHT)
    await drive.frames(1)
    assert replay.position == at + 1 and replay.game.state_hash() == _state(played, at + 1)
    for _ in range(3):
        drive.key(pygame.K_LEFT)
    await drive.frames(1)
    assert replay.position == at - 2 and scene.game.state_hash() == _state(played, at - 2)
    assert not scene.busy and scene.playback.walks.cell == replay.game.pos, "a step back stands at once"
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_DOWN)
    await drive.frames(1)
    assert replay.position == replay.turn_starts[2] and scene.stats.turn == 3
    drive.key(pygame.K_UP)
    await drive.frames(1)
    assert replay.position == replay.turn_starts[1]
    drive.key(pygame.K_HOME)
    await drive.frames(1)
    assert replay.position == 0
    # Nothing the person could press is a move: the decision panel is the replay's bar.
    assert scene.decision.moves == [] and scene.watching
    texts = drawn_texts(app, drive.surface)
    assert ui_words("uk")["replay"]["title"] in texts
    assert all(b.label not in texts for b in scene.decision.toolbar)


async def test_ui_replay_slider_speed_and_the_end(tmp_path: Path, played: Played, autojump_clock) -> None:
    app, drive, scene, replay = _open(save(tmp_path / "game.zvl", played), lang="en")
    bar = scene.bar
    assert bar is not None
    drive.click((bar.track.left + bar.track.width * 3 // 4, bar.track.centery))
    await drive.frames(1)
    assert replay.turn == bar.turn_at(bar.track.left + bar.track.width * 3 // 4)
    assert abs(replay.turn - 1 - (replay.turns - 1) * 3 / 4) <= 1 and not replay.playing
    assert replay.game.state_hash() == _state(played, replay.position)
    assert scene.stats.turn == replay.turn and scene.stats.agrees_with(replay.game)
    # Pressed and dragged along, it follows the mouse.
    end = (bar.track.right - 1, bar.track.centery)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=end, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(bar.track.left + bar.track.width // 4,
                                                                 bar.track.centery), buttons=(1, 0, 0), rel=(0, 0)))
    await drive.frames(1)
    assert abs(replay.turn - 1 - (replay.turns - 1) / 4) <= 1
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1))
    for button, speed in zip(bar.speeds, (1.0, 4.0, 16.0, math.inf), strict=True):
        drive.click_button(button)
        await drive.frames(1)
        assert replay.speed == speed and button.selected
    drive.click_button(bar.speeds[2])
    drive.click_button(bar.transport[3])        # play, at 16x
    await drive.frames(1)
    at = replay.position
    await drive.frames(10)
    assert replay.position - at >= 10, "16 times a live table's pace"
    drive.key(pygame.K_END)
    await drive.frames(round(RESULTS_DELAY / 0.1) + 3)
    results = app.top
    assert isinstance(results, ResultsScene) and results.again.label == ui_words("en")["replay"]["again"]
    assert results.stats.turn == replay.turns
    drive.click_button(results.again)
    await drive.frames(1)
    assert isinstance(app.top, TableScene) and app.top.replay is replay and replay.position < 20 and replay.playing


async def test_ui_replay_the_chart_so_far_opens_over_it_and_leads_back(tmp_path: Path, played: Played,
                                                                       autojump_clock) -> None:
    app, drive, scene, replay = _open(save(tmp_path / "game.zvl", played))
    replay.to_turn(20)
    await drive.frames(1)
    assert scene.bar is not None
    drive.click_button(scene.bar.chart)
    await drive.frames(1)
    chart = app.top
    assert isinstance(chart, ResultsScene) and app.scenes[0] is scene
    assert chart.stats.turn == 20 and chart.stats.worth[-1][0] == 20
    words = ui_words("uk")
    texts = drawn_texts(app, drive.surface)
    assert words["replay"]["chart_title"].format(turn=20) in texts
    assert words["results_title"] not in texts and words["results_draw"] not in texts, "the game is not over"
    drive.key(pygame.K_ESCAPE)
    await drive.frames(1)
    assert app.top is scene and replay.turn == 20


async def test_ui_replay_of_a_table_taken_over_tells_the_handover(tmp_path: Path, autojump_clock) -> None:
    played = taken_over_game()
    for lang, words in (("uk", "стіл переймає P1"), ("en", "P1 takes the table over")):
        app, drive, scene, replay = _open(save(tmp_path / f"taken-{lang}.zvl", played), lang=lang)
        replay.choose_speed(math.inf)
        for _ in range(200):
            await drive.frames(1, draw=False)
            if any(words in line for line in scene.feed_texts()) or replay.at_end:
                break
        assert any(words in line for line in scene.feed_texts()), lang
        replay.to_end()
        await drive.frames(1)
        assert replay.game.state_hash() == _state(played, len(played.records) - 1)


async def test_ui_replay_of_a_klasyka_game_plays_to_its_results(tmp_path: Path, autojump_clock) -> None:
    played = bot_game("klasyka", seed=4)
    app, drive, scene, replay = _open(save(tmp_path / "klasyka.zvl", played), lang="en")
    assert replay.rules.preset == "klasyka"
    replay.choose_speed(math.inf)
    for _ in range(400):
        await drive.frames(1, draw=False)
        if isinstance(app.top, ResultsScene):
            break
    assert isinstance(app.top, ResultsScene) and replay.at_end
    assert app.top.stats.agrees_with(replay.game)


@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)])
def test_ui_replay_every_text_fits_at_every_size(tmp_path: Path, played: Played, size: tuple[int, int]) -> None:
    from zemlevlasnyk.ui.kit.text_audit import auditing
    for lang in ("uk", "en"):
        app, drive, scene, replay = _open(save(tmp_path / f"{lang}.zvl", played, played.records[:300]), lang, size)
        replay.to_turn(replay.turns // 2)
        app.update(0.05)
        with auditing() as audit:
            scene.board_key = None
            app.draw(drive.surface)
        assert scene.bar is not None and scene.bar.problem_box.height > 0, "the unfinished game says so"
        assert scene.feed.rect.height >= 3 * scene.feed.step, "the feed keeps its room under the bar"
        assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], (lang, size)
        assert [(a.text, b.text) for a, b in audit.overlapping()] == [], (lang, size)
        assert cut_short(audit.texts, lang) == [], (lang, size)


async def test_ui_games_list_watches_a_game_and_refuses_a_damaged_file(tmp_path: Path, played: Played,
                                                                       autojump_clock) -> None:
    other = bot_game("zemlevlasnyk", seed=5)
    save(game_path(tmp_path, played.table, profile(2).public_key), played)
    damaged = save(game_path(tmp_path, other.table, profile(2).public_key), other)
    lines = damaged.read_bytes().split(b"\n")
    at = lines[40].index(b'"state":"') + len(b'"state":"')
    lines[40] = lines[40][:at] + (b"0" if lines[40][at:at + 1] != b"0" else b"1") + lines[40][at + 1:]
    damaged.write_bytes(b"\n".join(lines))
    surface = init_pygame(SIZE)
    app = App(SIZE, lang="uk", spawn=lambda fn: None)
    games = GamesScene(app, profile=profile(2), folder=tmp_path)
    app.push(games)
    drive = Driver(app, surface)
    await drive.frames(1)
    assert len(games.watch) == 2 and all(b.label == "Переглянути" for b in games.watch)
    bad = next(b for b in games.watch if b.intent.path == damaged)
    drive.click_button(bad)
    await drive.frames(1)
    assert app.top is games
    shown = drawn_texts(app, surface)
    refusal = ui_words("uk")["replay"]["refused"].split("{")[0]
    assert refusal in shown and "запис 39" in shown
    good = next(b for b in games.watch if b.intent.path != damaged)
    drive.click_button(good)
    await drive.frames(1)
    assert isinstance(app.top, TableScene) and app.top.replay is not None and app.top.replay.complete


@pytest.mark.parametrize("lang", ["uk", "en"])
def test_ui_games_list_with_watch_buttons_fits_at_every_size(lang: str) -> None:
    """Every row's «Watch» whole, and the details beside it never cut short (a finished game's
    result lost its end at 1024x640 and 800x500 when the buttons came)."""
    from zemlevlasnyk.ui.kit.text_audit import auditing
    from zemlevlasnyk.ui.shots.render import build_scene
    init_pygame((800, 500))
    app = App((800, 500), lang=lang, spawn=lambda fn: None)
    build_scene(app, "games", seed=1)
    for size in ((800, 500), (1024, 640), (1920, 1080)):
        app.resize(size)
        surface = pygame.Surface(size)
        with auditing() as audit:
            app.draw(surface)
        assert isinstance(app.top, GamesScene) and app.top.watch
        assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], (lang, size)
        assert cut_short(audit.texts, lang) == [], (lang, size)

"""The menu's unfinished games (ui/scenes/games.py), driven by real pygame events: the
profile's saved games listed unfinished first; a damaged file, a finished game and a game
whose records fail the check each say why they cannot be played on, and nothing starts.
With real tables on 127.0.0.1 (a headless host process, real time): a window whose host
was killed takes the table over from its saved game when nobody advertises it; and when
the host came back with `zemlevlasnyk resume`, the window finds the table by mDNS and
rejoins it; a window that hosted the table and left hosts it again from the menu, its
player process rejoining. Either way the person's moves go on."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import trio
from helpers.friends import SEEN_SECONDS, headless_host, hosting, joined_table, kill_host_under
from helpers.p2p import REPO, body, cli, finished_game_records, profile, subprocess_env
from helpers.ui import Driver, init_pygame

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.p2p.lan.interfaces import ENV_VAR
from zemlevlasnyk.p2p.store.savegame import Header, SaveGame, game_path
from zemlevlasnyk.ui.cli.resume import words
from zemlevlasnyk.ui.scenes.games import GamesScene, saved_games
from zemlevlasnyk.ui.scenes.menu import GAMES, MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.common import LinkState
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.words.text import ui_words

# Looking for the table on the network (p2p.net.resume.LOOK_SECONDS), the replay of the saved
# game, the handover's grace and the first moves, on a loaded two-core machine.
TAKE_OVER_SECONDS = 90
TABLE = "00112233aabbccdd"


def _shaped(folder: Path, table: str, me: bytes, kinds: list[str]) -> Path:
    """A saved game whose records are only shaped as such (listing does not verify them)."""
    path = game_path(folder, table, me)
    with SaveGame.open(path, Header(table, "00" * 32, me.hex(), "zemlevlasnyk")) as saved:
        for seq, kind in enumerate(kinds):
            saved.append(seq, canonical_json({"body": {"kind": kind, "seq": seq}, "sig": "00" * 64, "t": "record"}))
    return path


@pytest.fixture(scope="module")
def finished_game() -> list[bytes]:
    """The records of a whole game played by the real host and peer cores (clock off)."""
    return finished_game_records(TABLE)


def _save(folder: Path, records: list[bytes], *, table: str = TABLE) -> Path:
    path = game_path(folder, table, profile(1).public_key)
    with SaveGame.open(path, Header(table, profile(0).key_hex, profile(1).key_hex, "zemlevlasnyk")) as saved:
        for seq, line in enumerate(records):
            saved.append(seq, line)
        if records and b'"end"' in records[-1]:
            saved.mark_finished()
    return path


def test_ui_games_lists_this_profiles_games_unfinished_first(tmp_path: Path) -> None:
    me, other = profile(1).public_key, profile(2).public_key
    mine = _shaped(tmp_path, "00112233aabbccd1", me, ["start", "act"])
    done = _shaped(tmp_path, "00112233aabbccd2", me, ["start", "act", "end"])
    _shaped(tmp_path, "00112233aabbccd3", other, ["start"])
    broken = game_path(tmp_path, "00112233aabbccd4", me)
    broken.write_bytes(b"not a saved game\n")
    assert [g.path for g in saved_games(me, tmp_path)] == [mine, broken, done]
    assert [g.finished for g in saved_games(me, tmp_path)] == [False, False, True]


async def test_ui_games_the_menu_opens_the_unfinished_games(loopback: Path) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        app.push(MenuScene(app))
        await drive.frames()
        drive.click_button(next(b for b in app.top.buttons if b.intent == GAMES))
        await drive.frames()
        assert isinstance(app.top, GamesScene) and app.top.games == [] and app.top.rows == []
        drive.click_button(app.top.back)
        await drive.frames()
        assert isinstance(app.top, MenuScene)
        nursery.cancel_scope.cancel()


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_games_a_damaged_finished_or_failing_game_says_why(tmp_path: Path, finished_game: list[bytes],
                                                                   lang: str, monkeypatch) -> None:
    monkeypatch.setenv(ENV_VAR, "127.0.0.1")
    me = profile(1).public_key
    _save(tmp_path, finished_game, table="00112233aabbcc01")
    changed = list(finished_game[:30])
    at = changed[20].index(b'"sig":"') + 10
    digit = b"0" if changed[20][at:at + 1] != b"0" else b"1"
    changed[20] = changed[20][:at] + digit + changed[20][at + 1:]    # a signature's hex digit changed
    _save(tmp_path, changed, table="00112233aabbcc02")
    game_path(tmp_path, "00112233aabbcc03", me).write_bytes(b'{"t":"header"\nrubbish\n')
    surface = init_pygame((1024, 640))
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang=lang, spawn=nursery.start_soon)
        drive = Driver(app, surface)
        app.push(MenuScene(app))
        scene = GamesScene(app, profile=profile(1), folder=tmp_path)
        app.push(scene)
        await drive.frames()
        words = ui_words(lang)["games"]["problem"]
        said = []
        for n in range(3):
            drive.click(scene.rows[n][1].center)
            await drive.frames()
            assert app.top is scene and scene.message is not None
            said.append(scene.say(scene.message))
        assert said == [words["bad_record"], words["damaged"], words["finished"]]
        nursery.cancel_scope.cancel()


async def _to_games(app: App, drive: Driver) -> GamesScene:
    """The menu's unfinished games, through a click."""
    assert isinstance(app.top, MenuScene)
    drive.click_button(next(b for b in app.top.buttons if b.intent == GAMES))
    await drive.frames()
    games = app.top
    assert isinstance(games, GamesScene)
    return games


async def _play_a_move(drive: Driver, table: TableScene) -> None:
    """The person's next move goes through (the table holds a record more): clicked once
    the window shows the table's latest news and no move of the person's is unanswered."""
    await drive.until(lambda: not table.waiting and any(b.enabled for b in table.moves), TAKE_OVER_SECONDS)
    before = table.table.records
    drive.click_button(next(b for b in table.moves if b.enabled))
    await drive.until(lambda: table.table.records > before, TAKE_OVER_SECONDS)


@pytest.mark.slow
async def test_ui_games_a_window_takes_over_the_table_of_a_killed_host(loopback: Path) -> None:
    with (loopback / "host.err").open("w") as err:
        host, link = await headless_host(loopback, err)
        try:
            async with trio.open_nursery() as nursery:
                app, drive, scene = await joined_table(nursery, link)
                await kill_host_under(drive, scene, host)
                records = scene.table.records
                drive.click_button(scene.connection.back)
                await drive.frames()
                games = await _to_games(app, drive)
                assert len(games.rows) == 1
                listed = games.rows[0][0]
                assert not listed.finished and listed.records == records
                drive.click(games.rows[0][1].center)
                await drive.until(lambda: isinstance(app.top, TableScene), SEEN_SECONDS)
                table = app.top
                assert isinstance(table, TableScene) and table.net is not None
                session = table.net.session
                assert isinstance(session, JoinSession)
                await drive.until(lambda: session.follower.hosting is not None, TAKE_OVER_SECONDS)
                await _play_a_move(drive, table)
                assert session.error is None and session.cheated is None and session.link is LinkState.CONNECTED
                assert session.notice is not None and session.notice.path == "games.hosting"
                nursery.cancel_scope.cancel()
        finally:
            if host.returncode is None:
                host.kill()
                await host.wait()


@pytest.mark.slow
async def test_ui_games_a_window_rejoins_a_table_its_host_resumed(loopback: Path) -> None:
    hosting = words("en")["hosting"].split("{")[0]
    with (loopback / "host.err").open("w") as err:
        host, link = await headless_host(loopback, err)
        resumed: trio.Process | None = None
        try:
            async with trio.open_nursery() as nursery:
                app, drive, scene = await joined_table(nursery, link)
                await kill_host_under(drive, scene, host)
                drive.click_button(scene.connection.back)
                await drive.frames()
                resumed = await trio.lowlevel.open_process(
                    cli("resume", "--interface", "127.0.0.1", "--bind", "127.0.0.1", "--bot", "idle", "--lang", "en"),
                    cwd=REPO, env=subprocess_env(loopback / "host"), stdout=subprocess.PIPE, stderr=err)
                # The host's own window of the table is listening before ours looks for it.
                await drive.until(lambda: hosting in (loopback / "host.err").read_text(), SEEN_SECONDS)
                games = await _to_games(app, drive)
                drive.click(games.rows[0][1].center)
                await drive.until(lambda: isinstance(app.top, TableScene), SEEN_SECONDS)
                table = app.top
                assert isinstance(table, TableScene) and table.net is not None
                session = table.net.session
                assert isinstance(session, JoinSession)
                await _play_a_move(drive, table)
                assert session.follower.hosting is None and session.notice is None   # rejoined, not taken over
                assert session.error is None and session.cheated is None and session.link is LinkState.CONNECTED
                nursery.cancel_scope.cancel()
        finally:
            for process in (host, resumed):
                if process is not None and process.returncode is None:
                    process.kill()
                    await process.wait()


@pytest.mark.slow
async def test_ui_games_a_window_host_that_leaves_mid_game_is_taken_over_and_rejoins(loopback: Path) -> None:
    """The window hosts a table, a `join` process plays at it; the window's person leaves
    mid-game (the table closes with the window's session, telling the player the host
    left). The player takes the table over at once, though it was told to wait 600 s for a
    host merely lost. From the menu's unfinished games the window finds the table hosted by
    that player and rejoins it as a player: moves go on on both sides, nobody hosts twice."""
    async with trio.open_nursery() as nursery:
        app, drive, lobby, hosted = await hosting(nursery)
        with (loopback / "joiner.err").open("w") as log:
            joiner = await trio.lowlevel.open_process(
                cli("join", hosted.invite.to_link(), "--bot", "medium", "--name", "Remote", "--resume-after", "600"),
                cwd=REPO, env=subprocess_env(loopback / "joiner"), stdout=subprocess.DEVNULL, stderr=log)
            try:
                await drive.until(lambda: lobby.start.enabled, SEEN_SECONDS)
                drive.click_button(lobby.start)
                await drive.until(lambda: isinstance(app.top, TableScene), SEEN_SECONDS)
                first = app.top
                assert isinstance(first, TableScene)
                await _play_a_move(drive, first)
                drive.click_button(first.menu_button)
                await drive.frames()
                drive.click_button(first.decision.confirm[0])
                await drive.until(lambda: isinstance(app.top, MenuScene), SEEN_SECONDS)
                joined = (loopback / "joiner.err")
                # Far sooner than the 600 s the player would give a host merely lost.
                await drive.until(lambda: "we host table" in joined.read_text(), TAKE_OVER_SECONDS)
                games = await _to_games(app, drive)
                assert len(games.rows) == 1 and not games.rows[0][0].finished
                drive.click(games.rows[0][1].center)
                await drive.until(lambda: isinstance(app.top, TableScene), SEEN_SECONDS)
                table = app.top
                assert isinstance(table, TableScene) and table.net is not None
                session = table.net.session
                assert isinstance(session, JoinSession)
                await drive.until(lambda: session.follower.client is not None and session.core.replica.seq > 0,
                                  TAKE_OVER_SECONDS)
                remote = [n for n, p in enumerate(session.core.replica.players) if p.name == "Remote"]
                mine = [n for n, p in enumerate(session.core.replica.players) if p.key == session.core.profile.key_hex]
                rejoined_at = session.core.replica.seq

                def played(seats: list[int]) -> bool:
                    """A move of `seats` since the rejoin: a player's signed action, or one
                    the host made for its own seat."""
                    records = [body(r) for r in session.follower.saved.records_from(rejoined_at + 1)]
                    return any((b.get("act") or b.get("auto") or {}).get("seat") in seats for b in records)
                with trio.fail_after(TAKE_OVER_SECONDS):
                    while not (played(remote) and played(mine)):   # the person moves when it is theirs
                        await _play_a_move(drive, table)
                assert session.follower.hosting is None, "the window rejoined: it must not host a second table"
                assert session.error is None and session.cheated is None
            finally:
                joiner.kill()
                await joiner.wait()
        nursery.cancel_scope.cancel()

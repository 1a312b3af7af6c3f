"""Friends mode in the window, over real sockets on 127.0.0.1 and real mDNS bound to
127.0.0.1: the nearby list, hosting with a joiner process, joining a headless host, a bad
link. Real time (sockets are real), with generous `fail_after` bounds; nothing asserts on
wall time.
"""
from __future__ import annotations

import secrets
import subprocess
from pathlib import Path

import pygame
import trio
from helpers.friends import SEEN_SECONDS, hosting, open_friends, read_line
from helpers.p2p import REPO, body, cli, profile, subprocess_env
from helpers.ui import Driver, check_buttons_legal  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import AcceptDraw
from zemlevlasnyk.p2p.core.host import KnockArrived
from zemlevlasnyk.p2p.lan.discovery import browse, open_mdns
from zemlevlasnyk.p2p.net.driver import TableConfig, prepare
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.host import HostSession
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.shell.app import App

PLAY_SECONDS = 60
# The window's person makes this many moves: enough for both sides to play several turns.
MOVES = 12


async def _play(drive: Driver, app: App, scene: TableScene, moves: int) -> int:
    """Click the first enabled move (never agreeing to a draw) whenever the person decides."""
    made = 0
    with trio.fail_after(PLAY_SECONDS):
        while made < moves and app.top is scene and scene.table.outcome is None:
            await drive.frames(draw=drive.frame_count % 10 == 0)
            game = scene.game
            if scene.busy or scene.seen != scene.table.records or scene.me not in \
                    {d.seat for d in game.pending()}:
                continue
            if scene.selected is not None:
                drive.key(pygame.K_ESCAPE)
                continue
            check_buttons_legal(game, scene.me, scene.moves, scene.decision.stepper.value)
            before = scene.table.records
            drive.click_button(next(b for b in scene.moves if b.enabled and not isinstance(b.intent, AcceptDraw)))
            await drive.frames()
            while scene.table.records == before and scene.table.outcome is None:
                await drive.frames(draw=False)
            made += 1
    return made


async def test_ui_friends_lists_a_table_nearby_and_knocks(loopback: Path) -> None:
    asked: list[KnockArrived] = []

    def admit(knock: KnockArrived) -> bool:
        asked.append(knock)
        return True

    handle = prepare(TableConfig(profile(1, "Olena"), table_name=f"UI test {secrets.token_hex(3)}",
                                 bind="127.0.0.1", interfaces=("127.0.0.1",), knock_policy=admit))
    core = handle.core
    async with trio.open_nursery() as nursery:
        await nursery.start(handle.run)
        app, drive, friends = await open_friends(nursery)

        def row():
            return next((b for b in friends.rows if b.intent.table_id == core.table), None)
        await drive.until(lambda: row() is not None, SEEN_SECONDS)
        advert = row().intent
        assert (advert.table_name, advert.host_name, advert.seats_taken, advert.seats_free) == \
            (core.table_name, "Olena", 0, 4)
        assert advert.clock and advert.fingerprint == core.info().fingerprint and row().enabled
        from zemlevlasnyk.p2p.core.policy import make_policy
        handle.add_bot("idle", make_policy("idle", 1))
        await drive.until(lambda: row() is not None and row().intent.seats_taken == 1, SEEN_SECONDS)
        drive.click_button(row())
        await drive.frames()
        lobby = app.top
        assert isinstance(lobby, LobbyScene) and isinstance(lobby.session, JoinSession)
        assert lobby.session.invite.secret is None   # found in the list: no secret, the host decides
        await drive.until(lambda: lobby.session.admitted is not None, SEEN_SECONDS)
        assert [k.name for k in asked] == [friends.profile.name]
        await drive.until(lambda: lobby.ready.enabled, SEEN_SECONDS)
        assert any(s is not None and s.mine for s in lobby.session.lobby_seats())
        drive.click_button(lobby.ready)
        await drive.until(core.can_start, SEEN_SECONDS)
        drive.click_button(lobby.leave)
        await drive.frames(3)
        assert app.top is friends
        nursery.cancel_scope.cancel()


async def test_ui_hosting_announces_the_table_until_the_lobby_is_left(loopback: Path) -> None:
    async with trio.open_nursery() as nursery:
        app, drive, friends = await open_friends(nursery)
        friends.name.text = "Оля"
        drive.click_button(friends.host_button)
        await drive.frames()
        session = app.top.session
        assert isinstance(session, HostSession)
        async with open_mdns(("127.0.0.1",)) as mdns, browse(mdns) as browser:
            def mine():
                return [t for t in browser.tables.values() if t.table_id == session.core.table]
            await drive.until(lambda: mine() or session.notice, SEEN_SECONDS)
            assert session.notice is None, session.notice
            advert = mine()[0]
            assert (advert.host_name, advert.seats_taken, advert.addresses) == ("Оля", 1, ("127.0.0.1",))
            drive.click_button(app.top.leave)
            await drive.until(lambda: not mine(), SEEN_SECONDS)     # withdrawn (the browser saw it go)
        await drive.frames()
        assert app.top is friends
        nursery.cancel_scope.cancel()


async def test_ui_window_hosts_a_joiner_process(loopback: Path) -> None:
    async with trio.open_nursery() as nursery:
        app, drive, lobby, session = await hosting(nursery)
        assert session.invite.host == "127.0.0.1" and session.core.port == session.invite.port
        assert not lobby.start.enabled
        drive.click_button(next(b for b in lobby.clock if b.intent[1] is False))
        await drive.frames(2)
        assert not session.clock_on
        log = (loopback / "joiner.err").open("w")
        joiner = await trio.lowlevel.open_process(
            cli("join", session.invite.to_link(), "--bot", "idle", "--name", "Remote"), cwd=REPO,
            env=subprocess_env(loopback / "joiner"), stdout=subprocess.DEVNULL, stderr=log)
        try:
            await drive.until(lambda: lobby.start.enabled, SEEN_SECONDS)
            names = [s.name for s in session.lobby_seats() if s is not None]
            assert "Remote" in names and len(names) == 2
            drive.click_button(lobby.start)
            await drive.until(lambda: isinstance(app.top, TableScene), SEEN_SECONDS)
            scene = app.top
            assert scene.me == 0 and len(scene.names) == 2
            made = await _play(drive, app, scene, MOVES)
            assert made == MOVES or scene.table.outcome is not None
            remote = [r for r in map(body, session.core.records) if (r.get("act") or {}).get("seat") == 1]
            assert remote, "the joiner's bot never played"
            drive.click_button(scene.menu_button)
            await drive.frames()
            drive.click_button(scene.decision.confirm[0])
            await drive.frames(3)
            assert isinstance(app.top, MenuScene)
        finally:
            joiner.kill()
            await joiner.wait()
            log.close()
        nursery.cancel_scope.cancel()


async def test_ui_host_lets_a_stranger_in(loopback: Path) -> None:
    async with trio.open_nursery() as nursery:
        app, drive, lobby, session = await hosting(nursery, f"Host {secrets.token_hex(3)}")
        log = (loopback / "stranger.err").open("w")
        stranger = await trio.lowlevel.open_process(
            cli("join", "--table", session.core.table_name, "--bot", "idle", "--name", "Stranger"), cwd=REPO,
            env=subprocess_env(loopback / "stranger"), stdout=subprocess.DEVNULL, stderr=log)
        try:
            await drive.until(lambda: lobby.knock_buttons, SEEN_SECONDS)
            assert [k.name for k in session.knocks] == ["Stranger"]
            drive.click_button(next(b for b in lobby.knock_buttons if b.intent[0] == "let_in"))
            await drive.until(lambda: lobby.start.enabled, SEEN_SECONDS)
            assert [s.name for s in session.lobby_seats() if s is not None][1] == "Stranger"
            assert not session.knocks and not lobby.knock_buttons
        finally:
            stranger.kill()
            await stranger.wait()
            log.close()
        nursery.cancel_scope.cancel()


async def test_ui_window_joins_a_headless_host(loopback: Path) -> None:
    err = (loopback / "host.err").open("w")
    host = await trio.lowlevel.open_process(
        cli("host", "--interface", "127.0.0.1", "--bind", "127.0.0.1", "--bots", "idle", "--start-at", "2",
            "--name", "Headless"),
        cwd=REPO, env=subprocess_env(loopback / "host"), stdout=subprocess.PIPE, stderr=err)
    try:
        with trio.fail_after(SEEN_SECONDS):
            link = await read_line(host.stdout, bytearray())
        assert link.startswith("zemlevlasnyk://127.0.0.1:")
        async with trio.open_nursery() as nursery:
            app, drive, friends = await open_friends(nursery)
            drive.click(friends.link.rect.center)
            drive.type_text(link)
            await drive.frames()
            drive.click_button(friends.join_link)
            await drive.frames()
            lobby = app.top
            assert isinstance(lobby, LobbyScene) and not lobby.session.knocking
            await drive.until(lambda: lobby.ready.enabled, SEEN_SECONDS)
            drive.click_button(lobby.ready)
            await drive.until(lambda: isinstance(app.top, TableScene), SEEN_SECONDS)
            scene = app.top
            assert scene.chat is not None and len(scene.names) == 2
            drive.click(scene.chat.field.rect.center)
            drive.type_text("Привіт!")
            drive.key(pygame.K_SPACE, " ")      # typed into the chat, not a roll
            drive.key(pygame.K_RETURN, "\r")
            await drive.until(lambda: any(e.text == "Привіт!" for e in scene.net.chat), SEEN_SECONDS)
            made = await _play(drive, app, scene, MOVES)
            assert made == MOVES or scene.table.outcome is not None
            assert scene.net.cheated is None and scene.net.session.error is None
            nursery.cancel_scope.cancel()
    finally:
        host.kill()
        await host.wait()
        err.close()


async def test_ui_bad_invite_link_is_explained(loopback: Path) -> None:
    async with trio.open_nursery() as nursery:
        app, drive, friends = await open_friends(nursery)
        drive.click(friends.link.rect.center)
        drive.type_text("zemlevlasnyk://192.0.2.1/notatable")
        await drive.frames()
        drive.click_button(friends.join_link)
        await drive.frames()
        assert app.top is friends
        assert friends.message is not None and "посилання" in friends.say(friends.message)
        nursery.cancel_scope.cancel()


async def test_ui_friends_name_is_saved_in_the_profile(loopback: Path) -> None:
    from zemlevlasnyk.p2p.store.profiles import load_or_create
    async with trio.open_nursery() as nursery:
        app, drive, scene = await open_friends(nursery)
        first = scene._me()
        assert first is not None
        key = first.key_hex
        scene.name.text = "Ярина"
        me = scene._me()
        assert me is not None and me.name == "Ярина" and me.key_hex == key
        assert load_or_create("default").name == "Ярина", "the next window remembers the name"
        nursery.cancel_scope.cancel()

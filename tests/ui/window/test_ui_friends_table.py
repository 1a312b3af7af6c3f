"""The table scene at a friends table, without sockets: a stand-in session (the seam
`NetTable` reads) under trio's `autojump_clock`. The clock counts down from what the
latest record carried, the chat takes its keys and keeps to `p2p.core.chat`'s limit, a refusal
reaches the feed, and a cheating host is reported over the board.
"""
from __future__ import annotations

import pygame
import pytest
import trio
from helpers.sessions import StandIn
from helpers.ui import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.p2p.core.chat import MAX_CHAT_CHARS
from zemlevlasnyk.ui.kit import theme
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.words.text import Say


async def test_ui_friends_table_clock_chat_refusal_cheat(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="uk", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        session = StandIn()
        scene = TableScene(app, NetTable(session))
        app.push(scene)
        await drive.frames(51)
        assert 24.5 < scene.clock_left[scene.me] < 25.5        # 30 s less 5 s of frames
        drive.click(scene.chat.field.rect.center)
        drive.type_text("x" * (MAX_CHAT_CHARS + 50))
        drive.key(pygame.K_SPACE, " ")                  # the chat has the keyboard: no roll
        await drive.frames()
        assert session.records == 1
        drive.key(pygame.K_RETURN, "\r")
        await drive.frames()
        assert session.said == ["x" * MAX_CHAT_CHARS] and scene.chat.field.text == ""
        drive.key(pygame.K_ESCAPE)                      # the field lets go of the keyboard
        drive.key(pygame.K_RETURN, "\r")                # and Enter rolls again
        await drive.frames()
        assert session.records == 2
        session.refusal = Say("errors.out_of_turn")
        await drive.frames()
        assert any("Зараз не ваш хід" in line for line in scene.feed_texts())
        session.cheated = Say("host_cheated", {"seq": 7})
        await drive.frames()
        box = scene.connection.box
        assert surface.get_at((box.left + 6, box.centery)) == theme.BUTTON_DANGER
        assert not any(b.enabled for b in (*scene.moves, *scene.extras))   # nothing more is sent to that host
        nursery.cancel_scope.cancel()


async def test_ui_friends_lobby_ready_then_the_table(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), lang="en", spawn=nursery.start_soon)
        drive = Driver(app, surface)
        session = StandIn()
        game, session.game, session.phase = session.game, None, "lobby"
        lobby = LobbyScene(app, session)
        app.push(lobby)
        await drive.frames()
        assert lobby.ready.enabled and lobby.ready.label == "Ready"
        drive.click_button(lobby.ready)
        await drive.frames()
        assert session.ready and lobby.ready.label == "Not ready"
        session.game, session.phase = game, "playing"
        await drive.frames()
        assert isinstance(app.top, TableScene) and app.top.me == session.my_seat
        nursery.cancel_scope.cancel()


@pytest.mark.parametrize("scene", ["friends", "lobby"])
def test_ui_friends_screenshots(tmp_path, monkeypatch, scene) -> None:
    from zemlevlasnyk.ui.cli import main
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    out = tmp_path / f"{scene}.png"
    assert main(["screenshot", scene, "--out", str(out), "--size", "1024x640", "--lang", "en"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 640)
    assert not (tmp_path / "data").exists()     # fixed data: no profile made, nothing announced

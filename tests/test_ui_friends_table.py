"""The table scene at a friends table, without sockets: a stand-in session (the seam
`NetTable` reads) under trio's `autojump_clock`. The clock counts down from what the
latest record carried, the chat takes its keys and keeps to `p2p.chat`'s limit, a refusal
reaches the feed, and a cheating host is reported over the board.
"""
from __future__ import annotations

from typing import Any

import pygame
import pytest
import trio
from ui_helpers import Driver, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Action, Entropy, Game, load_preset
from zemlevlasnyk.p2p.chat import MAX_CHAT_CHARS
from zemlevlasnyk.ui import theme
from zemlevlasnyk.ui.app import App
from zemlevlasnyk.ui.net_common import ChatEntry, LinkState, LobbySeat, Takeover
from zemlevlasnyk.ui.net_table import NetTable
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.table import TableScene
from zemlevlasnyk.ui.text import Say


class StandIn:
    """A `NetSession` whose table is a local engine: what a host or peer would show."""

    is_host = False
    phase = "playing"
    clock_on = True

    def __init__(self) -> None:
        self.game: Game | None = Game.new(load_preset(), players=2, chance=Entropy(b"\x01" * 16))
        self.players = [("Марія", "red", None), ("Тарас", "blue", None)]
        self.my_seat: int | None = self.game.pending()[0].seat     # the person opens the game
        self.records = 1
        self.clock = {self.my_seat: 30.0}     # seconds left as of the latest record
        self.chat: list[ChatEntry] = []
        self.said: list[str] = []
        self.error = self.notice = self.refusal = self.cheated = None
        self.link = LinkState.CONNECTED
        self.takeover = Takeover.NONE
        self.offline: set[int] = set()
        self.left: set[int] = set()
        self.knocks: list[Any] = []
        self.admitted = object()
        self.knocking = False
        self.ready = False
        self.table_name = "Стіл"
        self._events: list[dict[str, Any]] = []

    def lobby_seats(self) -> list[LobbySeat | None]:
        return [LobbySeat("Марія", "red", None, True, True, False, True),
                LobbySeat("Тарас", "blue", None, self.ready, True, True, False), None, None]

    def set_ready(self, on: bool) -> None:
        self.ready = on

    def clock_left(self) -> dict[int, float]:
        return self.clock

    def take_complaints(self) -> list[Any]:
        return []

    def takeover_in(self) -> float | None:
        return None

    def take_news(self) -> list[Say]:
        return []

    def take_events(self) -> list[dict[str, Any]]:
        events, self._events = self._events, []
        return events

    def act(self, action: Action) -> None:
        assert self.game is not None
        self._events += self.game.apply(action, chance=Entropy(bytes([self.records]) * 16))
        self.records += 1

    def say(self, text: str) -> str | None:
        self.said.append(text)
        self.chat.append(ChatEntry("Марія", text, "red"))
        return None

    def close(self) -> None:
        pass


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

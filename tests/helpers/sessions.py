"""Stand-in sessions for the window's tests: what a host or a peer would show a scene,
from fixed data and a local engine, without sockets (the seam `ui.sessions.view` and
`ui.sessions.network.NetSession` describe)."""
from __future__ import annotations

from typing import Any

from zemlevlasnyk.engine import Action, Entropy, Game, load_preset
from zemlevlasnyk.ui.sessions.common import ChatEntry, LinkState, LobbySeat, Takeover
from zemlevlasnyk.ui.words.text import Say


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
        self.signed_ms = 0                    # the records' clock of the latest record
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


class Joined:
    """A joiner's lobby session, from fixed data (what a peer shows before the start)."""

    is_host = False
    phase = "lobby"
    clock_on = True
    game = None
    my_seat = None
    knocks: list[Any] = []

    def __init__(self) -> None:
        self.error = self.notice = self.refusal = self.cheated = None
        self.admitted = object()
        self.knocking = False
        self.ready = True
        self.table_name = "Стіл · Оксана Костянтинопольська-Григоренко"
        self.code = "5PN5ZG"
        self.rules = ("klasyka", {"auctions": False, "start_cash": 2000, "bankrupt_deeds": "auction"})
        self.chosen: list[str] = []

    def choose_colour(self, colour: str) -> None:
        self.chosen.append(colour)

    def lobby_seats(self) -> list[LobbySeat | None]:
        return [LobbySeat("Оксана Костянтинопольська", "red", None, True, True, False, True),
                LobbySeat("Максиміліан Вишневецький", "blue", None, True, True, True, False),
                LobbySeat("medium", "green", "medium", True, True, False, True), None]

    def set_ready(self, on: bool) -> None:
        self.ready = on

    def close(self) -> None:
        pass

"""A table played over the network, as the table scene sees it: a `TableView` over a
`HostSession` (we host; our moves go through the host's own path) or a `JoinSession` (we
joined; our moves are signed and sent), plus what only a network table has: the chat, the
decision clock as of the latest record (from the records' signed times), a host caught
cheating, the connection's state, who is offline, and complaints (ours, or another
player's evidence).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from zemlevlasnyk.engine import Action, Event, Game, Outcome
from zemlevlasnyk.ui.sessions.common import ChatEntry, Knocking, LinkState, LobbySeat, Takeover
from zemlevlasnyk.ui.sessions.seats import WATCHING
from zemlevlasnyk.ui.sessions.view import PlayerInfo
from zemlevlasnyk.ui.words.text import Say

if TYPE_CHECKING:
    from zemlevlasnyk.ui.sessions.join import Complaint


class NetSession(Protocol):
    """What `HostSession` and `JoinSession` share (see ui/sessions/common.py)."""

    error: Say | None        # why the table stopped for us, in words (the detail is logged)
    refusal: Say | None
    cheated: Say | None      # a host caught cheating (the evidence is in the saved game)
    knocks: list[Knocking]
    link: LinkState
    offline: set[int]
    left: set[int]           # those offline who said goodbye (left on purpose)
    takeover: Takeover       # this window taking the table of a lost host over

    @property
    def is_host(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    @property
    def clock_on(self) -> bool: ...
    @property
    def game(self) -> Game | None: ...
    @property
    def players(self) -> list[tuple[str, str, str | None, str | None]]:
        """(name, colour, level, temperament) by engine seat."""
    @property
    def my_seat(self) -> int | None: ...
    @property
    def records(self) -> int: ...
    @property
    def notice(self) -> Say | None: ...
    @property
    def chat(self) -> list[ChatEntry]: ...

    def clock_left(self) -> dict[int, float]: ...
    @property
    def signed_ms(self) -> int: ...
    def lobby_seats(self) -> list[LobbySeat | None]: ...
    def take_events(self) -> list[Event]: ...
    def take_complaints(self) -> list[Complaint]: ...
    def takeover_in(self) -> float | None: ...
    def take_news(self) -> list[Say]: ...
    def act(self, action: Action) -> None: ...
    def say(self, text: str) -> Say | None: ...
    def close(self) -> None: ...


class NetTable:
    """A `TableView` of a started network game."""

    def __init__(self, session: NetSession) -> None:
        assert session.game is not None
        self.session = session
        self.players = tuple(PlayerInfo(*player) for player in session.players)
        # A spectator (no seat) watches: the engine offers `WATCHING` nothing to do.
        self.me = session.my_seat if session.my_seat is not None else WATCHING
        self.hold = False        # a network table does not wait for the window's animations
        self.refusal: Say | None = None
        self.played_before = 0.0   # the figures of a game rejoined count from the window's own start

    @property
    def game(self) -> Game:
        game = self.session.game
        assert game is not None
        return game

    @property
    def outcome(self) -> Outcome | None:
        return self.game.outcome()

    @property
    def records(self) -> int:
        return self.session.records

    def take_events(self) -> list[Event]:
        if self.session.refusal is not None:
            self.refusal, self.session.refusal = self.session.refusal, None
        return self.session.take_events()

    def act(self, action: Action) -> bool:
        """Send the person's action; the table's refusal, if any, arrives later."""
        self.session.act(action)
        return True

    def computer_to_move(self) -> bool:
        return self.outcome is None and any(d.seat != self.me for d in self.game.pending())

    def pace(self, seconds: float) -> None:
        """The host paces a friends table's computer players, whoever watches it."""

    def can_finish(self) -> bool:
        return False

    def close(self) -> None:
        self.session.close()

    # --- what only a network table has -----------------------------------------------------

    @property
    def chat(self) -> list[ChatEntry]:
        return self.session.chat

    def say(self, text: str) -> Say | None:
        return self.session.say(text)

    def clock_left(self) -> dict[int, float]:
        """Seconds left per timed seat, as of the latest record."""
        return self.session.clock_left()

    @property
    def signed_ms(self) -> int:
        return self.session.signed_ms

    @property
    def link(self) -> LinkState:
        """Our connection to the host (a host's own table is always connected)."""
        return self.session.link

    @property
    def offline(self) -> set[int]:
        """Seats of people whose connection is gone (safe moves play for them)."""
        return self.session.offline

    @property
    def left(self) -> set[int]:
        """Those of `offline` who left the table on purpose (a signed goodbye)."""
        return self.session.left

    def take_complaints(self) -> list[Complaint]:
        """`p2p.core.peer` complaints since the last call that the window tells:
        `ContributionOmitted`, `ActionUnanswered`, `TimedOutWhileHere`, `TableNote`."""
        return self.session.take_complaints()

    @property
    def cheated(self) -> Say | None:
        return self.session.cheated

    @property
    def takeover(self) -> Takeover:
        """Where this window stands in taking over the table of a lost host."""
        return self.session.takeover

    def takeover_in(self) -> float | None:
        """Seconds left of the takeover's countdown (or of the others' time to come back)."""
        return self.session.takeover_in()

    def take_news(self) -> list[Say]:
        """Lines for the feed since the last call (this window took the table over)."""
        return self.session.take_news()

    @property
    def trouble(self) -> Say | None:
        """Why the table stopped for us (the host unreachable for good, say), if it did."""
        return self.session.error

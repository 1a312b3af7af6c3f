"""What the window needs from a table, whoever runs it: the seam between the scenes and
the table. `LocalTable` (against the computer, hosted here) is one; a table joined over
the network will be another, so the scenes stay the same in every mode.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from zemlevlasnyk.engine import Action, Event, Game, Outcome
from zemlevlasnyk.ui.words.text import Say


@dataclass(frozen=True)
class PlayerInfo:
    """One seat as the window shows it."""

    name: str
    colour: str
    bot: str | None
    temperament: str | None = None   # a computer player's, shown beside its level


class TableView(Protocol):
    players: tuple[PlayerInfo, ...]
    me: int                      # the person's seat
    hold: bool                   # set by the window while it is still showing a move
    refusal: Say | None          # why the table refused the person's last action, once (in words)

    @property
    def game(self) -> Game: ...

    @property
    def outcome(self) -> Outcome | None: ...

    @property
    def records(self) -> int:
        """A counter that grows with every move (the window re-asks the engine when it does)."""

    def take_events(self) -> Sequence[Event | Say]:
        """The engine events since the last call, in order (and lines for the feed at their
        place among them)."""

    def take_news(self) -> list[Say]:
        """Lines for the feed about the table itself since the last call."""

    @property
    def played_before(self) -> float:
        """Seconds the game had been played before this view of it opened (a kept game
        played on: the records' clock at its latest record; else 0)."""

    @property
    def signed_ms(self) -> int:
        """The table's signed clock at its latest record: milliseconds since the start (the
        records' `at`, which a time limit counts; against the computer, time the window was open)."""

    def act(self, action: Action) -> bool:
        """Send the person's action; False (with `refusal` set) when refused."""

    def computer_to_move(self) -> bool: ...

    def pace(self, seconds: float) -> None:
        """Let the computer players move this many seconds apart, where this window paces
        them (at a table it hosts against the computer; elsewhere nothing changes)."""

    def can_finish(self) -> bool:
        """Only computer players this window paces are left in the game: they can play it
        to its end at once while the person watches."""

    def close(self) -> None:
        """The person left the table."""

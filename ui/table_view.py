"""What the window needs from a table, whoever runs it: the seam between the scenes and
the table. `LocalTable` (against the computer, hosted here) is one; a table joined over
the network will be another, so the scenes stay the same in every mode.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from zemlevlasnyk.engine import Action, Event, Game, Outcome

from .text import Say


@dataclass(frozen=True)
class PlayerInfo:
    """One seat as the window shows it."""

    name: str
    colour: str
    bot: str | None


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

    def take_events(self) -> list[Event]:
        """The engine events since the last call, in order."""

    def act(self, action: Action) -> bool:
        """Send the person's action; False (with `refusal` set) when refused."""

    def computer_to_move(self) -> bool: ...

    def close(self) -> None:
        """The person left the table."""

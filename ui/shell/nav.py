"""Where the window goes next: navigation intents that scenes hand to `SceneHost.go`.

A scene never builds another scene (nor imports one, nor the app): it says where to go,
and the router (`ui.shell.router`) maps each intent to the scene it opens and how (on top of the
stack, or alone). So the scenes stay independent of each other and of the window loop.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from zemlevlasnyk.engine import Action, Game, Ruleset
    from zemlevlasnyk.p2p import Profile
    from zemlevlasnyk.ui.sessions.local import LocalTable
    from zemlevlasnyk.ui.sessions.network import NetSession
    from zemlevlasnyk.ui.sessions.replay import ReplayTable
    from zemlevlasnyk.ui.sessions.view import TableView
    from zemlevlasnyk.ui.words.house_rules import RulesChoice
    from zemlevlasnyk.ui.words.stats import GameStats
    from zemlevlasnyk.ui.words.text import Say


class TradeSource(Protocol):
    """What the trade dialog needs from the table it was opened over."""

    @property
    def game(self) -> Game: ...
    @property
    def me(self) -> int: ...
    @property
    def names(self) -> list[str]: ...

    def send(self, action: Action) -> None:
        """Send the person's action to the table."""


@dataclass(frozen=True)
class Back:
    """Close the top scene (a dialog, or a screen opened over another)."""


@dataclass(frozen=True)
class Quit:
    """Close the window."""


@dataclass(frozen=True)
class Menu:
    """The main menu, alone on the stack; `notice`: why the window came back to it (a
    friends table that is gone)."""

    notice: Say | None = None


@dataclass(frozen=True)
class Setup:
    """Setting up a game against the computer, over the menu."""

    seed: int | None = None


@dataclass(frozen=True)
class Settings:
    """The settings, as a dialog over the scene that opened them."""

    welcome: bool = False   # the first run: welcomes the person and asks for name and gender
    # Where closing leads (None: back to the scene beneath): a game the command line asked
    # for on a first run starts once the person has said who they are.
    then: Nav | None = None


@dataclass(frozen=True)
class Rules:
    """The rules dialog over the scene that asked; it edits `choice` in place."""

    choice: RulesChoice


@dataclass(frozen=True)
class Friends:
    """Playing with friends: open a table, the tables nearby, an invite link."""

    profile: Profile | None = None


@dataclass(frozen=True)
class Games:
    """The saved games, over the menu: resume one (against the computer: play it on; with
    friends: rejoin its table, or host it); `message` says why one could not be."""

    message: Say | None = None


@dataclass(frozen=True)
class FriendsAgain:
    """After a friends game: the menu with the friends scene over it."""


@dataclass(frozen=True)
class Lobby:
    """The lobby of a friends table we host or joined (its task is already running)."""

    session: NetSession


@dataclass(frozen=True)
class PlayComputer:
    """A new game against the computer, alone on the stack; the person's name (None: the
    one in the settings) and token colour from the settings."""

    name: str | None
    opponents: int
    level: str
    seed: int | None = None
    rules: Ruleset | None = None   # the preset with its house rules (None: the default preset)
    temperaments: tuple[str, ...] = ()   # the opponents', in seat order (missing: balanced)


@dataclass(frozen=True)
class PlayOn:
    """A kept game against the computer played on from where it stopped: its table's task
    starts, and the table shows alone."""

    table: LocalTable


@dataclass(frozen=True)
class Table:
    """The table of a game that runs already (a friends game that started), alone."""

    table: TableView


@dataclass(frozen=True)
class Watch:
    """A saved game watched again from its start, alone (the table scene on a replay)."""

    replay: ReplayTable


@dataclass(frozen=True)
class Results:
    """The results of a finished game, alone; `again` is where «play again» leads."""

    table: TableView
    names: Sequence[str]
    eliminated: Sequence[int]
    again: PlayComputer | FriendsAgain | Watch
    stats: GameStats | None = None     # the game's figures, as the table scene counted them


@dataclass(frozen=True)
class Chart:
    """A replay's figures up to where it stands (the results scene over it, back to it)."""

    table: TableView
    names: Sequence[str]
    eliminated: Sequence[int]
    stats: GameStats


@dataclass(frozen=True)
class Trade:
    """The trade proposal dialog over the table."""

    source: TradeSource


Nav = (Back | Quit | Menu | Setup | Settings | Rules | Friends | FriendsAgain | Games | Lobby | PlayComputer | PlayOn
       | Table | Watch | Results | Chart | Trade)

"""The scene router: each navigation intent (`ui.nav`) mapped to the scene it opens and
how it opens (on top of the stack, or alone).

This is the one module that knows every scene; the scenes know only `ui.nav`. The app
hands every intent here (`App.go`).
"""
from __future__ import annotations

from typing import Protocol

from . import nav
from .scenes.base import Scene, SceneHost
from .scenes.friends import FriendsScene
from .scenes.games import GamesScene
from .scenes.lobby import LobbyScene
from .scenes.menu import MenuScene
from .scenes.results import ResultsScene
from .scenes.rules import RulesScene
from .scenes.settings import SettingsScene
from .scenes.setup import SetupScene
from .scenes.table import TableScene
from .scenes.trade import TradeScene
from .text import ui_words
from .vs_computer import new_table


class Stack(SceneHost, Protocol):
    """The scene stack the router changes (the app)."""

    def push(self, scene: Scene) -> None: ...
    def pop(self) -> None: ...
    def reset(self, scene: Scene) -> None: ...
    def quit(self) -> None: ...


def route(stack: Stack, to: nav.Nav) -> None:
    """Open what `to` asks for."""
    match to:
        case nav.Back():
            stack.pop()
        case nav.Quit():
            stack.quit()
        case nav.Menu():
            stack.reset(MenuScene(stack))
        case nav.Setup(seed=seed):
            stack.push(SetupScene(stack, seed=seed))
        case nav.Settings(welcome=welcome):
            stack.push(SettingsScene(stack, welcome=welcome))
        case nav.Rules(choice=choice):
            stack.push(RulesScene(stack, choice))
        case nav.Friends(profile=profile):
            stack.push(FriendsScene(stack, profile=profile))
        case nav.Games():
            stack.push(GamesScene(stack))
        case nav.FriendsAgain():
            stack.reset(MenuScene(stack))
            stack.push(FriendsScene(stack))
        case nav.Lobby(session=session):
            stack.push(LobbyScene(stack, session))
        case nav.PlayComputer():
            name = to.name or stack.settings.name or ui_words(stack.lang)["default_name"]
            table = new_table(name=name, opponents=to.opponents, level=to.level, seed=to.seed,
                              colour=stack.settings.colour, rules=to.rules)
            stack.spawn(table.run)
            stack.reset(TableScene(stack, table))
        case nav.Table(table=table):
            stack.reset(TableScene(stack, table))
        case nav.Results():
            stack.reset(ResultsScene(stack, to.table, to.names, to.eliminated, again=to.again, stats=to.stats))
        case nav.Trade(source=source):
            stack.push(TradeScene(stack, source))

"""The scene router: each navigation intent (`ui.shell.nav`) mapped to the scene it opens and
how it opens (on top of the stack, or alone).

This is the one module that knows every scene; the scenes know only `ui.shell.nav`. The app
hands every intent here (`App.go`).
"""
from __future__ import annotations

from typing import Protocol

from zemlevlasnyk.ui.scenes.base import Scene, SceneHost
from zemlevlasnyk.ui.scenes.friends import FriendsScene
from zemlevlasnyk.ui.scenes.games import GamesScene
from zemlevlasnyk.ui.scenes.lobby import LobbyScene
from zemlevlasnyk.ui.scenes.menu import MenuScene
from zemlevlasnyk.ui.scenes.results import ResultsScene
from zemlevlasnyk.ui.scenes.rules import RulesScene
from zemlevlasnyk.ui.scenes.settings import SettingsScene
from zemlevlasnyk.ui.scenes.setup import SetupScene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.scenes.trade import TradeScene
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.words.text import ui_words


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
        case nav.Menu(notice=notice):
            stack.reset(MenuScene(stack, notice=notice))
        case nav.Setup(seed=seed):
            stack.push(SetupScene(stack, seed=seed))
        case nav.Settings(welcome=welcome, then=then):
            stack.push(SettingsScene(stack, welcome=welcome, then=then))
        case nav.Rules(choice=choice):
            stack.push(RulesScene(stack, choice))
        case nav.Friends(profile=profile):
            stack.push(FriendsScene(stack, profile=profile))
        case nav.Games(message=message):
            stack.push(GamesScene(stack, message=message))
        case nav.FriendsAgain():
            stack.reset(MenuScene(stack))
            stack.push(FriendsScene(stack))
        case nav.Lobby(session=session):
            stack.push(LobbyScene(stack, session))
        case nav.PlayComputer():
            name = to.name or stack.settings.name or ui_words(stack.lang)["default_name"]
            table = new_table(name=name, opponents=to.opponents, level=to.level, seed=to.seed,
                              colour=stack.settings.colour, rules=to.rules, keep=stack.keep_games,
                              temperaments=to.temperaments)
            stack.spawn(table.run)
            stack.reset(TableScene(stack, table))
        case nav.PlayOn(table=table):
            stack.spawn(table.run)
            stack.reset(TableScene(stack, table))
        case nav.Table(table=table):
            stack.reset(TableScene(stack, table))
        case nav.Watch(replay=replay):
            replay.jump(0)
            replay.play()
            stack.reset(TableScene(stack, replay))
        case nav.Results():
            stack.reset(ResultsScene(stack, to.table, to.names, to.eliminated, again=to.again, stats=to.stats))
        case nav.Chart():
            stack.push(ResultsScene(stack, to.table, to.names, to.eliminated, again=nav.Back(), stats=to.stats))
        case nav.Trade(source=source):
            stack.push(TradeScene(stack, source))

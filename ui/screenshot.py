"""Scenes rendered headless to an image: for the screenshot command, docs and tests.

A `table` scene needs a game worth looking at: computer players play it from the seed
while a stand-in plays the person's seat (buying, building, bidding up to the price),
until the board has owners, buildings and a mortgage and the person has a decision to
make.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pygame

from zemlevlasnyk.engine import Action, Bid, Build, Buy, Game
from zemlevlasnyk.engine.events import Eliminated

from . import nav
from .app import App
from .local_table import LocalTable
from .scenes.base import Scene
from .text import catalogue
from .vs_computer import default_level, new_table

# The warm-up: the board is interesting once this many turns are played, with at least
# this many buildings standing.
WARM_TURNS = 20
WARM_BUILDINGS = 2
# The warm-up gives up looking for a nicer position after this many actions.
WARM_ACTIONS = 6000
# The level the screenshots' computer players play: present in every build of the engine,
# and quick to fill a board. Trade offers need a level that makes them (the default one).
SCREENSHOT_LEVEL = "random"


def stand_in(game: Game, seat: int) -> Action:
    """The person's seat during a warm-up: buys, builds, bids up to the price, else the safe move."""
    legal = game.legal(seat)
    for a in legal.actions:
        if isinstance(a, (Buy, Build)):
            return a
    if legal.bid is not None and game.auction is not None and legal.bid[0] <= game.rules.cells[game.auction.cell].price:
        return Bid(seat, legal.bid[0])
    action = game.safe_action(seat)
    assert action is not None
    return action


def warm_table(*, seed: int, lang: str, until: Callable[[LocalTable], bool] | None = None,
               opponents: int = 3, level: str = SCREENSHOT_LEVEL) -> LocalTable:
    """A table played from `seed` until `until(table)` (default: an interesting mid-game)."""
    # The person's sample name (its initial differs from the computer players').
    table = new_table(name=catalogue(lang)["ui"]["samples"]["name"], opponents=opponents, level=level, seed=seed)
    done = until or _mid_game
    for _ in range(WARM_ACTIONS):
        if table.outcome is not None or done(table):
            break
        if table.computer_to_move():
            table.step_computer()
        else:
            table.act(stand_in(table.game, table.me))
    return table


def _mid_game(table: LocalTable) -> bool:
    g = table.game
    mine = [d.kind for d in g.pending() if d.seat == table.me]
    return (g.turn >= WARM_TURNS and sum(g.buildings) >= WARM_BUILDINGS and any(g.mortgaged)
            and not table.computer_to_move() and mine[:1] in (["buy"], ["turn"], ["after_roll"]))


def _bot_offer(table: LocalTable) -> bool:
    """Stop when a computer player's trade proposal waits for the person's answer."""
    g = table.game
    return g.trade is not None and g.trade.to_seat == table.me


def build_scene(app: App, name: str, seed: int) -> Scene:
    """Push the scenes that show `name` onto `app`; the top scene."""
    from .scenes.menu import MenuScene
    from .scenes.results import ResultsScene
    from .scenes.setup import SetupScene
    from .scenes.table import TableScene
    from .scenes.trade import TradeScene
    from .seats import display_names
    if name in ("friends", "lobby"):
        from .screenshot_friends import friends_scene, lobby_scene
        return (friends_scene if name == "friends" else lobby_scene)(app, seed)
    if name in ("menu", "setup"):
        app.push(MenuScene(app))
        if name == "setup":
            app.push(SetupScene(app))
        return app.top
    if name == "offer":
        table = warm_table(seed=seed, lang=app.lang, until=_bot_offer, level=default_level())
    elif name == "results":
        table = warm_table(seed=seed, lang=app.lang, until=lambda t: False, opponents=2)
        out = [e.seat for e in table.take_events() if isinstance(e, Eliminated)]
        names = display_names(table.players, _ui(app))
        app.push(ResultsScene(app, table, names, out, again=nav.PlayComputer(names[table.me], 2, SCREENSHOT_LEVEL)))
        return app.top
    else:
        table = warm_table(seed=seed, lang=app.lang)
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    if name == "deed":
        scene._select(_showcase_cell(table))
    elif name == "trade":
        dialog = TradeScene(app, scene)
        app.push(dialog)
        for b in dialog.mine[:2] + dialog.theirs[:1]:
            if b.enabled:
                (dialog.give if b in dialog.mine else dialog.take).add(b.intent)
        dialog.money.value = 5000
        dialog._refresh()
    return app.top


def _ui(app: App) -> dict[str, Any]:
    return catalogue(app.lang)["ui"]


def _showcase_cell(table: LocalTable) -> int:
    """The person's most built street, else any of their deeds, else the first property."""
    g = table.game
    props = g.rules.properties
    mine = [c for c in props if g.owner[c] == table.me]
    built = sorted(mine, key=lambda c: -g.buildings[c])
    return (built or list(props))[0]


def render(name: str, size: tuple[int, int], *, lang: str, seed: int) -> pygame.Surface:
    """The scene `name` drawn on a surface of `size`, without a window."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    pygame.display.init()
    pygame.font.init()
    app = App(size, lang=lang, spawn=lambda fn: None)
    build_scene(app, name, seed)
    surface = pygame.Surface(size)
    app.draw(surface)
    return surface

"""Scenes rendered headless to an image: for the screenshot command, docs and tests.

A `table` scene needs a game worth looking at: computer players play it from the seed
while a stand-in plays the person's seat (buying, building, bidding up to the price),
until the board has owners, buildings and a mortgage and the person has a decision to
make. The other table states are found the same way (an auction, a debt, a built-up late
game), or by playing on under the scene until it shows them (a bankruptcy, a Фортуна card,
dice in the air).
"""
from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from zemlevlasnyk.engine import Action, Bid, Build, Buy, Game, Phase, Ruleset, holdings
from zemlevlasnyk.engine.events import Eliminated
from zemlevlasnyk.p2p import Profile
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.sessions.playback import TUMBLE_SECONDS, CardKind
from zemlevlasnyk.ui.sessions.vs_computer import default_level, new_table, offered_temperaments
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.quick import QUICK_SCENES
from zemlevlasnyk.ui.words.stats import GameStats
from zemlevlasnyk.ui.words.text import Words, catalogue, ui_words

# The warm-up: the board is interesting once this many turns are played, with at least
# this many buildings standing.
WARM_TURNS = 20
WARM_BUILDINGS = 2
# The warm-up gives up looking for a nicer position after this many actions.
WARM_ACTIONS = 6000
# A late-game board has at least this many hotels and mortgages.
LATE_HOTELS = 2
LATE_MORTGAGES = 3
# A bankruptcy is near when the person could raise less than this; seeds tried to find a
# debt or a bankruptcy (each seed's game plays out differently).
NEARLY_BROKE = 25_000
SEED_TRIES = 8
# Time steps when a scene is played on (seconds); a moment's card is shown after this long.
STEP = 0.05
CARD_AGE = 0.5
# The results screen of a game played in no time says how long it would have taken at
# about this many seconds a turn (the screenshot's game is played instantly).
SECONDS_PER_TURN = 20
# The level the screenshots' computer players play: present in every build of the engine,
# and quick to fill a board. Trade offers need a level that makes them (the default one).
SCREENSHOT_LEVEL = "random"
# ... and their temperament, as the setup seats them unless the person changes it: the level's
# own play, and the longest word beside the level, which the players' rows must fit.
SCREENSHOT_TEMPERAMENT = "balanced"


def stand_in(game: Game, seat: int) -> Action:
    """The person's seat during a warm-up: buys, builds, bids up to the price, else the safe move."""
    legal = game.legal(seat)
    for a in legal.actions:
        if isinstance(a, (Buy, Build)):
            return a
    if legal.bid is not None and game.auction is not None \
            and legal.bid[0] <= game.rules.cells[game.auction.cell].price:
        return Bid(seat, legal.bid[0])
    action = game.safe_action(seat)
    assert action is not None
    return action


def warm_table(*, seed: int, lang: str, until: Callable[[LocalTable], bool] | None = None,
               opponents: int = 3, level: str = SCREENSHOT_LEVEL,
               person: Callable[[Game, int], Action] = stand_in, rules: Ruleset | None = None,
               keep: Profile | None = None, folder: Path | None = None) -> LocalTable:
    """A table played from `seed` until `until(table)` (default: an interesting mid-game),
    by `rules` (default: the default preset); kept in `folder`, signed by `keep`, if given."""
    # The person's sample name (its initial differs from the computer players').
    name = catalogue(lang)["ui"]["samples"]["name"]
    # Seated as the setup seats them, each with a temperament (balanced: the level's own play).
    moods = (SCREENSHOT_TEMPERAMENT,) * opponents
    if keep is not None and folder is not None:
        table = LocalTable.new(keep.with_name(name), opponents=opponents, level=level, seed=seed, rules=rules,
                               keep=folder, temperaments=moods)
    else:
        table = new_table(name=name, opponents=opponents, level=level, seed=seed, rules=rules, temperaments=moods)
    done = until or _mid_game
    for _ in range(WARM_ACTIONS):
        if table.outcome is not None or done(table):
            break
        if table.computer_to_move():
            table.step_computer()
        else:
            table.act(person(table.game, table.me))
    return table


def _mid_game(table: LocalTable) -> bool:
    g = table.game
    mine = [d.kind for d in g.pending() if d.seat == table.me]
    return (g.turn >= WARM_TURNS and sum(g.buildings) >= WARM_BUILDINGS and any(g.mortgaged)
            and not table.computer_to_move() and mine[:1] in (["buy"], ["turn"], ["after_roll"]))


def _late_game(table: LocalTable) -> bool:
    """A built-up board: hotels and several mortgages, the person to move."""
    g = table.game
    hotels = sum(1 for c in g.rules.properties if g.buildings[c] == g.rules.max_buildings)
    mine = [d.kind for d in g.pending() if d.seat == table.me]
    return hotels >= LATE_HOTELS and sum(g.mortgaged) >= LATE_MORTGAGES and mine[:1] in (["turn"], ["after_roll"])


def _bot_offer(table: LocalTable) -> bool:
    """Stop when a computer player's trade proposal waits for the person's answer."""
    g = table.game
    return g.trade is not None and g.trade.to_seat == table.me


def _my_auction(table: LocalTable) -> bool:
    """An auction where the person bids next and somebody has bid already."""
    g = table.game
    return g.auction is not None and g.auction.high_bidder is not None and g.legal(table.me).bid is not None


def _my_debt(table: LocalTable) -> bool:
    g = table.game
    return g.phase is Phase.DEBT and bool(g.debts) and g.debts[0].debtor == table.me


def _nearly_broke(table: LocalTable) -> bool:
    """The person's turn, with little left to raise: the next big payment will ruin them."""
    g = table.game
    mine = [d.kind for d in g.pending() if d.seat == table.me]
    return mine[:1] == ["turn"] and holdings.raisable(g, table.me) < NEARLY_BROKE


def warm_until(seed: int, lang: str, until: Callable[[LocalTable], bool],
               person: Callable[[Game, int], Action], *, rules: Ruleset | None = None) -> LocalTable:
    """The first table from `seed` on (trying SEED_TRIES seeds) that reaches `until`."""
    table = warm_table(seed=seed, lang=lang, until=until, person=person, rules=rules)
    for other in range(seed + 1, seed + SEED_TRIES):
        if until(table):
            break
        table = warm_table(seed=other, lang=lang, until=until, person=person, rules=rules)
    return table


def spendthrift(game: Game, seat: int) -> Action:
    """The person's seat when a debt is wanted: buys and builds all it can, bids its cash."""
    legal = game.legal(seat)
    for a in legal.actions:
        if isinstance(a, (Buy, Build)):
            return a
    if legal.bid is not None:
        return Bid(seat, legal.bid[1])
    action = game.safe_action(seat)
    assert action is not None
    return action


def play_on(scene: TableScene, table: LocalTable, until: Callable[[TableScene], bool], *,
            person: Callable[[Game, int], Action] = stand_in) -> None:
    """Play the table under the scene (as the window would, in small steps of time) until
    `until(scene)`: the computer players and the stand-in move only when the scene has
    shown everything."""
    for _ in range(WARM_ACTIONS):
        scene.update(STEP)
        if until(scene) or table.outcome is not None:
            return
        if scene.busy or scene.my_bankruptcy is not None:
            continue
        if table.computer_to_move():
            table.step_computer()
        elif table.me in {d.seat for d in table.game.pending()}:
            table.act(person(table.game, table.me))
        scene.update(0.0)
        if until(scene):
            return


# The window's own dialogs and a friends table's troubles (ui/shots/window.py).
WINDOW_SCENES = ("settings", "welcome", "rules", "lobby_joiner", "games", "connection", "host_looking",
                 "host_redialling", "offline", "left", "offline_and_left", "clock_waiting", "takeover_due",
                 "taking_over", "hosting_grace", "table_gone")


def build_scene(app: App, name: str, seed: int) -> Scene:
    """Push the scenes that show `name` onto `app`; the top scene."""
    from zemlevlasnyk.ui.scenes.menu import MenuScene
    from zemlevlasnyk.ui.scenes.results import ResultsScene
    from zemlevlasnyk.ui.scenes.setup import SetupScene
    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    from zemlevlasnyk.ui.scenes.trade import TradeScene
    from zemlevlasnyk.ui.sessions.seats import display_names
    if name.startswith("fair"):
        from zemlevlasnyk.ui.shots.fair import build as build_fair
        return build_fair(app, name, seed, warm_table)
    if name in WINDOW_SCENES:
        from zemlevlasnyk.ui.shots.window import build
        return build(app, name, seed, lambda s, lang: warm_table(seed=s, lang=lang))
    if name in ("resumed", "menu_continue"):
        from zemlevlasnyk.ui.shots.kept import build as build_kept
        return build_kept(app, name, seed, lambda s, lang, keep, folder: warm_table(
            seed=s, lang=lang, until=_my_auction, keep=keep, folder=folder))
    if name.startswith("replay"):
        from zemlevlasnyk.ui.shots.replay import replay_scene
        return replay_scene(app, name, seed, lambda s, lang: warm_table(seed=s, lang=lang, until=lambda t: False,
                                                                        opponents=2))
    if name in QUICK_SCENES:
        from zemlevlasnyk.ui.shots.quick import build as build_quick
        return build_quick(app, name, seed, lambda s, lang, rules, until: warm_until(s, lang, until, stand_in,
                                                                                    rules=rules))
    if name.startswith("kazka"):
        from zemlevlasnyk.engine import load_rules
        from zemlevlasnyk.ui.shots import kazka
        return kazka.build(app, name, seed,
                           lambda s, lang, until: warm_table(seed=s, lang=lang, until=until, rules=load_rules("kazka")),
                           lambda scene, table, until: play_on(scene, table, until))
    if name in ("friends", "friends_lookalike", "lobby"):
        from zemlevlasnyk.ui.shots.friends import friends_scene, lobby_scene
        if name == "lobby":
            return lobby_scene(app, seed)
        return friends_scene(app, seed, lookalike=name == "friends_lookalike")
    if name in ("menu", "setup"):
        app.push(MenuScene(app))
        if name == "setup":
            setup = SetupScene(app)
            app.push(setup)
            # One opponent of each temperament, so that every word is seen where it must fit.
            for seat, mood in enumerate(offered_temperaments()):
                setup.choose_temperament(seat, mood)
        return app.top
    if name == "results":
        table = warm_table(seed=seed, lang=app.lang, until=lambda t: False, opponents=2)
        events = table.take_events()
        out = [e.seat for e in events if isinstance(e, Eliminated)]
        names = display_names(table.players, _ui(app))
        stats = GameStats.start(table.game.rules, table.game.players, table.game.dealt)
        stats.feed(events)
        stats.seconds = stats.turn * SECONDS_PER_TURN
        stats.finish()
        app.push(ResultsScene(app, table, names, out, again=nav.PlayComputer(names[table.me], 2, SCREENSHOT_LEVEL),
                              stats=stats))
        return app.top
    until = {"offer": _bot_offer, "auction": _my_auction, "late": _late_game}.get(name, _mid_game)
    level = default_level() if name == "offer" else SCREENSHOT_LEVEL
    if name == "debt":
        table = warm_until(seed, app.lang, _my_debt, stand_in)
    elif name == "bankruptcy":
        table = warm_until(seed, app.lang, _nearly_broke, spendthrift)
    else:
        table = warm_table(seed=seed, lang=app.lang, until=until, level=level)
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    if name == "deed":
        scene._select(_showcase_cell(table))
    elif name == "bankruptcy":
        play_on(scene, table, lambda s: s.my_bankruptcy is not None, person=spendthrift)
    elif name == "card":
        play_on(scene, table, lambda s: s.card is not None and s.card.age >= CARD_AGE
                and s.card.kind is CardKind.FORTUNE)
    elif name == "bankrupt_other":
        play_on(scene, table, lambda s: s.card is not None and s.card.age >= CARD_AGE
                and s.card.kind is CardKind.BANKRUPTCY)
    elif name == "dice":
        play_on(scene, table, lambda s: s.dice.busy and s.dice.left <= TUMBLE_SECONDS / 2)
    elif name in ("trade", "trade_check"):
        dialog = TradeScene(app, scene)
        app.push(dialog)
        partner = next((b for b in dialog.partner_buttons if b.enabled), None)
        if partner is not None:
            dialog._choose_partner(partner.intent)
            for b in dialog.mine[:2] + dialog.theirs[:1]:
                if b.enabled:
                    (dialog.give if b in dialog.mine else dialog.take).add(b.intent)
            dialog.money.value = 5000
            dialog._refresh()
            dialog.checking = name == "trade_check" and dialog.next.enabled
    return app.top


def _ui(app: App) -> Words:
    return ui_words(app.lang)


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

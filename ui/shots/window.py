"""Screenshots of the window's own dialogs and of a friends table's troubles, from fixed
data: the settings (and the first run's welcome), the rules dialog with house rules
changed, a joiner's lobby (the host's code, clock and rules, the colours to choose from), the
saved games (against the computer and with friends, a damaged file and finished games among
them, and a message), the menu the window comes back to when a lobby's table is gone (and
why), and a table whose host went silent (or is gone and still looked for) or whose other players are
offline, or whose decision clock ran out with no record since (the window waits for the
host), or whose host is lost and this window takes it over (the countdown, the takeover, the others' time to come
back). Nothing is sent.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from zemlevlasnyk.engine import Action, Event, Game, OptionValue, Outcome
from zemlevlasnyk.p2p import (
    RESUME_AFTER_SECONDS,
    Admitted,
    GameFile,
    Header,
    Invite,
    LobbyView,
    Problem,
    Profile,
    Role,
    SaveGameError,
    Seated,
    SeatView,
    Settings,
    TablePhase,
    fingerprint,
)
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.sessions.common import ChatEntry, Knocking, LinkState, LobbySeat, Takeover
from zemlevlasnyk.ui.sessions.join import JoinSession
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.sessions.network import NetTable
from zemlevlasnyk.ui.shell import nav
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shots.friends import SHOWN_ADDRESS, SHOWN_PORT, _key
from zemlevlasnyk.ui.words.house_rules import RulesChoice
from zemlevlasnyk.ui.words.text import Say, catalogue

if TYPE_CHECKING:
    from zemlevlasnyk.ui.sessions.join import Complaint

# The rules shown: the classic preset with two house rules changed.
SHOWN_RULES = ("klasyka", {"auctions": False, "start_cash": 2000})
# When the saved games shown were last played (2026-11-28 21:40 UTC), a day apart.
SHOWN_WHEN = 1_795_902_000.0
DAY = 86_400.0
# The reconnection attempt the banner counts.
SHOWN_ATTEMPT = 3
# Seconds left of the takeover's countdown, and of the others' time to come back.
SHOWN_TAKEOVER_SECONDS = 42.0
SHOWN_GRACE_SECONDS = 7.0
# The takeover's steps the screenshots show, by scene name.
TAKEOVER_SCENES = {"takeover_due": Takeover.DUE, "taking_over": Takeover.TAKING, "hosting_grace": Takeover.GRACE}
# Others away, by scene name: how many merely offline, and how many left on purpose (a
# signed goodbye).
AWAY_SCENES = {"offline": (1, 0), "left": (0, 1), "offline_and_left": (1, 1)}
# A host gone past the client's minute, still looked for (on the network, or dialled only).
LINK_SCENES = {"host_looking": LinkState.LOOKING, "host_redialling": LinkState.REDIALLING}


def build(app: App, name: str, seed: int, warm: Callable[[int, str], LocalTable]) -> Scene:
    """Push the scenes that show `name` onto `app`; the top scene. `warm(seed, lang)`: a
    table played to an interesting position (`screenshot.warm_table`)."""
    from zemlevlasnyk.ui.scenes.menu import MenuScene
    from zemlevlasnyk.ui.scenes.setup import SetupScene
    if name in ("settings", "welcome"):
        app.push(MenuScene(app))
        app.go(nav.Settings(welcome=name == "welcome"))
    elif name == "rules":
        app.push(MenuScene(app))
        setup = SetupScene(app)
        app.push(setup)
        setup.rules.choose_preset(SHOWN_RULES[0])
        setup.rules.options.update(SHOWN_RULES[1])
        app.go(nav.Rules(setup.rules))
    elif name == "lobby_joiner":
        app.push(MenuScene(app))
        app.go(nav.Lobby(_joined(app, seed)))
    elif name == "games":
        from zemlevlasnyk.ui.scenes.games import GamesScene
        app.push(MenuScene(app))
        scene = GamesScene(app, listed=_saved_games(app, seed))
        app.push(scene)
        scene.message = Say("games.problem.bad_record")
    elif name == "table_gone":
        # A lobby whose host stayed away for the agreed silence: the window is back on the menu.
        app.go(nav.Menu(notice=Say("reasons.table_gone", {"seconds": round(RESUME_AFTER_SECONDS)})))
    else:
        _troubled_table(app, warm(seed, app.lang), away=AWAY_SCENES.get(name, (0, 0)),
                        takeover=TAKEOVER_SCENES.get(name), link=LINK_SCENES.get(name, LinkState.RECONNECTING),
                        clock_up=name == "clock_waiting")
    app.top.update(0.0)
    return app.top


def _joined(app: App, seed: int) -> JoinSession:
    """A joiner's session as it stands in the lobby, from a lobby message the host would send."""
    samples = catalogue(app.lang)["ui"]["samples"]
    host, me, twin = _key(seed, 20), _key(seed, 21), _key(seed, 22)
    profile = Profile(samples["friends"][0], "blue", me)
    table = "5a1e" * 4
    invite = Invite(SHOWN_ADDRESS, SHOWN_PORT, table, bytes(host.verify_key), None)
    session = JoinSession(profile, invite)
    seat = SeatView
    seats = (seat(samples["name"], "red", bytes(host.verify_key).hex(), None, True, True),
             seat(samples["friends"][0], "blue", profile.key_hex, None, False, True),
             seat(samples["friends"][0] + " 2", "green", bytes(twin.verify_key).hex(), None, False, True),
             seat(samples["name"], "yellow", bytes(host.verify_key).hex(), "medium", True, True))
    name = catalogue(app.lang)["ui"]["friends"]["table_name"].format(name=samples["name"])
    session.core.lobby = LobbyView(table, name, "5PN5ZG", TablePhase.LOBBY, Settings(True, *_shown_rules()),
                                   "0" * 64, samples["name"], bytes(host.verify_key).hex(), seats, 0, 1)
    session.admitted = Admitted(Role.PLAYER, 1)
    session.knocking = False
    return session


def _saved_games(app: App, seed: int) -> list[GameFile]:
    """The saved games a player might have: one against the computer and one with friends
    unfinished, a damaged file, and two finished games (with friends, won by a friend;
    against the computer, won by a computer player)."""
    samples = catalogue(app.lang)["ui"]["samples"]
    me = bytes(_key(seed, 21).verify_key)
    host = bytes(_key(seed, 20).verify_key).hex()
    people = [Seated(name, None, host) for name in [samples["name"], *samples["friends"]]]
    solo = [Seated(samples["name"], None, me.hex()), *(Seated(f"Bot {n}", "medium", me.hex()) for n in (1, 2, 3))]
    shown = [("5a1e" * 4, solo, 412, SHOWN_WHEN, None), ("c0de" * 4, people[:2], 97, SHOWN_WHEN - DAY, None),
             ("", [], 0, SHOWN_WHEN - 2 * DAY, None), ("f1a1" * 4, people[::-1], 1380, SHOWN_WHEN - 3 * DAY, 1),
             ("b0d1" * 4, solo, 940, SHOWN_WHEN - 4 * DAY, 2)]
    games = []
    for table, players, records, when, winner in shown:
        path = Path(f"{table or 'broken'}-{fingerprint(me)}.zvl")
        keeper = me.hex() if players is solo else host
        header = Header(table, keeper, me.hex(), SHOWN_RULES[0]) if table else None
        problem = None if table else SaveGameError(Problem.CORRUPT, path, line=3)
        outcome = None if winner is None else Outcome(winner, False)
        games.append(GameFile(path, header, records, records * 300, when, winner is not None, tuple(players), problem,
                              outcome))
    return games


def _shown_rules() -> tuple[str, dict[str, OptionValue]]:
    choice = RulesChoice(SHOWN_RULES[0], dict(SHOWN_RULES[1]))
    return choice.preset, choice.options


class ShownSession:
    """A friends table as a joiner sees it (a `NetSession`), over a game played from a seed;
    its connection in the state a screenshot shows."""

    is_host = False
    phase = "playing"
    clock_on = True
    knocks: list[Knocking] = []

    def __init__(self, game: Game, players: list[tuple[str, str, str | None, str | None]], me: int, records: int,
                 chat: list[ChatEntry]) -> None:
        self.game: Game | None = game
        self.players = players
        self.my_seat: int | None = me
        self.records = records
        self.chat = chat
        self.link = LinkState.CONNECTED
        self.reconnect_attempt = 0
        self.offline: set[int] = set()
        self.left: set[int] = set()
        self.error: Say | None = None
        self.refusal: Say | None = None
        self.cheated: Say | None = None
        self.notice: Say | None = None
        self.takeover = Takeover.NONE
        self.takeover_seconds: float | None = None
        self.clock: dict[int, float] = {}
        self.signed = 0             # the records' clock shown (a time limit's time left)

    def takeover_in(self) -> float | None:
        return self.takeover_seconds

    def take_news(self) -> list[Say]:
        return []

    def clock_left(self) -> dict[int, float]:
        return dict(self.clock)

    @property
    def signed_ms(self) -> int:
        return self.signed


    def lobby_seats(self) -> list[LobbySeat | None]:
        return []

    def take_events(self) -> list[Event]:
        return []

    def take_complaints(self) -> list[Complaint]:
        return []

    def act(self, action: Action) -> None:
        """Nothing is sent from a screenshot."""

    def say(self, text: str) -> Say | None:
        return None

    def close(self) -> None:
        """Nothing to close."""


def _troubled_table(app: App, table: LocalTable, *, away: tuple[int, int] = (0, 0),
                    takeover: Takeover | None = None, link: LinkState = LinkState.RECONNECTING,
                    clock_up: bool = False) -> None:
    from zemlevlasnyk.ui.scenes.table.scene import TableScene
    samples = catalogue(app.lang)["ui"]["samples"]
    others = iter([*samples["friends"], samples["tables"][0][1]])
    players: list[tuple[str, str, str | None, str | None]] = [
        (samples["name"] if n == table.me else next(others), p.colour, None, None) for n, p in enumerate(table.players)]
    friend = players[(table.me + 1) % len(players)]
    chat = [ChatEntry(friend[0], samples["chat"][0], friend[1]),
            ChatEntry(samples["name"], samples["chat"][1], players[table.me][1])]
    session = ShownSession(table.game, players, table.me, table.records, chat)
    if any(away):
        dropped, left = away
        around = [(table.me + k) % len(players) for k in (2, 1, 3)]
        session.offline = set(around[:dropped + left])
        session.left = set(around[dropped:dropped + left])
    elif takeover is not None:
        session.takeover = takeover
        if takeover is Takeover.GRACE:     # the others are not back yet
            session.offline = {n for n in range(len(players)) if n != table.me}
            session.takeover_seconds = SHOWN_GRACE_SECONDS
        else:
            session.link = LinkState.RECONNECTING
            session.reconnect_attempt = SHOWN_ATTEMPT
            session.takeover_seconds = SHOWN_TAKEOVER_SECONDS if takeover is Takeover.DUE else None
    elif clock_up:
        session.clock = {table.me: 0.0}    # the count ran out; no record came since
    else:
        session.link, session.reconnect_attempt = link, SHOWN_ATTEMPT
    scene = TableScene(app, NetTable(session))
    app.push(scene)

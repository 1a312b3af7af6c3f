"""The friends-mode scenes for screenshots, from fixed data: a list of tables nearby (in
`friends_lookalike`, one named as another but for a letter of another alphabet), and
a host's lobby with a friend seated and Ready, a second friend of the same name (the host
makes it unique) who asked for a colour already taken, a computer player and a stranger
knocking, at a table of the classic rules with a house rule changed.
Nothing is sent or announced; only the scenes' own code draws what it would show live.
"""
from __future__ import annotations

import hashlib

from nacl.signing import SigningKey

from zemlevlasnyk.engine import DEFAULT_PRESET
from zemlevlasnyk.p2p import (
    PLAYING,
    PROTOCOL_VERSION,
    AdvertPhase,
    Invite,
    Joiner,
    Profile,
    TableAdvert,
    fingerprint,
    make_policy,
    make_ready,
)
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.sessions.common import Knocking
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.words.text import catalogue

# Documentation addresses and ports (RFC 5737): what a LAN would show, pointing nowhere.
SHOWN_ADDRESS = "192.0.2.23"
SHOWN_PORT = 52314
# The lobby's computer player's temperament: the longest word of the three beside its level.
SHOWN_TEMPERAMENT = "balanced"
_TAG = b"zemlevlasnyk/ui/screenshot-friends\n"


def _key(seed: int, n: int) -> SigningKey:
    return SigningKey(hashlib.sha256(_TAG + seed.to_bytes(8, "big") + bytes([n])).digest())


# A Latin letter and the Cyrillic one drawn the same, both ways: the look-alike table's
# name is the first table's with its first such letter swapped.
_SWAPS = str.maketrans("OoAaEeCcPpTtHKMXxy" "ОоАаЕеСсРрТтНКМХху", "ОоАаЕеСсРрТтНКМХху" "OoAaEeCcPpTtHKMXxy")


def look_alike(name: str) -> str:
    """`name` with its first letter that has a look-alike in another alphabet swapped."""
    at = next(n for n, ch in enumerate(name) if ch.translate(_SWAPS) != ch)
    return name[:at] + name[at].translate(_SWAPS) + name[at + 1:]


def nearby_tables(seed: int, lang: str, *, lookalike: bool = False) -> list[TableAdvert]:
    """The tables listed; with `lookalike`, the second is named as the first, but for one
    letter of another alphabet (a table made to pass for another)."""
    names = list(catalogue(lang)["ui"]["samples"]["tables"])
    if lookalike:
        names[1] = (look_alike(names[0][0]), names[0][1])
    shapes = [(2, 2, AdvertPhase.LOBBY, True, "klasyka"), (1, 3, AdvertPhase.LOBBY, False, DEFAULT_PRESET),
              (4, 0, AdvertPhase.PLAYING, True, DEFAULT_PRESET)]
    tables = []
    for n, ((name, host), (taken, free, phase, clock, preset)) in enumerate(zip(names, shapes, strict=True)):
        key = bytes(_key(seed, n).verify_key)
        tables.append(TableAdvert(PROTOCOL_VERSION, hashlib.sha256(key).hexdigest()[:16], name, host, taken, free,
                                  phase, clock, key, SHOWN_PORT + n, (SHOWN_ADDRESS,), preset=preset))
    return tables


def friends_scene(app: App, seed: int, *, lookalike: bool = False) -> Scene:
    from zemlevlasnyk.ui.scenes.friends import FriendsScene
    from zemlevlasnyk.ui.scenes.menu import MenuScene
    from zemlevlasnyk.ui.sessions.nearby import NearbyTables
    app.interfaces = ["127.0.0.1"]
    app.push(MenuScene(app))
    scene = FriendsScene(app, profile=Profile(catalogue(app.lang)["ui"]["samples"]["name"], "red", _key(seed, 9)))
    scene.message = None
    scene.nearby = NearbyTables(("127.0.0.1",))
    scene.nearby.looking = True
    scene.nearby.tables = nearby_tables(seed, app.lang, lookalike=lookalike)
    app.push(scene)
    scene.update(0.0)
    return scene


def lobby_scene(app: App, seed: int) -> Scene:
    from zemlevlasnyk.ui.scenes.lobby import LobbyScene
    from zemlevlasnyk.ui.sessions.host import HostSession
    samples = catalogue(app.lang)["ui"]["samples"]
    names = (samples["name"], *samples["friends"])
    host = Profile(names[0], "red", _key(seed, 10))
    session = HostSession(host, interfaces=("127.0.0.1",),
                          table_name=catalogue(app.lang)["ui"]["friends"]["table_name"].format(name=host.name),
                          preset="klasyka", options={"auctions": False})
    core = session.core
    friend = _key(seed, 11)
    friend_key = bytes(friend.verify_key).hex()
    core.connect(1, Joiner(friend_key, names[1], "blue", PLAYING, True, -1), 0.0)
    index = core.lobby.index_of(friend_key)
    assert index is not None
    core.lobby.ready(index, make_ready(friend, table=core.table, commit=core.lobby_commit, entropy=bytes(32)))
    namesake = bytes(_key(seed, 13).verify_key).hex()
    core.connect(3, Joiner(namesake, names[1], "blue", PLAYING, True, -1), 0.0)
    # A temperament beside the level, as a person who chose one sees it.
    core.add_bot("medium", make_policy("medium", seed, SHOWN_TEMPERAMENT), 0.0, temperament=SHOWN_TEMPERAMENT)
    stranger = bytes(_key(seed, 12).verify_key)
    session.knocks.append(Knocking(2, names[2], fingerprint(stranger)))
    session.invite = Invite(SHOWN_ADDRESS, SHOWN_PORT, core.table, host.public_key, core.join_secret)
    scene = LobbyScene(app, session)
    app.push(scene)
    scene.update(0.0)
    return scene

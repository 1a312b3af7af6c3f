"""The lobby, pure: four seats, who is Ready, names and colours, and the table's settings.

A person who joins with the secret (or whom the host lets in) takes the first free seat;
the host fills seats itself (its own, computer players) and may remove any seat before the
start. A seat whose player left, by `bye` or by hanging up, is freed: the lobby never keeps
a seat nobody plays. Names are made unique by the host (a number added, " 2", " 3", shown
to everyone); a joiner keeps its colour when it is free and chooses among the free ones
otherwise. The settings (clock, preset, options) are the host's and read-only to joiners.
`view(you)` is the `lobby` message each connection gets.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from zemlevlasnyk.engine import OptionValue
from zemlevlasnyk.engine.bots import Temperament
from zemlevlasnyk.p2p.core.errors import Code, local
from zemlevlasnyk.p2p.core.identity import COLOURS, MAX_NAME, clean_name
from zemlevlasnyk.p2p.core.messages import LobbyView, Ready, SeatView, Settings, TablePhase

SEATS = 4


@dataclass(frozen=True, slots=True)
class Seat:
    key: str
    name: str
    colour: str
    bot: str | None = None           # a computer player's level
    temperament: Temperament | None = None   # ... and its temperament (None: a person's seat)
    ready: Ready | None = None
    online: bool = False
    left: bool = False               # gone mid-game with a signed goodbye (not a dropped connection)


class Lobby:
    def __init__(self, *, host_key: str, host_name: str, settings: Settings) -> None:
        self.host_key = host_key
        self.host_name = host_name
        self.settings = settings
        self.seats: list[Seat | None] = [None] * SEATS

    # --- who sits where -------------------------------------------------------------------------

    def index_of(self, key: str) -> int | None:
        """The lobby seat of a person's key (the host's key fills several seats: not here; nor
        do computer players, whose key is the first host's at a table taken over)."""
        if key == self.host_key:
            return None
        return next((i for i, s in enumerate(self.seats) if s is not None and s.key == key and s.bot is None), None)

    def free(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s is None), None)

    def sit(self, key: str, name: str, colour: str) -> int | None:
        """A joiner takes the first free seat (None: the table is full)."""
        index = self.free()
        if index is not None:
            self.seats[index] = Seat(key, self._unique(name, index, key), self._colour(colour, index), online=True)
        return index

    def sit_own(self, name: str, colour: str, *, bot: str | None = None,
                temperament: Temperament | None = None) -> int:
        """The host fills a seat itself: its own, or a computer player's (of `temperament`)."""
        index = self.free()
        if index is None:
            raise local(Code.NOT_NOW, "the table is full")
        self.seats[index] = Seat(self.host_key, self._unique(name, index, None if bot else self.host_key),
                                 self._colour(colour, index), bot=bot, temperament=temperament, online=True)
        return index

    def leave(self, index: int) -> None:
        """The seat is free again (its player left, or the host removed it)."""
        if not 0 <= index < SEATS or self.seats[index] is None:
            raise local(Code.NOT_NOW, f"seat {index} is empty")
        self.seats[index] = None

    def set_online(self, index: int, online: bool, *, left: bool = False) -> bool:
        """The seat's connection came or went (`left`: it went with the player's signed
        goodbye, mid-game); whether anything changed."""
        seat = self.seats[index]
        changed = None if seat is None else replace(seat, online=online, left=left and not online)
        if seat is None or changed == seat:
            return False
        self.seats[index] = changed
        return True

    # --- what seated people say ------------------------------------------------------------------

    def ready(self, index: int, ready: Ready | None) -> bool:
        """Ready (or, with None, no longer); whether anything changed."""
        seat = self.seats[index]
        assert seat is not None
        if seat.ready == ready:
            return False
        self.seats[index] = replace(seat, ready=ready)
        return True

    def change(self, index: int, name: str, colour: str) -> bool:
        """A new name (made unique) and colour; `taken` if another seat has that colour."""
        seat = self.seats[index]
        assert seat is not None
        if colour not in COLOURS:
            raise local(Code.BAD_MESSAGE, f"{colour[:20]!r} is not a colour of this game")
        if colour in self._colours_taken(index):
            raise local(Code.TAKEN, f"{colour} is taken: choose one of {', '.join(self.free_colours(index))}")
        changed = replace(seat, name=self._unique(clean_name(name), index, seat.key), colour=colour)
        if changed == seat:
            return False
        self.seats[index] = changed
        return True

    def free_colours(self, index: int | None = None) -> list[str]:
        taken = self._colours_taken(index)
        return [c for c in COLOURS if c not in taken]

    # --- the start --------------------------------------------------------------------------------

    def taken(self) -> int:
        return sum(s is not None for s in self.seats)

    def people(self) -> list[Seat]:
        return [s for s in self.seats if s is not None and s.key != self.host_key]

    def can_start(self, *, min_players: int, max_players: int, solo: bool) -> bool:
        people = self.people()
        return ((len(people) >= 1 or solo) and all(s.ready is not None for s in people)
                and min_players <= self.taken() <= max_players)

    def view(self, *, table: str, name: str, code: str, phase: TablePhase, commit: str, spectators: int,
             you: int | None) -> LobbyView:
        seats = tuple(None if s is None else SeatView(s.name, s.colour, s.key, s.bot,
                                                      s.ready is not None or s.key == self.host_key,
                                                      s.online or s.key == self.host_key, left=s.left,
                                                      temperament=s.temperament)
                      for s in self.seats)
        return LobbyView(table, name, code, phase, self.settings, commit, self.host_name, self.host_key, seats,
                         spectators, you)

    def options(self) -> dict[str, OptionValue]:
        return self.settings.options

    # --- internals --------------------------------------------------------------------------------

    def _colours_taken(self, index: int | None) -> set[str]:
        return {s.colour for i, s in enumerate(self.seats) if s is not None and i != index}

    def _colour(self, wanted: str, index: int) -> str:
        free = self.free_colours(index)
        return wanted if wanted in free else free[0]

    def _unique(self, name: str, index: int, key: str | None) -> str:
        """`name`, or `name 2`, `name 3`...: no two seats share a name, and nobody takes the
        host's (`key`: whose name it is; the host's own seat keeps the host's name)."""
        others = {s.name.casefold() for i, s in enumerate(self.seats) if s is not None and i != index}
        if key != self.host_key:
            others.add(self.host_name.casefold())
        if name.casefold() not in others:
            return name
        number = 2
        while True:
            suffix = f" {number}"
            candidate = name[:MAX_NAME - len(suffix)] + suffix
            if candidate.casefold() not in others:
                return candidate
            number += 1

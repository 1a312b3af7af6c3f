"""Hosting a friends table from the window: the table driver (`p2p.net.driver`) listening on
the first chosen interface and announced by mDNS on all of them, with the person at the
window in the host's own seat.

`HostSession.run` is the trio task: the driver listens (never on every interface when
they are restricted), builds the invite link and announces the table until the game ends
or the window leaves. The lobby's choices (the clock, computer players, strangers' knocks,
the start) and the person's moves and chat go straight to the driver's handle, which
sends what they cause from inside trio.

The window's view of the table (the feed's events, the chat lines, who knocks, who is
offline) is kept here, from the driver's observer outputs: the host core keeps nothing for
a window.
"""
from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import trio

from zemlevlasnyk.engine import DEFAULT_PRESET, Action, Event, Game, OptionValue
from zemlevlasnyk.p2p import (
    MAX_CHAT_CHARS,
    ChatRelayed,
    Invite,
    KnockArrived,
    KnockWithdrawn,
    Output,
    Profile,
    ProtocolError,
    Published,
    SeatOnline,
    TableConfig,
    TableHost,
    default_path,
    fingerprint,
    make_policy,
    prepare,
)
from zemlevlasnyk.ui.sessions.background import Background
from zemlevlasnyk.ui.sessions.common import CHAT_KEEP, ChatEntry, Knocking, LinkState, LobbySeat, Takeover
from zemlevlasnyk.ui.sessions.local import THINK_ASIDE
from zemlevlasnyk.ui.words.problems import explain, not_saved, trouble
from zemlevlasnyk.ui.words.text import Say

if TYPE_CHECKING:
    from zemlevlasnyk.ui.sessions.join import Complaint


class HostSession:
    """A table hosted by this window (see the module docstring)."""

    def __init__(self, profile: Profile, *, interfaces: tuple[str, ...], table_name: str | None = None,
                 preset: str = DEFAULT_PRESET, options: Mapping[str, OptionValue] | None = None) -> None:
        """`preset` and `options`: the rules the table is played by (shown to joiners)."""
        table = os.urandom(8).hex()
        self.handle = prepare(TableConfig(profile, table_name=table_name, clock=True, bind=interfaces[0],
                                          interfaces=interfaces, table=table, preset=preset,
                                          options=dict(options or {}),
                                          log_path=default_path(table, profile.public_key),
                                          think_aside=THINK_ASIDE))
        self.handle.observe(self._output)
        self._news: list[Say] = []
        self.handle.on_save_failed(lambda problem: self._news.append(not_saved(problem)))
        self.interfaces = interfaces
        self.task = Background()
        self.invite: Invite | None = None
        self.error: Say | None = None          # why the table could not open or run (in words)
        self.refusal: Say | None = None
        self.cheated: Say | None = None        # never: the host checks itself
        self.knocks: list[Knocking] = []
        self.offline: set[int] = set()         # engine seats of people whose connection is gone
        self.left: set[int] = set()            # those of them who said goodbye (left on purpose)
        self.link = LinkState.CONNECTED        # the host is the table: always connected
        self.takeover = Takeover.NONE          # and never takes another's table over
        self._events: list[Event] = []
        self._chat: deque[ChatEntry] = deque(maxlen=CHAT_KEEP)
        self.handle.sit_host()
        self.me_key = self.core.key_hex

    @property
    def core(self) -> TableHost:
        return self.handle.core

    @property
    def notice(self) -> Say | None:
        """A lesser problem: the table is not announced on the network (the detail is logged)."""
        if self.handle.notice is None:
            return None
        return trouble("announcing the table", self.handle.notice, Say("lobby.not_announced"))

    # --- the trio task ---------------------------------------------------------------------

    async def run(self) -> None:
        self.task.bind()
        with self.task.scope:
            async with trio.open_nursery() as nursery:
                try:
                    await nursery.start(self.handle.run)
                except OSError as exc:
                    self.error = trouble(f"opening the table on {self.interfaces[0]}", exc, Say("lobby.cannot_open"))
                    return
                self.invite = self.handle.invite

    def _output(self, out: Output) -> None:
        if isinstance(out, Published):
            self._events.extend(out.events)
        elif isinstance(out, ChatRelayed):
            self._chat.append(self._chat_entry(out))
        elif isinstance(out, KnockArrived):
            self.knocks.append(Knocking(out.conn, out.name, fingerprint(bytes.fromhex(out.key))))
        elif isinstance(out, KnockWithdrawn):
            self.knocks = [k for k in self.knocks if k.conn != out.conn]
        elif isinstance(out, SeatOnline):
            (self.offline.discard if out.online else self.offline.add)(out.seat)
            (self.left.add if out.left else self.left.discard)(out.seat)

    def _do(self, change: Callable[[], None]) -> None:
        """A host decision; a refusal is kept for the window to show."""
        try:
            change()
        except ProtocolError as exc:
            self.refusal = explain(exc, "a host decision")

    # --- the lobby -------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return self.core.phase.value

    @property
    def clock_on(self) -> bool:
        return self.core.clock_on

    @property
    def is_host(self) -> bool:
        return True

    def lobby_seats(self) -> list[LobbySeat | None]:
        mine = self.core.key_hex
        return [None if s is None else LobbySeat(s.name, s.colour, s.bot, s.ready is not None or s.key == mine,
                                                 s.online or s.key == mine, s.key == mine and s.bot is None,
                                                 s.key == mine, s.temperament)
                for s in self.core.seats]

    @property
    def code(self) -> str | None:
        """The table's short code, to read aloud."""
        return self.core.code

    @property
    def rules(self) -> tuple[str, dict[str, OptionValue]] | None:
        """The table's preset and changed options."""
        return self.core.preset, dict(self.core.options)

    def can_start(self) -> bool:
        return self.core.can_start()

    def set_rules(self, preset: str, options: dict[str, OptionValue]) -> None:
        """Another preset or house rules, before the start (joiners are asked to be Ready again)."""
        self._do(lambda: self.handle.set_rules(preset, options))

    def set_clock(self, on: bool) -> None:
        self._do(lambda: self.handle.set_clock(on))

    def add_bot(self, level: str, temperament: str | None = None) -> None:
        # Computer players at a friends table are not meant to repeat: a fresh seed each.
        policy = make_policy(level, int.from_bytes(os.urandom(4), "big"), temperament)
        self._do(lambda: self.handle.add_bot(level, policy, temperament))

    def remove_seat(self, index: int) -> None:
        self._do(lambda: self.handle.remove_seat(index))

    def answer(self, conn: int, accept: bool) -> None:
        self._do(lambda: self.handle.answer_knock(conn, accept))

    def start(self) -> None:
        self._do(self.handle.start)

    def close(self) -> None:
        """Leave: every connection is told the host left and closed, the announcement is
        withdrawn, and the table's task ends by itself (`p2p.net.driver.TableHandle.close`)."""
        self.handle.close()

    # --- the game --------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self.core.game

    @property
    def players(self) -> list[tuple[str, str, str | None, str | None]]:
        return [(p.name, p.colour, p.bot, p.temperament) for p in self.core.players]

    @property
    def my_seat(self) -> int | None:
        return next((n for n, p in enumerate(self.core.players) if p.key == self.me_key and p.bot is None), None)

    @property
    def records(self) -> int:
        return len(self.core.records)

    def clock_left(self) -> dict[int, float]:
        """Seconds left per timed seat as of the latest record (the scene counts down)."""
        return self.core.clock_left()

    @property
    def signed_ms(self) -> int:
        """The signed clock of the latest record (a time limit counts it)."""
        return self.core.ledger.at

    @property
    def chat(self) -> list[ChatEntry]:
        return list(self._chat)

    def _chat_entry(self, line: ChatRelayed) -> ChatEntry:
        seat = next((s for s in self.core.seats if s is not None and s.key == line.key and s.bot is None), None)
        return ChatEntry(line.name, line.text, seat.colour if seat is not None else None)

    def take_events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def take_complaints(self) -> list[Complaint]:
        """The host checks itself and has no one to complain about."""
        return []

    def takeover_in(self) -> float | None:
        return None

    def take_news(self) -> list[Say]:
        """What the table's feed should tell once (the game is no longer being saved)."""
        news, self._news = self._news, []
        return news

    def act(self, action: Action) -> None:
        self._do(lambda: self.handle.act(action))

    def say(self, text: str) -> Say | None:
        """Send a chat line; why it cannot go, in words."""
        if len(text.strip()) > MAX_CHAT_CHARS:
            return Say("chat.too_long", n=MAX_CHAT_CHARS)
        self._do(lambda: self.handle.chat(text))
        return None

"""Hosting a friends table from the window: `TableHost` behind a `HostServer`, announced by
mDNS, with the person at the window in the host's own seat.

`HostSession.run` is the trio task: it listens on the first chosen interface (never every
interface when they are restricted), builds the invite link and announces the table on the
chosen interfaces until the game ends or the window leaves. The lobby's choices (the
clock, computer players, strangers' knocks, the start) and the person's moves and chat go
through `Background.soon`, so the host's outputs are dispatched from inside trio.

The host keeps, for its own window, the engine's events (`keep_events`), the chat lines it
relays (`keep_chat`) and the clock it sent with the latest record (`clock_sent`).
"""
from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import trio

from zemlevlasnyk.engine import Action, Event, Game
from zemlevlasnyk.p2p.chat import MAX_CHAT_CHARS
from zemlevlasnyk.p2p.discovery import MdnsError, advertise_table, open_mdns
from zemlevlasnyk.p2p.errors import ProtocolError, Rejected
from zemlevlasnyk.p2p.host import Knock, Output, TableHost
from zemlevlasnyk.p2p.identity import Profile, data_dir, fingerprint
from zemlevlasnyk.p2p.links import Invite
from zemlevlasnyk.p2p.policy import make_policy
from zemlevlasnyk.p2p.serve import HostServer

from .background import Background
from .net_common import CHAT_KEEP, ChatEntry, Knocking, LobbySeat


class HostSession:
    """A table hosted by this window (see the module docstring)."""

    def __init__(self, profile: Profile, *, interfaces: tuple[str, ...], table_name: str | None = None) -> None:
        self.core = TableHost(profile, clock=True, table_name=table_name, keep_events=True,
                              keep_chat=CHAT_KEEP)
        self.interfaces = interfaces
        self.bind = interfaces[0]
        self.task = Background()
        self.server = HostServer(self.core, log_path=data_dir() / "logs" / f"{self.core.table}-host.jsonl",
                                 knock_policy=self._knock)
        self.invite: Invite | None = None
        self.error: str | None = None          # why the table could not open or run
        self.notice: str | None = None         # a lesser problem (not announced), shown once
        self.refusal: str | None = None
        self.cheated: str | None = None        # never: the host checks itself
        self.knocks: list[Knocking] = []
        self._verdicts: dict[int, tuple[trio.Event, list[bool]]] = {}
        self.core.sit_host(0.0)
        self.me_key = self.core.key_hex

    # --- the trio task ---------------------------------------------------------------------

    async def run(self) -> None:
        self.task.bind()
        with self.task.scope:
            try:
                async with trio.open_nursery() as nursery:
                    port = await nursery.start(self._serve, nursery)
                    self.invite = Invite(self.bind, port, self.core.table, self.core.profile.public_key,
                                         self.core.join_secret)
                    nursery.start_soon(self._announce)
            except OSError as exc:
                self.error = f"cannot open the table on {self.bind}: {exc.strerror or exc}"

    async def _serve(self, nursery: trio.Nursery, task_status: trio.TaskStatus[int] = trio.TASK_STATUS_IGNORED) -> None:
        await self.server.serve(bind=self.bind, port=0, task_status=task_status)
        nursery.cancel_scope.cancel()  # the game is over: withdraw the announcement too

    async def _announce(self) -> None:
        try:
            async with open_mdns(self.interfaces) as mdns:
                await advertise_table(mdns, self.core)
        except MdnsError as exc:
            self.notice = f"the table is not announced on the network ({exc}); send the invite link instead"

    async def _knock(self, knock: Knock) -> bool:
        done, verdict = trio.Event(), [False]
        self._verdicts[knock.conn] = (done, verdict)
        self.knocks.append(Knocking(knock.conn, knock.name, fingerprint(bytes.fromhex(knock.key))))
        try:
            await done.wait()
        finally:
            self._verdicts.pop(knock.conn, None)
            self.knocks = [k for k in self.knocks if k.conn != knock.conn]
        return verdict[0]

    def _do(self, change: Callable[[float], list[Output]]) -> None:
        """Apply a host decision inside trio and deliver its outputs; a refusal is kept."""
        def run() -> None:
            try:
                self.server.dispatch(change(trio.current_time()))
            except ProtocolError as exc:
                self.refusal = exc.message
        self.task.soon(run)

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
                                                 s.conn is not None or s.key == mine,
                                                 s.key == mine and s.bot is None, s.key == mine)
                for s in self.core.seats]

    def can_start(self) -> bool:
        return self.core.can_start()

    def set_clock(self, on: bool) -> None:
        self._do(lambda now: self.core.set_clock(on))

    def add_bot(self, level: str) -> None:
        # Computer players at a friends table are not meant to repeat: a fresh seed each.
        policy = make_policy(level, int.from_bytes(os.urandom(4), "big"))
        self._do(lambda now: self.core.add_bot(level, policy, now))

    def remove_seat(self, index: int) -> None:
        self._do(lambda now: self.core.remove_seat(index))

    def answer(self, conn: int, accept: bool) -> None:
        def run() -> None:
            pending = self._verdicts.get(conn)
            if pending is not None:
                pending[1][0] = accept
                pending[0].set()
        self.task.soon(run)

    def start(self) -> None:
        self._do(self.core.start)

    def close(self) -> None:
        """Leave: withdraw the announcement and close every connection (unanswered knocks
        end with the server's tasks)."""
        self.task.stop()

    # --- the game --------------------------------------------------------------------------

    @property
    def game(self) -> Game | None:
        return self.core.game

    @property
    def players(self) -> list[tuple[str, str, str | None]]:
        return [(p.name, p.colour, p.bot) for p in self.core.players]

    @property
    def my_seat(self) -> int | None:
        return next((n for n, p in enumerate(self.core.players) if p.key == self.me_key and p.bot is None), None)

    @property
    def records(self) -> int:
        return len(self.core.records)

    @property
    def clock(self) -> list[dict[str, Any]]:
        return self.core.clock_sent

    @property
    def chat(self) -> list[ChatEntry]:
        return [self._chat_entry(line) for line in self.core.chat_log]

    def _chat_entry(self, line: dict[str, str]) -> ChatEntry:
        seat = next((s for s in self.core.seats
                     if s is not None and s.key == line["key"] and s.bot is None), None)
        return ChatEntry(line["name"], line["text"], seat.colour if seat is not None else None)

    def take_events(self) -> list[Event]:
        return self.core.take_events()

    def act(self, action: Action) -> None:
        self._do(lambda now: self.core.host_action(action, now))

    def say(self, text: str) -> str | None:
        """Send a chat line; the reason when it cannot go."""
        if len(text.strip()) > MAX_CHAT_CHARS:
            return f"at most {MAX_CHAT_CHARS} characters"
        def run() -> None:
            try:
                self.server.dispatch(self.core.chat(text, trio.current_time()))
            except Rejected as exc:
                self.refusal = exc.message
        self.task.soon(run)
        return None

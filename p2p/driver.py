"""THE table driver: one host core, its connections, its advert and its pace, in one place.

`zemlevlasnyk host`, the window's friends table and solo play against the computer all
run a table through this module:

    handle = prepare(TableConfig(profile, bind="127.0.0.1", interfaces=("127.0.0.1",)))
    handle.sit_host()                       # lobby decisions, before or after it runs
    await nursery.start(handle.run)         # listening (and advertised) once this returns
    handle.invite                           # the invite link's data

or in one step `handle = await nursery.start(host_table, config)`. Solo play is the same
driver with no listener and no advert (`bind=None`). The handle's methods (the host's own
actions and lobby decisions) may be called from inside trio or from window code running
between trio's steps: the core changes at once, transport outputs go out from inside trio.
Observers (`handle.observe(callback)`) get every output that is not for the transport:
`p2p.host.Published`, `ChatRelayed`, `LobbyChanged`, `KnockArrived`, `KnockWithdrawn`,
`SeatOnline`, `TableFinished`.

Computer players move one at a time, `bot_pace` seconds after the previous move (the
window's 0.35 s; none headless), and not while `hold` is set (the window holds the table
while a token walks). The clock and the wait for dice contributions run here too.
"""
from __future__ import annotations

import contextlib
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import trio

from zemlevlasnyk.engine import DEFAULT_PRESET, Action
from zemlevlasnyk.p2p import commit_reveal
from zemlevlasnyk.p2p.errors import Explained
from zemlevlasnyk.p2p.host import (
    TRANSPORT,
    KnockArrived,
    Output,
    Phase,
    Published,
    TableHost,
)
from zemlevlasnyk.p2p.identity import Profile
from zemlevlasnyk.p2p.limits import AWAY_SECONDS
from zemlevlasnyk.p2p.links import Invite
from zemlevlasnyk.p2p.policy import Policy
from zemlevlasnyk.p2p.savegame import SaveGame, SaveGameError, header_for
from zemlevlasnyk.p2p.serve import HostServer

# After the end record, how long the host waits for peers to say goodbye before leaving.
FINISH_GRACE_SECONDS = 10.0
# While the window holds the table (a token is walking), how often the table looks again.
HOLD_POLL_SECONDS = 0.05
# After the host was away (`AWAY_SECONDS`), how long the connections read before the next
# tick: a LAN frame is read and checked in milliseconds, and this happens once per stall.
AWAY_READ_SECONDS = 0.2
# A pump that wakes for a due deadline this much later than it asked to was held up (a busy
# machine, a slow disk under a saved game), not away: a move or dice contribution sent before
# the deadline may be waiting unread, and a peer complains of one sent `CLAIM_MARGIN_SECONDS`
# (0.5 s) before the host's record. A tenth of a second is far beyond trio's own lag and
# well inside that margin; the connections then read for `AWAY_READ_SECONDS` before the tick.
LATE_SECONDS = 0.1

Observer = Callable[[Output], None]
KnockPolicy = Callable[[KnockArrived], bool]


@dataclass(frozen=True)
class TableConfig:
    profile: Profile
    table_name: str | None = None
    clock: bool = True
    preset: str = DEFAULT_PRESET
    options: Mapping[str, Any] = field(default_factory=dict)
    bind: str | None = None              # listen here; None: no listener (solo play)
    port: int = 0
    link_address: str | None = None      # the address an invite names (default: `bind`)
    interfaces: tuple[str, ...] = ()     # advertise by mDNS on these; empty: no advert
    solo: bool = False                   # may start with nobody but computer players
    auto_start_at: int | None = None     # start once this many sit and all are Ready
    table: str | None = None             # the table id (default: random)
    chain_seed: bytes | None = None      # a repeatable secret chain: solo tables only
    chain_length: int = commit_reveal.CHAIN_LENGTH
    log_path: Path | None = None         # the host's copy of the records
    knock_policy: KnockPolicy | None = None  # None: knocks wait for `answer_knock`
    bot_pace: float = 0.0
    finish_grace: float = FINISH_GRACE_SECONDS


class TableHandle:
    """A table being hosted: its core, its invite, the host's own decisions, observers."""

    def __init__(self, config: TableConfig, core: TableHost) -> None:
        self.config = config
        self.core = core
        self.invite: Invite | None = None
        self.notice: Explained | None = None   # why the table is not announced (an MdnsError)
        self.hold = False
        self.server: HostServer | None = None
        self._observers: list[Observer] = []
        self._queue: list[Output] = []
        self._token: trio.lowlevel.TrioToken | None = None
        self._wake: trio.Event | None = None
        self._scope = trio.CancelScope()
        self._now = 0.0
        self._last_move = -math.inf
        self._stamp_move = False
        self._saved: SaveGame | None = None
        self.save_problem: SaveGameError | None = None   # the saved game could not be written
        self._closed = False

    # --- observing ---------------------------------------------------------------------------------

    def observe(self, callback: Observer) -> None:
        self._observers.append(callback)

    @property
    def finished(self) -> bool:
        return self.core.phase is Phase.FINISHED

    # --- the host's own decisions (from trio or from window code) -----------------------------------

    def act(self, action: Action) -> None:
        """An action of a seat the host's user plays; `LocalProtocolError` if refused."""
        self._deliver(self.core.host_action(action, self._time()))

    def chat(self, text: str) -> None:
        self._deliver(self.core.chat(text, self._time()))

    def sit_host(self, policy: Policy | None = None) -> None:
        self._deliver(self.core.sit_host(self._time(), policy=policy))

    def add_bot(self, level: str, policy: Policy) -> None:
        self._deliver(self.core.add_bot(level, policy, self._time()))

    def remove_seat(self, index: int) -> None:
        self._deliver(self.core.remove_seat(index, self._time()))

    def set_clock(self, on: bool) -> None:
        self._deliver(self.core.set_clock(on))

    def set_rules(self, preset: str, options: dict[str, Any]) -> None:
        self._deliver(self.core.set_rules(preset, options))

    def start(self) -> None:
        self._deliver(self.core.start(self._time()))

    def answer_knock(self, conn: int, accept: bool) -> None:
        self._deliver(self.core.answer_knock(conn, accept, self._time()))

    def step_now(self) -> bool:
        """Let one computer player move now, whatever the pace (screenshots, warm-ups)."""
        before = self.core.seq
        self._deliver(self.core.step(self._time()))
        return self.core.seq != before

    def close(self) -> None:
        """Stop the table: its connections close, its advert is withdrawn."""
        self._closed = True
        if self._token is not None:
            self._token.run_sync_soon(self._scope.cancel)

    # --- running -----------------------------------------------------------------------------------

    async def run(self, *, task_status: trio.TaskStatus[TableHandle] = trio.TASK_STATUS_IGNORED) -> None:
        """Serve until the game is over (and peers had time to leave) or `close()`;
        `task_status` gets the handle once the table listens. `OSError` if it cannot."""
        self._token = trio.lowlevel.current_trio_token()
        if self._closed:
            self._scope.cancel()
        config = self.config
        listeners: list[trio.SocketListener] = []
        if config.bind is not None:
            self.server = HostServer(self.core, observe=self._observe)
            listeners = await self.server.open(bind=config.bind, port=config.port)
            self.invite = Invite(config.link_address or config.bind, self.core.port, self.core.table,
                                 self.core.profile.public_key, self.core.join_secret)
        with self._scope:
            async with trio.open_nursery() as nursery:
                if self.server is not None:
                    nursery.start_soon(self.server.serve, listeners)
                    if config.interfaces:
                        nursery.start_soon(self._announce)
                task_status.started(self)
                self._flush()
                try:
                    await self._pump()
                    await self._linger()
                finally:
                    if self._saved is not None:
                        self._saved.close()
                        self._saved = None
                nursery.cancel_scope.cancel()

    async def _pump(self) -> None:
        """Computer players move, the clock runs out and contributions are awaited, here.

        A pump that wakes far later than it asked to (`AWAY_SECONDS`) was not running: the
        core restarts its clocks (`TableHost.back_from_away`) before anything is ticked,
        and the connections get `AWAY_READ_SECONDS` to read what waited in their sockets
        (trio wakes the pump and the connections' readers in one batch, in either order).
        A pump merely late (`LATE_SECONDS`) for a deadline gives them that time too, its
        clocks as they were: what was sent before the deadline is taken, not timed out."""
        core = self.core
        asked: float | None = None    # when the pump last asked to wake (None: only when poked)
        while not self.finished:
            self._now = trio.current_time()
            if asked is not None and self._now - asked > AWAY_SECONDS:
                core.back_from_away(self._now)
                asked = None
                await trio.sleep(AWAY_READ_SECONDS)
                continue
            due = core.next_deadline()
            if asked is not None and self._now - asked > LATE_SECONDS and due is not None and due <= self._now:
                asked = None
                await trio.sleep(AWAY_READ_SECONDS)
                continue
            if self._stamp_move:
                # A move made from window code: the pace counts from when we first see it.
                self._last_move, self._stamp_move = self._now, False
            self._flush()
            self._deliver(core.tick(self._now))
            if core.phase is Phase.FINISHED:
                # The clock ended the game (a timed-out seat's safe move, a taken-over table's
                # handover after a won game): no message or deadline would wake us again.
                break
            stepping = core.wants_step()
            if stepping and not self.hold and self._now >= self._last_move + self.config.bot_pace:
                self._deliver(core.step(self._now))
                self._last_move = asked = trio.current_time()
                await trio.sleep(0)
                continue
            wait = math.inf
            if stepping:
                wait = HOLD_POLL_SECONDS if self.hold else self._last_move + self.config.bot_pace - self._now
            deadline = core.next_deadline()
            if deadline is not None:
                wait = min(wait, deadline - self._now)
            self._wake = trio.Event()
            if wait == math.inf:
                asked = None
                await self._wake.wait()   # no deadline: no cancel scope to build per record
            else:
                asked = self._now + max(0.0, wait)
                with trio.move_on_after(max(0.0, wait)):
                    await self._wake.wait()
        self._flush()

    async def _linger(self) -> None:
        """A finished table gives peers time to verify the end record and say goodbye."""
        if self.server is None:
            return
        with trio.move_on_after(self.config.finish_grace):
            while self.server.connections:
                await trio.sleep(0.05)

    async def _announce(self) -> None:
        from zemlevlasnyk.p2p.mdns import MdnsError, advertise_table, open_mdns
        try:
            async with open_mdns(self.config.interfaces) as mdns:
                await advertise_table(mdns, self.core)
        except MdnsError as exc:
            self.notice = exc

    # --- outputs -----------------------------------------------------------------------------------

    def _time(self) -> float:
        try:
            return trio.current_time()
        except RuntimeError:
            return self._now   # window code between trio's steps: the time the pump last saw

    def _deliver(self, outs: list[Output]) -> None:
        for out in outs:
            if isinstance(out, TRANSPORT):
                self._queue.append(out)
            else:
                self._observe(out)
        if self._queue and self._in_trio():
            self._flush()
        self._poke()

    def _flush(self) -> None:
        queue, self._queue = self._queue, []
        if self.server is not None and queue:
            self.server.dispatch(queue)

    def _observe(self, out: Output) -> None:
        if isinstance(out, Published):
            if self._in_trio():
                self._last_move = trio.current_time()
            else:
                self._stamp_move = True
            self._log()
        elif isinstance(out, KnockArrived) and self.config.knock_policy is not None:
            accept = self.config.knock_policy(out)
            self._deliver(self.core.answer_knock(out.conn, accept, self._time()))
        for observer in self._observers:
            observer(out)
        self._poke()

    def _log(self) -> None:
        """Append the new records to the host's saved game (p2p/savegame.py); one that
        cannot be written stops being written (`save_problem` says why), the table goes on."""
        path = self.config.log_path
        if path is None or self.save_problem is not None:
            return
        records = self.core.records
        try:
            if self._saved is None:
                key = self.core.key_hex
                self._saved = SaveGame.open(path, header_for(records[0], table=self.core.table, host=key, me=key))
            for seq in range(self._saved.last_seq + 1, len(records)):
                self._saved.append(seq, records[seq])
        except SaveGameError as exc:
            self.save_problem = exc
            if self._saved is not None:
                self._saved.close()
                self._saved = None

    def _poke(self) -> None:
        """Wake the pump (from window code or from inside trio)."""
        if self._wake is None or self._wake.is_set():
            return
        if self._in_trio():
            self._wake.set()
        elif self._token is not None:
            with contextlib.suppress(trio.RunFinishedError):
                self._token.run_sync_soon(self._wake.set)

    @staticmethod
    def _in_trio() -> bool:
        try:
            trio.lowlevel.current_task()
        except RuntimeError:
            return False
        return True


def prepare(config: TableConfig) -> TableHandle:
    """A table ready to run (seats may be filled before it does)."""
    core = TableHost(config.profile, table=config.table, clock=config.clock, auto_start_at=config.auto_start_at,
                     table_name=config.table_name, preset=config.preset, options=dict(config.options),
                     chain_length=config.chain_length, solo=config.solo, chain_seed=config.chain_seed)
    return TableHandle(config, core)


async def host_table(config: TableConfig, *,
                     task_status: trio.TaskStatus[TableHandle] = trio.TASK_STATUS_IGNORED) -> None:
    """Host the table `config` describes; started with `nursery.start`, which returns the
    handle once the table listens (its `invite` ready)."""
    await prepare(config).run(task_status=task_status)

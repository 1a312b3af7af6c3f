"""THE table driver: one host core, its connections, its advert and its pace, in one place.

`zemlevlasnyk host`, the window's friends table and solo play against the computer all
run a table through this module:

    handle = prepare(TableConfig(profile, bind="127.0.0.1", interfaces=("127.0.0.1",)))
    handle.sit_host()                       # lobby decisions, before or after it runs
    await nursery.start(handle.run)         # listening (and advertised) once this returns
    handle.invite                           # the invite link's data

or in one step `handle = await nursery.start(host_table, config)`. Solo play is the same
driver with no listener and no advert (`bind=None`). The handle's methods (the host's own
actions and lobby decisions, `hold`) work one way wherever they are called from, a trio
task or window code running between trio's steps: the core changes at once (a refusal is
raised there and then), and what it causes reaches trio only through the trio token (the
outputs for the connections go out, the pump looks again). Observers
(`handle.observe(callback)`) get every output that is not for the transport:
`p2p.core.host.Published`, `ChatRelayed`, `LobbyChanged`, `KnockArrived`, `KnockWithdrawn`,
`SeatOnline`, `TableFinished`. A saved game that cannot be written (a full disk) stops being
written while the table goes on: `handle.on_save_failed(callback)` hears it once.

Computer players move one at a time, `bot_pace` seconds after the previous move (the
window's 0.35 s; none headless), and not while `hold` is set (the window holds the table
while a token walks; letting go wakes the pump, nothing polls it). At a window's table
(`think_aside`) they think in a worker thread (`trio.to_thread`, `p2p.core.thinking`), from
the moment one is to decide, through the pace and the hold: so a window never waits on a
thought longer than its animations, and its frames go on meanwhile. The answer is applied
on the run, where it was asked only (a thought the table moved on from is asked again), so
the records are those the same seed gives thinking on the run. The clock and the wait for
dice contributions run here too.
"""
from __future__ import annotations

import contextlib
import math
import threading
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import trio

from zemlevlasnyk.engine import DEFAULT_PRESET, Action, Event
from zemlevlasnyk.p2p.core import commit_reveal
from zemlevlasnyk.p2p.core.away import Waking, waking
from zemlevlasnyk.p2p.core.errors import Explained
from zemlevlasnyk.p2p.core.follow import RESUME_AFTER_SECONDS
from zemlevlasnyk.p2p.core.handover import HANDOVER_GRACE_SECONDS, Chain, ResumedHost, ResumeError
from zemlevlasnyk.p2p.core.host import (
    TRANSPORT,
    KnockArrived,
    Output,
    Published,
    TableHost,
    TablePhase,
)
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.messages import ChatRelay
from zemlevlasnyk.p2p.core.policy import Policy
from zemlevlasnyk.p2p.core.solo import ContinuedHost, WarmUp, chain_seed
from zemlevlasnyk.p2p.core.thinking import Question, Thought, think
from zemlevlasnyk.p2p.net.serve import HostServer
from zemlevlasnyk.p2p.store.saved import load_saved
from zemlevlasnyk.p2p.store.savegame import Problem, SaveGame, SaveGameError, header_for, read

# After the end record, how long the host waits for peers to say goodbye before leaving.
FINISH_GRACE_SECONDS = 10.0
# A host that leaves tells each connection so through its writer (after what it is already
# sending), and stops once they are closed, or after this: a LAN delivers in milliseconds,
# and a peer that does not read is not waited for (its person has a takeover delay anyway).
LEAVE_SECONDS = 1.0
# After the end record, how long the host waits for the people offline without a goodbye
# (`TableHost.owed`: a closed lid over the game's end) to come back for it: the takeover
# delay, after which one of them, finding nobody, could take over a game it did not know
# had ended and play it to an ending nobody else saw.
END_WAIT_SECONDS = RESUME_AFTER_SECONDS
# After the host was away or late (`p2p.core.away`), how long the connections read before
# the next tick: a LAN frame is read and checked in milliseconds, and this happens once per
# stall.
AWAY_READ_SECONDS = 0.2

Observer = Callable[[Output], None]
SaveWatcher = Callable[[SaveGameError], None]
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
    seed: int | None = None              # a seeded solo table's seed, kept in its saved game's header
    knock_policy: KnockPolicy | None = None  # None: knocks wait for `answer_knock`
    bot_pace: float = 0.0
    # Computer players think in a worker thread, away from the trio run, so that a window's
    # frame loop keeps drawing meanwhile: the window's tables (`ui.sessions`) ask for it. A
    # headless host has no frames to keep and thinks on the run, as do the tests of the table
    # on a virtual clock (which `autojump_clock` would move on while a thread thinks).
    think_aside: bool = False
    finish_grace: float = FINISH_GRACE_SECONDS
    end_wait: float = END_WAIT_SECONDS      # tests shorten it, with the players' takeover delay


class TableHandle:
    """A table being hosted: its core, its invite, the host's own decisions, observers."""

    def __init__(self, config: TableConfig, core: TableHost) -> None:
        self.config = config
        self.core = core
        self.invite: Invite | None = None
        self.notice: Explained | None = None   # why the table is not announced (an MdnsError)
        self.server: HostServer | None = None
        self._observers: list[Observer] = []
        self._queue: list[Output] = []
        self._token: trio.lowlevel.TrioToken | None = None
        self._clock: trio.abc.Clock | None = None   # the run's clock, readable from anywhere
        self._kicked = False          # a look of the pump is on its way through the token
        self._hold = False
        self._wake: trio.Event | None = None
        self._scope = trio.CancelScope()
        self._last_move = -math.inf
        self._stamp_move = False
        self._saved: SaveGame | None = None
        self._unclocked = False
        self.save_problem: SaveGameError | None = None   # the saved game could not be written
        self._save_watchers: list[SaveWatcher] = []
        self._closed = False
        self._asked: Question | None = None     # the computer player's decision being thought over
        self._thought: Thought | None = None    # ... and its answer, once back
        self._thinking: threading.Event | None = None   # set when the latest thought's thread is done

    # --- observing ---------------------------------------------------------------------------------

    def observe(self, callback: Observer) -> None:
        self._observers.append(callback)

    def on_save_failed(self, callback: SaveWatcher) -> None:
        """`callback(problem)` once, when the saved game stops being written (`save_problem`):
        its person is told at once, while the table goes on."""
        self._save_watchers.append(callback)

    @property
    def finished(self) -> bool:
        return self.core.phase is TablePhase.FINISHED

    @property
    def thinking(self) -> bool:
        """A computer player's thought is under way in its worker thread. (Tests under a
        virtual clock wait for it in real time: trio's `autojump_clock` would otherwise move
        their frames' time on while the thread thinks.)"""
        return self._thinking is not None and not self._thinking.is_set()

    @property
    def hold(self) -> bool:
        """Whether the computer players wait (the window holds the table while a token walks)."""
        return self._hold

    @hold.setter
    def hold(self, value: bool) -> None:
        if value != self._hold:
            self._hold = value
            self._kick()

    # --- the host's own decisions (from a trio task or from window code: one way) ------------------

    def act(self, action: Action) -> None:
        """An action of a seat the host's user plays; `LocalProtocolError` if refused."""
        self._decided(self.core.host_action(action, self._time()))

    def chat(self, text: str) -> None:
        self._decided(self.core.chat(text, self._time()))

    def sit_host(self, policy: Policy | None = None) -> None:
        self._decided(self.core.sit_host(self._time(), policy=policy))

    def add_bot(self, level: str, policy: Policy, temperament: str | None = None) -> None:
        self._decided(self.core.add_bot(level, policy, self._time(), temperament=temperament))

    def remove_seat(self, index: int) -> None:
        self._decided(self.core.remove_seat(index, self._time()))

    def set_clock(self, on: bool) -> None:
        self._decided(self.core.set_clock(on))

    def set_rules(self, preset: str, options: dict[str, Any]) -> None:
        self._decided(self.core.set_rules(preset, options))

    def start(self) -> None:
        self._decided(self.core.start(self._time()))

    def answer_knock(self, conn: int, accept: bool) -> None:
        self._decided(self.core.answer_knock(conn, accept, self._time()))

    def step_now(self) -> bool:
        """Let one computer player move now, whatever the pace (screenshots, warm-ups)."""
        before = self.core.seq
        self._decided(self.core.step(self._time()))
        return self.core.seq != before

    def close(self) -> None:
        """Stop the table: mid-game or in the lobby every connection is told the host left
        (`host_left`, after what its writer is already sending) and closed, then the table
        stops and its advert is withdrawn; a finished table stops at once (its end record
        said it all). Its saved game is closed at once (nothing more is played), so that it
        may be played on straight away."""
        self._closed = True
        self._soon(self._leave)
        if self._saved is not None:
            self._saved.close()
            self._saved = None

    # --- running -----------------------------------------------------------------------------------

    async def run(self, *, task_status: trio.TaskStatus[TableHandle] = trio.TASK_STATUS_IGNORED) -> None:
        """Serve until the game is over (and peers had time to leave) or `close()`;
        `task_status` gets the handle once the table listens. `OSError` if it cannot."""
        self._token = trio.lowlevel.current_trio_token()
        self._clock = trio.lowlevel.current_clock()
        if self._unclocked:
            # Started (or continued) before the table ran (window code, screenshots), with
            # no clock to read: the records' times count from now, as from the latest record's.
            self.core.count_from(trio.current_time())
            self._unclocked = False
        if self._closed:
            self._scope.cancel()
        config = self.config
        listeners: list[trio.SocketListener] = []
        if config.bind is not None:
            self.server = HostServer(self.core, observe=self._from_server, changed=self._wake_pump)
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
                    await self._pump(nursery)
                    if self._closed:
                        await trio.sleep_forever()   # leaving: until the connections are closed
                    await self._linger()
                finally:
                    if self._saved is not None:
                        self._saved.close()
                        self._saved = None
                nursery.cancel_scope.cancel()

    async def _pump(self, nursery: trio.Nursery) -> None:
        """Computer players move, the clock runs out and contributions are awaited, here.

        A pump that finds it was away (`p2p.core.away`) was not running: the core restarts
        its clocks (`TableHost.back_from_away`) before anything is ticked, and the
        connections get `AWAY_READ_SECONDS` to read what waited in their sockets (trio wakes
        the pump and the connections' readers in one batch, in either order). A pump merely
        late for a due deadline gives them that time too, its clocks as they were: what was
        sent before the deadline is taken, not timed out. Between deadlines it sleeps until
        something changes (`_wake`: a connection's message, a decision of the handle's)."""
        core = self.core
        asked: float | None = None    # when the pump last asked to wake (None: only when woken)
        # Closed: nothing more is played (the connections are told the host left, then the
        # table stops), so a game played on at once from its saved file never sees a record
        # written after it.
        while not self.finished and not self._closed:
            now = trio.current_time()
            woke, asked = waking(asked, now), None
            if woke is Waking.AWAY:
                core.back_from_away(now)
                await trio.sleep(AWAY_READ_SECONDS)
                continue
            due = core.next_deadline()
            if woke is Waking.LATE and due is not None and due <= now:
                await trio.sleep(AWAY_READ_SECONDS)
                continue
            if self._stamp_move:
                # A move published since the pump last looked: the pace counts from now.
                self._last_move, self._stamp_move = now, False
            self._emit(core.tick(now))
            if core.phase is TablePhase.FINISHED:
                # The clock ended the game (a timed-out seat's safe move, a taken-over table's
                # handover after a won game): no message or deadline would wake us again.
                break
            if self.config.think_aside:
                self._think_ahead(nursery)
            stepping = core.wants_step() and not self._hold
            if stepping and now >= self._last_move + self.config.bot_pace:
                outs = self._move(now)
                if outs is not None:
                    self._emit(outs)
                    self._last_move = asked = trio.current_time()
                    self._stamp_move = False
                    await trio.sleep(0)
                    continue
                stepping = False   # still thinking: its answer wakes the pump
            # Woken at the very time due (not `now` plus what is left of it, which rounds
            # differently for each `now`): a move's time is the pace's, however often the
            # pump was woken before it (by a thought come back, say).
            wake_at = self._last_move + self.config.bot_pace if stepping else math.inf
            deadline = core.next_deadline()
            if deadline is not None:
                wake_at = min(wake_at, deadline)
            self._wake = trio.Event()
            if wake_at == math.inf:
                await self._wake.wait()   # no deadline: no cancel scope to build per record
            else:
                asked = max(now, wake_at)
                with trio.move_on_at(wake_at):
                    await self._wake.wait()
        self._flush()

    def _think_ahead(self, nursery: trio.Nursery) -> None:
        """A computer player that is to decide starts thinking now, in a worker thread; a
        thought the table moved on from (a record since: a person's move, a peer's) is
        forgotten, its thread left to end on its own."""
        if self._asked is not None and not self.core.asked(self._asked):
            self._asked = self._thought = None
        if self._asked is None:
            self._asked = self.core.ask()
            if self._asked is not None:
                nursery.start_soon(self._think, self._asked)

    async def _think(self, question: Question) -> None:
        done = self._thinking = threading.Event()

        def work() -> Thought:
            try:
                return think(question)
            finally:
                done.set()

        # Abandoned when the table stops: the thread works on its own copies, and ends.
        thought = await trio.to_thread.run_sync(work, abandon_on_cancel=True)
        if self._asked is question:
            self._thought = thought
            self._wake_pump()

    def _move(self, now: float) -> list[Output] | None:
        """The computer player's move now (None: its thought is not back yet)."""
        core = self.core
        question = self._asked if self.config.think_aside else None
        if question is None:
            return core.step(now)   # thinking on the run, or a seat whose player left
        if self._thought is None:
            return None
        thought, self._asked, self._thought = self._thought, None, None
        return core.answer(question, thought, now)

    async def _linger(self) -> None:
        """A finished table gives its peers time to verify the end record and say goodbye
        (`finish_grace`), and those offline without one time to come back for it
        (`end_wait`, `TableHost.owed`): one game, one result."""
        if self.server is None:
            return
        ended = trio.current_time()
        while True:
            waits = []
            if self.server.connections:
                waits.append(ended + self.config.finish_grace)
            if self.core.owed:
                waits.append(ended + self.config.end_wait)
            until = max(waits, default=-math.inf)
            if trio.current_time() >= until:
                return
            self._wake = trio.Event()
            with trio.move_on_at(until):
                await self._wake.wait()     # a connection came or went

    async def _announce(self) -> None:
        from zemlevlasnyk.p2p.lan.mdns import MdnsError, advertise_table, open_mdns
        try:
            async with open_mdns(self.config.interfaces) as mdns:
                await advertise_table(mdns, self.core)
        except MdnsError as exc:
            self.notice = exc

    # --- outputs -----------------------------------------------------------------------------------

    def _time(self) -> float:
        """The table's time for a decision of the handle's, from wherever it is called: the
        run's clock (a trio task and window code between trio's steps read the same one).
        Before the table runs there is none: 0, and `run` counts the records' clock from its
        own start."""
        if self._clock is None:
            self._unclocked = True
            return 0.0
        return self._clock.current_time()

    def _decided(self, outs: list[Output]) -> None:
        """What a decision of the handle's caused: observers hear it now, trio learns of it
        through the token (`_kick`)."""
        self._route(outs)
        self._kick()

    def _emit(self, outs: list[Output]) -> None:
        """What the pump caused, inside trio: out at once."""
        self._route(outs)
        self._flush()

    def _from_server(self, out: Output) -> None:
        """An observer output of a connection's (inside trio): heard, and the pump looks again."""
        self._route([out])
        self._flush()
        self._wake_pump()

    def _wake_pump(self) -> None:
        """Something changed (a connection came or went, a decision was made): the pump, or
        the linger after the end, looks again; a table leaving stops once it has nobody."""
        if self._closed and (self.server is None or not self.server.connections):
            self._scope.cancel()
        if self._wake is not None:
            self._wake.set()

    def _leave(self) -> None:
        """Inside trio: the host leaves (`close`)."""
        leaving = self.core.leave() if self.server is not None else []
        if not leaving:
            self._scope.cancel()
            return
        self._flush()
        assert self.server is not None
        self.server.dispatch(leaving)
        self._scope.deadline = min(self._scope.deadline, trio.current_time() + LEAVE_SECONDS)
        self._wake_pump()

    def _route(self, outs: list[Output]) -> None:
        for out in outs:
            if isinstance(out, TRANSPORT):
                self._queue.append(out)
            else:
                self._observe(out)

    def _flush(self) -> None:
        queue, self._queue = self._queue, []
        if self.server is not None and queue:
            self.server.dispatch(queue)

    def _observe(self, out: Output) -> None:
        if isinstance(out, Published):
            self._stamp_move = True
            self._log()
        elif isinstance(out, KnockArrived) and self.config.knock_policy is not None:
            accept = self.config.knock_policy(out)
            self._route(self.core.answer_knock(out.conn, accept, self._time()))
        for observer in self._observers:
            observer(out)

    def _log(self) -> None:
        """Append the new records to the host's saved game (p2p/store/savegame.py); one that
        cannot be written stops being written (`save_problem` says why), the table goes on."""
        path = self.config.log_path
        if path is None or self.save_problem is not None or self._closed:
            return
        records = self.core.records
        try:
            if self._saved is None:
                key = self.core.key_hex
                # A table against the computer holds its file alone: two windows playing
                # one game on would each write their own next record into it.
                self._saved = SaveGame.open(path, header_for(records[0], table=self.core.table, host=key, me=key,
                                                             seed=self.config.seed), exclusive=self.config.solo)
            for seq in range(self._saved.last_seq + 1, len(records)):
                self._saved.append(seq, records[seq])
        except SaveGameError as exc:
            self.save_problem = exc
            if self._saved is not None:
                self._saved.close()
                self._saved = None
            for watcher in self._save_watchers:
                watcher(exc)

    def _kick(self) -> None:
        """Through the trio token: the outputs waiting go out and the pump looks again (one
        call on its way at a time). Before the table runs there is nothing to tell: `run`
        sends what waits, and its pump looks at everything."""
        if self._kicked or self._token is None:
            return
        self._kicked = True
        self._soon(self._kicked_in_trio)

    def _kicked_in_trio(self) -> None:
        self._kicked = False
        self._flush()
        self._wake_pump()

    def _soon(self, fn: Callable[[], object]) -> None:
        """Run `fn` inside trio, soon: the one way in (the trio token). Before the table runs
        there is no way in, and no need (`run` begins from what the handle holds); once the
        run is over, nothing is left to do."""
        if self._token is not None:
            with contextlib.suppress(trio.RunFinishedError):
                self._token.run_sync_soon(fn)


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


def prepare_resumed(config: TableConfig, saved: Chain, *, now: float, policy: Policy | None = None,
                    bot_seed: int = 0, grace: float = HANDOVER_GRACE_SECONDS,
                    chat: Iterable[ChatRelay] = (), lost_left: bool = False) -> TableHandle:
    """A driver handle for taking `saved` over as `config.profile` (run it as any table:
    `await nursery.start(handle.run)`); `ResumeError` if this profile may not. `now` is trio's
    clock (the grace counts from it); `chat`, the table's recent chat as we heard it;
    `lost_left`: the lost host said it left."""
    core = ResumedHost(config.profile, saved, now=now, policy=policy, bot_seed=bot_seed, grace=grace,
                       table_name=config.table_name, chat=chat, lost_left=lost_left)
    return TableHandle(config, core)


@dataclass(frozen=True)
class Continued:
    """A table against the computer played on: its handle, and the events its records so
    far made (the game's story, for a window's feed and figures)."""

    handle: TableHandle
    history: list[Event]
    diverged: int        # computer choices made again that differ from the records (none expected)


def prepare_continued(config: TableConfig, path: Path) -> Continued:
    """A driver handle for playing on the table against the computer kept at `path`
    (`p2p.core.solo.ContinuedHost`: the same key, secrets and computer players, from the
    record after the last one kept), its records appended to that file; `ResumeError` if
    it is not a game of `config.profile`'s against the computer that can go on."""
    try:
        header = read(path).header
    except SaveGameError as exc:
        raise ResumeError(exc.problem.value, exc.detail or str(path)) from None
    if header.me != config.profile.key_hex:
        raise ResumeError("not_seated", config.profile.key_hex)
    warm = WarmUp(header.seed)
    saved = load_saved(path, watch=warm)
    try:
        now: float | None = trio.current_time()
    except RuntimeError:
        now = None   # window code: `run` counts the records' clock on from its start
    core = ContinuedHost(config.profile, saved, chain_seed=chain_seed(config.profile.signing_key, saved.table,
                                                                      header.seed),
                         policies=warm.policies, now=now or 0.0)
    handle = TableHandle(replace(config, log_path=path, seed=header.seed), core)
    handle._unclocked = now is None
    try:
        # Held from now on: a game open in another window (or process) is not played twice.
        handle._saved = SaveGame.open(path, saved.header, exclusive=True)
    except SaveGameError as exc:
        raise ResumeError(exc.problem.value, exc.detail or str(path)) from None
    if handle._saved.last_seq != core.seq:
        handle._saved.close()   # written to between our reading and our holding it
        raise ResumeError(Problem.IN_USE.value, str(path))
    return Continued(handle, warm.events, warm.diverged)

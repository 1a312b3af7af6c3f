"""Playing on when the host is lost (docs/PROTOCOL.md section 9), a player's side.

A `Follower` plays a seat through `PeerClient` (which keeps the saved game) and stands in
for it. When the connection to the host is gone it keeps dialling the host, and looks on
the LAN (mDNS) for the same table id advertised again: by the lost host back on its feet,
or by a player who took it over. It rejoins whichever it finds, with its key and its
records (`PeerClient` hands a new host the records it lacks, read back through
`SavedRecords`). If nothing is found it takes the table over itself, but only when its turn
comes: the people's seats in engine seat order (the same order for every player, whatever
each last saw of the others' connections), the first after `RESUME_AFTER_SECONDS` of failed reconnection, each
next one `RESUME_STAGGER_SECONDS` later, so that a stall of the host (a closed lid, a
process stopped for 40 s) or a short partition never makes two hosts, and a second host
appears only when the first did not.

A host taken over without our last records (they reached us, not the new host, and we
came back too late to hand them over) refuses us as `forked`: we move those records aside
as evidence and rejoin from before them (`rewind`), one record at a time.

`resume_follower` is what `zemlevlasnyk resume` (and a window's «resume») runs on a saved
game: join the table if someone advertises it, else host it.
"""
from __future__ import annotations

import contextlib
import math
import os
from collections.abc import AsyncIterable, Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import trio

from zemlevlasnyk.engine import action_from_json
from zemlevlasnyk.p2p import savegame
from zemlevlasnyk.p2p.client import BACKOFF_MAX_SECONDS, ClientOutput, Connected, HostLost, PeerClient, Reconnecting
from zemlevlasnyk.p2p.driver import TableConfig, TableHandle
from zemlevlasnyk.p2p.errors import CheatingHost, Code, ProtocolError, local
from zemlevlasnyk.p2p.handover import (
    HANDOVER_GRACE_SECONDS,
    ResumeError,
    Saved,
    load_saved,
    prepare_resumed,
    replay,
)
from zemlevlasnyk.p2p.handshake import PLAYING
from zemlevlasnyk.p2p.host import LobbyChanged as HostLobbyChanged
from zemlevlasnyk.p2p.host import Output, Published
from zemlevlasnyk.p2p.identity import Profile
from zemlevlasnyk.p2p.limits import AWAY_SECONDS
from zemlevlasnyk.p2p.links import Invite
from zemlevlasnyk.p2p.messages import Act, Chat, PeerMessage
from zemlevlasnyk.p2p.peer import (
    ActionUnanswered,
    Admitted,
    ContributionNotAsked,
    ContributionOmitted,
    Finished,
    LobbyChanged,
    Outgoing,
    TablePeer,
    TimedOutWhileHere,
)
from zemlevlasnyk.p2p.policy import Policy
from zemlevlasnyk.p2p.records import Replica
from zemlevlasnyk.p2p.streams import dial

# How long a player's reconnect attempts must have failed before the first one takes the
# table over. Longer than a host's laptop stays silent when its lid is closed for a moment
# or its process is stopped for 40 s (the peers' 12 s of silence plus this), and than a
# Wi-Fi partition that heals; short enough that friends do not give up on the table.
RESUME_AFTER_SECONDS = 60.0
# Each next player in the order waits this much longer: time for the one before it to take
# the table over and be seen on the LAN (a replay of the records, mDNS probing, a browse).
RESUME_STAGGER_SECONDS = 20.0
# A host that said it left (`host_left`) is not coming back: the first player takes over
# after this instead (its own goodbye on mDNS has gone out by then).
LEFT_RESUME_SECONDS = 1.0
# A new host that refuses us as `forked` lacks our last records; we rewind one at a time
# (the lost host's last records, the ones nobody else got, are one or two).
REWIND_LIMIT = 64
# A fresh dial after the client gave up (it does so once the host stayed away a minute).
REDIAL_SECONDS = BACKOFF_MAX_SECONDS
# A resumed saved game looks this long for its table advertised by someone else before it
# hosts it: an advertising table answers a browser's first query within a second or two.
LOOK_SECONDS = 5.0
# After that look, how long an advert under our own key is looked for: an answering table
# shows up within a second or two, a withdrawn one has sent its goodbye by then.
OWN_ADVERT_SECONDS = 2.0
# What a player's replica says against the host: not shown while we are the host.
_ABOUT_THE_HOST = (ContributionNotAsked, ContributionOmitted, ActionUnanswered, TimedOutWhileHere)
# How long a leaving player's goodbye may take to go out: a LAN sends it in milliseconds,
# and a host that does not read it is not waited for (its person has already left).
GOODBYE_SECONDS = 1.0
# Client errors after which the host may still come back (or another may take over).
_TRANSIENT = {Code.HOST_LOST, Code.HOST_LEFT, Code.CLOSED, Code.HANDSHAKE, Code.BUSY}


# --- who takes over, and when ---------------------------------------------------------------------


def takeover_order(replica: Replica) -> list[int]:
    """The engine seats of the people who may take the table over automatically, in order:
    not the lost host's own seat, not computer players, lowest engine seat first.

    Only what every player holds alike (the signed records) decides it. Ordering by who the
    last lobby message showed connected made two hosts when two players had seen different
    last messages (one briefly shown offline under load): each thought itself first. A
    first person who is gone too costs the next one `RESUME_STAGGER_SECONDS` more."""
    return [n for n, p in enumerate(replica.players) if p.bot is None and p.key != replica.host_key]


def takeover_delay(replica: Replica, me: str, *,
                   after: float = RESUME_AFTER_SECONDS, stagger: float = RESUME_STAGGER_SECONDS) -> float:
    """Seconds of failed reconnection after which `me` takes the table over (infinite for a
    spectator, or before the game started: a lobby is not resumed)."""
    if replica.game is None or replica.ended:
        return math.inf
    order = takeover_order(replica)
    mine = next((n for n in order if replica.players[n].key == me), None)
    return math.inf if mine is None else after + order.index(mine) * stagger


def may_host(replica: Replica, key: bytes) -> bool:
    """Whether a table advertised under this key can be ours: its first host, or a person
    seated at the start (a key seated by the start record is pinned; anyone else is not
    our table's host, whatever it advertises)."""
    return replica.game is not None and replica.may_host(key.hex())


# --- the saved game, as a player keeps it ---------------------------------------------------------


class SavedRecords:
    """Our saved game of one table (`p2p.savegame`; `PeerClient` and the driver write it):
    read back to hand records to a new host, to take the table over, or to rewind."""

    def __init__(self, path: Path, *, table: str, first_host: str, me: str) -> None:
        self.path = path
        self.table = table
        self.first_host = first_host
        self.me = me

    @property
    def exists(self) -> bool:
        return self.path.exists()

    def records_from(self, start: int) -> list[bytes]:
        """Our records from `start` on, as saved."""
        if not self.path.exists():
            return []
        return [line.data for line in savegame.read(self.path).records[max(0, start):]]

    def load(self) -> Saved:
        return load_saved(self.path)

    def rewind(self, keep: int) -> list[bytes]:
        """Keep only records `0 .. keep-1`; the others are moved to `<file>.forked-<keep>`
        (evidence: signed records a new host did not take). Returns the kept records."""
        loaded = savegame.read(self.path)
        kept = [line.data for line in loaded.records[:keep]]
        dropped = [line.data for line in loaded.records[keep:]]
        aside = self.path.with_name(f"{self.path.name}.forked-{keep}")
        with contextlib.suppress(FileExistsError):
            fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(fd, "wb") as handle:
                handle.write(b"".join(line + b"\n" for line in dropped))
                handle.flush()
                os.fsync(handle.fileno())
        fresh = self.path.with_name(self.path.name + ".new")
        fresh.unlink(missing_ok=True)
        with savegame.SaveGame.open(fresh, loaded.header) as rewritten:
            for seq, data in enumerate(kept):
                rewritten.append(seq, data)
        os.replace(fresh, self.path)
        return kept


def rewind(core: TablePeer, saved: SavedRecords, keep: int) -> None:
    """Our replica back to record `keep - 1` (the records after it moved aside)."""
    kept = saved.rewind(keep)
    core.replica = replay(saved.table, saved.first_host, kept)


def restore(core: TablePeer, saved: SavedRecords) -> None:
    """Our replica from our saved game, when we have one (a restarted player)."""
    if saved.exists:
        core.replica = saved.load().replica


# --- what a follower tells --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Rejoining:
    """The table is advertised again (by its host back, or by a new host): rejoining it."""

    invite: Invite


@dataclass(frozen=True, slots=True)
class StillLooking:
    """The host stayed unreachable for `HOST_LOST_SECONDS` (where a bare `PeerClient` gives
    up with `HostLost`), and we go on: dialling it every `REDIAL_SECONDS` and, with
    `network`, looking for the table advertised on the LAN (by the host back, or by whoever
    took it over), to rejoin it or, when our turn comes, take it over. Only a follower that
    stops says `HostLost`."""

    table: str
    network: bool


@dataclass(frozen=True, slots=True)
class TakeoverDue:
    """The host is lost: unless it answers again, or the table is found advertised by
    someone else, we take it over in `after` seconds (told once each time the host is lost,
    only to a player whose turn in the order will come)."""

    table: str
    after: float


@dataclass(frozen=True, slots=True)
class TakingOver:
    """Nobody took the table over: we do, after `waited` seconds without a host."""

    table: str
    waited: float


@dataclass(frozen=True, slots=True)
class Rewound:
    """A new host lacked our last records: kept aside, we rejoin from record `seq`."""

    seq: int


@dataclass(frozen=True, slots=True)
class Listening:
    """We took the table over: it listens here, and waits up to `grace` seconds for the
    others to come back before the handover record."""

    table: str
    address: str
    port: int
    grace: float


@dataclass(frozen=True, slots=True)
class Hosting:
    """We host the table now (`output` is one of the host's observer outputs)."""

    output: Output


FollowerOutput = (ClientOutput | Rejoining | StillLooking | TakeoverDue | TakingOver | Rewound | Listening
                  | Hosting)


@dataclass
class _Next:
    """What ends one connection's worth of following."""

    finished: Finished | None = None
    invite: Invite | None = None
    take_over: bool = False
    forked: bool = False


@dataclass
class _Lost:
    since: float | None = None
    left: bool = False           # the host said it left: no silence to wait out
    changed: trio.Event = field(default_factory=trio.Event)


class Follower:
    """Play a seat at a table, through host loss: rejoin a host back or new, or take over.

    A drop-in for `PeerClient` (`run`, `send`, outputs): once we host the table, our own
    replica (`core`) still verifies every record, now ours, and our moves and chat go to
    the table we host; the outputs stay a player's (`Applied`, `LobbyChanged`, ...), with
    `Hosting` besides. With `invite` None it first looks for the table advertised, and takes
    it over if nobody does (`zemlevlasnyk resume`)."""

    def __init__(self, core: TablePeer, invite: Invite | None, saved: SavedRecords, *,
                 interfaces: Sequence[str] = (),
                 bind: str | None = None, policy: Policy | None = None, want: str = PLAYING,
                 on_output: Callable[[FollowerOutput], None] | None = None, auto_resume: bool = True,
                 resume_after: float = RESUME_AFTER_SECONDS, stagger: float = RESUME_STAGGER_SECONDS,
                 grace: float = HANDOVER_GRACE_SECONDS, bot_seed: int = 0,
                 connect: Callable[[Invite], Awaitable[trio.abc.Stream]] | None = None) -> None:
        """`connect(invite)`: how a host is dialled (default: TCP, `p2p.streams.dial`)."""
        self.core = core
        self.invite = invite
        self.saved = saved
        self.interfaces = tuple(interfaces)
        self.bind = bind or (self.interfaces[0] if self.interfaces else None)
        self.policy = policy
        self.want = want
        self.on_output = on_output or (lambda out: None)
        self.auto_resume = auto_resume
        self.resume_after = resume_after
        self.stagger = stagger
        self.grace = grace
        self.bot_seed = bot_seed
        self.connect = connect or dial
        self.hosting: TableHandle | None = None   # the driver handle once we host the table
        self.client: PeerClient | None = None     # the connection to the host, while we have one
        self._lost = _Lost()
        self._dead: set[tuple[bytes, str, int]] = set()
        self._admitted = False

    async def send(self, message: PeerMessage) -> None:
        """A message of the person's (a move, a chat line, Ready...): to the host, or, once
        we host the table, into it (a signed move becomes our own; lobby requests have no
        place in a game taken over)."""
        if self.hosting is not None:
            match message:
                case Act(action=action):
                    self.hosting.act(action_from_json(action))
                case Chat(text=text):
                    self.hosting.chat(text)
            return
        if self.client is None:
            raise local(Code.CLOSED, "not connected to the host")
        await self.client.send(message)

    def goodbye(self) -> PeerMessage | None:
        """Our signed goodbye when we leave, if there is a host to say it to: a player
        connected to one (so that, at a clock-off table, it plays our seat's safe moves at
        once rather than wait the clock at each of its decisions). None for a spectator,
        who holds no seat, while the host is lost, and once we host the table ourselves
        (its players are told the host left as it closes)."""
        if self.hosting is not None or self.client is None or self.want != PLAYING:
            return None
        return self.core.bye().message

    async def say_goodbye(self, *, within: float = GOODBYE_SECONDS) -> bool:
        """Send `goodbye()` through the connection, waiting at most `within` seconds for
        it to go out; whether it did."""
        client, message = self.client, self.goodbye()
        if client is None or message is None:
            return False
        with trio.move_on_after(within):
            try:
                await client.send(message)
            except (ProtocolError, trio.BrokenResourceError, trio.ClosedResourceError, OSError):
                return False
            return True
        return False

    async def run_or_leave(self, leaving: AsyncIterable[object]) -> Finished | None:
        """`run`, unless the person leaves first (anything out of `leaving`: a command's
        Ctrl-C): then a player says goodbye (`say_goodbye`) and everything stops; None.
        A table we host is just closed: closing, it tells its players the host left."""
        finished: Finished | None = None
        with _unwrapped():
            async with trio.open_nursery() as nursery:
                async def play() -> None:
                    nonlocal finished
                    finished = await self.run()
                    nursery.cancel_scope.cancel()

                async def leave() -> None:
                    async for _ in leaving:
                        await self.say_goodbye()
                        nursery.cancel_scope.cancel()
                        return
                nursery.start_soon(play)
                nursery.start_soon(leave)
        return finished

    async def run(self) -> Finished:
        """Play until the game ends (as a player, or as the host we became)."""
        if self.core.replica.seq < 0:
            restore(self.core, self.saved)
        if self.core.replica.ended:
            # Our saved game holds the signed end: nobody will host this table again, and
            # waiting for its host (then taking a finished game over) would wait for ever.
            raise ResumeError("finished", self.core.table)
        invite = self.invite
        if invite is None:
            invite = await self._find()
            if invite is None:
                self.on_output(TakingOver(self.core.table, 0.0))
                return await self._take_over()
            self.on_output(Rejoining(invite))
        rewinds = 0
        while True:
            step = await self._follow(invite)
            if step.finished is not None:
                return step.finished
            if step.take_over:
                return await self._take_over()
            if step.forked:
                rewinds += 1
                if rewinds > REWIND_LIMIT or self.core.replica.seq < 0:
                    raise local(Code.FORKED, "the new host lacks too many of our records")
                rewind(self.core, self.saved, self.core.replica.seq)
                self.on_output(Rewound(self.core.replica.seq + 1))
                continue
            assert step.invite is not None
            self._dead.add((invite.host_key, invite.host, invite.port))
            invite = step.invite

    # --- one host at a time ----------------------------------------------------------------------

    async def _follow(self, invite: Invite) -> _Next:
        step = _Next()
        self._lost = _Lost()
        with _unwrapped():
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._play, invite, step, nursery.cancel_scope)
                nursery.start_soon(self._watch, invite, step, nursery.cancel_scope)
        return step

    async def _find(self) -> Invite | None:
        """The table advertised by someone else, looked for `LOOK_SECONDS`.

        An advert under our own key is passed over while we look: a window that has just
        left the table it hosted may still be withdrawing that advert (a click from the menu
        is quicker than mDNS's goodbye). Seen again after the look, it is no leftover:
        another window hosts the table with this very profile."""
        found: Invite | None = None
        own = self.core.profile.public_key
        if self.interfaces:
            with trio.move_on_after(LOOK_SECONDS):
                found = await find_advertised(self.interfaces, self.core.replica, skip_keys={own})
            if found is None:
                with trio.move_on_after(OWN_ADVERT_SECONDS):
                    found = await find_advertised(self.interfaces, self.core.replica, only_key=own)
        if found is not None and found.host_key == own:
            raise local(Code.HANDSHAKE, "this table is hosted with this very profile already (another window?)")
        return found

    async def _play(self, invite: Invite, step: _Next, done: trio.CancelScope) -> None:
        while True:
            client = PeerClient(self.core, invite, want=self.want, log_path=self.saved.path, on_output=self._seen,
                                records_from=self.saved.records_from, connect=lambda: self.connect(invite))
            self.client = client
            try:
                step.finished = await client.run()
                done.cancel()
                return
            except CheatingHost:
                raise
            except ProtocolError as exc:
                if exc.code is Code.FORKED:
                    step.forked = True
                    done.cancel()
                    return
                if exc.code not in _TRANSIENT or not self._joined():
                    raise
                left = exc.code is Code.HOST_LEFT
                if left and self.core.replica.game is None:
                    raise   # a lobby is not resumed: its table is gone with its host
            finally:
                self.client = None
            self._mark_lost(left=left)
            await trio.sleep(REDIAL_SECONDS)

    def _joined(self) -> bool:
        """Whether we sat at this table before (a first dial that fails is just a failure)."""
        return self._admitted or self.core.replica.seq >= 0

    def _seen(self, out: ClientOutput) -> None:
        if isinstance(out, Admitted):
            self._admitted = True
        elif isinstance(out, Reconnecting):
            self._mark_lost()
        elif isinstance(out, Connected) and self._lost.since is not None:
            self._lost.since, self._lost.left = None, False
            self._lost.changed.set()
        elif isinstance(out, HostLost) and self._joined():
            # The client gives up here, we do not (`_play` dials again, `_watch` looks on):
            # «the host is lost for good» would be untrue until we stop.
            # (A lobby is not taken over: only its host, dialled again, can bring it back.)
            network = bool(self.interfaces) and self.core.replica.game is not None
            self.on_output(StillLooking(self.core.table, network=network))
            return
        self.on_output(out)

    def _mark_lost(self, *, left: bool = False) -> None:
        """The host is lost from now (unless it was already); `left`: it said it left, so
        the wait for it starts again, shorter (`LEFT_RESUME_SECONDS`)."""
        if self._lost.since is None or (left and not self._lost.left):
            self._lost.since = trio.current_time()
            self._lost.left = self._lost.left or left
            self._lost.changed.set()

    async def _watch(self, invite: Invite, step: _Next, done: trio.CancelScope) -> None:
        """While the host is lost: look for the table advertised again, and take it over
        when our turn comes."""
        while True:
            while self._lost.since is None:
                self._lost.changed = trio.Event()
                await self._lost.changed.wait()
            since = self._lost.since
            delay = self._delay()
            if math.isfinite(delay):
                self.on_output(TakeoverDue(self.core.table, max(0.0, since + delay - trio.current_time())))
            found = await self._look(invite, deadline=since + delay)
            if self._lost.since != since:
                continue  # the host answered again meanwhile
            if found is not None:
                step.invite = found
                self.on_output(Rejoining(found))
                done.cancel()
                return
            if trio.current_time() - (since + delay) > AWAY_SECONDS:
                # Our turn came while our own process was not running (a closed lid, a
                # stopped process): that time says nothing of the host, which may answer
                # the dial our client makes on waking. The loss counts afresh from now.
                self._lost.since = trio.current_time()
                continue
            if trio.current_time() >= since + delay:
                step.take_over = True
                self.on_output(TakingOver(self.core.table, trio.current_time() - since))
                done.cancel()
                return

    def _delay(self) -> float:
        """Seconds of host loss after which we take the table over (infinite: never): the
        agreed silence, or `LEFT_RESUME_SECONDS` after a host that said it left."""
        if not self.auto_resume:
            return math.inf
        after = min(self.resume_after, LEFT_RESUME_SECONDS) if self._lost.left else self.resume_after
        return takeover_delay(self.core.replica, self.core.profile.key_hex, after=after, stagger=self.stagger)

    async def _look(self, invite: Invite, *, deadline: float) -> Invite | None:
        """The table advertised by a host that is not the one we lost (or the one we lost,
        at a new address), found before `deadline` or before the host answers again."""
        since = self._lost.since
        with trio.move_on_at(deadline):
            if self.interfaces:
                return await find_advertised(self.interfaces, self.core.replica,
                                             exclude={(invite.host_key, invite.host, invite.port), *self._dead},
                                             stop=lambda: self._lost.since != since)
            while self._lost.since == since:
                self._lost.changed = trio.Event()
                await self._lost.changed.wait()
        return None

    # --- taking the table over --------------------------------------------------------------------

    async def _take_over(self) -> Finished:
        lobby = self.core.lobby
        config = TableConfig(self.core.profile, table_name=lobby.name if lobby is not None else None,
                             bind=self.bind or "127.0.0.1", interfaces=self.interfaces, log_path=self.saved.path)
        saved = self.saved.load()   # the host's own replay: ours goes on verifying, as a player's
        if self.core.replica.seq != saved.replica.seq:
            self.core.replica = replay(saved.table, saved.header.host, saved.records)
        handle = prepare_resumed(config, saved, now=trio.current_time(), policy=self.policy,
                                 bot_seed=self.bot_seed, grace=self.grace)
        self.hosting = handle
        finished = await host_resumed(handle, on_output=self._hosted)
        if self.core.cheated is not None:
            raise self.core.cheated
        return finished

    def _hosted(self, out: FollowerOutput) -> None:
        """What the table we host did: our own replica verifies each record as a player's
        would (so whoever shows the table sees a player's view), the rest is told as is."""
        self.on_output(out)
        if not isinstance(out, Hosting) or self.hosting is None:
            return
        match out.output:
            case Published(seq=seq):
                data = self.hosting.core.records[seq]
                for seen in self.core.receive(data, trio.current_time()):
                    # Our seat's moves are the host's own now, and a complaint about the host
                    # would be about ourselves (it rolls at once for the absent, lawfully).
                    if not isinstance(seen, (Outgoing, *_ABOUT_THE_HOST)):
                        self.on_output(seen)
            case HostLobbyChanged(lobby=lobby):
                self.core.lobby = lobby
                self.on_output(LobbyChanged(lobby))


async def host_resumed(handle: TableHandle, *, on_output: Callable[[FollowerOutput], None]) -> Finished:
    """Run a table taken over (`p2p.handover.prepare_resumed`) to its end (the driver keeps
    its records in the saved game its config names)."""
    core = handle.core
    handle.observe(lambda out: on_output(Hosting(out)))
    with _unwrapped():
        await _run_hosted(handle, on_output)
    outcome = core.game.outcome() if core.game is not None else None
    if outcome is None:
        raise local(Code.CLOSED, "the table closed before the game ended")
    return Finished(outcome, core.ledger.state_hash)


async def _run_hosted(handle: TableHandle, on_output: Callable[[FollowerOutput], None]) -> None:
    core = handle.core
    async with trio.open_nursery() as nursery:
        await nursery.start(handle.run)
        invite = handle.invite
        grace = max(0.0, getattr(core, "grace_until", 0.0) - trio.current_time())
        if invite is not None:
            on_output(Listening(core.table, invite.host, invite.port, grace))


@contextlib.contextmanager
def _unwrapped() -> Iterator[None]:
    """Our nurseries are ours: a caller gets a lone error as itself (a refusal, a cheating
    host, Ctrl-C), not wrapped in an exception group."""
    try:
        yield
    except BaseExceptionGroup as group:
        leaf: BaseException = group
        while isinstance(leaf, BaseExceptionGroup) and len(leaf.exceptions) == 1:
            leaf = leaf.exceptions[0]
        if leaf is group:
            raise
        raise leaf from None


# --- finding the table on the LAN ---------------------------------------------------------------------


async def find_advertised(interfaces: Sequence[str], replica: Replica, *,
                          exclude: Iterable[tuple[bytes, str, int]] = (), skip_keys: Iterable[bytes] = (),
                          only_key: bytes | None = None, stop: Callable[[], bool] | None = None,
                          poll: float = 0.5) -> Invite | None:
    """The first advert of our table (same id) by a key that may host it (not one of
    `skip_keys`; `only_key` if given), at an address we were not told to skip; None when
    `stop()` turns true. Cancel it for a deadline."""
    from zemlevlasnyk.p2p.discovery import MdnsError, browse, open_mdns, to_invite

    skip = set(exclude)
    passed = set(skip_keys)
    try:
        async with open_mdns(interfaces) as mdns, browse(mdns) as browser:
            while stop is None or not stop():
                for advert in list(browser.tables.values()):
                    if advert.table_id != replica.table or not may_host(replica, advert.host_key):
                        continue
                    if advert.host_key in passed or (only_key is not None and advert.host_key != only_key):
                        continue
                    for address in advert.addresses:
                        if (advert.host_key, address, advert.port) not in skip:
                            return to_invite(advert, address=address)
                with trio.move_on_after(poll):
                    await browser.events.receive()
    except MdnsError:
        # No mDNS here: nothing can be found, so wait (for `stop`, or to be cancelled).
        while stop is None or not stop():
            await trio.sleep(poll)
    return None


def resume_follower(path: Path, profile: Profile, *, interfaces: Sequence[str], bind: str | None = None,
                    policy: Policy | None = None, on_output: Callable[[FollowerOutput], None] | None = None,
                    grace: float = HANDOVER_GRACE_SECONDS, bot_seed: int = 0,
                    resume_after: float = RESUME_AFTER_SECONDS) -> Follower:
    """A follower for the table of the saved game at `path` (verified now: `ResumeError`
    if it cannot be resumed): run it to join the table if it is advertised (its host
    back, or a player who took it over), else to take it over and host it. Joined, it
    takes the table over again if that host is lost too (after `resume_after`, in the
    order of `takeover_delay`)."""
    loaded = load_saved(path)
    if loaded.header.me != profile.key_hex:
        raise ResumeError("not_seated", "this saved game belongs to another profile")
    if loaded.finished:
        raise ResumeError("finished", loaded.table)
    saved = SavedRecords(path, table=loaded.table, first_host=loaded.header.host, me=profile.key_hex)
    core = TablePeer(profile, table=loaded.table, host_key=bytes.fromhex(loaded.header.host), policy=policy,
                     auto_ready=False)
    core.replica = loaded.replica
    if not core.replica.may_host(profile.key_hex):
        raise ResumeError("not_seated", profile.key_hex)
    return Follower(core, None, saved, interfaces=interfaces, bind=bind, policy=policy, on_output=on_output,
                    grace=grace, bot_seed=bot_seed, resume_after=resume_after)


async def take_over_or_rejoin(path: Path, profile: Profile, *, interfaces: Sequence[str], bind: str | None,
                              policy: Policy | None, on_output: Callable[[FollowerOutput], None] | None = None,
                              grace: float = HANDOVER_GRACE_SECONDS, bot_seed: int = 0) -> Finished:
    """Resume the table of the saved game at `path` (see `resume_follower`)."""
    follower = resume_follower(path, profile, interfaces=interfaces, bind=bind, policy=policy, on_output=on_output,
                               grace=grace, bot_seed=bot_seed)
    return await follower.run()

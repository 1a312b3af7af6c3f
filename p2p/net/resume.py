"""Playing on when the host is lost (docs/PROTOCOL.md section 9), a player's side: the trio runner.

A `Follower` plays a seat through `PeerClient` (which keeps the saved game) and stands in
for it. What to do about the host (since when it is lost, how long to wait for it, who takes
the table over and when, what an advert of our table means, when to rewind or to stop) is
decided by the sans-IO `p2p.core.follow.Follow`; the follower only carries it out: it dials
the host with a client, looks on the LAN (mDNS) for the table advertised again while the host
is lost, waits for the core's next deadline, and, when the core says so, rejoins the table
where it was found (`PeerClient` hands a new host the records it lacks, read back through
`SavedRecords`), moves records a new host refused aside (`rewind`), or takes the table over
and hosts it.

`resume_follower` is what `zemlevlasnyk resume` (and a window's «resume») runs on a saved
game: join the table if someone advertises it, else host it.
"""
from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterable, Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import trio

from zemlevlasnyk.p2p.core.away import Waking, waking
from zemlevlasnyk.p2p.core.errors import Code, ProtocolError, local
from zemlevlasnyk.p2p.core.follow import (
    COMMANDS,
    RESUME_AFTER_SECONDS,
    RESUME_STAGGER_SECONDS,
    Command,
    Dial,
    Done,
    Find,
    Follow,
    FollowOutput,
    News,
    Redial,
    Rewind,
    Seen,
    Stop,
    TakeOver,
    may_host,
)
from zemlevlasnyk.p2p.core.handover import HANDOVER_GRACE_SECONDS, ResumeError, replay
from zemlevlasnyk.p2p.core.handshake import PLAYING
from zemlevlasnyk.p2p.core.host import LobbyChanged as HostLobbyChanged
from zemlevlasnyk.p2p.core.host import Output, Published
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.messages import Act, Chat, PeerMessage
from zemlevlasnyk.p2p.core.peer import (
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
from zemlevlasnyk.p2p.core.policy import Policy
from zemlevlasnyk.p2p.core.records import Replica
from zemlevlasnyk.p2p.net.client import (
    BACKOFF_MAX_SECONDS,
    ClientOutput,
    Connected,
    HostLost,
    PeerClient,
    Reconnecting,
    SaveFailed,
)
from zemlevlasnyk.p2p.net.driver import TableConfig, TableHandle, prepare_resumed
from zemlevlasnyk.p2p.net.streams import dial
from zemlevlasnyk.p2p.store import savegame
from zemlevlasnyk.p2p.store.saved import Saved, load_saved
from zemlevlasnyk.p2p.store.savegame import SaveGameError

if TYPE_CHECKING:
    from zemlevlasnyk.p2p.lan.discovery import TableAdvert

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
# --- the saved game, as a player keeps it ---------------------------------------------------------


class SavedRecords:
    """Our saved game of one table (`p2p.store.savegame`; `PeerClient` and the driver write it):
    read back to hand records to a new host, to take the table over, or to rewind."""

    def __init__(self, path: Path, *, table: str, first_host: str, me: str) -> None:
        self.path = path
        self.table = table
        self.first_host = first_host
        self.me = me
        # The file could not be written (a full disk): it stops where it stopped, whole,
        # and no later connection writes to it (a record after the gap would be out of order).
        self.problem: SaveGameError | None = None

    @property
    def log_path(self) -> Path | None:
        """Where the records go on being saved; None once saving failed."""
        return None if self.problem is not None else self.path

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


# --- what a follower tells besides the core's news ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Listening:
    """We took the table over: it listens here, and waits up to `grace` seconds for the
    others to come back before the handover record."""

    table: str
    address: str
    port: int
    grace: float
    # The table's invite link as it is hosted now: whoever cannot find it by mDNS (a friend
    # across a VPN or a router) rejoins with it.
    link: str = ""


@dataclass(frozen=True, slots=True)
class Hosting:
    """We host the table now (`output` is one of the host's observer outputs)."""

    output: Output


FollowerOutput = ClientOutput | News | Listening | Hosting
# Hands the core's outputs to the follower: True once a command ended this host's following.
Settle = Callable[[list[FollowOutput]], bool]


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
                 grace: float = HANDOVER_GRACE_SECONDS, bot_seed: int = 0, think_aside: bool = False,
                 connect: Callable[[Invite], Awaitable[trio.abc.Stream]] | None = None) -> None:
        """`connect(invite)`: how a host is dialled (default: TCP, `p2p.net.streams.dial`).
        `think_aside`: once we host the table, its computer players think in a worker thread
        (`TableConfig.think_aside`), as a window's own table's do."""
        self.core = core
        self.invite = invite
        self.saved = saved
        self.interfaces = tuple(interfaces)
        self.bind = bind or (self.interfaces[0] if self.interfaces else None)
        self.policy = policy
        self.want = want
        self.on_output = on_output or (lambda out: None)
        self.grace = grace
        self.bot_seed = bot_seed
        self.think_aside = think_aside
        self.connect = connect or dial
        self.hosting: TableHandle | None = None   # the driver handle once we host the table
        self.client: PeerClient | None = None     # the connection to the host, while we have one
        self.follow = Follow(lambda: self.core.replica, core.profile.key_hex, invite, network=bool(self.interfaces),
                             auto_resume=auto_resume, after=resume_after, stagger=stagger)
        self._changed = trio.Event()   # set (and replaced) whenever the core learnt something

    async def send(self, message: PeerMessage) -> None:
        """A message of the person's (a move, a chat line, Ready...): to the host, or, once
        we host the table, into it (a signed move becomes our own; lobby requests have no
        place in a game taken over)."""
        if self.hosting is not None:
            match message:
                case Act(action=action):
                    self.hosting.act(action)
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
        A table we host is closed: it tells its players the host left, then stops."""
        finished: Finished | None = None
        left = False
        with _unwrapped():
            async with trio.open_nursery() as nursery:
                async def play() -> None:
                    nonlocal finished
                    try:
                        finished = await self.run()
                    except ProtocolError:
                        if not left:
                            raise    # (a table we closed ends "before the game ended")
                    nursery.cancel_scope.cancel()

                async def leave() -> None:
                    nonlocal left
                    async for _ in leaving:
                        left = True
                        if self.hosting is not None:
                            self.hosting.close()     # `play` ends once it has told its players
                        else:
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
        command = self._tell(self.follow.begin())
        while True:
            match command:
                case Find():
                    command = self._tell(self.follow.found(await self._find(), own_key=self.core.profile.public_key))
                case Dial(invite=invite):
                    command = await self._follow(invite)
                case Rewind(keep=keep):
                    rewind(self.core, self.saved, keep)
                    assert self.follow.invite is not None
                    command = Dial(self.follow.invite)
                case TakeOver():
                    return await self._take_over()
                case Done(finished=finished):
                    return finished
                case Stop(error=error):
                    raise error
                case _:
                    raise AssertionError(f"a follower cannot {command!r} here")

    def _tell(self, outs: list[FollowOutput]) -> Command | None:
        """The core's news to whoever listens; its command (at most one) back to us."""
        command: Command | None = None
        for out in outs:
            if isinstance(out, COMMANDS):
                command = out
            else:
                self.on_output(out)
        self._changed.set()
        self._changed = trio.Event()
        return command

    # --- one host at a time ----------------------------------------------------------------------

    async def _follow(self, invite: Invite) -> Command:
        """Play through this host until the core says what comes next (the game's end, a
        host found elsewhere, a rewind, our turn to take over, a stop)."""
        decided: list[Command] = []
        with _unwrapped():
            async with trio.open_nursery() as nursery:
                def settle(outs: list[FollowOutput]) -> bool:
                    if decided:
                        return True     # decided already: the rest is unwinding
                    command = self._tell(outs)
                    if command is not None:
                        decided.append(command)
                        nursery.cancel_scope.cancel()
                    return command is not None
                nursery.start_soon(self._dial, invite, settle)
                nursery.start_soon(self._keep_time, settle)
                if self.interfaces:
                    nursery.start_soon(self._look, settle)
        return decided[0]

    async def _dial(self, invite: Invite, settle: Settle) -> None:
        """A client for this host, and a fresh one each time the last gave up (`Redial`)."""
        while True:
            client = PeerClient(self.core, invite, want=self.want, log_path=self.saved.log_path,
                                on_output=lambda out: self._seen(out, settle),
                                records_from=self.saved.records_from, connect=lambda: self.connect(invite))
            self.client = client
            finished: Finished | None = None
            error: ProtocolError | None = None
            try:
                finished = await client.run()
            except ProtocolError as exc:
                error = exc
            finally:
                self.client = None
            outs = self.follow.ended(finished, error, trio.current_time())
            if not any(isinstance(out, Redial) for out in outs):
                settle(outs)
                return
            self._tell(outs)
            asked = trio.current_time() + REDIAL_SECONDS
            await trio.sleep_until(asked)
            if waking(asked, trio.current_time()) is Waking.AWAY:
                settle(self.follow.away(trio.current_time()))

    def _seen(self, out: ClientOutput, settle: Settle) -> None:
        """What the client tells: to the core first, then (mostly) on to whoever listens."""
        now = trio.current_time()
        if isinstance(out, HostLost) and self.follow.joined:
            # The client gives up here, we do not (we dial again, and look on): «the host is
            # lost for good» would be untrue until we stop.
            settle(self.follow.gave_up())
            return
        if isinstance(out, Admitted):
            self.follow.admitted_by_host()
        elif isinstance(out, Connected):
            self.follow.answered()
        elif isinstance(out, SaveFailed):
            self.saved.problem = out.problem
            self.follow.unsaved = True
        self.on_output(out)
        if isinstance(out, Reconnecting):
            settle(self.follow.reconnecting(now, away=out.away))
        elif isinstance(out, Admitted | Connected):
            self._tell([])       # the core's deadline and looking may have changed

    async def _keep_time(self, settle: Settle) -> None:
        """Wait for the core's next deadline (or for it to learn something), then tell it the time."""
        while True:
            changed = self._changed
            deadline = self.follow.deadline()
            if deadline is None:
                await changed.wait()
            else:
                with trio.move_on_at(deadline):
                    await changed.wait()
            settle(self.follow.tick(deadline, trio.current_time()))

    async def _look(self, settle: Settle) -> None:
        """While the core looks (its host lost), every advert of our table on the LAN, to it."""
        from zemlevlasnyk.p2p.lan.discovery import MdnsError, TableRemoved, browse, open_mdns
        while True:
            while not self.follow.looking:
                await self._changed.wait()
            with trio.CancelScope() as looking:
                async with trio.open_nursery() as nursery:
                    nursery.start_soon(self._stop_looking, looking)
                    try:
                        async with open_mdns(self.interfaces) as mdns, browse(mdns) as browser:
                            for advert in list(browser.tables.values()):
                                self._advert(advert, settle)
                            async for event in browser.events:
                                if not isinstance(event, TableRemoved):
                                    self._advert(event.table, settle)
                    except MdnsError:
                        await trio.sleep_forever()   # nothing can be found here: until we stop looking

    async def _stop_looking(self, looking: trio.CancelScope) -> None:
        while self.follow.looking:
            await self._changed.wait()
        looking.cancel()

    def _advert(self, advert: TableAdvert, settle: Settle) -> None:
        for seen in _seen_of(advert, self.core.replica):
            if settle(self.follow.seen(seen)):
                return

    async def _find(self) -> Seen | None:
        """The table advertised by someone else, looked for `LOOK_SECONDS`.

        An advert under our own key is passed over while we look: a window that has just
        left the table it hosted may still be withdrawing that advert (a click from the menu
        is quicker than mDNS's goodbye). Seen again after the look, it is no leftover:
        another window hosts the table with this very profile."""
        found: Seen | None = None
        own = self.core.profile.public_key
        if self.interfaces:
            with trio.move_on_after(LOOK_SECONDS):
                found = await find_advertised(self.interfaces, self.core.replica, skip_keys={own})
            if found is None:
                with trio.move_on_after(OWN_ADVERT_SECONDS):
                    found = await find_advertised(self.interfaces, self.core.replica, only_key=own)
        return found

    # --- taking the table over --------------------------------------------------------------------

    async def _take_over(self) -> Finished:
        lobby = self.core.lobby
        # A game that ends at the table we took over waits at most our own takeover delay for
        # those offline: the figure every player uses.
        config = TableConfig(self.core.profile, table_name=lobby.name if lobby is not None else None,
                             bind=self.bind or "127.0.0.1", interfaces=self.interfaces, log_path=self.saved.path,
                             end_wait=self.follow.after, think_aside=self.think_aside)
        saved = self.saved.load()   # the host's own replay: ours goes on verifying, as a player's
        if self.core.replica.seq != saved.replica.seq:
            self.core.replica = replay(saved.table, saved.header.host, saved.records)
        handle = prepare_resumed(config, saved, now=trio.current_time(), policy=self.policy,
                                 bot_seed=self.bot_seed, grace=self.grace, chat=self.core.heard_chat,
                                 lost_left=self.follow.left)
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
    """Run a table taken over (`p2p.net.driver.prepare_resumed`) to its end (the driver keeps
    its records in the saved game its config names)."""
    core = handle.core
    handle.observe(lambda out: on_output(Hosting(out)))
    handle.on_save_failed(lambda problem: on_output(SaveFailed(problem)))
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
            on_output(Listening(core.table, invite.host, invite.port, grace, invite.to_link()))


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


def _seen_of(advert: TableAdvert, replica: Replica) -> list[Seen]:
    """An advert of our table by a key that may host it, at each of its addresses."""
    from zemlevlasnyk.p2p.lan.discovery import AdvertPhase, to_invite
    if advert.table_id != replica.table or not may_host(replica, advert.host_key):
        return []
    finished = advert.phase is AdvertPhase.FINISHED
    return [Seen(to_invite(advert, address=address), finished) for address in advert.addresses]


async def find_advertised(interfaces: Sequence[str], replica: Replica, *, skip_keys: Iterable[bytes] = (),
                          only_key: bytes | None = None) -> Seen | None:
    """The first advert of our table by a key that may host it (not one of `skip_keys`;
    `only_key` if given). Cancel it for a deadline: it waits for adverts, on a LAN without
    mDNS for ever."""
    from zemlevlasnyk.p2p.lan.discovery import MdnsError, TableRemoved, browse, open_mdns

    passed = set(skip_keys)

    def wanted(seen: Seen) -> bool:
        key = seen.invite.host_key
        return key not in passed and (only_key is None or key == only_key)
    try:
        async with open_mdns(interfaces) as mdns, browse(mdns) as browser:
            for advert in list(browser.tables.values()):
                found = next(filter(wanted, _seen_of(advert, replica)), None)
                if found is not None:
                    return found
            async for event in browser.events:
                if isinstance(event, TableRemoved):
                    continue
                found = next(filter(wanted, _seen_of(event.table, replica)), None)
                if found is not None:
                    return found
    except MdnsError:
        pass
    await trio.sleep_forever()   # no mDNS here (or the browser ended): nothing can be found


def resume_follower(path: Path, profile: Profile, *, interfaces: Sequence[str], bind: str | None = None,
                    policy: Policy | None = None, on_output: Callable[[FollowerOutput], None] | None = None,
                    grace: float = HANDOVER_GRACE_SECONDS, bot_seed: int = 0,
                    resume_after: float = RESUME_AFTER_SECONDS, think_aside: bool = False) -> Follower:
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
                    grace=grace, bot_seed=bot_seed, resume_after=resume_after, think_aside=think_aside)


async def take_over_or_rejoin(path: Path, profile: Profile, *, interfaces: Sequence[str], bind: str | None,
                              policy: Policy | None, on_output: Callable[[FollowerOutput], None] | None = None,
                              grace: float = HANDOVER_GRACE_SECONDS, bot_seed: int = 0) -> Finished:
    """Resume the table of the saved game at `path` (see `resume_follower`)."""
    follower = resume_follower(path, profile, interfaces=interfaces, bind=bind, policy=policy, on_output=on_output,
                               grace=grace, bot_seed=bot_seed)
    return await follower.run()

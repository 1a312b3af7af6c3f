"""Following a table through host loss (docs/PROTOCOL.md section 9), a player's decisions, sans-IO.

`Follow` decides, from what happened and when (the times are given, as to every core): since
when the host is lost, how long we wait for it (the agreed silence, shorter after a host that
said it left, counted afresh when we find we were away ourselves: `p2p.core.away`), who takes
the table over and in what order (`takeover_order`, `takeover_delay`: from the signed start
record alone, the same for every player), what an advert of our table means (the host back at
a new address, a player who took it over, or a game that is over), when a refused rejoin
(`forked`) rewinds, and when we stop: a lobby whose host is gone for the agreed silence is gone
(nobody can take a lobby over), and a table whose host says its game is over is never taken
over. The trio runner (`p2p.net.resume.Follower`) only dials, looks and waits on it.

Each input returns what follows from it: news for the person (`Rejoining`, `StillLooking`,
`TakeoverDue`, `TakingOver`, `Rewound`) and at most one command for the runner (`Dial` a host,
`Redial` the same one after a pause, `Rewind`, `TakeOver`, `Done`, `Stop`). `deadline()` says
when `tick` has something to decide.

Before a player takes anything over it must have learnt what it can: a host that is lost
without a goodbye must have failed a dial of ours since we last counted its loss (the end
record we are owed would have come back on it), and an advert saying the game is over stops
the takeover for good.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from zemlevlasnyk.p2p.core.away import Waking, waking
from zemlevlasnyk.p2p.core.errors import CheatingHost, Code, ProtocolError, local, remote
from zemlevlasnyk.p2p.core.handover import ResumeError
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import Finished
from zemlevlasnyk.p2p.core.records import Replica

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


# --- what a follower tells ------------------------------------------------------------------------


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


News = Rejoining | StillLooking | TakeoverDue | TakingOver | Rewound


# --- what the runner does next --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Find:
    """Look for the table advertised (a saved game resumed without an invite), then say
    what was found (`Follow.found`)."""


@dataclass(frozen=True, slots=True)
class Dial:
    """Follow this host: dial it and play through it (leaving the one we had, if any)."""

    invite: Invite


@dataclass(frozen=True, slots=True)
class Redial:
    """Dial the same host again after a pause (the client gave up on it, or it said it left)."""


@dataclass(frozen=True, slots=True)
class Rewind:
    """Move our records from `keep` on aside, then dial the same host again (its loss, if
    any, is counted afresh)."""

    keep: int


@dataclass(frozen=True, slots=True)
class TakeOver:
    """Host the table ourselves, from our saved game."""


@dataclass(frozen=True, slots=True)
class Done:
    """The game ended: this is how."""

    finished: Finished


@dataclass(frozen=True, slots=True)
class Stop:
    """Nothing more can be done: raise `error`."""

    error: ProtocolError | ResumeError


Command = Find | Dial | Redial | Rewind | TakeOver | Done | Stop
FollowOutput = News | Command
COMMANDS = (Find, Dial, Redial, Rewind, TakeOver, Done, Stop)


@dataclass(frozen=True, slots=True)
class Seen:
    """An advert of our table seen on the LAN, at one of its addresses; `finished`: it says
    the game is over."""

    invite: Invite
    finished: bool


def _key_of(invite: Invite) -> tuple[bytes, str, int]:
    return invite.host_key, invite.host, invite.port


class Follow:
    """A player's (or spectator's) decisions about its host; see the module docstring.

    `replica` gives our replica now (it grows as records arrive, and a rewind replaces it);
    `me` is our key. `network`: we can look for the table on the LAN. `auto_resume`: we may
    take the table over on our own (a player with a network to be found on)."""

    def __init__(self, replica: Callable[[], Replica], me: str, invite: Invite | None, *, network: bool,
                 auto_resume: bool, after: float = RESUME_AFTER_SECONDS,
                 stagger: float = RESUME_STAGGER_SECONDS) -> None:
        self._replica = replica
        self.me = me
        self.invite = invite
        self.network = network
        self.auto_resume = auto_resume
        self.after = after
        self.stagger = stagger
        self.admitted = False
        self.rewinds = 0
        self.lost: float | None = None    # since when the host is lost (None: it is not)
        self.left = False                 # it said it left: no silence to wait out
        self.dialled = False              # a dial of ours failed since `lost` was counted
        self.over = False                 # an advert of our table said its game is over
        # Our saved game stopped short (a full disk): it cannot be taken over, as the table
        # would go on from its last record, a fork of the game the others play on.
        self.unsaved = False
        self._dead: set[tuple[bytes, str, int]] = set()

    @property
    def replica(self) -> Replica:
        return self._replica()

    # --- what the runner reads ------------------------------------------------------------------

    @property
    def joined(self) -> bool:
        """Whether we sat at this table before (a first dial that fails is just a failure)."""
        return self.admitted or self.replica.seq >= 0

    @property
    def looking(self) -> bool:
        """Whether to look on the LAN for the table advertised: while its host is lost, once
        the game has started (a lobby's host can only come back where it was)."""
        return self.network and self.lost is not None and self.replica.game is not None

    def passed_over(self) -> set[tuple[bytes, str, int]]:
        """The hosts an advert of which says nothing new: the one we dial anyway, and those
        we left for another."""
        return self._dead | ({_key_of(self.invite)} if self.invite is not None else set())

    def delay(self) -> float:
        """Seconds of host loss after which we take the table over (infinite: never): the
        agreed silence, or `LEFT_RESUME_SECONDS` after a host that said it left."""
        if not self.auto_resume or self.over or self.unsaved:
            return math.inf
        after = min(self.after, LEFT_RESUME_SECONDS) if self.left else self.after
        return takeover_delay(self.replica, self.me, after=after, stagger=self.stagger)

    def deadline(self) -> float | None:
        """When `tick` has something to decide: our turn to take over, or to give up on a
        lobby (or on a game whose end we could not fetch); None while nothing is due, and
        while a due takeover waits for a dial of ours to fail first."""
        if self.lost is None:
            return None
        if self.replica.game is None or self.over:
            return self.lost + self.after if self.joined else None
        delay = self.delay()
        if not math.isfinite(delay) or not (self.left or self.dialled):
            return None
        return self.lost + delay

    # --- the inputs ------------------------------------------------------------------------------

    def begin(self) -> list[FollowOutput]:
        """Start following; `Stop` for a game we hold the end of (nobody will host it again)."""
        if self.replica.ended:
            # Our saved game holds the signed end: nobody will host this table again, and
            # waiting for its host (then taking a finished game over) would wait for ever.
            return [Stop(ResumeError("finished", self.replica.table))]
        return [Find()] if self.invite is None else [Dial(self.invite)]

    def found(self, seen: Seen | None, *, own_key: bytes) -> list[FollowOutput]:
        """What a resumed saved game's first look found (None: nobody advertises the table)."""
        if seen is None:
            return [TakingOver(self.replica.table, 0.0), TakeOver()]
        if seen.invite.host_key == own_key:
            return [Stop(local(Code.HANDSHAKE, "this table is hosted with this very profile already "
                                               "(another window?)"))]
        return [Rejoining(seen.invite), *self.follow(seen.invite)]

    def follow(self, invite: Invite) -> list[FollowOutput]:
        """We dial `invite` from now (a host found again): its loss is counted afresh."""
        if self.invite is not None and invite != self.invite:
            self._dead.add(_key_of(self.invite))
        self.invite = invite
        self.lost, self.left, self.dialled = None, False, False
        return [Dial(invite)]

    def admitted_by_host(self) -> None:
        self.admitted = True

    def answered(self) -> None:
        """The host admitted us, or answers again after a silence: it is not lost."""
        self.lost, self.left, self.dialled = None, False, False

    def reconnecting(self, now: float, *, away: bool = False) -> list[FollowOutput]:
        """The client lost the connection, or failed to dial the host again; `away`: that
        dial came after the client found we had been away ourselves."""
        if self.lost is None:
            return self._lose(now)
        self.dialled = True
        return self.away(now) if away else []

    def away(self, now: float) -> list[FollowOutput]:
        """A loop of ours found we were away until `now` (`p2p.core.away`): the host's loss
        counts afresh from now; a dial made since still counts as one."""
        if self.lost is None:
            return []
        self.lost = now
        return self._due(now)

    def gave_up(self) -> list[FollowOutput]:
        """The client gave up (`HostLost`): we do not, while we were at this table."""
        if not self.joined:
            return []
        return [StillLooking(self.replica.table, network=self.network and self.replica.game is not None)]

    def ended(self, finished: Finished | None, error: ProtocolError | None, now: float) -> list[FollowOutput]:
        """The client's run ended: with the game's end, or with `error`."""
        if finished is not None:
            return [Done(finished)]
        assert error is not None
        if isinstance(error, CheatingHost):
            return [Stop(error)]
        if error.code is Code.FORKED:
            self.rewinds += 1
            if self.rewinds > REWIND_LIMIT or self.replica.seq < 0:
                return [Stop(local(Code.FORKED, "the new host lacks too many of our records"))]
            keep = self.replica.seq
            self.lost, self.left, self.dialled = None, False, False
            return [Rewind(keep), Rewound(keep)]
        if error.code not in _TRANSIENT or not self.joined:
            return [Stop(error)]
        left = error.code is Code.HOST_LEFT
        if left and self.replica.game is None:
            return [Stop(error)]   # a lobby is not resumed: its table is gone with its host
        if self.lost is not None and not left:
            self.dialled = True
            return [Redial()]
        return [*self._lose(now, left=left), Redial()]

    def seen(self, advert: Seen) -> list[FollowOutput]:
        """An advert of our table on the LAN, by a key that may host it."""
        if advert.finished:
            # Its game is over: never take it over. Its host waits for us with the end record
            # we are owed; we dial it where it is (the host we follow we dial anyway).
            self.over = True
            if self.invite is not None and _key_of(advert.invite) == _key_of(self.invite):
                return []
            return [Rejoining(advert.invite), *self.follow(advert.invite)]
        if self.lost is None or _key_of(advert.invite) in self.passed_over():
            return []
        return [Rejoining(advert.invite), *self.follow(advert.invite)]

    def tick(self, asked: float | None, now: float) -> list[FollowOutput]:
        """Time passed: the runner, which asked to wake at `asked`, runs at `now`."""
        if self.lost is None:
            return []
        if waking(asked, now) is Waking.AWAY:
            # Our turn came while our own process was not running (a closed lid, a stopped
            # process): that time says nothing of the host, which may answer the dial our
            # client makes on waking. The loss counts afresh from now, and a dial must fail
            # again before we take anything over.
            self.dialled = False
            return self.away(now)
        due = self.deadline()
        if due is None or now < due:
            return []
        if self.replica.game is None:
            return [Stop(remote(Code.HOST_LOST, f"the table is gone: its host has not answered for {self.after:g} s",
                                reason="table_gone", params={"seconds": round(self.after)}))]
        if self.over:
            return [Stop(remote(Code.HOST_LOST, "the game is over at its host, and its end record did not reach us",
                                reason="over_elsewhere"))]
        return [TakingOver(self.replica.table, now - self.lost), TakeOver()]

    # --- internals -------------------------------------------------------------------------------

    def _lose(self, now: float, *, left: bool = False) -> list[FollowOutput]:
        """The host is lost from now (unless it was already); `left`: it said it left, so
        the wait for it starts again, shorter (`LEFT_RESUME_SECONDS`)."""
        if self.lost is not None and not (left and not self.left):
            return []
        self.lost, self.left, self.dialled = now, self.left or left, False
        return self._due(now)

    def _due(self, now: float) -> list[FollowOutput]:
        """`TakeoverDue`, for a player whose turn in the order will come."""
        delay = self.delay()
        if self.lost is None or not math.isfinite(delay):
            return []
        return [TakeoverDue(self.replica.table, max(0.0, self.lost + delay - now))]

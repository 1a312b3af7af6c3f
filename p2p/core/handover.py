"""Taking a table over from its lost host (docs/PROTOCOL.md section 9), the host's side.

`ResumedHost` is a `TableHost` that starts from a saved game's records instead of a lobby:
it replays and verifies them (a fresh `Replica` signed by the table's hosts so far), seats
everyone as the start record did, and listens under the same table id with its own key. For
a short grace (`HANDOVER_GRACE_SECONDS`) it publishes nothing: the players who reconnect
tell it in their handshake how far they got, and those holding records it lacks hand them
over (they are signed by the lost host and chain on, so it verifies and keeps them, and
passes them to everyone). The grace ends early once every person expected is back and
nobody holds more. Then it publishes the `handover` record, signed by its own key, naming
the lost host and itself and committing to a new secret chain, and the game goes on: it
plays the computer players and its own seat, the lost host's own seat is a person's.

`p2p.store.saved.load_saved(path)` reads and verifies a saved game, and
`p2p.net.driver.prepare_resumed` gives a driver handle for it, as `p2p.net.driver.prepare` does
for a new table; the `resume` command, a player whose host vanished (`p2p.net.resume`) and the
window all take a table over through them.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from zemlevlasnyk.engine import Action
from zemlevlasnyk.p2p.core.errors import CheatingHost, Code, Explained, ProtocolError, local, remote
from zemlevlasnyk.p2p.core.handshake import Joiner
from zemlevlasnyk.p2p.core.host import Close, Connection, Output, Published, Send, TableFinished, TableHost
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.lobby import Seat
from zemlevlasnyk.p2p.core.messages import Act, ChatRelay, Role, TablePhase
from zemlevlasnyk.p2p.core.policy import Policy, make_policy
from zemlevlasnyk.p2p.core.records import Replica, Verified, split_record

# How long a new host waits for the others to come back and hand over records it lacks
# before it publishes the handover. They have been looking for the table since they lost
# the old host, and find its advert a second or two after it appears (docs/DISCOVERY.md);
# a record handed over later than this can no longer be kept (the chain has moved on).
HANDOVER_GRACE_SECONDS = 10.0
# A computer player's level this build does not know (a newer version seated it) is
# played at this level instead: a table must not stop over a name.
FALLBACK_LEVEL = "medium"


class ResumeError(Exception):
    """The saved game cannot be taken over; `problem` says why in a word the catalogues
    translate (`savegame` problems, or `not_seated`, `finished`, `no_start`, `bad_record`)."""

    def __init__(self, problem: str, detail: str = "", *, cause: Explained | None = None) -> None:
        """`cause`: the error behind a `bad_record` (the player reads its words, not `detail`)."""
        super().__init__(f"{problem}: {detail}" if detail else problem)
        self.problem = problem
        self.detail = detail
        self.cause = cause


@dataclass(frozen=True)
class Chain:
    """A table's records, verified in order: the records' wire lines, and where the replay
    of them stands (a `ResumedHost` made from it takes the replica over)."""

    table: str
    records: tuple[bytes, ...]
    replica: Replica

    @property
    def finished(self) -> bool:
        return self.replica.ended


class Watcher(Protocol):
    """Follows a replay record by record (`p2p.core.solo.WarmUp`: computer players made to
    choose again in each position they chose in, and the game's story kept for the feed)."""

    def before(self, replica: Replica, data: bytes) -> None:
        """The replica stands before the record `data`."""

    def after(self, verified: Verified) -> None:
        """The record was verified and applied."""


def replay(table: str, first_host: str, records: list[bytes] | tuple[bytes, ...], *,
           watch: Watcher | None = None) -> Replica:
    """A replica that verified `records` in order (handovers followed); `CheatingHost` at
    the first one that does not verify. `watch` sees each position on the way."""
    replica = Replica(table=table, host_key=first_host)
    for data in records:
        if watch is None:
            replica.accept(data)
            continue
        watch.before(replica, data)
        watch.after(replica.accept(data))
    return replica


class ResumedHost(TableHost):
    """A table taken over: starts from verified records, waits out the grace, hands over."""

    def __init__(self, profile: Profile, saved: Chain, *, now: float, policy: Policy | None = None,
                 bot_seed: int = 0, grace: float = HANDOVER_GRACE_SECONDS, table_name: str | None = None,
                 join_secret: bytes | None = None, chat: Iterable[ChatRelay] = (), lost_left: bool = False) -> None:
        """`policy` plays our own seat (None: the host's user does, `host_action`); `bot_seed`
        seeds the computer players' choices; `chat` is the table's recent chat as we heard it
        (handed on to whoever comes back); `lost_left`: the lost host said it left (it is not
        waited for at the end, as the others offline are)."""
        setup = saved.replica.setup
        if setup is None:
            raise ResumeError("no_start", saved.table)
        super().__init__(profile, table=saved.table, join_secret=join_secret, clock=setup.clock,
                         table_name=table_name, preset=setup.preset, options=dict(setup.options))
        if saved.finished:
            raise ResumeError("finished", saved.table)
        me = profile.key_hex
        self.replica = saved.replica   # ours from now on: it verifies the records handed over
        if not self.replica.may_host(me):
            raise ResumeError("not_seated", me)
        self.lost = self.replica.host_key
        self.resuming = True
        self.grace_until = now + grace
        self.handover_seq: int | None = None
        self._claims: dict[int, int] = {}
        # Who was sent our chain from the handover record on: connected when it was
        # published, or caught up through it since. Their records past the handover are ours.
        self._following: set[str] = set()
        self.ledger.records.extend(saved.records[:-1])
        self.ledger.adopt(self.replica, saved.records[-1])
        self.phase = TablePhase.PLAYING
        self._start_time = now - self.replica.at / 1000
        self.chat_history.extend(chat)
        for n, player in enumerate(self.replica.players):
            hosted = player.bot is not None or player.key == me
            self.lobby.seats[n] = Seat(player.key, player.name, player.colour, bot=player.bot,
                                       temperament=player.temperament, online=hosted)
            if player.bot is not None:
                self.policies[n] = bot_for(player.bot, bot_seed + n, player.temperament)
            elif player.key == me and policy is not None:
                self.policies[n] = policy
            elif player.key != me and not (lost_left and player.key == self.lost):
                self._owed[player.key] = player.name    # offline, without a goodbye, until back

    # --- what changes while the table is taken over -----------------------------------------

    def next_deadline(self) -> float | None:
        return self.grace_until if self.resuming else super().next_deadline()

    def tick(self, now: float) -> list[Output]:
        if self.resuming:
            return self._hand_over(now, force=now >= self.grace_until)
        return super().tick(now)

    def wants_step(self) -> bool:
        return not self.resuming and super().wants_step()

    def step(self, now: float) -> list[Output]:
        return [] if self.resuming else super().step(now)

    def host_action(self, action: Action, now: float) -> list[Output]:
        if self.resuming:
            raise local(Code.NOT_NOW, "the table is being taken over: wait for the others to come back")
        return super().host_action(action, now)

    def connect(self, conn: int, joiner: Joiner, now: float) -> list[Output]:
        if (self.handover_seq is not None and joiner.last_seq >= self.handover_seq
                and joiner.key not in self._following):
            # It holds records after the last one we had when we took over, and came back too
            # late to hand them over: the chain went on without them (they stay in its file).
            # (A player who followed us past the handover and lost its connection holds ours.)
            return [Close(conn, Code.FORKED, f"the table was taken over at record {self.handover_seq}; "
                                             f"your records from {self.handover_seq} on came too late")]
        self._claims[conn] = joiner.last_seq
        outs = super().connect(conn, joiner, now)
        if self.handover_seq is not None and conn in self.conns:
            self._following.add(joiner.key)   # caught up through our handover record
        return outs + self._hand_over(now)

    def disconnect(self, conn: int, now: float, *, silent: bool = False) -> list[Output]:
        self._claims.pop(conn, None)
        return super().disconnect(conn, now, silent=silent) + self._hand_over(now)

    def _on_act(self, info: Connection, act: Act, now: float) -> list[Output]:
        if self.resuming:
            raise remote(Code.NOT_NOW, "the table is being taken over: act after the handover record")
        return super()._on_act(info, act, now)

    def handed_record(self, conn: int, data: bytes, now: float) -> list[Output]:
        """A record of the lost host's that a player holds and we do not: verified, kept,
        passed on to the others."""
        if not self.resuming:
            raise remote(Code.NOT_NOW, "the table was taken over already")
        try:
            seq = json.loads(split_record(data)[0])["seq"]
        except (ProtocolError, ValueError, KeyError, TypeError):
            return self._drop(conn, now, Code.GARBAGE, "that is not a record")
        if not isinstance(seq, int) or seq != self.seq + 1:
            return []  # one we hold (another player handed it over first), or one after a gap
        try:
            verified = self.replica.accept(data)
        except CheatingHost as exc:
            return self._drop(conn, now, Code.BAD_SIGNATURE, f"the record you handed over does not verify: "
                                                              f"{exc.message}")
        self.ledger.adopt(self.replica, data)
        outs: list[Output] = [Send(c, data) for c, info in self.conns.items()
                              if info.role is not Role.PENDING and c != conn]
        outs.append(Published(verified.seq, verified.kind, verified.seat, verified.events))
        if self.ledger.ended:
            return outs + self._ended_elsewhere()
        return outs + self._hand_over(now)

    def _ended_elsewhere(self) -> list[Output]:
        """The records handed over end with the signed end: the game was over before we took
        the table over (a player stopped over its end, the host gone since). There is
        nothing to hand over and nothing to play: one game, one result, the lost host's."""
        self.resuming = False
        self.phase = TablePhase.FINISHED
        self._clock.clear()
        outcome = self.game.outcome() if self.game is not None else None
        assert outcome is not None
        return self._lobby_changed() + [TableFinished(outcome, self.owed)]

    # --- the handover ------------------------------------------------------------------------

    def _hand_over(self, now: float, *, force: bool = False) -> list[Output]:
        """Publish the handover record once the grace is over or nobody is missing."""
        if not self.resuming or not (force or self._everyone_back()):
            return []
        self.resuming = False
        entry = self.ledger.handover(self.lost, self._at(now))
        self.handover_seq = entry.seq
        self._following = {info.key for info in self.conns.values()}
        # Every pending decision's clock starts again at the handover (as every replica's does).
        self._clock.clear()
        return self._after(entry, now)

    def _everyone_back(self) -> bool:
        """Every person expected is connected, and nobody connected holds a record we lack."""
        live = {info.key for info in self.conns.values() if info.role is not Role.PENDING}
        expected = {p.key for p in self.players if p.bot is None and p.key not in (self.key_hex, self.lost)}
        return expected <= live and all(self.seq >= claim for claim in self._claims.values())


def bot_for(level: str, seed: int, temperament: str | None = None) -> Policy:
    """The computer player of a start record: a level or temperament this build does not
    know (a newer version seated it) plays at `FALLBACK_LEVEL`, balanced."""
    try:
        return make_policy(level, seed, temperament)
    except ProtocolError:
        return make_policy(FALLBACK_LEVEL, seed)

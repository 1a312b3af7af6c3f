"""A table against the computer, kept and played on: the secrets it can make again, and the
host that continues its records as if it had never stopped.

Nobody but its person sits at such a table (every seat's key is the host's: the person's
own and the computer players'), so nobody needs protecting from the host's foresight, and
its secret chain may be derived instead of drawn: from the person's signing key and the
table id (`chain_seed`; only the key's holder can make it), or from the seed a game was
started with (`--seed`, tests and screenshots: the game repeats exactly). The computer
players' choices come from seeds of the same kind (`bot_policy`). So a kept game can be
continued after its window was closed, a Ctrl-C or a power cut: `ContinuedHost` takes its
verified records, stands its ledger's chain where the records left it (each record must
have revealed exactly the secret the derived chain gives, or the table is not ours to
continue) and plays on with the next record. Its computer players were warmed up on the
way (`WarmUp`): each made again, from its seed, every choice it made before, so that its
memory (the offers it declined, its random stream) is the one it had. A continued game
thus goes on exactly as it would have without the break: the same dice, the same
computer moves, the same state hashes; only the records' times show the break, and they
leave it out (the records' clock goes on from the latest record's `at`). No handover
record is needed: the host's key and chain did not change.
"""
from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TYPE_CHECKING

from zemlevlasnyk.engine import EngineError, Event
from zemlevlasnyk.p2p.core.bodies import HostBody, Player, RecordKind, StartBody
from zemlevlasnyk.p2p.core.errors import ProtocolError
from zemlevlasnyk.p2p.core.handover import Chain, ResumeError, bot_for
from zemlevlasnyk.p2p.core.host import Output, TableHost, TablePhase
from zemlevlasnyk.p2p.core.identity import Profile
from zemlevlasnyk.p2p.core.lobby import Seat
from zemlevlasnyk.p2p.core.policy import Policy
from zemlevlasnyk.p2p.core.records import Replica, Verified, read_body, split_record

if TYPE_CHECKING:
    from nacl.signing import SigningKey

TAG_SEEDED_TABLE = b"zemlevlasnyk/ui/seeded-table\n"
TAG_SOLO_CHAIN = b"zemlevlasnyk/v2/solo-chain\n"
# A computer player's seed is the game's seed times this plus its engine seat: distinct for
# every seat of every seed (four seats at most), as the window has always seeded them.
SEATS_PER_SEED = 8


def seed_bytes(seed: int) -> bytes:
    """A whole-number seed as the 16 bytes a seeded chain starts from."""
    return seed.to_bytes(16, "big", signed=True)


def seeded_table(seed: int) -> str:
    """The table id of a game started from `seed` (its dice depend on it)."""
    return hashlib.sha256(TAG_SEEDED_TABLE + seed_bytes(seed)).hexdigest()[:16]


def chain_seed(key: SigningKey, table: str, seed: int | None) -> bytes:
    """The seed of a table's secret chain: from the game's seed when it has one (it repeats
    whoever plays it), else from the host's signing key and the table id (only the key's
    holder can make the chain again, to continue the game)."""
    if seed is not None:
        return seed_bytes(seed)
    return hmac.new(bytes(key), TAG_SOLO_CHAIN + bytes.fromhex(table), hashlib.sha256).digest()


def bot_seed(seed: int | None, seat: int) -> int:
    """The seed of the computer player at engine `seat` of a game started from `seed`
    (None: unseeded, whose computer players are seeded alike and differ by the dice)."""
    return (seed or 0) * SEATS_PER_SEED + seat


def bot_policy(level: str, seed: int | None, seat: int, temperament: str | None = None) -> Policy:
    """The computer player at engine `seat` of a game started from `seed`; a level this
    build does not know plays at `p2p.core.handover.FALLBACK_LEVEL`."""
    return bot_for(level, bot_seed(seed, seat), temperament)


def is_solo(players: Sequence[Player], me: str) -> bool:
    """A table against the computer of the player `me`: every seat is `me`'s or a computer
    player's seated with `me`'s key, and there is a computer player."""
    return any(p.bot is not None for p in players) and all(p.key == me for p in players)


class WarmUp:
    """Follows the replay of a game started from `seed` (a `p2p.core.handover.Watcher`):
    its computer players are made fresh from their seeds at the start record, and before
    each record a computer player made, that player chooses again in the same position,
    so that it ends with the memory it had then. `diverged` counts the choices that differ
    from the record (none with this build's players; another build's may choose otherwise,
    and still play on). `events` is the game's story so far, for the feed and the figures."""

    def __init__(self, seed: int | None) -> None:
        self.seed = seed
        self.policies: dict[int, Policy] = {}
        self.diverged = 0
        self.events: list[Event] = []

    def before(self, replica: Replica, data: bytes) -> None:
        game = replica.game
        try:
            body = read_body(split_record(data)[0])
        except (ProtocolError, ValueError):
            return   # the replay says what is wrong with the record
        if game is None:
            if isinstance(body, StartBody):
                self.policies = {n: bot_policy(p.bot, self.seed, n, p.temperament)
                                 for n, p in enumerate(body.setup.players) if p.bot is not None}
            return
        recorded = body.auto if isinstance(body, HostBody) and body.kind is RecordKind.HOST else None
        policy = self.policies.get(recorded.seat) if recorded is not None else None
        if policy is None or recorded is None:
            return
        try:
            chosen = policy.choose(game.copy(), recorded.seat)
        except (ProtocolError, EngineError, ValueError):
            chosen = None    # the host made the safe move for it then, as it will now
        if chosen is not None and chosen != recorded:
            self.diverged += 1

    def after(self, verified: Verified) -> None:
        self.events.extend(verified.events)


class ContinuedHost(TableHost):
    """A table against the computer played on from its verified records, with the secret
    chain `chain_seed` makes (`ResumeError` `not_ours` when the records did not reveal that
    chain's secrets) and `policies` (warmed up) for its computer players."""

    def __init__(self, profile: Profile, saved: Chain, *, chain_seed: bytes, policies: dict[int, Policy],
                 now: float) -> None:
        replica = saved.replica
        if saved.finished:
            raise ResumeError("finished", saved.table)
        if not is_solo(replica.players, profile.key_hex) or replica.host_key != profile.key_hex:
            raise ResumeError("not_seated", profile.key_hex)
        setup = replica.setup
        if setup is None:
            raise ResumeError("no_start", saved.table)
        super().__init__(profile, table=saved.table, clock=setup.clock, solo=True, chain_seed=chain_seed,
                         preset=setup.preset, options=dict(setup.options))
        if not self.ledger.follow_chain(saved.records):
            raise ResumeError("not_ours", saved.table)
        self.ledger.records.extend(saved.records[:-1])
        self.ledger.adopt(replica, saved.records[-1])
        self.phase = TablePhase.PLAYING
        # The records' clock goes on from the latest record: the break is not counted.
        self._start_time = now - replica.at / 1000
        for n, player in enumerate(replica.players):
            self.lobby.seats[n] = Seat(player.key, player.name, player.colour, bot=player.bot, online=True)
        self.policies = dict(policies)
        # The game ended with the last record, but the window closed before the end record
        # that follows it was written: the first tick writes it.
        self._owed_end = self.ledger.over
        if not self._owed_end:
            self._retime(actor=None, at=replica.at)

    def tick(self, now: float) -> list[Output]:
        if self._owed_end:
            self._owed_end = False
            return self._finish(now)
        return super().tick(now)

"""The host's record ledger, the twin of the peer's `Replica`: the authoritative engine,
the secret chain, and the records it signs.

Each record is kept only as its wire bytes (`records`), what catch-ups send and the saved
game holds: never decoded again, about 0.9 KB each. Per record the engine's state is
turned into JSON once (`to_json`), diffed against the previous one and hashed; the body
is encoded once and signed.

Chance (docs/PROTOCOL.md section 3): a peer's own action carries its entropy; an action
the host applies itself while people are connected is first declared (`declare`: state
unchanged, `await` lists those people), and applied by the next record (`chance`) with
their contributions; with nobody to wait for it is applied at once with the start entropy.
Whoever decides who is awaited and when to stop waiting is the router (`p2p.core.host`).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from nacl.signing import SigningKey

from zemlevlasnyk.engine import JSON, Action, Entropy, Event, Game, OptionValue, Ruleset
from zemlevlasnyk.p2p.core import commit_reveal
from zemlevlasnyk.p2p.core.bodies import (
    ActBody,
    Body,
    ChanceBody,
    EndBody,
    HandoverBody,
    Head,
    HostBody,
    Player,
    RecordKind,
    Setup,
    StartBody,
    TimeoutBody,
    Timer,
)
from zemlevlasnyk.p2p.core.errors import Code, local
from zemlevlasnyk.p2p.core.messages import Act, Bye, Contrib, Ready
from zemlevlasnyk.p2p.core.records import (
    ZERO_HASH,
    Replica,
    Sealed,
    decode_body,
    record_hash,
    seal,
    split_record,
    start_seed,
)
from zemlevlasnyk.p2p.core.statetrack import StateTrack

# Makes a record's body from its common fields (`Head`), which the ledger fills in.
_Make = Callable[[Head], Body]


@dataclass(frozen=True, slots=True)
class Entry:
    """What publishing one record did: its number and kind, the seat that acted (for a
    declaration: whose action waits), the engine's events and the wire bytes."""

    seq: int
    kind: RecordKind
    seat: int | None
    events: list[Event]
    wire: bytes


@dataclass(frozen=True, slots=True)
class Pending:
    """An action declared by record `seq`, waiting for the contributions of `awaited`."""

    seq: int
    kind: RecordKind
    action: Action
    awaited: tuple[int, ...]
    record: str              # the declaring record's hash, which contributions name


class Ledger:
    def __init__(self, key: SigningKey, table: str, *, chain_length: int = commit_reveal.CHAIN_LENGTH,
                 chain_seed: bytes | None = None) -> None:
        self.key = key
        self.table = table
        self.records: list[bytes] = []
        self.head = ZERO_HASH
        self.at = 0
        self.game: Game | None = None
        self.players: tuple[Player, ...] = ()
        self.start_entropy = b""
        self.pending: Pending | None = None
        self._track = StateTrack()
        self._chain_length = chain_length
        self._chain_seed = chain_seed
        self._chain = commit_reveal.SecretChain(chain_length, seed=chain_seed)
        self._secret = self._chain.take()
        self.lobby_commit = commit_reveal.commitment(self._secret)
        self._last_kind: RecordKind | None = None

    @property
    def seq(self) -> int:
        return len(self.records) - 1

    @property
    def over(self) -> bool:
        return self.game is not None and self.game.outcome() is not None

    @property
    def state_hash(self) -> str:
        """The hash of the state the latest record reached."""
        return self._track.hash

    @property
    def ended(self) -> bool:
        """The end record is out: nothing more can be published."""
        return self._last_kind is RecordKind.END

    # --- publishing -------------------------------------------------------------------------------

    def start(self, rules: Ruleset, *, preset: str, options: dict[str, OptionValue], clock: bool,
              players: list[Player], readies: list[Ready]) -> Entry:
        if self.game is not None:
            raise local(Code.NOT_NOW, "the game has started already")
        entropies = [r.entropy for r in readies]
        self.players = tuple(players)
        self.start_entropy = commit_reveal.start_entropy(entropies)
        secret = self._secret
        self.game = Game.new(rules, players=len(players), chance=Entropy(start_seed(self.table, secret, entropies)))
        setup = Setup(preset, dict(options), rules.digest, clock, self.lobby_commit, tuple(players), tuple(readies))
        return self._changed(lambda head: StartBody(*head, setup=setup), 0, None, [])

    def act(self, act: Act, at: int) -> Entry:
        """A peer's signed action (checked by the router), with its own entropy."""
        events = self._clock(at) + self._apply(act.action, self.seq + 1, self._secret, act.entropy)
        return self._changed(lambda head: ActBody(*head, act=act), at, act.seat, events)

    def host(self, kind: RecordKind, action: Action, at: int, *, since: int | None = None,
             left: Bye | None = None) -> Entry:
        """An action the host applies at once: chance (if any) from the start entropy.
        A timeout counts from `since`; `left` is the seat's signed goodbye, if it left."""
        events = self._clock(at) + self._apply(action, self.seq + 1, self._secret, self.start_entropy)
        return self._changed(self._auto(kind, action, None, since, left), at, action.seat, events)

    def declare(self, kind: RecordKind, action: Action, at: int, *, awaited: tuple[int, ...],
                since: int | None = None, left: Bye | None = None) -> Entry:
        """Bind the host to an action that needs chance; the next record applies it."""
        if self.pending is not None:
            raise local(Code.NOT_NOW, "an action is already waiting for its chance")
        entry = self._unchanged(self._auto(kind, action, awaited, since, left), at, action.seat)
        self.pending = Pending(entry.seq, kind, action, awaited, self.head)
        return entry

    def chance(self, contribs: list[Contrib], at: int) -> Entry:
        """Apply the declared action with the contributions that came (in seat order)."""
        pending = self.pending
        if pending is None:
            raise local(Code.NOT_NOW, "no action is waiting for its chance")
        contribs = sorted(contribs, key=lambda c: c.seat)
        given = {c.seat for c in contribs}
        entropy = commit_reveal.contributed_entropy([c.entropy for c in contribs])
        events = self._clock(at) + self._apply(pending.action, self.seq + 1, self._secret, entropy)
        self.pending = None
        missing = tuple(s for s in pending.awaited if s not in given)
        return self._changed(lambda head: ChanceBody(*head, contribs=tuple(contribs), missing=missing), at,
                             pending.action.seat, events)

    def end(self, at: int) -> Entry:
        """The signed end record, right after the record that ended the game."""
        outcome = self.game.outcome() if self.game is not None else None
        if outcome is None:
            raise local(Code.NOT_NOW, "the game is not over")
        return self._unchanged(lambda head: EndBody(*head, winner=outcome.winner, draw=outcome.draw), at, None)

    # --- taking a table over (docs/PROTOCOL.md section 9) --------------------------------------

    def adopt(self, replica: Replica, wire: bytes) -> None:
        """Keep a record the table's lost host signed, which `replica` just verified: this
        ledger then stands where the replica stands, and plays on with the replica's game."""
        if replica.seq != self.seq + 1:
            raise local(Code.STALE_SEQ, f"record {replica.seq} cannot follow record {self.seq}")
        self.records.append(wire)
        self.game, self.players, self.start_entropy = replica.game, replica.players, replica.start_entropy
        self.head, self.at = replica.head, replica.at
        self._track.adopt(replica.state, replica.state_hash)
        self._last_kind = RecordKind.END if replica.ended else None

    def handover(self, old: str, at: int) -> Entry:
        """The handover record: this ledger's key takes the table over from `old`, with the
        secret chain this ledger drew (its commitment is what the lobby would have shown)."""
        new = self.key.verify_key.encode().hex()
        return self._unchanged(lambda head: HandoverBody(*head, old=old, new=new, commit=self.lobby_commit), at, None)

    def follow_chain(self, records: Sequence[bytes]) -> bool:
        """Stand this ledger's secret chain where it would be had it published `records`
        (a table against the computer played on, `p2p.core.solo`): True when each of them
        revealed, and renewed to, exactly what this chain gives in turn."""
        head = self.head
        for data in records:
            body_bytes, sig = split_record(data)
            body = decode_body(body_bytes)
            secret, renew = self._next_secret()
            if body.get("reveal") != secret.hex() or body.get("renew") != renew:
                return False
            self.head = record_hash(body_bytes, sig)
        self.head = head   # `adopt` takes the records' own head with them
        return True

    def _next_secret(self) -> tuple[bytes, str | None]:
        """The secret the next record reveals, and the commitment to a fresh chain when the
        one in use is spent (renewed from the seed and the head, when the chain is seeded)."""
        secret = self._secret
        renew = None
        if self._chain.exhausted:
            seed = None if self._chain_seed is None else self._chain_seed + self.head.encode()
            self._chain = commit_reveal.SecretChain(self._chain_length, seed=seed)
            renew = self._chain.anchor
        self._secret = self._chain.take()
        return secret, renew

    def _clock(self, at: int) -> list[Event]:
        """Tell the engine the time of the record about to apply an action (its `at`: never
        below the latest record's), before the action: a time limit reads it
        (`engine.time_limit`), and every replica tells its engine the same signed time."""
        assert self.game is not None
        return self.game.time_passed(max(self.at, at))

    # --- the seam a dishonest host (in tests) overrides ----------------------------------------

    def _apply(self, action: Action, seq: int, secret: bytes, entropy: bytes) -> list[Event]:
        """The one place actions and chance enter the host's engine."""
        game = self.game
        assert game is not None
        if game.needs_chance(action):
            return game.apply(action, chance=Entropy(commit_reveal.derive_seed(self.table, seq, secret, entropy)))
        return game.apply(action)

    # --- internals ----------------------------------------------------------------------------------

    @staticmethod
    def _auto(kind: RecordKind, action: Action, awaited: tuple[int, ...] | None, since: int | None,
              left: Bye | None) -> _Make:
        if kind is RecordKind.TIMEOUT:
            if since is None:
                raise local(Code.NOT_NOW, "a timeout counts from the time its decision began")
            timer = Timer(since, left)
            return lambda head: TimeoutBody(*head, auto=action, awaited=awaited, timer=timer)
        return lambda head: HostBody(*head, auto=action, awaited=awaited)

    def _changed(self, make: _Make, at: int, seat: int | None, events: list[Event]) -> Entry:
        assert self.game is not None
        diff = self._track.advance(self.game.to_json())
        return self._publish(make, at, seat, events, diff)

    def _unchanged(self, make: _Make, at: int, seat: int | None) -> Entry:
        return self._publish(make, at, seat, [], [])

    def _publish(self, make: _Make, at: int, seat: int | None, events: list[Event], diff: list[JSON]) -> Entry:
        secret, renew = self._next_secret()
        self.at = max(self.at, at)
        body = make(Head(self.table, self.seq + 1, self.head, self.at, secret.hex(), renew, diff, self.state_hash))
        sealed: Sealed = seal(self.key, body.to_json())
        self.records.append(sealed.wire)
        self.head = sealed.hash
        self._last_kind = body.kind
        return Entry(self.seq, body.kind, seat, events, sealed.wire)

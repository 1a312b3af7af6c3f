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
Whoever decides who is awaited and when to stop waiting is the router (`p2p.host`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nacl.signing import SigningKey

from zemlevlasnyk.engine import Action, Entropy, Event, Game, Ruleset
from zemlevlasnyk.p2p import commit_reveal
from zemlevlasnyk.p2p.errors import Code, local
from zemlevlasnyk.p2p.messages import Act, Contrib, Ready
from zemlevlasnyk.p2p.records import (
    ACT,
    CHANCE,
    END,
    HANDOVER,
    START,
    TIMEOUT,
    ZERO_HASH,
    Player,
    Replica,
    Sealed,
    seal,
    start_seed,
)
from zemlevlasnyk.p2p.statetrack import StateTrack


@dataclass(frozen=True, slots=True)
class Entry:
    """What publishing one record did: its number and kind, the seat that acted (for a
    declaration: whose action waits), the engine's events and the wire bytes."""

    seq: int
    kind: str
    seat: int | None
    events: list[Event]
    wire: bytes


@dataclass(frozen=True, slots=True)
class Pending:
    """An action declared by record `seq`, waiting for the contributions of `awaited`."""

    seq: int
    kind: str
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
        self._last_kind = ""

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
        return self._last_kind == END

    # --- publishing -------------------------------------------------------------------------------

    def start(self, rules: Ruleset, *, preset: str, options: dict[str, Any], clock: bool,
              players: list[Player], readies: list[Ready]) -> Entry:
        if self.game is not None:
            raise local(Code.NOT_NOW, "the game has started already")
        entropies = [r.entropy for r in readies]
        self.players = tuple(players)
        self.start_entropy = commit_reveal.start_entropy(entropies)
        secret = self._secret
        self.game = Game.new(rules, players=len(players), chance=Entropy(start_seed(self.table, secret, entropies)))
        setup = {"preset": preset, "options": options, "rules": rules.digest, "clock": clock,
                 "commit": self.lobby_commit, "readies": [r.signed for r in readies],
                 "players": [{"key": p.key, "name": p.name, "colour": p.colour, "bot": p.bot} for p in players]}
        return self._changed(START, {"setup": setup}, 0, None, [])

    def act(self, act: Act, action: Action, at: int) -> Entry:
        """A peer's signed action (checked by the router), with its own entropy."""
        events = self._apply(action, self.seq + 1, self._secret, act.entropy)
        return self._changed(ACT, {"act": act.signed}, at, action.seat, events)

    def host(self, kind: str, action: Action, at: int, *, since: int | None = None,
             left: dict[str, Any] | None = None) -> Entry:
        """An action the host applies at once: chance (if any) from the start entropy.
        A timeout counts from `since`; `left` is the seat's signed goodbye, if it left."""
        events = self._apply(action, self.seq + 1, self._secret, self.start_entropy)
        return self._changed(kind, self._auto(kind, action, since, left), at, action.seat, events)

    def declare(self, kind: str, action: Action, at: int, *, awaited: tuple[int, ...],
                since: int | None = None, left: dict[str, Any] | None = None) -> Entry:
        """Bind the host to an action that needs chance; the next record applies it."""
        if self.pending is not None:
            raise local(Code.NOT_NOW, "an action is already waiting for its chance")
        fields = {**self._auto(kind, action, since, left), "await": list(awaited)}
        entry = self._unchanged(kind, fields, at, action.seat)
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
        events = self._apply(pending.action, self.seq + 1, self._secret, entropy)
        self.pending = None
        fields = {"contrib": [c.signed for c in contribs], "missing": [s for s in pending.awaited if s not in given]}
        return self._changed(CHANCE, fields, at, pending.action.seat, events)

    def end(self, at: int) -> Entry:
        """The signed end record, right after the record that ended the game."""
        outcome = self.game.outcome() if self.game is not None else None
        if outcome is None:
            raise local(Code.NOT_NOW, "the game is not over")
        return self._unchanged(END, {"outcome": {"winner": outcome.winner, "draw": outcome.draw}}, at, None)

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
        self._last_kind = END if replica.ended else ""

    def handover(self, old: str, at: int) -> Entry:
        """The handover record: this ledger's key takes the table over from `old`, with the
        secret chain this ledger drew (its commitment is what the lobby would have shown)."""
        fields = {"handover": {"old": old, "new": self.key.verify_key.encode().hex(), "commit": self.lobby_commit}}
        return self._unchanged(HANDOVER, fields, at, None)

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
    def _auto(kind: str, action: Action, since: int | None, left: dict[str, Any] | None) -> dict[str, Any]:
        fields: dict[str, Any] = {"auto": action.to_json()}
        if kind == TIMEOUT:
            fields["timer"] = {"since": since} if left is None else {"since": since, "left": left}
        return fields

    def _changed(self, kind: str, fields: dict[str, Any], at: int, seat: int | None, events: list[Event]) -> Entry:
        assert self.game is not None
        diff = self._track.advance(self.game.to_json())
        return self._publish(kind, fields, at, seat, events, diff)

    def _unchanged(self, kind: str, fields: dict[str, Any], at: int, seat: int | None) -> Entry:
        return self._publish(kind, fields, at, seat, [], [])

    def _publish(self, kind: str, fields: dict[str, Any], at: int, seat: int | None, events: list[Event],
                 diff: list[Any]) -> Entry:
        secret = self._secret
        renew = None
        if self._chain.exhausted:
            seed = None if self._chain_seed is None else self._chain_seed + self.head.encode()
            self._chain = commit_reveal.SecretChain(self._chain_length, seed=seed)
            renew = self._chain.anchor
        self._secret = self._chain.take()
        self.at = max(self.at, at)
        body = {"table": self.table, "seq": self.seq + 1, "prev": self.head, "kind": kind, "at": self.at,
                "reveal": secret.hex(), "renew": renew, "diff": diff, "state": self.state_hash, **fields}
        sealed: Sealed = seal(self.key, body)
        self.records.append(sealed.wire)
        self.head = sealed.hash
        self._last_kind = kind
        return Entry(self.seq, kind, seat, events, sealed.wire)

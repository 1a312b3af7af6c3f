"""The record chain: signed actions, the host's records, and a replica that verifies them.

A record is the host's signed statement "action N happened, with this randomness, and the
state became this". Records form a hash chain (`prev` is the SHA-256 of the previous
record's signed bytes followed by its signature). `Replica` is what every peer runs: it
checks each record (signature, sequence, chain, commit-reveal, the actor's signature or the
host's right to act) and then replays the action on its own engine; the diff must give the
same state, and the state the same hash. Anything else is a `CheatingHost`.
"""
from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nacl.signing import SigningKey

from zemlevlasnyk.engine import (
    Action,
    BadAction,
    EngineError,
    Entropy,
    Event,
    Game,
    IllegalAction,
    action_from_json,
    canonical_json,
)
from zemlevlasnyk.p2p import commit_reveal, wire
from zemlevlasnyk.p2p.diff import apply_diff
from zemlevlasnyk.p2p.errors import CheatingHost

ZERO_HASH = "0" * 64

START = "start"
ACT = "act"            # an action signed by the seat's own key
HOST = "host"          # an action of a seat the host plays itself (its own seat, a computer player)
TIMEOUT = "timeout"    # the clock ran out: the host applied the engine's safe action
KINDS = (START, ACT, HOST, TIMEOUT)


def record_hash(record: dict[str, Any]) -> str:
    """SHA-256 over exactly what the host signed, then the signature: the chain covers both,
    and a peer that just checked the signature needs no second encoding."""
    return hashlib.sha256(wire.signed_bytes(wire.TAG_RECORD, record) + bytes.fromhex(record["sig"])).hexdigest()


def sign_action(key: SigningKey, *, table: str, seq: int, action: Action, entropy: bytes) -> dict[str, Any]:
    """A peer's signed action, meant to become record `seq`."""
    return wire.sign(key, wire.TAG_ACTION, {
        "t": "act", "table": table, "seq": seq, "seat": action.seat,
        "action": action.to_json(), "entropy": entropy.hex()})


def sign_ready(key: SigningKey, *, table: str, commit: str, entropy: bytes) -> dict[str, Any]:
    """A seated player's Ready: its entropy for the first draw, bound to the host's commit."""
    return wire.sign(key, wire.TAG_READY, {
        "t": "ready", "table": table, "commit": commit, "entropy": entropy.hex(),
        "key": bytes(key.verify_key).hex()})


def seal_record(key: SigningKey, fields: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The signed record, and its hash (see `record_hash`) from the same encoding."""
    signed = wire.signed_bytes(wire.TAG_RECORD, fields)
    sig = key.sign(signed).signature
    return {**fields, "sig": sig.hex()}, hashlib.sha256(signed + sig).hexdigest()


@dataclass(frozen=True)
class Player:
    """One seat of a started game (engine seat = index in the start record's list)."""

    key: str
    name: str
    colour: str
    bot: str | None


def start_seed(table: str, secret: bytes, readies: Iterable[dict[str, Any]]) -> bytes:
    entropy = b"".join(bytes.fromhex(r["entropy"]) for r in readies)
    return commit_reveal.derive_seed(table, 0, secret, entropy)


class Replica:
    """A copy of the game rebuilt from verified records only."""

    def __init__(self, *, table: str, host_key: str, rules: Any) -> None:
        self.table = table
        self.host_key = host_key
        self.rules = rules
        self.seq = -1
        self.head = ZERO_HASH
        self.next_commit: str | None = None
        self.start_entropy = b""
        self.game: Game | None = None
        self.state: Any = None
        self.players: tuple[Player, ...] = ()
        self.clock = True
        self.action_sigs: set[str] = set()

    def accept(self, record: Any) -> list[Event]:
        """Verify and apply the next record; its engine events. `CheatingHost` if it is wrong."""
        seq = record.get("seq") if isinstance(record, dict) else None
        try:
            return self._accept(record)
        except CheatingHost:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError, EngineError) as exc:
            raise CheatingHost(f"malformed record: {type(exc).__name__}: {str(exc)[:160]}", seq=seq) from None

    def _accept(self, record: dict[str, Any]) -> list[Event]:
        seq = record["seq"]

        def cheat(why: str) -> CheatingHost:
            return CheatingHost(f"record {seq}: {why}", seq=seq)

        if not isinstance(seq, int) or seq != self.seq + 1:
            raise cheat(f"expected sequence number {self.seq + 1}")
        if record.get("table") != self.table:
            raise cheat("record for another table")
        signed = wire.signed_bytes(wire.TAG_RECORD, record)
        sig = bytes.fromhex(record["sig"])
        if not wire.verify_raw(self.host_key, signed, sig):
            raise cheat("not signed by the host's key")
        if record["prev"] != self.head:
            raise cheat("does not chain onto the previous record")
        secret = bytes.fromhex(record["reveal"])
        if len(secret) != commit_reveal.SECRET_BYTES:
            raise cheat("the revealed secret has the wrong size")
        kind = record["kind"]
        if kind not in KINDS or (kind == START) != (seq == 0):
            raise cheat(f"kind {kind!r} is out of place")
        if kind == START:
            events = self._start(record, secret, cheat)
        else:
            if not commit_reveal.opens(self.next_commit or "", secret):
                raise cheat("the revealed secret does not open the host's commitment")
            events = self._play(record, secret, cheat)
        state = apply_diff(self.state, record["diff"])
        if state != self.game.to_json():
            raise cheat("the state diff disagrees with the rules (replayed here)")
        if hashlib.sha256(canonical_json(state)).hexdigest() != record["state"]:
            raise cheat("the state hash is wrong")
        renew = record["renew"]
        if renew is not None and (not isinstance(renew, str) or len(bytes.fromhex(renew)) != 32):
            raise cheat("a malformed renewal of the secret chain")
        self.state = state
        self.seq = seq
        self.head = hashlib.sha256(signed + sig).hexdigest()  # record_hash(), without encoding twice
        # The revealed secret is the commitment to the next one, unless a new chain starts.
        self.next_commit = renew if renew is not None else record["reveal"]
        return events

    def _start(self, record: dict[str, Any], secret: bytes, cheat) -> list[Event]:
        setup = record["setup"]
        if setup["rules"] != self.rules.digest:
            raise cheat("the table plays other rules than ours")
        if not commit_reveal.opens(setup["commit"], secret):
            raise cheat("the revealed secret does not open the lobby commitment")
        players = tuple(Player(p["key"], p["name"], p["colour"], p["bot"]) for p in setup["players"])
        readies = setup["readies"]
        humans = [p.key for p in players if p.key != self.host_key]
        if [r["key"] for r in readies] != humans:
            raise cheat("the Ready list does not match the seated players")
        for ready in readies:
            if not (wire.check_signature(ready["key"], wire.TAG_READY, ready)
                    and ready["table"] == self.table and ready["commit"] == setup["commit"]
                    and len(bytes.fromhex(ready["entropy"])) == commit_reveal.ENTROPY_BYTES):
                raise cheat("a Ready is forged or bound to another commitment")
        self.players = players
        self.clock = bool(setup["clock"])
        self.start_entropy = commit_reveal.start_entropy([bytes.fromhex(r["entropy"]) for r in readies])
        self.game = Game.new(self.rules, players=len(players),
                             chance=Entropy(start_seed(self.table, secret, readies)))
        self.state = None
        return []

    def _play(self, record: dict[str, Any], secret: bytes, cheat) -> list[Event]:
        assert self.game is not None
        kind = record["kind"]
        if kind == ACT:
            envelope = record["act"]
            action = action_from_json(envelope["action"])
            if not (0 <= action.seat < len(self.players)) or envelope["seat"] != action.seat:
                raise cheat("the action's seat is not a seat of this game")
            if envelope["table"] != self.table or envelope["seq"] != record["seq"]:
                raise cheat("the action was signed for another table or another moment")
            if not wire.check_signature(self.players[action.seat].key, wire.TAG_ACTION, envelope):
                raise cheat("the action is not signed by its seat's key")
            if envelope["sig"] in self.action_sigs:
                raise cheat("an action was replayed")
            entropy = bytes.fromhex(envelope["entropy"])
            if len(entropy) != commit_reveal.ENTROPY_BYTES:
                raise cheat("the actor's entropy has the wrong size")
            self.action_sigs.add(envelope["sig"])
        else:
            action = action_from_json(record["auto"])
            entropy = self.start_entropy
            if not 0 <= action.seat < len(self.players):
                raise cheat("the action's seat is not a seat of this game")
            if kind == HOST and self.players[action.seat].key != self.host_key:
                raise cheat("the host acted for a seat it does not play")
            if kind == TIMEOUT and action != self.game.safe_action(action.seat):
                raise cheat("a timeout that is not the clock's safe action")
        if action.seat not in {d.seat for d in self.game.pending()}:
            raise cheat(f"seat {action.seat} acted out of turn")
        try:
            if self.game.needs_chance(action):
                seed = commit_reveal.derive_seed(self.table, record["seq"], secret, entropy)
                return self.game.apply(action, chance=Entropy(seed))
            return self.game.apply(action)
        except (IllegalAction, BadAction) as exc:
            raise cheat(f"the host accepted an illegal action: {exc}") from None

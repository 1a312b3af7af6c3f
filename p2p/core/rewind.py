"""A verified chain of records that can be stood at any record: the game exactly as the
engine left it after each one, found in about a millisecond (a replay goes back and forth).

`Rewind.add(verified, replica)` takes each record as the `Replica` verified it, in order
(the offline verification, `p2p.store.verify.verify_game`, hands them over as it goes): it
keeps what the record did (`Step`: its kind, time, signer and the engine's events), the
record's state diff, and a copy of the game every `KEYFRAME_RECORDS` records.
`game_at(seq)` is the game after record `seq`: the keyframe at or before it, brought
forward by the diffs of the records after it. Those diffs are the ones the replica checked
against its own engine (applied, they give exactly the state its engine reached, whose hash
the record signs), so no state is approximated; a test checks every record's state hash.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from zemlevlasnyk.engine import JSON, Event, Game, Ruleset
from zemlevlasnyk.p2p.core.bodies import HandoverBody, Player, RecordKind
from zemlevlasnyk.p2p.core.diff import apply_diff
from zemlevlasnyk.p2p.core.records import Replica, Verified

# A copy of the game is kept every this many records: a copy is a few kilobytes, and from
# one to the next at most this many diffs are applied (each a few microseconds) before the
# state is read back into a game (about a tenth of a millisecond).
KEYFRAME_RECORDS = 32


@dataclass(frozen=True, slots=True)
class Step:
    """What one record did."""

    seq: int
    kind: RecordKind
    at: int                        # milliseconds since the start record, as signed
    events: tuple[Event, ...]      # the engine's events
    turn: int                      # the game's turn once it was applied
    signer: str                    # the key of the host who signed it
    old_host: str | None = None    # a handover's lost host


class Rewind:
    """Every record of a table verified so far, and the game as it stood after each."""

    def __init__(self) -> None:
        self.steps: list[Step] = []
        self.players: tuple[Player, ...] = ()
        self.rules: Ruleset | None = None
        self.ended = False
        self._diffs: list[JSON] = []
        self._keyframes: list[Game] = []

    def add(self, verified: Verified, replica: Replica) -> None:
        """The next record, just verified by `replica` (which now stands after it)."""
        game = replica.game
        assert game is not None and verified.seq == len(self.steps), "records are added in order, once"
        body = verified.body
        old = body.old if isinstance(body, HandoverBody) else None
        self.steps.append(Step(verified.seq, verified.kind, verified.at, tuple(verified.events), game.turn,
                               replica.host_key, old))
        self._diffs.append(body.diff)
        if verified.seq % KEYFRAME_RECORDS == 0:
            self._keyframes.append(game.copy())
        self.players, self.rules, self.ended = replica.players, replica.rules, replica.ended

    def __len__(self) -> int:
        return len(self.steps)

    def game_at(self, seq: int) -> Game:
        """The game right after record `seq` (a fresh object: the caller may keep it)."""
        if not 0 <= seq < len(self.steps):
            raise IndexError(f"no record {seq} of {len(self.steps)}")
        base = seq // KEYFRAME_RECORDS
        frame = self._keyframes[base].copy()
        first = base * KEYFRAME_RECORDS
        if seq == first:
            return frame
        state: JSON = frame.to_json()
        for diff in self._diffs[first + 1:seq + 1]:
            state = apply_diff(state, diff)
        return Game.from_json(state, frame.rules)


def rewind_of(table: str, first_host: str, records: Iterable[bytes]) -> Rewind:
    """The records of a table verified in order from its first host's key (a table played
    here, or records from anywhere else); `CheatingHost` at the first that does not verify."""
    replica = Replica(table=table, host_key=first_host)
    rewind = Rewind()
    for data in records:
        rewind.add(replica.accept(data), replica)
    return rewind

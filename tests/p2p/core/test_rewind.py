"""A chain of records stood at any record (p2p/core/rewind.py): the game after every record is
exactly the engine's (its state hash is the one the record signs), forwards, backwards and in
any order, for a whole game and for one whose table was taken over after its host was lost."""
from __future__ import annotations

import random

import pytest
from helpers.p2p import body, profile
from helpers.replays import bot_game, taken_over_game

from zemlevlasnyk.p2p.core.bodies import RecordKind
from zemlevlasnyk.p2p.core.errors import CheatingHost
from zemlevlasnyk.p2p.core.rewind import KEYFRAME_RECORDS, rewind_of


@pytest.fixture(scope="module")
def records() -> list[bytes]:
    return bot_game(seed=2).records


TABLE = f"{2:016x}"   # bot_game's table for seed 2


def test_rewind_every_record_stands_at_the_engines_own_state(records: list[bytes]) -> None:
    rewind = rewind_of(TABLE, profile(0).key_hex, records)
    assert len(rewind) == len(records) > 3 * KEYFRAME_RECORDS and rewind.ended
    order = list(range(len(records)))
    random.Random(7).shuffle(order)
    for seq in order:
        assert rewind.game_at(seq).state_hash() == body(records[seq])["state"], seq
    assert [s.seq for s in rewind.steps] == list(range(len(records)))
    assert rewind.steps[-1].kind == "end" and rewind.steps[0].kind == "start"
    assert rewind.steps[-1].turn == rewind.game_at(len(records) - 1).turn


def test_rewind_a_game_taken_out_is_the_callers_own(records: list[bytes]) -> None:
    rewind = rewind_of(TABLE, profile(0).key_hex, records)
    seq = KEYFRAME_RECORDS + 5
    game = rewind.game_at(seq)
    game.cash[0] += 1_000_000
    game.pos[0] = (game.pos[0] + 1) % game.rules.size
    assert rewind.game_at(seq).state_hash() == body(records[seq])["state"]
    assert rewind.game_at(KEYFRAME_RECORDS).state_hash() == body(records[KEYFRAME_RECORDS])["state"]


def test_rewind_a_forged_record_is_refused(records: list[bytes]) -> None:
    forged = records[9].replace(b'"seq":9', b'"seq":10')
    with pytest.raises(CheatingHost):
        rewind_of(TABLE, profile(0).key_hex, [*records[:9], forged])


def test_rewind_a_table_taken_over_keeps_its_handover_and_every_state() -> None:
    played = taken_over_game()
    rewind = rewind_of(played.table, played.host, played.records)
    handovers = [s for s in rewind.steps if s.kind is RecordKind.HANDOVER]
    assert len(handovers) == 1 and handovers[0].old_host == played.host
    assert handovers[0].signer == profile(1).key_hex and rewind.ended
    for seq in range(len(played.records)):
        assert rewind.game_at(seq).state_hash() == body(played.records[seq])["state"], seq

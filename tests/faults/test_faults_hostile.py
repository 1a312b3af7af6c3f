"""A hostile peer (tests/helpers/hostile.py) at a table with honest players and computer players:
floods of every request kind, garbage, malformed, deep, oversized, replayed, forged and
out-of-turn messages, random illegal actions and, on its turn, some legal ones. It is
refused, slowed or dropped; the game's invariants hold after every record; the honest
players verify every record and end on the host's state; and the others' moves keep the
table's pace (virtual time, in memory). Over real TCP (slow): the same, with strangers on
raw sockets besides (a byte a second, a gigabyte frame announced, garbage, a spectator that
never reads). The long run with figures is benchmarks/bench_hostile.py."""
from __future__ import annotations

from collections import Counter

import pytest
import trio
from helpers.hostile import ALL, REQUESTS, HostileTable, run_hostile_tcp

# The host's computer players move this far apart (virtual seconds), as a paced table does.
PACE = 0.05
# Codes a hostile peer's messages may be refused with (each says why; none is a crash).
REFUSALS = {"stale_seq", "not_now", "bad_message", "wrong_seat", "out_of_turn", "bad_signature", "chat_too_long",
            "taken", "rate", "replayed", "illegal", "not_seated", "wrong_table", "chat_rate"}
# Codes it may be hung up on with.
HANG_UPS = {"garbage", "bad_message", "closed", "flood"}


@pytest.mark.parametrize("seed", [1, 2])
def test_hostile_peer_thousands_of_messages_invariants_hold_and_the_honest_agree(seed) -> None:
    table = HostileTable(rate=500.0, seed=seed, pace=PACE)
    table.play(seconds=3600)
    tally = table.tally
    assert table.host.ledger.ended, "the game finished"
    # Legal moves come only on its turn, over a connection the host has not just hung up on:
    # whether one falls so depends on the order of the hang-ups, which differed with the
    # interpreter's hash seed (seed 2 sent none with PYTHONHASHSEED=4 on 3.13). The attack
    # itself is asserted: thousands of messages of every other kind.
    assert sum(tally.sent.values()) >= 2000
    assert table.checked == table.host.seq + 1, "the invariants were checked after every record"
    assert table.honest_agree()
    assert set(tally.rejected) <= REFUSALS and set(tally.closed) <= HANG_UPS, tally.summary()
    assert set(tally.sent) - {"legal"} == set(ALL), "every kind of attack was tried"


def test_hostile_peer_requests_over_their_rate_are_refused_then_it_is_dropped_for_flooding() -> None:
    table = HostileTable(rate=2000.0, seed=3, pace=PACE, kinds={"chat": 1, "unready": 1, "sync": 1, "profile": 1})
    table.play(seconds=20)
    tally = table.tally
    assert tally.rejected["rate"] > 0 and tally.closed["flood"] > 0, tally.summary()
    # Every hang-up was followed by a reconnect, but the last one if time ran out first (the
    # full fast suite once ended the 20 s on a hang-up: 313 reconnects, 314 hang-ups).
    still_out = table.hostile in table.closed
    assert tally.reconnects == sum(tally.closed.values()) - still_out, tally.summary()
    assert table.honest_agree() and not any(n in table.closed for n in (1, 2))


@pytest.mark.parametrize("kinds", [REQUESTS, ALL], ids=["requests", "everything"])
def test_hostile_peer_the_others_keep_the_tables_pace(kinds) -> None:
    """Every record the others make comes within one pace of the record before, hostile
    peer or not (the only waits are for the hostile seat itself: its turn, its dice)."""
    baseline = HostileTable(hostile=False, seed=4, pace=PACE)
    baseline.play(seconds=3600)
    table = HostileTable(rate=500.0, seed=4, pace=PACE, kinds=kinds)
    table.play(seconds=3600)
    step = 1 / 500.0
    for run in (baseline, table):
        assert run.host.ledger.ended and run.honest_agree()
        assert run.pace_of.longest <= PACE + 2 * step, run.pace_of
    print(f"others' records a virtual second: {baseline.pace_of.rate:.1f} without, {table.pace_of.rate:.1f} with "
          f"the hostile peer; it held the table {table.pace_of.waited:.2f} s on its own turns")


def test_hostile_peer_that_withholds_its_dice_contributions_costs_at_most_the_wait() -> None:
    from zemlevlasnyk.p2p.core.host import CONTRIB_WAIT_SECONDS
    table = HostileTable(rate=50.0, seed=5, pace=PACE, kinds=REQUESTS, withhold=True)
    table.play(seconds=60)
    assert table.honest_agree()
    assert table.pace_of.longest <= PACE + 2 / 50.0
    assert table.pace_of.waited > CONTRIB_WAIT_SECONDS, "the table waited for its contributions, then went on"


# What the attacker must at least have sent over TCP for the runs to count as an attack.
ATTACK_MESSAGES = 100
ATTACK_KINDS = 12
# The attack lasts as long as a game, which the machine's speed decides: a run ended after
# 3.6 s and 266 messages of 22 kinds, another (a faster machine, faster code) after 1.2 s
# and 82 of 18. So games are played, each on a seed of its own, until the attack is big
# enough; every game must end well.
ATTACK_GAMES = 4


@pytest.mark.slow
def test_hostile_peer_over_tcp_with_strangers_on_raw_sockets() -> None:
    sent, rejected, raw = Counter[str](), Counter[str](), Counter[str]()
    reconnects = 0
    for seed in range(1, ATTACK_GAMES + 1):
        run = trio.run(lambda seed=seed: run_hostile_tcp(hostile=True, seed=seed, rate=200.0))
        assert run.finished and run.agree, run.tally.summary()
        assert set(run.tally.rejected) <= REFUSALS, run.tally.summary()
        sent += run.tally.sent
        rejected += run.tally.rejected
        raw += run.raw
        reconnects += run.tally.reconnects
        print(f"game {seed}: {run.records} records in {run.seconds:.1f} s; {run.tally.summary()}; {dict(run.raw)}")
        if sum(sent.values()) >= ATTACK_MESSAGES and len(sent) >= ATTACK_KINDS:
            break
    assert sum(sent.values()) >= ATTACK_MESSAGES and len(sent) >= ATTACK_KINDS, sent
    assert reconnects >= 1
    assert raw["stranger connections"] > 0 and raw["byte-a-second connections"] > 0

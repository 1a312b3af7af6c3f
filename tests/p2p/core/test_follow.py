"""A follower's decisions about its host (`p2p.core.follow.Follow`), sans-IO with plain times:
since when the host is lost, the delay and the order, our own absence, a host that left, the
adverts of our table (taken over, back elsewhere, or over), a lobby whose host is gone, a
rewind, and what a resumed saved game does first. The replicas come from a whole table played
in memory by the real host and peer cores."""
from __future__ import annotations

import math

import pytest
from helpers.faults import ResumableTable
from helpers.p2p import profile

from zemlevlasnyk.engine import Outcome
from zemlevlasnyk.p2p.core.away import AWAY_SECONDS
from zemlevlasnyk.p2p.core.errors import CheatingHost, Code, RemoteProtocolError, local, remote
from zemlevlasnyk.p2p.core.follow import (
    LEFT_RESUME_SECONDS,
    RESUME_AFTER_SECONDS,
    RESUME_STAGGER_SECONDS,
    REWIND_LIMIT,
    Dial,
    Done,
    Find,
    Follow,
    FollowOutput,
    Redial,
    Rejoining,
    Rewind,
    Rewound,
    Seen,
    StillLooking,
    Stop,
    TakeOver,
    TakeoverDue,
    TakingOver,
)
from zemlevlasnyk.p2p.core.handover import ResumeError
from zemlevlasnyk.p2p.core.links import Invite
from zemlevlasnyk.p2p.core.peer import Finished
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import Replica

T0 = 1000.0


def _table() -> ResumableTable:
    """Seats: 0 the host's own, 1 a computer player, 2 and 3 the people (peers 1 and 2)."""
    table = ResumableTable(peers=0, seed=3)
    table.deliver(table.host.sit_host(table.now, policy=make_policy("medium", 1)))
    table.deliver(table.host.add_bot("medium", make_policy("medium", 2), table.now))
    for n in (1, 2):
        table.add_peer(n, policy=make_policy("medium", 10 + n))
    table.run()
    table.deliver(table.host.start(table.now))
    table.run(until=lambda: table.host.seq >= 20)
    return table


TABLE = _table()


def _invite(port: int = 4000, key: bytes | None = None) -> Invite:
    return Invite("127.0.0.1", port, TABLE.host.table, key or bytes.fromhex(TABLE.first_host), None)


def _follow(n: int = 1, *, replica: Replica | None = None, invite: Invite | None = None, network: bool = True,
            auto_resume: bool = True, after: float = RESUME_AFTER_SECONDS) -> Follow:
    mine = replica or TABLE.saved(1).replica
    return Follow(lambda: mine, profile(n).key_hex, invite or _invite(), network=network, auto_resume=auto_resume,
                  after=after)


def _lobby() -> Replica:
    return Replica(table=TABLE.host.table, host_key=TABLE.first_host)


def _of(outs: list[FollowOutput], kind: type) -> list[FollowOutput]:
    return [out for out in outs if isinstance(out, kind)]


def _lost(follow: Follow, at: float = T0) -> list[FollowOutput]:
    """The connection is lost at `at`, and a dial of ours fails half a second later."""
    outs = follow.reconnecting(at)
    outs += follow.reconnecting(at + 0.5)
    return outs


def test_a_lost_host_is_taken_over_by_the_first_in_the_order_after_the_agreed_silence() -> None:
    follow = _follow(1)
    told = _lost(follow)
    assert told == [TakeoverDue(TABLE.host.table, RESUME_AFTER_SECONDS)]
    assert follow.looking and follow.deadline() == T0 + RESUME_AFTER_SECONDS
    assert follow.tick(None, T0 + RESUME_AFTER_SECONDS - 1) == []
    due = T0 + RESUME_AFTER_SECONDS
    assert follow.tick(due, due) == [TakingOver(TABLE.host.table, RESUME_AFTER_SECONDS), TakeOver()]


def test_the_next_in_the_order_waits_the_stagger_longer_and_a_spectator_never_takes_over() -> None:
    second = _follow(2)
    assert _lost(second) == [TakeoverDue(TABLE.host.table, RESUME_AFTER_SECONDS + RESUME_STAGGER_SECONDS)]
    assert second.deadline() == T0 + RESUME_AFTER_SECONDS + RESUME_STAGGER_SECONDS
    spectator = _follow(9)
    assert _lost(spectator) == [] and spectator.deadline() is None
    assert math.isinf(spectator.delay())
    assert spectator.tick(None, T0 + 3600) == []


def test_a_player_without_a_network_to_be_found_on_only_redials() -> None:
    follow = _follow(1, network=False, auto_resume=False)
    assert _lost(follow) == [] and follow.deadline() is None and not follow.looking


def test_a_player_whose_saved_game_stopped_short_never_takes_over() -> None:
    """Its file stopped at its last whole record (a full disk): a table taken over from it
    would go on from there, a fork of the game the others play on; it only redials."""
    follow = _follow(1)
    follow.unsaved = True
    assert _lost(follow) == [] and follow.deadline() is None
    assert math.isinf(follow.delay())
    assert follow.tick(None, T0 + 3600) == []


def test_a_host_that_answers_again_is_not_taken_over() -> None:
    follow = _follow(1)
    _lost(follow)
    follow.answered()
    assert follow.deadline() is None and not follow.looking
    assert follow.tick(T0 + RESUME_AFTER_SECONDS, T0 + RESUME_AFTER_SECONDS) == []


def test_nothing_is_taken_over_before_a_dial_of_ours_failed() -> None:
    """The end record we may be owed comes back on a dial: we must have asked the host."""
    follow = _follow(1)
    follow.reconnecting(T0)                 # the connection broke; no dial yet
    assert follow.deadline() is None
    assert follow.tick(None, T0 + RESUME_AFTER_SECONDS * 2) == []
    follow.reconnecting(T0 + 70)            # a dial failed, long after the delay
    assert follow.deadline() == T0 + RESUME_AFTER_SECONDS
    assert follow.tick(None, T0 + 70) == [TakingOver(TABLE.host.table, 70), TakeOver()]


def test_our_own_absence_past_our_turn_counts_the_loss_afresh_and_needs_a_dial_again() -> None:
    """A closed lid while the host was lost: on waking, no takeover before a whole delay of
    our own running time, and a dial made since then."""
    follow = _follow(1)
    _lost(follow)
    due = T0 + RESUME_AFTER_SECONDS
    woke = due + 30
    assert follow.tick(due, woke) == [TakeoverDue(TABLE.host.table, RESUME_AFTER_SECONDS)]
    assert follow.deadline() is None, "a dial must fail after waking first"
    follow.reconnecting(woke + 0.5)
    assert follow.deadline() == woke + RESUME_AFTER_SECONDS
    assert follow.tick(woke + 10, woke + 10) == []
    assert _of(follow.tick(woke + RESUME_AFTER_SECONDS, woke + RESUME_AFTER_SECONDS), TakeOver) == [TakeOver()]


def test_a_dial_made_after_our_own_absence_counts_the_loss_afresh() -> None:
    """The client's redial pause woke late (a lid closed mid-delay): the loss is counted
    from its dial, not from before the absence."""
    follow = _follow(1)
    _lost(follow)
    back = T0 + 50
    assert follow.reconnecting(back, away=True) == [TakeoverDue(TABLE.host.table, RESUME_AFTER_SECONDS)]
    assert follow.deadline() == back + RESUME_AFTER_SECONDS
    assert follow.tick(T0 + RESUME_AFTER_SECONDS, T0 + RESUME_AFTER_SECONDS) == []
    assert follow.away(back + AWAY_SECONDS) == [TakeoverDue(TABLE.host.table, RESUME_AFTER_SECONDS)]


def test_a_host_that_said_it_left_is_taken_over_within_a_second_without_a_dial() -> None:
    follow = _follow(1)
    outs = follow.ended(None, remote(Code.HOST_LEFT, "the host left the table"), T0)
    assert outs == [TakeoverDue(TABLE.host.table, LEFT_RESUME_SECONDS), Redial()]
    assert follow.deadline() == T0 + LEFT_RESUME_SECONDS
    assert _of(follow.tick(T0 + 1, T0 + 1), TakeOver) == [TakeOver()]
    # Lost before it said so: the wait starts again, shorter.
    follow = _follow(1)
    _lost(follow)
    follow.ended(None, remote(Code.HOST_LEFT, "the host left the table"), T0 + 30)
    assert follow.deadline() == T0 + 30 + LEFT_RESUME_SECONDS


def test_a_lobby_whose_host_is_gone_says_so_after_the_agreed_silence_and_stops() -> None:
    follow = _follow(1, replica=_lobby())
    follow.admitted_by_host()
    assert _lost(follow) == [], "nobody takes a lobby over: no countdown"
    assert not follow.looking, "a lobby's host can only come back where it was"
    assert follow.deadline() == T0 + RESUME_AFTER_SECONDS
    assert follow.tick(T0 + 30, T0 + 30) == []
    stop = follow.tick(T0 + RESUME_AFTER_SECONDS, T0 + RESUME_AFTER_SECONDS)
    assert len(stop) == 1 and isinstance(stop[0], Stop)
    error = stop[0].error
    assert isinstance(error, RemoteProtocolError) and error.code is Code.HOST_LOST
    assert error.reason == "table_gone" and error.params == {"seconds": 60}
    # The same for a spectator, and with the delay a command line gave.
    watching = _follow(9, replica=_lobby(), after=5)
    watching.admitted_by_host()
    _lost(watching)
    assert isinstance(watching.tick(T0 + 5, T0 + 5)[0], Stop)


def test_a_lobby_whose_host_left_or_never_answered_stops_at_once() -> None:
    follow = _follow(1, replica=_lobby())
    follow.admitted_by_host()
    left = remote(Code.HOST_LEFT, "the host left the table")
    assert follow.ended(None, left, T0) == [Stop(left)]
    never = _follow(1, replica=_lobby())
    unreachable = local(Code.CLOSED, "cannot reach the host")
    assert never.ended(None, unreachable, T0) == [Stop(unreachable)]


def test_an_advert_of_the_table_taken_over_is_rejoined_and_the_lost_host_passed_over() -> None:
    follow = _follow(1)
    old = _invite()
    assert follow.seen(Seen(_invite(5000, profile(2).public_key), finished=False)) == [], "not lost: nothing to do"
    _lost(follow)
    assert follow.seen(Seen(old, finished=False)) == [], "the host we dial anyway"
    new = _invite(5000, profile(2).public_key)
    assert follow.seen(Seen(new, finished=False)) == [Rejoining(new), Dial(new)]
    assert follow.invite == new and follow.lost is None
    _lost(follow, T0 + 100)
    assert follow.seen(Seen(old, finished=False)) == [], "the host we left for another"


def test_a_game_whose_advert_says_it_is_over_is_never_taken_over() -> None:
    """The host's advert says its game is over (it waits for us with the end record): we
    dial it for the end, and never take the table over; if its end never reaches us, we stop."""
    follow = _follow(1)
    _lost(follow)
    assert follow.seen(Seen(_invite(), finished=True)) == [], "the host we dial anyway"
    assert math.isinf(follow.delay())
    due = T0 + RESUME_AFTER_SECONDS
    outs = follow.tick(due, due)
    assert not _of(outs, TakeOver) and not _of(outs, TakingOver)
    assert len(outs) == 1 and isinstance(outs[0], Stop) and outs[0].error.reason == "over_elsewhere"
    elsewhere = _follow(1)
    _lost(elsewhere)
    at = _invite(5000)
    assert elsewhere.seen(Seen(at, finished=True)) == [Rejoining(at), Dial(at)]
    assert math.isinf(elsewhere.delay()) and elsewhere.over


def test_a_refused_rejoin_rewinds_one_record_at_a_time_up_to_the_limit() -> None:
    replica = TABLE.saved(1).replica
    follow = _follow(1, replica=replica)
    forked = remote(Code.FORKED, "taken over at record 10")
    assert follow.ended(None, forked, T0) == [Rewind(replica.seq), Rewound(replica.seq)]
    for _ in range(REWIND_LIMIT - 1):
        follow.ended(None, forked, T0)
    outs = follow.ended(None, forked, T0)
    assert len(outs) == 1 and isinstance(outs[0], Stop) and outs[0].error.code is Code.FORKED


def test_the_game_s_end_a_cheating_host_and_a_final_refusal_end_the_following() -> None:
    follow = _follow(1)
    finished = Finished(Outcome(winner=2, draw=False), "00" * 32)
    assert follow.ended(finished, None, T0) == [Done(finished)]
    cheat = CheatingHost("a record that breaks the rules", seq=5)
    assert follow.ended(None, cheat, T0) == [Stop(cheat)]
    refused = remote(Code.BAD_SECRET, "wrong secret")
    assert follow.ended(None, refused, T0) == [Stop(refused)]


def test_the_client_giving_up_is_news_of_a_follower_still_looking() -> None:
    follow = _follow(1)
    _lost(follow)
    assert follow.gave_up() == [StillLooking(TABLE.host.table, network=True)]
    assert follow.ended(None, remote(Code.HOST_LOST, "gave up"), T0 + 60) == [Redial()]
    assert _follow(1, network=False).gave_up() == [StillLooking(TABLE.host.table, network=False)]
    assert _follow(1, replica=_lobby()).gave_up() == [], "never admitted: nothing to look for"


def test_a_saved_game_resumed_looks_first_and_takes_over_only_if_nobody_advertises_it() -> None:
    follow = Follow(lambda: TABLE.saved(1).replica, profile(1).key_hex, None, network=True, auto_resume=True)
    assert follow.begin() == [Find()]
    own = profile(1).public_key
    assert follow.found(None, own_key=own) == [TakingOver(TABLE.host.table, 0.0), TakeOver()]
    there = _invite(5000, profile(2).public_key)
    assert follow.found(Seen(there, finished=False), own_key=own) == [Rejoining(there), Dial(there)]
    ours = follow.found(Seen(_invite(5001, own), finished=False), own_key=own)
    assert len(ours) == 1 and isinstance(ours[0], Stop) and ours[0].error.code is Code.HANDSHAKE


def test_a_saved_game_that_holds_the_end_is_not_followed() -> None:
    done = ResumableTable(peers=2, clock=False, seed=4)
    done.start_game()
    done.finish()
    follow = Follow(lambda: done.saved(1).replica, profile(1).key_hex, _invite(), network=True, auto_resume=True)
    outs = follow.begin()
    assert len(outs) == 1 and isinstance(outs[0], Stop)
    assert isinstance(outs[0].error, ResumeError) and outs[0].error.problem == "finished"


@pytest.mark.parametrize("asked", [None, T0])
def test_a_follower_on_time_is_not_away(asked: float | None) -> None:
    follow = _follow(1)
    _lost(follow)
    assert follow.tick(asked, T0 + 1) == []
    assert follow.lost == T0

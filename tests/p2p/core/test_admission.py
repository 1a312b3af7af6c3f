"""The connection budget (p2p/core/admission.py), as a pure object: silent sockets can never
crowd out a seated player or an invited one (issue 8, defect 1)."""
from __future__ import annotations

import random

import pytest

from zemlevlasnyk.p2p.core.admission import (
    GUEST_CAP,
    HANDSHAKE_SECONDS,
    PER_ADDRESS,
    UNAUTHENTICATED_BUDGET,
    Admission,
)


def test_unauthenticated_connections_expire_after_the_handshake_deadline() -> None:
    admission = Admission()
    arrival = admission.arrive(1, "10.0.0.5", now=100.0)
    assert arrival.deadline == 100.0 + HANDSHAKE_SECONDS and arrival.evict == ()
    assert admission.next_deadline() == arrival.deadline
    assert admission.expired(100.0 + HANDSHAKE_SECONDS - 0.01) == []
    assert admission.expired(100.0 + HANDSHAKE_SECONDS) == [1]
    assert admission.unauthenticated == 0 and admission.next_deadline() is None
    assert not admission.admit(1, seated=True, invited=True)  # too late: it was dropped


def test_one_address_holds_at_most_its_share_and_evicts_its_own_oldest() -> None:
    admission = Admission()
    for conn in range(PER_ADDRESS):
        assert admission.arrive(conn, "10.0.0.66", now=float(conn)).evict == ()
    arrival = admission.arrive(99, "10.0.0.66", now=10.0)
    assert arrival.evict == (0,)
    other = admission.arrive(100, "10.0.0.7", now=10.0)
    assert other.evict == () and admission.unauthenticated == PER_ADDRESS + 1


def test_a_full_budget_drops_the_oldest_unauthenticated_connection() -> None:
    admission = Admission()
    addresses = [f"10.0.0.{n}" for n in range(UNAUTHENTICATED_BUDGET)]
    for conn, address in enumerate(addresses):
        admission.arrive(conn, address, now=float(conn))
    arrival = admission.arrive(50, "10.0.0.200", now=20.0)
    assert arrival.evict == (0,) and admission.unauthenticated == UNAUTHENTICATED_BUDGET
    assert admission.admit(50, seated=False, invited=True)


def test_silent_flood_never_locks_out_a_returning_seat() -> None:
    """Silent sockets opened at ~3/s from five addresses for a minute, and honest
    reconnections at random moments whose handshakes take 50 ms: every honest one gets in."""
    rng = random.Random(8)
    admission = Admission()
    events: list[tuple[float, str, int]] = []
    for n in range(180):
        events.append((n / 3, "silent", n))
    honest = range(1000, 1040)
    for conn in honest:
        start = rng.uniform(0, 60)
        events += [(start, "hello", conn), (start + 0.05, "done", conn)]
    admitted = []
    for now, what, conn in sorted(events):
        admission.expired(now)
        if what == "silent":
            admission.arrive(conn, f"10.0.1.{conn % 5}", now)
        elif what == "hello":
            admission.arrive(conn, "10.0.0.2", now)
        elif admission.admit(conn, seated=True, invited=False):
            admitted.append(conn)
            admission.leave(conn)
        assert admission.unauthenticated <= UNAUTHENTICATED_BUDGET
    assert set(admitted) == set(honest)


def test_seated_and_invited_keys_are_always_admitted_guests_are_capped() -> None:
    admission = Admission()
    for conn in range(GUEST_CAP):
        admission.arrive(conn, f"10.0.2.{conn}", now=0.0)
        assert admission.admit(conn, seated=False, invited=False)
    admission.arrive(100, "10.0.3.1", now=0.0)
    assert not admission.admit(100, seated=False, invited=False)  # busy
    for conn, (seated, invited) in enumerate([(True, False), (False, True), (True, True)], start=200):
        admission.arrive(conn, "10.0.3.2", now=0.0)
        assert admission.admit(conn, seated=seated, invited=invited)
    assert admission.guests == GUEST_CAP and admission.admitted == GUEST_CAP + 3
    admission.leave(3)
    admission.arrive(101, "10.0.3.1", now=1.0)
    assert admission.admit(101, seated=False, invited=False)


def test_a_guest_given_a_seat_frees_its_guest_place() -> None:
    admission = Admission(guest_cap=1)
    admission.arrive(1, "10.0.0.1", now=0.0)
    assert admission.admit(1, seated=False, invited=False)
    admission.seated(1)
    admission.arrive(2, "10.0.0.2", now=0.0)
    assert admission.admit(2, seated=False, invited=False) and admission.guests == 1


def test_leaving_is_idempotent_and_arriving_twice_is_a_bug() -> None:
    admission = Admission()
    admission.arrive(1, "10.0.0.1", now=0.0)
    admission.leave(1)
    admission.leave(1)
    assert admission.unauthenticated == 0
    admission.arrive(2, "10.0.0.1", now=0.0)
    with pytest.raises(ValueError):
        admission.arrive(2, "10.0.0.1", now=0.0)

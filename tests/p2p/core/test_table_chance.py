"""Chance nobody can foresee (docs/PROTOCOL.md section 3, issue 14), with dishonest hosts.

An action the host applies itself while people are connected is declared first, and its
chance comes from the people's contributions sent after the declaration. A host that pads
records to pick its rolls gets the fair distribution and cannot predict them; one that
leaves a contribution out, or does not ask for it, is reported by that peer; one that
drops a roll is reported to the table. All in memory (`MemoryTable`), seeded.
"""
from __future__ import annotations

import hashlib

from helpers.p2p import MemoryTable, body, profile

from zemlevlasnyk.engine import Entropy, OfferDraw, Roll, RollForDouble
from zemlevlasnyk.engine.events import DiceRolled
from zemlevlasnyk.p2p.core import commit_reveal
from zemlevlasnyk.p2p.core.bodies import RecordKind
from zemlevlasnyk.p2p.core.host import Published, TableHost, TablePhase
from zemlevlasnyk.p2p.core.ledger import Ledger
from zemlevlasnyk.p2p.core.peer import (
    ActionUnanswered,
    ContributionNotAsked,
    ContributionOmitted,
    TableNote,
)
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import record_hash, split_record

# The host's rolls a test looks at: enough for a chi-square over six faces (2 dice each).
ROLLS = 360
# Chi-square, 5 degrees of freedom: exceeded by chance once in a thousand fair runs.
CHI2_5_P001 = 20.52
# A fair pair of dice is a double one time in six; a host picking among two record offsets
# by prediction gets 1 - (5/6)^2 = 0.31. Half-way is far from both at this sample size.
DOUBLES_LINE = 0.24


class _ChosenChainLedger(Ledger):
    """A dishonest host chooses its chain (here: from a seed, so that the test repeats)."""

    def __init__(self, key, table, *, chain_length=commit_reveal.CHAIN_LENGTH, chain_seed=None) -> None:
        super().__init__(key, table, chain_length=chain_length, chain_seed=b"chosen by the host")


class PaddingHost(TableHost):
    """Its own seat wants doubles: before each roll it predicts the dice from everything it
    knows (its whole chain and the start entropy) and, when they are not a double, first
    pads the record stream with a draw offer (the others decline it), moving its roll to a
    record whose dice it likes better."""

    ledger_type = _ChosenChainLedger
    declares = True
    padded: int

    def step(self, now: float) -> list:
        game = self.game
        if self.phase is TablePhase.PLAYING and game is not None and not self.awaiting:
            for decision in game.pending():
                if decision.seat in self.policies and self.players[decision.seat].bot is None:
                    action = game.safe_action(decision.seat)
                    if isinstance(action, Roll | RollForDouble):
                        pad = OfferDraw(decision.seat)
                        if not self._double(self._predict()) and game.is_legal(pad):
                            self.padded += 1
                            return self._host_apply(RecordKind.HOST, pad, now)
        return super().step(now)

    def _predict(self) -> tuple[int, int]:
        """The dice of a roll made now, as far as the host can know them."""
        ledger = self.ledger
        chain = ledger._chain
        if self.declares:
            # Declared at seq+1, applied at seq+2; the contributions do not exist yet, so
            # the host's best guess leaves them out.
            seq, secret = ledger.seq + 2, chain._secrets[chain._next]
            entropy = commit_reveal.contributed_entropy([])
        else:
            seq, secret, entropy = ledger.seq + 1, ledger._secret, ledger.start_entropy
        chance = Entropy(commit_reveal.derive_seed(self.table, seq, secret, entropy))
        return chance.roll(6), chance.roll(6)

    @staticmethod
    def _double(dice: tuple[int, int]) -> bool:
        return dice[0] == dice[1]


class NotAskingHost(PaddingHost):
    """Pads the same way, and claims nobody is connected, so that its rolls take the start
    entropy at once (which it can compute) instead of waiting for contributions."""

    declares = False

    def _live_people(self) -> set[int]:
        return set()


class OmittingHost(TableHost):
    """Waits for the contributions, then leaves the first awaited seat's out (listing it as
    missing)."""

    def _settle(self, now: float) -> list:
        awaiting = self._awaiting
        if awaiting is not None:
            victim = min(awaiting.awaited)
            awaiting.contribs.pop(victim, None)
        return super()._settle(now)


class DroppingHost(TableHost):
    """Never answers the first roll each seat sends: lets the clock run out instead."""

    dropped: set[str]

    def _on_act(self, info, act, now):
        if isinstance(act.action, Roll) and info.key not in self.dropped:
            self.dropped.add(info.key)
            return []
        return super()._on_act(info, act, now)


def _table(host_cls: type[TableHost], *, people: int = 2, host_plays: bool = True, clock: bool = False,
           seed: int = 1) -> MemoryTable:
    table = MemoryTable(peers=people, level="idle", clock=clock, host_cls=host_cls, seed=seed,
                        table=hashlib.sha256(b"table %d" % seed).hexdigest()[:16])
    host = table.host
    if isinstance(host, PaddingHost):
        host.padded = 0
    if host_plays:
        table.deliver(host.sit_host(table.now, policy=make_policy("idle", seed)))
    table.run()
    table.deliver(host.start(table.now))
    return table


def _host_rolls(table: MemoryTable, seat: int, limit: int) -> list[tuple[int, int]]:
    """Play on until the seat rolled `limit` times (or is out of the game); its dice."""
    rolls: list[tuple[int, int]] = []
    game = table.host.game
    assert game is not None
    while len(rolls) < limit and table.host.phase is TablePhase.PLAYING and game.alive[seat]:
        before = len(table.observed)
        table.run(max_steps=50, quiet=False)
        if len(table.observed) == before and not table.host.wants_step():
            table.advance(1.0, run=False)   # computer players everywhere: it never goes quiet
        for out in table.observed[before:]:
            if isinstance(out, Published):
                rolls += [e.dice for e in out.events if isinstance(e, DiceRolled) and e.seat == seat]
    return rolls[:limit]


def _own_seat(table: MemoryTable) -> int:
    return next(n for n, p in enumerate(table.host.players) if p.key == table.host.key_hex and p.bot is None)


def _chi2_faces(rolls: list[tuple[int, int]]) -> float:
    faces = [0] * 6
    for a, b in rolls:
        faces[a - 1] += 1
        faces[b - 1] += 1
    expected = 2 * len(rolls) / 6
    return sum((f - expected) ** 2 / expected for f in faces)


def test_the_hosts_roll_waits_for_the_peoples_contributions() -> None:
    table = _table(TableHost)
    _host_rolls(table, _own_seat(table), 3)
    records = [body(r) for r in table.host.records]
    declared = [r for r in records[:-1] if "await" in r]
    people = sorted(p.seat for p in table.peers.values())
    assert declared, "the host's own rolls are declared while people are connected"
    for r in declared:
        after = records[r["seq"] + 1]
        assert r["diff"] == [] and r["state"] == records[r["seq"] - 1]["state"], "a declaration changes nothing"
        assert after["kind"] == "chance" and after["missing"] == []
        assert [c["seat"] for c in after["contrib"]] == r["await"] == people
    for n, peer in table.peers.items():
        assert table.cheated(n) is None
        assert peer.replica.head == record_hash(*split_record(table.host.records[peer.replica.seq]))


def test_a_solo_table_applies_its_chance_at_once() -> None:
    host = TableHost(profile(0), clock=False, solo=True)
    host.sit_host(0.0, policy=make_policy("idle", 1))
    host.add_bot("idle", make_policy("idle", 2), 0.0)
    host.start(0.0)
    for _ in range(40):
        host.step(0.0)
    kinds = {body(r)["kind"] for r in host.records}
    assert kinds <= {"start", "host", "end"} and not any("await" in body(r) for r in host.records)


def test_a_host_padding_records_gets_no_control_over_its_rolls() -> None:
    rolls: list[tuple[int, int]] = []
    predicted_right = padded = 0
    seed = 0
    while len(rolls) < ROLLS:
        seed += 1
        table = _table(PaddingHost, seed=seed)
        host = table.host
        assert isinstance(host, PaddingHost)
        seat = _own_seat(table)
        guesses: list[tuple[int, int]] = []
        original = host._host_apply

        def watch(kind, action, now, *, since=None, host=host, seat=seat, guesses=guesses, original=original):
            if isinstance(action, Roll | RollForDouble) and action.seat == seat:
                guesses.append(host._predict())
            return original(kind, action, now, since=since)

        host._host_apply = watch
        got = _host_rolls(table, seat, ROLLS - len(rolls))
        predicted_right += sum(g == d for g, d in zip(guesses, got, strict=False))
        rolls += got
        padded += host.padded
        for n in table.peers:
            assert table.cheated(n) is None
            assert not table.of(n, ContributionOmitted) and not table.of(n, ContributionNotAsked)
    assert padded > ROLLS // 4, "the host did try to pick its rolls"
    doubles = sum(a == b for a, b in rolls) / len(rolls)
    assert doubles < DOUBLES_LINE, f"the host got doubles {doubles:.2f} of the time"
    assert _chi2_faces(rolls) < CHI2_5_P001
    # Knowing its chain and everything published, it foresaw its exact dice about as often
    # as a blind guess does (1 in 36), not every time.
    assert predicted_right < len(rolls) / 12


def test_a_host_that_does_not_ask_for_contributions_is_reported_by_every_connected_peer() -> None:
    table = _table(NotAskingHost, seed=3)
    host = table.host
    seat = _own_seat(table)
    rolls = _host_rolls(table, seat, 120)
    # The padding pays when the host can compute its dice (as the start entropy lets it)...
    assert sum(a == b for a, b in rolls) / len(rolls) > DOUBLES_LINE
    # ...and every connected person sees each such roll and says so.
    for n in table.peers:
        complaints = {c.seq for c in table.of(n, ContributionNotAsked)}
        assert len(complaints) >= len(rolls), f"peer {n} saw only {len(complaints)} of {len(rolls)} rolls"
        assert all(body(host.records[seq])["kind"] == "host" for seq in complaints)
        assert table.cheated(n) is None


def test_a_host_that_omits_a_contribution_is_reported_by_that_peer() -> None:
    table = _table(OmittingHost, seed=4)
    _host_rolls(table, _own_seat(table), 5)
    seat = min(p.seat for p in table.peers.values())
    victim = next(n for n, p in table.peers.items() if p.seat == seat)
    other = next(n for n in table.peers if n != victim)
    omitted = table.of(victim, ContributionOmitted)
    # Only the records the victim received so far: play stops in the middle of delivering.
    chances = [body(r) for r in table.host.records[:table.peers[victim].replica.seq + 1] if body(r)["kind"] == "chance"]
    assert chances and all(c["missing"] == [seat] for c in chances)
    assert {o.seq for o in omitted} == {c["seq"] - 1 for c in chances}
    assert not table.of(other, ContributionOmitted)
    assert table.cheated(victim) is None and table.cheated(other) is None


def test_a_host_that_drops_a_roll_is_reported_to_the_table() -> None:
    table = _table(DroppingHost, host_plays=False, clock=True, seed=5)
    table.host.dropped = set()
    table.run()
    for _ in range(200):
        if any(table.of(n, TableNote) for n in table.peers):
            break
        table.advance(1.0)
    victims = [n for n in table.peers if table.of(n, ActionUnanswered)]
    assert victims, "the victim's window says its roll was sent and not answered"
    victim = victims[0]
    unanswered = table.of(victim, ActionUnanswered)[0]
    assert isinstance(unanswered.action.action, Roll)
    timeout = body(table.host.records[unanswered.seq])
    assert timeout["kind"] == "timeout" and timeout["auto"]["seat"] == table.peers[victim].seat
    others = [n for n in table.peers if n != victim]
    notes = [note for n in others for note in table.of(n, TableNote)]
    assert notes and notes[0].seat == table.peers[victim].seat and notes[0].seq == unanswered.seq
    assert all(table.cheated(n) is None for n in table.peers)

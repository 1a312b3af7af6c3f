"""A computer player's temperament at a table: chosen with the seat, shown in the lobby,
written into the start record, and played again from it by whoever hosts the game on."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers.faults import ResumableTable
from helpers.p2p import body
from helpers.paths import DATA

from zemlevlasnyk.engine import canonical_json
from zemlevlasnyk.engine.bots import Temperament
from zemlevlasnyk.engine.bots.heuristic import HeuristicBot
from zemlevlasnyk.p2p.core import wire
from zemlevlasnyk.p2p.core.bodies import Malformed, StartBody, parse_body
from zemlevlasnyk.p2p.core.errors import ProtocolError
from zemlevlasnyk.p2p.core.handover import bot_for
from zemlevlasnyk.p2p.core.host import TablePhase
from zemlevlasnyk.p2p.core.messages import LobbyView, parse_from_host
from zemlevlasnyk.p2p.core.policy import make_policy, temperaments
from zemlevlasnyk.p2p.core.records import Player, read_body, split_record
from zemlevlasnyk.p2p.store.savegame import Header
from zemlevlasnyk.p2p.store.verify import verify_game


def _table(seed: int = 5) -> ResumableTable:
    table = ResumableTable(peers=0, seed=seed)
    table.deliver(table.host.add_bot("hard", make_policy("hard", seed, "bold"), table.now, temperament="bold"))
    table.deliver(table.host.add_bot("easy", make_policy("easy", seed + 1), table.now))
    table.add_peer(1, policy=make_policy("medium", seed * 100 + 1))
    table.run()
    return table


def _temperament(policy: object) -> Temperament:
    assert isinstance(policy, HeuristicBot)
    return policy.style.temperament


def test_table_a_computer_players_temperament_is_shown_in_the_lobby() -> None:
    table = _table()
    view = table.host.view()
    seats = [s for s in view.seats if s is not None]
    assert [(s.bot, s.temperament) for s in seats] == [("hard", "bold"), ("easy", None), (None, None)]
    # A seat without one is the same bytes as before; with one, it travels.
    again = parse_from_host(wire.encode(view.to_json()))
    assert isinstance(again, LobbyView)
    assert [s.temperament for s in again.seats if s is not None] == ["bold", None, None]
    assert "temperament" not in view.seats[1].to_json()


def test_table_a_computer_players_temperament_is_written_into_the_start_record() -> None:
    table = _table()
    table.deliver(table.host.start(table.now))
    table.run()
    players = body(table.host.records[0])["setup"]["players"]
    assert [p.get("temperament") for p in players] == ["bold", None, None]
    replica = table.peers[1].replica
    assert [(p.bot, p.temperament) for p in replica.players] == [("hard", "bold"), ("easy", None), (None, None)]


def test_table_whoever_hosts_on_plays_each_computer_player_with_its_temperament() -> None:
    assert _temperament(bot_for("hard", 3, "bold")) is Temperament.BOLD
    assert _temperament(bot_for("hard", 3, "cautious")) is Temperament.CAUTIOUS
    # A start record from before temperaments (none) plays balanced; a level this build does
    # not know (a newer version's) plays the fallback level, balanced, rather than stopping.
    assert _temperament(bot_for("hard", 3, None)) is Temperament.BALANCED
    assert _temperament(bot_for("genius", 3, "bold")) is Temperament.BALANCED
    assert Player("k", "n", "red", "hard").temperament is None


def test_table_a_table_taken_over_keeps_each_computer_players_temperament() -> None:
    table = ResumableTable(peers=0, seed=4)
    table.deliver(table.host.add_bot("hard", make_policy("hard", 4, "cautious"), table.now, temperament="cautious"))
    table.deliver(table.host.add_bot("medium", make_policy("medium", 5), table.now))
    table.add_peer(1, policy=make_policy("medium", 401))
    table.add_peer(2, policy=make_policy("medium", 402))
    table.run()
    table.deliver(table.host.start(table.now))
    table.run(until=lambda: table.host.seq >= 20)
    table.lose_host()
    new = table.take_over(1, policy=make_policy("medium", 7), rejoin=(2,))
    table.run()
    assert [_temperament(new.policies[n]) for n in (0, 1)] == [Temperament.CAUTIOUS, Temperament.BALANCED]
    assert [s.temperament for s in new.view().seats if s is not None][:2] == ["cautious", None]


def test_table_a_game_with_temperaments_verifies_and_its_start_encodes_back(tmp_path: Path) -> None:
    table = _table()
    table.deliver(table.host.start(table.now))
    table.run()
    assert table.host.phase is TablePhase.FINISHED
    start = read_body(split_record(table.host.records[0])[0], canonical=True)
    assert isinstance(start, StartBody)
    assert [p.temperament for p in start.setup.players] == [Temperament.BOLD, None, None]
    assert wire.canonical(start.to_json()) == split_record(table.host.records[0])[0]
    path = tmp_path / "game.zvl"
    header = Header(table=table.host.table, host=table.host.key_hex, me=table.host.key_hex, preset="zemlevlasnyk")
    path.write_bytes(b"".join(line + b"\n" for line in (canonical_json(header.to_json()), *table.host.records)))
    verdict = verify_game(path)
    assert verdict.ok and verdict.outcome is not None, verdict


def test_table_a_game_saved_before_temperaments_still_verifies_and_plays_balanced() -> None:
    """tests/data/saved_before_types.zvl predates temperaments: its computer player has none."""
    path = DATA / "saved_before_types.zvl"
    assert verify_game(path).ok
    data = split_record(path.read_bytes().splitlines()[1])[0]
    start = read_body(data, canonical=True)
    assert isinstance(start, StartBody)
    bots = [p for p in start.setup.players if p.bot is not None]
    assert bots and all(p.temperament is None for p in start.setup.players)
    assert wire.canonical(start.to_json()) == data   # no temperament field appears
    assert _temperament(bot_for(bots[0].bot or "", 1, bots[0].temperament)) is Temperament.BALANCED


@pytest.mark.parametrize(("seat", "problem"), [
    ({"bot": "hard", "temperament": "reckless"}, "an unknown temperament"),
    ({"bot": "hard", "temperament": 3}, "temperament is not a string"),
    ({"bot": None, "temperament": "bold"}, "a person's seat has a temperament"),
])
def test_table_a_start_record_with_a_bad_temperament_is_malformed(seat: dict[str, object], problem: str) -> None:
    table = _table()
    table.deliver(table.host.start(table.now))
    obj = json.loads(split_record(table.host.records[0])[0])
    obj["setup"]["players"][0].update(seat)
    with pytest.raises(Malformed, match=problem):
        parse_body(obj)


def test_table_an_unknown_temperament_is_a_clear_local_error() -> None:
    assert temperaments() == ("cautious", "balanced", "bold")
    with pytest.raises(ProtocolError) as info:
        make_policy("hard", 1, "reckless")
    assert info.value.reason == "unknown_temperament"
    assert info.value.params == {"temperament": "reckless", "known": "cautious, balanced, bold"}

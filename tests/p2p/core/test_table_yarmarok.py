"""«Ярмарок» (issue 22) at a table: the host core and peer cores in memory play it to one
hash with its own option (the aggressive plates) and the house rules it keeps; the first
signed record and the mDNS advert name the preset; the saved game verifies offline; options
the preset refuses are refused, with its reason, before a table opens."""
from __future__ import annotations

import pytest
from helpers.p2p import MemoryTable, body, profile, seeded_secrets

from zemlevlasnyk.engine import OptionError
from zemlevlasnyk.p2p.core.host import TableHost, TablePhase
from zemlevlasnyk.p2p.lan.txt import advert_for, decode_txt, encode_txt
from zemlevlasnyk.p2p.store import savegame
from zemlevlasnyk.p2p.store.verify import verify_game

TABLE = "00112233aabbccdd"
# The preset's own choice of plates (every add-on mechanism on the board: raids, investments,
# the agency) and two house rules it keeps, with a turn cap that bounds the game's length.
OPTIONS = {"plates": "aggressive", "bankrupt_deeds": "auction", "start_bonus": True, "turn_cap": 300}
# The preset's own actions, and how many of them a whole game is sure to play.
FAIR_KINDS = frozenset({"deposit", "casino_bet", "roll_credit", "donate", "transfer", "raid", "auction_deed",
                        "sell_deed", "buy_from_bank", "invest", "move_branch"})
FAIR_KINDS_SEEN = 4


@pytest.fixture(scope="module")
def finished() -> MemoryTable:
    with seeded_secrets(6):
        table = MemoryTable(peers=3, clock=False, table=TABLE, preset="yarmarok", options=dict(OPTIONS), seed=6)
        table.start_game()
    assert table.host.phase is TablePhase.FINISHED
    return table


def test_yarmarok_table_host_and_three_peers_end_on_one_hash(finished: MemoryTable) -> None:
    host_game = finished.host.game
    assert host_game is not None and host_game.outcome() is not None
    ends = {n: finished.finished(n) for n in finished.peers}
    assert all(end is not None for end in ends.values())
    assert {end.state_hash for end in ends.values() if end is not None} == {host_game.state_hash()}
    assert all(not finished.refusals[n] and finished.cheated(n) is None for n in finished.peers)


def test_yarmarok_table_played_the_new_mechanisms_through_the_committed_dice(finished: MemoryTable) -> None:
    """The game reached the seed's new decisions, and each one needing chance (the credit's
    throw, the casino's three throws) came from the commit-reveal of its record. (The secrets
    are seeded, so it is the same game every run: with fresh ones a game of four with every
    plate met 6 to 8 of them in eight games measured, and fewer than FAIR_KINDS_SEEN in some.)"""
    acts = [b["act"]["action"]["type"] for b in map(body, finished.host.records) if isinstance(b.get("act"), dict)]
    assert len(FAIR_KINDS & set(acts)) >= FAIR_KINDS_SEEN, sorted(set(acts))
    chanced = [b for b in map(body, finished.host.records)
               if isinstance(b.get("act"), dict) and b["act"]["action"]["type"] in ("casino_bet", "roll_credit")]
    assert all(b.get("reveal") for b in chanced)


def test_yarmarok_table_first_record_names_the_preset_and_its_options(finished: MemoryTable) -> None:
    setup = body(finished.host.records[0])["setup"]
    assert setup["preset"] == "yarmarok" and setup["options"] == OPTIONS


def test_yarmarok_table_saved_game_verifies_offline(finished: MemoryTable, tmp_path) -> None:
    path = tmp_path / "yarmarok.zvl"
    records = list(finished.host.records)
    header = savegame.header_for(records[0], table=TABLE, host=finished.host.profile.key_hex, me=profile(1).key_hex)
    assert header.preset == "yarmarok"
    with savegame.SaveGame.open(path, header) as saved:
        for seq, data in enumerate(records):
            saved.append(seq, data)
    verdict = verify_game(path)
    assert verdict.ok and verdict.records == len(records) and verdict.outcome is not None, verdict


def test_yarmarok_table_advert_carries_the_preset() -> None:
    host = TableHost(profile(0, "Host"), table=TABLE, preset="yarmarok", options={"plates": "loyal"})
    advert = advert_for(host.info(), host.profile.public_key, protocol=1)
    txt = encode_txt(advert)
    assert txt["preset"] == "yarmarok"
    received = {k.encode(): v.encode() for k, v in txt.items()}
    assert decode_txt(received, port=advert.port, addresses=advert.addresses).preset == "yarmarok"


@pytest.mark.parametrize("name", ["pot", "mortgage_fee", "mortgage_breaks_double"])
def test_yarmarok_table_refuses_options_without_sense_with_the_reason(name: str) -> None:
    with pytest.raises(OptionError, match="not for these rules"):
        TableHost(profile(0, "Host"), table=TABLE, preset="yarmarok", options={name: True})
    host = TableHost(profile(0, "Host"), table=TABLE)
    with pytest.raises(OptionError, match="not for these rules"):
        host.set_rules("yarmarok", {name: True})
    assert host.preset != "yarmarok", "a refused change leaves the table's rules as they were"

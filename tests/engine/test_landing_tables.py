"""The shipped landing tables (engine/bots/landing.json) hold exactly what the chain computes:
the bots read a shipped board's frequencies from there instead of running the chain, so a
stale or rounded entry would change their choices. Regenerate with tools/landing_tables.py.
"""
from __future__ import annotations

import json
import subprocess
import sys

from helpers.paths import REPO

from zemlevlasnyk.engine import load_preset, load_rules, preset_names
from zemlevlasnyk.engine.bots import valuation
from zemlevlasnyk.engine.bots.valuation import chain_key, landing_frequencies, shipped_tables
from zemlevlasnyk.engine.rules import Ruleset

ROOT = REPO


def test_every_shipped_entry_is_what_the_chain_computes_to_the_bit() -> None:
    tables = shipped_tables()
    assert tables, "engine/bots/landing.json is missing or of another format"
    boards = {chain_key(load_preset(name)): name for name in preset_names()}
    for key, entry in tables.items():
        assert key in boards, f"an entry for no shipped board ({entry['presets']}): run tools/landing_tables.py"
        landing, rolls_per_turn = landing_frequencies(load_preset(boards[key]))
        # repr: the same float, bit for bit (== alone would pass -0.0 for 0.0).
        assert list(map(repr, entry["landing"])) == list(map(repr, landing)), entry["presets"]
        assert repr(entry["rolls_per_turn"]) == repr(rolls_per_turn), entry["presets"]


def test_the_default_and_classic_boards_are_shipped() -> None:
    tables = shipped_tables()
    for name in ("zemlevlasnyk", "klasyka"):
        assert chain_key(load_preset(name)) in tables, f"{name}: run tools/landing_tables.py"


def test_house_rules_share_their_board_s_table() -> None:
    # Options change no cell, card, die or jail rule: the same chain, the same entry.
    plain = load_preset("zemlevlasnyk")
    varied = load_rules("zemlevlasnyk", {"auctions": False, "pot": True, "building_limits": True})
    assert varied.digest != plain.digest
    assert chain_key(varied) == chain_key(plain)


def test_a_board_without_a_table_is_computed_and_gets_the_same_model_as_from_one() -> None:
    data = json.loads(json.dumps(load_preset("zemlevlasnyk").data))
    shipped = valuation._build(Ruleset(data))
    data["doubles_to_jail"] = 2      # another chain: not in the tables
    other = Ruleset(data)
    assert chain_key(other) not in shipped_tables()
    computed = valuation._build(other)
    assert computed.landing != shipped.landing
    # Every roll rests somewhere: landings per player-turn add up to the rolls per turn.
    assert abs(sum(computed.landing) - computed.rolls_per_turn) < 1e-9
    # The table's model is the computed one: the whole model, not only the frequencies.
    chain = landing_frequencies(load_preset("zemlevlasnyk"))
    fresh = valuation.BoardModel(*chain, shipped.street_rent, shipped.station_rent, shipped.utility_rent,
                                 shipped.mean_dice)
    assert repr(fresh) == repr(shipped)


def test_the_tool_finds_the_file_up_to_date() -> None:
    proc = subprocess.run([sys.executable, str(ROOT / "tools" / "landing_tables.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr

"""Compute the shipped boards' landing frequencies into engine/bots/landing.json.

    python tools/landing_tables.py [--check]

The bots' board model reads a shipped board's chain results from that file instead of
running the chain in every process (about 50 ms, a tenth of a short `simulate` run). Run
this after changing a preset's board, cards, dice or jail, or the chain's code (then raise
`TABLES_FORMAT` in engine/bots/valuation.py); `--check` only says whether the file is up to
date. tests/test_landing_tables.py checks every entry against a fresh computation.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from zemlevlasnyk.engine import load_preset, preset_names
from zemlevlasnyk.engine.bots.valuation import TABLES_FORMAT, chain_key, landing_frequencies

# Read back by engine/presets.py (landing_tables), the engine's one reader of packaged files.
OUT = Path(__file__).resolve().parents[1] / "engine" / "bots" / "landing.json"


def tables() -> str:
    """The file's text: every preset's board, by chain key (presets sharing a board share one)."""
    boards: dict[str, dict[str, object]] = {}
    for name in preset_names():
        rules = load_preset(name)
        key = chain_key(rules)
        if key in boards:
            presets = boards[key]["presets"]
            assert isinstance(presets, list)
            presets.append(name)
            continue
        landing, rolls_per_turn = landing_frequencies(rules)
        # json writes a float as its repr, which reads back as the same float.
        boards[key] = {"presets": [name], "landing": list(landing), "rolls_per_turn": rolls_per_turn}
    return json.dumps({"format": TABLES_FORMAT, "boards": boards}, indent=1, sort_keys=True) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether the file is up to date")
    args = parser.parse_args()
    text = tables()
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        if current != text:
            print(f"{OUT} is out of date: run python tools/landing_tables.py", file=sys.stderr)
            return 1
        print(f"{OUT} is up to date")
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Every bot makes the same choices as before for the same seed: whole games of every level
(alone and mixed, 2 to 4 players, the 1 000-turn cap) replay action for action and state for
state against `data/bot_transcripts.json`, recorded on the code at git tag
`baseline-2026-11-30` (before the bots and the engine were made faster).

Each game is kept as a chain hash over its actions' canonical JSON and the state hash, at
every CHECKPOINT-th action and at the end; a failure names the first checkpoint that differs.

Re-record (only for a change meant to alter choices; say so in the commit, with tournament
figures showing the levels' strengths hold):

    python tests/test_bots_transcripts.py --record [--tree OLD_CHECKOUT]
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

FIXTURE = Path(__file__).resolve().parent / "data" / "bot_transcripts.json"
CHECKPOINT = 100
MAX_TURNS = 1000
# (levels by seat, match seed): every level alone at a full table, the two tournament
# tables, and smaller mixed tables.
GAMES: tuple[tuple[tuple[str, ...], int], ...] = (
    (("idle",) * 4, 1),
    *(((("random",) * 4), s) for s in (1, 2)),
    *(((("easy",) * 4), s) for s in (1, 2, 3)),
    *(((("medium",) * 4), s) for s in range(1, 7)),
    *(((("hard",) * 4), s) for s in range(1, 5)),
    *((("hard", "medium", "medium", "medium"), s) for s in range(1, 9)),
    *((("medium", "easy", "easy", "easy"), s) for s in range(1, 7)),
    (("easy", "hard", "medium", "random"), 5),
    (("hard", "easy"), 6),
    (("medium", "hard"), 7),
    (("hard", "medium", "easy"), 8),
    (("easy", "random", "medium"), 9),
)


def _engine(tree: Path | None) -> tuple[Any, Any]:
    """The engine package and its `play_match`: this install's, or those of an older
    checkout (top-level `engine` package) when `tree` is given."""
    if tree is None:
        prefix = "zemlevlasnyk."
    else:
        sys.path.insert(0, str(tree))
        prefix = ""
    engine = importlib.import_module(prefix + "engine")
    for name in ("engine.bots.match", "engine.match"):
        try:
            return engine, importlib.import_module(prefix + name).play_match
        except ModuleNotFoundError:
            continue
    raise ModuleNotFoundError("no play_match in this engine")


def transcript(engine: Any, play_match: Any, levels: tuple[str, ...], seed: int) -> dict[str, Any]:
    rules = engine.load_preset("zemlevlasnyk")
    chain = hashlib.sha256()
    checkpoints: list[list[Any]] = []
    count = 0

    def observe(game: Any, action: Any, events: Any) -> None:
        nonlocal count
        chain.update(engine.canonical_json(action.to_json()))
        count += 1
        if count % CHECKPOINT == 0:
            checkpoints.append([count, chain.hexdigest()[:16], game.state_hash()[:16]])

    result = play_match(rules, list(levels), seed, MAX_TURNS, observer=observe)
    checkpoints.append([count, chain.hexdigest()[:16], result.game.state_hash()[:16]])
    return {"levels": list(levels), "seed": seed, "actions": count, "turns": result.turns,
            "checkpoints": checkpoints}


def _recorded() -> dict[tuple[tuple[str, ...], int], dict[str, Any]]:
    data = json.loads(FIXTURE.read_text())
    return {(tuple(g["levels"]), g["seed"]): g for g in data["games"]}


@pytest.mark.parametrize("levels,seed", GAMES, ids=[f"{'-'.join(lv)}-{s}" for lv, s in GAMES])
def test_bots_choose_as_recorded(levels: tuple[str, ...], seed: int) -> None:
    want = _recorded()[(levels, seed)]
    got = transcript(*_engine(None), levels, seed)
    for mine, theirs in zip(got["checkpoints"], want["checkpoints"], strict=False):
        assert mine == theirs, (f"{'/'.join(levels)} seed {seed}: the game differs from the recording "
                                f"by action {mine[0]} (checkpoints every {CHECKPOINT} actions)")
    assert (got["actions"], got["turns"]) == (want["actions"], want["turns"])


def main() -> None:
    parser = argparse.ArgumentParser(description="Record the bot transcripts fixture.")
    parser.add_argument("--record", action="store_true", required=True)
    parser.add_argument("--tree", type=Path, help="an older checkout to record on (top-level engine/)")
    args = parser.parse_args()
    engine, play_match = _engine(args.tree)
    games = [transcript(engine, play_match, levels, seed) for levels, seed in GAMES]
    FIXTURE.parent.mkdir(exist_ok=True)
    lines = ",\n".join(json.dumps(g) for g in games)
    FIXTURE.write_text(f'{{"checkpoint": {CHECKPOINT}, "max_turns": {MAX_TURNS}, "games": [\n{lines}\n]}}\n')
    print(f"recorded {len(games)} games, {sum(g['actions'] for g in games)} actions, in {FIXTURE}")


if __name__ == "__main__":
    main()

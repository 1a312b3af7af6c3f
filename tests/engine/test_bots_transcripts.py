"""Every bot makes the same choices as before for the same seed: whole games of every level
(alone and mixed, 2 to 4 players, the 1 000-turn cap) replay action for action and state for
state against `data/bot_transcripts.json`. The games of the default rules were recorded on the
code at git tag `baseline-2026-11-30` (before the bots and the engine were made faster);
those of Класика and of house-rule options, on main at 0607e04 (the presets had just
arrived; the bots not yet made faster). Each entry names where it was recorded.

Each game is kept as a chain hash over its actions' canonical JSON and the state hash, at
every CHECKPOINT-th action and at the end; a failure names the first checkpoint that differs.

Re-record (only for a change meant to alter choices; say so in the commit, with tournament
figures showing the levels' strengths hold):

    PYTHONPATH=tests python tests/engine/test_bots_transcripts.py --record --label WHERE [--tree OLD_CHECKOUT]

which records the games that checkout can play and keeps the other entries (and those of the
games that still play as recorded, with where they were recorded).
"""
from __future__ import annotations

import argparse
import hashlib
import importlib
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any, NamedTuple

import pytest
from helpers.paths import DATA

FIXTURE = DATA / "bot_transcripts.json"
CHECKPOINT = 100
MAX_TURNS = 1000
DEFAULT = "zemlevlasnyk"
MIXED = ("hard", "medium", "easy", "random")
# Every house-rule option switched from its default at once (booleans flipped).
ALL_OPTIONS: tuple[tuple[str, object], ...] = (
    ("start_bonus", True), ("pot", True), ("auctions", False), ("even_building", False),
    ("building_limits", True), ("no_rent_in_jail", True), ("mortgage_breaks_double", True),
    ("mortgage_fee", True), ("bankrupt_deeds", "auction"))


class Match(NamedTuple):
    """One recorded game: levels by seat, match seed, preset and house-rule options."""
    levels: tuple[str, ...]
    seed: int
    preset: str = DEFAULT
    options: tuple[tuple[str, object], ...] = ()

    @property
    def id(self) -> str:
        rules = "" if (self.preset, self.options) == (DEFAULT, ()) else f"{self.preset}{dict(self.options)}-"
        return f"{rules}{'-'.join(self.levels)}-{self.seed}"


# Every level alone at a full table, the two tournament tables, smaller mixed tables; then
# Класика, and each house-rule option on its own and all at once.
GAMES: tuple[Match, ...] = (
    Match(("idle",) * 4, 1),
    *(Match(("random",) * 4, s) for s in (1, 2)),
    *(Match(("easy",) * 4, s) for s in (1, 2, 3)),
    *(Match(("medium",) * 4, s) for s in range(1, 7)),
    *(Match(("hard",) * 4, s) for s in range(1, 5)),
    *(Match(("hard", "medium", "medium", "medium"), s) for s in range(1, 9)),
    *(Match(("medium", "easy", "easy", "easy"), s) for s in range(1, 7)),
    Match(("easy", "hard", "medium", "random"), 5),
    Match(("hard", "easy"), 6),
    Match(("medium", "hard"), 7),
    Match(("hard", "medium", "easy"), 8),
    Match(("easy", "random", "medium"), 9),
    *(Match(("hard", "medium", "medium", "medium"), s, "klasyka") for s in range(1, 5)),
    *(Match(("medium", "easy", "easy", "easy"), s, "klasyka") for s in range(1, 3)),
    *(Match(levels * 4, 1, "klasyka") for levels in (("random",), ("easy",), ("hard",))),
    Match(MIXED, 2, "klasyka"),
    *(Match(MIXED, 10 + n, DEFAULT, (option,)) for n, option in enumerate(ALL_OPTIONS)),
    Match(MIXED, 30, DEFAULT, ALL_OPTIONS),
    Match(MIXED, 31, "klasyka", (("auctions", False), ("pot", True), ("even_building", False))),
)


def _engine(tree: Path | None) -> tuple[Any, Any]:
    """The engine package and its `play_match`: this install's, or those of another
    checkout when `tree` is given (either layout it has had)."""
    if tree is None:
        prefix = "zemlevlasnyk."
    elif (tree / "__init__.py").exists():
        spec = importlib.util.spec_from_file_location("zemlevlasnyk", tree / "__init__.py",
                                                      submodule_search_locations=[str(tree)])
        assert spec is not None and spec.loader is not None
        package = importlib.util.module_from_spec(spec)
        sys.modules["zemlevlasnyk"] = package
        spec.loader.exec_module(package)
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


def _rules(engine: Any, game: Match) -> Any:
    """The game's ruleset, or None when this engine has no such preset or options."""
    if (game.preset, game.options) == (DEFAULT, ()):
        return engine.load_preset(DEFAULT)
    load_rules = getattr(engine, "load_rules", None)
    if load_rules is None or game.preset not in engine.preset_names():
        return None
    return load_rules(game.preset, dict(game.options))


def transcript(engine: Any, play_match: Any, game: Match, rules: Any) -> dict[str, Any]:
    chain = hashlib.sha256()
    checkpoints: list[list[Any]] = []
    count = 0

    def observe(state: Any, action: Any, events: Any) -> None:
        nonlocal count
        chain.update(engine.canonical_json(action.to_json()))
        count += 1
        if count % CHECKPOINT == 0:
            checkpoints.append([count, chain.hexdigest()[:16], state.state_hash()[:16]])

    result = play_match(rules, list(game.levels), game.seed, MAX_TURNS, observer=observe)
    checkpoints.append([count, chain.hexdigest()[:16], result.game.state_hash()[:16]])
    return {"id": game.id, "actions": count, "turns": result.turns, "checkpoints": checkpoints}


def _recorded() -> dict[str, dict[str, Any]]:
    data = json.loads(FIXTURE.read_text())
    return {g["id"]: g for g in data["games"]}


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_bots_choose_as_recorded(game: Match) -> None:
    want = _recorded()[game.id]
    engine, play_match = _engine(None)
    got = transcript(engine, play_match, game, _rules(engine, game))
    for mine, theirs in zip(got["checkpoints"], want["checkpoints"], strict=False):
        assert mine == theirs, (f"{game.id}: the game differs from the recording on "
                                f"{want['recorded_on']} by action {mine[0]} (checkpoints every "
                                f"{CHECKPOINT} actions)")
    assert (got["actions"], got["turns"]) == (want["actions"], want["turns"])


def main() -> None:
    parser = argparse.ArgumentParser(description="Record the bot transcripts fixture.")
    parser.add_argument("--record", action="store_true", required=True)
    parser.add_argument("--label", required=True, help="where the recording was made (a git tag or commit)")
    parser.add_argument("--tree", type=Path, help="another checkout to record on")
    args = parser.parse_args()
    engine, play_match = _engine(args.tree)
    kept = _recorded() if FIXTURE.exists() else {}
    changed = 0
    for game in GAMES:
        rules = _rules(engine, game)
        if rules is not None:
            now = transcript(engine, play_match, game, rules)
            before = kept.get(game.id)
            # A game that plays as recorded keeps its entry and where it was recorded.
            if before is None or {k: v for k, v in before.items() if k != "recorded_on"} != now:
                kept[game.id] = {**now, "recorded_on": args.label}
                changed += 1
    games = [kept[g.id] for g in GAMES if g.id in kept]
    FIXTURE.parent.mkdir(exist_ok=True)
    lines = ",\n".join(json.dumps(g) for g in games)
    FIXTURE.write_text(f'{{"checkpoint": {CHECKPOINT}, "max_turns": {MAX_TURNS}, "games": [\n{lines}\n]}}\n')
    print(f"recorded {len(games)} games ({changed} played differently from their entry), "
          f"{sum(g['actions'] for g in games)} actions, in {FIXTURE}")


if __name__ == "__main__":
    main()

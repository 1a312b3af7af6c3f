"""One measurement of `speed.py`, in a fresh process, printed as one line of JSON.

    python benchmarks/speed_worker.py turns --tree DIR --level easy --games 40
    python benchmarks/speed_worker.py simulate --tree DIR --bots hard,medium,medium,medium --games 20
    python benchmarks/speed_worker.py simulate --tree DIR --bots easy --games 100
    python benchmarks/speed_worker.py peer --path PATH/TO/monopoly --games 100
    python benchmarks/speed_worker.py plain --games 100

`--tree` is a checkout of this project, in either layout it has had: the package layout
(a top-level `__init__.py`, imported here as `zemlevlasnyk` whatever is installed) or the
older one (top-level `engine`, `ui` packages, put on `sys.path`). So the code measured is
always the tree named, and the current code and a baseline run on one interpreter.
Times are CPU seconds of this process (`time.process_time`), which other work on a shared
machine disturbs less than wall time.
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import io
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any


def load_tree(tree: Path) -> str:
    """Make `tree` the code that is imported; return the prefix of its top-level modules."""
    init = tree / "__init__.py"
    if init.exists():
        spec = importlib.util.spec_from_file_location("zemlevlasnyk", init,
                                                      submodule_search_locations=[str(tree)])
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["zemlevlasnyk"] = module
        spec.loader.exec_module(module)
        return "zemlevlasnyk."
    sys.path.insert(0, str(tree))
    return ""


def _first_module(prefix: str, *names: str) -> ModuleType:
    """The first of `names` that exists (modules move between versions)."""
    for name in names:
        try:
            return importlib.import_module(prefix + name)
        except ModuleNotFoundError as exc:
            if exc.name is None or not (prefix + name).startswith(exc.name):
                raise
    raise ModuleNotFoundError(f"none of {', '.join(names)} in this tree")


def measure_turns(tree: Path, level: str, games: int, seed: int, players: int) -> dict[str, Any]:
    """Whole games of one bot level in every seat, through the match loop, at a 1 000-turn cap."""
    prefix = load_tree(tree)
    engine = importlib.import_module(prefix + "engine")
    match = _first_module(prefix, "engine.bots.match", "engine.match")
    rules = engine.load_preset("zemlevlasnyk")
    # One whole game first: what a level builds once per process (the board model, its
    # appraisers) is then built before the clock starts, wherever in a game it is first
    # needed; it is not part of any game's cost.
    match.play_match(rules, [level] * players, seed - 1, 1000)
    turns = actions = 0
    started = time.process_time()
    for g in range(games):
        result = match.play_match(rules, [level] * players, seed + g, 1000)
        turns += result.turns
        actions += result.actions
    cpu = time.process_time() - started
    return {"cpu_s": cpu, "games": games, "turns": turns, "actions": actions}


def measure_simulate(tree: Path, bots: str, games: int, seed: int) -> dict[str, Any]:
    """`zemlevlasnyk simulate --bots BOTS --games N --json FILE`, in-process, its output
    swallowed; the turns and actions played are read from its JSON. The command's modules,
    the thinking bots' among them, are imported before the clock starts (start-up is
    measured apart, and the peer's modules are imported before its clock too); whatever the
    command builds once per process (the board model) is inside it."""
    prefix = load_tree(tree)
    cli = importlib.import_module(prefix + "ui.cli")
    # The simulate command moved into ui/cli/ (issue 18); a baseline tree may have it at ui/.
    _first_module(prefix, "ui.cli.simulate", "ui.cmd_simulate")
    if any(level in bots for level in ("easy", "medium", "hard")):
        _first_module(prefix, "engine.bots.heuristic", "engine.bots")
    with tempfile.TemporaryDirectory(prefix="zemlevlasnyk-speed-") as scratch:
        report = Path(scratch) / "simulate.json"
        argv = ["simulate", "--bots", bots, "--games", str(games), "--seed", str(seed),
                "--json", str(report)]
        out, err = io.StringIO(), io.StringIO()
        started = time.process_time()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv)
        cpu = time.process_time() - started
        if code:
            raise SystemExit(f"simulate exited {code}: {err.getvalue()}")
        summary = json.loads(report.read_text(encoding="utf-8"))
    return {"cpu_s": cpu, "games": games, "turns": sum(summary["turns"]), "actions": summary["actions"],
            "summary": out.getvalue().splitlines()[:2]}


def measure_peer(path: Path, games: int, seed: int) -> dict[str, Any]:
    """gamescomputersplay/monopoly's own game function, its logs off (the bankruptcy log to
    the null device), one process. Turns are counted on a second, untimed pass."""
    sys.path.insert(0, str(path))
    game_mod = importlib.import_module("monopoly.core.game")
    log_settings = importlib.import_module("monopoly.log_settings").LogSettings
    player_cls = importlib.import_module("monopoly.core.player").Player
    log_settings.KEEP_GAME_LOG = False
    log_settings.BANKRUPTCIES_PATH = os.devnull
    master = random.Random(seed)
    jobs = [(i + 1, master.getrandbits(32)) for i in range(games)]
    started = time.process_time()
    for job in jobs:
        game_mod.monopoly_game(job)
    cpu = time.process_time() - started
    # Count: a turn is a player's call from the game loop; a move is any call, the extra
    # moves after doubles included (the simulator recurses for them).
    counts = {"turns": 0, "moves": 0, "depth": 0}
    original = player_cls.make_a_move

    def counted(self: Any, *args: Any) -> Any:
        counts["moves"] += 1
        if counts["depth"] == 0:
            counts["turns"] += 1
        counts["depth"] += 1
        try:
            return original(self, *args)
        finally:
            counts["depth"] -= 1

    player_cls.make_a_move = counted
    for job in jobs:
        game_mod.monopoly_game(job)
    player_cls.make_a_move = original
    return {"cpu_s": cpu, "games": games, "turns": counts["turns"], "moves": counts["moves"]}


def measure_plain(games: int, seed: int) -> dict[str, Any]:
    """The plain-Python loop committed beside this file (the fallback for the peer)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    plain = importlib.import_module("plain_monopoly")
    started = time.process_time()
    turns = moves = 0
    for g in range(games):
        t, m = plain.play_game(seed * 1_000_003 + g)
        turns += t
        moves += m
    cpu = time.process_time() - started
    return {"cpu_s": cpu, "games": games, "turns": turns, "moves": moves}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="task", required=True)
    t = sub.add_parser("turns")
    t.add_argument("--tree", type=Path, required=True)
    t.add_argument("--level", required=True)
    t.add_argument("--players", type=int, default=4)
    s = sub.add_parser("simulate")
    s.add_argument("--tree", type=Path, required=True)
    s.add_argument("--bots", required=True)
    p = sub.add_parser("peer")
    p.add_argument("--path", type=Path, required=True)
    sub.add_parser("plain")
    for each in (t, s, p, sub.choices["plain"]):
        each.add_argument("--games", type=int, required=True)
        each.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.task == "turns":
        result = measure_turns(args.tree, args.level, args.games, args.seed, args.players)
    elif args.task == "simulate":
        result = measure_simulate(args.tree, args.bots, args.games, args.seed)
    elif args.task == "peer":
        result = measure_peer(args.path, args.games, args.seed)
    else:
        result = measure_plain(args.games, args.seed)
    print(json.dumps(result))


if __name__ == "__main__":
    main()

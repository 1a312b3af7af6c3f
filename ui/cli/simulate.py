"""`zemlevlasnyk simulate`: whole games between computer players, headless, with a summary.

Seats rotate from game to game so that no level keeps the first seat. Every game is seeded
from (--seed, game number), so the results are the same with any number of --jobs.
"""
from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import math
import os
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple, TextIO

from zemlevlasnyk.engine import Action, Event, Game, OptionValue, Ruleset, load_rules
from zemlevlasnyk.engine.bots import LEVELS, TEMPERAMENT_MARK, Temperament, seat_spec
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.rules_args import add_rules_arguments, rules_from_args
from zemlevlasnyk.ui.cli.seats import split_seat
from zemlevlasnyk.ui.cli.summary import AuctionFigures, Summary
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.ruleset import preset_name
from zemlevlasnyk.ui.words.text import catalogue, form, os_reason

# How often the progress bar may redraw: often enough to look alive, rarely enough to cost nothing.
PROGRESS_INTERVAL_S = 0.1
PROGRESS_WIDTH = 30
# Every seat's level when --bots is not given: the quickest games.
DEFAULT_BOTS = "random"
# The upper edges of the bins of winning bid / list price that --json counts (the last bin
# holds everything above): fine around the list price, where sensible bids sit, and with
# 1.5x as an edge, the bid issue 25 counted as a sign of a bot overpaying.
BID_RATIO_EDGES = (0.5, 0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said, metavars = words["simulate"], words["metavars"]
    p = sub.add_parser("simulate", help=command_help("simulate", lang), description=said["description"])
    p.add_argument("--games", type=int, default=100, metavar=metavars["games"],
                   help=said["games"].format(default=100))
    p.add_argument("--players", type=int, default=None, metavar=metavars["players"], help=said["players"])
    p.add_argument("--bots", default=DEFAULT_BOTS, metavar=metavars["bots"],
                   help=said["bots"].format(levels=", ".join(LEVELS), default=DEFAULT_BOTS))
    p.add_argument("--seed", type=int, default=0, metavar=metavars["seed"], help=said["seed"].format(default=0))
    p.add_argument("--max-turns", type=int, default=1000, metavar=metavars["max_turns"],
                   help=said["max_turns"].format(default=1000))
    add_rules_arguments(p, lang)
    p.add_argument("--json", metavar=metavars["file"], help=said["json"])
    p.add_argument("--log", metavar=metavars["file"], help=said["log"])
    p.add_argument("--plots", metavar=metavars["dir"], type=Path, help=said["plots"].format(files=plots_files()))
    p.add_argument("--lang", choices=("uk", "en"), help=said["lang"])
    p.add_argument("--jobs", type=int, default=1, metavar=metavars["jobs"], help=said["jobs"].format(default=1))
    p.set_defaults(func=run)


class GameRecord(NamedTuple):
    """One game's result (a named tuple: `ui.cli` says why)."""
    number: int               # of the game in the run, from 0
    levels: tuple[str, ...]   # by seat, for this game
    winner: int | None
    drawn: bool
    turns: int
    actions: int
    landings: tuple[int, ...]
    bids: tuple[tuple[str, float], ...]   # deeds won at auction: (level, winning bid / list price)
    log: str


def seat_levels(levels: Sequence[str], game: int) -> tuple[str, ...]:
    """The levels by seat for game number `game`: the list rotated by one seat per game."""
    n = len(levels)
    return tuple(levels[(seat + game) % n] for seat in range(n))


def game_seed(seed: int, game: int) -> bytes:
    return hashlib.sha256(f"zemlevlasnyk-simulate/{seed}/{game}".encode()).digest()


# ((preset, options), levels by seat, run seed, game number, turn cap, language of the log or None)
Job = tuple[tuple[str, dict[str, OptionValue]], tuple[str, ...], int, int, int, str | None]


def _play_one(job: Job) -> GameRecord:
    (preset, options), levels, seed, index, max_turns, lang = job
    rules = load_rules(preset, options)
    lines: list[str] = []
    observer = None
    if lang is not None:
        # Only --log tells the games in words: a plain run does not import the narrator.
        from zemlevlasnyk.engine.deal import dealt
        from zemlevlasnyk.engine.events import TurnStarted
        from zemlevlasnyk.ui.words.narrate import narrate

        words = catalogue(lang)["commands"]["simulate"]
        seats = ", ".join(words["seat_level"].format(n=i + 1, level=level_name(lang, lv))
                          for i, lv in enumerate(levels))
        lines.append(words["game"].format(n=index + 1, seats=seats))

        opened: list[bool] = []

        def observer(game: Game, action: Action, events: list[Event]) -> None:
            if not opened:
                # The start's deal and the first turn have no action's events (the window
                # tells them the same way: ui/scenes/table/scene.py).
                opened.append(True)
                events = [*dealt(game), TurnStarted(action.seat, 1), *events]
            for e in events:
                text = narrate(rules, e, lang)
                if text:
                    lines.append(text)

    result = play_match(rules, levels, game_seed(seed, index), max_turns, observer=observer)
    if lang is not None:
        words = catalogue(lang)["commands"]["simulate"]
        how = (words["capped"] if result.capped else words["draw"] if result.drawn or result.winner is None
               else words["won"].format(n=result.winner + 1, level=level_name(lang, levels[result.winner])))
        lines.append(words["end"].format(turns=result.turns, how=how))
    cells = rules.cells
    bids = tuple((levels[sale.seat], sale.amount / cells[sale.cell].price) for sale in result.auctions)
    return GameRecord(index, levels, result.winner, result.drawn, result.turns,
                      result.actions, tuple(result.landings), bids, "\n".join(lines))


def _parse(args: argparse.Namespace) -> tuple[list[str], int]:
    words = catalogue(args.lang)["commands"]["simulate"]
    if args.games < 1:
        raise UserError(words["games_min"])
    if args.max_turns < 1:
        raise UserError(words["turns_min"])
    if args.jobs < 1:
        raise UserError(words["jobs_min"])
    rules = rules_from_args(args, args.lang)
    seats = catalogue(args.lang)["commands"]["seats"]
    levels = [_seat(s.strip(), words, seats) for s in args.bots.split(",")]
    players = args.players
    if players is None:
        players = len(levels) if len(levels) > 1 else 4
    if not rules.min_players <= players <= rules.max_players:
        raise UserError(words["players_range"].format(min=rules.min_players, max=rules.max_players))
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        raise UserError(words["levels_count"].format(levels=len(levels), players=players))
    return levels, players


def _seat(spec: str, words: dict[str, str], seats: dict[str, str]) -> str:
    """A seat of --bots: a level, or a level and its temperament (`hard:bold`), as
    `play_match` takes it (a balanced seat as its level alone: the same games as before)."""
    level = spec.partition(TEMPERAMENT_MARK)[0]
    if level not in LEVELS:
        raise UserError(words["unknown_level"].format(level=repr(level), levels=", ".join(LEVELS)))
    level, mood = split_seat(spec, seats)
    return seat_spec(level, mood or Temperament.BALANCED)


def run(args: argparse.Namespace) -> int:
    if args.lang is None:
        from zemlevlasnyk.ui.words.language import preferred_language
        args.lang = preferred_language()
    words = catalogue(args.lang)["commands"]["simulate"]
    levels, players = _parse(args)
    if args.plots is not None:
        _check_plots(args.plots, args.lang)
    lang = args.lang if args.log else None
    rules = rules_from_args(args, args.lang)
    jobs = [((rules.preset, rules.options), seat_levels(levels, g), args.seed, g, args.max_turns, lang)
            for g in range(args.games)]
    started = time.perf_counter()
    progress = Progress(args.games, sys.stderr, words["progress"])
    records: list[GameRecord] = []
    with contextlib.ExitStack() as stack:
        log_file = None
        if args.log:
            try:
                log_file = stack.enter_context(open(args.log, "w", encoding="utf-8"))
            except OSError as exc:
                detail = os_reason(exc, args.lang)
                raise UserError(words["log_unwritable"].format(path=args.log, detail=detail)) from None
        stack.callback(progress.close)
        for record in _run_jobs(jobs, args.jobs):
            records.append(record)
            if log_file is not None:
                log_file.write(record.log + "\n\n")
            progress.update(len(records))
    elapsed = max(time.perf_counter() - started, 1e-9)
    records.sort(key=lambda r: r.number)
    summary = summarise(records, levels, players, elapsed, rules)
    print(format_summary(summary, args))
    if args.json:
        try:
            with open(args.json, "w", encoding="utf-8") as f:
                json.dump(summary, f, ensure_ascii=False, indent=1)
        except OSError as exc:
            raise UserError(words["json_unwritable"].format(path=args.json, detail=os_reason(exc, args.lang))) from None
    if args.plots is not None:
        print(_plots(args.plots, summary, rules, args.lang))
    return 0


def plots_files() -> str:
    from zemlevlasnyk.ui.cli.plots import HEAT_FILE, WINS_FILE
    return f"{HEAT_FILE}, {WINS_FILE}"


def _check_plots(folder: Path, lang: str) -> None:
    """Refuse a --plots folder that cannot be made before any game is played."""
    words = catalogue(lang)["commands"]["plots"]
    if not folder.parent.exists():
        raise UserError(words["no_folder"].format(path=str(folder), parent=str(folder.parent)))


def _plots(folder: Path, summary: Summary, rules: Ruleset, lang: str) -> str:
    """Draw the pictures into `folder` (made if missing, its parent must exist)."""
    from zemlevlasnyk.ui.cli.plots import write_plots
    words = catalogue(lang)["commands"]["plots"]
    try:
        folder.mkdir(exist_ok=True)
        written = write_plots(folder, summary, rules, lang, wilson)
    except OSError as exc:
        raise UserError(words["unwritable"].format(path=str(folder), detail=os_reason(exc, lang))) from None
    return str(words["written"].format(files=", ".join(str(p) for p in written)))


def _run_jobs(jobs: list[Job], workers: int) -> Iterator[GameRecord]:
    if workers == 1 or len(jobs) == 1:
        for job in jobs:
            yield _play_one(job)
        return
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(min(workers, os.cpu_count() or 1)) as pool:
        yield from pool.imap_unordered(_play_one, jobs, chunksize=1)


def summarise(records: list[GameRecord], levels: Sequence[str], players: int, elapsed: float,
              rules: Ruleset) -> Summary:
    by_seat = [0] * players
    by_level = {level: 0 for level in dict.fromkeys(levels)}
    seats_by_level = {level: 0 for level in by_level}
    landings = [0] * len(records[0].landings)
    for r in records:
        for level in r.levels:
            seats_by_level[level] += 1
        if r.winner is not None and not r.drawn:
            by_seat[r.winner] += 1
            by_level[r.levels[r.winner]] += 1
        for cell, count in enumerate(r.landings):
            landings[cell] += count
    return {
        "games": len(records),
        "players": players,
        "bots": list(levels),
        "seconds": round(elapsed, 3),
        "games_per_second": round(len(records) / elapsed, 3),
        "actions": sum(r.actions for r in records),
        "wins": {"by_seat": by_seat, "by_level": by_level},
        "seats_by_level": seats_by_level,
        "draws": sum(1 for r in records if r.drawn),
        "turns": [r.turns for r in records],
        "landings": landings,
        "auctions": auction_figures(records, list(by_level)),
        "rules": {"preset": rules.preset, "options": dict(rules.options)},
    }


def auction_figures(records: Sequence[GameRecord], levels: Sequence[str]) -> dict[str, AuctionFigures]:
    """Per level, the deeds it won at auction and the distribution of the winning bid over
    the deed's list price: quartiles, the 90th percentile, the largest, how many went above
    1.5x, and a histogram (`BID_RATIO_EDGES`: the count up to each edge, then above the last)."""
    ratios: dict[str, list[float]] = {level: [] for level in levels}
    for r in records:
        for level, ratio in r.bids:
            ratios[level].append(ratio)
    out: dict[str, AuctionFigures] = {}
    for level, found in ratios.items():
        found.sort()
        n = len(found)
        bins = [0] * (len(BID_RATIO_EDGES) + 1)
        for ratio in found:
            bins[next((i for i, edge in enumerate(BID_RATIO_EDGES) if ratio <= edge), len(BID_RATIO_EDGES))] += 1

        out[level] = {"won": n, "median": _quantile(found, 0.5),
                      "quartiles": [_quantile(found, 0.25), _quantile(found, 0.75)],
                      "p90": _quantile(found, 0.9), "max": _quantile(found, 1.0),
                      "above_1_5": sum(1 for ratio in found if ratio > 1.5),
                      "histogram": {"edges": list(BID_RATIO_EDGES), "counts": bins}}
    return out


def _quantile(ordered: Sequence[float], share: float) -> float | None:
    """The value `share` of the way up the sorted `ordered` (nearest rank), to 3 places."""
    if not ordered:
        return None
    return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 3)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def level_name(lang: str, level: str) -> str:
    """A seat's computer level in the report's language (the level's id when it has no
    words), with its temperament beside it when it has one: «складний (сміливий)»."""
    t = catalogue(lang)["ui"]
    name, mark, mood = level.partition(TEMPERAMENT_MARK)
    words = str(t["levels"].get(name, name))
    if not mark:
        return words
    said = catalogue(lang)["commands"]["simulate"]["level_temperament"]
    return str(said).format(level=words, temperament=form(lang, t["temperaments"][mood]))


def format_summary(s: Summary, args: argparse.Namespace) -> str:
    words = catalogue(args.lang)["commands"]["simulate"]["summary"]
    games = s["games"]
    turns = sorted(s["turns"])
    options = "".join(f", {name}={'on' if v is True else 'off' if v is False else v}"
                      for name, v in s["rules"]["options"].items())
    lines = [
        words["head"].format(games=games, players=s["players"],
                             bots=", ".join(level_name(args.lang, b) for b in s["bots"]), seed=args.seed,
                             cap=args.max_turns),
        words["rules"].format(preset=preset_name(s["rules"]["preset"], args.lang), options=options),
        words["speed"].format(seconds=f"{s['seconds']:.1f}", gps=f"{s['games_per_second']:.2f}",
                              # From the rate: a run of a few actions rounds `seconds` to 0.
                              aps=f"{s['actions'] * s['games_per_second'] / games:.0f}"),
        words["turns"].format(median=turns[len(turns) // 2], min=turns[0], max=turns[-1]),
        words["draws"].format(draws=s["draws"], share=f"{100 * s['draws'] / games:.1f}"),
        words["by_level"],
    ]
    for level, wins in s["wins"]["by_level"].items():
        # A level seated k times per game can win at most one of those seats.
        seats = s["seats_by_level"][level] / games
        lo, hi = wilson(wins, games)
        lines.append(words["level"].format(level=level_name(args.lang, level), wins=wins, share=100 * wins / games,
                                           lo=100 * lo, hi=100 * hi, seats=seats))
    lines.append(words["by_seat"].format(seats=", ".join(
        words["seat"].format(n=i + 1, wins=w) for i, w in enumerate(s["wins"]["by_seat"]))))
    if any(a["won"] for a in s["auctions"].values()):
        lines.append(words["auctions"])
        for level, a in s["auctions"].items():
            if a["won"]:
                lines.append(words["auction_level"].format(
                    level=level_name(args.lang, level), won=a["won"], median=a["median"], p90=a["p90"],
                    max=a["max"], above=a["above_1_5"]))
    return "\n".join(lines)


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int, out: TextIO, words: str) -> None:
        """`words`: the catalogue's line for `done`, `total` and `rate`."""
        self.total = total
        self.out = out
        self.words = words
        self.last = 0.0
        self.started = time.perf_counter()

    def update(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self.last < PROGRESS_INTERVAL_S:
            return
        self.last = now
        filled = PROGRESS_WIDTH * done // self.total
        rate = done / max(now - self.started, 1e-9)
        bar = f"[{'#' * filled}{'.' * (PROGRESS_WIDTH - filled)}]"
        self.out.write("\r" + bar + " " + self.words.format(done=done, total=self.total, rate=f"{rate:.1f}"))
        self.out.flush()

    def close(self) -> None:
        self.out.write("\n")
        self.out.flush()

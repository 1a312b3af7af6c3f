"""A `simulate` run's figures, as `--json` writes them and `--plots` draws them (a module
of their own, so the run and its pictures both read them without importing each other)."""
from __future__ import annotations

from typing import TypedDict

from zemlevlasnyk.engine import OptionValue


class Wins(TypedDict):
    by_seat: list[int]
    by_level: dict[str, int]


class RulesPlayed(TypedDict):
    preset: str
    options: dict[str, OptionValue]   # those that differ from the preset's


class Histogram(TypedDict):
    edges: list[float]   # the winning bid over the list price, up to each edge
    counts: list[int]    # how many up to each edge, then above the last


class AuctionFigures(TypedDict):
    """A level's deeds won at auction and its winning bids over the list price."""
    won: int
    median: float | None
    quartiles: list[float | None]
    p90: float | None
    max: float | None
    above_1_5: int
    histogram: Histogram


class Summary(TypedDict):
    """A run's figures, as `--json` writes them."""
    games: int
    players: int
    bots: list[str]
    seconds: float
    games_per_second: float
    actions: int
    wins: Wins
    seats_by_level: dict[str, int]
    draws: int
    turns: list[int]
    landings: list[int]
    auctions: dict[str, AuctionFigures]
    rules: RulesPlayed

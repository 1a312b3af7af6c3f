"""docs/DESIGN.md, "State and actions have a canonical serialisation": game states round-trip
exactly through `to_json`/`Game.from_json` (equal JSON, equal hash, same play afterwards),
mangled state data gives `BadState` and nothing else, and every action type round-trips
through `action_from_json` while garbage gives `BadAction`."""
from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from helpers.engine import RULES, act, give, new_game

from zemlevlasnyk.engine import (
    ACTION_TYPES,
    BANK,
    Auction,
    BadAction,
    BadState,
    Debt,
    DrawOffer,
    EngineError,
    Entropy,
    Game,
    Roll,
    Ruleset,
    Scripted,
    action_from_json,
    canonical_json,
)
from zemlevlasnyk.engine.actions import FAIR_ACTIONS, Action
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.match import play_match

# -- recording chance, so a restored copy can be replayed with the same outcomes -------------


class Recorder:
    """Passes an Entropy stream through and remembers what it gave, as a Scripted script."""

    def __init__(self, seed: bytes) -> None:
        self.inner = Entropy(seed)
        self.dice: list[int] = []
        self.picks: list[int] = []

    def roll(self, sides: int) -> int:
        value = self.inner.roll(sides)
        self.dice.append(value)
        return value

    def pick(self, options: Sequence[str]) -> int:
        value = self.inner.pick(options)
        self.picks.append(value)
        return value

    def take(self) -> Scripted:
        dice = self.dice
        script = Scripted(dice=list(zip(dice[::2], dice[1::2], strict=False)), picks=self.picks)
        self.dice, self.picks = [], []
        return script


def random_states(seed: int, players: int, max_turns: int = 120) -> list[dict[str, Any]]:
    """States of one random game, one after every action."""
    states: list[dict[str, Any]] = []
    play_match(RULES, ["random"] * players, seed, max_turns,
               observer=lambda game, action, events: states.append(game.to_json()))
    return states


@pytest.fixture(scope="module")
def sample_states() -> list[dict[str, Any]]:
    """A spread of states from several random games: every phase, jail, debts, the end."""
    out: list[dict[str, Any]] = []
    for seed in range(12):
        states = random_states(seed, 2 + seed % 3, max_turns=400)
        out += states[::17] + states[-1:]
    return out


# -- state round-trip -------------------------------------------------------------------------

def test_serialisation_round_trip_at_many_points(sample_states) -> None:
    phases = set()
    for data in sample_states:
        game = Game.from_json(data, RULES)
        assert game.to_json() == data
        assert game.state_hash() == Game.from_json(json.loads(canonical_json(data)),
                                                   RULES).state_hash()
        phases.add(data["phase"])
    assert {"pre_roll", "post_roll", "buy", "auction", "over"} <= phases


def test_serialisation_state_is_plain_canonical_json(sample_states) -> None:
    for data in sample_states[:50]:
        text = canonical_json(data)
        assert json.loads(text) == data


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_serialisation_restored_game_plays_on_identically(seed: int) -> None:
    """After every action, a game rebuilt from JSON takes the next action to the same state."""
    players = 2 + seed % 3
    bots = [make_bot("random", seed * 10 + i) for i in range(players)]
    chance = Recorder(bytes([seed]))
    game = Game.new(RULES, players, first=0)
    for _ in range(600):
        if game.outcome() is not None:
            break
        seat = game.pending()[0].seat
        action = bots[seat].choose(game, seat)
        twin = Game.from_json(game.to_json(), RULES)
        events = game.apply(action, chance)
        assert twin.apply(action, chance.take()) == events
        assert twin.state_hash() == game.state_hash()


def test_serialisation_copy_is_independent_and_equal(sample_states) -> None:
    for data in sample_states[:40]:
        game = Game.from_json(data, RULES)
        twin = game.copy()
        assert twin.to_json() == data
        twin.cash[0] += 1
        twin.owner[1] = 0 if twin.owner[1] != 0 else 1
        if twin.auction is not None:
            a = twin.auction
            twin.auction = Auction(a.cell, (*a.bidders, 9), a.turn, a.high, a.high_bidder, a.lot, a.resume)
        if twin.draw is not None:
            twin.draw = DrawOffer(twin.draw.by, (*twin.draw.accepted, 9))
        twin.debts.append(Debt(0, BANK, 1, "x"))
        twin.proposed_to.append(9)
        assert game.to_json() == data


def test_serialisation_other_ruleset_is_refused() -> None:
    data = Game.new(RULES, 2, first=0).to_json()
    other = copy.deepcopy(RULES.data)
    other["start_cash"] = 1
    with pytest.raises(BadState):
        Game.from_json(data, Ruleset(other))


# -- mangled state data ---------------------------------------------------------------------

JUNK: list[Any] = [None, True, False, 0, -1, 1, 2, 3, 7, 39, 40, 10**30, -(10**30), 1.5, "",
                   "x", "pre_roll", "post_roll", "buy", "auction", "debt", "trade", "over",
                   "jail_move", "finish_move", "release", [], [0], [None], [[]], [1, 1], {},
                   {"a": 1}, {"by": 0, "accepted": []}]


def mangled(data: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """Every state with one field or one list item replaced by junk, or one field gone."""
    for key in data:
        gone = dict(data)
        del gone[key]
        yield f"-{key}", gone
        for junk in JUNK:
            if junk != data[key] or type(junk) is not type(data[key]):
                yield f"{key}={junk!r}", {**data, key: junk}
        value = data[key]
        if isinstance(value, list):
            yield f"{key}[:-1]", {**data, key: value[:-1]}
            yield f"{key}+", {**data, key: value + value[:1]}
            for i in range(min(len(value), 5)):
                for junk in JUNK[:14]:
                    items = list(value)
                    items[i] = junk
                    yield f"{key}[{i}]={junk!r}", {**data, key: items}
        if isinstance(value, dict):
            for sub in value:
                for junk in JUNK:
                    yield f"{key}.{sub}={junk!r}", {**data, key: {**value, sub: junk}}
                yield f"{key}-{sub}", {**data, key: {k: v for k, v in value.items() if k != sub}}
    yield "extra", {**data, "extra": 1}


def loads_or_bad_state(data: Any, rules: Ruleset = RULES) -> Game | None:
    """from_json raises BadState or gives a game that answers every query without error."""
    try:
        game = Game.from_json(data, rules)
    except BadState:
        return None
    again = game.to_json()
    assert Game.from_json(again, rules).to_json() == again
    game.state_hash()
    game.outcome()
    for seat in range(game.players):
        game.legal(seat)
        action = game.safe_action(seat)
        if action is not None:
            game.is_legal(action)
    chance = Entropy(b"mangled")
    for _ in range(20):                     # the clock plays on with no error but its own
        if game.outcome() is not None:
            break
        decision = game.pending()[0]
        try:
            game.apply(game.safe_action(decision.seat, decision.kind), chance)
        except EngineError:
            break
    return game


def test_serialisation_mangled_states_give_bad_state(sample_states) -> None:
    picks = {}
    for data in sample_states:
        picks.setdefault(data["phase"], data)
        if data["draw"] is not None:
            picks.setdefault("draw", data)
        if data["debts"]:
            picks.setdefault("debts", data)
    assert {"auction", "buy", "over"} <= set(picks)
    for data in picks.values():
        for label, bad in mangled(data):
            try:
                loads_or_bad_state(bad)
            except BadState:
                raise
            except Exception as exc:
                raise AssertionError(f"{label}: {exc!r}") from exc


@pytest.mark.parametrize("data", [None, 1, "state", [], [{}], {}, {"format": 1},
                                  {"format": 2}])
def test_serialisation_not_a_state(data: Any) -> None:
    with pytest.raises(BadState):
        Game.from_json(data, RULES)


# -- actions ----------------------------------------------------------------------------------

SAMPLE_FIELDS = {"seat": 2, "amount": 12_345, "cell": 39, "to": 1, "direction": -1, "start": 150, "take_cell": 5,
                 "give_cell": 6, "give": [1, 3], "take": [], "money": -500, "card": "char_fox", "target_seat": 1,
                 "target_cell": None, "choice": 0, "steps": 6, "cards": ["news_certificate"]}
# Fields that may be null (a power without a target or a choice): null is no junk for them.
OPTIONAL_FIELDS = ("target_seat", "target_cell", "choice")


def sample_action(kind: str) -> dict[str, Any]:
    cls = ACTION_TYPES[kind]
    out: dict[str, Any] = {"type": kind}
    for name in cls.__match_args__:
        out[name] = SAMPLE_FIELDS[name]
    return out


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
def test_serialisation_action_round_trips(kind: str) -> None:
    data = sample_action(kind)
    action = action_from_json(data)
    assert type(action) is ACTION_TYPES[kind] and isinstance(action, Action)
    assert action.to_json() == data
    assert action_from_json(json.loads(canonical_json(action.to_json()))) == action


def test_serialisation_every_action_type_listed() -> None:
    assert len(ACTION_TYPES) == 28 + len(FAIR_ACTIONS)
    assert all(kind == cls.TYPE for kind, cls in ACTION_TYPES.items())


@pytest.mark.parametrize("kind", sorted(ACTION_TYPES))
def test_serialisation_action_garbage_gives_bad_action(kind: str) -> None:
    good = sample_action(kind)
    bad: list[Any] = [{**good, "extra": 1}, {**good, "type": kind.upper()}]
    for name in good:
        if name == "type":
            continue
        if name != "cards":                   # a trade without kept cards leaves them out
            bad.append({k: v for k, v in good.items() if k != name})
        junk: tuple[Any, ...] = (None, True, 1.0, "1", {}, 2**60, -(2**60))
        if name in OPTIONAL_FIELDS:
            junk = junk[1:]
        elif name == "card":
            junk = (None, True, 1, 1.0, {}, [], "", "x" * 65)
        elif name == "cards":
            junk = (None, True, 1, "x", {}, [1], [""], ["x" * 65], [None], ["x"] * 65)
        for value in junk:
            bad.append({**good, name: value})
        if name in ("give", "take"):
            bad += [{**good, name: [True]}, {**good, name: ["1"]}, {**good, name: [0] * 65},
                    {**good, name: 3}]
    for data in bad:
        with pytest.raises(BadAction):
            action_from_json(data)


@pytest.mark.parametrize("data", [None, 1, "roll", [], ["roll"], {}, {"type": None},
                                  {"type": "fly"}, {"type": ["roll"]}, {"seat": 0},
                                  {"type": "roll", 1: 2}])
def test_serialisation_not_an_action(data: Any) -> None:
    with pytest.raises(BadAction):
        action_from_json(data)


def test_serialisation_jail_move_needs_a_jailed_debtor() -> None:
    """Settling a debt with `jail_move` pending moves the token out of jail by the dice: a
    state saying so for a player not in jail, or with no dice, cannot be a game."""
    game = new_game(2)
    give(game, 1, 5, 15, 25, 35)
    give(game, 0, 39)
    game.cash[0] = 5_000
    act(game, Roll(0), dice=[(2, 3)])
    data = game.to_json()
    assert data["phase"] == "debt" and data["resume"] == "finish_move"
    for bad in ({**data, "resume": "jail_move"}, {**data, "resume": "jail_move", "dice": None}):
        with pytest.raises(BadState):
            Game.from_json(bad, RULES)

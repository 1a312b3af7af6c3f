"""The engine's small values (events, actions, an auction, a trade offer, a draw offer, a debt,
a ruleset's cells and cards, a house rule's spec) are slotted classes built field by field
for speed (engine/values.py says why): each must list its fields once and set every one of
them, compare and hash as a value, and never change once built. An auction's next state (a
pass, a bid) must carry every field it does not change, including any field added to
`Auction` later."""
from __future__ import annotations

import inspect
from typing import Any

import pytest

from zemlevlasnyk.engine import EVENT_TYPES, Entropy, Event, Game, Legal, Outcome, load_rules
from zemlevlasnyk.engine.actions import ACTION_TYPES, Action
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.trading import Deal
from zemlevlasnyk.engine.options import OptionSpec
from zemlevlasnyk.engine.rules import Card, Cell
from zemlevlasnyk.engine.state import Auction, Debt, DrawOffer, TradeOffer
from zemlevlasnyk.engine.values import Value

# Typed Any: each class is called with its own fields, which the base does not declare.
VALUE_CLASSES: list[type[Any]] = [*EVENT_TYPES.values(), Auction, TradeOffer, DrawOffer, Debt, Legal, Outcome,
                                  Deal, Cell, Card, OptionSpec]


def _marked(cls: type[Any]) -> tuple[Value, list[object]]:
    """An instance of `cls` whose every field holds its own marker object."""
    marks = [object() for _ in cls.__match_args__]
    return cls(*marks), marks


@pytest.mark.parametrize("cls", VALUE_CLASSES, ids=lambda c: c.__name__)
def test_values_list_their_fields_once_and_set_each(cls: type[Any]) -> None:
    assert "__slots__" in vars(cls) and cls.__slots__ == cls.__match_args__
    params = list(inspect.signature(cls).parameters)
    assert params == list(cls.__match_args__)
    value, marks = _marked(cls)
    assert [getattr(value, name) for name in cls.__match_args__] == marks
    assert all(getattr(value, name) is mark for name, mark in zip(cls.__match_args__, marks, strict=True))
    assert not hasattr(value, "__dict__"), "a value class without __slots__ somewhere in its bases"


@pytest.mark.parametrize("cls", VALUE_CLASSES, ids=lambda c: c.__name__)
def test_values_compare_and_hash_by_kind_and_fields(cls: type[Any]) -> None:
    fields = list(range(1, len(cls.__match_args__) + 1))
    a, b = cls(*fields), cls(*fields)
    assert a == b and hash(a) == hash(b) and a is not b
    if fields:
        assert a != cls(*fields[:-1], 99)
    others = [other for other in VALUE_CLASSES if other is not cls and len(other.__match_args__) == len(fields)]
    assert all(a != other(*fields) for other in others)
    shown = ", ".join(f"{name}={v!r}" for name, v in zip(cls.__match_args__, fields, strict=True))
    assert repr(a) == f"{cls.__name__}({shown})"


@pytest.mark.parametrize("cls", list(ACTION_TYPES.values()), ids=lambda c: c.__name__)
def test_actions_list_their_fields_seat_first_and_set_each(cls: type[Any]) -> None:
    """An action's fields are `seat` (the base's slot) and then its own slots, in the order
    its constructor takes them; it compares by kind and fields and hashes by its fields alone,
    as the frozen dataclasses they replaced did (the same hash in every process)."""
    names = cls.__match_args__
    assert names[0] == "seat" and "__slots__" in vars(cls) and cls.__slots__ == names[1:]
    assert list(inspect.signature(cls).parameters) == list(names)
    value, marks = _marked(cls)
    assert all(getattr(value, name) is mark for name, mark in zip(names, marks, strict=True))
    assert not hasattr(value, "__dict__")
    fields = list(range(1, len(names) + 1))
    a, b = cls(*fields), cls(*fields)
    assert a == b and hash(a) == hash(b) == hash(tuple(fields)) and a is not b
    assert a != cls(*fields[:-1], 99)
    assert all(a != other(*fields) for other in ACTION_TYPES.values()
               if other is not cls and len(other.__match_args__) == len(names))
    shown = ", ".join(f"{name}={v!r}" for name, v in zip(names, fields, strict=True))
    assert repr(a) == f"{cls.__name__}({shown})"
    source = inspect.getsource(cls.__init__)
    assert all(f"self.{name}: Final = {name}\n" in source for name in names[1:])


def test_values_are_final_for_the_type_checker() -> None:
    """Immutability is by intent, kept by mypy: every field is declared Final in __init__."""
    for cls in VALUE_CLASSES:
        if cls.__match_args__:
            source = inspect.getsource(cls.__init__)
            for name in cls.__match_args__:
                assert f"self.{name}: Final = {name}\n" in source, f"{cls.__name__}.{name}"


def test_events_never_change_after_they_are_emitted() -> None:
    """Whole games at every level (house rules on, so that every mechanism runs): each event's
    JSON when the engine emitted it is its JSON at the end."""
    rules = load_rules("zemlevlasnyk", {"pot": True, "mortgage_fee": True, "bankrupt_deeds": "auction",
                                        "building_limits": True})
    kept: list[tuple[Event, dict[str, Any]]] = []
    for seed, levels in enumerate((("hard", "medium", "easy", "random"), ("random",) * 3)):
        chance = Entropy(bytes([seed + 1]))
        bots = [make_bot(level, bytes([seed, i])) for i, level in enumerate(levels)]
        game = Game.new(rules, len(levels), chance=chance)
        while game.outcome() is None and game.turn < 300:
            seat = game.pending()[0].seat
            action: Action = bots[seat].choose(game, seat)
            kept += [(e, e.to_json()) for e in game.apply(action, chance)]
    assert len({type(e) for e, _ in kept}) >= 25
    assert all(e.to_json() == seen for e, seen in kept)


def _auction_with_marked_fields() -> tuple[Auction, dict[str, Any]]:
    """An auction whose every field beyond the bidding ones holds a marker object (of no
    field's type: only identity is checked)."""
    bidding: dict[str, Any] = {"cell": 3, "bidders": (2, 0, 1), "turn": 1, "high": 40, "high_bidder": 2,
                               "start": 0, "step": 0}
    marks: dict[str, Any] = {name: object() for name in Auction.__match_args__ if name not in bidding}
    return Auction(**bidding, **marks), marks


def test_auction_pass_takes_the_bidder_out_and_keeps_every_other_field() -> None:
    auction, marks = _auction_with_marked_fields()
    after = auction.passed()
    assert (after.bidders, after.turn, after.high, after.high_bidder, after.cell) == ((2, 1), 1, 40, 2, 3)
    assert all(getattr(after, name) is mark for name, mark in marks.items())
    assert Auction(3, (2, 0, 1), turn=2).passed().turn == 0


def test_auction_bid_passes_the_turn_on_and_keeps_every_other_field() -> None:
    auction, marks = _auction_with_marked_fields()
    after = auction.outbid(0, 55)
    assert (after.bidders, after.turn, after.high, after.high_bidder, after.cell) == ((2, 0, 1), 2, 55, 0, 3)
    assert all(getattr(after, name) is mark for name, mark in marks.items())
    assert after.outbid(1, 60).turn == 0 and after.step == 0


def test_auction_stepped_bid_sets_the_step_it_beat_the_highest_by() -> None:
    auction = Auction(1, (1, 2, 3), start=60)
    after = auction.outbid(1, 65)
    assert (after.high, after.step, after.start) == (65, 5, 60)
    after = after.outbid(2, 100)
    assert (after.high, after.step) == (100, 35) and after.passed().step == 35
    assert Auction(1, (1, 2), start=60).outbid(1, 60).step == 1

"""Shared helpers for the engine's rule tests: scripted games, cell lookup, event filters.

Rule tests set positions and ownership by assigning state fields directly (the state is a
plain mutable object) and script every die and card with `Scripted`.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from zemlevlasnyk.engine import (
    BANK,
    Action,
    DeclineTrade,
    EndTurn,
    Event,
    Game,
    IllegalAction,
    OptionKind,
    OptionSpec,
    OptionValue,
    Phase,
    ProposeTrade,
    Ruleset,
    Scripted,
    load_preset,
    option_specs,
)
from zemlevlasnyk.engine.events import Paid

RULES = load_preset("zemlevlasnyk")


def cell(name: str, rules: Ruleset = RULES) -> int:
    """The index of the cell with this Ukrainian name (the first one, for Фортуна)."""
    for c in rules.cells:
        if c.name["uk"] == name:
            return c.index
    raise KeyError(name)


def new_game(players: int = 2, first: int = 0, rules: Ruleset = RULES) -> Game:
    return Game.new(rules, players, first=first)


def act(game: Game, action: Action, dice: Sequence[tuple[int, ...]] = (),
        cards: Sequence[str] = ()) -> list[Event]:
    """Apply `action` with exactly the scripted chance given (all of it must be used)."""
    chance = Scripted(dice=dice, cards=cards)
    events = game.apply(action, chance)
    assert chance.used_up, "the scripted dice or cards were not all used"
    return events


def assert_illegal(game: Game, action: Action, rule: str,
                   dice: Sequence[tuple[int, int]] = ((1, 2),)) -> None:
    """`action` raises IllegalAction naming `rule` and leaves the state exactly as it was."""
    before = game.to_json()
    with pytest.raises(IllegalAction) as info:
        game.apply(action, Scripted(dice=dice, cards=[c.id for c in game.rules.cards]))
    assert info.value.rule == rule, info.value
    assert game.to_json() == before
    assert not game.is_legal(action)


def give(game: Game, seat: int, *cells: int) -> None:
    for c in cells:
        game.owner[c] = seat


def built(game: Game, seat: int, counts: dict[int, int]) -> None:
    """Give `seat` these streets with this many buildings each."""
    for c, n in counts.items():
        game.owner[c] = seat
        game.buildings[c] = n


def hold(game: Game, seat: int, *cards: str) -> None:
    """Give `seat` these kept cards (by id) as if it had drawn them."""
    for card in cards:
        index = game.rules.card_index[card]
        game.deck.remove(index)
        game.cards_held[seat].append(index)


def of_type(events: list[Event], kind: str) -> list[dict[str, Any]]:
    """The events of one kind, in their JSON form (what logs and the narrator's tests see)."""
    return [e.to_json() for e in events if kind == e.TYPE]


def payments(events: list[Event]) -> list[tuple[int | None, int | None, int, str]]:
    """Every `paid` event as (from, to, amount, reason); None is the bank."""
    return [(e.from_seat, e.to_seat, e.amount, e.reason) for e in events if isinstance(e, Paid)]


def decisions(game: Game) -> list[tuple[int, str]]:
    return [(d.seat, d.kind) for d in game.pending()]


__all__ = ["BANK", "RULES", "act", "assert_illegal", "built", "cell", "decisions", "give", "hold", "new_game",
           "of_type", "payments"]


def switched(spec: OptionSpec) -> OptionValue:
    """A value other than the preset's default, for every kind of option."""
    if spec.kind is OptionKind.SWITCH:
        return not spec.default
    if spec.kind is OptionKind.CHOICE:
        return next(c for c in spec.choices if c != spec.default)
    assert isinstance(spec.default, int) and spec.minimum is not None and spec.maximum is not None
    if spec.name == "turn_cap":
        return 120                      # ends many games at the cap, so the cap's end is soaked too
    if spec.default == 0:
        # Off by default (deeds dealt, a time limit): the least value that switches it on,
        # and two deeds rather than one so the deal goes round twice.
        return max(spec.minimum, min(2, spec.maximum))
    return spec.default * 2 if spec.default * 2 <= spec.maximum else max(spec.minimum, spec.default // 2)


def all_switched(preset: str) -> dict[str, OptionValue]:
    return {spec.name: switched(spec) for spec in option_specs(preset)}


def offers_made(game: Game, bot: Any, turns: int, *, answer: Callable[[int], Action] = DeclineTrade,
                between: Callable[[Game, int], None] | None = None, advance: int | None = None
                ) -> list[ProposeTrade]:
    """Seat 0's after-roll decisions (a bot's `choose`) on `turns` turns of its own, `advance`
    turns apart (default: a round, `game.players`), every offer answered at once by its
    partner with `answer(seat)`; `between(game, n)` may change the position before turn n.
    The offers made, in order."""
    offers = []
    for n in range(turns):
        if between is not None:
            between(game, n)
        game.active, game.phase, game.proposed_to, game.reroll = 0, Phase.POST_ROLL, [], False
        game.turn += game.players if advance is None else advance
        for _ in range(50):
            action = bot.choose(game, 0)
            assert game.is_legal(action)
            if isinstance(action, EndTurn):
                break
            game.apply(action)
            if isinstance(action, ProposeTrade):
                offers.append(action)
                assert game.trade is not None
                game.apply(answer(action.to))
    return offers

"""RULES.md, "Other rule sets": every number comes from the ruleset data, so a preset with
other numbers plays them; data the engine could not play is refused, naming the place."""
from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from helpers.engine import RULES, payments

from zemlevlasnyk.engine import (
    Game,
    PayJailFee,
    Phase,
    Roll,
    Ruleset,
    RulesetError,
    Scripted,
    digest,
    load_preset,
    preset_names,
)


def variant(change: Callable[[dict[str, Any]], None]) -> Ruleset:
    data = copy.deepcopy(RULES.data)
    change(data)
    return Ruleset(data)


def test_rulesets_default_preset_is_packaged() -> None:
    assert "zemlevlasnyk" in preset_names()
    assert load_preset() is load_preset("zemlevlasnyk")
    assert RULES.digest == digest(RULES.data) and len(RULES.digest) == 64
    with pytest.raises(RulesetError):
        load_preset("no-such-preset")


def test_rulesets_numbers_come_from_the_data() -> None:
    def classic_money(d: dict[str, Any]) -> None:
        d["start_cash"] = 1_500
        d["start_salary"] = 200
        d["jail"]["fee"] = 50
        d["cells"][4]["amount"] = 200

    rules = variant(classic_money)
    game = Game.new(rules, 2, first=0)
    assert game.cash == [1_500, 1_500]
    game.pos[0] = 38
    events = game.apply(Roll(0), Scripted(dice=[(2, 4)]))     # past Старт onto the tax
    assert payments(events) == [(None, 0, 200, "start_salary"), (0, None, 200, "tax")]
    game.pos[1], game.jailed[1], game.active, game.phase = 10, True, 1, Phase.PRE_ROLL
    assert payments(game.apply(PayJailFee(1))) == [(1, None, 50, "jail_fee")]


def test_rulesets_state_is_tied_to_its_ruleset() -> None:
    rules = variant(lambda d: d.__setitem__("start_cash", 1_500))
    assert rules.digest != RULES.digest
    game = Game.new(rules, 2, first=0)
    assert Game.from_json(game.to_json(), rules).to_json() == game.to_json()


@pytest.mark.parametrize("change, place", [
    (lambda d: d.pop("cells"), "ruleset.cells"),
    (lambda d: d["cells"][5].__setitem__("kind", "castle"), "cells[5].kind"),
    (lambda d: d["cells"][1].__setitem__("group", "violet"), "cells[1].group"),
    (lambda d: d["cells"][1].__setitem__("price", "5000"), "cells[1].price"),
    (lambda d: d["cells"][0].__setitem__("kind", "free"), "cells[0]"),
    (lambda d: d["jail"].__setitem__("cell", 11), "jail.cell"),
    (lambda d: d.__setitem__("street_rent_multipliers", [1, 5]), "street_rent_multipliers"),
    (lambda d: d["cards"][1].__setitem__("id", "advance_to_start"), "cards"),
    (lambda d: d["cards"][0].__setitem__("cell", 40), "cards[0].cell"),
    (lambda d: d["cards"][0].__setitem__("effect", "teleport"), "cards[0].effect"),
    (lambda d: d["dice"].__setitem__("count", 3), "dice.count"),
    (lambda d: d["players"].__setitem__("min", 1), "players.min"),
    (lambda d: d.__setitem__("start_cash", True), "ruleset.start_cash"),
])
def test_rulesets_unplayable_data_is_refused(change: Callable[[dict[str, Any]], None],
                                             place: str) -> None:
    with pytest.raises(RulesetError) as info:
        variant(change)
    assert place in str(info.value)

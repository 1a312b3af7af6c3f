"""Computer players on every preset and house rule (issue 11): they finish games under each
option switched from its default, answer the new decisions sensibly (the cheaper tax, a
premium for the bank's last house only when the rent pays for it) and take every amount from
the ruleset, never from a number of their own."""
from __future__ import annotations

import ast

import pytest
from helpers.engine import switched
from helpers.paths import REPO

from zemlevlasnyk.engine import (
    Build,
    Game,
    PassBid,
    PayTax,
    PayTaxPercent,
    Phase,
    Roll,
    Scripted,
    load_rules,
    option_specs,
)
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.match import play_match

BOTS = REPO / "engine" / "bots"
# Long enough for thinking bots to buy, build, trade and go bankrupt; short enough to be quick.
TURNS = 160
# A literal this large in a bot is an amount of money or a count of turns: those must come from
# the ruleset or be a named constant (bots play presets whose money differs a hundredfold).
LARGEST_BARE_NUMBER = 100


@pytest.mark.parametrize("preset", ["zemlevlasnyk", "klasyka", "kazka"])
def test_bots_finish_games_under_every_option(preset: str) -> None:
    for n, spec in enumerate(option_specs(preset)):
        rules = load_rules(preset, {spec.name: switched(spec)})
        result = play_match(rules, ["hard", "medium", "easy"], n, TURNS)   # MatchStalled if a bot loops
        assert result.actions > 0


def test_bots_pay_the_cheaper_tax() -> None:
    rules = load_rules("klasyka")
    for cash, expected in ((1500, PayTaxPercent), (2500, PayTax)):
        game = Game.new(rules, 2, first=0)
        game.cash[0] = cash
        game.apply(Roll(0), Scripted(dice=[(1, 3)]))
        assert game.phase is Phase.TAX
        for level in ("easy", "medium", "hard", "random", "idle"):
            action = make_bot(level, 1).choose(game, 0)
            if level != "random":
                assert type(action) is expected, level
            assert game.is_legal(action)


def _last_house(cash: int) -> Game:
    game = Game.new(load_rules("klasyka"), 2, first=0)
    for c, n in {6: 4, 8: 4, 9: 4, 11: 4, 13: 4, 14: 4}.items():
        game.owner[c], game.buildings[c] = 0, n
    for c, n in {16: 1, 18: 1, 19: 1, 37: 2, 39: 2}.items():   # 31 houses in all: one left
        game.owner[c], game.buildings[c] = 1, n
    game.owner[1] = game.owner[3] = 0
    game.cash[1] = cash
    game.apply(Build(0, 1))
    game.apply(PassBid(0))
    return game


def test_bots_bid_for_the_last_house_only_when_it_pays() -> None:
    rich = _last_house(5000)
    assert rich.main_seat() == 1
    hard = make_bot("hard", 3).choose(rich, 1)
    assert not isinstance(hard, PassBid) and rich.is_legal(hard)      # a third house on Хрещатик pays a premium
    assert isinstance(make_bot("easy", 3).choose(rich, 1), PassBid)    # easy never pays above the price
    poor = _last_house(210)
    assert isinstance(make_bot("hard", 3).choose(poor, 1), PassBid)   # it could not keep its reserve


def test_bots_name_every_large_number() -> None:
    """No bare number above LARGEST_BARE_NUMBER in the bots' code: amounts come from the
    ruleset (or a named module constant with its reason)."""
    for path in sorted(BOTS.glob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        named = {id(n) for node in tree.body if isinstance(node, (ast.Assign, ast.AnnAssign)) for n in ast.walk(node)}
        bare = [(n.lineno, n.value) for n in ast.walk(tree)
                if isinstance(n, ast.Constant) and type(n.value) in (int, float)
                and abs(n.value) > LARGEST_BARE_NUMBER and id(n) not in named]
        assert bare == [], f"{path.name}: {bare}"

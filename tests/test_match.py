"""The headless match runner: deterministic from its seed, and it refuses to hang."""
from __future__ import annotations

import pytest

from engine import Game, load_preset
from engine.bots import LEVELS
from engine import match
from engine.match import MatchStalled, play_match


def test_match_replays_exactly_from_its_seed() -> None:
    rules = load_preset()
    a = play_match(rules, ["random", "idle", "random"], 42, 120)
    b = play_match(rules, ["random", "idle", "random"], 42, 120)
    assert a.game.state_hash() == b.game.state_hash()
    assert (a.actions, a.turns, a.landings) == (b.actions, b.turns, b.landings)
    c = play_match(rules, ["random", "idle", "random"], 43, 120)
    assert c.game.state_hash() != a.game.state_hash()


def test_match_counts_every_move_once_in_landings() -> None:
    rules = load_preset()
    result = play_match(rules, ["idle"] * 2, 5, 50)
    moves = []
    play_match(rules, ["idle"] * 2, 5, 50,
               observer=lambda g, a, ev: moves.extend(e for e in ev if e["type"] == "came_to_rest"))
    assert sum(result.landings) == len(moves) > 0


def test_a_looping_bot_stalls_the_match_with_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stuck:
        level = "stuck"

        def __init__(self, seed: bytes) -> None:
            self.flip = False

        def choose(self, game: Game, seat: int):
            # The rules make every endless loop cost money (here 10% per redemption), so a
            # looping bot runs out of cash eventually; the guard stops it long before.
            cell = 1
            if game.owner[cell] != seat:
                game.owner[cell] = seat
            legal = game.legal(seat).actions
            for a in legal:
                if getattr(a, "cell", None) == cell:
                    return a
            return game.safe_action(seat)

    monkeypatch.setitem(LEVELS, "stuck", Stuck)
    monkeypatch.setattr(match, "MAX_ACTIONS_PER_TURN", 100)
    with pytest.raises(MatchStalled, match="100 actions"):
        play_match(load_preset(), ["stuck", "idle"], 1, 10)

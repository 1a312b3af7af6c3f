"""The headless match runner: deterministic from its seed, and it refuses to hang."""
from __future__ import annotations

import pytest

from zemlevlasnyk.engine import Event, Game, Phase, load_preset, load_rules
from zemlevlasnyk.engine.bots import LEVELS, match
from zemlevlasnyk.engine.bots.match import AuctionSale, MatchStalled, play_match
from zemlevlasnyk.engine.events import AuctionWon, CameToRest


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
               observer=lambda g, a, ev: moves.extend(e for e in ev if isinstance(e, CameToRest)))
    assert sum(result.landings) == len(moves) > 0


@pytest.mark.parametrize("options", [{}, {"bankrupt_deeds": "auction"}])
def test_match_keeps_every_deed_won_at_auction_as_the_events_tell_it(options: dict[str, object]) -> None:
    """The sales read off the state in a quiet run are the deed auctions the events tell."""
    rules = load_rules("zemlevlasnyk", options)
    for seed in range(3):
        levels = ["hard", "medium", "easy", "random"]
        quiet = play_match(rules, levels, seed, 400)
        told: list[AuctionSale] = []

        def tell(game: Game, action: object, events: list[Event], told: list[AuctionSale] = told) -> None:
            told.extend(AuctionSale(e.seat, e.cell, e.amount) for e in events if isinstance(e, AuctionWon))

        play_match(rules, levels, seed, 400, observer=tell)
        assert quiet.auctions == told
        assert told


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


def _rests(events: list[Event]) -> list[int]:
    return [e.cell for e in events if isinstance(e, CameToRest)]


def test_landings_a_moving_card_counts_only_on_its_destination() -> None:
    from zemlevlasnyk.engine import Roll, Scripted
    game = Game.new(load_preset(), 2, first=0)
    events = game.apply(Roll(0), Scripted(dice=[(1, 1)], cards=["back_three"]))
    assert _rests(events) == [39]


def test_landings_jail_card_go_to_jail_cell_and_third_double_count_on_the_jail() -> None:
    from zemlevlasnyk.engine import Roll, Scripted
    rules = load_preset()
    game = Game.new(rules, 2, first=0)
    assert _rests(game.apply(Roll(0), Scripted(dice=[(1, 1)], cards=["go_to_jail"]))) == [10]
    game = Game.new(rules, 2, first=0)
    game.pos[0] = 24
    assert _rests(game.apply(Roll(0), Scripted(dice=[(3, 3)]))) == [10]  # 24 + 6 = До в'язниці
    game = Game.new(rules, 2, first=0)
    game.doubles = 2
    game.reroll = True
    game.phase = Phase.POST_ROLL
    assert _rests(game.apply(Roll(0), Scripted(dice=[(2, 2)]))) == [10]  # the third double
    assert game.pos[0] == 10 and game.jailed[0] and game.active == 1


def test_landings_a_failed_roll_in_jail_is_not_a_move() -> None:
    from zemlevlasnyk.engine import RollForDouble, Scripted
    game = Game.new(load_preset(), 2, first=0)
    game.pos[0] = 10
    game.jailed[0] = True
    assert _rests(game.apply(RollForDouble(0), Scripted(dice=[(1, 2)]))) == []
    game2 = Game.new(load_preset(), 2, first=0)
    game2.pos[0] = 10
    game2.jailed[0] = True
    assert _rests(game2.apply(RollForDouble(0), Scripted(dice=[(2, 2)]))) == [14]


QUIET_TABLES = (
    ("zemlevlasnyk", {}, ("hard", "medium", "easy", "random"), 1),
    ("zemlevlasnyk", {}, ("random", "random", "idle"), 2),
    ("zemlevlasnyk", {"pot": True, "mortgage_fee": True, "bankrupt_deeds": "auction", "building_limits": True,
                      "start_bonus": True}, ("hard", "medium", "easy", "random"), 3),
    ("klasyka", {"auctions": False}, ("random", "easy", "medium"), 4),
)


@pytest.mark.parametrize(("preset", "options", "levels", "seed"), QUIET_TABLES)
def test_match_quiet_apply_changes_the_state_as_apply_does(
        preset: str, options: dict[str, object], levels: tuple[str, ...], seed: int) -> None:
    """Every action of whole games applied twice, with its events and without
    (`_apply_quietly`, the match loop's own path): the same state after each one, and the
    cells reported are the events' CameToRest cells."""
    from zemlevlasnyk.engine import Entropy, load_rules
    from zemlevlasnyk.engine.bots import make_bot

    rules = load_rules(preset, options)
    chance, twin_chance = Entropy(bytes([seed])), Entropy(bytes([seed]))
    bots = [make_bot(level, bytes([seed, i])) for i, level in enumerate(levels)]
    game = Game.new(rules, len(levels), chance=chance)
    twin = Game.new(rules, len(levels), chance=twin_chance)
    kinds: set[str] = set()
    while game.outcome() is None and game.turn <= 400:
        seat = game.pending()[0].seat
        action = bots[seat].choose(game, seat)
        events = game._apply(action, chance)
        assert twin._apply_quietly(action, twin_chance) == _rests(events)
        assert twin.state_hash() == game.state_hash()
        kinds.update(e.TYPE for e in events)
    assert len(kinds) >= 15


@pytest.mark.parametrize("levels", [("idle",) * 4, ("hard", "medium", "easy", "random")])
def test_match_with_and_without_an_observer_plays_the_same_game(levels: tuple[str, ...]) -> None:
    rules = load_preset()
    quiet = play_match(rules, levels, 11, 1000)
    watched = play_match(rules, levels, 11, 1000, observer=lambda g, a, ev: None)
    assert quiet.game.state_hash() == watched.game.state_hash()
    assert (quiet.actions, quiet.turns, quiet.landings) == (watched.actions, watched.turns, watched.landings)

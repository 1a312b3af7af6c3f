"""Computer opponents over whole games: every level plays 200 seeded games (2, 3 and 4
players, mixed opponents, the 1 000-turn cap) without an illegal action or a stall, trades
with other bots, replays exactly from its seed, and takes over a seat of a restored game."""
from __future__ import annotations

import pytest
from helpers.invariants import MoneyLedger, check_invariants

from zemlevlasnyk.engine import Entropy, Game, Phase, load_preset
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.match import derive_seed, play_match
from zemlevlasnyk.engine.events import TradeAccepted

RULES = load_preset("zemlevlasnyk")
GAMES_PER_LEVEL = 200
MAX_TURNS = 1000
# No turn needs more than this many actions (management, auctions and trades included): a
# bot above it is looping. A contested auction between 4 players is the longest case.
MAX_ACTIONS_PER_TURN = 600
OPPONENTS = ("easy", "medium", "hard", "random", "easy", "medium", "hard")
# Invariants are checked after every action in every INVARIANT_EVERY-th game (they cost
# about as much as the game itself).
INVARIANT_EVERY = 10


def seating(level: str, i: int) -> list[str]:
    players = 2 + i % 3
    others = [OPPONENTS[(i + k) % len(OPPONENTS)] for k in range(players - 1)]
    seat = i % players
    return others[:seat] + [level] + others[seat:]


def run_game(levels: list[str], seed: int, *, check: bool) -> tuple[Game, list]:
    """Play like `play_match`, but stop with an error at a stall and log every action."""
    chance = Entropy(derive_seed(seed, "chance"))
    bots = [make_bot(lv, derive_seed(seed, f"seat{i}:{lv}")) for i, lv in enumerate(levels)]
    game = Game.new(RULES, len(levels), chance=chance)
    ledger = MoneyLedger(game) if check else None
    log = []
    turn, in_turn = game.turn, 0
    while game.phase is not Phase.OVER and game.turn <= MAX_TURNS:
        decision = game.pending()[0]
        action = bots[decision.seat].choose(game, decision.seat)
        assert game.is_legal(action), (levels, seed, action)
        events = game.apply(action, chance)
        log.append(action)
        if ledger is not None:
            ledger.follow(events)
            check_invariants(game, ledger)
        if game.turn != turn:
            turn, in_turn = game.turn, 0
        in_turn += 1
        assert in_turn <= MAX_ACTIONS_PER_TURN, f"stall: {levels} seed {seed} turn {turn}"
    return game, log


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_level_completes_200_seeded_games(level: str) -> None:
    finished = 0
    for i in range(GAMES_PER_LEVEL):
        levels = seating(level, i)
        game, _ = run_game(levels, 10_000 + i, check=i % INVARIANT_EVERY == 0)
        finished += game.phase is Phase.OVER
    # Every game ends or reaches the cap (no stall); nearly all of them end.
    assert finished >= GAMES_PER_LEVEL * 0.9


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_decisions_reproducible_from_seed(level: str) -> None:
    levels = [level, "medium", level, "easy"]
    _, first = run_game(levels, 77, check=False)
    _, again = run_game(levels, 77, check=False)
    assert first == again
    _, other = run_game(levels, 78, check=False)
    assert first != other


def test_bots_same_seed_same_choice_on_restored_game() -> None:
    """A bot made from a seed answers a restored (from_json) game as it did the original."""
    mid = play_match(RULES, ["random", "random", "random"], 11, max_turns=40).game
    restored = Game.from_json(mid.to_json(), RULES)
    for level in ("easy", "medium", "hard"):
        seat = restored.pending()[0].seat
        a = make_bot(level, b"seed").choose(mid, seat)
        b = make_bot(level, b"seed").choose(restored, seat)
        assert a == b and restored.is_legal(b)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_bots_take_over_seats_of_a_game_in_progress(level: str) -> None:
    """Seated mid-game in every seat of a restored game, the level plays it to the end."""
    for seed, players in ((0, 2), (1, 3), (2, 4), (3, 4)):
        mid = play_match(RULES, ["random"] * players, seed, max_turns=60).game
        if mid.phase is Phase.OVER:
            continue
        game = Game.from_json(mid.to_json(), RULES)
        chance = Entropy(derive_seed(seed, "rest"))
        bots = [make_bot(level, derive_seed(seed, f"{level}{i}")) for i in range(players)]
        while game.phase is not Phase.OVER and game.turn <= MAX_TURNS:
            seat = game.pending()[0].seat
            game.apply(bots[seat].choose(game, seat), chance)
        assert game.phase is Phase.OVER


def test_bots_trade_with_each_other() -> None:
    accepted = 0
    proposals: list[tuple] = []

    def watch(game, action, events) -> None:
        nonlocal accepted
        accepted += sum(1 for e in events if isinstance(e, TradeAccepted))
        if action.TYPE == "propose_trade":
            proposals.append(action)

    for seed in range(10):
        play_match(RULES, ["medium", "hard", "medium", "hard"], seed, MAX_TURNS, observer=watch)
    assert accepted >= 5
    assert len(proposals) >= accepted


def test_bots_games_at_the_cap_are_rare() -> None:
    capped = sum(play_match(RULES, ["hard", "medium", "medium", "easy"], s, MAX_TURNS).capped
                 for s in range(40))
    assert capped <= 4

"""A bot's twin (`HeuristicBot.fork`), which the table thinks a decision over with away from
its loop: it chooses as the bot would, and a twin's choice thrown away leaves the bot choosing
as one never forked (`p2p.core.thinking`)."""
from __future__ import annotations

from zemlevlasnyk.engine import Entropy, Game, load_rules
from zemlevlasnyk.engine.bots import make_bot

# Actions played: a few rounds of buying, building, trading and auctions.
ACTIONS = 300
LEVELS = ("hard", "medium", "easy", "medium")


def _bots(seed: int) -> list:
    return [make_bot(level, seed * 10 + n, ("bold", "cautious", "balanced", "bold")[n])
            for n, level in enumerate(LEVELS)]


def test_bots_a_thrown_away_twins_thought_changes_nothing() -> None:
    rules = load_rules("zemlevlasnyk")
    forked, plain = _bots(7), _bots(7)
    games = [Game.new(rules, len(LEVELS), chance=Entropy(b"deal")) for _ in range(2)]
    dice = [Entropy(b"fork") for _ in range(2)]
    twins_agreed = played = 0
    for _ in range(ACTIONS):
        if games[0].outcome() is not None:
            break
        seat = games[0].pending()[0].seat
        twin = forked[seat].fork()
        thought = twin.choose(games[0].copy(), seat)          # thrown away
        action = forked[seat].choose(games[0].copy(), seat)
        assert action == plain[seat].choose(games[1].copy(), seat), "a twin's thought changed the bot"
        twins_agreed += thought == action
        played += 1
        for game, chance in zip(games, dice, strict=True):
            game.apply(action, chance)
    assert played > ACTIONS // 2 and twins_agreed == played, "a twin chooses what the bot chooses"

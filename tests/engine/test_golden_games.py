"""Saved games that must replay to the same bytes: the proof that a refactor of the engine's
state or events changed nothing a peer, a log or a signature can see.

`tests/data/golden_games.json` holds, per game, the ruleset, the chance seed and every action
that was played (recorded once from bot play, with an occasional resignation mixed in), and
what the engine produced: a running SHA-256 over each action, its events' JSON and the state
hash after it, checkpoints of that chain every `CHECKPOINT` actions (to find where a replay
first differs), and the final state's canonical JSON digest. Replaying needs no bot, so a
change to a bot's play never touches this file; a change to the engine's observable output
fails here.

The first eleven games (Землевласник) were recorded before the typed state and events; the
Класика games with house rules were added with them.

Regenerate (only for a deliberate change of the rules' output, saying so in the commit):
`.venv/bin/python tests/engine/test_golden_games.py --write`.
"""
from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from dataclasses import dataclass
from typing import Any

from helpers.paths import DATA as DATA_DIR

from zemlevlasnyk.engine import Entropy, Game, Resign, action_from_json, canonical_json, load_rules

DATA = DATA_DIR / "golden_games.json"
# A checkpoint of the running digest every this many actions: small file, and a failing
# replay still says within a hundred actions where it first went wrong.
CHECKPOINT = 100


@dataclass(frozen=True, slots=True)
class Spec:
    """One recorded game: who played it, from which seed, and for how long at most."""
    preset: str
    levels: tuple[str, ...]
    seed: int
    max_actions: int
    resign_percent: int = 0   # chance per own management decision to resign instead
    interrupt_percent: int = 0  # chance that an open draw offer is cut short by a move
    options: tuple[tuple[str, object], ...] = ()   # house rules, as (name, value) pairs


SPECS = (
    Spec("zemlevlasnyk", ("random", "random"), 1, 900),
    Spec("zemlevlasnyk", ("random", "random"), 2, 900),
    Spec("zemlevlasnyk", ("random", "random", "random"), 3, 900, resign_percent=1),
    Spec("zemlevlasnyk", ("random", "random", "random", "random"), 4, 900),
    Spec("zemlevlasnyk", ("medium", "hard"), 5, 900),
    Spec("zemlevlasnyk", ("hard", "medium", "medium", "medium"), 6, 900),
    Spec("zemlevlasnyk", ("easy", "random", "idle"), 7, 700, resign_percent=1),
    Spec("zemlevlasnyk", ("hard", "easy"), 8, 700),
    Spec("zemlevlasnyk", ("random", "random"), 9, 600),
    Spec("zemlevlasnyk", ("random", "random"), 10, 600),
    Spec("zemlevlasnyk", ("random", "random", "random"), 11, 600, interrupt_percent=50),
    # Класика and house rules (added with them): both decks, the tax's choice, the last
    # buildings and a bankrupt's deeds auctioned, mortgage fees, the pot, the turn cap.
    Spec("klasyka", ("hard", "medium", "medium", "medium"), 21, 900),
    Spec("klasyka", ("random", "random", "random"), 29, 900, resign_percent=1),
    Spec("klasyka", ("medium", "random"), 56, 700,
         options=(("pot", True), ("start_bonus", True), ("no_rent_in_jail", True), ("turn_cap", 60))),
    Spec("klasyka", ("hard", "medium", "medium", "medium"), 16, 1500, options=(("start_cash", 5000),)),
)

# Every kind of event the saved games must contain, so that they prove the serialisation
# of each part of the state they pass through (auctions, trades, debts, draws, jail, cards,
# both kinds of bankruptcy, resigning).
MUST_SEE = {
    "auction_started", "bid", "passed", "auction_won", "auction_unsold", "trade_proposed",
    "trade_accepted", "trade_declined", "debt", "draw_offered", "draw_declined", "game_drawn",
    "draw_cancelled", "sent_to_jail", "left_jail", "jail_roll_failed", "card_drawn", "card_kept",
    "deck_reshuffled", "built", "building_sold", "mortgaged", "redeemed", "bankrupt",
    "deed_transferred", "deed_returned", "resigned", "eliminated", "game_won",
    # Класика and house rules: the tax's choice, mortgage fees, the pot, the bonus on Старт,
    # a bankrupt's deed and the bank's last house auctioned during a turn.
    "rent_dice", "turn_cap", "action:pay_tax", "action:pay_tax_percent", "reason:mortgage_fee",
    "reason:pot", "reason:start_bonus", "lot:deed", "lot:house",
}


def _seed(seed: int, label: str) -> bytes:
    return hashlib.sha256(f"golden/{seed}/{label}".encode()).digest()


def _events_json(events: list[Any]) -> list[dict[str, Any]]:
    return [e.to_json() for e in events]


class Chain:
    """The running digest of a game: each action, its events and the state hash after it."""

    def __init__(self) -> None:
        self.h = hashlib.sha256()
        self.count = 0
        self.checkpoints: list[str] = []
        self.kinds: Counter[str] = Counter()

    def add(self, game: Game, action_json: dict[str, Any], events: list[Any]) -> None:
        ev = _events_json(events)
        self.kinds.update(e["type"] for e in ev)
        self.kinds.update(f"reason:{e['reason']}" for e in ev if e["type"] == "paid")
        self.kinds[f"action:{action_json['type']}"] += 1
        if game.auction is not None and game.auction.resume is not None:
            self.kinds[f"lot:{game.auction.lot.value}"] += 1
        self.h.update(canonical_json(action_json))
        self.h.update(canonical_json(ev))
        self.h.update(game.state_hash().encode())
        self.count += 1
        if self.count % CHECKPOINT == 0:
            self.checkpoints.append(self.h.hexdigest()[:16])


def record(spec: Spec) -> dict[str, Any]:
    """Play `spec` with real bots and write down every action and the engine's output."""
    from zemlevlasnyk.engine.bots import make_bot

    rules = load_rules(spec.preset, dict(spec.options))
    chance = Entropy(_seed(spec.seed, "chance"))
    bots = [make_bot(level, _seed(spec.seed, f"seat{i}")) for i, level in enumerate(spec.levels)]
    resign_rng = Entropy(_seed(spec.seed, "resign"))
    game = Game.new(rules, len(spec.levels), chance=chance)
    chain = Chain()
    actions: list[dict[str, Any]] = []
    while game.outcome() is None and len(actions) < spec.max_actions:
        pending = game.pending()
        seat = pending[0].seat
        action = bots[seat].choose(game, seat)
        if spec.interrupt_percent and game.draw is not None and resign_rng.chance(spec.interrupt_percent):
            main = pending[-1]
            action = game.safe_action(main.seat, main.kind) or action
        if spec.resign_percent and game.is_legal(Resign(seat)) and resign_rng.chance(spec.resign_percent):
            action = Resign(seat)
        events = game.apply(action, chance)
        actions.append(action.to_json())
        chain.add(game, actions[-1], events)
    return {
        "preset": spec.preset, "options": dict(spec.options), "players": len(spec.levels), "seed": spec.seed,
        "levels": list(spec.levels), "actions": actions, "chain": chain.h.hexdigest(),
        "checkpoints": chain.checkpoints, "final": hashlib.sha256(canonical_json(game.to_json())).hexdigest(),
        "final_hash": game.state_hash(),
    }


def replay(saved: dict[str, Any]) -> tuple[Game, Chain]:
    rules = load_rules(saved["preset"], saved.get("options"))
    chance = Entropy(_seed(saved["seed"], "chance"))
    game = Game.new(rules, saved["players"], chance=chance)
    chain = Chain()
    for data in saved["actions"]:
        action = action_from_json(data)
        events = game.apply(action, chance)
        chain.add(game, action.to_json(), events)
    return game, chain


def load() -> list[dict[str, Any]]:
    saved: list[dict[str, Any]] = json.loads(DATA.read_text("utf-8"))
    return saved


def test_saved_games_replay_to_the_same_states_and_events() -> None:
    saved = load()
    assert len(saved) == len(SPECS)
    for game_data in saved:
        game, chain = replay(game_data)
        where = f"game seed {game_data['seed']} ({', '.join(game_data['levels'])})"
        first_bad = next((i for i, (a, b) in enumerate(zip(chain.checkpoints, game_data["checkpoints"],
                                                          strict=True)) if a != b), None)
        assert first_bad is None, f"{where}: differs before action {(first_bad or 0) * CHECKPOINT + CHECKPOINT}"
        assert chain.h.hexdigest() == game_data["chain"], f"{where}: differs in the last actions"
        assert game.state_hash() == game_data["final_hash"], where
        assert hashlib.sha256(canonical_json(game.to_json())).hexdigest() == game_data["final"], where


def test_saved_games_cover_every_part_of_the_state() -> None:
    seen: Counter[str] = Counter()
    total = 0
    for game_data in load():
        _game, chain = replay(game_data)
        seen += chain.kinds
        total += chain.count
    assert not MUST_SEE - set(seen), f"the saved games never show: {sorted(MUST_SEE - set(seen))}"
    assert total >= 5000


def main() -> None:
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python tests/engine/test_golden_games.py --write   (rewrites the saved games)")
    games = [record(spec) for spec in SPECS]
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text("[\n" + ",\n".join(json.dumps(g, ensure_ascii=False, separators=(",", ":"))
                                       for g in games) + "\n]\n", "utf-8")
    kinds: Counter[str] = Counter()
    for g in games:
        kinds += replay(g)[1].kinds
    print(f"{sum(len(g['actions']) for g in games)} actions in {len(games)} games; "
          f"missing kinds: {sorted(MUST_SEE - set(kinds))}")


if __name__ == "__main__":
    main()

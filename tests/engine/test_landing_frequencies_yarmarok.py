"""«Ярмарок»'s landing frequencies against its board's Markov chain (issue 22).

The chain is written here, apart from the engine and the bots' model, from the rules as
docs/RULES.md states them: two dice, three doubles to jail, jail on landing on its square (no
visiting), two tries for a double and then out where it stands, the cards that move the token
(drawn uniformly from their deck, less the kept cards, which idle players keep once drawn).
The engine's figure is what `simulate --rules yarmarok --bots idle` counts: every move's
resting cell (`came_to_rest`); a failed roll in jail moves nothing and is no landing.
"""
from __future__ import annotations

from zemlevlasnyk.engine import Ruleset, load_rules
from zemlevlasnyk.engine.bots.match import play_match

GAMES = 40
TURNS = 800   # long games: the first laps from Старт weigh little against the long run
# How far a cell's measured share may stray from the chain's, in percentage points: about
# five standard errors of a 2.5% share over this many landings.
SLACK = 0.35
JAIL_SLACK = 0.5


def _resolve(rules: Ruleset, cell: int, depth: int = 0) -> list[tuple[int, bool, float]]:
    info = rules.cells[cell]
    if info.kind == "jail":
        return [(cell, True, 1.0)]
    if info.kind != "card" or depth > 3:
        return [(cell, False, 1.0)]
    deck = [rules.cards[i] for i in rules.deck_cards[info.deck] if not rules.cards[i].kept]
    out: list[tuple[int, bool, float]] = []
    for card in deck:
        share = 1.0 / len(deck)
        p, size = card.params, rules.size
        if card.effect == "go_to_jail":
            out.append((rules.jail_cell, True, share))
            continue
        if card.effect == "advance_to":
            dest = p["cell"]
        elif card.effect == "advance_to_nearest":
            dest = next((cell + k) % size for k in range(1, size + 1)
                        if rules.cells[(cell + k) % size].kind == p["kind"])
        elif card.effect == "move_back":
            dest = (cell - p["steps"]) % size
        else:
            out.append((cell, False, share))
            continue
        out += [(c, j, q * share) for c, j, q in _resolve(rules, dest, depth + 1)]
    return out


def chain_shares(rules: Ruleset) -> list[float]:
    """Long-run share (percent) of landings per cell, by power iteration over single rolls."""
    size, jail = rules.size, rules.jail_cell
    free = {(c, d): 0.0 for c in range(size) for d in range(3)}
    jailed = [0.0, 0.0]
    free[(0, 0)] = 1.0
    dice = [(a + b, a == b, 1 / 36) for a in range(1, 7) for b in range(1, 7)]
    resolved = [_resolve(rules, c) for c in range(size)]
    landings = [0.0] * size
    for step in range(600):
        nxt = dict.fromkeys(free, 0.0)
        nxt_jail = [0.0, 0.0]
        counted = [0.0] * size
        for (c, d), mass in free.items():
            if not mass:
                continue
            for total, double, q in dice:
                if double and d == 2:
                    nxt_jail[0] += mass * q
                    counted[jail] += mass * q
                    continue
                for rest, to_jail, r in resolved[(c + total) % size]:
                    counted[rest] += mass * q * r
                    if to_jail:
                        nxt_jail[0] += mass * q * r
                    else:
                        nxt[(rest, d + 1 if double else 0)] += mass * q * r
        for t, mass in enumerate(jailed):
            for total, double, q in dice:
                if double:
                    for rest, to_jail, r in resolved[(jail + total) % size]:
                        counted[rest] += mass * q * r
                        if to_jail:
                            nxt_jail[0] += mass * q * r
                        else:
                            nxt[(rest, 0)] += mass * q * r
                elif t == 0:
                    nxt_jail[1] += mass * q
                else:
                    nxt[(jail, 0)] += mass * q          # out where it stands: no landing
        free, jailed = nxt, nxt_jail
        if step >= 100:
            landings = [a + b for a, b in zip(landings, counted, strict=True)]
    total = sum(landings)
    return [100 * x / total for x in landings]


def test_landing_frequencies_of_yarmarok_match_its_markov_chain() -> None:
    rules = load_rules("yarmarok")
    landings = [0] * rules.size
    for seed in range(GAMES):
        result = play_match(rules, ["idle"] * 4, seed, TURNS)
        landings = [a + b for a, b in zip(landings, result.landings, strict=True)]
    measured = [100 * n / sum(landings) for n in landings]
    expected = chain_shares(rules)
    for cell in range(rules.size):
        slack = JAIL_SLACK if cell == rules.jail_cell else SLACK
        assert abs(measured[cell] - expected[cell]) <= slack, (cell, round(measured[cell], 2), round(expected[cell], 2))
    # The jail is the most frequent landing (its square, two cards and three doubles lead there).
    assert max(range(rules.size), key=measured.__getitem__) == rules.jail_cell

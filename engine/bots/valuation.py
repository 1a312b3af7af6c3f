"""What the board is worth: long-run landing frequencies and rents, computed from the ruleset.

The frequencies come from a Markov chain over single rolls: the token's cell, the doubles
rolled so far in the turn, and the jail tries. It models the three-doubles rule, the
go-to-jail cell, the cards that move the token (a card drawn uniformly from the cell's
deck: the long-run average of a reshuffled deck) and a jailed player who rolls for a
double (the late-game choice, when frequencies matter most). Pure Python, computed once per
ruleset digest and cached for the life of the process.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rules import Ruleset

# Power iteration stops when a step moves less probability mass than this, or after
# MAX_ITERATIONS steps (the chain mixes within a few dozen steps on a 40-cell board).
CONVERGENCE = 1e-12
MAX_ITERATIONS = 2000


@dataclass(frozen=True, slots=True)
class BoardModel:
    """Per cell: expected landings per player-turn, and expected rent per landing by tier.

    `street_rent[c][k]`: k = 0 a lone street, 1 the whole group unbuilt, 2.. one tier per
    building (k = buildings + 1). `station_rent[k-1]` and `utility_rent[k-1]`: rent per
    landing with k owned by the same owner.
    """
    landing: tuple[float, ...]
    rolls_per_turn: float
    street_rent: tuple[tuple[int, ...], ...]
    station_rent: tuple[float, ...]
    utility_rent: tuple[float, ...]
    mean_dice: float

    def income(self, cell: int, tier: int) -> float:
        """Expected rent one opponent pays on `cell` per turn of theirs, at a street tier."""
        return self.landing[cell] * self.street_rent[cell][tier]


_CACHE: dict[str, BoardModel] = {}


def board_model(rules: Ruleset) -> BoardModel:
    model = _CACHE.get(rules.digest)
    if model is None:
        model = _build(rules)
        _CACHE[rules.digest] = model
    return model


def _dice(rules: Ruleset) -> list[tuple[int, bool, float]]:
    """(total, is_double, probability) for every distinct outcome of two dice."""
    sides = rules.dice_sides
    p = 1.0 / (sides * sides)
    acc: dict[tuple[int, bool], float] = {}
    for a in range(1, sides + 1):
        for b in range(1, sides + 1):
            key = (a + b, a == b)
            acc[key] = acc.get(key, 0.0) + p
    return [(t, d, q) for (t, d), q in sorted(acc.items())]


def _resolve(rules: Ruleset, cell: int, depth: int = 0) -> list[tuple[int, bool, float]]:
    """Where a token that arrives on `cell` comes to rest: (cell, jailed, probability)."""
    info = rules.cells[cell]
    if info.kind == "go_to_jail":
        return [(rules.jail_cell, True, 1.0)]
    deck = rules.deck_cards.get(info.deck, ()) if info.kind == "card" else ()
    if not deck or depth > 2:
        return [(cell, False, 1.0)]
    size = rules.size
    share = 1.0 / len(deck)
    out: list[tuple[int, bool, float]] = []
    for card in (rules.cards[i] for i in deck):
        p = card.params
        if card.effect == "advance_to":
            dest = p["cell"]
        elif card.effect == "advance_to_nearest":
            dest = next(((cell + k) % size for k in range(1, size + 1)
                         if rules.cells[(cell + k) % size].kind == p["kind"]), cell)
        elif card.effect == "move_back":
            dest = (cell - p["steps"]) % size
        elif card.effect == "go_to_jail":
            out.append((rules.jail_cell, True, share))
            continue
        else:
            out.append((cell, False, share))
            continue
        out += [(c, j, q * share) for c, j, q in _resolve(rules, dest, depth + 1)]
    return out


def _build(rules: Ruleset) -> BoardModel:
    size = rules.size
    dmax = rules.doubles_to_jail
    tries = rules.jail_max_tries
    jail = rules.jail_cell
    # State ids: free token at (cell, doubles so far) -> cell * dmax + d; jailed with t
    # failed tries -> size * dmax + t.
    n_states = size * dmax + tries
    dice = _dice(rules)
    resolved = [_resolve(rules, c) for c in range(size)]
    # transitions[s] = [(next_state, probability, rest_cell, starts_new_turn)]
    transitions: list[list[tuple[int, float, int, bool]]] = []

    def land(start: int, total: int, q: float, double_again: int | None,
             out: list[tuple[int, float, int, bool]]) -> None:
        for rest, jailed, r in resolved[(start + total) % size]:
            if jailed:
                out.append((size * dmax, q * r, rest, True))
            elif double_again is not None:
                out.append((rest * dmax + double_again, q * r, rest, False))
            else:
                out.append((rest * dmax, q * r, rest, True))

    for cell in range(size):
        for d in range(dmax):
            out: list[tuple[int, float, int, bool]] = []
            for total, double, q in dice:
                if double and d + 1 >= dmax:
                    out.append((size * dmax, q, jail, True))
                else:
                    land(cell, total, q, d + 1 if double else None, out)
            transitions.append(out)
    for t in range(tries):
        out = []
        for total, double, q in dice:
            if double or t + 1 >= tries:
                land(jail, total, q, None, out)
            else:
                out.append((size * dmax + t + 1, q, jail, True))
        transitions.append(out)

    pi = [0.0] * n_states
    pi[0] = 1.0
    for _ in range(MAX_ITERATIONS):
        nxt = [0.0] * n_states
        for s in range(n_states):
            mass = pi[s]
            if mass:
                for to, q, _rest, _new in transitions[s]:
                    nxt[to] += mass * q
        delta = sum(abs(a - b) for a, b in zip(nxt, pi, strict=True))
        pi = nxt
        if delta < CONVERGENCE:
            break

    rest_per_roll = [0.0] * size
    turns_per_roll = 0.0
    for s in range(n_states):
        mass = pi[s]
        for _to, q, rest, new in transitions[s]:
            rest_per_roll[rest] += mass * q
            if new:
                turns_per_roll += mass * q
    rolls_per_turn = 1.0 / turns_per_roll
    landing = tuple(x * rolls_per_turn for x in rest_per_roll)

    street_rent: list[tuple[int, ...]] = []
    for c in range(size):
        info = rules.cells[c]
        if info.kind != "street":
            street_rent.append(())
            continue
        tiers = [info.rent, info.rent * rules.full_group_multiplier, *info.rents[1:]]
        street_rent.append(tuple(tiers))
    mean_dice = float(rules.dice_sides + 1)
    return BoardModel(
        landing=landing,
        rolls_per_turn=rolls_per_turn,
        street_rent=tuple(street_rent),
        station_rent=tuple(float(r) for r in rules.station_rents),
        utility_rent=tuple(m * mean_dice for m in rules.utility_multipliers),
        mean_dice=mean_dice,
    )

"""What the board is worth: long-run landing frequencies and rents, computed from the ruleset.

The frequencies come from a Markov chain over single rolls: the token's cell, the doubles
rolled so far in the turn, and the jail tries. It models the three-doubles rule, the
go-to-jail cell, the cards that move the token (a card drawn uniformly from the cell's
deck: the long-run average of a reshuffled deck) and a jailed player who rolls for a
double (the late-game choice, when frequencies matter most). Pure Python, computed once per
ruleset digest and cached for the life of the process; for the shipped boards the chain's
results are read from `landing.json` beside this module, which `tools/landing_tables.py`
computes with the same code.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from ..canonical import digest
from ..presets import BoardTable, landing_tables
from ..rules import Ruleset

# Power iteration stops when a step moves less probability mass than this, or after
# MAX_ITERATIONS steps (the chain mixes within a few dozen steps on a 40-cell board).
CONVERGENCE = 1e-12
MAX_ITERATIONS = 2000
# The landing frequencies of the shipped boards (read by presets.landing_tables, the engine's
# one reader of packaged files), computed once by tools/landing_tables.py:
# a short `simulate` run spent a tenth of its time on this chain. Kept by `chain_key`;
# TABLES_FORMAT changes whenever the chain's computation does.
TABLES_FORMAT = 1


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


# A utility with tariffs charges by the lander's holdings (seed 004): the model prices it for a
# lander with an even share of the deeds and half as many branches, its holdings mid-game.
TYPICAL_SEATS = 4
TYPICAL_BRANCHES_PER_DEED = 0.5


def tariff_rents(rules: Ruleset) -> tuple[float, ...]:
    share = len(rules.properties) / TYPICAL_SEATS
    return tuple(share * (per_deed + per_branch * TYPICAL_BRANCHES_PER_DEED)
                 for per_deed, per_branch, _ in rules.utility_tariffs)


# An agency earns its service's fee when a player stopping on it uses the service: about
# every other time (a raid needs a swap worth its fee, a purchase a deed worth its surcharge).
SERVICE_USE = 0.5


def service_income(rules: Ruleset, cell: int) -> float:
    """What an agency (seed 004) brings its owner per landing of another player: the raid's
    fee, or the surcharge on a deed of the board's mean price, times how often it is used."""
    agencies = rules.agencies
    if agencies is None:
        return 0.0
    if rules.cells[cell].kind == "raid_agency":
        return agencies.raid_fee * SERVICE_USE
    prices = [rules.cells[c].price for c in rules.properties]
    return sum(prices) / len(prices) * agencies.realty_surcharge_percent / 100 * SERVICE_USE


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
    if info.kind == "go_to_jail" or (info.kind == "jail" and rules.jail_on_landing):
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


def landing_frequencies(rules: Ruleset) -> tuple[tuple[float, ...], float]:
    """Expected landings per player-turn by cell, and rolls per turn, from the Markov chain."""
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
            if double or (t + 1 >= tries and not rules.jail_release_on_expiry):
                land(jail, total, q, None, out)
            elif t + 1 >= tries:
                out.append((jail * dmax, q, jail, True))   # released where it stands (seed 004)
            else:
                out.append((size * dmax + t + 1, q, jail, True))
        transitions.append(out)

    # Each state's flows as (next state, probability) pairs: the loop below runs a few
    # hundred times over some five thousand of them, and is most of the model's cost.
    flows = [[(to, q) for to, q, _rest, _new in out] for out in transitions]
    pi = [0.0] * n_states
    pi[0] = 1.0
    for _ in range(MAX_ITERATIONS):
        nxt = [0.0] * n_states
        for mass, flow in zip(pi, flows, strict=True):
            if mass:
                for to, q in flow:
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
    return tuple(x * rolls_per_turn for x in rest_per_roll), rolls_per_turn


def chain_key(rules: Ruleset) -> str:
    """A digest of everything the chain reads from the rules (the board's cells and decks,
    the cards that move a token, the dice, the doubles and the jail): the key of a shipped
    table. House-rule options change none of it."""
    return digest({
        "format": TABLES_FORMAT,
        "cells": [[c.kind, c.deck] for c in rules.cells],
        "cards": [[c.deck, c.effect, c.params] for c in rules.cards],
        "dice_sides": rules.dice_sides, "doubles_to_jail": rules.doubles_to_jail,
        "jail": [rules.jail_cell, rules.jail_max_tries]
        # Seed 004's jail (on landing, out after the last try) only where it is played, so that
        # the other boards keep their keys.
        + ([rules.jail_on_landing, rules.jail_release_on_expiry]
           if rules.jail_on_landing or rules.jail_release_on_expiry else []),
    })


@functools.cache
def shipped_tables() -> dict[str, BoardTable]:
    """The shipped boards' chain results by `chain_key` (none when the file is missing)."""
    data = landing_tables()
    if data is None or data.get("format") != TABLES_FORMAT:
        return {}
    return dict(data["boards"])


def _build(rules: Ruleset) -> BoardModel:
    size = rules.size
    # The chain's results for a shipped board are read from its table (the same floats,
    # exactly: tests/test_landing_tables.py computes them again); any other board's, computed.
    shipped = shipped_tables().get(chain_key(rules))
    if shipped is not None:
        landing, rolls_per_turn = tuple(shipped["landing"]), shipped["rolls_per_turn"]
    else:
        landing, rolls_per_turn = landing_frequencies(rules)

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
        utility_rent=(tuple(m * mean_dice for m in rules.utility_multipliers) if not rules.utility_tariffs
                      else tariff_rents(rules)),
        mean_dice=mean_dice,
    )

"""The speed die (option `speed_die`, issue 19): a third die in the manner of the official
one, rolled with the white dice once a player has passed the start (their second lap on).

Its faces (`state.SPEED_FACES`): 1, 2 and 3, two landlords and a bus, rolled by the same
chance as the white dice (the action's source: at a table, commit-reveal), after them.
- A number adds to the white dice's move.
- A landlord: the token moves by the white dice and that cell is resolved (bought or
  auctioned, rent, a card, ...); then it moves on to the next deed for sale, or when none is
  left to the next deed of another player that takes rent (not mortgaged), which is resolved
  in turn. Nothing follows a move that ended in jail.
- The bus: the player moves by either white die or by both (decision `bus`, `TakeBus`).
- A triple (a double of the white dice and the same number on the speed die): the player
  moves to any other cell (decision `triple`, `MoveTo`); the turn then ends, with no roll
  for the double, and a triple is never the third double that sends a player to jail.
Doubles count on the white dice only. The speed die is not rolled in jail (nor for the
move after the third failed try). The clock's safe choices move by both white dice, as a
roll without the speed die would.

The game calls this module from its own steps (`game.py`: the roll, the move's end, the
new actions' handlers); `Mover` is what it needs of a game, so it never imports game.py.
"""
from __future__ import annotations

from typing import Protocol

from .actions import Action, MoveTo, TakeBus
from .chance import ChanceSource
from .events import Event, SpeedDieRolled
from .legality import Why
from .phases import (
    BUS,
    BUS_ROLLED,
    MOVE_RESOLVED,
    OVER,
    POST_ROLL,
    PRE_ROLL,
    SPEED_CHOSEN,
    TRIPLE,
    TRIPLE_ROLLED,
    Phase,
    Step,
)
from .rules import Ruleset
from .state import BANK, BUS_FACE, LANDLORD, SPEED_FACES, GameState

_NOT_YOURS = ("turn.not_yours", "this seat has no decision to make now")


class Mover(Protocol):
    """The game's own steps of a move, which `Game` has (structurally: no import of game.py)."""
    rules: Ruleset
    pos: list[int]
    phase: Phase

    def _step(self, step: Step, back: Phase | None = None) -> None: ...

    def _advance(self, seat: int, steps: int, by: str, ev: list[Event] | None) -> None: ...

    def _land(self, seat: int, chance: ChanceSource | None, ev: list[Event] | None) -> None: ...

    def _after_landing(self, chance: ChanceSource | None, ev: list[Event] | None) -> None: ...


# -- the roll -----------------------------------------------------------------------------

def roll(g: GameState, seat: int, d1: int, d2: int, chance: ChanceSource, ev: list[Event] | None) -> str | None:
    """The speed die's face for this roll of the white dice `d1`, `d2`, drawn after them, or
    None when it is not rolled (the seat has not passed the start yet)."""
    if not g.lapped[seat]:
        return None
    face = SPEED_FACES[chance.roll(len(SPEED_FACES)) - 1]
    g.speed_face = face
    if ev is not None:
        ev.append(SpeedDieRolled(seat, face, is_triple(face, d1, d2)))
    return face


def is_triple(face: str | None, d1: int, d2: int) -> bool:
    """Three alike: a double of the white dice and the same number on the speed die."""
    return d1 == d2 and face == str(d1)


def move(g: Mover, seat: int, face: str, d1: int, d2: int, chance: ChanceSource, ev: list[Event] | None) -> None:
    """The move of a roll with the speed die (doubles already counted): by the dice with a
    number or a landlord (whose move on is due once this one is resolved), or the bus's or
    the triple's choice asked for."""
    if is_triple(face, d1, d2):
        g._step(TRIPLE_ROLLED)
        return
    if face == BUS_FACE:
        g._step(BUS_ROLLED)
        return
    assert isinstance(g, GameState), "a game's state"
    steps = d1 + d2
    if face == LANDLORD:
        g.landlord_due = True
    else:
        steps += int(face)
    g._advance(seat, steps, "dice", ev)
    g._land(seat, chance, ev)
    g._after_landing(chance, ev)


def _roll_phase(g: GameState) -> Phase:
    """The phase the roll waiting for a choice was made in: the turn's first roll before
    it, a double's roll after (every roll after the first in a turn follows a double)."""
    dice = g.dice
    assert dice is not None, "a choice follows a roll"
    return POST_ROLL if g.doubles > (dice[0] == dice[1]) else PRE_ROLL


# -- the choices ------------------------------------------------------------------------

def bus_steps(g: GameState) -> tuple[int, ...]:
    """The moves the bus offers: either white die, or both (each once, shortest first)."""
    assert g.dice is not None, "the bus follows a roll"
    d1, d2 = g.dice
    return tuple(sorted({d1, d2, d1 + d2}))


def choices(g: GameState, seat: int) -> list[Action]:
    """The main seat's choices of a speed die's decision (`Game.legal`)."""
    if g.phase is BUS:
        return [TakeBus(seat, steps) for steps in bus_steps(g)]
    here = g.pos[seat]
    return [MoveTo(seat, c) for c in range(g.rules.size) if c != here]


def safe(g: GameState, seat: int) -> Action:
    """The clock's choice: both white dice, as a roll without the speed die moves."""
    assert g.dice is not None, "a choice follows a roll"
    steps = g.dice[0] + g.dice[1]
    if g.phase is BUS:
        return TakeBus(seat, steps)
    return MoveTo(seat, (g.pos[seat] + steps) % g.rules.size)


def why_not_bus(g: GameState, a: TakeBus, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase is not BUS:
        return ("speed.bus", "no bus was rolled")
    if a.steps not in bus_steps(g):
        return ("speed.bus_steps", "the bus moves by one white die or by both")
    return None


def why_not_move_to(g: GameState, a: MoveTo, seat: int) -> Why:
    if seat != g.main_seat():
        return _NOT_YOURS
    if g.phase is not TRIPLE:
        return ("speed.triple", "no triple was rolled")
    cell = a.cell
    if type(cell) is not int or not 0 <= cell < g.rules.size:
        return ("board.cell", f"there is no cell {cell}")
    if cell == g.pos[seat]:
        return ("speed.triple_moves", "a triple moves the token to another cell")
    return None


def take_bus(g: Mover, a: TakeBus, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    assert isinstance(g, GameState), "a game's state"
    g._step(SPEED_CHOSEN, back=_roll_phase(g))
    g._advance(a.seat, a.steps, "bus", ev)
    g._land(a.seat, chance, ev)
    g._after_landing(chance, ev)


def move_to(g: Mover, a: MoveTo, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    assert isinstance(g, GameState), "a game's state"
    g._step(SPEED_CHOSEN, back=_roll_phase(g))
    g._advance(a.seat, (a.cell - g.pos[a.seat]) % g.rules.size, "triple", ev)
    g._land(a.seat, chance, ev)
    g._after_landing(chance, ev)


# -- the landlord's move on -------------------------------------------------------------

def landlord_target(g: GameState, seat: int) -> int | None:
    """Where a landlord sends `seat` on: the next deed ahead for sale, else the next deed
    ahead of another player that takes rent (not mortgaged), else nowhere."""
    rules, owner = g.rules, g.owner
    here, size = g.pos[seat], rules.size
    ahead = [(here + k) % size for k in range(1, size)]
    for c in ahead:
        if rules.cells[c].is_property and owner[c] == BANK:
            return c
    for c in ahead:
        if rules.cells[c].is_property and owner[c] not in (BANK, seat) and not g.mortgaged[c]:
            return c
    return None


def landlord(g: Mover, ev: list[Event] | None) -> bool:
    """The landlord's move once the white dice's move is resolved (`Game._finish_move`, with
    `landlord_due` just cleared): True when it took the move's end over (the token moved on
    and its cell was resolved, or nothing was there to go to), False when the move ends as
    any other (the game is over, the player is out or in jail)."""
    assert isinstance(g, GameState), "a game's state"
    seat = g.active
    if g.phase is OVER or g.turn_over or not g.alive[seat]:
        return False
    g._step(MOVE_RESOLVED)
    target = landlord_target(g, seat)
    if target is None:
        return True
    g._advance(seat, (target - g.pos[seat]) % g.rules.size, "landlord", ev)
    # A deed's landing needs no chance (a utility's rent is by the dice already thrown).
    g._land(seat, None, ev)
    g._after_landing(None, ev)
    return True

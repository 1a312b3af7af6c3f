"""The game's own operations that the mechanisms of extra rules call, as an interface `Game`
implements: paying, resolving a landing, finishing a move, jailing, ...

A mechanism module (privileges.py, credit.py, deposits.py, kept.py, powers.py, timed.py,
reactions.py, ...) is handed the game as a `GameOps`, so it never imports game.py, which
imports it (tests/house/test_layering.py forbids import cycles). Nothing here holds state
beyond `GameState`'s.
"""
from __future__ import annotations

from abc import abstractmethod
from typing import TYPE_CHECKING

from .chance import ChanceSource
from .events import Event
from .offers import Offer
from .phases import Phase, Step
from .reasons import PayReason
from .state import GameState

if TYPE_CHECKING:
    from .actions import Build


class GameOps(GameState):
    __slots__ = ()

    # The chance source of the action being applied (a lasting effect throws with it).
    _chance: ChanceSource | None

    @abstractmethod
    def _pay(self, frm: int, to: int, amount: int, reason: PayReason, ev: list[Event] | None,
             cell: int | None = None) -> None:
        """Move money (BANK for the bank), with its `paid` event."""

    @abstractmethod
    def _after_landing(self, chance: ChanceSource | None, ev: list[Event] | None, dice_move: bool = False) -> None:
        """Go on after a landing: its debts, its purchase offer, its offers, then the move's end
        (`dice_move`: the move was the dice's, which a lasting effect may follow)."""

    @abstractmethod
    def _after_offer(self, offer: Offer, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        """An offer is answered: the card whose move waited for it plays, or the move goes on."""

    @abstractmethod
    def _finish_move(self, ev: list[Event] | None) -> None:
        """The move is over: the next offer, the after-roll decision or the next turn."""

    @abstractmethod
    def _jail(self, seat: int, reason: str, ev: list[Event] | None) -> None:
        """Jail `seat`, already on the jail square."""

    @abstractmethod
    def _return_card(self, card: int, ev: list[Event] | None) -> None:
        """A held card goes back among the undrawn ones."""

    @abstractmethod
    def _came_to_rest(self, seat: int, cell: int, ev: list[Event] | None) -> None:
        """The token stopped on `cell` (landing statistics)."""

    @abstractmethod
    def _step(self, step: Step, back: Phase | None = None) -> None:
        """Change the phase by the one table of transitions."""

    @abstractmethod
    def _seats_from(self, seat: int) -> list[int]:
        """Seats still in the game in seat order, starting with `seat`."""

    @abstractmethod
    def _next_seat(self, seat: int) -> int:
        """The next seat still in the game after `seat`."""

    @abstractmethod
    def _advance(self, seat: int, steps: int, by: str, ev: list[Event] | None) -> None:
        """Move `seat` forward `steps` cells, with the start's salary when passed."""

    @abstractmethod
    def _land(self, seat: int, chance: ChanceSource | None, ev: list[Event] | None, *,
              rent_multiplier: int = 1, dice_multiplier: int = 0, forced: bool = False) -> None:
        """Resolve the cell under `seat` (rent, purchase offer, card, square)."""

    @abstractmethod
    def _next_turn(self, ev: list[Event] | None) -> None:
        """Pass the turn to the next seat."""

    @abstractmethod
    def _run_debts(self, chance: ChanceSource | None, ev: list[Event] | None, accepted: bool = False) -> None:
        """Settle the debts waiting, or wait for a debtor who must raise money or may cancel."""

    @abstractmethod
    def _do_build(self, a: Build, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        """Build one building (the action's own step, after its check)."""

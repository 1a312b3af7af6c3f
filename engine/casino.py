"""The casino square (shared/seeds/004 L78-88, VARIANTS B3.7).

Stopped on by dice, the player may bet any whole amount from 1 to their cash, or skip
(decision `casino`; `Skip` is the clock's answer). Brought there by a card, the bet is
compulsory: at least the card's `min_bet`, or all of one's cash if less (the clock bets that).
The bet goes into the jackpot (state `jackpot`, L87: «ставка залишається у ложементі»). Then
three throws of one die, each read as a figure through the rules' table; each pair of like
figures, in any order (L85), pays the bet times the coefficient from the bank (three alike are
three pairs), and three alike also win the jackpot, this bet included, up to ten times the
bet (PROPOSED: the seed never says what wins it; without the cap a bet of 1 would have the
same claim on the whole jackpot as any other). No pair: the bet stays in the casino (L88).
The throws are chance from the action's source, like a roll's.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from . import reasons as R
from .actions import Action, CasinoBet, Skip, shared
from .events import CasinoPlayed
from .offers import OfferKind
from .privileges import offer, offered
from .state import BANK

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .errors import Why
    from .events import Event
    from .operations import GameOps


def land(g: GameOps, seat: int, min_bet: int | None, ev: list[Event] | None) -> None:
    """Stopped on the casino: the offer, compulsory (`min_bet`) when a card brought the token.
    A compulsory bet with no cash at all is no bet."""
    if min_bet is None:
        offer(g, seat, OfferKind.CASINO, ev)
    elif g.cash[seat]:
        offer(g, seat, OfferKind.CASINO, ev, minimum=min(min_bet, g.cash[seat]))


def pairs(figures: tuple[int, ...]) -> int:
    """Pairs of like figures among three: one for two alike, three for three alike."""
    return sum(n * (n - 1) // 2 for n in Counter(figures).values())


def play(g: GameOps, seat: int, bet: int, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    casino = g.rules.casino
    assert casino is not None and chance is not None, "a casino comes with its rules and the action's chance"
    g._pay(seat, BANK, bet, R.Reason.CASINO_BET, ev)
    g.jackpot += bet
    faces = tuple(chance.roll(len(table)) for table in casino.figures)
    figures = tuple(table[face - 1] for table, face in zip(casino.figures, faces, strict=True))
    found = pairs(figures)
    win = bet * casino.pair_coefficient * found
    jackpot = casino.jackpot_won(g.jackpot, bet) if len(set(figures)) == 1 else 0
    if ev is not None:
        ev.append(CasinoPlayed(seat, bet, faces, figures, found, win, jackpot))
    if win:
        g._pay(BANK, seat, win, R.Reason.CASINO_WIN, ev)
    if jackpot:
        g.jackpot -= jackpot
        g._pay(BANK, seat, jackpot, R.Reason.JACKPOT, ev)


def _do_bet(g: GameOps, a: CasinoBet, chance: ChanceSource | None, ev: list[Event] | None) -> None:
    g.offers.pop(0)
    play(g, a.seat, a.amount, chance, ev)
    g._finish_move(ev)


def amount_range(g: GameOps, seat: int) -> tuple[int, int] | None:
    """The bets `seat` may make now, or None."""
    if offered(g, seat) is not OfferKind.CASINO:
        return None
    lo = max(1, g.offers[0].minimum)
    return (lo, g.cash[seat]) if lo <= g.cash[seat] else None


def _check_bet(g: GameOps, a: Any, seat: int) -> Why:
    if seat != g.main_seat():
        return ("turn.not_yours", "this seat has no decision to make now")
    if offered(g, seat) is not OfferKind.CASINO:
        return ("casino.offered", "bets are made on the casino square")
    span = amount_range(g, seat)
    if span is None or type(a.amount) is not int or not span[0] <= a.amount <= span[1]:
        return ("casino.bet", "a bet is a whole amount from the least bet to your cash")
    return None


def candidates(g: GameOps, seat: int) -> list[Action]:
    """Skipping, unless a card made the bet compulsory (the bet itself is an amount)."""
    return [] if g.offers[0].minimum else [shared(Skip, seat)]


def safe(g: GameOps, seat: int) -> Action:
    """The clock skips; a compulsory bet it makes at the least amount."""
    least = g.offers[0].minimum
    return CasinoBet(seat, least) if least else shared(Skip, seat)


CHECKS: dict[type, Any] = {CasinoBet: _check_bet}
HANDLERS: dict[type, Any] = {CasinoBet: _do_bet}

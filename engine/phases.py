"""The game's phases and the one table of how one phase leads to another.

As in h11's state machine, every change of phase is a `Step` (what just happened) looked up
in `TRANSITIONS`; a step the table does not allow from the current phase is a bug in the
engine and raises `PhaseError` at once instead of leaving a state no rule expects. The
transitions that are not plain table entries go back to the phase something began in (before
or after the roll): the answer to a trade offer and the end of an auction held during a turn
(a bankrupt's deed, the bank's last houses). They map to `RESUME` and the game supplies the
saved phase.
"""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """What the game waits for. The values are the state's JSON (they are hashed: never
    rename one)."""
    PRE_ROLL = "pre_roll"     # the active player manages, then rolls (jail choices included)
    BUY = "buy"               # the active player buys the offered deed or sends it to auction
    AUCTION = "auction"       # the bidder whose turn it is bids or passes
    POST_ROLL = "post_roll"   # the move is resolved: manage, then end the turn (or roll a double again)
    DEBT = "debt"             # a debtor raises cash, pays or goes bankrupt
    TRADE = "trade"           # the partner of an open trade offer answers it
    TAX = "tax"               # the active player chooses how to pay a tax that offers a choice
    OFFER = "offer"           # the active player answers what a square offers (state.offers, offers.py)
    OVER = "over"             # won or drawn
    # Only under rules with a card that may cancel a payment (engine/reactions.py).
    PAYMENT_DUE = "payment_due"   # a debtor holding such a card pays, or uses it
    # Only with the speed die (option `speed_die`, engine/speed_die.py):
    BUS = "bus"               # the speed die's bus: the active player moves by one white die or both
    TRIPLE = "triple"         # a triple: the active player moves to any cell


# The phases as plain module names, for the engine's busiest lines: on Python 3.11 every
# `Phase.X` goes through EnumType.__getattr__ (about 120 ns, against 15 ns for a module
# global), and each action reads several.
PRE_ROLL, BUY, AUCTION, POST_ROLL, DEBT, TRADE, TAX, OFFER, OVER, PAYMENT_DUE, BUS, TRIPLE = (
    Phase.PRE_ROLL, Phase.BUY, Phase.AUCTION, Phase.POST_ROLL, Phase.DEBT, Phase.TRADE, Phase.TAX, Phase.OFFER,
    Phase.OVER, Phase.PAYMENT_DUE, Phase.BUS, Phase.TRIPLE)


# The active player's management windows: the turn (before or after the roll), and the
# decisions where money may be raised (the turn, deciding to buy, a debt).
MANAGE_PHASES = (PRE_ROLL, POST_ROLL)
RAISE_PHASES = (PRE_ROLL, POST_ROLL, BUY, DEBT)


class Resume(StrEnum):
    """What follows once every debt is settled (the state's `resume`; JSON values)."""
    FINISH_MOVE = "finish_move"   # the move that caused the debts is over
    JAIL_MOVE = "jail_move"       # the third failed jail roll: the fee is paid, now move by it
    # Only under rules with kept powers (engine/kept.py, engine/timed.py):
    BEFORE_ROLL = "before_roll"   # debts of a power used (or a stare met) before the roll: back to it
    AFTER_ROLL = "after_roll"     # debts of a power used after the roll: back to that decision
    AFTER_LANDING = "after_landing"   # a debt after a dice move (a merry potion): then the offer to buy, the tax


# As module names too, for the same reason as the phases above.
FINISH_MOVE, JAIL_MOVE = Resume.FINISH_MOVE, Resume.JAIL_MOVE
BEFORE_ROLL, AFTER_ROLL, AFTER_LANDING = Resume.BEFORE_ROLL, Resume.AFTER_ROLL, Resume.AFTER_LANDING


class Step(StrEnum):
    """What happened, in the words of the rules; each one may move the game to a new phase.
    (A StrEnum for its hash: a plain Enum hashes its name in Python, at every change of phase.)"""
    JAIL_ROLL_FAILED = "jail_roll_failed"   # no double from jail: the movement is over
    DEBT_WAITS = "debt_waits"               # a debtor must raise cash before anything goes on
    OFFERED_TO_BUY = "offered_to_buy"       # the token stopped on an unowned deed
    TAX_OFFERED = "tax_offered"             # the token stopped on a tax with a choice of amounts
    AUCTION_OPENED = "auction_opened"       # the lander sent the deed to auction
    LOT_AUCTIONED = "lot_auctioned"         # a turn stops for a bankrupt's deed or the last buildings
    LOT_SOLD = "lot_sold"                   # that auction is over: the turn goes on
    MOVE_RESOLVED = "move_resolved"         # the cell (and any debt, purchase or auction) is done
    TURN_PASSED = "turn_passed"             # the next player's turn begins
    TRADE_PROPOSED = "trade_proposed"
    TRADE_ANSWERED = "trade_answered"
    OFFER_MADE = "offer_made"               # a square (or a jailing) offers the mover a decision
    GAME_ENDED = "game_ended"               # one player left, or a draw agreed
    # Only under rules with kept powers:
    PAYMENT_WAITS = "payment_waits"         # a debtor may cancel the payment with a card it holds
    DEBTS_SETTLED = "debts_settled"         # the debts of a power are paid: back to the turn's decision
    # Only with the speed die:
    BUS_ROLLED = "bus_rolled"               # the speed die shows the bus: the player chooses the dice
    TRIPLE_ROLLED = "triple_rolled"         # three alike: the player chooses a cell
    SPEED_CHOSEN = "speed_chosen"           # chosen: the move goes on where the roll was made


# The steps as module names, for the same reason as the phases above.
(JAIL_ROLL_FAILED, DEBT_WAITS, OFFERED_TO_BUY, TAX_OFFERED, AUCTION_OPENED, LOT_AUCTIONED, LOT_SOLD,
 MOVE_RESOLVED, TURN_PASSED, TRADE_PROPOSED, TRADE_ANSWERED, OFFER_MADE, GAME_ENDED, PAYMENT_WAITS,
 DEBTS_SETTLED, BUS_ROLLED, TRIPLE_ROLLED, SPEED_CHOSEN) = (
    Step.JAIL_ROLL_FAILED, Step.DEBT_WAITS, Step.OFFERED_TO_BUY, Step.TAX_OFFERED, Step.AUCTION_OPENED,
    Step.LOT_AUCTIONED, Step.LOT_SOLD, Step.MOVE_RESOLVED, Step.TURN_PASSED, Step.TRADE_PROPOSED,
    Step.TRADE_ANSWERED, Step.OFFER_MADE, Step.GAME_ENDED, Step.PAYMENT_WAITS, Step.DEBTS_SETTLED,
    Step.BUS_ROLLED, Step.TRIPLE_ROLLED, Step.SPEED_CHOSEN)


class PhaseError(AssertionError):
    """The engine tried a change of phase that its own table forbids: a bug, never a player's
    fault (an illegal action is refused by the rule checks long before)."""


# The marker for "back to the phase it began in" (see the module docstring).
RESUME = None

_PLAYING = tuple(p for p in Phase if p is not Phase.OVER)

# (phase now, step) -> next phase. Everything not listed is a bug.
TRANSITIONS: dict[tuple[Phase, Step], Phase | None] = {
    (Phase.PRE_ROLL, Step.JAIL_ROLL_FAILED): Phase.POST_ROLL,
    # A debt stops a move begun before the roll or by a double's extra roll, or follows
    # the debt before it (several debts, one by one).
    **{(p, Step.DEBT_WAITS): Phase.DEBT for p in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.DEBT)},
    # The offer (or a tax's choice) comes after a move: from the roll, the double's roll, or
    # the move that follows the third jail try's paid fee.
    **{(p, Step.OFFERED_TO_BUY): Phase.BUY for p in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.DEBT)},
    **{(p, Step.TAX_OFFERED): Phase.TAX for p in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.DEBT)},
    (Phase.TAX, Step.DEBT_WAITS): Phase.DEBT,
    (Phase.BUY, Step.AUCTION_OPENED): Phase.AUCTION,
    **{(p, Step.MOVE_RESOLVED): Phase.POST_ROLL
       for p in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.DEBT, Phase.BUY, Phase.AUCTION, Phase.TAX, Phase.OFFER)},
    # A square's offer comes where a move ends: after the roll or the double's roll, after the
    # purchase (or the auction) of the agency whose square it is, after a card's debts, or
    # after the offer before it.
    **{(p, Step.OFFER_MADE): Phase.OFFER
       for p in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.BUY, Phase.AUCTION, Phase.DEBT, Phase.OFFER)},
    # A plate's service answered, the card's move that waited for it lands: an offer to buy,
    # a debt, or the next offer (plates.py).
    (Phase.OFFER, Step.OFFERED_TO_BUY): Phase.BUY,
    (Phase.OFFER, Step.DEBT_WAITS): Phase.DEBT,
    # A turn ends by choice after the roll, by jail or bankruptcy during a move or a debt,
    # by resigning before the roll, or at the turn cap.
    **{(p, Step.TURN_PASSED): Phase.PRE_ROLL
       for p in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.DEBT, Phase.TAX, Phase.OFFER)},
    (Phase.PRE_ROLL, Step.TRADE_PROPOSED): Phase.TRADE,
    (Phase.POST_ROLL, Step.TRADE_PROPOSED): Phase.TRADE,
    (Phase.TRADE, Step.TRADE_ANSWERED): RESUME,
    (Phase.PRE_ROLL, Step.LOT_AUCTIONED): Phase.AUCTION,
    (Phase.POST_ROLL, Step.LOT_AUCTIONED): Phase.AUCTION,
    (Phase.AUCTION, Step.LOT_SOLD): RESUME,
    **{(p, Step.GAME_ENDED): Phase.OVER for p in _PLAYING},
    # Kept powers (only under rules that have them). A payment that a held card may cancel
    # waits where a debt would, and goes on from there as a debt does; a debt (or a
    # payment due) goes back to the decision a power was used in.
    # (No preset has both a tax with a choice and such a card: a payment due is never a tax's.)
    **{(p, Step.PAYMENT_WAITS): Phase.PAYMENT_DUE for p in (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.DEBT,
                                                             Phase.PAYMENT_DUE)},
    (Phase.PAYMENT_DUE, Step.DEBT_WAITS): Phase.DEBT,
    (Phase.PAYMENT_DUE, Step.OFFERED_TO_BUY): Phase.BUY,
    (Phase.PAYMENT_DUE, Step.MOVE_RESOLVED): Phase.POST_ROLL,
    (Phase.PAYMENT_DUE, Step.TURN_PASSED): Phase.PRE_ROLL,
    # A power's debts are owed to its holder, never cancelled by a card: only a debt waits.
    (Phase.DEBT, Step.DEBTS_SETTLED): RESUME,
    # The speed die's choices wait between the roll and the move, which then goes on from
    # the phase the roll was made in (the turn's first roll, or a double's).
    **{(p, s): c for p in (Phase.PRE_ROLL, Phase.POST_ROLL)
       for s, c in ((Step.BUS_ROLLED, Phase.BUS), (Step.TRIPLE_ROLLED, Phase.TRIPLE))},
    (Phase.BUS, Step.SPEED_CHOSEN): RESUME,
    (Phase.TRIPLE, Step.SPEED_CHOSEN): RESUME,
}


def next_phase(phase: Phase, step: Step) -> Phase | None:
    """The phase after `step` from `phase` (`RESUME`: back to where it began)."""
    try:
        return TRANSITIONS[(phase, step)]
    except KeyError:
        raise PhaseError(f"engine bug: {step.name} is not a step the game can take in phase {phase.name}") from None

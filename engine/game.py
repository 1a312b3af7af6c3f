"""The game: who must decide what, which actions are legal, and what an action does.

`Game` is the one authority on the rules for the table, the bots and the window. Each
`apply` checks the action completely before it changes anything, so an illegal action
raises `IllegalAction` and leaves the state as it was. Chance enters only through the
source the caller passes in.
"""
from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Any, Final, NamedTuple

from . import (
    bank_deeds,
    branches,
    card_means,
    deed_sales,
    deposits,
    fair_cards,
    investments,
    kept,
    plates,
    privileges,
    reactions,
    squares,
    stepped_auctions,
    timed,
)
from . import deal as D
from . import holdings as H
from . import reasons as R
from . import speed_die as S
from . import time_limit as T
from .actions import (
    AcceptDraw,
    AcceptTrade,
    Action,
    Bid,
    Build,
    Buy,
    DeclareBankruptcy,
    DeclineDraw,
    DeclineTrade,
    DeedActions,
    EndTurn,
    Mortgage,
    MoveTo,
    OfferDraw,
    PassBid,
    PayDebt,
    PayJailFee,
    PayTax,
    PayTaxPercent,
    ProposeTrade,
    Redeem,
    Resign,
    Roll,
    RollForDouble,
    SellBuilding,
    SendToAuction,
    SettleDebt,
    TakeBus,
    UseCard,
    UseReleaseCard,
    deed_actions,
    shared,
)
from .chance import ChanceSource
from .errors import ChanceRequired, IllegalAction
from .events import (
    AuctionStarted,
    AuctionUnsold,
    AuctionWon,
    Bankrupt,
    BidMade,
    BidPassed,
    Bought,
    BuildingSold,
    Built,
    CameToRest,
    CardDrawn,
    CardKept,
    CardReturned,
    CardTransferred,
    DebtOwed,
    DeckReshuffled,
    DeedReturned,
    DeedTransferred,
    DiceRolled,
    DrawAccepted,
    DrawCancelled,
    DrawDeclined,
    DrawOffered,
    Eliminated,
    Event,
    GameDrawn,
    GameWon,
    JailRollFailed,
    LeftJail,
    Mortgaged,
    Moved,
    OfferedToBuy,
    Paid,
    PurchaseDeclined,
    Redeemed,
    RentDiceThrown,
    Resigned,
    SentToJail,
    TimeLimitReached,
    TradeAccepted,
    TradeDeclined,
    TradeProposed,
    TurnCapReached,
    TurnStarted,
)
from .legality import ACTION_CHECKS, MANAGE_PHASES, RAISE_PHASES, bid_cash, why_illegal
from .offers import Offer, OfferKind
from .operations import GameOps
from .phases import (
    AFTER_LANDING,
    AFTER_ROLL,
    AUCTION,
    AUCTION_OPENED,
    BEFORE_ROLL,
    BUS,
    BUY,
    DEBT,
    DEBT_WAITS,
    FINISH_MOVE,
    GAME_ENDED,
    JAIL_MOVE,
    JAIL_ROLL_FAILED,
    LOT_AUCTIONED,
    LOT_SOLD,
    MOVE_RESOLVED,
    OFFER,
    OFFER_MADE,
    OFFERED_TO_BUY,
    OVER,
    PAYMENT_DUE,
    POST_ROLL,
    PRE_ROLL,
    RESUME,
    TAX,
    TAX_OFFERED,
    TRADE,
    TRADE_ANSWERED,
    TRADE_PROPOSED,
    TRANSITIONS,
    TRIPLE,
    TURN_PASSED,
    Phase,
    Step,
    next_phase,
)
from .rule_sections import AGENCY_KINDS, SECTION_CARD_EFFECTS, SQUARE_KINDS
from .rules import PROPERTY_KINDS, Card, Ruleset
from .state import BANK, Auction, Debt, DrawOffer, GameState, Lot, TradeOffer, TradeRefusal
from .values import Value


class DecisionKind(StrEnum):
    """What a seat must decide (the values are what the table's clock and JSON say)."""
    TURN = "turn"                   # before the roll, jail choices included
    BUY = "buy"
    BID = "bid"
    AFTER_ROLL = "after_roll"
    DEBT = "debt"
    TRADE_ANSWER = "trade_answer"
    TAX = "tax"
    PAYMENT_DUE = "payment_due"     # a payment a kept card may cancel («Казка»)
    OFFER = "offer"                 # the offer phase's, by phase; its decision is the offer's kind:
    DONATE = "donate"               # ... offers.OfferKind's values
    CREDIT = "credit"
    JAIL_CANCEL = "jail_cancel"
    DEPOSIT = "deposit"
    CASINO = "casino"
    RAID = "raid"
    AGENCY = "agency"
    INVEST = "invest"
    BUS = "bus"                     # the speed die's choices (engine/speed_die.py)
    TRIPLE = "triple"
    DRAW_ANSWER = "draw_answer"     # beside the game's own decision, while a draw offer is open


DECISION_KINDS: dict[Phase, DecisionKind] = {
    PRE_ROLL: DecisionKind.TURN, BUY: DecisionKind.BUY, AUCTION: DecisionKind.BID,
    POST_ROLL: DecisionKind.AFTER_ROLL, DEBT: DecisionKind.DEBT, TRADE: DecisionKind.TRADE_ANSWER,
    TAX: DecisionKind.TAX, PAYMENT_DUE: DecisionKind.PAYMENT_DUE,
    # The offer phase's decision is the kind of the offer waiting (offers.OfferKind).
    OFFER: DecisionKind.OFFER,
    BUS: DecisionKind.BUS, TRIPLE: DecisionKind.TRIPLE,   # the speed die's choices (engine/speed_die.py)
}
# The offer phase's decision by the offer waiting.
_OFFER_DECISIONS: dict[OfferKind, DecisionKind] = {kind: DecisionKind(kind.value) for kind in OfferKind}
# As a module name, for the same reason as the phases (engine/phases.py).
DRAW_ANSWER = DecisionKind.DRAW_ANSWER
# Payments to the bank that go into the pot instead, with the option `pot`: taxes, the jail
# fee and the cards' fines and repairs (a `CardReason`).
_POT_REASONS = frozenset({R.TAX, R.JAIL_FEE})


class Decision(NamedTuple):
    """A seat that must decide, and what kind of decision."""
    seat: int
    kind: DecisionKind


class Legal(Value):
    """What a seat may do now: the enumerable actions, the bid range, the trade partners, and
    the range of the amount its decision names (a deposit, a casino's bet), if any."""
    __slots__ = __match_args__ = ("actions", "bid", "trade_partners", "amount")

    def __init__(self, actions: tuple[Action, ...], bid: tuple[int, int] | None = None,
                 trade_partners: tuple[int, ...] = (), amount: tuple[int, int] | None = None) -> None:
        self.actions: Final = actions
        self.bid: Final = bid
        self.trade_partners: Final = trade_partners
        self.amount: Final = amount


class Outcome(Value):
    __slots__ = __match_args__ = ("winner", "draw")

    def __init__(self, winner: int | None, draw: bool) -> None:
        self.winner: Final = winner
        self.draw: Final = draw


_SAFE_BY_PHASE: dict[Phase, type[Action]] = {
    AUCTION: PassBid, BUY: SendToAuction, DEBT: SettleDebt, TRADE: DeclineTrade,
    PAYMENT_DUE: PayDebt,   # pay: the card is kept, the debt goes on as it would without it
}
_DECISIONS: dict[tuple[int, DecisionKind], Decision] = {}


def _decision(seat: int, kind: DecisionKind) -> Decision:
    d = _DECISIONS.get((seat, kind))
    if d is None:
        d = _DECISIONS[(seat, kind)] = Decision(seat, kind)
    return d


class _SeatsAfter(dict[int, tuple[tuple[int, ...], ...]]):
    """Per table size n, per seat: the other seats in seat order after it, computed once (the
    game asks for the order at every auction and every turn)."""

    def __missing__(self, n: int) -> tuple[tuple[int, ...], ...]:
        orders = self[n] = tuple(tuple((seat + i) % n for i in range(1, n)) for seat in range(n))
        return orders


_AFTER = _SeatsAfter()


_SEAT_DEED_ACTIONS: dict[int, tuple[DeedActions, DeedActions, DeedActions, DeedActions]] = {}


def _seat_deed_actions(seat: int) -> tuple[DeedActions, DeedActions, DeedActions, DeedActions]:
    """The seat's shared redeem, build, sell and mortgage actions by cell, found once per seat
    (legal() asks for all four at every decision of the seat on turn)."""
    found = _SEAT_DEED_ACTIONS.get(seat)
    if found is None:
        found = _SEAT_DEED_ACTIONS[seat] = (deed_actions(Redeem, seat), deed_actions(Build, seat),
                                            deed_actions(SellBuilding, seat), deed_actions(Mortgage, seat))
    return found


def _bank(seat: int) -> int | None:
    return None if seat == BANK else seat


class Game(GameOps):
    # Not part of the state: the cells where tokens came to rest while actions ran without
    # events (`_apply_quietly`; the match loop sets one list for a whole game), and the
    # chance source of the action running (a lasting power throws at a turn's start).
    __slots__ = ("_rested", "_chance")
    _rested: list[int]
    _chance: ChanceSource | None

    # -- starting ------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Ruleset, players: int, chance: ChanceSource | None = None,
            first: int | None = None, *, keep_refusals: bool = False) -> Game:
        """A new game; who moves first is `first`, or drawn from `chance`. With
        `keep_refusals` the state keeps the declined trade offers (`refusals`), as a table's
        game does, so that whoever plays a seat later knows them."""
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(f"this ruleset seats {rules.min_players} to {rules.max_players} "
                             f"players, not {players}")
        if first is None:
            if chance is None:
                raise ChanceRequired("who moves first is drawn: give a chance source or `first`")
            first = chance.pick([str(i) for i in range(players)])
        if not 0 <= first < players:
            raise ValueError(f"first player {first} is not a seat")
        s = object.__new__(cls)
        size = rules.size
        s.rules = rules
        s.players = players
        s.cash = [rules.start_cash] * players
        s.pos = [0] * players
        s.alive = [True] * players
        s.jailed = [False] * players
        s.jail_tries = [0] * players
        s.cards_held = [[] for _ in range(players)]
        s.owner = [BANK] * size
        s.mortgaged = [False] * size
        s.buildings = [0] * size
        s.deck = list(range(len(rules.cards)))
        s.first = first
        s.active = first
        s.phase = PRE_ROLL
        s.doubles = 0
        s.reroll = False
        s.turn_over = False
        s.dice = None
        s.turn = 1
        s.roll_count = 0
        s.pending_buy = None
        s.auction = None
        s.debts = []
        s.resume = None
        s.trade = None
        s.trade_resume = None
        s.proposed_to = []
        s.draw = None
        s.draw_offered_at = [-1] * players
        s.winner = None
        s.drawn = False
        s.pot = 0
        s.fee_paid = []
        s.auction_queue = []
        s.donations = [0] * players
        s.offers = []
        s.deposit = [rules.deposit.start if rules.deposit is not None else 0] * players
        s.jackpot = 0
        s.transferred = [False] * players
        s.auctioned = False
        s.chips = {}
        s.effects = []
        s.cards_used = [[] for _ in range(players)]
        s.refusals = () if keep_refusals else None
        s.lapped = [False] * players
        s.speed_face = None
        s.landlord_due = False
        s.time_up = False
        s.dealt = ()
        if rules.deal_deeds:
            if chance is None:
                raise ChanceRequired("the deeds are dealt by chance: give a chance source")
            D.deal(s, chance)
        return s

    # -- queries -------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase is not OVER:
            return None
        return Outcome(winner=self.winner, draw=self.drawn)

    def pending(self) -> list[Decision]:
        """Who must decide what now: draw answers first, then the game's own decision."""
        phase = self.phase
        seat = self.main_seat()
        if seat is None:
            return []
        main = _decision(seat, _OFFER_DECISIONS[self.offers[0].kind] if phase is OFFER else DECISION_KINDS[phase])
        if self.draw is None:
            return [main]
        return [_decision(seat, DRAW_ANSWER) for seat in self._draw_answerers()] + [main]

    def _draw_answerers(self) -> list[int]:
        if self.draw is None:
            return []
        by, accepted = self.draw.by, self.draw.accepted
        return [seat for seat in self._seats_from(by)[1:] if seat not in accepted]

    def safe_action(self, seat: int, kind: DecisionKind | None = None) -> Action | None:
        """The clock's choice for `seat`: it never spends the player's money by choice.

        With `kind` None it answers the seat's first pending decision (a draw answer first)."""
        phase = self.phase
        if phase is OVER:
            return None
        if (self.draw is not None and kind in (None, DRAW_ANSWER)
                and seat in self._draw_answerers()):
            return shared(DeclineDraw, seat)
        # The main seat (`main_seat()`, inlined: idle bots ask this at every decision).
        auction = self.auction
        if auction is not None:
            main = auction.bidders[auction.turn]
        elif (phase is PRE_ROLL or phase is POST_ROLL or phase is BUY or phase is TAX or phase is OFFER
              or phase is BUS or phase is TRIPLE):
            main = self.active
        elif self.debts:
            main = self.debts[0].debtor
        elif self.trade is not None:
            main = self.trade.to_seat
        else:
            return None
        if phase is OFFER:
            if seat != main or (kind is not None and kind != self.offers[0].kind.value):
                return None
            return squares.safe(self, seat)
        if seat != main or (kind is not None and kind != DECISION_KINDS[phase]):
            return None
        if phase is BUS or phase is TRIPLE:
            return S.safe(self, seat)
        cls = _SAFE_BY_PHASE.get(phase)
        if cls is None:
            if phase is PRE_ROLL:
                cls = RollForDouble if self.jailed[seat] else Roll
            elif phase is POST_ROLL:
                cls = Roll if self.reroll else EndTurn
            else:
                fixed, share = tax_choices(self, seat)
                cls = PayTaxPercent if share < fixed else PayTax
        return shared(cls, seat)

    def legal(self, seat: int) -> Legal:
        """Every enumerable legal action of `seat`, plus the bid range and trade partners."""
        if self.phase is OVER or not 0 <= seat < self.players or not self.alive[seat]:
            return Legal(())
        candidates: list[Action] = []
        bid_range: tuple[int, int] | None = None
        partners: tuple[int, ...] = ()
        if self.draw is not None:
            candidates += [shared(AcceptDraw, seat), shared(DeclineDraw, seat)]
        else:
            candidates.append(shared(OfferDraw, seat))
        main = self.main_seat()
        phase = self.phase
        if seat == main:
            if phase is PRE_ROLL:
                if self.jailed[seat]:
                    candidates += [shared(PayJailFee, seat), shared(UseReleaseCard, seat),
                                   shared(RollForDouble, seat)]
                else:
                    candidates.append(shared(Roll, seat))
            elif phase is POST_ROLL:
                candidates.append(shared(Roll if self.reroll else EndTurn, seat))
            elif phase is BUY:
                candidates += [shared(Buy, seat), shared(SendToAuction, seat)]
            elif self.auction is not None:
                candidates.append(shared(PassBid, seat))
                bid_range = self._bid_range(self.auction, seat)
            elif phase is DEBT:
                candidates += [shared(PayDebt, seat), shared(SettleDebt, seat),
                               shared(DeclareBankruptcy, seat)]
            elif phase is TRADE:
                candidates += [shared(AcceptTrade, seat), shared(DeclineTrade, seat)]
            elif phase is TAX:
                candidates += [shared(PayTax, seat), shared(PayTaxPercent, seat)]
            elif phase is OFFER:
                candidates += squares.candidates(self, seat)
            elif phase is PAYMENT_DUE:
                candidates.append(shared(PayDebt, seat))
            elif phase is BUS or phase is TRIPLE:
                candidates += S.choices(self, seat)
            if phase in MANAGE_PHASES:
                candidates.append(shared(Resign, seat))
                asked, alive = self.proposed_to, self.alive
                partners = tuple([p for p in _AFTER[self.players][seat] if alive[p] and p not in asked])
        # why_illegal's own rule for each action: the game runs and the seat is in it (above).
        actions = [a for a in candidates if ACTION_CHECKS[type(a)](self, a, seat) is None]
        if seat == main and self.rules.powers and self.cards_held[seat]:
            actions += kept.uses(self, seat)
        amount = None
        if seat == main:
            if self.rules.classic:
                if phase in RAISE_PHASES:
                    actions += self._legal_cell_actions(seat, phase in MANAGE_PHASES)
            else:
                actions += deed_sales.cell_actions(self, seat, phase)
                extras, amount = squares.extras(self, seat, phase)
                actions += extras
        return Legal(tuple(actions), bid_range, partners, amount)

    def amount_action(self, seat: int, amount: int) -> Action | None:
        """The action naming `amount` for `seat`'s decision when `legal(seat).amount` gives its
        range (a deposit, a casino's bet), else None."""
        return squares.amount_action(self, seat, amount)

    def bid_range(self, seat: int) -> tuple[int, int] | None:
        """`legal(seat).bid` without the rest of `legal`: the lowest and highest bid `seat`
        may make now, or None."""
        auction = self.auction
        if auction is None or self.phase is OVER or seat != self.main_seat() or not self.alive[seat]:
            return None
        return self._bid_range(auction, seat)

    def _bid_range(self, auction: Auction, seat: int) -> tuple[int, int] | None:
        lo, hi = (auction.high + 1 if not auction.start else stepped_auctions.least_bid(auction)), bid_cash(self, seat)
        return (lo, hi) if lo <= hi else None

    def _legal_cell_actions(self, seat: int, manage: bool) -> list[Action]:
        """The main seat's legal deed actions, by deed: the turn and phase rules of
        `why_illegal` already hold here, so only the deed's own rules are asked (bots ask
        for every legal action at every decision: this keeps them cheap). A colour group's
        facts (held whole, carrying a building) are found once, and only deeds they allow
        are asked about."""
        out: list[Action] = []
        owner, mortgaged, buildings = self.owner, self.mortgaged, self.buildings
        cash = self.cash[seat]
        redeem, build, sell, mortgage = _seat_deed_actions(seat)
        # Per colour group: (held whole by the seat, carrying a building), found once.
        facts: dict[tuple[int, ...], tuple[bool, bool]] = {}
        for c, street, group in self.rules.deeds:
            if owner[c] != seat:
                continue
            whole = built = False
            if street:
                found = facts.get(group)
                if found is None:
                    whole = True
                    for x in group:
                        if owner[x] != seat:
                            whole = False
                        if buildings[x]:
                            built = True
                    facts[group] = (whole, built)
                else:
                    whole, built = found
            if manage:
                if mortgaged[c]:
                    # All of holdings.can_redeem for the seat's mortgaged deed: the cash.
                    if cash >= H.redeem_cost(self, c):
                        out.append(redeem[c])
                elif whole and H.can_build(self, seat, c) is None:
                    out.append(build[c])
            if buildings[c]:
                if H.can_sell(self, seat, c) is None:
                    out.append(sell[c])
            elif not mortgaged[c] and not built:
                # All of holdings.can_mortgage: the seat's deed, not mortgaged, no building
                # in its group (tests/engine/test_hypothesis_engine.py compares with is_legal).
                out.append(mortgage[c])
        return out

    def needs_chance(self, action: Action) -> bool:
        # The speed die's moves may end on a card, as a roll's.
        if isinstance(action, (Roll, RollForDouble, TakeBus, MoveTo)) or squares.needs_chance(self, action):
            return True
        if self.rules.powers and kept.needs_chance(self, action):
            return True
        # Settling the third failed jail try's fee lets the token move, maybe onto a card.
        return self.resume is JAIL_MOVE and isinstance(
            action, (PayDebt, SettleDebt, DeclareBankruptcy))

    def check(self, action: Action) -> None:
        why = why_illegal(self, action)
        if why is not None:
            raise IllegalAction(*why)

    def is_legal(self, action: Action) -> bool:
        return why_illegal(self, action) is None

    # -- applying ------------------------------------------------------------------------

    def apply(self, action: Action, chance: ChanceSource | None = None) -> list[Event]:
        """Apply a legal action; return the events in the order they happened."""
        why = why_illegal(self, action)
        if why is not None:
            raise IllegalAction(*why)
        if chance is None and self.needs_chance(action):
            raise ChanceRequired(f"{action.TYPE} needs a chance source")
        return self._apply(action, chance)

    def time_passed(self, ms: int) -> list[Event]:
        """The table's clock, in milliseconds since the start, before the next action: past
        the time limit (option `time_limit`) the round under way becomes the last
        (engine/time_limit.py). Without a limit it changes nothing."""
        ev: list[Event] = []
        T.time_passed(self, ms, ev)
        return ev

    def _apply(self, action: Action, chance: ChanceSource | None) -> list[Event]:
        """Apply an action already known to be legal, with the chance it needs: what `apply`
        does once its checks pass. Only for actions the engine itself vouches for (the match
        loop's bots answer with `safe_action`, a member of `legal()`, or an action they
        checked with `is_legal`), never for input from outside the engine."""
        ev: list[Event] = []
        self._run(action, chance, ev)
        return ev

    def _apply_quietly(self, action: Action, chance: ChanceSource | None) -> list[int]:
        """`_apply` without building the events, for whole games between bots that nobody
        watches (the match loop without an observer): the same state afterwards, and the
        cells where a token came to rest (each `CameToRest` event's cell, in order), the one
        fact of the events that such a loop counts. Same trust rule as `_apply`."""
        rested = self._rested = []
        self._run(action, chance, None)
        return rested

    def _run(self, action: Action, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        """What every action does, its events appended to `ev` (None: none are built)."""
        t = type(action)
        self._chance = chance
        if self.draw is not None and t not in (AcceptDraw, DeclineDraw):
            self.draw = None
            if ev is not None:
                ev.append(DrawCancelled("move", action.seat))
        _HANDLERS[t](self, action, chance, ev)
        if self.auction_queue and (self.phase is PRE_ROLL or self.phase is POST_ROLL):
            self._open_queued_auction(ev)

    def _came_to_rest(self, seat: int, cell: int, ev: list[Event] | None) -> None:
        if ev is None:
            self._rested.append(cell)
        else:
            ev.append(CameToRest(seat, cell))

    def _step(self, step: Step, back: Phase | None = None) -> None:
        """Change the phase by the one table of transitions (phases.TRANSITIONS); `back` is
        the phase to return to where the table says RESUME."""
        try:
            phase = TRANSITIONS[(self.phase, step)]
        except KeyError:
            phase = next_phase(self.phase, step)  # raises the PhaseError that names them
        if phase is RESUME:
            assert back is not None, f"{step.name} with no phase to go back to"
            phase = back
        self.phase = phase

    def _end_game(self, winner: int | None) -> None:
        """Won by `winner`, or drawn (None): nothing is pending any more."""
        self._step(GAME_ENDED)
        self.winner = winner
        self.drawn = winner is None
        self.draw = None
        self.debts = []
        self.resume = None
        self.pending_buy = None
        self.auction = None
        self.trade = None
        self.trade_resume = None
        self.auction_queue = []
        self.offers = []
        self.landlord_due = False

    # turn and movement

    def _roll_dice(self, seat: int, chance: ChanceSource, ev: list[Event] | None) -> tuple[int, int]:
        sides = self.rules.dice_sides
        d1, d2 = chance.roll(sides), chance.roll(sides)
        self.dice = [d1, d2]
        if self.rules.speed_die:
            self.speed_face = None   # rolled with these (engine/speed_die.py) or not at all
        self.roll_count += 1
        if ev is not None:
            ev.append(DiceRolled(seat, (d1, d2), d1 == d2))
        return d1, d2

    def _do_roll(self, a: Roll, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        assert chance is not None, "apply() refuses a roll without chance"
        seat = a.seat
        d1, d2 = self._roll_dice(seat, chance, ev)
        self.reroll = False
        self.transferred[seat] = False
        face = S.roll(self, seat, d1, d2, chance, ev) if self.rules.speed_die else None
        if d1 == d2:
            self.doubles += 1
            # A triple of the speed die is a double that ends the turn, never the jail's third.
            triple = face is not None and S.is_triple(face, d1, d2)
            if self.doubles >= self.rules.doubles_to_jail and not triple:
                self._send_to_jail(seat, "three_doubles", ev)
                self._finish_move(ev)
                return
            self.reroll = not triple
        if face is not None:
            S.move(self, seat, face, d1, d2, chance, ev)
            return
        self._advance(seat, d1 + d2, "dice", ev)
        self._land(seat, chance, ev)
        self._after_landing(chance, ev, dice_move=True)

    def _do_roll_for_double(self, a: RollForDouble, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        assert chance is not None, "apply() refuses a roll without chance"
        seat = a.seat
        d1, d2 = self._roll_dice(seat, chance, ev)
        self.reroll = False
        if d1 == d2:
            self._leave_jail(seat, "double", ev)
            self._advance(seat, d1 + d2, "dice", ev)
            self._land(seat, chance, ev)
            self._after_landing(chance, ev, dice_move=True)
            return
        self.jail_tries[seat] += 1
        tries = self.jail_tries[seat]
        if ev is not None:
            ev.append(JailRollFailed(seat, tries))
        if tries >= self.rules.jail_max_tries and self.rules.jail_release_on_expiry:
            # The turns in jail are served: out, with no fee and no move (seed 004 L93).
            self._leave_jail(seat, "served", ev)
            self._step(JAIL_ROLL_FAILED)
        elif tries >= self.rules.jail_max_tries:
            self.debts.append(Debt(seat, BANK, self.rules.jail_fee, R.JAIL_FEE))
            self.resume = JAIL_MOVE
            self._run_debts(chance, ev)
        else:
            self._step(JAIL_ROLL_FAILED)

    def _do_pay_jail_fee(self, a: PayJailFee, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        self._pay(a.seat, BANK, self.rules.jail_fee, R.JAIL_FEE, ev)
        self._leave_jail(a.seat, "fee", ev)

    def _do_use_release_card(self, a: UseReleaseCard, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        if self.phase is OFFER:
            privileges.spend(self, a.seat, "card", ev)
            return
        card = privileges.release_card(self, a.seat)
        assert card is not None, "checked: a release card is held"
        self.cards_held[a.seat].remove(card)
        kept.note_used(self, a.seat, card)
        self._return_card(card, ev)
        self._leave_jail(a.seat, "card", ev)

    def _leave_jail(self, seat: int, how: str, ev: list[Event] | None) -> None:
        self.jailed[seat] = False
        self.jail_tries[seat] = 0
        if ev is not None:
            ev.append(LeftJail(seat, how))

    def _send_to_jail(self, seat: int, reason: str, ev: list[Event] | None) -> None:
        jail = self.rules.jail_cell
        if self.rules.jail_cancel and privileges.privileged(self, seat):
            # A privilege may cancel it at once (seed 004 L96): the player is asked first.
            self.pos[seat] = jail
            privileges.offer(self, seat, OfferKind.JAIL_CANCEL, ev, reason)
            self._came_to_rest(seat, jail, ev)
            return
        self.pos[seat] = jail
        self._jail(seat, reason, ev)
        self._came_to_rest(seat, jail, ev)

    def _jail(self, seat: int, reason: str, ev: list[Event] | None) -> None:
        """Jail `seat`, already on the jail square: the turn ends once the move resolves."""
        self.jailed[seat] = True
        self.jail_tries[seat] = 0
        self.reroll = False
        self.turn_over = True
        if ev is not None:
            ev.append(SentToJail(seat, reason))

    def _advance(self, seat: int, steps: int, by: str, ev: list[Event] | None) -> None:
        """Move forward `steps` cells, collecting the start salary when passing or landing
        on the start."""
        size = self.rules.size
        old = self.pos[seat]
        new = (old + steps) % size
        self.pos[seat] = new
        passed = old + steps >= size
        if passed and self.rules.speed_die:
            self.lapped[seat] = True   # the speed die from the next roll on
        if ev is not None:
            ev.append(Moved(seat, old, new, steps, by, passed))
        if passed and self.rules.start_salary:
            self._pay(BANK, seat, self.rules.start_salary, R.START_SALARY, ev)
        if self.rules.bank_cells:
            deposits.interest_on_the_way(self, seat, old, steps, ev)
        if passed and self.effects:
            timed.lap(self, seat, ev)

    def _land(self, seat: int, chance: ChanceSource | None, ev: list[Event] | None, *,
              rent_multiplier: int = 1, dice_multiplier: int = 0, forced: bool = False, min_bet: int = 1) -> None:
        """Resolve the cell under `seat`: sets up a purchase offer, a tax's choice, debts or a
        square's offer, or moves on. A card that sends the token on may raise the rent
        (`rent_multiplier`), ask for a fresh throw times `dice_multiplier` instead of a
        utility's rent, or make the square's offer compulsory (`forced`; a bet of `min_bet`)."""
        rules = self.rules
        cell = self.pos[seat]
        info = rules.cells[cell]
        kind = info.kind
        if kind == "card":
            if self.pot and cell in rules.pot_cells:
                # A board without a free corner gives the pot to the lander of this card cell.
                amount, self.pot = self.pot, 0
                self._pay(BANK, seat, amount, R.POT, ev)
            self._draw_card(seat, chance, ev)
            return
        if kind == "go_to_jail":
            self._send_to_jail(seat, "go_to_jail_cell", ev)
            return
        if kind == "jail" and rules.jail_on_landing:
            self._send_to_jail(seat, "jail_cell", ev)
            return
        # (_came_to_rest inlined: this is where nearly every move ends.)
        if ev is None:
            self._rested.append(cell)
        else:
            ev.append(CameToRest(seat, cell))
        if kind == "tax":
            if not info.percent and info.amount:
                self.debts.append(Debt(seat, BANK, info.amount, R.TAX))
        elif kind == "start":
            if rules.start_bonus and rules.start_salary:
                self._pay(BANK, seat, rules.start_salary, R.START_BONUS, ev)
        elif kind == "free":
            if rules.pot and self.pot:
                amount, self.pot = self.pot, 0
                self._pay(BANK, seat, amount, R.POT, ev)
        elif kind in PROPERTY_KINDS:   # info.is_property, without the property's call
            owner = self.owner[cell]
            if owner == BANK:
                self.pending_buy = cell
                if ev is not None:
                    ev.append(OfferedToBuy(seat, cell, info.price))
            elif owner != seat and not self.mortgaged[cell]:
                if dice_multiplier and kind == "utility":
                    amount = 0
                    if H.rent(self, cell, 1):
                        assert chance is not None, "a card's throw comes with the card's chance"
                        sides = rules.dice_sides
                        dice = (chance.roll(sides), chance.roll(sides))
                        if ev is not None:
                            ev.append(RentDiceThrown(seat, dice))
                        amount = dice_multiplier * (dice[0] + dice[1])
                else:
                    # Investors share the rent of their chips (seed 004 L159-165).
                    shares = investments.rent_debts(self, seat, cell, owner) if cell in self.chips else None
                    if shares is not None:
                        self.debts += shares
                        amount = 0
                    else:
                        total = self.dice[0] + self.dice[1] if self.dice else 0
                        amount = H.rent(self, cell, total, seat) * rent_multiplier
                if amount:
                    self.debts.append(Debt(seat, owner, amount, R.RENT))
            if kind in AGENCY_KINDS:
                squares.land(self, seat, kind, forced, min_bet, chance, ev)
        elif kind in SQUARE_KINDS:
            squares.land(self, seat, kind, forced, min_bet, chance, ev)

    def _after_offer(self, offer: Offer, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        """An offer is answered: the card whose move waited for it plays (plates.py), or the
        move goes on."""
        if offer.card is None:
            self._finish_move(ev)
            return
        self._play_card(self.active, self.rules.cards[offer.card], chance, ev)
        self._after_landing(chance, ev)

    def _after_landing(self, chance: ChanceSource | None, ev: list[Event] | None, dice_move: bool = False) -> None:
        if dice_move and self.effects and timed.after_dice_move(self, chance, ev):
            return
        if self.debts:
            self.resume = FINISH_MOVE
            self._run_debts(chance, ev)
        elif self.pending_buy is not None:
            self._step(OFFERED_TO_BUY)
        elif self.rules.cells[self.pos[self.active]].percent and self.alive[self.active] \
                and not self.turn_over:
            # The move ended on a tax that offers a choice of amounts: the payer chooses.
            self._step(TAX_OFFERED)
        else:
            self._finish_move(ev)

    def _finish_move(self, ev: list[Event] | None) -> None:
        if self.phase is OVER:
            return
        if self.offers:
            if self.alive[self.active]:
                # What the square offers comes once its debts and purchase are settled.
                self._step(OFFER_MADE)
                return
            self.offers = []
        if self.landlord_due:
            # The speed die's landlord moves on once the cell is wholly resolved.
            self.landlord_due = False
            if S.landlord(self, ev):
                return
        if self.turn_over or not self.alive[self.active]:
            self._next_turn(ev)
        else:
            self._step(MOVE_RESOLVED)

    def _next_turn(self, ev: list[Event] | None) -> None:
        if self.phase is OVER:
            return
        ended = self.active
        if self.fee_paid:
            # A fee paid for a deed received lets it be redeemed without interest only
            # until the end of its new owner's own turn.
            self.fee_paid = [c for c in self.fee_paid if self.owner[c] != ended]
        cap = self.rules.turn_cap
        if cap and self.turn >= cap:
            self._end_by_worth(TurnCapReached(self.turn), ev)
            return
        following = timed.next_active(self, ev) if self.effects else self._next_seat(ended)
        if self.time_up and T.round_over(self, ended, following):
            self._end_by_worth(TimeLimitReached(self.turn), ev)
            return
        self.active = following
        self.turn += 1
        self._step(TURN_PASSED)
        self.doubles = 0
        self.reroll = False
        self.turn_over = False
        self.auctioned = False
        self.proposed_to = []
        if ev is not None:
            ev.append(TurnStarted(self.active, self.turn))
        if self.effects:
            timed.turn_started(self, ev)

    def _do_end_turn(self, a: EndTurn, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        self._next_turn(ev)

    def _end_by_worth(self, why: Event, ev: list[Event] | None) -> None:
        """The turn cap is reached, or the last round after the time limit is over (`why`):
        the richest player (net worth) wins; a tie is a draw."""
        worth = {s: H.net_worth(self, s) for s in range(self.players) if self.alive[s]}
        best = max(worth.values())
        richest = [s for s, w in worth.items() if w == best]
        if ev is not None:
            ev.append(why)
        if len(richest) == 1:
            self._end_game(richest[0])
            if ev is not None:
                ev.append(GameWon(richest[0]))
        else:
            self._end_game(None)
            if ev is not None:
                ev.append(GameDrawn())

    def _seats_from(self, seat: int) -> list[int]:
        """Seats still in the game in seat order, starting with `seat` (which may be out)."""
        alive = self.alive
        out = [seat]
        for s in _AFTER[self.players][seat]:
            if alive[s]:
                out.append(s)
        return out

    def _next_seat(self, seat: int) -> int:
        """The first seat after `seat` still in the game (`_seats_from(seat)[1]`)."""
        alive = self.alive
        for s in _AFTER[self.players][seat]:
            if alive[s]:
                return s
        raise AssertionError("a game still playing has two seats in it")

    # cards

    def _draw_card(self, seat: int, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        if chance is None:
            raise ChanceRequired("a card draw needs a chance source")
        rules = self.rules
        deck = rules.cells[self.pos[seat]].deck
        if deck in rules.power_decks:
            kept.draw(self, seat, deck, chance, ev)
            return
        cards = rules.cards
        undrawn = [c for c in self.deck if cards[c].deck == deck]
        if not undrawn:
            held = {c for h in self.cards_held for c in h}
            undrawn = [c for c in rules.deck_cards.get(deck, ()) if c not in held]
            self.deck = sorted(self.deck + undrawn)
            if ev is not None:
                ev.append(DeckReshuffled(len(undrawn), deck or None))
            if not undrawn:
                self._came_to_rest(seat, self.pos[seat], ev)
                return
        idx = chance.pick([cards[c].id for c in undrawn])
        card = cards[undrawn[idx]]
        self.deck.remove(card.index)
        if ev is not None:
            ev.append(CardDrawn(seat, card.id))
        if rules.plates and plates.before_card(self, seat, card, ev):
            return   # the square's plate offers its service before the card's move (plates.py)
        self._play_card(seat, card, chance, ev)
        if rules.plates:
            plates.after_card(self, seat, card, ev)

    def _play_card(self, seat: int, card: Card, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        """What a drawn card does: a move and its landing, or its effect where the token stands."""
        rules = self.rules
        if card.kept:
            # Kept until used (a release card, a power): nothing happens yet.
            self._came_to_rest(seat, self.pos[seat], ev)
            self.cards_held[seat].append(card.index)
            if ev is not None:
                ev.append(CardKept(seat, card.id))
            return
        effect = card.effect
        p = card.params
        size = rules.size
        here = self.pos[seat]
        if effect == "advance_to":
            self._advance(seat, (p["cell"] - here) % size or size, "card", ev)
            self._land(seat, chance, ev, forced=p.get("forced", False), min_bet=p.get("min_bet", 1))
            return
        if effect == "advance_to_nearest":
            steps = next((k for k in range(1, size + 1)
                          if rules.cells[(here + k) % size].kind == p["kind"]), size)
            self._advance(seat, steps, "card", ev)
            self._land(seat, chance, ev, rent_multiplier=p.get("rent_multiplier", 1),
                       dice_multiplier=p.get("dice_multiplier", 0))
            return
        if effect == "move_back":
            new = (here - p["steps"]) % size
            self.pos[seat] = new
            if ev is not None:
                ev.append(Moved(seat, here, new, -p["steps"], "card", False))
            self._land(seat, chance, ev)
            return
        if effect == "go_to_jail":
            self._send_to_jail(seat, "card", ev)
            return
        self._came_to_rest(seat, here, ev)
        reason = R.CardReason(card.id)
        if effect == "receive":
            self._pay(BANK, seat, p["amount"], reason, ev)
        elif effect == "pay":
            self.debts.append(Debt(seat, BANK, p["amount"], reason))
        elif effect == "repairs":
            houses, hotels = H.houses_and_hotels(self, seat)
            amount = houses * p["per_house"] + hotels * p["per_hotel"]
            if amount:
                self.debts.append(Debt(seat, BANK, amount, reason))
        elif effect == "collect_from_each":
            for other in self._seats_from(seat)[1:]:
                self.debts.append(Debt(other, seat, p["amount"], reason))
        elif effect == "pay_each":
            for other in self._seats_from(seat)[1:]:
                self.debts.append(Debt(seat, other, p["amount"], reason))
        elif effect in SECTION_CARD_EFFECTS:
            squares.card_effect(self, seat, card, ev)

    def _return_card(self, card: int, ev: list[Event] | None) -> None:
        self.deck.append(card)
        self.deck.sort()
        if ev is not None:
            ev.append(CardReturned(self.rules.cards[card].id))

    # money

    def _pay(self, frm: int, to: int, amount: int, reason: R.PayReason, ev: list[Event] | None,
             cell: int | None = None) -> None:
        if frm != BANK:
            self.cash[frm] -= amount
        if to != BANK:
            self.cash[to] += amount
        elif self.rules.pot and (reason in _POT_REASONS or isinstance(reason, R.CardReason)):
            self.pot += amount
        if ev is not None:
            ev.append(Paid(_bank(frm), _bank(to), amount, reason, cell))

    def _run_debts(self, chance: ChanceSource | None, ev: list[Event] | None, accepted: bool = False) -> None:
        """Pay what can be paid, bankrupt who cannot, wait for who must raise cash (or may
        cancel the payment with a card: `accepted`, the first debt's debtor chose to pay);
        then go on."""
        debts = self.debts
        while debts:
            debt = debts[0]
            debtor, creditor, amount = debt.debtor, debt.creditor, debt.amount
            if not self.alive[debtor] or (creditor != BANK and not self.alive[creditor]):
                debts.pop(0)
                continue
            if accepted:
                accepted = False
            elif self.rules.reactions and reactions.waits(self, debt, ev):
                return
            if self.cash[debtor] >= amount:
                debts.pop(0)
                self._pay(debtor, creditor, amount, debt.reason, ev)
                if debt.reason == "donation":
                    privileges.donated(self, debtor, ev)
                continue
            if H.raisable(self, debtor) < amount:
                debts.pop(0)
                self._bankrupt(debtor, creditor, ev, owed=amount, reason=debt.reason)
                if self.phase is OVER:
                    return
                continue
            self._step(DEBT_WAITS)
            if ev is not None:
                ev.append(DebtOwed(debtor, _bank(creditor), amount, debt.reason))
            return
        resume, self.resume = self.resume, None
        if self.phase is OVER:
            return
        if resume is JAIL_MOVE:
            seat = self.active
            if not self.alive[seat]:
                self._next_turn(ev)
                return
            assert self.dice is not None, "the third jail try was rolled"
            self._leave_jail(seat, "third_try", ev)
            self._advance(seat, self.dice[0] + self.dice[1], "dice", ev)
            self._land(seat, chance, ev)
            self._after_landing(chance, ev, dice_move=True)
        elif resume is AFTER_LANDING:
            self._after_landing(chance, ev)
        elif resume is BEFORE_ROLL or resume is AFTER_ROLL:
            kept.back_to_turn(self, resume, ev)
        else:
            self._finish_move(ev)

    def _do_pay_debt(self, a: PayDebt, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        if self.phase is PAYMENT_DUE:
            # The debtor keeps the card: the debt goes on as it would have without it.
            self._run_debts(chance, ev, accepted=True)
            return
        debt = self.debts.pop(0)
        self._pay(debt.debtor, debt.creditor, debt.amount, debt.reason, ev)
        if debt.reason == "donation":
            privileges.donated(self, debt.debtor, ev)
        self._run_debts(chance, ev)

    def _do_settle_debt(self, a: SettleDebt, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        seat = a.seat
        amount = self.debts[0].amount
        if self.cash[seat] < amount and self.deposit[seat]:
            deposits.withdraw(self, seat, ev)   # the deposit first: it costs no rent
        cards = self.rules.powers and bool(self.cards_held[seat])
        if cards:
            self._settle_with_card(seat, amount, "cash", chance, ev)
            self._settle_with_card(seat, amount, "buildings", chance, ev)
        while self.cash[seat] < amount:
            cell = H.most_built_street(self, seat)
            if cell is None:
                break
            self._sell_building(seat, cell, ev)
        if cards:
            self._settle_with_card(seat, amount, "deeds", chance, ev)
        while self.cash[seat] < amount:
            if not self.rules.mortgage:
                cell = bank_deeds.cheapest(self, seat)
                if cell is None:
                    break
                bank_deeds.sell(self, seat, cell, ev)
                continue
            cell = H.cheapest_mortgageable(self, seat)
            if cell is None:
                break
            self._mortgage(seat, cell, ev)
        if self.cash[seat] >= amount:
            self._do_pay_debt(PayDebt(seat), chance, ev)
        else:
            self._do_declare_bankruptcy(DeclareBankruptcy(seat), chance, ev)

    def _settle_with_card(self, seat: int, amount: int, stage: str, chance: ChanceSource | None,
                          ev: list[Event] | None) -> None:
        """While `seat` is short of `amount`, spend the kept cards of «Ярмарок» that raise
        money at this `stage` of the settlement (engine/fair_cards.py)."""
        while self.cash[seat] < amount:
            use = fair_cards.settling_uses(self, seat, stage)
            if use is None:
                return
            kept.spend(self, seat, use[0], use[1], chance, ev)

    def _do_declare_bankruptcy(self, a: DeclareBankruptcy, chance: ChanceSource | None,
                               ev: list[Event] | None) -> None:
        debt = self.debts.pop(0)
        self._bankrupt(debt.debtor, debt.creditor, ev, owed=debt.amount, reason=debt.reason)
        if self.phase is not OVER:
            self._run_debts(chance, ev)

    def _bankrupt(self, seat: int, creditor: int, ev: list[Event] | None, *, owed: int | None = None,
                  reason: R.PayReason | None = None) -> None:
        """`owed` and `reason`: the debt that could not be paid (None when resigning). The
        event also says what the seat could still have raised, so a window can explain it."""
        rules = self.rules
        if ev is not None:
            ev.append(Bankrupt(seat, _bank(creditor), owed, reason, H.raisable(self, seat)))
        if self.deposit[seat]:
            deposits.withdraw(self, seat, ev)   # it goes with the cash (VARIANTS B3.4)
        if self.chips:
            # The bankrupt's deeds change hands, and its own chips go back (seed 004 L167).
            investments.burn(self, [c for c in rules.properties if self.owner[c] == seat], ev)
            investments.burn_investor(self, seat, ev)
        if creditor != BANK:
            for c in rules.properties:
                if self.owner[c] == seat:
                    while self.buildings[c]:
                        self._sell_building(seat, c, ev)
            if self.cash[seat]:
                self._pay(seat, creditor, self.cash[seat], R.BANKRUPTCY, ev)
            fees: list[Debt] = []
            for c in rules.properties:
                if self.owner[c] == seat:
                    self.owner[c] = creditor
                    if ev is not None:
                        ev.append(DeedTransferred(c, seat, creditor, self.mortgaged[c]))
                    fee = H.transfer_fee(self, c) if self.mortgaged[c] else 0
                    if fee:
                        fees.append(Debt(creditor, BANK, fee, R.MORTGAGE_FEE))
                        self._mark_fee_paid(c)
            # The creditor pays the fees for mortgaged deeds at once, before any other debt.
            self.debts[0:0] = fees
            for card in self.cards_held[seat]:
                if kept.passes_on(rules, card):
                    self.cards_held[creditor].append(card)
                    if ev is not None:
                        ev.append(CardTransferred(rules.cards[card].id, seat, creditor))
                else:
                    self._return_card(card, ev)
            self.cards_held[seat] = []
        else:
            if self.cash[seat]:
                self._pay(seat, BANK, self.cash[seat], R.BANKRUPTCY, ev)
            for c in rules.properties:
                if self.owner[c] == seat:
                    self.owner[c] = BANK
                    self.mortgaged[c] = False
                    self.buildings[c] = 0
                    if c in self.fee_paid:
                        self.fee_paid.remove(c)
                    if ev is not None:
                        ev.append(DeedReturned(c, seat))
                    if rules.bankrupt_deeds_auctioned and rules.auctions:
                        self.auction_queue.append(c)
            for card in self.cards_held[seat]:
                self._return_card(card, ev)
            self.cards_held[seat] = []
        self._eliminate(seat, ev)

    def _mark_fee_paid(self, cell: int) -> None:
        """The fee for `cell` is owed by its new owner: redeemed soon, it costs no interest."""
        if cell not in self.fee_paid:
            self.fee_paid.append(cell)
            self.fee_paid.sort()

    def _eliminate(self, seat: int, ev: list[Event] | None) -> None:
        self.alive[seat] = False
        self.jailed[seat] = False
        self.donations[seat] = 0  # lost in a bankruptcy (seed 004)
        if self.effects:
            timed.seat_left(self, seat, ev)
        if ev is not None:
            ev.append(Eliminated(seat))
        if self.draw is not None:
            self.draw = None
            if ev is not None:
                ev.append(DrawCancelled("elimination", seat))
        left = [s for s in range(self.players) if self.alive[s]]
        if len(left) == 1:
            self._end_game(left[0])
            if ev is not None:
                ev.append(GameWon(left[0]))

    def _do_pay_tax(self, a: PayTax | PayTaxPercent, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        """The tax of the cell the payer stands on: its fixed amount, or its share of all
        the payer owns; then the move goes on as after any debt."""
        amount = tax_choices(self, a.seat)[type(a) is PayTaxPercent]
        if amount:
            self.debts.append(Debt(a.seat, BANK, amount, R.TAX))
            self.resume = FINISH_MOVE
            self._run_debts(chance, ev)
        else:
            self._finish_move(ev)

    def _do_resign(self, a: Resign, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        if ev is not None:
            ev.append(Resigned(a.seat))
        self._bankrupt(a.seat, BANK, ev)
        if self.phase is not OVER:
            self._next_turn(ev)

    # buying and auctions

    def _do_buy(self, a: Buy, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        cell = self.pending_buy
        assert cell is not None, "checked: a deed is offered"
        price = self.rules.cells[cell].price
        self._pay(a.seat, BANK, price, R.PURCHASE, ev, cell=cell)
        self.owner[cell] = a.seat
        self.pending_buy = None
        if ev is not None:
            ev.append(Bought(a.seat, cell, price))
        self._finish_move(ev)

    def _do_send_to_auction(self, a: SendToAuction, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        cell = self.pending_buy
        assert cell is not None, "checked: a deed is offered"
        if not self.rules.auctions:
            # Without auctions a declined deed simply stays with the bank.
            self.pending_buy = None
            if ev is not None:
                ev.append(PurchaseDeclined(a.seat, cell))
            self._finish_move(ev)
            return
        if self.rules.stepped_auction or not self.rules.lander_bids:
            # Seed 004: among the others only, from the price (stepped_auctions.py).
            start = self.rules.cells[cell].price if self.rules.stepped_auction else 0
            auction = stepped_auctions.open_auction(self, cell, a.seat, ev, start=start, lot=Lot.DEED,
                                                    seller_bids=self.rules.lander_bids)
            if auction is None:
                self.pending_buy = None
                self._finish_move(ev)
                return
            self.auction = auction
            self._step(AUCTION_OPENED)
            return
        bidders = tuple(self._seats_from(a.seat))
        self.auction = Auction(cell, bidders)
        self._step(AUCTION_OPENED)
        if ev is not None:
            ev.append(AuctionStarted(cell, bidders))

    def _do_bid(self, a: Bid, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        auc = self.auction
        assert auc is not None, "checked: an auction runs"
        if ev is not None:
            ev.append(BidMade(a.seat, a.amount))
        self.auction = auc = auc.outbid(a.seat, a.amount)
        self._auction_check(auc, ev)

    def _do_pass_bid(self, a: PassBid, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        auc = self.auction
        assert auc is not None, "checked: an auction runs"
        if ev is not None:
            ev.append(BidPassed(a.seat))
        self.auction = auc = auc.passed()
        self._auction_check(auc, ev)

    def _auction_check(self, auc: Auction, ev: list[Event] | None) -> None:
        bidders = auc.bidders
        cell = auc.cell
        if bidders and not (len(bidders) == 1 and auc.high_bidder == bidders[0]):
            return
        if auc.resume is not None:
            self._close_lot(auc, ev)
            return
        if bidders:
            winner, amount = bidders[0], auc.high
            self._pay(winner, BANK, amount, R.AUCTION, ev, cell=cell)
            self.owner[cell] = winner
            if ev is not None:
                ev.append(AuctionWon(winner, cell, amount))
        else:
            if ev is not None:
                ev.append(AuctionUnsold(cell))
        self.auction = None
        self.pending_buy = None
        self._finish_move(ev)

    # buildings and mortgages

    def _open_queued_auction(self, ev: list[Event] | None) -> None:
        """Auction the next deed a bankrupt left to the bank (option `bankrupt_deeds`), while
        the turn waits."""
        cell = self.auction_queue.pop(0)
        if self.rules.stepped_auction:
            auction = stepped_auctions.open_auction(self, cell, self.active, ev, start=self.rules.cells[cell].price,
                                                    lot=Lot.DEED, resume=self.phase, seller_bids=True)
            if auction is not None:
                self.auction = auction
                self._step(LOT_AUCTIONED)
            elif self.auction_queue:
                self._open_queued_auction(ev)
            return
        bidders = tuple(self._seats_from(self.active))
        self.auction = Auction(cell, bidders, lot=Lot.DEED, resume=self.phase)
        self._step(LOT_AUCTIONED)
        if ev is not None:
            ev.append(AuctionStarted(cell, bidders))

    def _close_lot(self, auc: Auction, ev: list[Event] | None) -> None:
        """The end of an auction held during a turn: the deed or the building goes to the
        highest bidder; the turn goes on where it stopped."""
        cell, high, winner = auc.cell, auc.high, auc.high_bidder
        self.auction = None
        if auc.lot is Lot.OWN_DEED:
            # A deed its owner auctioned: the money goes to the owner (seed 004 L62).
            if winner is not None:
                seller = self.owner[cell]
                if self.chips:
                    investments.burn(self, (cell,), ev)
                self._pay(winner, seller, high, R.AUCTION, ev, cell=cell)
                self.owner[cell] = winner
                if ev is not None:
                    ev.append(AuctionWon(winner, cell, high))
            elif ev is not None:
                ev.append(AuctionUnsold(cell))
        elif auc.lot is Lot.DEED:
            if winner is not None:
                self._pay(winner, BANK, high, R.AUCTION, ev, cell=cell)
                self.owner[cell] = winner
                if ev is not None:
                    ev.append(AuctionWon(winner, cell, high))
            else:
                if ev is not None:
                    ev.append(AuctionUnsold(cell))
        else:
            # Nobody bid above the price: the player who asked builds at the price.
            seat = self.owner[cell] if winner is None else winner
            target = cell if seat == self.owner[cell] else H.lot_street(self, seat, auc.lot is Lot.HOTEL)
            assert target is not None, "a bidder for a building has a street for it"
            if high:
                self._pay(seat, BANK, high, R.AUCTION, ev, cell=target)
                if ev is not None:
                    ev.append(AuctionWon(seat, target, high))
            self._build(seat, target, ev)
        self._step(LOT_SOLD, back=auc.resume)

    def _do_build(self, a: Build, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        rules = self.rules
        if rules.house_supply is not None and rules.auctions and rules.shortage_auction:
            hotel = self.buildings[a.cell] + 1 == rules.max_buildings
            left = H.hotels_left(self) if hotel else H.houses_left(self)
            wanting = [seat for seat in self._seats_from(a.seat)
                       if seat == a.seat or H.lot_street(self, seat, hotel) is not None]
            if len(wanting) > left:
                # More players could build than the bank has buildings left: the last ones
                # go by auction, a bid being paid on top of the building's price.
                self.auction = Auction(a.cell, tuple(wanting), lot=Lot.HOTEL if hotel else Lot.HOUSE,
                                       resume=self.phase)
                self._step(LOT_AUCTIONED)
                if ev is not None:
                    ev.append(AuctionStarted(a.cell, tuple(wanting)))
                return
        self._build(a.seat, a.cell, ev)

    def _build(self, seat: int, cell: int, ev: list[Event] | None) -> None:
        if self.chips and not any(self.buildings[c] for c in self.rules.group_of[cell]):
            investments.burn(self, self.rules.group_of[cell], ev)   # the set's first branch (L166)
        cost = self.rules.cells[cell].house_cost
        self._pay(seat, BANK, cost, R.BUILDING, ev, cell=cell)
        self.buildings[cell] += 1
        if ev is not None:
            ev.append(Built(seat, cell, self.buildings[cell]))

    def _do_sell_building(self, a: SellBuilding, chance: ChanceSource | None,
                          ev: list[Event] | None) -> None:
        self._sell_building(a.seat, a.cell, ev)

    def _sell_building(self, seat: int, cell: int, ev: list[Event] | None) -> None:
        refund = card_means.building_refund(self, seat, cell)
        self.buildings[cell] -= 1
        self._pay(BANK, seat, refund, R.BUILDING_SOLD, ev, cell=cell)
        if ev is not None:
            ev.append(BuildingSold(seat, cell, self.buildings[cell], refund))

    def _do_mortgage(self, a: Mortgage, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        self._mortgage(a.seat, a.cell, ev)

    def _mortgage(self, seat: int, cell: int, ev: list[Event] | None) -> None:
        value = self.rules.mortgage_value(cell)
        self.mortgaged[cell] = True
        self._pay(BANK, seat, value, R.MORTGAGE, ev, cell=cell)
        if ev is not None:
            ev.append(Mortgaged(seat, cell, value))

    def _do_redeem(self, a: Redeem, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        cost = H.redeem_cost(self, a.cell)
        self.mortgaged[a.cell] = False
        if a.cell in self.fee_paid:
            self.fee_paid.remove(a.cell)
        self._pay(a.seat, BANK, cost, R.REDEEM, ev, cell=a.cell)
        if ev is not None:
            ev.append(Redeemed(a.seat, a.cell, cost))

    # trades

    def _do_propose_trade(self, a: ProposeTrade, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        give, take = tuple(a.give), tuple(a.take)
        index = self.rules.card_index
        self.trade = TradeOffer(a.seat, a.to, give, take, a.money, tuple(index[c] for c in a.cards))
        self.trade_resume = self.phase
        self.proposed_to.append(a.to)
        self._step(TRADE_PROPOSED)
        if ev is not None:
            ev.append(TradeProposed(a.seat, a.to, give, take, a.money, *self._trade_cards(self.trade)))

    def _do_accept_trade(self, a: AcceptTrade, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        t = self.trade
        assert t is not None, "checked: a trade is open"
        frm, to = t.from_seat, t.to_seat
        if ev is not None:
            ev.append(TradeAccepted(frm, to, t.give, t.take, t.money, *self._trade_cards(t)))
        for c in t.cards:
            giver, taker = (frm, to) if c in self.cards_held[frm] else (to, frm)
            self.cards_held[giver].remove(c)
            self.cards_held[taker].append(c)
        if self.chips:
            investments.burn(self, (*t.give, *t.take), ev)   # deeds that change hands (L167)
        for c in t.give:
            self.owner[c] = to
        for c in t.take:
            self.owner[c] = frm
        if t.money > 0:
            self._pay(frm, to, t.money, R.TRADE, ev)
        elif t.money < 0:
            self._pay(to, frm, -t.money, R.TRADE, ev)
        # Mortgaged deeds received cost their fee at once (its cash was checked).
        for cells, receiver in ((t.give, to), (t.take, frm)):
            for c in cells:
                if c in self.fee_paid:
                    self.fee_paid.remove(c)
                fee = H.transfer_fee(self, c) if self.mortgaged[c] else 0
                if fee:
                    self._pay(receiver, BANK, fee, R.MORTGAGE_FEE, ev, cell=c)
                    self._mark_fee_paid(c)
        self._close_trade()

    def _trade_cards(self, t: TradeOffer) -> tuple[tuple[str, ...] | None, tuple[str, ...] | None]:
        """The kept cards of trade `t` that its proposer gives and takes (ids; None: none)."""
        cards, mine = self.rules.cards, self.cards_held[t.from_seat]
        give = tuple(cards[c].id for c in t.cards if c in mine)
        take = tuple(cards[c].id for c in t.cards if c not in mine)
        return give or None, take or None

    def _do_decline_trade(self, a: DeclineTrade, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        t = self.trade
        assert t is not None, "checked: a trade is open"
        if ev is not None:
            ev.append(TradeDeclined(t.from_seat, t.to_seat))
        if self.refusals is not None:
            self.refusals = _refused(self, t)
        self._close_trade()

    def _close_trade(self) -> None:
        self._step(TRADE_ANSWERED, back=self.trade_resume)
        self.trade = None
        self.trade_resume = None

    # draws

    def _do_offer_draw(self, a: OfferDraw, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        self.draw = DrawOffer(a.seat)
        self.draw_offered_at[a.seat] = self.roll_count
        if ev is not None:
            ev.append(DrawOffered(a.seat))

    def _do_accept_draw(self, a: AcceptDraw, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        d = self.draw
        assert d is not None, "checked: a draw is on offer"
        self.draw = d = DrawOffer(d.by, d.accepted + (a.seat,))
        if ev is not None:
            ev.append(DrawAccepted(a.seat))
        others = self._seats_from(d.by)[1:]
        if all(s in d.accepted for s in others):
            self._end_game(None)
            if ev is not None:
                ev.append(GameDrawn())

    def _do_decline_draw(self, a: DeclineDraw, chance: ChanceSource | None, ev: list[Event] | None) -> None:
        self.draw = None
        if ev is not None:
            ev.append(DrawDeclined(a.seat))


# Each handler gets the game, an action of its own type (checked legal), the chance source
# and the list to append events to (None: build none, see `_apply_quietly`).
_HANDLERS: dict[type[Action], Callable[[Game, Any, ChanceSource | None, list[Event] | None], None]] = {
    Roll: Game._do_roll,
    RollForDouble: Game._do_roll_for_double,
    PayJailFee: Game._do_pay_jail_fee,
    UseReleaseCard: Game._do_use_release_card,
    Buy: Game._do_buy,
    SendToAuction: Game._do_send_to_auction,
    Bid: Game._do_bid,
    PassBid: Game._do_pass_bid,
    Build: Game._do_build,
    SellBuilding: Game._do_sell_building,
    Mortgage: Game._do_mortgage,
    Redeem: Game._do_redeem,
    ProposeTrade: Game._do_propose_trade,
    AcceptTrade: Game._do_accept_trade,
    DeclineTrade: Game._do_decline_trade,
    OfferDraw: Game._do_offer_draw,
    AcceptDraw: Game._do_accept_draw,
    DeclineDraw: Game._do_decline_draw,
    EndTurn: Game._do_end_turn,
    PayDebt: Game._do_pay_debt,
    SettleDebt: Game._do_settle_debt,
    DeclareBankruptcy: Game._do_declare_bankruptcy,
    Resign: Game._do_resign,
    PayTax: Game._do_pay_tax,
    PayTaxPercent: Game._do_pay_tax,
    # The mechanisms of seed 004, each in its own module with the rule of each of its actions.
    **squares.HANDLERS, **deed_sales.HANDLERS, **branches.HANDLERS,
    UseCard: kept.apply,
    # The speed die's choices (engine/speed_die.py).
    TakeBus: S.take_bus, MoveTo: S.move_to,
}
ACTION_CHECKS.update({**squares.CHECKS, **deed_sales.CHECKS, **branches.CHECKS,
                      TakeBus: S.why_not_bus, MoveTo: S.why_not_move_to})


# The declined offers a game keeps at most (the oldest go first): more than a game's worth of
# distinct offers between four players, and a bound on the state a random player could grow.
MAX_REFUSALS_KEPT = 32


def _refused(game: GameState, t: TradeOffer) -> tuple[TradeRefusal, ...]:
    """The game's refusals with `t`'s added, in place of an earlier one of the same deeds."""
    note = TradeRefusal(t.from_seat, t.to_seat, t.give, t.take, t.money, game.turn,
                        tuple(game.owner[c] for c in game.rules.properties),
                        (game.cash[t.from_seat], game.cash[t.to_seat]))
    kept = game.refusals or ()
    same = (t.from_seat, t.to_seat, t.give, t.take)
    return (*[r for r in kept if (r.by, r.to, r.give, r.take) != same], note)[-MAX_REFUSALS_KEPT:]


def tax_choices(game: GameState, seat: int) -> tuple[int, int]:
    """The two ways to pay the tax of the cell `seat` stands on: (its fixed amount, its share
    of everything the seat owns at printed prices)."""
    info = game.rules.cells[game.pos[seat]]
    return info.amount, H.worth(game, seat) * info.percent // 100

"""The game: who must decide what, which actions are legal, and what an action does.

`Game` is the one authority on the rules for the table, the bots and the window. Each
`apply` checks the action completely before it changes anything, so an illegal action
raises `IllegalAction` and leaves the state as it was. Chance enters only through the
source the caller passes in.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from . import holdings as H
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
    EndTurn,
    Mortgage,
    OfferDraw,
    PassBid,
    PayDebt,
    PayJailFee,
    ProposeTrade,
    Redeem,
    Resign,
    Roll,
    RollForDouble,
    SellBuilding,
    SendToAuction,
    SettleDebt,
    UseReleaseCard,
    shared,
)
from .chance import ChanceSource
from .errors import ChanceRequired, IllegalAction
from .legality import MANAGE_PHASES, RAISE_PHASES, why_illegal
from .rules import Ruleset
from .state import BANK, GameState

Event = dict[str, Any]

DECISION_KINDS = {
    "pre_roll": "turn", "buy": "buy", "auction": "bid", "post_roll": "after_roll",
    "debt": "debt", "trade": "trade_answer",
}


class Decision(NamedTuple):
    """A seat that must decide, and what kind of decision (see DECISION_KINDS)."""
    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Legal:
    """What a seat may do now: the enumerable actions, the bid range, the trade partners."""
    actions: tuple[Action, ...]
    bid: tuple[int, int] | None = None
    trade_partners: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    winner: int | None
    draw: bool


_SAFE_BY_PHASE: dict[str, type[Action]] = {
    "auction": PassBid, "buy": SendToAuction, "debt": SettleDebt, "trade": DeclineTrade,
}
_DECISIONS: dict[tuple[int, str], Decision] = {}


def _decision(seat: int, kind: str) -> Decision:
    d = _DECISIONS.get((seat, kind))
    if d is None:
        d = _DECISIONS[(seat, kind)] = Decision(seat, kind)
    return d


def _bank(seat: int) -> int | None:
    return None if seat == BANK else seat


class Game(GameState):
    __slots__ = ()

    # -- starting ------------------------------------------------------------------------

    @classmethod
    def new(cls, rules: Ruleset, players: int, chance: ChanceSource | None = None,
            first: int | None = None) -> Game:
        """A new game; who moves first is `first`, or drawn from `chance`."""
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
        s.phase = "pre_roll"
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
        return s

    # -- queries -------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        return Outcome(winner=self.winner, draw=self.drawn)

    def main_seat(self) -> int | None:
        """The seat that the game itself waits for (draw answers aside)."""
        phase = self.phase
        if phase in ("pre_roll", "post_roll", "buy"):
            return self.active
        if phase == "auction":
            a = self.auction
            return a["bidders"][a["turn"]]
        if phase == "debt":
            return self.debts[0][0]
        if phase == "trade":
            return self.trade["to"]
        return None

    def pending(self) -> list[Decision]:
        """Who must decide what now: draw answers first, then the game's own decision."""
        phase = self.phase
        if phase == "over":
            return []
        main = _decision(self.main_seat(), DECISION_KINDS[phase])
        if self.draw is None:
            return [main]
        return [_decision(seat, "draw_answer") for seat in self._draw_answerers()] + [main]

    def _draw_answerers(self) -> list[int]:
        by, accepted = self.draw["by"], self.draw["accepted"]
        return [seat for seat in self._seats_from(by)[1:] if seat not in accepted]

    def safe_action(self, seat: int, kind: str | None = None) -> Action | None:
        """The clock's choice for `seat`: it never spends the player's money by choice.

        With `kind` None it answers the seat's first pending decision (a draw answer first)."""
        phase = self.phase
        if phase == "over":
            return None
        if (self.draw is not None and kind in (None, "draw_answer")
                and seat in self._draw_answerers()):
            return shared(DeclineDraw, seat)
        if seat != self.main_seat() or kind not in (None, DECISION_KINDS[phase]):
            return None
        if phase == "pre_roll":
            return shared(RollForDouble if self.jailed[seat] else Roll, seat)
        if phase == "post_roll":
            return shared(Roll if self.reroll else EndTurn, seat)
        return shared(_SAFE_BY_PHASE[phase], seat)

    def legal(self, seat: int) -> Legal:
        """Every enumerable legal action of `seat`, plus the bid range and trade partners."""
        if self.phase == "over" or not 0 <= seat < self.players or not self.alive[seat]:
            return Legal(())
        candidates: list[Action] = []
        bid_range = None
        partners: tuple[int, ...] = ()
        if self.draw is not None:
            candidates += [shared(AcceptDraw, seat), shared(DeclineDraw, seat)]
        else:
            candidates.append(shared(OfferDraw, seat))
        main = self.main_seat()
        phase = self.phase
        if seat == main:
            if phase == "pre_roll":
                if self.jailed[seat]:
                    candidates += [shared(PayJailFee, seat), shared(UseReleaseCard, seat),
                                   shared(RollForDouble, seat)]
                else:
                    candidates.append(shared(Roll, seat))
            elif phase == "post_roll":
                candidates.append(shared(Roll if self.reroll else EndTurn, seat))
            elif phase == "buy":
                candidates += [shared(Buy, seat), shared(SendToAuction, seat)]
            elif phase == "auction":
                candidates.append(shared(PassBid, seat))
                lo = self.auction["high"] + 1
                if lo <= self.cash[seat]:
                    bid_range = (lo, self.cash[seat])
            elif phase == "debt":
                candidates += [shared(PayDebt, seat), shared(SettleDebt, seat),
                               shared(DeclareBankruptcy, seat)]
            elif phase == "trade":
                candidates += [shared(AcceptTrade, seat), shared(DeclineTrade, seat)]
            if phase in MANAGE_PHASES:
                candidates.append(shared(Resign, seat))
                partners = tuple(p for p in self._seats_from(seat)[1:]
                                 if p not in self.proposed_to)
        actions = [a for a in candidates if why_illegal(self, a) is None]
        if seat == main and phase in RAISE_PHASES:
            actions += self._legal_cell_actions(seat, phase in MANAGE_PHASES)
        return Legal(tuple(actions), bid_range, partners)

    def _legal_cell_actions(self, seat: int, manage: bool) -> list[Action]:
        """The main seat's legal deed actions, by deed: the turn and phase rules of
        `why_illegal` already hold here, so only the deed's own rules are asked (bots ask
        for every legal action at every decision: this keeps them cheap)."""
        out: list[Action] = []
        owner, mortgaged, buildings = self.owner, self.mortgaged, self.buildings
        cells = self.rules.cells
        for c in self.rules.properties:
            if owner[c] != seat:
                continue
            if manage and not mortgaged[c] and cells[c].kind == "street" \
                    and H.can_build(self, seat, c) is None:
                out.append(Build(seat, c))
            if manage and mortgaged[c] and H.can_redeem(self, seat, c) is None:
                out.append(Redeem(seat, c))
            if buildings[c]:
                if H.can_sell(self, seat, c) is None:
                    out.append(SellBuilding(seat, c))
            elif not mortgaged[c] and H.can_mortgage(self, seat, c) is None:
                out.append(Mortgage(seat, c))
        return out

    def needs_chance(self, action: Action) -> bool:
        if isinstance(action, (Roll, RollForDouble)):
            return True
        # Settling the third failed jail try's fee lets the token move, maybe onto a card.
        return self.resume == "jail_move" and isinstance(
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
        ev: list[Event] = []
        t = type(action)
        if self.draw is not None and t not in (AcceptDraw, DeclineDraw):
            self.draw = None
            ev.append({"type": "draw_cancelled", "reason": "move", "by_seat": action.seat})
        _HANDLERS[t](self, action, chance, ev)
        return ev

    # turn and movement

    def _roll_dice(self, seat: int, chance: ChanceSource, ev: list[Event]) -> tuple[int, int]:
        sides = self.rules.dice_sides
        d1, d2 = chance.roll(sides), chance.roll(sides)
        self.dice = [d1, d2]
        self.roll_count += 1
        ev.append({"type": "dice_rolled", "seat": seat, "dice": [d1, d2], "double": d1 == d2})
        return d1, d2

    def _do_roll(self, a: Roll, chance: ChanceSource, ev: list[Event]) -> None:
        seat = a.seat
        d1, d2 = self._roll_dice(seat, chance, ev)
        self.reroll = False
        if d1 == d2:
            self.doubles += 1
            if self.doubles >= self.rules.doubles_to_jail:
                self._send_to_jail(seat, "three_doubles", ev)
                self._finish_move(ev)
                return
            self.reroll = True
        self._advance(seat, d1 + d2, "dice", ev)
        self._land(seat, chance, ev)
        self._after_landing(chance, ev)

    def _do_roll_for_double(self, a: RollForDouble, chance: ChanceSource, ev: list[Event]) -> None:
        seat = a.seat
        d1, d2 = self._roll_dice(seat, chance, ev)
        self.reroll = False
        if d1 == d2:
            self._leave_jail(seat, "double", ev)
            self._advance(seat, d1 + d2, "dice", ev)
            self._land(seat, chance, ev)
            self._after_landing(chance, ev)
            return
        self.jail_tries[seat] += 1
        tries = self.jail_tries[seat]
        ev.append({"type": "jail_roll_failed", "seat": seat, "tries": tries})
        if tries >= self.rules.jail_max_tries:
            self.debts.append([seat, BANK, self.rules.jail_fee, "jail_fee"])
            self.resume = "jail_move"
            self._run_debts(chance, ev)
        else:
            self.phase = "post_roll"

    def _do_pay_jail_fee(self, a: PayJailFee, chance: Any, ev: list[Event]) -> None:
        self._pay(a.seat, BANK, self.rules.jail_fee, "jail_fee", ev)
        self._leave_jail(a.seat, "fee", ev)

    def _do_use_release_card(self, a: UseReleaseCard, chance: Any, ev: list[Event]) -> None:
        card = self.cards_held[a.seat].pop(0)
        self._return_card(card, ev)
        self._leave_jail(a.seat, "card", ev)

    def _leave_jail(self, seat: int, how: str, ev: list[Event]) -> None:
        self.jailed[seat] = False
        self.jail_tries[seat] = 0
        ev.append({"type": "left_jail", "seat": seat, "how": how})

    def _send_to_jail(self, seat: int, reason: str, ev: list[Event]) -> None:
        jail = self.rules.jail_cell
        self.pos[seat] = jail
        self.jailed[seat] = True
        self.jail_tries[seat] = 0
        self.reroll = False
        self.turn_over = True
        ev.append({"type": "sent_to_jail", "seat": seat, "reason": reason})
        ev.append({"type": "came_to_rest", "seat": seat, "cell": jail})

    def _advance(self, seat: int, steps: int, by: str, ev: list[Event]) -> None:
        """Move forward `steps` cells, collecting the start salary when passing or landing
        on the start."""
        size = self.rules.size
        old = self.pos[seat]
        new = (old + steps) % size
        self.pos[seat] = new
        passed = old + steps >= size
        ev.append({"type": "moved", "seat": seat, "from": old, "to": new, "steps": steps,
                   "by": by, "passed_start": passed})
        if passed and self.rules.start_salary:
            self._pay(BANK, seat, self.rules.start_salary, "start_salary", ev)

    def _land(self, seat: int, chance: ChanceSource | None, ev: list[Event]) -> None:
        """Resolve the cell under `seat`: sets up a purchase offer or debts, or moves on."""
        cell = self.pos[seat]
        info = self.rules.cells[cell]
        kind = info.kind
        if kind == "card":
            self._draw_card(seat, chance, ev)
            return
        if kind == "go_to_jail":
            self._send_to_jail(seat, "go_to_jail_cell", ev)
            return
        ev.append({"type": "came_to_rest", "seat": seat, "cell": cell})
        if kind == "tax":
            self.debts.append([seat, BANK, info.amount, "tax"])
        elif info.is_property:
            owner = self.owner[cell]
            if owner == BANK:
                self.pending_buy = cell
                ev.append({"type": "offered_to_buy", "seat": seat, "cell": cell,
                           "price": info.price})
            elif owner != seat and not self.mortgaged[cell]:
                total = self.dice[0] + self.dice[1] if self.dice else 0
                amount = H.rent(self, cell, total)
                if amount:
                    self.debts.append([seat, owner, amount, "rent"])

    def _after_landing(self, chance: ChanceSource | None, ev: list[Event]) -> None:
        if self.debts:
            self.resume = "finish_move"
            self._run_debts(chance, ev)
        elif self.pending_buy is not None:
            self.phase = "buy"
        else:
            self._finish_move(ev)

    def _finish_move(self, ev: list[Event]) -> None:
        if self.phase == "over":
            return
        if self.turn_over or not self.alive[self.active]:
            self._next_turn(ev)
        else:
            self.phase = "post_roll"

    def _next_turn(self, ev: list[Event]) -> None:
        if self.phase == "over":
            return
        self.active = self._seats_from(self.active)[1]
        self.turn += 1
        self.phase = "pre_roll"
        self.doubles = 0
        self.reroll = False
        self.turn_over = False
        self.proposed_to = []
        ev.append({"type": "turn_started", "seat": self.active, "turn": self.turn})

    def _do_end_turn(self, a: EndTurn, chance: Any, ev: list[Event]) -> None:
        self._next_turn(ev)

    def _seats_from(self, seat: int) -> list[int]:
        """Seats still in the game in seat order, starting with `seat` (which may be out)."""
        n, alive = self.players, self.alive
        out = [seat]
        for i in range(1, n):
            s = (seat + i) % n
            if alive[s]:
                out.append(s)
        return out

    # cards

    def _draw_card(self, seat: int, chance: ChanceSource | None, ev: list[Event]) -> None:
        if chance is None:
            raise ChanceRequired("a card draw needs a chance source")
        rules = self.rules
        if not self.deck:
            held = {c for h in self.cards_held for c in h}
            self.deck = [c for c in range(len(rules.cards)) if c not in held]
            ev.append({"type": "deck_reshuffled", "cards": len(self.deck)})
            if not self.deck:
                ev.append({"type": "came_to_rest", "seat": seat, "cell": self.pos[seat]})
                return
        idx = chance.pick([rules.cards[c].id for c in self.deck])
        card = rules.cards[self.deck.pop(idx)]
        ev.append({"type": "card_drawn", "seat": seat, "card": card.id})
        effect = card.effect
        p = card.params
        size = rules.size
        here = self.pos[seat]
        if effect == "advance_to":
            self._advance(seat, (p["cell"] - here) % size or size, "card", ev)
            self._land(seat, chance, ev)
            return
        if effect == "advance_to_nearest":
            steps = next((k for k in range(1, size + 1)
                          if rules.cells[(here + k) % size].kind == p["kind"]), size)
            self._advance(seat, steps, "card", ev)
            self._land(seat, chance, ev)
            return
        if effect == "move_back":
            new = (here - p["steps"]) % size
            self.pos[seat] = new
            ev.append({"type": "moved", "seat": seat, "from": here, "to": new,
                       "steps": -p["steps"], "by": "card", "passed_start": False})
            self._land(seat, chance, ev)
            return
        if effect == "go_to_jail":
            self._send_to_jail(seat, "card", ev)
            return
        ev.append({"type": "came_to_rest", "seat": seat, "cell": here})
        if effect == "receive":
            self._pay(BANK, seat, p["amount"], f"card:{card.id}", ev)
        elif effect == "pay":
            self.debts.append([seat, BANK, p["amount"], f"card:{card.id}"])
        elif effect == "repairs":
            houses, hotels = H.houses_and_hotels(self, seat)
            amount = houses * p["per_house"] + hotels * p["per_hotel"]
            if amount:
                self.debts.append([seat, BANK, amount, f"card:{card.id}"])
        elif effect == "collect_from_each":
            for other in self._seats_from(seat)[1:]:
                self.debts.append([other, seat, p["amount"], f"card:{card.id}"])
        elif effect == "pay_each":
            for other in self._seats_from(seat)[1:]:
                self.debts.append([seat, other, p["amount"], f"card:{card.id}"])
        elif effect == "release":
            self.cards_held[seat].append(card.index)
            ev.append({"type": "card_kept", "seat": seat, "card": card.id})

    def _return_card(self, card: int, ev: list[Event]) -> None:
        self.deck.append(card)
        self.deck.sort()
        ev.append({"type": "card_returned", "card": self.rules.cards[card].id})

    # money

    def _pay(self, frm: int, to: int, amount: int, reason: str, ev: list[Event],
             cell: int | None = None) -> None:
        if frm != BANK:
            self.cash[frm] -= amount
        if to != BANK:
            self.cash[to] += amount
        e = {"type": "paid", "from": _bank(frm), "to": _bank(to), "amount": amount,
             "reason": reason}
        if cell is not None:
            e["cell"] = cell
        ev.append(e)

    def _run_debts(self, chance: ChanceSource | None, ev: list[Event]) -> None:
        """Pay what can be paid, bankrupt who cannot, wait for who must raise cash; then go on."""
        debts = self.debts
        while debts:
            debtor, creditor, amount, reason = debts[0]
            if not self.alive[debtor] or (creditor != BANK and not self.alive[creditor]):
                debts.pop(0)
                continue
            if self.cash[debtor] >= amount:
                debts.pop(0)
                self._pay(debtor, creditor, amount, reason, ev)
                continue
            if H.raisable(self, debtor) < amount:
                debts.pop(0)
                self._bankrupt(debtor, creditor, ev, owed=amount, reason=reason)
                if self.phase == "over":
                    return
                continue
            self.phase = "debt"
            ev.append({"type": "debt", "debtor": debtor, "creditor": _bank(creditor),
                       "amount": amount, "reason": reason})
            return
        resume, self.resume = self.resume, None
        if self.phase == "over":
            return
        if resume == "jail_move":
            seat = self.active
            if not self.alive[seat]:
                self._next_turn(ev)
                return
            self._leave_jail(seat, "third_try", ev)
            self._advance(seat, self.dice[0] + self.dice[1], "dice", ev)
            self._land(seat, chance, ev)
            self._after_landing(chance, ev)
        else:
            self._finish_move(ev)

    def _do_pay_debt(self, a: PayDebt, chance: ChanceSource | None, ev: list[Event]) -> None:
        debtor, creditor, amount, reason = self.debts.pop(0)
        self._pay(debtor, creditor, amount, reason, ev)
        self._run_debts(chance, ev)

    def _do_settle_debt(self, a: SettleDebt, chance: ChanceSource | None, ev: list[Event]) -> None:
        seat = a.seat
        amount = self.debts[0][2]
        while self.cash[seat] < amount:
            cell = H.most_built_street(self, seat)
            if cell is None:
                break
            self._sell_building(seat, cell, ev)
        while self.cash[seat] < amount:
            cell = H.cheapest_mortgageable(self, seat)
            if cell is None:
                break
            self._mortgage(seat, cell, ev)
        if self.cash[seat] >= amount:
            self._do_pay_debt(PayDebt(seat), chance, ev)
        else:
            self._do_declare_bankruptcy(DeclareBankruptcy(seat), chance, ev)

    def _do_declare_bankruptcy(self, a: DeclareBankruptcy, chance: ChanceSource | None,
                               ev: list[Event]) -> None:
        debtor, creditor, amount, reason = self.debts.pop(0)
        self._bankrupt(debtor, creditor, ev, owed=amount, reason=reason)
        if self.phase != "over":
            self._run_debts(chance, ev)

    def _bankrupt(self, seat: int, creditor: int, ev: list[Event], *, owed: int | None = None,
                  reason: str | None = None) -> None:
        """`owed` and `reason`: the debt that could not be paid (None when resigning). The
        event also says what the seat could still have raised, so a window can explain it."""
        rules = self.rules
        ev.append({"type": "bankrupt", "seat": seat, "creditor": _bank(creditor), "owed": owed,
                   "reason": reason, "raisable": H.raisable(self, seat)})
        if creditor != BANK:
            for c in rules.properties:
                if self.owner[c] == seat:
                    while self.buildings[c]:
                        self._sell_building(seat, c, ev)
            if self.cash[seat]:
                self._pay(seat, creditor, self.cash[seat], "bankruptcy", ev)
            for c in rules.properties:
                if self.owner[c] == seat:
                    self.owner[c] = creditor
                    ev.append({"type": "deed_transferred", "cell": c, "from": seat,
                               "to": creditor, "mortgaged": self.mortgaged[c]})
            for card in self.cards_held[seat]:
                self.cards_held[creditor].append(card)
                ev.append({"type": "card_transferred", "card": rules.cards[card].id,
                           "from": seat, "to": creditor})
            self.cards_held[seat] = []
        else:
            if self.cash[seat]:
                self._pay(seat, BANK, self.cash[seat], "bankruptcy", ev)
            for c in rules.properties:
                if self.owner[c] == seat:
                    self.owner[c] = BANK
                    self.mortgaged[c] = False
                    self.buildings[c] = 0
                    ev.append({"type": "deed_returned", "cell": c, "from": seat})
            for card in self.cards_held[seat]:
                self._return_card(card, ev)
            self.cards_held[seat] = []
        self._eliminate(seat, ev)

    def _eliminate(self, seat: int, ev: list[Event]) -> None:
        self.alive[seat] = False
        self.jailed[seat] = False
        ev.append({"type": "eliminated", "seat": seat})
        if self.draw is not None:
            self.draw = None
            ev.append({"type": "draw_cancelled", "reason": "elimination", "by_seat": seat})
        left = [s for s in range(self.players) if self.alive[s]]
        if len(left) == 1:
            self.phase = "over"
            self.winner = left[0]
            self.debts = []
            self.resume = None
            self.pending_buy = None
            self.auction = None
            self.trade = None
            self.trade_resume = None
            ev.append({"type": "game_won", "seat": left[0]})

    def _do_resign(self, a: Resign, chance: Any, ev: list[Event]) -> None:
        ev.append({"type": "resigned", "seat": a.seat})
        self._bankrupt(a.seat, BANK, ev)
        if self.phase != "over":
            self._next_turn(ev)

    # buying and auctions

    def _do_buy(self, a: Buy, chance: Any, ev: list[Event]) -> None:
        cell = self.pending_buy
        price = self.rules.cells[cell].price
        self._pay(a.seat, BANK, price, "purchase", ev, cell=cell)
        self.owner[cell] = a.seat
        self.pending_buy = None
        ev.append({"type": "bought", "seat": a.seat, "cell": cell, "price": price})
        self._finish_move(ev)

    def _do_send_to_auction(self, a: SendToAuction, chance: Any, ev: list[Event]) -> None:
        bidders = self._seats_from(a.seat)
        self.auction = {"cell": self.pending_buy, "bidders": bidders, "turn": 0, "high": 0,
                        "high_bidder": None}
        self.phase = "auction"
        ev.append({"type": "auction_started", "cell": self.pending_buy, "bidders": bidders[:]})

    def _do_bid(self, a: Bid, chance: Any, ev: list[Event]) -> None:
        auc = self.auction
        auc["high"] = a.amount
        auc["high_bidder"] = a.seat
        ev.append({"type": "bid", "seat": a.seat, "amount": a.amount})
        auc["turn"] = (auc["turn"] + 1) % len(auc["bidders"])
        self._auction_check(ev)

    def _do_pass_bid(self, a: PassBid, chance: Any, ev: list[Event]) -> None:
        auc = self.auction
        ev.append({"type": "passed", "seat": a.seat})
        auc["bidders"].pop(auc["turn"])
        if auc["turn"] >= len(auc["bidders"]):
            auc["turn"] = 0
        self._auction_check(ev)

    def _auction_check(self, ev: list[Event]) -> None:
        auc = self.auction
        bidders = auc["bidders"]
        cell = auc["cell"]
        if bidders and not (len(bidders) == 1 and auc["high_bidder"] == bidders[0]):
            return
        if bidders:
            winner, amount = bidders[0], auc["high"]
            self._pay(winner, BANK, amount, "auction", ev, cell=cell)
            self.owner[cell] = winner
            ev.append({"type": "auction_won", "seat": winner, "cell": cell, "amount": amount})
        else:
            ev.append({"type": "auction_unsold", "cell": cell})
        self.auction = None
        self.pending_buy = None
        self._finish_move(ev)

    # buildings and mortgages

    def _do_build(self, a: Build, chance: Any, ev: list[Event]) -> None:
        cost = self.rules.cells[a.cell].house_cost
        self._pay(a.seat, BANK, cost, "building", ev, cell=a.cell)
        self.buildings[a.cell] += 1
        ev.append({"type": "built", "seat": a.seat, "cell": a.cell,
                   "buildings": self.buildings[a.cell]})

    def _do_sell_building(self, a: SellBuilding, chance: ChanceSource | None,
                          ev: list[Event]) -> None:
        self._sell_building(a.seat, a.cell, ev)

    def _sell_building(self, seat: int, cell: int, ev: list[Event]) -> None:
        self.buildings[cell] -= 1
        refund = self.rules.building_refund(cell)
        self._pay(BANK, seat, refund, "building_sold", ev, cell=cell)
        ev.append({"type": "building_sold", "seat": seat, "cell": cell,
                   "buildings": self.buildings[cell], "refund": refund})

    def _do_mortgage(self, a: Mortgage, chance: ChanceSource | None, ev: list[Event]) -> None:
        self._mortgage(a.seat, a.cell, ev)

    def _mortgage(self, seat: int, cell: int, ev: list[Event]) -> None:
        value = self.rules.mortgage_value(cell)
        self.mortgaged[cell] = True
        self._pay(BANK, seat, value, "mortgage", ev, cell=cell)
        ev.append({"type": "mortgaged", "seat": seat, "cell": cell, "amount": value})

    def _do_redeem(self, a: Redeem, chance: Any, ev: list[Event]) -> None:
        cost = self.rules.redeem_cost(a.cell)
        self.mortgaged[a.cell] = False
        self._pay(a.seat, BANK, cost, "redeem", ev, cell=a.cell)
        ev.append({"type": "redeemed", "seat": a.seat, "cell": a.cell, "amount": cost})

    # trades

    def _do_propose_trade(self, a: ProposeTrade, chance: Any, ev: list[Event]) -> None:
        self.trade = {"from": a.seat, "to": a.to, "give": tuple(a.give), "take": tuple(a.take),
                      "money": a.money}
        self.trade_resume = self.phase
        self.proposed_to.append(a.to)
        self.phase = "trade"
        ev.append({"type": "trade_proposed", "from": a.seat, "to": a.to, "give": list(a.give),
                   "take": list(a.take), "money": a.money})

    def _do_accept_trade(self, a: AcceptTrade, chance: Any, ev: list[Event]) -> None:
        t = self.trade
        frm, to = t["from"], t["to"]
        ev.append({"type": "trade_accepted", "from": frm, "to": to, "give": list(t["give"]),
                   "take": list(t["take"]), "money": t["money"]})
        for c in t["give"]:
            self.owner[c] = to
        for c in t["take"]:
            self.owner[c] = frm
        if t["money"] > 0:
            self._pay(frm, to, t["money"], "trade", ev)
        elif t["money"] < 0:
            self._pay(to, frm, -t["money"], "trade", ev)
        self._close_trade()

    def _do_decline_trade(self, a: DeclineTrade, chance: Any, ev: list[Event]) -> None:
        t = self.trade
        ev.append({"type": "trade_declined", "from": t["from"], "to": t["to"]})
        self._close_trade()

    def _close_trade(self) -> None:
        self.trade = None
        self.phase = self.trade_resume
        self.trade_resume = None

    # draws

    def _do_offer_draw(self, a: OfferDraw, chance: Any, ev: list[Event]) -> None:
        self.draw = {"by": a.seat, "accepted": []}
        self.draw_offered_at[a.seat] = self.roll_count
        ev.append({"type": "draw_offered", "seat": a.seat})

    def _do_accept_draw(self, a: AcceptDraw, chance: Any, ev: list[Event]) -> None:
        d = self.draw
        d["accepted"].append(a.seat)
        ev.append({"type": "draw_accepted", "seat": a.seat})
        others = self._seats_from(d["by"])[1:]
        if all(s in d["accepted"] for s in others):
            self.draw = None
            self.phase = "over"
            self.drawn = True
            self.debts = []
            self.resume = None
            self.pending_buy = None
            self.auction = None
            self.trade = None
            self.trade_resume = None
            ev.append({"type": "game_drawn"})

    def _do_decline_draw(self, a: DeclineDraw, chance: Any, ev: list[Event]) -> None:
        self.draw = None
        ev.append({"type": "draw_declined", "seat": a.seat})


_HANDLERS = {
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
}

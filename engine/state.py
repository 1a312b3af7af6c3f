"""The game's state as plain fields: cheap to copy, exact to serialise, stable to hash.

`GameState` holds data only; the rules that change it live in `game.py`. The parts that
exist only for a while (an auction, a trade offer, a draw offer, a debt) are immutable
values (`values.Value`): the game replaces them rather than changing them, so a copy of the
state shares them.
"""
from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from enum import StrEnum
from typing import Final, Self, TypeVar

from .canonical import JSON, JSONObject, digest
from .errors import BadState
from .offers import OFFER_KEYS, Offer, OfferKind, check_offers
from .phases import BUS, BUY, OFFER, POST_ROLL, PRE_ROLL, TAX, TRIPLE, Phase, Resume
from .reasons import CardReason, PayReason, Reason, reason_from_json
from .rules import TIMED_EFFECTS, Card, Ruleset
from .values import Value

BANK = -1  # the creditor or payer that is the bank, inside the engine; None in events and JSON

STATE_FORMAT = 1


class Lot(StrEnum):
    """What an auction sells (JSON values): a deed, or the bank's last house or hotel."""
    DEED = "deed"
    HOUSE = "house"
    HOTEL = "hotel"
    OWN_DEED = "own_deed"   # a deed its owner auctions before the roll (seed 004 L62): bids go to the owner


class Auction(Value):
    """A running auction: `bidders` still in, in bidding order; `turn` indexes who bids next.

    The usual auction sells the deed the lander declined (`lot` DEED, `resume` None: the
    move goes on afterwards). A bankrupt's deed (DEED) or one of the bank's last buildings
    (HOUSE, HOTEL: `cell` is where the asking player wants to build, a bid is paid on top of
    the building's price) is auctioned during a turn, which `resume`s afterwards.

    A stepped auction (seed 004 L54-62, stepped_auctions.py) has a `start` price (> 0) the
    first bid must reach, and then a `step`: each bid beats the highest by at least the step,
    and sets the step to what it beat it by."""
    __slots__ = __match_args__ = ("cell", "bidders", "turn", "high", "high_bidder", "lot", "resume", "start",
                                  "step")

    def __init__(self, cell: int, bidders: tuple[int, ...], turn: int = 0, high: int = 0,
                 high_bidder: int | None = None, lot: Lot = Lot.DEED, resume: Phase | None = None,
                 start: int = 0, step: int = 0) -> None:
        self.cell: Final = cell
        self.bidders: Final = bidders
        self.turn: Final = turn
        self.high: Final = high
        self.high_bidder: Final = high_bidder
        self.lot: Final = lot
        self.resume: Final = resume
        self.start: Final = start
        self.step: Final = step

    @property
    def bidder(self) -> int:
        """The seat whose turn it is to bid or pass."""
        return self.bidders[self.turn]

    # The next states are built field by field: an auction changes at every bid and pass.
    # tests/engine/test_engine_values.py checks that they carry every other field over.

    def passed(self) -> Auction:
        """The auction once the bidder whose turn it is passes (and is out of it)."""
        turn, bidders = self.turn, self.bidders
        bidders = bidders[1:] if turn == 0 else bidders[:turn] + bidders[turn + 1:]
        return Auction(self.cell, bidders, turn if turn < len(bidders) else 0, self.high, self.high_bidder,
                       self.lot, self.resume, self.start, self.step)

    def outbid(self, seat: int, amount: int) -> Auction:
        """The auction once `seat`, whose turn it is, bids `amount`: the next bidder's turn.
        A stepped auction's step becomes what the bid beat the highest (or the start) by."""
        step = self.step
        if self.start:
            step = max(1, amount - (self.start if self.high_bidder is None else self.high))
        return Auction(self.cell, self.bidders, (self.turn + 1) % len(self.bidders), amount, seat,
                       self.lot, self.resume, self.start, step)

    def to_json(self) -> JSONObject:
        out: JSONObject = {"cell": self.cell, "bidders": list(self.bidders), "turn": self.turn,
                               "high": self.high, "high_bidder": self.high_bidder}
        # Only auctions during a turn say what they sell and where the turn goes on, so the
        # buying auction keeps its JSON (and every state hash) as it always was.
        if self.resume is not None:
            out["lot"] = self.lot.value
            out["resume"] = self.resume.value
        if self.start:
            out["start"] = self.start
            out["step"] = self.step
        return out


class TradeOffer(Value):
    """An open proposal: `give` are the proposer's cells, `take` the partner's; `money` > 0
    is paid by the proposer, < 0 by the partner; `cards` kept cards (indices) of either, each
    to go to the other (named in JSON only when there are some)."""
    __slots__ = __match_args__ = ("from_seat", "to_seat", "give", "take", "money", "cards")

    def __init__(self, from_seat: int, to_seat: int, give: tuple[int, ...], take: tuple[int, ...],
                 money: int, cards: tuple[int, ...] = ()) -> None:
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money
        self.cards: Final = cards

    def to_json(self, cards: tuple[Card, ...] = ()) -> JSONObject:
        out: JSONObject = {"from": self.from_seat, "to": self.to_seat, "give": list(self.give),
                           "take": list(self.take), "money": self.money}
        if self.cards:
            out["cards"] = [cards[c].id for c in self.cards]
        return out


class TradeRefusal(Value):
    """A trade offer that was declined, as a game that keeps them remembers it (`Game.new`'s
    `keep_refusals`): `by` offered `to` its `give` for the partner's `take` and `money`
    (paid by `by`; < 0: asked of `to`) on `turn`; `owners` held each deed then (the
    ruleset's `properties` order, BANK for none) and `cash` is (`by`'s, `to`'s) then. Public
    facts, so that whoever plays a seat later (a bot made afresh for a table taken over or a
    saved game resumed) knows what was refused and in which position."""
    __slots__ = __match_args__ = ("by", "to", "give", "take", "money", "turn", "owners", "cash")

    def __init__(self, by: int, to: int, give: tuple[int, ...], take: tuple[int, ...], money: int,
                 turn: int, owners: tuple[int, ...], cash: tuple[int, int]) -> None:
        self.by: Final = by
        self.to: Final = to
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money
        self.turn: Final = turn
        self.owners: Final = owners
        self.cash: Final = cash

    def to_json(self) -> JSONObject:
        return {"by": self.by, "to": self.to, "give": list(self.give), "take": list(self.take),
                "money": self.money, "turn": self.turn,
                "owners": [None if o == BANK else o for o in self.owners], "cash": list(self.cash)}


class DrawOffer(Value):
    """An open draw offer by `by`, and the seats that accepted it so far (in order)."""
    __slots__ = __match_args__ = ("by", "accepted")

    def __init__(self, by: int, accepted: tuple[int, ...] = ()) -> None:
        self.by: Final = by
        self.accepted: Final = accepted

    def to_json(self) -> JSONObject:
        return {"by": self.by, "accepted": list(self.accepted)}


class Debt(Value):
    """`debtor` owes `amount` to `creditor` (a seat, or BANK) for `reason` (rent, tax, a
    card's, the jail fee, a mortgaged deed's fee)."""
    __slots__ = __match_args__ = ("debtor", "creditor", "amount", "reason")

    def __init__(self, debtor: int, creditor: int, amount: int, reason: PayReason) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.amount: Final = amount
        self.reason: Final = reason

    def to_json(self) -> JSONObject:
        return {"debtor": self.debtor, "creditor": None if self.creditor == BANK else self.creditor,
                "amount": self.amount, "reason": self.reason}

    def cancelled_by(self, effect: str) -> bool:
        """Whether a kept card of `effect` may cancel this debt (engine/reactions.py): a rent
        owed to a player, or one of the bank's fines (a tax, the jail fee, a card's payment
        or repairs: what the option `pot` collects; a purchase or a building is bought, not
        owed)."""
        if effect == "cancel_rent":
            return self.reason == Reason.RENT and self.creditor != BANK
        if effect == "cancel_bank_payment":
            return self.creditor == BANK and (self.reason in _FINES or isinstance(self.reason, CardReason))
        return False


# The bank's payments that are fines (as the pot's, game._POT_REASONS, with a `CardReason`).
_FINES = frozenset({Reason.TAX, Reason.JAIL_FEE})


class Effect(Value):
    """A power that lasts (engine/timed.py): `kind` ("stare", "merry", "extra_turn") from
    the card `card` (its index), used by seat `by` on seat `target` (`by` itself for an
    extra turn). Its amounts are the card's."""
    __slots__ = __match_args__ = ("kind", "by", "target", "card")

    def __init__(self, kind: str, by: int, target: int, card: int) -> None:
        self.kind: Final = kind
        self.by: Final = by
        self.target: Final = target
        self.card: Final = card

    def to_json(self, cards: tuple[Card, ...]) -> JSONObject:
        return {"kind": self.kind, "by": self.by, "target": self.target, "card": cards[self.card].id}


_OWN_EFFECTS = frozenset({"extra_turn", "full_price_building_sale"})


class GameState:
    __slots__ = (
        "rules", "players", "cash", "pos", "alive", "jailed", "jail_tries", "cards_held",
        "owner", "mortgaged", "buildings", "deck", "first", "active", "phase", "doubles",
        "reroll", "turn_over", "dice", "turn", "roll_count", "pending_buy", "auction", "debts",
        "resume", "trade", "trade_resume", "proposed_to", "draw", "draw_offered_at", "winner",
        "drawn", "pot", "fee_paid", "auction_queue", "donations", "offers", "deposit", "jackpot",
        "transferred", "auctioned", "chips", "effects", "cards_used", "lapped", "speed_face", "landlord_due",
        "time_up", "dealt", "refusals",
    )

    rules: Ruleset
    players: int
    cash: list[int]
    pos: list[int]
    alive: list[bool]
    jailed: list[bool]
    jail_tries: list[int]
    cards_held: list[list[int]]      # card indices held by each seat (release cards)
    owner: list[int]                 # per cell: seat, or BANK (unowned / not a property)
    mortgaged: list[bool]
    buildings: list[int]             # per cell: 0..max_buildings (max = hotel)
    deck: list[int]                  # card indices not drawn since the last reshuffle, sorted
    first: int
    active: int
    phase: Phase
    doubles: int                     # doubles rolled in this turn
    reroll: bool                     # the active player rolled a double and must roll again
    turn_over: bool                  # sent to jail: the turn ends once the move is resolved
    dice: list[int] | None           # the last roll
    turn: int                        # turns begun, from 1
    roll_count: int                  # rolls so far in the game (draw offers: once per roll)
    pending_buy: int | None          # the cell offered to the active player
    auction: Auction | None
    debts: list[Debt]                # oldest first
    resume: Resume | None            # what follows once every debt is settled
    trade: TradeOffer | None
    trade_resume: Phase | None       # the phase the open trade was proposed in
    proposed_to: list[int]           # seats the active player proposed a trade to this turn
    draw: DrawOffer | None
    draw_offered_at: list[int]       # per seat: roll_count when it last offered a draw, or -1
    winner: int | None
    drawn: bool
    # Parts of the state that only some rules have; they are in the JSON only under those
    # rules, so every other game's state (and hash) stays as it was.
    pot: int                         # the pot on the free corner (option `pot`)
    fee_paid: list[int]              # mortgaged deeds just received, fee paid: redeemed without interest
    auction_queue: list[int]         # a bankrupt's deeds waiting for their auction, in order
    donations: list[int]             # per seat: donations held (seed 004: a donation square)
    offers: list[Offer]              # what squares offer the active player, oldest first (offers.py)
    deposit: list[int]               # per seat: money on deposit at the bank (seed 004)
    jackpot: int                     # the casino's jackpot: every bet made
    transferred: list[bool]          # per seat: moved by a transfer, not rolled since (no transfer now)
    auctioned: bool                  # the active player auctioned a deed of its own this turn
    chips: dict[int, list[int]]      # investment chips: street -> chips per seat (investments.py)
    effects: list[Effect]            # powers that last, in the order used (rules with timed powers)
    cards_used: list[list[int]]      # per seat: cards of once-per-player decks it has used
    lapped: list[bool]               # per seat: passed the start once, so rolls the speed die (option `speed_die`)
    speed_face: str | None           # the speed die's face at the last roll, None when it was not rolled
    landlord_due: bool               # a landlord face: the token moves on once this move is resolved
    time_up: bool                    # the time limit passed: the round under way is the last (option `time_limit`)
    dealt: tuple[tuple[int, ...], ...]  # per seat: the deeds dealt at the start (option `deal_deeds`); never changes
    # Declined offers, oldest first, in a game that keeps them (a table's); None in one that
    # does not (every game before they were kept: its state and hash stay as they were).
    refusals: tuple[TradeRefusal, ...] | None

    def main_seat(self) -> int | None:
        """The seat that the game itself waits for (draw answers aside)."""
        # An auction first: only the auction phase has one, and in a game between bots
        # most decisions are bids.
        auction = self.auction
        if auction is not None:
            return auction.bidders[auction.turn]
        phase = self.phase
        if (phase is PRE_ROLL or phase is POST_ROLL or phase is BUY or phase is TAX or phase is OFFER
                or phase is BUS or phase is TRIPLE):
            return self.active
        if self.debts:
            return self.debts[0].debtor
        if self.trade is not None:
            return self.trade.to_seat
        return None

    def copy(self) -> Self:
        new = object.__new__(type(self))
        new.rules = self.rules
        new.players = self.players
        new.cash = self.cash[:]
        new.pos = self.pos[:]
        new.alive = self.alive[:]
        new.jailed = self.jailed[:]
        new.jail_tries = self.jail_tries[:]
        new.cards_held = [h[:] for h in self.cards_held]
        new.owner = self.owner[:]
        new.mortgaged = self.mortgaged[:]
        new.buildings = self.buildings[:]
        new.deck = self.deck[:]
        new.first = self.first
        new.active = self.active
        new.phase = self.phase
        new.doubles = self.doubles
        new.reroll = self.reroll
        new.turn_over = self.turn_over
        new.dice = self.dice[:] if self.dice is not None else None
        new.turn = self.turn
        new.roll_count = self.roll_count
        new.pending_buy = self.pending_buy
        new.auction = self.auction
        new.debts = self.debts[:]
        new.resume = self.resume
        new.trade = self.trade
        new.trade_resume = self.trade_resume
        new.proposed_to = self.proposed_to[:]
        new.draw = self.draw
        new.draw_offered_at = self.draw_offered_at[:]
        new.winner = self.winner
        new.drawn = self.drawn
        new.pot = self.pot
        new.fee_paid = self.fee_paid[:]
        new.auction_queue = self.auction_queue[:]
        new.donations = self.donations[:]
        new.offers = self.offers[:]
        new.deposit = self.deposit[:]
        new.jackpot = self.jackpot
        new.transferred = self.transferred[:]
        new.auctioned = self.auctioned
        new.chips = {c: row[:] for c, row in self.chips.items()}
        new.effects = self.effects[:]
        new.cards_used = [u[:] for u in self.cards_used]
        new.lapped = self.lapped[:]
        new.speed_face = self.speed_face
        new.landlord_due = self.landlord_due
        new.time_up = self.time_up
        new.dealt = self.dealt
        new.refusals = self.refusals
        return new

    # -- serialisation -------------------------------------------------------------------

    def to_json(self) -> JSONObject:
        rules = self.rules
        cards = rules.cards
        return {
            "format": STATE_FORMAT,
            "rules": rules.id,
            "rules_digest": rules.digest,
            "players": self.players,
            "cash": list(self.cash),
            "pos": list(self.pos),
            "alive": list(self.alive),
            "jailed": list(self.jailed),
            "jail_tries": list(self.jail_tries),
            "cards_held": [[cards[i].id for i in h] for h in self.cards_held],
            "owner": [None if o == BANK else o for o in self.owner],
            "mortgaged": [c for c in range(rules.size) if self.mortgaged[c]],
            "buildings": list(self.buildings),
            "deck": [cards[i].id for i in self.deck],
            "first": self.first,
            "active": self.active,
            "phase": self.phase.value,
            "doubles": self.doubles,
            "reroll": self.reroll,
            "turn_over": self.turn_over,
            "dice": None if self.dice is None else list(self.dice),
            "turn": self.turn,
            "roll_count": self.roll_count,
            "pending_buy": self.pending_buy,
            "auction": None if self.auction is None else self.auction.to_json(),
            "debts": [d.to_json() for d in self.debts],
            "resume": None if self.resume is None else self.resume.value,
            "trade": None if self.trade is None else self.trade.to_json(rules.cards),
            "trade_resume": None if self.trade_resume is None else self.trade_resume.value,
            "proposed_to": list(self.proposed_to),
            "draw": None if self.draw is None else self.draw.to_json(),
            "draw_offered_at": list(self.draw_offered_at),
            "winner": self.winner,
            "drawn": self.drawn,
            **self._rule_parts(),
        }

    def _rule_parts(self) -> JSONObject:
        rules = self.rules
        out: JSONObject = {}
        if rules.pot:
            out["pot"] = self.pot
        if rules.mortgage_fee:
            out["fee_paid"] = list(self.fee_paid)
        if rules.bankrupt_deeds_auctioned:
            out["auction_queue"] = list(self.auction_queue)
        if rules.donation:
            out["donations"] = list(self.donations)
        if rules.has_offers:
            ids = [c.id for c in rules.cards]
            out["offers"] = [o.to_json(ids) for o in self.offers]
        if rules.deposit is not None:
            out["deposit"] = list(self.deposit)
        if rules.casino is not None:
            out["jackpot"] = self.jackpot
        if rules.transfers is not None:
            out["transferred"] = list(self.transferred)
        if rules.stepped_auction:
            out["auctioned"] = self.auctioned
        if rules.investments is not None:
            out["chips"] = [[c, list(self.chips[c])] for c in sorted(self.chips)]
        if rules.timed:
            out["effects"] = [e.to_json(rules.cards) for e in self.effects]
        if rules.once_per_player:
            out["cards_used"] = [[rules.cards[i].id for i in u] for u in self.cards_used]
        if rules.speed_die:
            out["speed"] = {"lapped": list(self.lapped), "face": self.speed_face, "landlord": self.landlord_due}
        if rules.time_limit_ms:
            out["time_up"] = self.time_up
        if rules.deal_deeds:
            out["dealt"] = [list(cells) for cells in self.dealt]
        if self.refusals is not None:
            out["refusals"] = [r.to_json() for r in self.refusals]
        return out

    @classmethod
    def from_json(cls, data: JSON, rules: Ruleset) -> Self:
        try:
            return cls._from_json(data, rules)
        except BadState:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise BadState(f"not a game state of ruleset {rules.id!r}: {exc!r}") from None

    @classmethod
    def _from_json(cls, d: JSON, rules: Ruleset) -> Self:
        if not isinstance(d, dict):
            raise BadState("a game state must be an object")
        if d.get("format") != STATE_FORMAT:
            raise BadState(f"unknown state format {d.get('format')!r}")
        if d["rules"] != rules.id or d["rules_digest"] != rules.digest:
            raise BadState(f"state is for ruleset {d['rules']!r} ({str(d['rules_digest'])[:12]}), "
                           f"not {rules.id!r} ({rules.digest[:12]})")
        n = _int(d["players"])
        if not rules.min_players <= n <= rules.max_players:
            raise BadState(f"players: {n} is not allowed by this ruleset")
        size = rules.size
        s = object.__new__(cls)
        s.rules = rules
        s.players = n
        s.cash = _ints(d["cash"], n)
        s.pos = _ints(d["pos"], n, 0, size - 1)
        s.alive = _bools(d["alive"], n)
        s.jailed = _bools(d["jailed"], n)
        s.jail_tries = _ints(d["jail_tries"], n, 0)
        s.cards_held = [[rules.card_index[_str(c)] for c in _list(h, None)]
                        for h in _list(d["cards_held"], n)]
        s.owner = [BANK if o is None else _int(o, 0, n - 1) for o in _list(d["owner"], size)]
        s.mortgaged = [False] * size
        for c in _list(d["mortgaged"], None):
            s.mortgaged[_int(c, 0, size - 1)] = True
        s.buildings = _ints(d["buildings"], size, 0, rules.max_buildings)
        s.deck = sorted(rules.card_index[_str(c)] for c in _list(d["deck"], None))
        s.first = _int(d["first"], 0, n - 1)
        s.active = _int(d["active"], 0, n - 1)
        s.phase = _enum(Phase, d["phase"], "phase")
        s.doubles = _int(d["doubles"], 0)
        s.reroll = _bool(d["reroll"])
        s.turn_over = _bool(d["turn_over"])
        s.dice = None if d["dice"] is None else _ints(d["dice"], 2, 1, rules.dice_sides)
        s.turn = _int(d["turn"], 0)
        s.roll_count = _int(d["roll_count"], 0)
        s.pending_buy = None if d["pending_buy"] is None else _int(d["pending_buy"], 0, size - 1)
        a = d["auction"]
        keys = _LOT_AUCTION_KEYS if isinstance(a, dict) and "lot" in a else _AUCTION_KEYS
        a = _optional(a, "auction", keys | _STEP_KEYS if rules.stepped_auction else keys)
        s.auction = None if a is None else Auction(
            cell=_int(a["cell"], 0, size - 1), bidders=tuple(_ints(a["bidders"], None, 0, n - 1)),
            turn=_int(a["turn"], 0), high=_int(a["high"], 0),
            high_bidder=None if a["high_bidder"] is None else _int(a["high_bidder"], 0, n - 1),
            lot=_enum(Lot, a["lot"], "auction.lot") if "lot" in a else Lot.DEED,
            resume=_enum(Phase, a["resume"], "auction.resume") if "resume" in a else None,
            start=_int(a["start"], 1) if rules.stepped_auction else 0,
            step=_int(a["step"], 0) if rules.stepped_auction else 0)
        s.debts = [Debt(_int(x["debtor"], 0, n - 1),
                        BANK if x["creditor"] is None else _int(x["creditor"], 0, n - 1),
                        _int(x["amount"], 0), _reason(x["reason"], rules))
                   for x in (_object(x, "debts", _DEBT_KEYS) for x in _list(d["debts"], None))]
        s.resume = None if d["resume"] is None else _enum(Resume, d["resume"], "resume")
        t = d["trade"]
        t = _optional(t, "trade", _TRADE_KEYS | {"cards"} if isinstance(t, dict) and "cards" in t else _TRADE_KEYS)
        s.trade = None if t is None else TradeOffer(
            from_seat=_int(t["from"], 0, n - 1), to_seat=_int(t["to"], 0, n - 1),
            give=tuple(_ints(t["give"], None, 0, size - 1)),
            take=tuple(_ints(t["take"], None, 0, size - 1)), money=_int(t["money"]),
            cards=tuple(rules.card_index[_str(c)] for c in _list(t["cards"], None)) if "cards" in t else ())
        tr = d["trade_resume"]
        if tr not in (None, Phase.PRE_ROLL.value, Phase.POST_ROLL.value):
            raise BadState(f"trade_resume: unknown {tr!r}")
        s.trade_resume = None if tr is None else Phase(tr)
        s.proposed_to = _ints(d["proposed_to"], None, 0, n - 1)
        dr = _optional(d["draw"], "draw", _DRAW_KEYS)
        s.draw = None if dr is None else DrawOffer(
            by=_int(dr["by"], 0, n - 1), accepted=tuple(_ints(dr["accepted"], None, 0, n - 1)))
        s.draw_offered_at = _ints(d["draw_offered_at"], n, -1)
        s.winner = None if d["winner"] is None else _int(d["winner"], 0, n - 1)
        s.drawn = _bool(d["drawn"])
        s.pot = _int(d["pot"], 0) if rules.pot else 0
        s.fee_paid = sorted(set(_ints(d["fee_paid"], None, 0, size - 1))) if rules.mortgage_fee else []
        s.auction_queue = _ints(d["auction_queue"], None, 0, size - 1) if rules.bankrupt_deeds_auctioned else []
        s.donations = _ints(d["donations"], n, 0) if rules.donation else [0] * n
        s.offers = [Offer(_enum(OfferKind, o["kind"], "offers.kind"), _str(o["reason"]), _int(o["minimum"], 0),
                          None if o["card"] is None else rules.card_index[_str(o["card"])])
                    for o in (_object(o, "offers", OFFER_KEYS) for o in _list(d["offers"], None))
                    ] if rules.has_offers else []
        s.deposit = _ints(d["deposit"], n, 0) if rules.deposit is not None else [0] * n
        s.jackpot = _int(d["jackpot"], 0) if rules.casino is not None else 0
        s.transferred = _bools(d["transferred"], n) if rules.transfers is not None else [False] * n
        s.auctioned = _bool(d["auctioned"]) if rules.stepped_auction else False
        s.chips = {}
        if rules.investments is not None:
            for entry in _list(d["chips"], None):
                cell, row = _list(entry, 2)
                cell = _int(cell, 0, size - 1)
                if cell in s.chips:
                    raise BadState(f"chips: street {cell} twice")
                s.chips[cell] = _ints(row, n, 0)
        s.effects = [Effect(_str(e["kind"]), _int(e["by"], 0, n - 1), _int(e["target"], 0, n - 1),
                            rules.card_index[_str(e["card"])])
                     for e in (_object(e, "effects", _EFFECT_KEYS) for e in _list(d["effects"], None))
                     ] if rules.timed else []
        s.cards_used = ([[rules.card_index[_str(c)] for c in _list(u, None)] for u in _list(d["cards_used"], n)]
                        if rules.once_per_player else [[] for _ in range(n)])
        speed = _object(d["speed"], "speed", _SPEED_KEYS) if rules.speed_die else None
        s.lapped = _bools(speed["lapped"], n) if speed is not None else [False] * n
        face = speed["face"] if speed is not None else None
        if face is not None and face not in SPEED_FACES:
            raise BadState(f"speed.face: unknown {face!r}")
        s.speed_face = face
        s.landlord_due = _bool(speed["landlord"]) if speed is not None else False
        s.time_up = _bool(d["time_up"]) if rules.time_limit_ms else False
        s.dealt = _dealt(d["dealt"], n, rules) if rules.deal_deeds else ()
        s.refusals = None if "refusals" not in d else tuple(
            _refusal(_object(r, "refusals", _REFUSAL_KEYS), rules, n) for r in _list(d["refusals"], None))
        extra = set(d) - _KEYS - set(s._rule_parts())
        if extra:
            raise BadState(f"unexpected field(s): {', '.join(sorted(extra))}")
        _check_consistent(s)
        return s

    def state_hash(self) -> str:
        return digest(self.to_json())


_KEYS = {
    "format", "rules", "rules_digest", "players", "cash", "pos", "alive", "jailed",
    "jail_tries", "cards_held", "owner", "mortgaged", "buildings", "deck", "first", "active",
    "phase", "doubles", "reroll", "turn_over", "dice", "turn", "roll_count", "pending_buy",
    "auction", "debts", "resume", "trade", "trade_resume", "proposed_to", "draw",
    "draw_offered_at", "winner", "drawn",
}

_AUCTION_KEYS = {"cell", "bidders", "turn", "high", "high_bidder"}
_LOT_AUCTION_KEYS = _AUCTION_KEYS | {"lot", "resume"}
_STEP_KEYS = {"start", "step"}
_DEBT_KEYS = {"debtor", "creditor", "amount", "reason"}
_TRADE_KEYS = {"from", "to", "give", "take", "money"}
_DRAW_KEYS = {"by", "accepted"}
_EFFECT_KEYS = {"kind", "by", "target", "card"}
_REFUSAL_KEYS = {"by", "to", "give", "take", "money", "turn", "owners", "cash"}


def _pair(v: list[int]) -> tuple[int, int]:
    return v[0], v[1]


def _refusal(r: JSONObject, rules: Ruleset, n: int) -> TradeRefusal:
    size = rules.size
    return TradeRefusal(
        by=_int(r["by"], 0, n - 1), to=_int(r["to"], 0, n - 1),
        give=tuple(_ints(r["give"], None, 0, size - 1)), take=tuple(_ints(r["take"], None, 0, size - 1)),
        money=_int(r["money"]), turn=_int(r["turn"], 0),
        owners=tuple(BANK if o is None else _int(o, 0, n - 1) for o in _list(r["owners"], len(rules.properties))),
        cash=_pair(_ints(r["cash"], 2)))


_SPEED_KEYS = {"lapped", "face", "landlord"}


def _dealt(v: JSON, n: int, rules: Ruleset) -> tuple[tuple[int, ...], ...]:
    """The deal at the start: per seat, distinct deeds of the board, at most the option's number."""
    dealt = tuple(tuple(sorted(_ints(cells, None, 0, rules.size - 1))) for cells in _list(v, n))
    every = [c for cells in dealt for c in cells]
    if len(set(every)) != len(every) or not all(rules.cells[c].is_property for c in every) \
            or any(len(cells) > rules.deal_deeds for cells in dealt):
        raise BadState("dealt: not a deal of distinct deeds")
    return dealt
# The speed die's faces as the state names them (engine/speed_die.py rolls them).
LANDLORD, BUS_FACE = "landlord", "bus"
SPEED_FACES = ("1", "2", "3", LANDLORD, LANDLORD, BUS_FACE)
# The phases in which no move is being resolved (a landlord's move is never due there).
_NO_MOVE_UNDER_WAY = (Phase.PRE_ROLL, Phase.POST_ROLL, Phase.BUS, Phase.TRIPLE, Phase.OVER)


def _check_consistent(s: GameState) -> None:
    """Refuse field values that no game can reach together, so that a loaded state never
    breaks a query later: each phase with the fields it needs, deeds, cards and seats."""
    rules, n, phase = s.rules, s.players, s.phase
    alive = s.alive

    def need(ok: bool, what: str) -> None:
        if not ok:
            raise BadState(f"inconsistent state: {what}")

    over = phase is Phase.OVER
    need(sum(alive) >= (1 if over else 2), "too few players left")
    # A bankrupt's creditor may still owe fees for its mortgaged deeds (option `mortgage_fee`)
    # after the bankrupt, who may be the active player, has left.
    need(over or alive[s.active] or (phase is Phase.DEBT and s.debts[0].debtor != s.active),
         "the active seat is out of the game")
    for seat in range(n):
        need(not s.jailed[seat] or (alive[seat] and s.pos[seat] == rules.jail_cell),
             f"seat {seat} is jailed away from the jail")
        need(s.jail_tries[seat] <= rules.jail_max_tries, f"seat {seat}: too many jail tries")
        need(alive[seat] or not s.cards_held[seat], f"seat {seat} is out but holds cards")
        need(s.draw_offered_at[seat] <= s.roll_count, f"seat {seat}: draw offered in future")
    held = [c for h in s.cards_held for c in h] + [o.card for o in s.offers if o.card is not None]
    need(len(set(held)) == len(held) and len(set(s.deck)) == len(s.deck)
         and not set(held) & set(s.deck), "a card is in two places")
    for info in rules.cells:
        c, owner = info.index, s.owner[info.index]
        if owner == BANK:
            need(not s.mortgaged[c] and not s.buildings[c], f"cell {c}: unowned but mortgaged "
                 "or built")
            continue
        need(info.is_property and alive[owner], f"cell {c}: not a deed of a seat in the game")
        if s.buildings[c]:
            need(info.kind == "street" and not any(s.mortgaged[g] for g in rules.group_of[c]),
                 f"cell {c}: buildings beside a mortgage")
    need(s.doubles <= rules.doubles_to_jail, "too many doubles")
    # Being sent to jail ends the turn within the same action, so no state at rest has it.
    need(not s.turn_over, "a turn that is over but not passed on")
    a = s.auction
    buying = phase is Phase.BUY or (a is not None and a.resume is None)
    if s.resume is Resume.AFTER_LANDING:
        buying = buying or s.pending_buy is not None  # the offer waits for a debt after the move
    need((s.pending_buy is not None) == buying, "a purchase offer outside buying")
    if s.pending_buy is not None:
        need(rules.cells[s.pending_buy].is_property and s.owner[s.pending_buy] == BANK,
             "the offered cell is not an unowned property")
    need((a is not None) == (phase is Phase.AUCTION), "an auction outside the auction phase")
    if a is not None:
        bidders = a.bidders
        if a.resume is None:
            need(a.cell == s.pending_buy and a.lot is Lot.DEED, "the auction is not for the offered cell")
        else:
            need(a.resume in (Phase.PRE_ROLL, Phase.POST_ROLL), "an auction that resumes no turn")
            info = rules.cells[a.cell]
            if a.lot is Lot.OWN_DEED:
                need(a.resume is Phase.PRE_ROLL and info.is_property and s.owner[a.cell] == s.active
                     and s.active not in a.bidders and rules.stepped_auction, "an auction of one's own deed")
            else:
                need(info.is_property and s.owner[a.cell] == BANK if a.lot is Lot.DEED
                     else info.kind == "street" and rules.house_supply is not None, "the auction's lot")
        need(bool(a.start) == rules.stepped_auction and (a.step == 0 or a.high_bidder is not None),
             "an auction's start and step")
        need(bool(bidders) and len(set(bidders)) == len(bidders)
             and all(alive[b] for b in bidders), "auction bidders")
        need(a.turn < len(bidders), "auction turn")
        need((a.high == 0) == (a.high_bidder is None)
             and (a.high_bidder is None or a.high_bidder in bidders), "auction high bid")
    in_debt = phase is Phase.DEBT or phase is Phase.PAYMENT_DUE
    need(bool(s.debts) == in_debt and (s.resume is not None) == in_debt, "debts outside the debt phase")
    if s.debts:
        need(alive[s.debts[0].debtor], "the debtor is out of the game")
    if s.resume is Resume.JAIL_MOVE:
        need(s.jailed[s.active] and s.dice is not None and s.debts[0].debtor == s.active,
             "a move out of jail for a player who is not leaving it")
    t = s.trade
    need((t is not None) == (phase is Phase.TRADE) == (s.trade_resume is not None),
         "a trade outside the trade phase")
    if t is not None:
        need(t.from_seat == s.active and t.to_seat != t.from_seat and alive[t.to_seat], "trade seats")
        both = s.cards_held[t.from_seat] + s.cards_held[t.to_seat]
        need(len(set(t.cards)) == len(t.cards) and all(c in both for c in t.cards), "trade cards held")
    d = s.draw
    if d is not None:
        need(not over and alive[d.by] and d.by not in d.accepted
             and len(set(d.accepted)) == len(d.accepted)
             and all(alive[x] for x in d.accepted), "draw offer")
    need(over or (s.winner is None and not s.drawn), "a result while playing")
    need(not over or s.drawn == (s.winner is None), "the game ended without a result")
    need(s.winner is None or alive[s.winner], "the winner is out of the game")
    if phase is Phase.TAX:
        need(rules.cells[s.pos[s.active]].percent > 0, "a choice of tax away from such a tax")
    need(s.pot >= 0, "a negative pot")
    need(all(s.owner[c] != BANK and s.mortgaged[c] for c in s.fee_paid), "a fee paid for no mortgaged deed")
    _check_kept(s, need)
    need(len(set(s.auction_queue)) == len(s.auction_queue)
         and all(rules.cells[c].is_property and s.owner[c] == BANK for c in s.auction_queue),
         "a queued auction of a deed that is not the bank's")
    need(not any(s.mortgaged) or rules.mortgage, "a mortgage under rules without mortgages")
    need(all(alive[seat] or not (s.donations[seat] or s.deposit[seat]) for seat in range(n)),
         "donations or a deposit of a seat out")
    need(all(not t or rules.cells[s.pos[seat]].kind == "station" for seat, t in enumerate(s.transferred)),
         "a transfer's mark away from a transport square")
    investments = rules.investments
    for c, row in s.chips.items():
        owner = s.owner[c]
        need(investments is not None and rules.cells[c].kind == "street" and any(row)
             and sum(row) <= investments.max_per_street and owner != BANK and not row[owner]
             and not any(s.buildings[x] for x in rules.group_of[c]), f"the chips on {c}")
    if investments is not None:
        need(all(sum(row[seat] for row in s.chips.values()) <= investments.chips_per_player
                 and (alive[seat] or not any(row[seat] for row in s.chips.values())) for seat in range(n)),
             "a seat's chips")
    check_offers(s.offers, phase, rules.cells[s.pos[s.active]].kind, s.jailed[s.active], rules.jail_cancel, need)
    _check_speed(s, need)


def _check_speed(s: GameState, need: Callable[[bool, str], None]) -> None:
    """The speed die's parts: its choices wait only for the face that asks for them, with the
    dice of the roll; a landlord's move is due only between that roll and the next decision
    of the turn."""
    phase, dice, face = s.phase, s.dice, s.speed_face
    need(s.rules.speed_die or (phase is not Phase.BUS and phase is not Phase.TRIPLE), "a speed die's choice without it")
    if phase is Phase.BUS:
        need(face == BUS_FACE and dice is not None, "a bus without the bus rolled")
    if phase is Phase.TRIPLE:
        need(dice is not None and dice[0] == dice[1] and face == str(dice[0]), "a triple without three alike")
    need(not s.landlord_due or (face == LANDLORD and phase not in _NO_MOVE_UNDER_WAY),
         "a landlord's move due with no move under way")


def _check_kept(s: GameState, need: Callable[[bool, str], None]) -> None:
    """The parts of kept powers: a payment waits only for a debtor who may cancel it, the
    resumes and effects they need exist only under their rules, decks keep their limits."""
    rules, n, alive = s.rules, s.players, s.alive
    cards = rules.cards
    need(rules.powers or s.resume not in (Resume.BEFORE_ROLL, Resume.AFTER_ROLL, Resume.AFTER_LANDING),
         "a resume of a power under rules without powers")
    if s.phase is Phase.PAYMENT_DUE:
        need(rules.reactions, "a payment due under rules with no card to cancel it")
        debt = s.debts[0]
        need(any(debt.cancelled_by(e) for c in s.cards_held[debt.debtor] for e in cards[c].effects),
             "a payment waits for a debtor with no card to cancel it")
    for e in s.effects:
        need(e.kind in TIMED_EFFECTS and e.kind in cards[e.card].effects, f"effect {e.kind} of card {cards[e.card].id}")
        # An extra turn and a liquidation are the holder's own; the others name an opponent.
        need(alive[e.by] and alive[e.target] and (e.by == e.target) == (e.kind in _OWN_EFFECTS),
             f"effect {e.kind}: its seats")
    for seat in range(n):
        held = s.cards_held[seat]
        for deck, limit in rules.hold_limit.items():
            need(sum(1 for c in held if cards[c].deck == deck) <= limit, f"seat {seat} holds too many of {deck}")
        used = s.cards_used[seat]
        need(len(set(used)) == len(used) and all(cards[c].deck in rules.once_per_player for c in used)
             and not set(used) & set(held), f"seat {seat}: cards used")


def _object(v: JSON, what: str, keys: AbstractSet[str]) -> JSONObject:
    """`v`, which must be an object with exactly `keys`."""
    if not isinstance(v, dict) or set(v) != keys:
        raise BadState(f"{what}: expected an object with {', '.join(sorted(keys))}")
    return v


def _optional(v: JSON, what: str, keys: AbstractSet[str]) -> JSONObject | None:
    """None, or an object with exactly `keys`."""
    return None if v is None else _object(v, what, keys)


_E = TypeVar("_E", Phase, Resume, Lot, OfferKind)


def _enum(cls: type[_E], v: JSON, what: str) -> _E:
    try:
        return cls(_str(v))
    except ValueError:
        raise BadState(f"{what}: unknown {v!r}") from None


def _int(v: JSON, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadState(f"expected a whole number, got {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise BadState(f"{v} is out of range")
    return v


def _bool(v: JSON) -> bool:
    if not isinstance(v, bool):
        raise BadState(f"expected true or false, got {v!r}")
    return v


def _str(v: JSON) -> str:
    if not isinstance(v, str):
        raise BadState(f"expected a string, got {v!r}")
    return v


def _reason(v: JSON, rules: Ruleset) -> PayReason:
    try:
        return reason_from_json(v, rules.card_index)
    except ValueError as exc:
        raise BadState(str(exc)) from None


def _list(v: JSON, n: int | None) -> list[JSON]:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise BadState(f"expected a list of {n if n is not None else 'some'} items, got {v!r}")
    return v


def _ints(v: JSON, n: int | None, lo: int | None = None, hi: int | None = None) -> list[int]:
    return [_int(x, lo, hi) for x in _list(v, n)]


def _bools(v: JSON, n: int) -> list[bool]:
    return [_bool(x) for x in _list(v, n)]

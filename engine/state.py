"""The game's state as plain fields: cheap to copy, exact to serialise, stable to hash.

`GameState` holds data only; the rules that change it live in `game.py`. The parts that
exist only for a while (an auction, a trade offer, a draw offer, a debt) are immutable
values (`values.Value`): the game replaces them rather than changing them, so a copy of the
state shares them.
"""
from __future__ import annotations

from enum import StrEnum
from typing import Any, Final, Self, TypeVar

from .canonical import digest
from .errors import BadState
from .phases import Phase, Resume
from .rules import Ruleset
from .values import Value

BANK = -1  # the creditor or payer that is the bank, inside the engine; None in events and JSON

STATE_FORMAT = 1


class Lot(StrEnum):
    """What an auction sells (JSON values): a deed, or the bank's last house or hotel."""
    DEED = "deed"
    HOUSE = "house"
    HOTEL = "hotel"


class Auction(Value):
    """A running auction: `bidders` still in, in bidding order; `turn` indexes who bids next.

    The usual auction sells the deed the lander declined (`lot` DEED, `resume` None: the
    move goes on afterwards). A bankrupt's deed (DEED) or one of the bank's last buildings
    (HOUSE, HOTEL: `cell` is where the asking player wants to build, a bid is paid on top of
    the building's price) is auctioned during a turn, which `resume`s afterwards."""
    __slots__ = __match_args__ = ("cell", "bidders", "turn", "high", "high_bidder", "lot", "resume")

    def __init__(self, cell: int, bidders: tuple[int, ...], turn: int = 0, high: int = 0,
                 high_bidder: int | None = None, lot: Lot = Lot.DEED, resume: Phase | None = None) -> None:
        self.cell: Final = cell
        self.bidders: Final = bidders
        self.turn: Final = turn
        self.high: Final = high
        self.high_bidder: Final = high_bidder
        self.lot: Final = lot
        self.resume: Final = resume

    @property
    def bidder(self) -> int:
        """The seat whose turn it is to bid or pass."""
        return self.bidders[self.turn]

    # The next states are built field by field: an auction changes at every bid and pass.
    # tests/test_engine_values.py checks that they carry every other field over.

    def passed(self) -> Auction:
        """The auction once the bidder whose turn it is passes (and is out of it)."""
        turn, bidders = self.turn, self.bidders
        bidders = bidders[1:] if turn == 0 else bidders[:turn] + bidders[turn + 1:]
        return Auction(self.cell, bidders, turn if turn < len(bidders) else 0, self.high, self.high_bidder,
                       self.lot, self.resume)

    def outbid(self, seat: int, amount: int) -> Auction:
        """The auction once `seat`, whose turn it is, bids `amount`: the next bidder's turn."""
        return Auction(self.cell, self.bidders, (self.turn + 1) % len(self.bidders), amount, seat,
                       self.lot, self.resume)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"cell": self.cell, "bidders": list(self.bidders), "turn": self.turn,
                               "high": self.high, "high_bidder": self.high_bidder}
        # Only auctions during a turn say what they sell and where the turn goes on, so the
        # buying auction keeps its JSON (and every state hash) as it always was.
        if self.resume is not None:
            out["lot"] = self.lot.value
            out["resume"] = self.resume.value
        return out


class TradeOffer(Value):
    """An open proposal: `give` are the proposer's cells, `take` the partner's; `money` > 0
    is paid by the proposer, < 0 by the partner."""
    __slots__ = __match_args__ = ("from_seat", "to_seat", "give", "take", "money")

    def __init__(self, from_seat: int, to_seat: int, give: tuple[int, ...], take: tuple[int, ...],
                 money: int) -> None:
        self.from_seat: Final = from_seat
        self.to_seat: Final = to_seat
        self.give: Final = give
        self.take: Final = take
        self.money: Final = money

    def to_json(self) -> dict[str, Any]:
        return {"from": self.from_seat, "to": self.to_seat, "give": list(self.give),
                "take": list(self.take), "money": self.money}


class DrawOffer(Value):
    """An open draw offer by `by`, and the seats that accepted it so far (in order)."""
    __slots__ = __match_args__ = ("by", "accepted")

    def __init__(self, by: int, accepted: tuple[int, ...] = ()) -> None:
        self.by: Final = by
        self.accepted: Final = accepted

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "accepted": list(self.accepted)}


class Debt(Value):
    """`debtor` owes `amount` to `creditor` (a seat, or BANK) for `reason` (rent, tax,
    `card:<id>`, jail_fee)."""
    __slots__ = __match_args__ = ("debtor", "creditor", "amount", "reason")

    def __init__(self, debtor: int, creditor: int, amount: int, reason: str) -> None:
        self.debtor: Final = debtor
        self.creditor: Final = creditor
        self.amount: Final = amount
        self.reason: Final = reason

    def to_json(self) -> dict[str, Any]:
        return {"debtor": self.debtor, "creditor": None if self.creditor == BANK else self.creditor,
                "amount": self.amount, "reason": self.reason}


class GameState:
    __slots__ = (
        "rules", "players", "cash", "pos", "alive", "jailed", "jail_tries", "cards_held",
        "owner", "mortgaged", "buildings", "deck", "first", "active", "phase", "doubles",
        "reroll", "turn_over", "dice", "turn", "roll_count", "pending_buy", "auction", "debts",
        "resume", "trade", "trade_resume", "proposed_to", "draw", "draw_offered_at", "winner",
        "drawn", "pot", "fee_paid", "auction_queue",
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
        return new

    # -- serialisation -------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        rules = self.rules
        cards = rules.cards
        return {
            "format": STATE_FORMAT,
            "rules": rules.id,
            "rules_digest": rules.digest,
            "players": self.players,
            "cash": self.cash[:],
            "pos": self.pos[:],
            "alive": self.alive[:],
            "jailed": self.jailed[:],
            "jail_tries": self.jail_tries[:],
            "cards_held": [[cards[i].id for i in h] for h in self.cards_held],
            "owner": [None if o == BANK else o for o in self.owner],
            "mortgaged": [c for c in range(rules.size) if self.mortgaged[c]],
            "buildings": self.buildings[:],
            "deck": [cards[i].id for i in self.deck],
            "first": self.first,
            "active": self.active,
            "phase": self.phase.value,
            "doubles": self.doubles,
            "reroll": self.reroll,
            "turn_over": self.turn_over,
            "dice": None if self.dice is None else self.dice[:],
            "turn": self.turn,
            "roll_count": self.roll_count,
            "pending_buy": self.pending_buy,
            "auction": None if self.auction is None else self.auction.to_json(),
            "debts": [d.to_json() for d in self.debts],
            "resume": None if self.resume is None else self.resume.value,
            "trade": None if self.trade is None else self.trade.to_json(),
            "trade_resume": None if self.trade_resume is None else self.trade_resume.value,
            "proposed_to": self.proposed_to[:],
            "draw": None if self.draw is None else self.draw.to_json(),
            "draw_offered_at": self.draw_offered_at[:],
            "winner": self.winner,
            "drawn": self.drawn,
            **self._rule_parts(),
        }

    def _rule_parts(self) -> dict[str, Any]:
        rules = self.rules
        out: dict[str, Any] = {}
        if rules.pot:
            out["pot"] = self.pot
        if rules.mortgage_fee:
            out["fee_paid"] = self.fee_paid[:]
        if rules.bankrupt_deeds_auctioned:
            out["auction_queue"] = self.auction_queue[:]
        return out

    @classmethod
    def from_json(cls, data: Any, rules: Ruleset) -> Self:
        try:
            return cls._from_json(data, rules)
        except BadState:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise BadState(f"not a game state of ruleset {rules.id!r}: {exc!r}") from None

    @classmethod
    def _from_json(cls, d: Any, rules: Ruleset) -> Self:
        if not isinstance(d, dict):
            raise BadState("a game state must be an object")
        if d.get("format") != STATE_FORMAT:
            raise BadState(f"unknown state format {d.get('format')!r}")
        if d["rules"] != rules.id or d["rules_digest"] != rules.digest:
            raise BadState(f"state is for ruleset {d['rules']!r} ({d['rules_digest'][:12]}), "
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
        a = _object(a, "auction", _LOT_AUCTION_KEYS if isinstance(a, dict) and "lot" in a else _AUCTION_KEYS)
        s.auction = None if a is None else Auction(
            cell=_int(a["cell"], 0, size - 1), bidders=tuple(_ints(a["bidders"], None, 0, n - 1)),
            turn=_int(a["turn"], 0), high=_int(a["high"], 0),
            high_bidder=None if a["high_bidder"] is None else _int(a["high_bidder"], 0, n - 1),
            lot=_enum(Lot, a["lot"], "auction.lot") if "lot" in a else Lot.DEED,
            resume=_enum(Phase, a["resume"], "auction.resume") if "resume" in a else None)
        s.debts = [Debt(_int(x["debtor"], 0, n - 1),
                        BANK if x["creditor"] is None else _int(x["creditor"], 0, n - 1),
                        _int(x["amount"], 0), _str(x["reason"]))
                   for x in (_object(x, "debts", _DEBT_KEYS) for x in _list(d["debts"], None))]
        s.resume = None if d["resume"] is None else _enum(Resume, d["resume"], "resume")
        t = _object(d["trade"], "trade", _TRADE_KEYS)
        s.trade = None if t is None else TradeOffer(
            from_seat=_int(t["from"], 0, n - 1), to_seat=_int(t["to"], 0, n - 1),
            give=tuple(_ints(t["give"], None, 0, size - 1)),
            take=tuple(_ints(t["take"], None, 0, size - 1)), money=_int(t["money"]))
        tr = d["trade_resume"]
        if tr not in (None, Phase.PRE_ROLL.value, Phase.POST_ROLL.value):
            raise BadState(f"trade_resume: unknown {tr!r}")
        s.trade_resume = None if tr is None else Phase(tr)
        s.proposed_to = _ints(d["proposed_to"], None, 0, n - 1)
        dr = _object(d["draw"], "draw", _DRAW_KEYS)
        s.draw = None if dr is None else DrawOffer(
            by=_int(dr["by"], 0, n - 1), accepted=tuple(_ints(dr["accepted"], None, 0, n - 1)))
        s.draw_offered_at = _ints(d["draw_offered_at"], n, -1)
        s.winner = None if d["winner"] is None else _int(d["winner"], 0, n - 1)
        s.drawn = _bool(d["drawn"])
        s.pot = _int(d["pot"], 0) if rules.pot else 0
        s.fee_paid = sorted(set(_ints(d["fee_paid"], None, 0, size - 1))) if rules.mortgage_fee else []
        s.auction_queue = _ints(d["auction_queue"], None, 0, size - 1) if rules.bankrupt_deeds_auctioned else []
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
_DEBT_KEYS = {"debtor", "creditor", "amount", "reason"}
_TRADE_KEYS = {"from", "to", "give", "take", "money"}
_DRAW_KEYS = {"by", "accepted"}


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
    held = [c for h in s.cards_held for c in h]
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
            need(info.is_property and s.owner[a.cell] == BANK if a.lot is Lot.DEED
                 else info.kind == "street" and rules.house_supply is not None, "the auction's lot")
        need(bool(bidders) and len(set(bidders)) == len(bidders)
             and all(alive[b] for b in bidders), "auction bidders")
        need(a.turn < len(bidders), "auction turn")
        need((a.high == 0) == (a.high_bidder is None)
             and (a.high_bidder is None or a.high_bidder in bidders), "auction high bid")
    in_debt = phase is Phase.DEBT
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
    need(len(set(s.auction_queue)) == len(s.auction_queue)
         and all(rules.cells[c].is_property and s.owner[c] == BANK for c in s.auction_queue),
         "a queued auction of a deed that is not the bank's")


def _object(v: Any, what: str, keys: set[str]) -> Any:
    """`v` as it is when None; else it must be an object with exactly `keys`."""
    if v is not None and (not isinstance(v, dict) or set(v) != keys):
        raise BadState(f"{what}: expected an object with {', '.join(sorted(keys))}")
    return v


_E = TypeVar("_E", Phase, Resume, Lot)


def _enum(cls: type[_E], v: Any, what: str) -> _E:
    try:
        return cls(v)
    except ValueError:
        raise BadState(f"{what}: unknown {v!r}") from None


def _int(v: Any, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise BadState(f"expected a whole number, got {v!r}")
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise BadState(f"{v} is out of range")
    return v


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise BadState(f"expected true or false, got {v!r}")
    return v


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise BadState(f"expected a string, got {v!r}")
    return v


def _list(v: Any, n: int | None) -> list[Any]:
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise BadState(f"expected a list of {n if n is not None else 'some'} items, got {v!r}")
    return v


def _ints(v: Any, n: int | None, lo: int | None = None, hi: int | None = None) -> list[int]:
    return [_int(x, lo, hi) for x in _list(v, n)]


def _bools(v: Any, n: int) -> list[bool]:
    return [_bool(x) for x in _list(v, n)]

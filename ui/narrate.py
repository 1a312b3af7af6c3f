"""Engine events told in words, for logs, the table's feed and headless play."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from zemlevlasnyk.engine import Event, Ruleset
from zemlevlasnyk.engine.events import (
    AuctionStarted,
    AuctionUnsold,
    AuctionWon,
    Bankrupt,
    BidMade,
    BidPassed,
    Bought,
    BuildingSold,
    Built,
    CardDrawn,
    CardKept,
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
    TradeAccepted,
    TradeDeclined,
    TradeProposed,
    TurnCapReached,
    TurnStarted,
)

from .ruleset_text import card_words, cell_name, deck_name
from .text import GROUP_SEPARATOR, catalogue, form, money

# An amount written in a ruleset's text with plain spaces between its groups ("20 000").
_AMOUNT_GROUP = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")

# Events that say nothing a reader needs: the token's resting place is already in `moved`.
SILENT = frozenset({"came_to_rest"})
# Payments that the next event tells better (a purchase is told by `bought`, and so on).
TOLD_ELSEWHERE = frozenset({"purchase", "auction", "building", "building_sold", "mortgage", "redeem"})


def narrate(rules: Ruleset, e: Event, lang: str = "uk",
            names: Sequence[str] | None = None, genders: Sequence[str | None] | None = None) -> str | None:
    """One line for one event, or None for events that are not worth a line. `genders`:
    each seat's grammatical gender, for sentences that agree with it (None: the wording
    that needs none)."""
    kind = e.TYPE
    if kind in SILENT or (isinstance(e, Paid) and e.reason in TOLD_ELSEWHERE):
        return None
    t = catalogue(lang)
    if kind not in t:
        return None

    def who(seat: int | None) -> str:
        if seat is None:
            return str(t["bank"])
        if names is not None and seat < len(names):
            return names[seat]
        return str(t["player"].format(n=seat + 1))

    def cell(c: int) -> str:
        return cell_name(rules, c, lang)

    def reason(r: str) -> str:
        key, _, card_id = r.partition(":")
        if key == "card" and card_id in rules.card_index:
            deck = deck_name(rules, rules.cards[rules.card_index[card_id]].deck, lang)
            if deck:
                return str(t["reasons"]["card_deck"].format(deck=deck))
        return str(t["reasons"].get(key, r))

    def cells(cs: tuple[int, ...]) -> str:
        return ", ".join(f"«{cell(c)}»" if lang == "uk" else cell(c) for c in cs) or str(t["nothing"])

    template = kind
    f: dict[str, object] = {}
    match e:
        case DiceRolled():
            f.update(seat=who(e.seat), d1=e.dice[0], d2=e.dice[1], double=t["double"] if e.double else "")
        case Moved():
            f.update(seat=who(e.seat), from_=cell(e.from_cell), to=cell(e.to_cell))
            if e.steps < 0:
                template = "moved_back"
        case Paid():
            f.update(frm=who(e.from_seat), to=who(e.to_seat), amount=money(e.amount), reason=reason(e.reason))
            if e.cell is not None:
                f["cell"] = cell(e.cell)
        case DebtOwed():
            f.update(debtor=who(e.debtor), creditor=who(e.creditor), amount=money(e.amount), reason=reason(e.reason))
        case CardDrawn() | CardKept():
            f.update(seat=who(e.seat), card=card_text(rules, e.card, lang))
            deck = deck_name(rules, rules.cards[rules.card_index[e.card]].deck, lang)
            if deck and isinstance(e, CardDrawn):
                f["deck"], template = deck, "card_drawn_deck"
        case DeckReshuffled():
            f["cards"] = e.cards
            if e.deck:
                f["deck"], template = deck_name(rules, e.deck, lang), "deck_reshuffled_deck"
        case RentDiceThrown():
            f.update(seat=who(e.seat), d1=e.dice[0], d2=e.dice[1])
        case PurchaseDeclined():
            f.update(seat=who(e.seat), cell=cell(e.cell))
        case TurnCapReached():
            f["turn"] = e.turn
        case SentToJail():
            f.update(seat=who(e.seat), reason=t["jail_reasons"].get(e.reason, e.reason))
        case LeftJail():
            f.update(seat=who(e.seat), how=t["jail_how"].get(e.how, e.how).format(fee=money(rules.jail_fee)))
        case JailRollFailed():
            f.update(seat=who(e.seat), tries=e.tries)
        case Built():
            f.update(seat=who(e.seat), cell=cell(e.cell), buildings=e.buildings)
            if e.buildings == rules.max_buildings:
                template = "built_hotel"     # the last building is a hotel, not a fifth house
        case BuildingSold():
            f.update(seat=who(e.seat), cell=cell(e.cell), buildings=e.buildings, refund=money(e.refund))
        case TradeProposed():
            m = e.money
            f.update(frm=who(e.from_seat), to=who(e.to_seat), give=cells(e.give), take=cells(e.take),
                     money=t["money_to"].format(amount=money(m)) if m > 0
                     else t["money_from"].format(amount=money(-m)) if m < 0 else "")
            # «нічого не віддає», not «віддає нічого»: a side with no deeds has its own wording.
            if e.take and not e.give:
                template = "trade_proposed_take_only"
            elif e.give and not e.take:
                template = "trade_proposed_give_only"
        case TradeAccepted() | TradeDeclined():
            f.update(frm=who(e.from_seat), to=who(e.to_seat))
        case DeedTransferred():
            f.update(cell=cell(e.cell), frm=who(e.from_seat), to=who(e.to_seat),
                     mortgaged=t["still_mortgaged"] if e.mortgaged else "")
        case DeedReturned():
            f.update(cell=cell(e.cell), frm=who(e.from_seat))
        case CardTransferred():
            f.update(frm=who(e.from_seat), to=who(e.to_seat))
        case TurnStarted():
            f.update(seat=who(e.seat), turn=e.turn)
        case Bankrupt():
            f.update(seat=who(e.seat), creditor=who(e.creditor))
        case OfferedToBuy() | Bought():
            f.update(seat=who(e.seat), cell=cell(e.cell), price=money(e.price))
        case AuctionWon() | Mortgaged() | Redeemed():
            f.update(seat=who(e.seat), cell=cell(e.cell), amount=money(e.amount))
        case AuctionStarted() | AuctionUnsold():
            f["cell"] = cell(e.cell)
        case BidMade():
            f.update(seat=who(e.seat), amount=money(e.amount))
        case (BidPassed() | DrawOffered() | DrawAccepted() | DrawDeclined() | GameWon() | Eliminated()
              | Resigned()):
            f["seat"] = who(e.seat)
        case DrawCancelled():
            f["seat"] = who(e.by_seat)
    seat = getattr(e, "seat", None)
    gender = genders[seat] if genders is not None and isinstance(seat, int) and seat < len(genders) else None
    count = e.cards if isinstance(e, DeckReshuffled) else None
    line = form(lang, t[template], n=count, gender=gender).format(**f)
    if line.startswith(str(t["bank"])):
        line = line[:1].upper() + line[1:]    # «Банк → Марія: …» begins a sentence too
    return line


@dataclass(frozen=True)
class AuctionBids:
    """An auction's bids so far, told as one line: computer players outbid each other by odd
    amounts many times over, and a line for each bid would push everything else out of the
    feed. `seat` bid last, and so holds the highest bid, `amount`."""

    cell: int
    bids: int
    seat: int
    amount: int


def narrate_bids(rules: Ruleset, run: AuctionBids, lang: str = "uk", names: Sequence[str] | None = None) -> str:
    """The line for an auction's bids so far (worded with no gender: «веде Олена»)."""
    t = catalogue(lang)
    seat = names[run.seat] if names is not None and run.seat < len(names) else str(t["player"].format(n=run.seat + 1))
    return form(lang, t["auction_bids"], n=run.bids).format(cell=cell_name(rules, run.cell, lang), n=run.bids,
                                                             seat=seat, amount=money(run.amount))


def card_text(rules: Ruleset, card_id: str, lang: str) -> str:
    """A Фортуна card's words, its amounts made unbreakable like every amount the game shows."""
    return _AMOUNT_GROUP.sub(GROUP_SEPARATOR, card_words(rules, card_id, lang))

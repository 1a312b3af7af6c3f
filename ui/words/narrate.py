"""Engine events told in words, for logs, the table's feed and headless play."""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from zemlevlasnyk.engine import Event, Ruleset
from zemlevlasnyk.engine.events import (
    AgencyPurchase,
    AuctionStarted,
    AuctionUnsold,
    AuctionWon,
    Bankrupt,
    BidMade,
    BidPassed,
    Bought,
    BranchMoved,
    BuildingBurnt,
    BuildingSold,
    Built,
    CardDrawn,
    CardKept,
    CardReturned,
    CardTransferred,
    CardUsed,
    CasinoPlayed,
    ChipMoved,
    ChipsBurnt,
    CreditThrown,
    DebtOwed,
    DeckReshuffled,
    DeedReturned,
    DeedsDealt,
    DeedSold,
    DeedTransferred,
    DepositMade,
    DiceRolled,
    Donated,
    DrawAccepted,
    DrawCancelled,
    DrawDeclined,
    DrawOffered,
    EffectEnded,
    EffectStarted,
    EffectThrown,
    Eliminated,
    GameWon,
    InterestPaid,
    Invested,
    JailRollFailed,
    LeftJail,
    Mortgaged,
    Moved,
    Offered,
    OfferedToBuy,
    Paid,
    PaymentCancelled,
    PaymentDue,
    PrivilegeUsed,
    PurchaseDeclined,
    Raided,
    Redeemed,
    RentDiceThrown,
    Resigned,
    SentToJail,
    SpeedDieRolled,
    TimeLimitReached,
    TimeUp,
    TradeAccepted,
    TradeDeclined,
    TradeProposed,
    TurnCapReached,
    TurnStarted,
)
from zemlevlasnyk.ui.words.ruleset import (
    branches,
    card_name,
    card_words,
    cell_name,
    choice_name,
    deck_name,
    figure_name,
    kept_power,
)
from zemlevlasnyk.ui.words.text import GROUP_SEPARATOR, catalogue, form, money

# An amount written in a ruleset's text with plain spaces between its groups ("20 000").
_AMOUNT_GROUP = re.compile(r"(?<=\d) (?=\d{3}(?!\d))")

# Events that say nothing a reader needs: the token's resting place is already in `moved`.
SILENT = frozenset({"came_to_rest"})
# Payments that the next event tells better (a purchase is told by `bought`, and so on).
TOLD_ELSEWHERE = frozenset({"purchase", "auction", "building", "building_sold", "mortgage", "redeem", "deed_sale",
                            "deposit", "donation", "casino_bet", "casino_win", "jackpot", "investment",
                            "realty_surcharge"})
# The speed die's moves, each told its own way (`moved_<by>`).
SPEED_MOVES = frozenset({"bus", "triple", "landlord"})


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
            if e.by == "transfer":
                # A transfer («Ярмарок»): told as one, either way, never as a walk or a card's
                # move back; its fare is a line of its own.
                f["way"] = t["transfer_way"]["back" if e.steps < 0 else "forward"]
                template = "moved_transfer"
            elif e.steps < 0:
                template = "moved_back"
            elif e.by in SPEED_MOVES:
                template = f"moved_{e.by}"
        case SpeedDieRolled():
            f.update(seat=who(e.seat), face=t["speed_faces"][e.face])
            if e.triple:
                template = "speed_die_triple"
        case TimeUp():
            f.update(minutes=e.minutes)
        case Paid():
            f.update(frm=who(e.from_seat), to=who(e.to_seat), amount=money(e.amount), reason=reason(e.reason))
            if e.cell is not None:
                f["cell"] = cell(e.cell)
        case DebtOwed():
            f.update(debtor=who(e.debtor), creditor=who(e.creditor), amount=money(e.amount), reason=reason(e.reason))
        case CardDrawn() | CardKept():
            # The card's words are quoted: they speak to whoever drew it («…платить вам»),
            # not to the reader; quotes inside them become the inner kind («» to „“).
            f.update(seat=who(e.seat), card=card_text(rules, e.card, lang).translate(INNER_QUOTES))
            deck = deck_name(rules, rules.cards[rules.card_index[e.card]].deck, lang)
            if deck and isinstance(e, CardDrawn):
                f["deck"], template = deck, "card_drawn_deck"
            if isinstance(e, CardKept) and kept_power(rules, e.card):
                f["card"], template = card_name(rules, e.card, lang), "card_kept_power"
        case CardReturned():
            if kept_power(rules, e.card):
                deck = deck_name(rules, rules.cards[rules.card_index[e.card]].deck, lang)
                f.update(card=card_name(rules, e.card, lang), deck=deck)
                template = "card_returned_power"
        case CardUsed():
            what = ""
            if e.choice is not None:
                what += t["card_used_choice"].format(choice=choice_name(rules, e.card, e.choice, lang))
            if e.target_seat is not None:
                what += t["card_used_target"].format(target=who(e.target_seat))
            if e.target_cell is not None:
                what += t["card_used_cell"].format(cell=cell(e.target_cell))
            f.update(seat=who(e.seat), card=card_name(rules, e.card, lang), what=what)
        case PaymentDue() | PaymentCancelled():
            f.update(debtor=who(e.debtor), creditor=who(e.creditor), amount=money(e.amount), reason=reason(e.reason))
        case BuildingBurnt():
            f.update(seat=who(e.seat), owner=who(e.owner), cell=cell(e.cell), buildings=e.buildings)
            if e.buildings == rules.max_buildings - 1:
                template = "building_burnt_hotel"
        case EffectStarted():
            f.update(by=who(e.by), target=who(e.target))
            if e.kind != "stare":
                template = f"effect_started_{e.kind}"
        case EffectThrown():
            f.update(by=who(e.by), target=who(e.target), die=e.die)
            if (e.kind, e.missed) != ("stare", True):
                template = f"effect_thrown_{e.kind}_{'missed' if e.missed else 'held'}"
        case EffectEnded():
            if e.why == "done" and e.kind == "stare":
                return None             # its throw said all
            f.update(by=who(e.by), target=who(e.target))
            if e.why == "lap":
                template = "effect_ended_lap"
            elif e.why == "turn":
                template = "effect_ended_turn"     # a liquidation («Ярмарок») lasts its turn
            elif e.kind == "extra_turn" and e.why == "done":
                template = "effect_ended_extra_turn"
        case DeckReshuffled():
            f["cards"] = e.cards
            if e.deck:
                f["deck"], template = deck_name(rules, e.deck, lang), "deck_reshuffled_deck"
        case RentDiceThrown():
            f.update(seat=who(e.seat), d1=e.dice[0], d2=e.dice[1])
        case PurchaseDeclined():
            f.update(seat=who(e.seat), cell=cell(e.cell))
        case TurnCapReached() | TimeLimitReached():
            f["turn"] = e.turn
        case SentToJail():
            f.update(seat=who(e.seat), reason=jail_reason(rules, e.reason, lang))
        case LeftJail():
            f.update(seat=who(e.seat), how=t["jail_how"].get(e.how, e.how).format(fee=money(rules.jail_fee)))
        case JailRollFailed():
            f.update(seat=who(e.seat), tries=e.tries)
        case Built():
            f.update(seat=who(e.seat), cell=cell(e.cell), buildings=e.buildings)
            last = e.buildings == rules.max_buildings
            if branches(rules):
                # «Ярмарок» builds branches, and a central office as the last (seed 004, L134).
                template = "built_office" if last else "built_branch"
            elif last:
                template = "built_hotel"     # the last building is a hotel, not a fifth house
        case BuildingSold():
            f.update(seat=who(e.seat), cell=cell(e.cell), buildings=e.buildings, refund=money(e.refund))
        case TradeProposed():
            # Money is one more thing given, on the side of whoever pays it: «віддає 17 000
            # готівкою, просить «Кожум'яки»», never «нічого не віддає … доплачує 17 000».
            m = e.money
            give = [cells(e.give)] if e.give else []
            take = [cells(e.take)] if e.take else []
            # Kept cards («Ярмарок»'s certificates) go with their side's deeds.
            give += [t["trade_card"].format(card=card_name(rules, c, lang)) for c in e.give_cards or ()]
            take += [t["trade_card"].format(card=card_name(rules, c, lang)) for c in e.take_cards or ()]
            # «17 000 готівкою» / "17,000 in cash": a bare number in a list of deeds and
            # cards reads as one more name («…, картку «Сертифікат 100», 50»).
            (give if m > 0 else take).extend([t["trade_money"].format(amount=money(abs(m)))] if m else [])
            f.update(frm=who(e.from_seat), to=who(e.to_seat), give=", ".join(give), take=", ".join(take))
            # «нічого не віддає», not «віддає нічого»: a side with nothing has its own wording.
            if take and not give:
                template = "trade_proposed_take_only"
            elif give and not take:
                template = "trade_proposed_give_only"
        case TradeAccepted() | TradeDeclined():
            f.update(frm=who(e.from_seat), to=who(e.to_seat))
        case DeedTransferred():
            f.update(cell=cell(e.cell), frm=who(e.from_seat), to=who(e.to_seat),
                     mortgaged=t["still_mortgaged"] if e.mortgaged else "")
        case DeedReturned():
            f.update(cell=cell(e.cell), frm=who(e.from_seat))
        case DeedsDealt():
            f.update(seat=who(e.seat), cells=cells(e.cells))
        case CardTransferred():
            f.update(frm=who(e.from_seat), to=who(e.to_seat))
            if kept_power(rules, e.card):
                f["card"], template = card_name(rules, e.card, lang), "card_transferred_power"
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
        # Seed 004's mechanisms («Ярмарок»).
        case Offered():
            f.update(seat=who(e.seat), offer=t["offer_kinds"].get(e.offer, e.offer))
        case Donated():
            f.update(seat=who(e.seat), amount=money(e.amount), donations=e.donations)
        case PrivilegeUsed():
            f.update(seat=who(e.seat), by=t["privilege_by"][e.by], against=t["privilege_against"][e.against])
        case CreditThrown():
            f.update(seat=who(e.seat), d1=e.dice[0], d2=e.dice[1], owed=money(e.owed))
            if e.lucky:
                template = "credit_lucky"
        case DeedSold():
            f.update(seat=who(e.seat), cell=cell(e.cell), amount=money(e.amount))
        case BranchMoved():
            f.update(seat=who(e.seat), from_=cell(e.from_cell), to=cell(e.to_cell))
        case DepositMade() | InterestPaid():
            f.update(seat=who(e.seat), amount=money(e.amount), balance=money(e.balance))
        case CasinoPlayed():
            f.update(seat=who(e.seat), bet=money(e.bet), pairs=e.pairs, win=money(e.win), jackpot=money(e.jackpot),
                     figures=", ".join(figure_name(rules, x, lang) for x in e.figures))
            if e.jackpot:
                template = "casino_jackpot"
            elif not e.pairs:
                template = "casino_lost"
        case Raided():
            f.update(seat=who(e.seat), victim=who(e.victim), taken=cell(e.taken), given=cell(e.given))
        case AgencyPurchase():
            f.update(seat=who(e.seat), cell=cell(e.cell), price=money(e.price), surcharge=money(e.surcharge))
        case Invested():
            f.update(seat=who(e.seat), cell=cell(e.cell), price=money(e.price), chips=e.chips)
        case ChipMoved():
            f.update(seat=who(e.seat), from_=cell(e.from_cell), to=cell(e.to_cell))
        case ChipsBurnt():
            f["cell"] = cell(e.cell)
    seat = getattr(e, "seat", getattr(e, "by", None))
    gender = genders[seat] if genders is not None and isinstance(seat, int) and seat < len(genders) else None
    count = e.cards if isinstance(e, DeckReshuffled) else None
    line = form(lang, t[template], n=count, gender=gender).format(**f)
    if line.startswith(str(t["bank"])):
        line = line[:1].upper() + line[1:]    # «Банк → Марія: …» begins a sentence too
    return line


def jail_reason(rules: Ruleset, reason: str, lang: str) -> str:
    """Why a player goes to jail, in the preset's own names: its jail and go-to-jail squares
    («До Тюремної вежі» in «Казка»), and a card of whichever deck where there are several
    (the line before names it; «картка Фортуни» only where Фортуна is the one deck)."""
    words = catalogue(lang)["jail_reasons"]
    if reason == "card" and rules.decks:
        return str(words["card_of_a_deck"])
    if reason in ("jail_cell", "go_to_jail_cell"):
        # A board without a go-to-jail square (seed 004's) sends from its jail square.
        sends = next((i for i, c in enumerate(rules.cells) if c.kind == "go_to_jail"), None)
        cell = sends if reason == "go_to_jail_cell" and sends is not None else rules.jail_cell
        key = reason if sends is not None else "jail_cell"
        return str(words[key].format(cell=cell_name(rules, cell, lang)))
    return str(words.get(reason, reason))


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


# Quotes inside a quoted card's words: in Ukrainian «» within «» become „“ (in English the
# cards quote nothing).
INNER_QUOTES = str.maketrans({"«": "„", "»": "“"})


def card_text(rules: Ruleset, card_id: str, lang: str) -> str:
    """A Фортуна card's words, its amounts made unbreakable like every amount the game shows."""
    return _AMOUNT_GROUP.sub(GROUP_SEPARATOR, card_words(rules, card_id, lang))

"""How each thinking level plays (`Style`), and the three temperaments a level can have.

A level is what a bot knows (how it values a position, whether it plans ahead); a temperament
is how it uses that knowledge: a cautious player keeps more money back, bids and builds
later and asks more of a trade; a bold one keeps little back, bids up to its full valuation
and builds at once. `balanced` is the level as tuned against the others (docs/BOTS.md); a
temperament only moves the money it keeps and the margins it wants, never the rules it
keeps (no group for less than it earns, no bid above the list price for a deed that
neither completes nor blocks a group).
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .temperament import Temperament


@dataclass(frozen=True, slots=True)
class Style:
    level: str
    appraiser: str                 # "price" or "income"
    temperament: Temperament = Temperament.BALANCED
    group_bonus: float = 1.0       # price appraiser: a whole group is worth price x (1 + this)
    partial_bonus: float = 0.1
    set_bonus: float = 0.25
    horizon: float = 30.0          # income appraiser: rounds of rent a position earns
    option_weight: float = 0.4
    future_laps: float = 2.0       # income appraiser: laps of start salary counted for houses
    buy_reserve: float = 0.0       # keep this share of starting cash when buying
    classic_buy_reserve: float | None = None  # ... instead, on the classic boards (not «Ярмарок»)
    buy_always: bool = False       # buy whenever the cash is there (less buy_reserve)
    bid_share: float = 0.7         # easy: bid up to this share of the price
    bid_factor: float = 1.0        # bid up to this share of the deed's worth
    build_reserve: float = 0.1     # keep this share of starting cash when building
    build_cash_gate: float = 0.0   # build only while cash is above this share of start cash
    exposure_turns: float = 0.0    # also keep this many turns of expected rent in reserve
    mortgage_to_build: bool = False
    propose: bool = True
    propose_percent: int = 100     # chance per turn to look for an offer
    weight: float = 0.5            # a partner's gain counts this much against mine
    group_sale_weight: float = 0.0  # ... at least this much when they get a group and I don't
    margin_share: float = 0.02     # least gain worth a trade, share of starting cash
    premium: float = 1.5           # offers pay at least this times the face price taken
    split_groups: bool = False     # also buy towards a group two players hold the rest of
    blocks: bool = False           # buy the deeds a rival lacks for a group (trading.propose_block)
    sweeteners: int = 1            # how many of my deeds to try adding to an offer
    swaps: bool = False            # prefer a swap completing a group each (trading.propose)
    sells: bool = False            # sell a partner its group's last deeds for what they earn it
    earnings_buys: bool = False    # ... and buy a group's last deeds so, when rich (heuristic)
    break_stalls: bool = False     # in a stall, offers weigh groups by their earnings (stalls.py)
    face_value_answers: bool = False   # easy: judge offers by face price
    face_accept: float = 1.25      # easy: accept when getting this times what it gives
    face_accept_group: float = 0.9  # easy: ... or this, when the deal completes its group
    jail_stay_when_free_below: int = 0  # stay in jail once fewer unowned deeds than this
    deny_weight: float = 0.0       # bids also count what the deed would give an opponent


EASY = Style(
    # Easy buys every deed that leaves it a fifth of the starting cash: a cushion for rents a
    # careful newcomer keeps, and what lets a beginner who spends all it has outpace it
    # (issue 25, 400 games of medium against three easies with auctions off on Класика:
    # medium won 53 % of them with easy keeping 10 %, 56 % with 20 %).
    # (Measured on the classic boards; on «Ярмарок» easy keeps nothing back, as before.)
    # It looks for a trade on 2 % of its turns: once its swaps of groups were priced so that
    # the partner takes them (trading.propose), at 5 % three easies completed so many groups
    # among themselves that medium won 51-52 % of the quick games against them (800 games
    # each, seed 101; 56.6-57.9 % at 2 %, docs/BOTS.md "swaps the partner takes").
    level="easy", appraiser="price", group_bonus=2.0, buy_always=True, bid_share=0.7,
    classic_buy_reserve=0.2,
    build_reserve=0.3, build_cash_gate=0.5, propose=True, propose_percent=2, weight=0.6,
    premium=1.4, face_value_answers=True, face_accept=1.25, jail_stay_when_free_below=0,
    swaps=True, sells=True, earnings_buys=True,
)
MEDIUM = Style(
    level="medium", appraiser="price", group_bonus=2.0, partial_bonus=0.15, buy_reserve=0.05,
    build_reserve=0.1, exposure_turns=0.0, mortgage_to_build=False, weight=0.5,
    premium=1.5, jail_stay_when_free_below=6, deny_weight=0.5, earnings_buys=True, break_stalls=True,
)
# Hard counts half a lap of salary towards the houses a group can have (docs/BOTS.md, "half a
# lap"): measured against one lap, it wins as often or more on every table, most with the
# speed die (Класика quick 61.2 % -> 65.1 % of 800 games, seed 101).
HARD = Style(
    level="hard", appraiser="income", horizon=60.0, option_weight=0.8, future_laps=0.5,
    buy_reserve=0.0, build_reserve=0.03, exposure_turns=1.0, mortgage_to_build=True, weight=0.6,
    premium=1.3, jail_stay_when_free_below=8, deny_weight=0.5, group_sale_weight=1.0,
    split_groups=True, break_stalls=True, blocks=True,
)
LEVEL_STYLES = {style.level: style for style in (EASY, MEDIUM, HARD)}

# How far a temperament moves a level's money and margins: far enough that a person sees
# the difference within a few rounds (a cautious player sits on about a fifth more cash, a
# bold one bids its whole valuation and builds with little left), near enough that every
# level keeps its place against the others.
CAUTIOUS_RESERVE = 1.6       # times the level's reserves when buying and building
CAUTIOUS_RESERVE_FLOOR = 0.05  # ... and at least this share of the starting cash more
CAUTIOUS_BID = 0.85          # bids up to this share of what the deed is worth
CAUTIOUS_MARGIN = 2.0        # wants this many times the level's least gain from a trade
CAUTIOUS_PROPOSE = 0.5       # looks for an offer on this share of its turns
BOLD_RESERVE = 0.5
BOLD_BID = 1.0
BOLD_MARGIN = 0.5
BOLD_JAIL = 0                # never sits in jail: the bold player wants to be on the board


def styled(level: str, temperament: Temperament = Temperament.BALANCED) -> Style:
    """The level's style with its temperament applied."""
    base = LEVEL_STYLES[level]
    if temperament is Temperament.BALANCED:
        return base
    if temperament is Temperament.CAUTIOUS:
        return dataclasses.replace(
            base, temperament=temperament,
            buy_reserve=base.buy_reserve * CAUTIOUS_RESERVE + CAUTIOUS_RESERVE_FLOOR,
            classic_buy_reserve=(None if base.classic_buy_reserve is None
                                 else base.classic_buy_reserve * CAUTIOUS_RESERVE + CAUTIOUS_RESERVE_FLOOR),
            build_reserve=base.build_reserve * CAUTIOUS_RESERVE + CAUTIOUS_RESERVE_FLOOR,
            bid_factor=base.bid_factor * CAUTIOUS_BID, bid_share=base.bid_share * CAUTIOUS_BID,
            margin_share=base.margin_share * CAUTIOUS_MARGIN,
            propose_percent=max(1, int(base.propose_percent * CAUTIOUS_PROPOSE)),
            mortgage_to_build=False)
    return dataclasses.replace(
        base, temperament=temperament,
        buy_reserve=base.buy_reserve * BOLD_RESERVE, build_reserve=base.build_reserve * BOLD_RESERVE,
        classic_buy_reserve=(None if base.classic_buy_reserve is None
                             else base.classic_buy_reserve * BOLD_RESERVE),
        build_cash_gate=base.build_cash_gate * BOLD_RESERVE, bid_factor=BOLD_BID,
        bid_share=min(1.0, base.bid_share / CAUTIOUS_BID), margin_share=base.margin_share * BOLD_MARGIN,
        mortgage_to_build=True, jail_stay_when_free_below=BOLD_JAIL)

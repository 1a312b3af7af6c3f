"""The kept cards of «Ярмарок» (shared/seeds/004 L103, L135, L137, L138; VARIANTS B3.14): what
each does, when its holder may use it, and what it is worth to a debtor.

- **Абонемент** (`transport_discount`, Нагода): acts while held, never used: the holder pays
  the card's `percent` less for a transport square's rent and for a transfer's fare (L103:
  «знижка діє як на ренту, так і проїзд»), rounded in the payee's favour
  (`holdings.season_ticket`).
- **Подвійний квиток** (`double_transfer`, Нагода): used once before the roll, on a transport
  square reached by a transfer: the limit of L102 is lifted, and a second transfer in a row
  may begin this turn (L103: «єдиний виняток»). The transfer itself is the `Transfer` action.
- **Вигідний продаж** (`full_price_deed_sale`, Новини): used once wherever a deed may be sold
  to the bank, on such a deed: the bank pays its whole price (L137).
- **Ліквідація без втрат** (`full_price_building_sale`, Новини): used once wherever branches
  may be sold, holding one to sell: until the turn ends the holder's branches and offices go
  back to the bank at what they cost (L135). A lasting effect (engine/timed.py ends it).
- **Сертифікат** (`certificate`, Новини): sold to the bank for its `value` at any moment a
  deed may be sold (L138: «продати гарантовано до банку»), or traded (engine/trade_cards.py).

engine/powers.py makes a `Power` of each moment, target list and act below; used, a card
goes back to its deck first (engine/kept.py). They are their holder's property (L138): a
bankrupt's pass to a creditor who is a player. A debtor's means count the certificates and
what the two full-price cards would add (engine/card_means.py), and the clock's settlement
of a debt spends them where they raise what is short (`settling_uses`).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import bank_deeds, branches
from . import holdings as H
from .card_means import LIQUIDATION, best_full_sale, held, liquidating
from .events import EffectStarted
from .phases import PRE_ROLL
from .reasons import CardReason
from .state import BANK, Effect

if TYPE_CHECKING:
    from .chance import ChanceSource
    from .events import Event
    from .operations import GameOps
    from .rules import Card
    from .state import GameState

Target = tuple[int | None, int | None]
Params = dict[str, Any]

# The effects of this module: cards of them are their holder's property (L138).
FAIR_EFFECTS = frozenset({"transport_discount", "double_transfer", "full_price_deed_sale",
                          "full_price_building_sale", "certificate"})

RULE_TEXT: dict[str, str] = {
    "card.transfer_again": "use this card before your roll on a transport square you reached by a transfer",
    "card.deed_sale": "use this card on your own turn or while you raise money, where a deed may be sold",
    "card.building_sale": "use this card where you may sell branches, holding one you may sell",
    "card.liquidating": "your branches already go back at full price this turn",
}


# -- moments ---------------------------------------------------------------------------------

def transfer_again(g: GameState, seat: int) -> str | None:
    if (g.phase is PRE_ROLL and seat == g.active and not g.jailed[seat] and g.transferred[seat]
            and g.rules.cells[g.pos[seat]].kind == "station"):
        return None
    return "card.transfer_again"


def deed_sale(g: GameState, seat: int) -> str | None:
    return None if g.phase in bank_deeds.SALE_PHASES else "card.deed_sale"


def _sellable_buildings(g: GameState, seat: int) -> bool:
    return any(g.owner[c] == seat and g.buildings[c] and H.can_sell(g, seat, c) is None for c in g.rules.properties)


def building_sale(g: GameState, seat: int) -> str | None:
    if not branches.may_sell(g.rules, g.phase) or not _sellable_buildings(g, seat):
        return "card.building_sale"
    return "card.liquidating" if liquidating(g, seat) else None


# -- targets ---------------------------------------------------------------------------------

def sellable_deeds(g: GameState, seat: int, p: Params) -> Sequence[Target]:
    return [(None, c) for c in g.rules.properties if bank_deeds.can_sell_deed(g, seat, c) is None]


# -- what each does --------------------------------------------------------------------------

def transfer_allowed(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
                     ev: list[Event] | None) -> None:
    g.transferred[seat] = False


def sell_at_price(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
                  ev: list[Event] | None) -> None:
    cell = t[1]
    assert cell is not None, "checked: a deed is named"
    bank_deeds.sell(g, seat, cell, ev, amount=g.rules.cells[cell].price)


def liquidate(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
              ev: list[Event] | None) -> None:
    g.effects.append(Effect(LIQUIDATION, seat, seat, card.index))
    if ev is not None:
        ev.append(EffectStarted(LIQUIDATION, seat, seat))


def redeem(g: GameOps, seat: int, t: Target, card: Card, p: Params, chance: ChanceSource | None,
           ev: list[Event] | None) -> None:
    g._pay(BANK, seat, p["value"], CardReason(card.id), ev)


# -- the clock's settlement ------------------------------------------------------------------

def settling_uses(s: GameState, seat: int, stage: str) -> tuple[int, int | None] | None:
    """The card the clock's settlement of a debt spends at `stage` (and its deed), if any:
    "cash" a certificate (worth its face, before anything is sold at a loss); "buildings" the
    liquidation, before branches are sold; "deeds" the full-price sale on the deed it adds
    most to, before deeds are sold."""
    if stage == "cash":
        found = held(s, seat, "certificate")
        return (found[0], None) if found else None
    if stage == "buildings":
        found = held(s, seat, LIQUIDATION)
        return (found[0], None) if found and building_sale(s, seat) is None else None
    found = held(s, seat, "full_price_deed_sale")
    best = best_full_sale(s, seat)
    if not found or best is None or bank_deeds.can_sell_deed(s, seat, best) is not None:
        return None
    return found[0], best

"""The computer players' use of «Ярмарок»'s kept cards (engine/fair_cards.py): when to sell a
certificate, where a full-price sale goes, when the double ticket pays. Every answer is one
of `kept.uses(game, seat)`, the engine's list of legal uses; None leaves the decision to the
level's usual logic. The season ticket acts while held: nothing to decide.

- **Certificate.** It is money the credit square cannot halve (seed 004 L64 takes half the
  cash, never a card), so a bot keeps it until cash is wanted: in a debt; to buy the deed it
  is offered when the cash alone falls short; when its cash is below the level's reserve; in
  the last round before the turn cap (cards count in no score). Easy sells it at once.
- **Good sale.** It never starts a sale: it replaces the sale of a deed the bot's own raising
  of a debt chose (engine/bots/debts.py), on that same deed, for its whole price.
- **Liquidation.** Used in a debt when the raising move is a building sale: every branch sold
  for the rest of the turn brings its cost instead of half.
- **Double ticket.** Used when, with the limit lifted, the bot would choose a transfer over
  its roll (engine/bots/fair.py's `transfer_choice`, asked of a copy of the game).
"""
from __future__ import annotations

from ..actions import Action, SellBuilding, SellDeed, UseCard
from ..game import Game
from ..kept import uses
from . import debts, fair

# The cash, as a share of the starting cash, below which a bot sells its certificate: about
# a transport square's rent twice over, the smallest sum a turn is likely to ask for.
CERTIFICATE_RESERVE_SHARE = 0.05


def _effect(game: Game, a: UseCard) -> str:
    return game.rules.cards[game.rules.card_index[a.card]].effect


def choose(bot: fair.Thinker, game: Game, seat: int, kind: str) -> Action | None:
    """A use of one of «Ярмарок»'s cards for this decision, or None."""
    legal = [a for a in uses(game, seat) if _effect(game, a) in _CHOOSERS]
    for a in legal:
        answer = _CHOOSERS[_effect(game, a)](bot, game, seat, kind, [b for b in legal if b.card == a.card])
        if answer is not None:
            return answer
    return None


def _certificate(bot: fair.Thinker, game: Game, seat: int, kind: str, legal: list[UseCard]) -> Action | None:
    cash = game.cash[seat]
    if bot.style.level == "easy" or kind == "debt":
        return legal[0]
    cap = game.rules.turn_cap
    if cap and game.turn >= cap - game.players:
        return legal[0]
    offered = game.pending_buy
    if kind == "buy" and offered is not None and cash < game.rules.cells[offered].price:
        return legal[0]
    return legal[0] if cash < bot.reserve(game, seat, CERTIFICATE_RESERVE_SHARE) else None


def _raising(game: Game, seat: int, kind: str) -> Action | None:
    """The raising move the bot makes in a debt (None outside one)."""
    if kind != "debt":
        return None
    return debts.raise_cash(game, seat, game.debts[0].amount - game.cash[seat])


def _good_sale(bot: fair.Thinker, game: Game, seat: int, kind: str, legal: list[UseCard]) -> Action | None:
    move = _raising(game, seat, kind)
    if not isinstance(move, SellDeed):
        return None
    return next((a for a in legal if a.target_cell == move.cell), None)


def _liquidation(bot: fair.Thinker, game: Game, seat: int, kind: str, legal: list[UseCard]) -> Action | None:
    return legal[0] if isinstance(_raising(game, seat, kind), SellBuilding) else None


def _double_ticket(bot: fair.Thinker, game: Game, seat: int, kind: str, legal: list[UseCard]) -> Action | None:
    lifted = game.copy()
    lifted.transferred[seat] = False
    return legal[0] if fair.transfer_choice(bot, lifted, seat) is not None else None


_CHOOSERS = {
    "certificate": _certificate,
    "full_price_deed_sale": _good_sale,
    "full_price_building_sale": _liquidation,
    "double_transfer": _double_ticket,
}

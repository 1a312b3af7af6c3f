"""The tests' beginner (`beginner`, the yardstick of easy): buys every deed it can, bids up
to the printed price, builds as soon as it can, leaves jail at once, accepts only a trade
that completes a group of its own and never proposes one."""
from __future__ import annotations

from zemlevlasnyk.engine import (
    AcceptTrade,
    Bid,
    Build,
    Buy,
    DeclineTrade,
    Game,
    PassBid,
    PayJailFee,
    Phase,
    ProposeTrade,
    SendToAuction,
    load_preset,
)
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots.match import play_match

RULES = load_preset("zemlevlasnyk")
ORANGE = (16, 18, 19)


def game_with(players: int = 2, first: int = 0) -> Game:
    return Game.new(RULES, players, first=first)


def test_beginner_buys_every_deed_it_can_pay_for() -> None:
    g = game_with()
    g.phase, g.pending_buy = Phase.BUY, 39
    bot = make_bot("beginner", 0)
    assert bot.choose(g, 0) == Buy(0)
    g.cash[0] = RULES.cells[39].price        # every last coin of it
    assert bot.choose(g, 0) == Buy(0)
    g.cash[0] = RULES.cells[39].price - 1
    assert bot.choose(g, 0) == SendToAuction(0)


def test_beginner_bids_up_to_the_printed_price_and_no_further() -> None:
    g = game_with(2, first=1)
    g.phase, g.pending_buy = Phase.BUY, 39
    g.apply(SendToAuction(1))
    price = RULES.cells[39].price
    bot = make_bot("beginner", 0)
    highest = 0
    # The other seat outbids by one each time: the beginner follows until the price.
    for _ in range(100):
        seat = g.main_seat()
        if g.auction is None:
            break
        if seat == 0:
            action = bot.choose(g, 0)
            if isinstance(action, Bid):
                highest = max(highest, action.amount)
        else:
            lo, hi = g.bid_range(1) or (0, -1)
            action = Bid(1, lo) if lo <= hi else PassBid(1)
        g.apply(action)
    assert highest == price
    assert g.owner[39] == 1


def test_beginner_builds_as_soon_as_it_can() -> None:
    g = game_with()
    for c in ORANGE:
        g.owner[c] = 0
    g.cash[0] = RULES.cells[16].house_cost   # enough for one house, nothing more
    action = make_bot("beginner", 0).choose(g, 0)   # before its roll
    assert isinstance(action, Build) and action.cell in ORANGE


def test_beginner_leaves_jail_at_once() -> None:
    g = game_with()
    g.jailed[0] = True
    g.pos[0] = RULES.jail_cell
    assert make_bot("beginner", 0).choose(g, 0) == PayJailFee(0)


def test_beginner_accepts_only_a_trade_that_completes_its_own_group() -> None:
    g = game_with(2, first=1)
    g.owner[16] = g.owner[18] = 0
    g.owner[19] = 1
    g.owner[5] = 0
    bot = make_bot("beginner", 0)
    # Generous, but completes nothing of its own: declined.
    g.apply(ProposeTrade(1, 0, (), (5,), 100_000))
    assert bot.choose(g, 0) == DeclineTrade(0)
    g.apply(DeclineTrade(0))
    g.proposed_to = []     # (one proposal to a player per turn: as on a later turn)
    # A poor deal that completes its orange group: accepted.
    g.apply(ProposeTrade(1, 0, (19,), (5,), -20_000))
    assert bot.choose(g, 0) == AcceptTrade(0)


def test_beginner_never_proposes_a_trade() -> None:
    proposed = []

    def watch(game: Game, action: object, events: object) -> None:
        if isinstance(action, ProposeTrade) and action.seat == 0:
            proposed.append(action)

    for seed in range(3):
        result = play_match(RULES, ["beginner", "easy", "medium", "hard"], seed, 400, observer=watch)
        assert result.actions > 100
    assert proposed == []

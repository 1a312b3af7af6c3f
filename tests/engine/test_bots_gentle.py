"""Easy, the gentle opponent a beginner learns on (issue 25): it prefers a swap that completes a
group for each side, sells a partner who can well afford it the deeds they lack for a group
at what the group earns them (the least the rule lets a group go for), and accepts a fair
swap; a rich player (easy or medium) buys the deed it lacks at that price, one short of money
does not."""
from __future__ import annotations

from zemlevlasnyk.engine import AcceptTrade, DeclineTrade, EndTurn, Game, Phase, ProposeTrade, load_preset
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots import trading as T
from zemlevlasnyk.engine.bots.earnings import group_earnings
from zemlevlasnyk.engine.bots.heuristic import HeuristicBot

RULES = load_preset("zemlevlasnyk")
ORANGE = (16, 18, 19)
DARK_BLUE = (37, 39)
# Rounds to look for easy's offer in: it looks on about one turn in twenty.
ROUNDS = 120


def first_offer(g: Game, bot: HeuristicBot, rounds: int = ROUNDS) -> ProposeTrade | None:
    """Seat 0's first offer after its roll over `rounds` rounds of a two-player game."""
    for _ in range(rounds):
        g.active, g.phase, g.proposed_to, g.reroll = 0, Phase.POST_ROLL, [], False
        g.turn += g.players
        action = bot.choose(g, 0)
        assert g.is_legal(action)
        if isinstance(action, ProposeTrade):
            return action
        assert isinstance(action, EndTurn)
    return None


def split_groups(cash: tuple[int, int]) -> Game:
    """Seat 0 holds two orange streets and a dark blue one, seat 1 the other of each."""
    g = Game.new(RULES, 2, first=0)
    g.owner[16] = g.owner[18] = g.owner[37] = 0
    g.owner[19] = g.owner[39] = 1
    g.cash = list(cash)
    return g


def test_easy_prefers_a_swap_that_completes_a_group_each() -> None:
    g = split_groups((300_000, 300_000))
    offer = first_offer(g, make_bot("easy", 5))
    assert offer is not None
    owner = T.after(g, T.Deal(0, 1, offer.give, offer.take, -offer.money))[0]
    assert T.completed_groups(g, owner, 0) and T.completed_groups(g, owner, 1)
    g.apply(offer)
    assert make_bot("beginner").choose(g, 1) == AcceptTrade(1)


def test_easy_accepts_a_fair_swap_that_face_prices_would_refuse() -> None:
    """Easy (seat 1, rich) gives 39 (price 38 000) for 19 (19 000) and 5 000: by face a loss,
    but its oranges, which it can build at once, earn it more than the dark blues' price."""
    g = Game.new(RULES, 2, first=0)
    g.owner[19] = g.owner[37] = 0
    g.owner[16] = g.owner[18] = g.owner[39] = 1
    g.cash = [10_000, 400_000]
    g.active, g.phase = 0, Phase.POST_ROLL
    g.apply(ProposeTrade(0, 1, (19,), (39,), 5_000))
    deal = T.deal_from_trade(g.trade, 1, g)
    assert not T.sells_group_cheaply(g, deal)
    assert T.face_gain(g, deal) < 0
    assert make_bot("easy", 3).choose(g, 1) == AcceptTrade(1)


def orange_seller(buyer_cash: int) -> Game:
    """Seat 0 (easy) holds the third orange street, seat 1 the other two."""
    g = Game.new(RULES, 2, first=0)
    g.owner[19] = 0
    g.owner[16] = g.owner[18] = 1
    g.cash = [100_000, buyer_cash]
    return g


def test_sale_price_is_the_least_the_rule_lets_a_group_go_for() -> None:
    g = orange_seller(600_000)
    deal = T.Deal(0, 1, (19,), (), 0)
    price = T.sale_price(g, deal)

    def short(money: int) -> float:
        sale = T.Deal(0, 1, (19,), (), money)
        return T.earnings_shortfall(g, sale, *T.after(g, sale))

    assert short(price) == 0 < short(price - 1)
    assert price >= group_earnings(g, 1, [ORANGE], [g.cash[0] + price, g.cash[1] - price])


def test_easy_sells_a_rich_partner_the_deeds_it_lacks_for_what_the_group_earns() -> None:
    g = orange_seller(600_000)
    offer = first_offer(g, make_bot("easy", 5))
    assert offer is not None and (offer.give, offer.take) == ((19,), ())
    price = T.sale_price(g, T.Deal(0, 1, (19,), (), 0))
    assert offer.money == -price
    g.apply(offer)
    for level in ("easy", "medium", "beginner"):
        assert make_bot(level, 2).choose(g, 1) == AcceptTrade(1), level


def test_easy_offers_no_sale_to_a_partner_it_would_cost_most_of_their_cash() -> None:
    price = T.sale_price(orange_seller(600_000), T.Deal(0, 1, (19,), (), 0))
    g = orange_seller(price * T.EARNINGS_BUY_SHARE - 1)
    offer = first_offer(g, make_bot("easy", 5))
    assert offer is None or offer.take     # at most an offer to buy the partner's oranges


def test_easy_short_of_money_does_not_buy_the_deed_it_lacks_at_what_the_group_earns() -> None:
    """The same sale, to a buyer for whom it is more than a third of its cash: refused."""
    g = orange_seller(600_000)
    price = T.sale_price(g, T.Deal(0, 1, (19,), (), 0))
    g.cash[1] = price * T.EARNINGS_BUY_SHARE - 1
    g.active, g.phase = 0, Phase.POST_ROLL
    g.apply(ProposeTrade(0, 1, (19,), (), -price))
    assert make_bot("easy", 2).choose(g, 1) == DeclineTrade(1)

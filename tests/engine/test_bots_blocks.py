"""Hard keeps a rival's group from being traded whole (`trading.propose_block`): when one
player holds all of a colour group but the deeds another player holds, and hard holds none
of it, hard offers to buy those deeds, priced at the least a typical player takes for them
and never above `BLOCK_MOST` times their price; the offer says why («…, щоб ніхто інший не
зібрав Помаранчеву групу»), rests once refused, and is not made again for a token raise."""
from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers.engine import offers_made

from zemlevlasnyk.engine import AcceptTrade, DeclineTrade, Game, Phase, ProposeTrade, load_preset
from zemlevlasnyk.engine.bots import make_bot
from zemlevlasnyk.engine.bots import trading as T
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.engine.bots.memory import REST_ROUNDS, TOKEN_RAISE_SHARE
from zemlevlasnyk.engine.bots.reasons import OfferReason, ReasonKind, explain_offer
from zemlevlasnyk.engine.bots.trading import BLOCK_MOST
from zemlevlasnyk.engine.state import BANK
from zemlevlasnyk.ui.words.offers import offer_reason

RULES = load_preset("zemlevlasnyk")
ORANGE = (16, 18, 19)


def rival_two_oranges(cash: int = 400_000) -> Game:
    """Seat 1 holds two oranges (16, 18), seat 2 the third (19); seat 0, to move, none."""
    g = Game.new(RULES, 3, first=0)
    g.owner[16] = g.owner[18] = 1
    g.owner[19] = 2
    g.cash = [cash, 150_000, 150_000]
    return g


def offers_of(g: Game, level: str, rounds: int, answer: type = DeclineTrade,
              between: Callable[[Game, int], None] | None = None) -> list[ProposeTrade]:
    """Seat 0's offers on `rounds` consecutive rounds, every offer answered with `answer`."""
    return offers_made(g, make_bot(level, 6), rounds, answer=answer, between=between)


def test_bots_hard_buys_the_deed_a_rival_lacks_for_a_group() -> None:
    g = rival_two_oranges()
    [offer] = offers_of(g, "hard", 1, AcceptTrade)
    price = RULES.cells[19].price
    assert (offer.to, offer.give, offer.take) == (2, (), (19,))
    assert price < offer.money <= price * BLOCK_MOST
    assert g.owner[19] == 0, "the partner took it"


def test_bots_a_medium_partner_accepts_the_block_hard_offers() -> None:
    g = rival_two_oranges()
    bot = make_bot("hard", 6)
    g.phase = Phase.POST_ROLL
    offer = bot.choose(g, 0)
    assert isinstance(offer, ProposeTrade) and offer.take == (19,)
    g.apply(offer)
    assert isinstance(make_bot("medium", 1).choose(g, 2), AcceptTrade)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_bots_only_hard_buys_to_block(level: str) -> None:
    assert not [o for o in offers_of(rival_two_oranges(), level, 6) if o.take == (19,)]


def test_bots_block_offer_says_why_in_both_languages() -> None:
    g = rival_two_oranges()
    offer = ProposeTrade(0, 2, (), (19,), 30_000)
    assert explain_offer(g, offer) == OfferReason(ReasonKind.BLOCK, (19,), "orange")
    uk, en = offer_reason(g, offer, "uk"), offer_reason(g, offer, "en")
    assert uk.startswith("Хочу мати «") and uk.endswith(", щоб ніхто інший не зібрав Помаранчеву групу."), uk
    assert en.startswith("I want ") and en.endswith(" so that nobody else completes the Orange group."), en


def block(g: Game) -> ProposeTrade | None:
    """What `propose_block` offers seat 0 now (a medium player's view of the partner)."""
    bot = make_bot("hard", 6)
    return T.propose_block(g, 0, T.trade_partners(g, 0), bot.partner_model(g), partner_weight=0.5,
                           margin=RULES.start_cash * 0.02, premium=1.3, cash_floor=0, resting=frozenset(),
                           refused=())


def test_bots_no_block_when_hard_holds_a_deed_of_the_group_or_the_bank_does() -> None:
    g = rival_two_oranges()
    g.phase = Phase.POST_ROLL
    assert block(g) == ProposeTrade(0, 2, (), (19,), block(g).money)   # type: ignore[union-attr]
    g.owner[18] = 0           # an orange of hard's own: a step towards its group, not a block
    assert block(g) is None
    g.owner[18] = BANK        # one still unowned: nothing to trade whole yet
    assert block(g) is None
    g.owner[18] = 2           # now seat 2 is the rival, and seat 1 holds what it lacks
    assert block(g) == ProposeTrade(0, 1, (), (16,), block(g).money)   # type: ignore[union-attr]
    g.owner[18], g.buildings[16] = 1, 0
    g.owner[19] = 1           # the rival's whole: nothing to block
    assert block(g) is None


def test_bots_no_block_without_the_money_to_spare() -> None:
    g = rival_two_oranges(cash=RULES.cells[19].price)
    assert not [o for o in offers_of(g, "hard", 1) if o.take == (19,)]


def test_bots_a_refused_block_rests_and_is_never_raised_by_a_token() -> None:
    def restless(g: Game, n: int) -> None:
        g.cash[2] += RULES.start_cash     # a large change every round: the position moves

    offers = [o for o in offers_of(rival_two_oranges(), "hard", 4 * REST_ROUNDS, DeclineTrade, restless)
              if o.take == (19,)]
    assert 1 <= len(offers) <= 4
    for a, b in zip(offers, offers[1:], strict=False):
        size = abs(a.money) + RULES.cells[19].price
        assert not 0 < b.money - a.money < size * TOKEN_RAISE_SHARE, (a, b)


@pytest.mark.parametrize("share", [1.3, BLOCK_MOST, 1.61, 2.0])
def test_bots_a_hard_holder_keeps_a_block_another_player_would_buy_to_keep(share: float) -> None:
    """Seat 2 holds the orange that keeps seat 1 from the group; seat 0 asks for it for money
    alone, as a blocker does. At what a blocker pays (up to `BLOCK_MOST` times the price) a
    hard holder keeps it, for it would only go round the table; for more, or to a medium,
    it goes. (Four hards passed one deed between them up to 215 times in a game.)"""
    g = rival_two_oranges()
    g.phase = Phase.POST_ROLL
    money = int(RULES.cells[19].price * share)
    deal = T.Deal(2, 0, (19,), (), money)
    assert T.hands_over_a_block(g, deal)
    g.apply(ProposeTrade(0, 2, (), (19,), money))
    kept = share <= BLOCK_MOST
    assert isinstance(make_bot("hard", 3).choose(g, 2), DeclineTrade if kept else AcceptTrade)
    assert isinstance(make_bot("medium", 3).choose(g, 2), AcceptTrade)


def test_bots_a_block_is_only_a_deed_that_keeps_a_rival_from_a_group() -> None:
    g = rival_two_oranges()
    assert T.hands_over_a_block(g, T.Deal(2, 0, (19,), (), 30_000))
    assert not T.hands_over_a_block(g, T.Deal(2, 1, (19,), (), 30_000)), "to the rival: it completes the group"
    assert not T.hands_over_a_block(g, T.Deal(1, 0, (16,), (), 30_000)), "the rival's own deed"
    assert not T.hands_over_a_block(g, T.Deal(2, 0, (19,), (6,), 0)), "a swap, not money alone"
    g.owner[18] = 2
    assert not T.hands_over_a_block(g, T.Deal(2, 0, (19,), (), 30_000)), "the holder has the more of it"


@pytest.mark.parametrize("preset", ["klasyka", "zemlevlasnyk"])
def test_bots_four_hards_do_not_pass_a_deed_round_the_table(preset: str) -> None:
    """Whole games of four hards: no deed changes hands by trade more than three times (before,
    98 of 100 games on Класика had a deed go round the blockers three times or more)."""
    rules = load_preset(preset)
    most = 0
    for seed in range(6):
        moved: dict[int, int] = {}
        proposed: list[ProposeTrade] = []

        def watch(game: Game, action: object, events: object,
                  moved: dict[int, int] = moved, proposed: list[ProposeTrade] = proposed) -> None:
            if isinstance(action, ProposeTrade):
                proposed.append(action)
            elif isinstance(action, AcceptTrade):
                for c in proposed[-1].give + proposed[-1].take:
                    moved[c] = moved.get(c, 0) + 1
        play_match(rules, ["hard"] * 4, seed, 1000, observer=watch)
        most = max(most, *moved.values(), 0)
    assert most <= 3

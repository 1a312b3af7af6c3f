"""Every offer says why its proposer wants it (issue 25): `explain_offer` reads the public
state and the offer, and every offer a bot makes in whole games is about a group."""
from __future__ import annotations

from collections import Counter

import pytest

from zemlevlasnyk.engine import Game, ProposeTrade, load_preset, load_rules
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.engine.bots.reasons import STATIONS, OfferReason, ReasonKind, explain_offer

RULES = load_preset("zemlevlasnyk")


def board() -> Game:
    """Seat 0: two browns' worth (1), two oranges (16, 18), a station (5); seat 1: the other
    brown (3), the last orange (19), two dark blues (37, 39 less one) and a station (15)."""
    g = Game.new(RULES, 2, first=0)
    for c in (1, 16, 18, 5, 37):
        g.owner[c] = 0
    for c in (3, 19, 39, 15, 21):
        g.owner[c] = 1
    return g


@pytest.mark.parametrize(("offer", "reason"), [
    (ProposeTrade(0, 1, (), (19,), 60_000), OfferReason(ReasonKind.COMPLETE, (19,), "orange")),
    (ProposeTrade(0, 1, (37,), (19,), 0), OfferReason(ReasonKind.SWAP, (19,), "orange", (37,), "dark_blue")),
    (ProposeTrade(0, 1, (37,), (), -80_000), OfferReason(ReasonKind.YOURS, (37,), "dark_blue")),
    (ProposeTrade(0, 1, (), (15,), 20_000), OfferReason(ReasonKind.SET, (15,), STATIONS)),
    (ProposeTrade(0, 1, (5,), (), -20_000), OfferReason(ReasonKind.CASH, (5,))),
    (ProposeTrade(0, 1, (), (21,), 20_000), OfferReason(ReasonKind.OTHER, (21,))),
])
def test_explain_offer_names_the_group_the_offer_is_about(offer: ProposeTrade, reason: OfferReason) -> None:
    g = board()
    assert explain_offer(g, offer) == reason
    g.apply(offer)          # the same reason once the offer waits for its answer
    assert g.trade is not None and explain_offer(g, g.trade) == reason


def test_explain_offer_of_a_step_towards_a_group() -> None:
    g = board()
    g.owner[19] = 1
    g.owner[18] = 1         # seat 1 now holds two oranges, seat 0 one
    assert explain_offer(g, ProposeTrade(0, 1, (), (18,), 30_000)) == OfferReason(
        ReasonKind.CLOSER, (18,), "orange")


@pytest.mark.parametrize("preset", ["zemlevlasnyk", "klasyka"])
def test_every_offer_a_bot_makes_is_about_a_group(preset: str) -> None:
    rules = load_rules(preset)
    kinds: Counter[ReasonKind] = Counter()

    def watch(game: Game, action: object, events: object) -> None:
        if isinstance(action, ProposeTrade):
            assert game.trade is not None
            kinds[explain_offer(game, game.trade).kind] += 1

    for seed in range(4):
        play_match(rules, ["hard", "medium", "easy", "medium"], seed, 400, observer=watch)
    assert kinds[ReasonKind.COMPLETE] > 0
    # YOURS: easy's sale of the deeds a partner lacks for a group of theirs.
    # BLOCK: hard buys the deeds a third player lacks for a group.
    assert set(kinds) <= {ReasonKind.COMPLETE, ReasonKind.SWAP, ReasonKind.CLOSER, ReasonKind.YOURS,
                          ReasonKind.BLOCK}, kinds

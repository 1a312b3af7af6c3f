"""An auction's next state (a pass, a bid) is built field by field for speed: it must carry
every field it does not change, including any field added to `Auction` later."""
from __future__ import annotations

import dataclasses
from typing import Any

from zemlevlasnyk.engine.state import Auction


def _auction_with_marked_fields() -> tuple[Auction, dict[str, Any]]:
    """An auction whose every field beyond the bidding ones holds a marker object (of no
    field's type: only identity is checked)."""
    bidding: dict[str, Any] = {"cell": 3, "bidders": (2, 0, 1), "turn": 1, "high": 40, "high_bidder": 2}
    marks: dict[str, Any] = {f.name: object() for f in dataclasses.fields(Auction) if f.name not in bidding}
    return Auction(**bidding, **marks), marks


def test_auction_pass_takes_the_bidder_out_and_keeps_every_other_field() -> None:
    auction, marks = _auction_with_marked_fields()
    after = auction.passed()
    assert (after.bidders, after.turn, after.high, after.high_bidder, after.cell) == ((2, 1), 1, 40, 2, 3)
    assert all(getattr(after, name) is mark for name, mark in marks.items())
    assert Auction(3, (2, 0, 1), turn=2).passed().turn == 0


def test_auction_bid_passes_the_turn_on_and_keeps_every_other_field() -> None:
    auction, marks = _auction_with_marked_fields()
    after = auction.outbid(0, 55)
    assert (after.bidders, after.turn, after.high, after.high_bidder, after.cell) == ((2, 0, 1), 2, 55, 0, 3)
    assert all(getattr(after, name) is mark for name, mark in marks.items())
    assert after.outbid(1, 60).turn == 0

"""The table's event feed, by real pygame events: an auction's bids are one line that each
bid rewrites in place (a bidding war between computer players used to fill the feed with a
line per bid), between the auction's start and its result; the line is told again in a
language switched live and fits the feed at every window size."""
from __future__ import annotations

import pygame
import pytest
import trio
from helpers.ui import Driver, cut_short, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Action, Event, Game, PassBid
from zemlevlasnyk.engine.events import AuctionStarted, AuctionWon, BidMade, BidPassed, TurnStarted
from zemlevlasnyk.ui.kit.text_audit import auditing
from zemlevlasnyk.ui.scenes.settings import SettingsScene
from zemlevlasnyk.ui.scenes.table.feed import Entry, FeedPanel
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.shots.render import stand_in, warm_table
from zemlevlasnyk.ui.words.narrate import AuctionBids, narrate, narrate_bids
from zemlevlasnyk.ui.words.ruleset import cell_name
from zemlevlasnyk.ui.words.text import money

# Seed 1 at the medium level: at turn 56 a computer player sends a deed to auction, and the
# computer players outbid each other (the person passes).
SEED, LEVEL = 1, "medium"
# Fewer bids than this would not show that a bidding war is folded.
MANY_BIDS = 10
# Frames the auction is given to run its course (the computer players bid 0.35 s apart).
AUCTION_FRAMES = 400
SIZES = ((800, 500), (1024, 640), (1280, 720), (1920, 1080))
OTHER = {"uk": "en", "en": "uk"}


def _passer(game: Game, seat: int) -> Action:
    """The person during the warm-up: passes in auctions, else the screenshots' stand-in."""
    if game.legal(seat).bid is not None:
        return PassBid(seat)
    return stand_in(game, seat)


def _auction_opened(table: LocalTable) -> bool:
    return table.game.auction is not None


def _since_auction(scene: TableScene) -> list[Entry]:
    """The feed's entries from the latest auction's start on."""
    told = [item for item, _ in scene.feed.entries]
    return told[max(n for n, e in enumerate(told) if isinstance(e, AuctionStarted)):]


def _bids_lines(scene: TableScene) -> list[tuple[int, AuctionBids]]:
    return [(n, item) for n, (item, _) in enumerate(scene.feed.entries) if isinstance(item, AuctionBids)]


@pytest.mark.parametrize("lang", ["uk", "en"])
async def test_ui_feed_folds_an_auctions_bids_into_one_line(lang: str, autojump_clock) -> None:
    surface = init_pygame()
    table = warm_table(seed=SEED, lang=lang, until=_auction_opened, level=LEVEL, person=_passer)
    auction = table.game.auction
    assert auction is not None and auction.high_bidder is None and table.me in auction.bidders
    cell = auction.cell
    async with trio.open_nursery() as nursery:
        app = App(surface.get_size(), settings=Settings(lang=lang), spawn=nursery.start_soon, save=lambda s: None)
        drive = Driver(app, surface)
        scene = TableScene(app, table)
        app.push(scene)
        nursery.start_soon(table.run)
        counts: list[int] = []
        lengths: list[int] = []
        for _ in range(AUCTION_FRAMES):
            await drive.frames()
            pass_button = next((b for b in scene.moves if b.enabled and b.intent == PassBid(table.me)), None)
            if pass_button is not None:
                drive.click_button(pass_button)
            lines = _bids_lines(scene)
            if lines:
                counts.append(lines[-1][1].bids)
                lengths.append(len(scene.feed.entries))
            if any(isinstance(e, AuctionWon) and e.cell == cell for e in _since_auction(scene)):
                break
        else:
            raise AssertionError("the auction never ended")
        entries = _since_auction(scene)
        assert isinstance(entries[0], AuctionStarted) and entries[0].cell == cell
        won = next(e for e in entries if isinstance(e, AuctionWon))
        # One line for all the bids, after the start (and the passes of those who did not bid
        # at all), rewritten as bids came: the count grew while the feed did not grow with it.
        lines = _bids_lines(scene)
        first = next(n for n, e in enumerate(entries) if isinstance(e, AuctionBids))
        assert len(lines) == 1 and all(isinstance(e, BidPassed) for e in entries[1:first])
        bids = lines[0][1]
        assert bids.bids >= MANY_BIDS and counts == sorted(counts) and counts[-1] == bids.bids
        assert len(set(counts)) > 1 and len(set(lengths)) < len(set(counts))
        assert not any(isinstance(e, BidMade) for e in entries), "no line of its own for a bid"
        # The line's last bid is the one that won; the passes and the result keep their lines.
        assert (bids.cell, bids.seat, bids.amount) == (cell, won.seat, won.amount)
        passes = [n for n, e in enumerate(entries) if isinstance(e, BidPassed)]
        assert len(passes) == len(auction.bidders) - 1, "everybody but the winner passed"
        assert max(passes) < entries.index(won)
        texts = scene.feed_texts()
        line = narrate_bids(table.game.rules, bids, lang, scene.names)
        assert line in texts and money(bids.amount) in line and str(bids.bids) in line
        assert scene.names[bids.seat] in line and cell_name(table.game.rules, cell, lang) in line
        assert narrate(table.game.rules, AuctionStarted(cell, auction.bidders), lang, scene.names) in texts
        assert narrate(table.game.rules, won, lang, scene.names, scene.genders) in texts

        # The language switched live (the settings dialog, by clicks): the line is told again.
        drive.click_button(scene.settings_button)
        await drive.frames()
        dialog = app.top
        assert isinstance(dialog, SettingsScene)
        drive.click_button(next(b for b in dialog.languages if b.intent == ("lang", OTHER[lang])))
        await drive.frames()
        drive.click_button(dialog.done)
        await drive.frames()
        assert app.top is scene and app.lang == OTHER[lang]
        again = narrate_bids(table.game.rules, bids, OTHER[lang], scene.names)
        assert again != line and again in scene.feed_texts() and line not in scene.feed_texts()
        nursery.cancel_scope.cancel()

    # Every size: the feed's lines stay in their boxes, whole, the folded line among them.
    for size in SIZES:
        app.resize(size)
        scene.feed.scroll = 0
        with auditing() as audit:
            app.draw(pygame.Surface(size))
        feed = [t for t in audit.texts if scene.feed.rect.colliderect(t.rect)]
        assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], size
        assert cut_short(audit.texts, app.lang) == [], size
        first_words = again.split(" ")[0]
        assert any(t.text.startswith(first_words) for t in feed), size


def test_ui_feed_folds_each_auction_apart_and_keeps_a_bid_without_its_start() -> None:
    """Two auctions get a line each; a bid told without its auction's start (a window opened
    mid-auction on a partial history) keeps a line of its own; whatever else comes between
    bids stays in its place."""
    from zemlevlasnyk.engine import load_preset
    init_pygame()
    rules = load_preset()
    names = ["Марія", "Богдан", "Олена"]

    def word(item: Entry) -> str | None:
        if isinstance(item, AuctionBids):
            return narrate_bids(rules, item, "uk", names)
        assert isinstance(item, Event)
        return narrate(rules, item, "uk", names)

    feed = FeedPanel(word)
    feed.layout(pygame.Rect(0, 0, 300, 400), feed.sizes)
    feed.add(BidMade(1, 1000), 1)
    feed.add(AuctionStarted(3, (0, 1, 2)), None)
    feed.add(BidMade(1, 1450), 1)
    feed.add(BidPassed(0), 0)
    feed.add(BidMade(2, 2900), 2)
    feed.add(AuctionWon(2, 3, 2900), 2)
    feed.add(TurnStarted(1, 7), 1)
    feed.add(AuctionStarted(6, (1, 2)), None)
    feed.add(BidMade(2, 500), 2)
    assert feed.texts() == [
        "Богдан ставить 1\u00a0000",
        "Аукціон: «Кожум'яки»",
        "Аукціон за «Кожум'яки»: 2 ставки, веде Олена\u00a0— 2\u00a0900",
        "Марія пасує",
        "Олена виграє аукціон: «Кожум'яки» за 2\u00a0900",
        "— Хід 7: Богдан —",
        f"Аукціон: «{cell_name(rules, 6, 'uk')}»",
        f"Аукціон за «{cell_name(rules, 6, 'uk')}»: 1 ставка, веде Олена\u00a0— 500",
    ]
    assert [seat for _, seat in feed.entries][2] == 2, "the line's colour is the leading bidder's"


@pytest.mark.parametrize("n,uk,en", [(1, "1 ставка", "1 bid,"), (3, "3 ставки", "3 bids"), (5, "5 ставок", "5 bids"),
                                     (21, "21 ставка", "21 bids"), (24, "24 ставки", "24 bids")])
def test_ui_feed_auction_line_counts_bids_in_each_languages_forms(n: int, uk: str, en: str) -> None:
    from zemlevlasnyk.engine import load_preset
    rules = load_preset()
    run = AuctionBids(3, n, 1, 14_500)
    assert narrate_bids(rules, run, "uk", ["Марія", "Олена"]) == \
        f"Аукціон за «Кожум'яки»: {uk}, веде Олена\u00a0— 14\u00a0500"
    assert narrate_bids(rules, run, "en", ["Maria", "Olena"]).startswith(f"Auction for Tanners' Row: {en}")

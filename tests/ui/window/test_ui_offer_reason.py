"""The offer dialog says in one line why the computer player wants the trade (issue 25), in
the window's language, whole inside the dialog at every size, for the longest reason too."""
from __future__ import annotations

import pygame
import pytest
from helpers.ui import cut_short, init_pygame  # noqa: I001  (sets SDL drivers first)

from zemlevlasnyk.engine import Game
from zemlevlasnyk.engine.bots.reasons import ReasonKind, explain_offer
from zemlevlasnyk.engine.state import TradeOffer
from zemlevlasnyk.ui.kit.text_audit import auditing
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.words.offers import offer_reason
from zemlevlasnyk.ui.words.text import LANGUAGES

SIZES = ((800, 500), (1024, 640), (1280, 720), (1920, 1080))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_offer_dialog_shows_the_reason(lang: str) -> None:
    app, game = _offer_shown(lang)
    assert game.trade is not None
    # The longest reason a bot gives: a swap of two groups, each with its longest names.
    rules = game.rules
    by, to = game.trade.from_seat, game.trade.to_seat
    mine, theirs = sorted(rules.group_cells.values(), key=len)[-2:]
    for c in mine:
        game.owner[c] = by if c != mine[0] else to
    for c in theirs:
        game.owner[c] = to if c != theirs[0] else by
    for c in (*mine, *theirs):
        game.buildings[c] = 0
        game.mortgaged[c] = False
    plain = game.trade
    for trade in (plain, TradeOffer(by, to, (theirs[0],), (mine[0],), 0)):
        _shown_whole(app, game, trade, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ui_offer_dialog_shows_why_a_bot_buys_to_block_a_rivals_group(lang: str) -> None:
    """Hard's purchase of the deed a third player lacks for a group (engine.bots.trading.propose_block)."""
    app, game = _offer_shown(lang)
    assert game.trade is not None and game.players >= 3
    rules = game.rules
    by, to = game.trade.from_seat, game.trade.to_seat
    rival = next(s for s in range(game.players) if s not in (by, to))
    group = sorted(rules.group_cells.values(), key=len)[-1]
    for c in group:
        game.owner[c] = rival if c != group[-1] else to
        game.buildings[c] = 0
        game.mortgaged[c] = False
    trade = TradeOffer(by, to, (), (group[-1],), 30_000)
    assert explain_offer(game, trade).kind is ReasonKind.BLOCK
    _shown_whole(app, game, trade, lang)


def _offer_shown(lang: str) -> tuple[App, Game]:
    """The window at the smallest size with a computer player's offer open, and its game."""
    from zemlevlasnyk.ui.shots.render import build_scene
    init_pygame()
    app = App(SIZES[0], lang=lang, spawn=lambda fn: None)
    build_scene(app, "offer", seed=1)
    return app, app.scenes[0].game


def _shown_whole(app: App, game: Game, trade: TradeOffer, lang: str) -> None:
    """`trade` open in the offer dialog: its reason drawn whole at every size, every text in
    its box, none on another or cut short."""
    game.trade = trade
    reason = offer_reason(game, trade, lang)
    for size in SIZES:
        app.resize(size)
        with auditing() as audit:
            app.draw(pygame.Surface(size))
        shown = " ".join(t.text for t in audit.visible())
        assert all(word in shown for word in reason.split()), (size, reason)
        assert [(t.text, t.rect, t.box) for t in audit.outside_box()] == [], size
        assert [(a.text, b.text) for a, b in audit.overlapping()] == [], size
        assert cut_short(audit.texts, lang) == [], size

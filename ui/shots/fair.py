"""«Ярмарок» (issue 22) at the table, for screenshots: a game warmed up by the computer
players and the person's stand-in (with every add-on plate on the board), then stood at
one of the preset's own moments: the bank's deposit, the casino's bet, the transfer dialog,
a street's deed card with its branches and office, the person's kept cards (their badges on
the panel, the use buttons), the good sale's dialog of deeds, a certificate used (its card
shown), a trade proposing a certificate, or just the board in mid game."""
from __future__ import annotations

from collections.abc import Callable

from zemlevlasnyk.engine import Game, Roll, Scripted, Transfer, UseCard, load_rules
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.scenes.table.cards import Picker
from zemlevlasnyk.ui.scenes.table.pick import OpenChoices
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.scenes.trade import TradeScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.shell.app import App

FAIR_SCENES = ("fair", "fair_deposit", "fair_casino", "fair_transfer", "fair_deed", "fair_cards", "fair_sale",
               "fair_card_used", "fair_trade", "fair_trade_check")
# The kept cards put in the person's hand for the card scenes (engine/fair_cards.py): one that
# acts while held, one sold at once, one that names a deed.
HELD_CARDS = ("opportunity_season_ticket", "news_certificate", "news_good_sale")
# A used card's moment is pictured once it has been up this long (as ui/shots/kazka.py's).
CARD_AGE = 0.5
# The game's rules: every add-on plate (raids, investments, the agency) on the board.
OPTIONS = {"plates": "aggressive"}
# Turns played before the moment is set up: deeds bought, branches built, money moved.
WARM_TURNS = 30
# The squares the moments stand on (engine/rulesets/yarmarok.json): the bank, the casino,
# the taxi (a transport square, where a transfer may begin).
BANK_SQUARE, CASINO, TAXI = 24, 36, 2
# Seconds a step and the steps at most to let the window finish showing the warm-up.
SETTLE_STEP, SETTLE_STEPS = 0.25, 400


def build(app: App, name: str, seed: int,
          warm: Callable[..., LocalTable]) -> Scene:
    """Push the table standing at `name`'s moment onto `app`; the scene. `warm` plays a table
    (ui.shots.render.warm_table) until its `until` holds."""
    table = warm(seed=seed, lang=app.lang, rules=load_rules("yarmarok", OPTIONS),
                 until=lambda t: t.game.turn >= WARM_TURNS and not t.computer_to_move()
                 and [d.kind for d in t.game.pending()][:1] == ["turn"] and not t.game.jailed[t.me])
    game = table.game
    me = table.me
    if name in ("fair_deposit", "fair_casino"):
        _land(game, me, BANK_SQUARE if name == "fair_deposit" else CASINO)
    elif name == "fair_transfer":
        game.pos[me] = TAXI
    elif name in ("fair_cards", "fair_sale", "fair_card_used", "fair_trade", "fair_trade_check"):
        _hand(game, me, HELD_CARDS)
    scene = TableScene(app, table)
    app.push(scene)
    # What the window still shows of the warm-up (the turn's opening) is over before the picture.
    for _ in range(SETTLE_STEPS):
        if not scene.busy:
            break
        scene.update(SETTLE_STEP)
    scene.seen = table.records
    scene.refresh()
    if name == "fair_transfer" and any(isinstance(a, Transfer) for a in game.legal(me).actions):
        scene._intent(OpenChoices("transfer"))
    elif name == "fair_deed":
        built = sorted((c for c in game.rules.properties if game.owner[c] == me), key=lambda c: -game.buildings[c])
        scene._select(built[0] if built else game.rules.properties[0])
    elif name == "fair_sale":
        scene.picker = Picker(game, me, "news_good_sale", scene.names, scene.t, app.lang)
        scene.board_key = None
    elif name == "fair_card_used":
        use = UseCard(me, "news_certificate")
        if game.is_legal(use):
            table.act(use)
        for _ in range(SETTLE_STEPS):
            scene.update(SETTLE_STEP / 10)
            if scene.card is not None and scene.card.age >= CARD_AGE:
                break
    scene._place()
    if name in ("fair_trade", "fair_trade_check"):
        return _trade(app, scene, checking=name == "fair_trade_check")
    return scene


def _trade(app: App, scene: TableScene, *, checking: bool) -> Scene:
    """The trade dialog over the table: the person's certificate and a deed of the first
    partner's for some money, chosen (and, `checking`, its summary)."""
    dialog = TradeScene(app, scene)
    app.push(dialog)
    partner = next((b for b in dialog.partner_buttons if b.enabled), None)
    if partner is not None:
        dialog._choose_partner(partner.intent)
        dialog.give_cards.add("news_certificate")
        deed = next((b.intent for b in dialog.theirs if b.enabled and isinstance(b.intent, int)), None)
        if deed is not None:
            dialog.take.add(deed)
        dialog.money.value = 100
        dialog._refresh()
        dialog.checking = checking and dialog.next.enabled
    return dialog


def _hand(game: Game, seat: int, cards: tuple[str, ...]) -> None:
    """Put `cards` in `seat`'s hand, from the deck or whoever holds them, as if drawn: a
    moment made for the picture, not played."""
    for card in cards:
        index = game.rules.card_index[card]
        for held in game.cards_held:
            if index in held:
                held.remove(index)
        if index in game.deck:
            game.deck.remove(index)
        game.cards_held[seat].append(index)


def _land(game: Game, seat: int, cell: int) -> None:
    """The person's token thrown onto `cell` from four squares before it (a 1 and a 3: no
    double), as the warmed game stands: a moment made for the picture, not played."""
    game.pos[seat] = (cell - 4) % game.rules.size
    game.apply(Roll(seat), Scripted(dice=[(1, 3)]))

"""The window plays «Ярмарок» (issue 22): a whole game by clicking what it shows (every
button, and every choice of the choice dialogs, one of the engine's legal actions), each new
decision with its question and buttons (a donation, the credit, a jailing cancelled, a
deposit's and a bet's amount, the agencies, investments, transfers, an own deed's auction,
a branch moved), the deposit and donations beside a player's cash, the board's names in
English from the catalogue."""
from __future__ import annotations

import pygame
import pytest
import trio
from helpers.engine import hold
from helpers.ui import Driver, assert_texts_fit, check_buttons_legal, drawn_texts, init_pygame, open_app  # noqa: I001

from zemlevlasnyk.engine import (
    AcceptDraw,
    Build,
    CasinoBet,
    Deposit,
    Donate,
    GoToJail,
    Phase,
    ProposeTrade,
    RollCredit,
    Scripted,
    SellBuilding,
    Skip,
    SpendDonation,
    Transfer,
    WithdrawDeposit,
    load_rules,
)
from zemlevlasnyk.engine import Roll as RollDice
from zemlevlasnyk.ui.scenes.results import ResultsScene
from zemlevlasnyk.ui.scenes.table.cards import Pick
from zemlevlasnyk.ui.scenes.table.choices import AMOUNT, TRADE, bid_step, main_buttons, prompt, quick_amounts
from zemlevlasnyk.ui.scenes.table.deed import about, deed_rows, facts, rent_now
from zemlevlasnyk.ui.scenes.table.icons import card_icon
from zemlevlasnyk.ui.scenes.table.pick import CLOSE, OpenChoices, choices, pick_buttons
from zemlevlasnyk.ui.scenes.table.players import deed_order
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.scenes.trade import TradeScene
from zemlevlasnyk.ui.sessions.playback import CardKind
from zemlevlasnyk.ui.sessions.vs_computer import new_table
from zemlevlasnyk.ui.shell.app import App
from zemlevlasnyk.ui.shell.settings import Settings
from zemlevlasnyk.ui.shots.fair import FAIR_SCENES
from zemlevlasnyk.ui.shots.render import build_scene
from zemlevlasnyk.ui.words.ruleset import card_words, cell_name, deck_name, figure_name
from zemlevlasnyk.ui.words.text import ui_words

# Every add-on plate on the board; the cap bounds the game's length.
RULES = load_rules("yarmarok", {"plates": "aggressive", "turn_cap": 120})
EN = ui_words("en")
NAMES = ["Test", "Bot"]
# A whole game needs a few thousand frames; more than this means it is stuck.
GAME_FRAMES = 60_000
TAXI, AIRPORT, BANK_SQUARE, CASINO, DONATION, CREDIT = 2, 42, 24, 36, 11, 30


def _table(level: str = "idle"):
    table = new_table(name="Test", opponents=1, level=level, seed=3, rules=RULES)
    return table, table.game, table.me


def _window(surface: pygame.Surface) -> tuple[App, Driver]:
    """A window whose background work is not needed (the table is driven in the test)."""
    app = App(surface.get_size(), lang="en", spawn=lambda fn: None)
    return app, Driver(app, surface)


def _settled(scene: TableScene) -> None:
    """The window has shown what happened (a game's opening turn): its moves take clicks."""
    for _ in range(400):
        if not scene.busy:
            return
        scene.update(0.25)
    raise AssertionError("the window never finished showing the game")


def _at_table(surface: pygame.Surface, table) -> tuple[App, Driver, TableScene]:
    """A window showing `table`, caught up with its records: its moves take clicks."""
    app, drive = _window(surface)
    scene = TableScene(app, table)
    app.push(scene)
    _settled(scene)
    scene.seen = table.records
    scene.refresh()
    return app, drive, scene


def _clicked(app: App, drive: Driver, button) -> None:
    """Click `button` and let the window take the click (as a frame does, without trio)."""
    drive.click_button(button)
    for event in pygame.event.get():
        app.handle_event(event)


def _land(game, me: int, cell: int) -> None:
    """The person's token thrown onto `cell` from four squares before it (no double)."""
    game.active, game.pos[me] = me, (cell - 4) % RULES.size
    game.apply(RollDice(me), Scripted(dice=[(1, 3)]))


async def test_ui_yarmarok_whole_game_by_clicking_every_kind_of_choice(autojump_clock) -> None:
    """Clicks the choice dialogs' buttons once a turn where there are any, the amount
    buttons and the first move otherwise; every button shown is checked legal first."""
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface, "en")
        table = new_table(name="Test", opponents=2, level="random", seed=8, rules=RULES)
        nursery.start_soon(table.run)
        scene = TableScene(app, table)
        app.push(scene)
        picked: set[str] = set()
        amounts = clicks = 0
        turn_picked = -1
        for _ in range(GAME_FRAMES):
            await drive.frames(draw=drive.frame_count % 25 == 0)
            if app.top is not scene:
                break
            game = scene.game
            if scene.busy or game.outcome() is not None or scene.seen != scene.table.records:
                continue
            if scene.me not in {d.seat for d in game.pending()}:
                continue
            shown = [*scene.moves, *scene.decision.raises, *scene.extras, *scene.deed,
                     *(scene.pick.items if scene.pick is not None else [])]
            check_buttons_legal(game, scene.me, shown, scene.decision.stepper.value)
            clicks += 1
            if scene.decision.confirm:
                drive.click_button(scene.decision.confirm[0])
                continue
            if scene.pick is not None:
                picked.add(scene.pick.kind)
                drive.click_button(scene.pick.shown()[0])
                continue
            opens = [b for b in scene.moves if isinstance(b.intent, OpenChoices) and b.enabled]
            if opens and turn_picked != game.turn:
                turn_picked = game.turn
                drive.click_button(opens[0])
                continue
            amount = next((b for b in scene.moves if b.intent is AMOUNT), None)
            if amount is not None:
                amounts += 1
                drive.click_button(amount)
                continue
            builds = [a for a in game.legal(scene.me).actions if isinstance(a, Build)]
            if builds and scene.selected != builds[0].cell:
                drive.click(scene.geo.places[builds[0].cell].rect.center)
            elif builds:
                drive.click_button(next(b for b in scene.deed if isinstance(b.intent, Build)))
            else:
                if scene.selected is not None:
                    drive.key(pygame.K_ESCAPE)
                drive.click_button(next(b for b in scene.moves if b.enabled and not isinstance(b.intent, AcceptDraw)))
        assert isinstance(app.top, ResultsScene), f"no result after {drive.frame_count} frames"
        assert table.outcome is not None and clicks > 20
        assert len(picked) >= 2 and amounts >= 1, (picked, amounts)
        nursery.cancel_scope.cancel()


def test_ui_yarmarok_donation_square_asks_and_offers_donate_or_skip() -> None:
    table, game, me = _table()
    _land(game, me, DONATION)
    assert game.phase is Phase.OFFER
    assert prompt(game, me, NAMES, EN, "en") == "Donation: give 100 for a privilege? (you hold 0)"
    moves = main_buttons(game, me, EN, "en")
    check_buttons_legal(game, me, moves)
    assert [(type(b.intent), b.label) for b in moves][:2] == [(Donate, "Donate 100"), (Skip, "Skip")]


def test_ui_yarmarok_credit_square_asks_for_the_throw_or_a_privilege() -> None:
    table, game, me = _table()
    game.donations[me] = 1
    _land(game, me, CREDIT)
    assert prompt(game, me, NAMES, EN, "en") == "Credit: throw a 7 and keep your cash, or pay 50% of it"
    moves = main_buttons(game, me, EN, "en")
    check_buttons_legal(game, me, moves)
    assert [type(b.intent) for b in moves][:2] == [RollCredit, SpendDonation]


def test_ui_yarmarok_jailing_with_a_privilege_asks_to_cancel_it() -> None:
    table, game, me = _table()
    game.donations[me] = 1
    _land(game, me, 12)                                          # the jail square
    assert prompt(game, me, NAMES, EN, "en") == "You are sent to jail. Spend a privilege to stay free?"
    assert {type(b.intent) for b in main_buttons(game, me, EN, "en")} >= {SpendDonation, GoToJail}


def test_ui_yarmarok_deposit_amount_from_the_stepper_and_quick_amounts() -> None:
    table, game, me = _table()
    _land(game, me, BANK_SQUARE)
    assert game.phase is Phase.OFFER and game.legal(me).amount == (1, game.cash[me])
    assert prompt(game, me, NAMES, EN, "en").startswith("The bank: put money on deposit at 10% a lap?")
    moves = main_buttons(game, me, EN, "en", bid=500)
    amount = next(b for b in moves if b.intent is AMOUNT)
    assert amount.label == "Deposit 500"
    quick = quick_amounts(game, me, EN)
    check_buttons_legal(game, me, [*moves, *quick], 500)
    assert [b.intent for b in quick] == [Deposit(me, 1), Deposit(me, game.cash[me] // 2 // 10 * 10),
                                         Deposit(me, game.cash[me])]
    assert any(isinstance(b.intent, WithdrawDeposit) and b.label == "Withdraw the deposit (+220)" for b in moves)


def test_ui_yarmarok_deposit_by_clicking_the_amount_button() -> None:
    surface = init_pygame()
    table, game, me = _table()
    _land(game, me, BANK_SQUARE)
    app, drive, scene = _at_table(surface, table)
    # The stepper starts on a round amount, not on the least allowed (1).
    assert game.legal(me).amount[0] == 1 and scene.decision.stepper.value == bid_step(game.rules) == 10
    assert next(b for b in scene.moves if b.intent is AMOUNT).label == "Deposit 10"
    scene.decision.stepper.value = 300
    scene.decision.relabel_bid(EN)
    scene._place()
    amount = next(b for b in scene.moves if b.intent is AMOUNT)
    assert amount.label == "Deposit 300"
    cash = game.cash[me]
    _clicked(app, drive, amount)
    assert table.game.deposit[me] == 220 + 300 and table.game.cash[me] == cash - 300
    app.draw(surface)
    assert "deposit 520" in drawn_texts(app, surface)


def test_ui_yarmarok_casino_bet_says_the_jackpot() -> None:
    table, game, me = _table()
    game.jackpot = 120
    _land(game, me, CASINO)
    assert prompt(game, me, NAMES, EN, "en") == "The casino: bet and throw three dice? (jackpot 120)"
    moves = main_buttons(game, me, EN, "en", bid=50)
    assert next(b for b in moves if b.intent is AMOUNT).label == "Bet 50"
    assert all(isinstance(b.intent, CasinoBet) for b in quick_amounts(game, me, EN))


def test_ui_yarmarok_transfer_dialog_lists_every_transfer_with_its_fare() -> None:
    """The seed's example: from Таксі to Аеропорт is 100 forward, 20 back."""
    table, game, me = _table()
    game.active, game.pos[me] = me, TAXI
    opens = pick_buttons(game, me, EN)
    assert [b.intent for b in opens] == [OpenChoices("transfer")]
    items = choices(game, me, "transfer", NAMES, EN, "en")
    assert {b.intent for b in items} == {a for a in game.legal(me).actions if isinstance(a, Transfer)}
    labels = {b.intent: b.label for b in items}
    assert labels[Transfer(me, AIRPORT, 1)] == "Airport, forward: 100"
    assert labels[Transfer(me, AIRPORT, -1)] == "Airport, back: 20"


def test_ui_yarmarok_choice_dialog_sends_the_chosen_action_and_closes() -> None:
    surface = init_pygame()
    table, game, me = _table()
    game.active, game.pos[me] = me, TAXI
    app, drive, scene = _at_table(surface, table)
    scene._place()
    _clicked(app, drive, next(b for b in scene.moves if b.intent == OpenChoices("transfer")))
    assert scene.pick is not None and scene.pick.kind == "transfer"
    app.draw(surface)
    assert "Transfer instead of rolling: where to?" in drawn_texts(app, surface)
    _clicked(app, drive, scene.pick.close)
    assert scene.pick is None
    _clicked(app, drive, next(b for b in scene.moves if b.intent == OpenChoices("transfer")))
    assert scene.pick is not None
    choice = next(b for b in scene.pick.shown() if b.intent == Transfer(me, AIRPORT, -1))
    _clicked(app, drive, choice)
    assert scene.pick is None and table.game.pos[me] == AIRPORT and table.game.cash[me] == RULES.start_cash - 20


def test_ui_yarmarok_choice_dialog_turns_pages_when_its_choices_do_not_fit() -> None:
    surface = init_pygame((1024, 640))
    table, game, me = _table()
    other = 1 - me
    for c in RULES.properties:
        game.owner[c] = me if c % 2 else other
    game.owner[22] = me                                           # the raider agency: free for its owner
    _land(game, me, 22)
    app, drive, scene = _at_table(surface, table)
    scene._place()
    _clicked(app, drive, next(b for b in scene.moves if b.intent == OpenChoices("raid")))
    dialog = scene.pick
    assert dialog is not None and dialog.pages > 1 and dialog.rect.height <= scene.geo.inner.height
    first = [b.intent for b in dialog.shown()]
    _clicked(app, drive, dialog.later)
    assert [b.intent for b in dialog.shown()] != first
    seen = set(first)
    while dialog.later.enabled:
        seen |= {b.intent for b in dialog.shown()}
        _clicked(app, drive, dialog.later)
    seen |= {b.intent for b in dialog.shown()}
    assert seen == {b.intent for b in dialog.items}
    assert all(b.rect.bottom <= dialog.rect.bottom for b in dialog.buttons() if b.intent is not CLOSE)
    assert_texts_fit(app, surface, "en")


def test_ui_yarmarok_names_in_english_come_from_the_catalogue() -> None:
    assert cell_name(RULES, AIRPORT, "en") == "Airport" and cell_name(RULES, AIRPORT, "uk") == "Аеропорт"
    assert all(cell_name(RULES, c, "en") != RULES.cell_name(c, "uk") for c in range(RULES.size))
    assert len({cell_name(RULES, c, "en") for c in range(RULES.size)}) == len(
        {RULES.cell_name(c, "uk") for c in range(RULES.size)})
    assert deck_name(RULES, "news", "en") == "News" and deck_name(RULES, "opportunity", "uk") == "Нагода"
    assert all(card_words(RULES, card.id, "en") != card.text["uk"] for card in RULES.cards)
    assert figure_name(RULES, 5, "en") == "Seven" and figure_name(RULES, 5, "uk") == "Сімка"


def test_ui_yarmarok_deeds_of_no_group_stand_alone_among_a_players_chips() -> None:
    """The agencies belong to no colour group: an owner's chips once failed to draw."""
    table, game, me = _table()
    for cell in (22, 43, 1, 4):
        game.owner[cell] = me
    assert deed_order(game, me) == [[1, 4], [22], [43]]


def test_ui_yarmarok_deed_card_speaks_of_branches_an_office_and_the_banks_price() -> None:
    """No mortgages here: the card gives what the bank pays for the deed, the branch's cost,
    and rents by branches and the central office (they once read houses, a hotel and a
    mortgage of 0)."""
    table, game, me = _table()
    street = 9                                                    # Супермаркет
    game.owner[street] = me
    rows = [r.label for r in deed_rows(game, street, EN)]
    assert rows[2:] == ["1 branch", "2 branches", "3 branches", "4 branches", "Central office"]
    assert facts(game, street, EN) == [("Price", "120"), ("Sold to bank", "60"), ("Branch", "50")]


def test_ui_yarmarok_utility_card_shows_the_tariffs_by_the_visitors_holdings() -> None:
    """Seed 004's utilities charge by what the visitor holds (they once read «0 × dice»)."""
    table, game, me = _table()
    power = 32                                                    # Електроенергія
    game.owner[power] = me
    rows = deed_rows(game, power, EN)
    assert [(r.label, r.amount, r.current) for r in rows] == [
        ("The visitor pays per deed · branch · office", "", False), ("Utilities owned: 1", "2 · 5 · 20", True),
        ("Utilities owned: 2", "4 · 10 · 40", False), ("Utilities owned: 3", "6 · 15 · 60", False)]
    assert rent_now(game, power, EN) == "Rent: by what the visitor holds"


def test_ui_yarmarok_squares_of_the_fair_say_what_they_do() -> None:
    table, game, me = _table()
    game.jackpot = 40
    assert about(game, DONATION, EN) == "Give 100 for a privilege: it cancels one jailing or one credit."
    assert about(game, CREDIT, EN) == "Throw the dice: 7 costs nothing, anything else takes 50% of your cash."
    assert about(game, CASINO, EN).endswith("(now 40).")
    assert about(game, 3, EN) == "Draw a card from this deck and do what it says."


def test_ui_yarmarok_card_squares_and_the_casino_on_the_board() -> None:
    """A card square's card is headed by its deck (not «Fortune»); the casino's cell shows
    the jackpot, the bank's its interest."""
    surface = init_pygame()
    table, game, me = _table()
    game.jackpot = 130
    app, drive, scene = _at_table(surface, table)
    scene._select(7)                                              # Новини
    texts = drawn_texts(app, surface)
    assert "NEWS" in texts and "FORTUNE" not in texts
    assert "130" in texts and "+10%" in texts


@pytest.mark.parametrize("lang", ["uk", "en"])
@pytest.mark.parametrize("size", [(800, 500), (1024, 640), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", FAIR_SCENES)
def test_ui_yarmarok_screenshot_scenes_fit(name: str, size: tuple[int, int], lang: str, tmp_path,
                                           monkeypatch) -> None:
    """Each of the preset's moments, from the smallest window to full HD: every text in its
    box, none on another, none cut short."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    init_pygame(size)
    app = App(size, settings=Settings(lang=lang), spawn=lambda fn: None)
    build_scene(app, name, 1)
    assert_texts_fit(app, pygame.Surface(size), lang)


# -- the kept cards (engine/fair_cards.py) ------------------------------------------------------

SEASON, CERTIFICATE, SALE, LIQUIDATION = ("opportunity_season_ticket", "news_certificate", "news_good_sale",
                                          "news_liquidation")
GOLF = 45


def _cards_window(surface: pygame.Surface, *cards: str, deeds: tuple[int, ...] = ()):
    """The person's turn before the roll, holding `cards` and owning `deeds`, in a window."""
    table, game, me = _table()
    game.active = me
    hold(game, me, *cards)
    for c in deeds:
        game.owner[c] = me
    app, drive, scene = _at_table(surface, table)
    scene._place()
    app.draw(surface)
    return table, me, app, drive, scene


def test_ui_yarmarok_cards_held_on_the_panel_and_used_by_clicking() -> None:
    surface = init_pygame()
    table, me, app, drive, scene = _cards_window(surface, SEASON, CERTIFICATE, SALE, deeds=(GOLF,))
    index = RULES.card_index
    assert [card for card, _ in scene.players_panel.rows[me].cards] == [index[SEASON], index[CERTIFICATE], index[SALE]]
    labels = [b.label for b in scene.moves]
    assert "Use “Certificate 100”" in labels and "“Good Sale”: choose…" in labels
    assert not any("Season Ticket" in label for label in labels)        # it acts while held
    check_buttons_legal(table.game, me, scene.moves)
    cash = table.game.cash[me]
    _clicked(app, drive, next(b for b in scene.moves if b.label == "Use “Certificate 100”"))
    assert table.game.cash[me] == cash + 100 and index[CERTIFICATE] in table.game.deck
    for _ in range(40):
        if scene.card is not None:
            break
        scene.update(0.05)
    assert scene.card is not None and scene.card.kind is CardKind.POWER and scene.card.used is not None
    assert scene._shown(scene.card).title == "Certificate 100"
    app.draw(surface)
    assert "Test uses “Certificate 100”" in drawn_texts(app, surface)


def test_ui_yarmarok_each_kept_card_has_a_badge_of_its_own() -> None:
    """A hand of «Ярмарок»'s kept cards showed one scroll per card: each card's badge is now
    drawn by what it does (a ticket, two tickets, a price tag, a house handed back, a seal),
    and its cut-outs show (they were drawn in the badge's ink, so nothing but a square showed)."""
    surface = init_pygame()
    kept = (SEASON, "opportunity_double_ticket", SALE, LIQUIDATION, CERTIFICATE)
    assert len({card_icon(RULES, RULES.card_index[c]) for c in kept}) == len(kept)
    table, me, app, drive, scene = _cards_window(surface, *kept)
    drawn = []
    for _, rect in scene.players_panel.rows[me].cards:
        pixels = pygame.PixelArray(surface.subsurface(rect).copy())
        inside = [pixels[x, y] for x in range(2, rect.width - 2) for y in range(2, rect.height - 2)]
        del pixels
        assert len(set(inside)) >= 2, "a badge with nothing drawn on it"
        drawn.append(pygame.image.tobytes(surface.subsurface(rect), "RGB"))
    assert len(drawn) == len(kept) and len(set(drawn)) == len(kept)


def test_ui_yarmarok_good_sale_dialog_sells_the_chosen_deed_by_clicking() -> None:
    surface = init_pygame()
    table, me, app, drive, scene = _cards_window(surface, SALE, deeds=(GOLF, 1))
    _clicked(app, drive, next(b for b in scene.moves if isinstance(b.intent, Pick)))
    assert scene.picker is not None
    app.draw(surface)
    labels = {b.intent.target_cell: b.label for b in scene.picker.options}
    assert labels == {1: "Pizzeria: 60", GOLF: "Golf Club: 350"}            # what the bank pays, whole
    cash = table.game.cash[me]
    _clicked(app, drive, next(b for b in scene.picker.options if b.intent.target_cell == GOLF))
    assert scene.picker is None and table.game.owner[GOLF] == -1 and table.game.cash[me] == cash + 350


def test_ui_yarmarok_liquidation_marks_the_player_and_sells_at_cost_by_clicking() -> None:
    surface = init_pygame()
    table, me, app, drive, scene = _cards_window(surface, LIQUIDATION)
    game = table.game
    for c in (1, 4):                                                   # Піцерія and Кав'ярня, a branch each
        game.owner[c], game.buildings[c] = me, 1
    scene.refresh()
    scene._place()
    _clicked(app, drive, next(b for b in scene.moves if b.label == "Use “Liquidation Without Loss”"))
    assert [e.kind for e in table.game.effects] == ["full_price_building_sale"]
    _settled(scene)
    scene.seen = table.records          # the window has taken the card's record
    scene.refresh()
    app.draw(surface)
    assert "Test (you) deposit 200 · selling at full price" in drawn_texts(app, surface)
    drive.click(scene.geo.places[1].rect.center)                      # Піцерія on the board: its card
    for event in pygame.event.get():
        app.handle_event(event)
    _settled(scene)
    app.draw(surface)
    cash = table.game.cash[me]
    sell = next(b for b in scene.deed if isinstance(b.intent, SellBuilding))
    assert sell.label == "Sell a branch (+50)"                          # what the bank pays now
    _clicked(app, drive, sell)
    assert table.game.cash[me] == cash + 50 and table.game.buildings[1] == 0        # its cost, not 25


async def test_ui_yarmarok_trade_dialog_offers_a_certificate_by_clicking(autojump_clock) -> None:
    surface = init_pygame()
    async with trio.open_nursery() as nursery:
        app, drive = open_app(nursery, surface, "en")
        table, game, me = _table()
        game.active = me
        hold(game, me, CERTIFICATE, SEASON)
        scene = TableScene(app, table)
        app.push(scene)
        await drive.frames(3)
        _settled(scene)
        scene.seen = table.records
        scene.refresh()
        await drive.frames(2)
        drive.click_button(next(b for b in scene.extras if b.intent is TRADE))
        await drive.frames(2)
        dialog = app.top
        assert isinstance(dialog, TradeScene)
        drive.click_button(next(b for b in dialog.partner_buttons if b.enabled))
        await drive.frames(2)
        cards = [b for b in dialog.mine if isinstance(b.intent, str)]
        assert [b.intent for b in cards] == [CERTIFICATE]                   # the season ticket is not tradeable
        drive.click_button(cards[0])
        await drive.frames(2)
        drive.click_button(dialog.next)
        await drive.frames(2)
        texts = drawn_texts(app, surface)
        assert "Certificate 100" in texts and "In all: you give 100, you get 0" in texts
        drive.click_button(dialog.send)
        await drive.frames(2)
        trade = table.game.trade
        assert trade is not None and trade.cards == (RULES.card_index[CERTIFICATE],)
        nursery.cancel_scope.cancel()


def test_ui_yarmarok_offer_dialog_shows_the_certificate_asked_for() -> None:
    surface = init_pygame()
    table, game, me = _table()
    other = 1 - me
    hold(game, me, CERTIFICATE)
    game.owner[GOLF] = other
    game.active = other
    game.apply(ProposeTrade(other, me, (GOLF,), (), 0, (CERTIFICATE,)))
    app, drive, scene = _at_table(surface, table)
    app.draw(surface)
    texts = drawn_texts(app, surface)
    assert "Golf Club" in texts and "Certificate 100" in texts
    assert "In all: you give 100, you get 350" in texts


def test_ui_yarmarok_a_debt_offers_the_cards_that_raise_money() -> None:
    table, game, me = _table()
    hold(game, me, CERTIFICATE, SALE, SEASON)
    for c in (18, 26, 34):                                             # transport squares it may sell
        game.owner[c] = me
    other = 1 - me
    game.owner[47], game.buildings[47] = other, 1                     # Яхт-клуб with a branch: 400
    game.cash[me], game.deposit[me] = 10, 0
    _land(game, me, 47)
    assert game.phase is Phase.DEBT
    moves = main_buttons(game, me, EN, "en")
    check_buttons_legal(game, me, moves)
    labels = [b.label for b in moves]
    assert "Use “Certificate 100”" in labels and "“Good Sale”: choose…" in labels
    # What is left to raise names what the cards add: the certificate, a deed's whole price.
    surface = init_pygame()
    app, drive, scene = _at_table(surface, table)
    app.draw(surface)
    assert "You can still raise 500: buildings 0 · deeds and deposit 300 · cards 200" in drawn_texts(app, surface)


def test_ui_yarmarok_double_ticket_opens_a_second_transfer_by_clicking() -> None:
    surface = init_pygame()
    table, game, me = _table()
    game.active, game.pos[me], game.transferred[me] = me, TAXI, True      # reached by a transfer last turn
    hold(game, me, "opportunity_double_ticket")
    app, drive, scene = _at_table(surface, table)
    scene._place()
    assert OpenChoices("transfer") not in [b.intent for b in scene.moves]    # L102: once
    _clicked(app, drive, next(b for b in scene.moves if b.label == "Use “Double Ticket”"))
    _settled(scene)
    scene.seen = table.records
    scene.refresh()
    scene._place()
    assert not table.game.transferred[me]
    opens = [b for b in scene.moves if b.intent == OpenChoices("transfer")]
    assert [b.label for b in opens] == ["Transfer…"]

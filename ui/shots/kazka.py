"""Screenshot scenes of Казка's kept cards, each found by playing a game of the preset from
the seed (the computer players use their cards as they like; the person's seat is the usual
stand-in, which never uses one, so what it holds stays for the picture):

- `kazka`: the person's turn holding a card it may use (the badges on the panel, the use
  button, the board's character and object cells);
- `kazka_pick`: the picker of a held card's targets or potions open;
- `kazka_payment`: a payment the person's card may cancel, waiting for the answer;
- `kazka_power`: the card of a power another player just used;
- `kazka_card`: a held card opened from its badge.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from zemlevlasnyk.engine import Phase, UseCard
from zemlevlasnyk.ui.scenes.base import Scene
from zemlevlasnyk.ui.scenes.table.cards import Pick, Picker
from zemlevlasnyk.ui.scenes.table.scene import TableScene
from zemlevlasnyk.ui.sessions.local import LocalTable
from zemlevlasnyk.ui.sessions.playback import CardKind
from zemlevlasnyk.ui.shell.app import App

# The ways to find a table, from ui/shots/render.py (which dispatches here: passed in, so
# the two import no cycle): a warm-up from a seed until a table is right, and playing on
# under a scene until it shows something.
Warm = Callable[[int, str, Callable[[LocalTable], bool] | None], LocalTable]
PlayOn = Callable[[TableScene, LocalTable, Callable[[TableScene], bool]], None]

SCENES = ("kazka", "kazka_pick", "kazka_payment", "kazka_power", "kazka_card")
# Seeds tried for a scene (each plays out differently): a card must come to the person first.
KAZKA_TRIES = 24
# A moment's card is pictured once it has been up this long (render.py's CARD_AGE).
CARD_AGE = 0.5
# The power scene starts looking this many turns in (cards must have been drawn first).
POWER_TURNS = 12


def _uses(table: LocalTable) -> list[UseCard]:
    return [a for a in table.game.legal(table.me).actions if isinstance(a, UseCard)]


def _may_use(table: LocalTable) -> bool:
    """The person decides before or after the roll with a card it may use (one with a target
    or a choice for the picker, so both scenes come from one game)."""
    g = table.game
    return (not table.computer_to_move() and g.main_seat() == table.me and g.phase in (Phase.PRE_ROLL, Phase.POST_ROLL)
            and any(a.target_seat is not None or a.target_cell is not None or a.choice is not None
                    for a in _uses(table)))


def _payment_due(table: LocalTable) -> bool:
    g = table.game
    return g.phase is Phase.PAYMENT_DUE and g.debts[0].debtor == table.me


def _may_cancel(table: LocalTable) -> bool:
    """The person holds a card that cancels a payment (then the game goes on until one falls due)."""
    g = table.game
    return _payment_due(table) or any(
        set(g.rules.cards[c].effects) & {"cancel_rent", "cancel_bank_payment"} for c in g.cards_held[table.me])


def _turns_in(table: LocalTable) -> bool:
    return table.game.turn >= POWER_TURNS


def _holds(table: LocalTable) -> bool:
    g = table.game
    return not table.computer_to_move() and any(g.rules.cards[c].effect != "release" for c in g.cards_held[table.me])


def _found(warm: Warm, seed: int, lang: str, until: Callable[[LocalTable], bool]) -> LocalTable:
    table = warm(seed, lang, until)
    for other in range(seed + 1, seed + KAZKA_TRIES):
        if until(table):
            break
        table = warm(other, lang, until)
    return table


def build(app: App, name: str, seed: int, warm: Warm, play_on: PlayOn) -> Scene:
    """`warm(seed, lang, until)`: a table of Казка from `seed` played until `until` (None: a
    mid-game); `play_on(scene, table, until)`: the table played under the scene."""
    until = {"kazka_payment": _may_cancel, "kazka_card": _holds}.get(name, _may_use)
    # A power is used soon enough by the computer players: a few turns in will do.
    table = warm(seed, app.lang, _turns_in) if name == "kazka_power" else _found(warm, seed, app.lang, until)
    scene = TableScene(app, table)
    app.push(scene)
    scene.update(0.0)
    if name == "kazka_pick":
        pick = next((b.intent for b in scene.moves if isinstance(b.intent, Pick)), None)
        if pick is not None:
            scene.picker = Picker(table.game, table.me, pick.card, scene.names, scene.t, app.lang)
            scene.board_key = None
            scene._place()
    elif name == "kazka_payment":
        play_on(scene, table, lambda s: _payment_due(table) and not s.waiting)
    elif name == "kazka_power":
        play_on(scene, table, lambda s: s.card is not None and s.card.age >= CARD_AGE
                and s.card.kind is CardKind.POWER)
    elif name == "kazka_card":
        app.draw(pygame.Surface(app.size))         # the badges are placed as they are drawn
        held = next((c for c in table.game.cards_held[table.me] if table.game.rules.cards[c].effect != "release"),
                    None)
        rows = scene.players_panel.rows
        badge = next((rect for card, rect in rows[table.me].cards if card == held), None) if rows else None
        if badge is not None:
            scene._click_panel(badge.center)
    return app.top

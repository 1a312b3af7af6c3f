"""The table's playback without a window (ui/sessions/playback.py): events shown one at a
time (the dice, then the walk, then a card), the table held meanwhile, the cash shown on
the same timeline, and every length of time scaled by the pace (instant: at once)."""
from __future__ import annotations

import math

from helpers.engine import act, new_game

from zemlevlasnyk.engine import Roll
from zemlevlasnyk.engine.events import (
    Bankrupt,
    CameToRest,
    CardDrawn,
    CardUsed,
    DiceRolled,
    Eliminated,
    Moved,
    Paid,
    SentToJail,
    TurnStarted,
)
from zemlevlasnyk.ui.sessions.playback import (
    BACKLOG,
    BOT_PACE,
    CARD_HOLD,
    CARD_SECONDS,
    HELD_SECONDS,
    INSTANT_BOT_PACE,
    PACE_SPEED,
    STEP_SECONDS,
    TUMBLE_SECONDS,
    CardKind,
    Pace,
    Playback,
    Walks,
)
from zemlevlasnyk.ui.words.text import Say

FRAME = 0.02


def _playback(players: int = 2, *, me: int = 0, speed: float = 1.0) -> tuple[Playback, object]:
    game = new_game(players)
    return Playback(lambda: game, me, speed=speed), game


def _run(playback: Playback, seconds: float) -> list[object]:
    told = []
    for _ in range(round(seconds / FRAME)):
        told += [t.item for t in playback.update(FRAME)]
    return told


def test_playback_a_token_walks_cell_by_cell() -> None:
    walks = Walks([0, 0], 40)
    walks.feed([Moved(1, 38, 3, 5, "dice", True), CameToRest(1, 3)])
    assert walks.busy
    visited = []
    while walks.busy:
        walks.update(0.05)
        visited.append(walks.cell[1])
    assert [c for n, c in enumerate(visited) if n == 0 or c != visited[n - 1]][-5:] == [39, 0, 1, 2, 3]
    walks.feed([SentToJail(1, "three_doubles"), CameToRest(1, 10)])
    for _ in range(20):
        walks.update(0.05)
    assert walks.cell[1] == 10 and not walks.busy


def test_playback_the_dice_tumble_then_the_token_walks_then_the_next_event() -> None:
    playback, game = _playback()
    rolled = DiceRolled(0, (2, 3), False)
    moved = Moved(0, 0, 5, 5, "dice", False)
    rest = CameToRest(0, 5)
    playback.add([rolled, moved, rest])
    assert [t.item for t in playback.update(0.0)] == [rolled]
    assert playback.dice.busy and playback.busy and playback.dice.shown == (2, 3)
    # The walk waits for the dice: nothing else is told, no token moves.
    assert _run(playback, TUMBLE_SECONDS - 0.1) == [] and playback.walks.cell[0] == 0
    told = _run(playback, 0.2)
    assert told == [moved]
    assert playback.walks.busy and playback.walks.cell[0] in (0, 1)
    told = _run(playback, 5 * STEP_SECONDS + 0.1)
    assert told == [rest] and playback.walks.cell[0] == 5
    _run(playback, 1.0)
    assert not playback.busy


def test_playback_the_table_is_held_while_a_card_is_read_then_moves_on() -> None:
    playback, _ = _playback()
    first, second = CardDrawn(1, "dividends"), CardDrawn(1, "inheritance")
    playback.add([first, second])
    playback.update(0.0)
    assert playback.card is not None and playback.card.kind is CardKind.FORTUNE
    assert playback.card.drawn == first and playback.holding and playback.busy
    # The second card replaces the first once the table has waited for it, never later.
    playback.update(CARD_HOLD + 0.01)
    assert playback.card is not None and playback.card.drawn == second and not playback.timeline
    playback.dismiss()
    assert playback.card is None and not playback.busy


def test_playback_a_fortune_card_goes_when_the_next_turn_is_shown() -> None:
    """Issue 19, friction 6: a Фортуна card stayed up through the next players' turns
    (a computer player moves a moment after the card's hold, well inside its time)."""
    playback, _ = _playback(3, me=0)
    playback.add([CardDrawn(1, "dividends")])
    playback.update(0.0)
    playback.update(CARD_HOLD + 0.01)
    assert playback.card is not None and not playback.busy
    playback.add([TurnStarted(2, 7), DiceRolled(2, (1, 2), False)])
    playback.update(FRAME)
    assert playback.card is None, "the next player's turn is not the card's"
    # Within its own turn it stays its time.
    playback.add([CardDrawn(2, "inheritance"), Paid(None, 2, 100, "card")])
    _run(playback, CARD_SECONDS - 0.5)
    assert playback.card is not None and playback.card.drawn == CardDrawn(2, "inheritance")
    # Another player's bankruptcy is read to its end: a new turn does not take it away.
    playback.dismiss()
    playback.add([Bankrupt(1, None, 500, "rent", 0), Eliminated(1), TurnStarted(2, 8)])
    _run(playback, 0.2)
    assert playback.card is not None and playback.card.kind is CardKind.BANKRUPTCY


def test_playback_the_cash_shown_follows_the_timeline() -> None:
    playback, game = _playback()
    before = list(game.cash)
    act(game, Roll(0), dice=[(2, 3)])     # the engine's cash moves at once (nothing to pay here)
    game.cash[0] -= 200
    game.cash[1] += 200
    playback.add([DiceRolled(0, (2, 3), False), Paid(0, 1, 200, "rent")])
    playback.update(0.0)
    assert playback.cash == before, "the rent is shown once the dice have landed"
    _run(playback, TUMBLE_SECONDS + 0.05)
    assert playback.cash == game.cash
    assert playback.flash[0][0] == -200 and playback.flash[1][0] == 200
    _run(playback, 3.0)
    assert playback.flash == [(0, 0.0), (0, 0.0)]


def test_playback_another_players_bankruptcy_is_a_card_the_persons_own_is_not() -> None:
    playback, _ = _playback(3, me=0)
    playback.add([Bankrupt(1, 2, 5000, "rent", 1000), Paid(1, 2, 300, "bankruptcy"), Eliminated(1)])
    assert playback.leaving() == {1}
    told = playback.update(0.0)
    assert told[0].report is not None and told[0].report.seat == 1 and told[0].report.cash == 300
    assert playback.card is not None and playback.card.kind is CardKind.BANKRUPTCY
    playback, _ = _playback(3, me=1)
    playback.add([Bankrupt(1, 2, 5000, "rent", 1000), Eliminated(1)])
    told = playback.update(0.0)
    assert told[0].report is not None and told[0].report.owed == 5000 and playback.card is None


def test_playback_a_backlog_lands_the_dice_at_once_and_cards_do_not_hold() -> None:
    playback, _ = _playback()
    playback.add([DiceRolled(0, (1, 1), True), CardDrawn(0, "dividends")] + [Say("chat.line")] * BACKLOG)
    told = playback.update(0.0)
    assert not playback.dice.busy, "behind the game: the dice land at once"
    assert playback.card is not None and not playback.holding, "and the card does not hold the table"
    assert len(told) == BACKLOG + 2 and not playback.busy


def test_playback_fast_pace_shows_everything_three_times_quicker() -> None:
    speed = PACE_SPEED[Pace.FAST]
    playback, _ = _playback(speed=speed)
    playback.add([DiceRolled(0, (2, 3), False), Moved(0, 0, 5, 5, "dice", False)])
    playback.update(0.0)
    assert math.isclose(playback.dice.left, TUMBLE_SECONDS / speed)
    assert math.isclose(playback.bot_pace, BOT_PACE / speed)
    _run(playback, (TUMBLE_SECONDS + 5 * STEP_SECONDS) / speed + 0.1)
    assert not playback.busy and playback.walks.cell[0] == 5


def test_playback_instant_pace_shows_where_things_end_up_at_once() -> None:
    playback, _ = _playback(speed=PACE_SPEED[Pace.INSTANT])
    items = [DiceRolled(0, (2, 3), False), Moved(0, 0, 5, 5, "dice", False), CameToRest(0, 5),
             CardDrawn(0, "dividends"), Paid(None, 0, 500, "card")]
    playback.add(items)
    assert [t.item for t in playback.update(0.0)] == items
    assert not playback.busy and not playback.moving and playback.card is None
    assert playback.walks.cell[0] == 5 and playback.dice.shown == (2, 3)
    assert 0 < playback.bot_pace <= INSTANT_BOT_PACE


def test_playback_stand_forgets_what_was_waiting() -> None:
    playback, game = _playback()
    playback.add([DiceRolled(0, (2, 3), False), Moved(0, 0, 5, 5, "dice", False), CardDrawn(0, "dividends")])
    playback.update(0.0)
    act(game, Roll(0), dice=[(6, 5)])
    playback.stand(game)
    assert not playback.busy and playback.card is None
    assert playback.walks.cell == game.pos and playback.dice.shown == (6, 5) and playback.cash == game.cash


def test_playback_a_power_used_is_a_card_that_holds_and_a_held_card_looked_at_holds_nothing() -> None:
    """Казка: a kept card's power used comes up as a drawn card does (the table waits for
    it); a held card opened from its badge is up for the person to read, at any pace, and
    the table does not wait for it."""
    playback, _ = _playback()
    used = CardUsed(1, "obj_sword", 0, None, None)
    playback.add([used])
    assert [t.item for t in playback.update(0.0)] == [used]
    assert playback.card is not None and playback.card.kind is CardKind.POWER and playback.card.used == used
    assert playback.holding
    playback.update(CARD_HOLD + 0.01)
    assert not playback.holding
    instant, _ = _playback(speed=PACE_SPEED[Pace.INSTANT])
    instant.add([used])
    instant.update(0.0)
    assert instant.card is None                                   # nothing would be seen of it
    instant.held(1, 7)
    assert instant.card is not None and instant.card.kind is CardKind.HELD and instant.card.held == (1, 7)
    assert not instant.holding
    instant.update(HELD_SECONDS - 0.5)
    assert instant.card is not None                               # read at the person's pace, not the table's
    instant.update(1.0)
    assert instant.card is None

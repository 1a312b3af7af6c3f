"""The one table of phase changes (engine/phases.py): what it allows, that anything else
raises as an engine bug, and that real play only ever takes steps the table lists."""
from __future__ import annotations

from collections import Counter

import pytest

from zemlevlasnyk.engine import Game, Phase, PhaseError, Roll, Scripted, load_preset, load_rules
from zemlevlasnyk.engine.bots.match import play_match
from zemlevlasnyk.engine.phases import RESUME, TRANSITIONS, Step, next_phase


def test_phases_every_running_phase_can_end_the_game() -> None:
    for phase in Phase:
        if phase is not Phase.OVER:
            assert next_phase(phase, Step.GAME_ENDED) is Phase.OVER


def test_phases_nothing_follows_the_end() -> None:
    for step in Step:
        with pytest.raises(PhaseError, match="OVER"):
            next_phase(Phase.OVER, step)


def test_phases_a_trade_answer_goes_back_where_it_came_from() -> None:
    assert next_phase(Phase.TRADE, Step.TRADE_ANSWERED) is RESUME
    assert {p for (p, s) in TRANSITIONS if s is Step.TRADE_PROPOSED} == {Phase.PRE_ROLL, Phase.POST_ROLL}


@pytest.mark.parametrize(("phase", "step"), [
    (Phase.PRE_ROLL, Step.AUCTION_OPENED), (Phase.AUCTION, Step.TRADE_PROPOSED),
    (Phase.TRADE, Step.TURN_PASSED), (Phase.BUY, Step.DEBT_WAITS), (Phase.POST_ROLL, Step.JAIL_ROLL_FAILED),
])
def test_phases_a_step_the_table_forbids_is_a_bug_that_raises(phase: Phase, step: Step) -> None:
    with pytest.raises(PhaseError, match=f"{step.name}.*{phase.name}"):
        next_phase(phase, step)


def test_phases_the_game_refuses_a_forbidden_step_and_keeps_its_phase() -> None:
    game = Game.new(load_preset(), 2, first=0)
    with pytest.raises(PhaseError):
        game._step(Step.AUCTION_OPENED)
    assert game.phase is Phase.PRE_ROLL
    game.apply(Roll(0), Scripted(dice=[(1, 2)]))  # onto Кожум'яки: offered to buy
    assert game.phase is Phase.BUY


def test_phases_random_play_takes_only_listed_steps_and_most_of_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """Play many games of both presets counting the steps taken: none is refused (that would
    raise), and the table has no entry that play never uses, except a few that random play
    reaches too rarely to count on (an agreed draw during a purchase, a trade or a tax's
    choice; a bankruptcy by a tax; the third jail try's move onto a tax; a card's move, after a
    plate's service, onto a debt the cash does not cover)."""
    taken: Counter[tuple[Phase, Step]] = Counter()
    original = Game._step

    def counting(self: Game, step: Step, back: Phase | None = None) -> None:
        taken[(self.phase, step)] += 1
        original(self, step, back)

    monkeypatch.setattr(Game, "_step", counting)
    tables: tuple[tuple[str, str, int, dict[str, object]], ...] = (
        ("zemlevlasnyk", "random", 40, {}), ("klasyka", "random", 40, {}), ("klasyka", "medium", 12, {}),
        ("yarmarok", "random", 30, {}), ("yarmarok", "random", 20, {"plates": "aggressive"}),
        ("kazka", "random", 40, {}),
        ("zemlevlasnyk", "random", 30, {"speed_die": True}))
    for preset, level, games, options in tables:
        rules = load_rules(preset, options)
        for seed in range(games):
            play_match(rules, [level] * (2 + seed % 3), seed, 250)
    rare = {(Phase.BUY, Step.GAME_ENDED), (Phase.TRADE, Step.GAME_ENDED), (Phase.TAX, Step.GAME_ENDED),
            (Phase.AUCTION, Step.GAME_ENDED), (Phase.POST_ROLL, Step.GAME_ENDED), (Phase.DEBT, Step.OFFERED_TO_BUY),
            (Phase.DEBT, Step.DEBT_WAITS), (Phase.DEBT, Step.TAX_OFFERED), (Phase.TAX, Step.TURN_PASSED),
            (Phase.DEBT, Step.TURN_PASSED), (Phase.POST_ROLL, Step.LOT_AUCTIONED), (Phase.OFFER, Step.GAME_ENDED),
            (Phase.OFFER, Step.DEBT_WAITS),
            # Казка's payment due before a debt, a purchase, a bankruptcy or another payment (the
            # third jail try's move), and a power's debt that waits: tests/engine/test_rules_kazka_powers.py
            # plays each of them.
            (Phase.PAYMENT_DUE, Step.GAME_ENDED), (Phase.PAYMENT_DUE, Step.DEBT_WAITS),
            (Phase.PAYMENT_DUE, Step.OFFERED_TO_BUY), (Phase.PAYMENT_DUE, Step.TURN_PASSED),
            (Phase.PAYMENT_DUE, Step.PAYMENT_WAITS), (Phase.DEBT, Step.PAYMENT_WAITS),
            (Phase.DEBT, Step.DEBTS_SETTLED),
            (Phase.BUS, Step.GAME_ENDED), (Phase.TRIPLE, Step.GAME_ENDED)}
    assert set(taken) <= set(TRANSITIONS)
    assert set(TRANSITIONS) - set(taken) <= rare

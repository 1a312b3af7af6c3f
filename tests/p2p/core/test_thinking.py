"""A computer player's decision asked, thought over elsewhere and answered (`TableHost.ask`,
`p2p.core.thinking.think`, `TableHost.answer`): the same records as the host thinking at
once; an answer the table moved on from is not taken, and leaves the player as it was."""
from __future__ import annotations

from helpers.p2p import profile

from zemlevlasnyk.engine import Action, Game
from zemlevlasnyk.p2p.core.bodies import HostBody
from zemlevlasnyk.p2p.core.host import TableHost
from zemlevlasnyk.p2p.core.policy import make_policy
from zemlevlasnyk.p2p.core.records import read_body, split_record
from zemlevlasnyk.p2p.core.thinking import think

# Moves compared: a few turns of three computer players.
MOVES = 60


def _table() -> TableHost:
    core = TableHost(profile(0, "Host"), table="0123456789abcdef", clock=False, solo=True, chain_seed=b"thinking")
    core.sit_host(0.0, policy=make_policy("medium", 1))
    core.add_bot("hard", make_policy("hard", 2, "bold"), 0.0, temperament="bold")
    core.add_bot("easy", make_policy("easy", 3), 0.0)
    core.start(0.0)
    return core


def test_thinking_asked_and_answered_makes_the_records_the_host_makes_thinking_at_once() -> None:
    at_once, asked = _table(), _table()
    for n in range(MOVES):
        now = 1.0 + n
        at_once.step(now)
        question = asked.ask()
        assert question is not None
        asked.answer(question, think(question), now)
    assert asked.records == at_once.records and len(asked.records) == MOVES + 1


def test_thinking_an_answer_the_table_moved_on_from_is_not_taken() -> None:
    core = _table()
    question = core.ask()
    assert question is not None
    thought = think(question)
    assert thought.player is not question.player, "the thought was on a twin"
    core.step(1.0)   # the table moves on meanwhile (here: the same player, thinking at once)
    seq = core.seq
    assert not core.asked(question)
    assert core.answer(question, thought, 2.0) == [] and core.seq == seq
    assert core.policies[question.seat] is question.player, "the player is as it was"
    again = core.ask()
    assert again is not None and again.seq == seq


class Erring:
    def choose(self, game: Game, seat: int) -> Action:
        raise ValueError("a computer player's bug")


def test_thinking_a_player_that_errs_makes_the_clocks_move() -> None:
    core = TableHost(profile(0, "Host"), table="0123456789abcdef", clock=False, solo=True, chain_seed=b"erring")
    core.sit_host(0.0, policy=Erring())
    core.add_bot("easy", Erring(), 0.0)
    core.start(0.0)
    question = core.ask()
    assert question is not None and core.game is not None
    safe = core.game.safe_action(question.seat)
    thought = think(question)
    assert thought.action is None
    core.answer(question, thought, 1.0)
    record = read_body(split_record(core.records[-1])[0])
    assert isinstance(record, HostBody) and record.auto == safe

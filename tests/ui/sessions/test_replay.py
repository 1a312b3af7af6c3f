"""A saved game watched again, without a window (ui/sessions/replay.py): every position the
replay stands at is the engine's own, stepped or jumped to; it plays at the pace of a live
table times its speed and waits while the window holds it; a jump brings the figures and
the feed as they were then; the handover of a table taken over is a line of the feed; a file
that fails the check is refused unless asked for up to its last good record."""
from __future__ import annotations

import math
from pathlib import Path

import pytest
from helpers.p2p import body
from helpers.replays import Played, bot_game, save, taken_over_game

from zemlevlasnyk.engine import Event, preset_names
from zemlevlasnyk.engine.events import Bankrupt, Eliminated, TradeAccepted, TurnStarted
from zemlevlasnyk.engine.presets import UNLISTED
from zemlevlasnyk.p2p import Failure, rewind_of
from zemlevlasnyk.ui.sessions.playback import BOT_PACE
from zemlevlasnyk.ui.sessions.replay import (
    CATCH_UP,
    INSTANT_RECORDS,
    SPEEDS,
    Mark,
    ReplayRefused,
    ReplayTable,
    open_replay,
)
from zemlevlasnyk.ui.words.stats import GameStats
from zemlevlasnyk.ui.words.text import Say


@pytest.fixture(scope="module")
def played() -> Played:
    return bot_game("zemlevlasnyk", seed=3)


def _replay(played: Played) -> ReplayTable:
    return ReplayTable(rewind_of(played.table, played.host, played.records))


def _state(played: Played, seq: int) -> str:
    return str(body(played.records[seq])["state"])


def test_replay_every_step_and_jump_stands_at_the_engines_own_state(played: Played) -> None:
    replay = _replay(played)
    assert replay.position == 0 and replay.game.state_hash() == _state(played, 0)
    while replay.forward():
        assert replay.game.state_hash() == _state(played, replay.position)
    assert replay.at_end and replay.position == len(played.records) - 1
    for _ in range(40):
        replay.back()
        assert replay.game.state_hash() == _state(played, replay.position)
    for seq in (7, len(played.records) // 2, 0, len(played.records) - 1, 33):
        replay.jump(seq)
        assert replay.game.state_hash() == _state(played, seq)


def test_replay_turns_forward_and_back_stand_at_each_turns_start(played: Played) -> None:
    replay = _replay(played)
    starts = replay.turn_starts
    assert starts[0] == 0 and starts == sorted(starts) and replay.turns == replay.rewind.steps[-1].turn
    for turn in range(2, 6):
        replay.turn_forward()
        assert replay.position == starts[turn - 1] and replay.turn == turn
        assert any(isinstance(e, TurnStarted) and e.turn == turn for e in replay.rewind.steps[replay.position].events)
    replay.forward()
    replay.turn_back()
    assert replay.position == starts[4], "back to the start of this turn"
    replay.turn_back()
    assert replay.position == starts[3], "at a turn's start: back to the turn before"
    replay.to_turn(replay.turns // 2)
    assert replay.turn == replay.turns // 2 and replay.position == starts[replay.turns // 2 - 1]


def test_replay_a_step_tells_its_events_a_jump_stands_with_the_figures_of_then(played: Played) -> None:
    replay = _replay(played)
    for _ in range(30):
        replay.forward()
    told = replay.take_events()
    assert told == [e for step in replay.rewind.steps[1:31] for e in step.events]
    assert replay.take_jump() is None
    seq = len(played.records) * 2 // 3
    replay.jump(seq)
    jump = replay.take_jump()
    assert jump is not None and jump.seq == seq and replay.take_events() == []
    fresh = GameStats.start(replay.rules, len(replay.players))
    fresh.feed(e for step in replay.rewind.steps[:seq + 1] for e in step.events)
    assert jump.stats.worth == fresh.worth and jump.stats.landings == fresh.landings
    assert jump.stats.turn == fresh.turn and jump.stats.trades == fresh.trades
    assert jump.stats.agrees_with(replay.game)
    assert jump.stats.seconds == replay.rewind.steps[seq].at / 1000
    out = [e.seat for step in replay.rewind.steps[:seq + 1] for e in step.events if isinstance(e, Eliminated)]
    assert list(jump.eliminated) == out
    assert jump.recent and all(isinstance(item, (Event, Say)) for item in jump.recent)
    assert list(jump.recent)[-len(replay.rewind.steps[seq].events) or None:] == \
        list(replay.rewind.steps[seq].events)[-len(replay.rewind.steps[seq].events) or None:]


def test_replay_the_slider_marks_every_bankruptcy_and_trade(played: Played) -> None:
    replay = _replay(played)
    turn, bankruptcies, trades = 1, [], []
    for e in (e for step in replay.rewind.steps for e in step.events):
        turn = e.turn if isinstance(e, TurnStarted) else turn    # the turn it happened in, not the next
        if isinstance(e, Bankrupt):
            bankruptcies.append(turn)
        elif isinstance(e, TradeAccepted):
            trades.append(turn)
    assert bankruptcies, "a whole game ends with bankruptcies"
    assert [t for t, m in replay.marks if m is Mark.BANKRUPTCY] == bankruptcies
    assert [t for t, m in replay.marks if m is Mark.TRADE] == trades


def test_replay_plays_at_the_live_pace_times_its_speed_and_waits_while_held(played: Played) -> None:
    replay = _replay(played)
    replay.play()
    for speed in SPEEDS[:3]:
        replay.choose_speed(speed)
        replay.take_events()
        start = replay.position
        moved_at = []
        for n in range(400):
            before = replay.position
            replay.tick(0.01)
            if replay.position != before and replay.take_events():
                moved_at.append(n * 0.01)
        gaps = [b - a for a, b in zip(moved_at, moved_at[1:], strict=False)]
        assert replay.position > start and min(gaps) >= BOT_PACE / speed - 0.011, (speed, min(gaps))
    replay.hold = True
    held = replay.position
    for _ in range(100):
        replay.tick(0.05)
    assert replay.position == held, "the window still shows the last move"
    replay.hold = False
    replay.choose_speed(math.inf)
    for _ in range(20):
        replay.tick(0.05)
    assert INSTANT_RECORDS * 0.5 <= replay.position - held <= INSTANT_RECORDS + 1
    replay.tick(5.0)
    assert replay.position - held <= INSTANT_RECORDS * (1 + CATCH_UP) + 2, "a late frame brings no burst"


def test_replay_the_end_has_the_outcome_and_going_back_takes_it_away(played: Played) -> None:
    replay = _replay(played)
    assert replay.outcome is None
    replay.to_end()
    assert replay.at_end and replay.outcome is not None and replay.complete
    replay.back()
    assert replay.outcome is None and not replay.at_end
    replay.play()
    replay.choose_speed(math.inf)
    for _ in range(5):
        replay.tick(1.0)
    assert replay.at_end and not replay.playing and replay.outcome is not None
    replay.play()
    assert replay.position == 0 and replay.playing, "play at the end starts again"
    assert not replay.act(replay.game.safe_action(0)) and not replay.computer_to_move()   # type: ignore[arg-type]


def test_replay_a_table_taken_over_tells_its_handover() -> None:
    played = taken_over_game()
    replay = _replay(played)
    replay.play()
    replay.choose_speed(math.inf)
    told = []
    while not replay.at_end:
        replay.tick(1.0)
        told += replay.take_events()
    lines = [item for item in told if isinstance(item, Say)]
    assert lines == [Say("replay.handover", {"old": Say("replay.first_host"), "new": "P1"})]
    assert "P1" in lines[0].text("en") and "перший господар" in lines[0].text("uk")
    assert replay.complete and replay.game.state_hash() == _state(played, len(played.records) - 1)


def test_replay_a_file_that_fails_the_check_is_refused_or_shown_up_to_its_last_good_record(
        tmp_path: Path, played: Played) -> None:
    whole = open_replay(save(tmp_path / "whole.zvl", played))
    assert whole.complete and whole.last == len(played.records) - 1
    unfinished = open_replay(save(tmp_path / "unfinished.zvl", played, played.records[:100]))
    assert unfinished.last == 99 and not unfinished.partial and not unfinished.rewind.ended
    damaged = save(tmp_path / "damaged.zvl", played)
    lines = damaged.read_bytes().split(b"\n")
    at = lines[60].index(b'"state":"') + len(b'"state":"')
    lines[60] = lines[60][:at] + (b"0" if lines[60][at:at + 1] != b"0" else b"1") + lines[60][at + 1:]
    damaged.write_bytes(b"\n".join(lines))
    with pytest.raises(ReplayRefused) as refused:
        open_replay(damaged)
    assert refused.value.verdict.failure is Failure.BAD_RECORD and refused.value.verdict.seq == 59
    partial = open_replay(damaged, partial=True)
    assert partial.partial and partial.last == 58 and not partial.complete
    assert partial.game.state_hash() == _state(played, 0)
    torn = save(tmp_path / "torn.zvl", played)
    torn.write_bytes(torn.read_bytes()[:-40])
    with pytest.raises(ReplayRefused) as refused:
        open_replay(torn)
    assert refused.value.verdict.failure is Failure.TORN
    assert open_replay(torn, partial=True).last == len(played.records) - 2
    (tmp_path / "empty.zvl").write_bytes(b"not a saved game\n")
    with pytest.raises(ReplayRefused):
        open_replay(tmp_path / "empty.zvl", partial=True)


@pytest.mark.parametrize("preset", sorted({*preset_names(), *UNLISTED}))
def test_replay_of_every_preset_stands_at_the_engines_own_state(preset: str) -> None:
    """Each preset's own mechanisms (kept cards, plates, auctions by steps...) replay exactly:
    forward to the end and back through a jump, every position the recorded state."""
    game = bot_game(preset, seed=2)
    replay = _replay(game)
    assert replay.rules.preset == preset
    while replay.forward():
        assert replay.game.state_hash() == _state(game, replay.position)
    assert replay.at_end
    for seq in (len(game.records) // 3, 1, len(game.records) - 2):
        replay.jump(seq)
        assert replay.game.state_hash() == _state(game, seq)

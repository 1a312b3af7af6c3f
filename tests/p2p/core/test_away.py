"""The "was I away?" rule (`p2p.core.away`), sans-IO with plain times: a loop of ours that
wakes far later than it asked to was not running, and its absence is never the other
side's silence; one merely late was held up, and is told so."""
from __future__ import annotations

from zemlevlasnyk.p2p.core.away import AWAY_SECONDS, LATE_SECONDS, Heard, Waking, waking


def test_a_loop_on_time_late_or_away_is_told_which() -> None:
    assert waking(100.0, 100.0) is Waking.ON_TIME
    assert waking(100.0, 99.0) is Waking.ON_TIME          # woken before its deadline
    assert waking(100.0, 100.0 + LATE_SECONDS / 2) is Waking.ON_TIME
    assert waking(100.0, 100.0 + LATE_SECONDS * 2) is Waking.LATE
    assert waking(100.0, 100.0 + AWAY_SECONDS) is Waking.LATE
    assert waking(100.0, 100.0 + AWAY_SECONDS + 0.01) is Waking.AWAY
    assert waking(None, 1e9) is Waking.ON_TIME             # it asked for nothing: it was woken


def test_our_own_absence_is_not_the_other_sides_silence() -> None:
    """A watch that asked to wake when the other side had been silent 12 s, and runs 40 s
    later (a closed lid), counts that side's silence from its own waking."""
    heard = Heard(10.0)
    asked = heard.at + 12.0
    assert heard.woke(asked, asked + 40.0) is Waking.AWAY
    assert heard.silent_for(asked + 40.0) == 0.0
    assert heard.silent_for(asked + 41.0) == 1.0


def test_a_late_watch_still_judges_the_silence_it_measured() -> None:
    heard = Heard(10.0)
    assert heard.woke(22.0, 22.5) is Waking.LATE
    assert heard.silent_for(22.5) == 12.5


def test_what_the_other_side_said_moves_its_silence_on_never_back() -> None:
    heard = Heard(10.0)
    heard.said(15.0)
    heard.said(12.0)       # an older word read late
    assert heard.at == 15.0
    assert heard.woke(20.0, 20.05) is Waking.ON_TIME and heard.at == 15.0

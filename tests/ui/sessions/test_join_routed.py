"""A window that joined a table through a router (issue 20, item 4): it never takes the table
over by itself (nobody across the router could find it), while a window on the host's
network does, as before."""
from __future__ import annotations

from helpers.p2p import profile

from zemlevlasnyk.p2p import Invite
from zemlevlasnyk.ui.sessions.join import JoinSession


def test_a_window_joined_across_a_router_does_not_take_the_table_over(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    here = Invite("127.0.0.1", 40001, "00112233aabbccdd", profile(0).public_key, None)
    far = Invite("10.214.1.11", 40001, "00112233aabbccdd", profile(0).public_key, None)
    assert JoinSession(profile(1), here, interfaces=["127.0.0.1"]).follower.follow.auto_resume
    assert not JoinSession(profile(1), far, interfaces=["127.0.0.1"]).follower.follow.auto_resume


def test_a_window_that_takes_a_table_over_has_its_computer_players_think_aside(tmp_path, monkeypatch) -> None:
    """Once a window hosts a table it took over, the table's computer players think in a
    worker thread, as at the window's own tables (the frame loop draws on meanwhile)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    here = Invite("127.0.0.1", 40001, "00112233aabbccdd", profile(0).public_key, None)
    assert JoinSession(profile(1), here, interfaces=["127.0.0.1"]).follower.think_aside

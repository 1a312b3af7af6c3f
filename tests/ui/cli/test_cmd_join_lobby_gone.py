"""A lobby whose host is gone (issue 20), on the command line: `join` seated in a lobby whose
host's process is killed (no goodbye: a laptop gone) waits the takeover delay for it
(`--resume-after`, shortened here), then says in one line that the table is gone and exits,
instead of redialling for ever. Real processes over TCP on 127.0.0.1."""
from __future__ import annotations

import signal

import pytest
from helpers.faults import Player
from helpers.wait import wait_for

pytestmark = pytest.mark.slow

# The joiner's takeover delay, shortened: a lobby's host is waited for this long.
RESUME_AFTER = "3"
# Bounds on a hang on a busy machine, not expectations.
SEATED_SECONDS = 60
GONE_SECONDS = 120


def test_join_in_a_lobby_whose_host_is_gone_says_the_table_is_gone_and_exits(tmp_path) -> None:
    host = Player("host", ["host", "--name", "Host", "--start-at", "4", "--bind", "127.0.0.1", "--no-mdns"],
                  tmp_path / "host")
    joiner: Player | None = None
    try:
        link = host.link()
        joiner = Player("Anna", ["join", link, "--name", "Anna", "--bot", "medium",
                                 "--resume-after", RESUME_AFTER], tmp_path / "Anna")
        assert wait_for(lambda: "admitted" in joiner.err(), timeout=SEATED_SECONDS), joiner.err()
        host.signal(signal.SIGKILL)
        code = joiner.wait(GONE_SECONDS)
        said = joiner.err()
        assert code == 2, said
        assert "Traceback" not in said
        assert said.strip().splitlines()[-1].startswith(
            f"zemlevlasnyk join: the table is gone: its host has not answered for {RESUME_AFTER} s"), said
    finally:
        host.stop()
        if joiner is not None:
            joiner.stop()

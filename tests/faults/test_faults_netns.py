"""A laptop's link cut for 30 s and restored, on a test LAN of network namespaces (see
tests/helpers/netns.py; needs root, skipped with the reason otherwise): the table recovers with no
cheating report, the cut player rejoins and plays on, and nobody takes the table over (a
partition shorter than `p2p.net.resume.RESUME_AFTER_SECONDS` never makes a second host)."""
from __future__ import annotations

import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from helpers.faults import SavedGameWatcher, on_laptop, verify
from helpers.netns import IP_TIMEOUT_S, Lan, NetnsUnavailable, open_lan
from helpers.wait import wait_for

pytestmark = [pytest.mark.netns, pytest.mark.slow]

# How long the link stays cut: far beyond the 12 s after which both sides call the
# connection dead, well short of the minute after which a player takes the table over.
CUT_SECONDS = 30
GAME_TIMEOUT_SECONDS = 900


@pytest.fixture
def lan() -> Iterator[Lan]:
    with ExitStack() as stack:
        try:
            made = stack.enter_context(open_lan(3))
        except NetnsUnavailable as exc:
            pytest.skip(f"no test LAN: {exc}")
        yield made


def _seq(watcher: SavedGameWatcher) -> int:
    replica = watcher.poll()
    assert replica is not None
    return replica.seq


def _link(lan: Lan, index: int, state: str) -> None:
    """Plug (`up`) or unplug (`down`) a laptop's cable at the bridge."""
    subprocess.run(["ip", "-n", lan.bridge, "link", "set", f"port{index}", state], check=True,
                   timeout=IP_TIMEOUT_S)


def test_fault_a_link_cut_for_30_seconds_and_restored_the_table_recovers(lan: Lan, tmp_path: Path) -> None:
    host_laptop, cut_laptop, other_laptop = lan.laptops
    host = on_laptop(host_laptop, "host", ["host", "--name", "Olena", "--bot", "medium", "--bots", "medium",
                                           "--start-at", "4", "--seed", "1", "--option", "turn_cap=400"],
                     tmp_path / "host")
    players = [host]
    try:
        link = host.link()
        cut = on_laptop(cut_laptop, "Taras", ["join", link, "--name", "Taras", "--bot", "medium", "--seed", "2"],
                        tmp_path / "taras")
        other = on_laptop(other_laptop, "Oksana", ["join", link, "--name", "Oksana", "--bot", "medium", "--seed", "3"],
                          tmp_path / "oksana")
        players += [cut, other]
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=60), host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.seq >= 30, timeout=120), host.err()
        _link(lan, 1, "down")
        cut_at = _seq(watcher)
        time.sleep(CUT_SECONDS)
        during = _seq(watcher)
        _link(lan, 1, "up")
        # The others played on meanwhile (the cut seat on safe moves once its clock ran out).
        assert during > cut_at
        print(f"records during the {CUT_SECONDS} s cut: {during - cut_at}")
        for player in players:
            code = player.wait(GAME_TIMEOUT_SECONDS)
            assert code == 0, f"{player.name} exited {code}:\n{player.all_err()[-3000:]}"
        hashes = {p.name: p.final_hash() for p in players}
        assert len(set(hashes.values())) == 1 and None not in hashes.values(), hashes
        said = cut.all_err()
        assert "dialling again" in said and "taking it over" not in said, said[-3000:]
        assert "Taras lost the connection" in host.err() and "Taras is back" in host.err(), host.err()[-3000:]
        for player in players:
            assert "CHEATED" not in player.out()
            done = verify(player.saved_game())
            assert done.returncode == 0 and done.stdout.startswith("OK:"), done.stdout + done.stderr
    finally:
        for player in players:
            player.stop()

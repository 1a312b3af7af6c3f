"""`zemlevlasnyk resume` speaks the language chosen: every line it prints (taking the table
over, hosting it, a player back, the result) is a sentence of that language's catalogue,
and no line is one of the other language's. Real processes on 127.0.0.1: a host killed
mid-game, its process started again with `resume --lang`, the player rejoining it found by
mDNS; the game ends under the resumed host."""
from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.faults import Player, SavedGameWatcher
from helpers.wait import wait_for

from zemlevlasnyk.ui.words.text import catalogue

pytestmark = pytest.mark.slow

# Computer players end a capped game within a minute or two here; this bounds a hang.
GAME_TIMEOUT_SECONDS = 600
# The game is cut short: the test is about the words, not about a long game.
TURN_CAP = ["--option", "turn_cap=100"]
# How often the test looks at the host's saved game while it waits for the game to start
# (a capped game between computer players takes a second or two here).
POLL_SECONDS = 0.02


def _texts(entry: Any) -> Iterator[str]:
    if isinstance(entry, str):
        yield entry
    elif isinstance(entry, dict):
        for value in entry.values():
            yield from _texts(value)
    elif isinstance(entry, list):
        for value in entry:
            yield from _texts(value)


def _catalogued(lang: str) -> set[str]:
    """Every sentence the command line may print in `lang` (with its {fields})."""
    words = catalogue(lang)
    shown = (*_texts(words["commands"]), *_texts(words["ui"]["errors"]), *_texts(words["ui"].get("reasons", {})))
    return {text for text in shown if text.strip()}


def _patterns(texts: set[str]) -> list[re.Pattern[str]]:
    """The sentences as patterns, each field matching anything."""
    return [re.compile("".join(".+?" if part.startswith("{") else re.escape(part)
                               for part in re.split(r"(\{[^}]*\})", text)) + r"\Z", re.S) for text in texts]


def _worded(text: str) -> bool:
    """Words outside the fields (not a bare "{why} ({code})")."""
    return re.search(r"[^\W\d_]{2}", re.sub(r"\{[^}]*\}", "", text)) is not None


def _lines(player: Player) -> list[str]:
    return [line for line in (player.out() + player.err()).splitlines() if line.strip()]


@pytest.mark.parametrize(("lang", "other"), [("uk", "en"), ("en", "uk")])
def test_cmd_resume_every_line_comes_from_the_chosen_catalogue(tmp_path: Path, lang: str, other: str) -> None:
    host = Player("host", ["host", "--name", "Host", "--bots", "idle", "--start-at", "2", "--bind", "127.0.0.1",
                           "--no-mdns", "--seed", "1", *TURN_CAP], tmp_path / "host")
    players = [host]
    try:
        joiner = Player("Taras", ["join", host.link(), "--name", "Taras", "--bot", "medium", "--seed", "2",
                                  "--interface", "127.0.0.1", "--resume-after", "600"], tmp_path / "taras")
        players.append(joiner)
        assert wait_for(lambda: any((tmp_path / "host").glob("zemlevlasnyk/games/*.zvl")), timeout=60), host.err()
        watcher = SavedGameWatcher(host.saved_game())
        assert wait_for(lambda: (r := watcher.poll()) is not None and r.seq >= 0, timeout=120, every=POLL_SECONDS), \
            host.err()
        # Taras stopped, the game waits for its next decision (the clock gives it 30 s): the
        # host is killed mid-game, never after the end. Unstopped, a fast machine played the
        # whole capped game between two looks and `resume` found nothing to resume.
        joiner.signal(signal.SIGSTOP)
        host.signal(signal.SIGKILL)
        host.wait(30)
        joiner.signal(signal.SIGCONT)
        replica = watcher.poll()
        assert replica is not None and not replica.over, "the game ended before the host was killed"
        host.restart(["resume", "--interface", "127.0.0.1", "--bind", "127.0.0.1", "--bot", "idle", "--lang", lang])
        assert host.wait(GAME_TIMEOUT_SECONDS) == 0, host.err()
        joiner.wait(GAME_TIMEOUT_SECONDS)
    finally:
        for player in players:
            player.stop()
    said = catalogue(lang)["commands"]["resume"]
    lines = _lines(host)
    assert said["back"].format(name="Taras") in lines, lines
    assert any(line.startswith(said["final"].split("{")[0]) for line in lines), lines
    ours = _patterns(_catalogued(lang))
    theirs = _patterns({text for text in _catalogued(other) - _catalogued(lang) if _worded(text)})
    assert [line for line in lines if not any(s.match(line) for s in ours)] == []
    assert [line for line in lines if any(s.match(line) for s in theirs)] == []

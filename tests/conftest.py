"""The suite's environment, whatever the machine's.

- The game's language follows the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), and
  many tests read English lines of the commands they run, in-process or as processes that
  inherit this environment. So the tests start from an English locale with nothing
  overriding LANG; a test that wants Ukrainian sets LANG itself (monkeypatch.setenv, or a
  process's env).
- Ctrl-C: several tests send SIGINT to a command's process and expect it to end as a
  person's Ctrl-C ends it (exit 130, one line, its advert withdrawn). A shell without job
  control starts a background job (`.ci/run &`, `nohup`) with SIGINT ignored, and ignored
  signals are inherited through exec, so those processes would never see it (Python keeps
  an ignored SIGINT ignored). The suite takes SIGINT back to Python's own handler, which
  every process it starts then begins with as the default disposition.
- Chance: every test's in-process tables draw their secrets and dice contributions from a
  stream seeded by the test's own name (`helpers.p2p.seeded_secrets`), so a test plays the
  same games on every run and machine. With the machine's randomness, a few tables' games
  between computer players went on for thousands of turns in one run out of several (CI hung
  on one for an hour).
- A test that runs past `TEST_LIMIT_SECONDS` is a hang: its name and every thread's stack
  are printed and the run ends there, rather than when CI's own time runs out.
- `loopback`: a window's data folder in the test's own `tmp_path` and its network
  127.0.0.1 only, for the tests that open a window at a real table."""
from __future__ import annotations

import faulthandler
import os
import signal
import sys
import threading
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers.p2p import seeded_secrets

from zemlevlasnyk.p2p.lan.interfaces import ENV_VAR

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "en_GB.UTF-8"

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


# The slowest test takes a few minutes on a 2-core machine loaded four times over; 25 minutes
# is a hang (CI's own limit is 90).
TEST_LIMIT_SECONDS = 1500
# Where a hang is told: the terminal's stderr as it was before pytest captured it (a test's
# captured output is lost when the run ends at once).
_TERMINAL: dict[str, int] = {}


def pytest_configure(config: pytest.Config) -> None:
    _TERMINAL["stderr"] = os.dup(sys.stderr.fileno())


def _hung(nodeid: str) -> None:
    fd = _TERMINAL["stderr"]
    os.write(fd, f"\n{nodeid} ran for more than {TEST_LIMIT_SECONDS} s: a hang; every thread's stack:\n".encode())
    faulthandler.dump_traceback(file=fd, all_threads=True)
    os._exit(1)


@pytest.fixture(autouse=True)
def seeded_chance(request: pytest.FixtureRequest) -> Iterator[None]:
    """The test's tables' chance seeded by its name, and the hang watchdog."""
    watchdog = threading.Timer(TEST_LIMIT_SECONDS, _hung, (request.node.nodeid,))
    watchdog.daemon = True
    watchdog.start()
    try:
        with seeded_secrets(zlib.crc32(request.node.nodeid.encode())):
            yield
    finally:
        watchdog.cancel()


@pytest.fixture
def loopback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The window's data folder in `tmp_path`, its network 127.0.0.1."""
    monkeypatch.setenv(ENV_VAR, "127.0.0.1")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    return tmp_path

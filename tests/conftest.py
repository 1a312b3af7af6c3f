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
- `loopback`: a window's data folder in the test's own `tmp_path` and its network
  127.0.0.1 only, for the tests that open a window at a real table."""
from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest

from zemlevlasnyk.p2p.interfaces import ENV_VAR

for _name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_name, None)
os.environ["LANG"] = "en_GB.UTF-8"

if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def loopback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The window's data folder in `tmp_path`, its network 127.0.0.1."""
    monkeypatch.setenv(ENV_VAR, "127.0.0.1")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "window"))
    return tmp_path

"""`zemlevlasnyk resume FILE` with a path that is no saved game's file (missing, a folder)
says why it cannot be read, in the catalogue's words, exit 2, no traceback; it used to
take the path for a table id («no unfinished game of table /x/y.zvl»). A table id or code
that matches nothing still says so. Real processes."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from helpers.p2p import cli, subprocess_env

# Bounds a hang of the process (it answers at once).
PROCESS_TIMEOUT_SECONDS = 120


def _resume(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cli("resume", *args), env=subprocess_env(tmp_path / "data"), capture_output=True,
                          text=True, timeout=PROCESS_TIMEOUT_SECONDS, cwd=tmp_path)


@pytest.mark.parametrize("name", ["gone/game.zvl", "game.zvl"])
def test_cmd_resume_a_missing_file_is_named_as_missing(tmp_path: Path, name: str) -> None:
    proc = _resume(tmp_path, name)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.splitlines() == [f"zemlevlasnyk resume: cannot read {name}: no such file or folder"]
    assert not (tmp_path / name).exists()


def test_cmd_resume_a_folder_is_not_a_file(tmp_path: Path) -> None:
    (tmp_path / "saved").mkdir()
    proc = _resume(tmp_path, "saved")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == ["zemlevlasnyk resume: cannot read saved: it is a folder, not a file"]


def test_cmd_resume_a_missing_file_in_ukrainian(tmp_path: Path) -> None:
    proc = _resume(tmp_path, "gone.zvl", "--lang", "uk")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == ["zemlevlasnyk resume: не вдається прочитати файл gone.zvl: "
                                        "немає такого файлу чи теки"]


def test_cmd_resume_a_table_id_that_matches_nothing_still_says_so(tmp_path: Path) -> None:
    proc = _resume(tmp_path, "0123456789abcdef")
    assert proc.returncode == 2
    assert proc.stderr.splitlines() == [f"zemlevlasnyk resume: no unfinished game of table 0123456789abcdef for this "
                                        f"profile in {tmp_path / 'data' / 'zemlevlasnyk' / 'games'}"]

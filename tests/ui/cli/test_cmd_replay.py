"""`zemlevlasnyk replay FILE` (ui/cli/replay.py): a saved game is verified before the window
opens on it; one that fails the check is refused in one line (exit 1) unless `--partial`
asks for it up to its last good record."""
from __future__ import annotations

from pathlib import Path

import pytest
from helpers.replays import Played, bot_game, save

from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.shell import nav


@pytest.fixture(scope="module")
def played() -> Played:
    return bot_game("zemlevlasnyk", seed=3)


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Where the window would have opened (it is not opened)."""
    import zemlevlasnyk.ui.shell.app as app
    seen: list[object] = []

    def run_window(*, lang: str | None = None, first: object = None, interfaces: object = None) -> int:
        seen.append(first)
        return 0

    monkeypatch.setattr(app, "run_window", run_window)
    return seen


def _damage(path: Path, line: int) -> Path:
    lines = path.read_bytes().split(b"\n")
    at = lines[line].index(b'"state":"') + len(b'"state":"')
    lines[line] = lines[line][:at] + (b"0" if lines[line][at:at + 1] != b"0" else b"1") + lines[line][at + 1:]
    path.write_bytes(b"\n".join(lines))
    return path


def test_cmd_replay_opens_the_window_on_a_whole_game(tmp_path: Path, played: Played, opened: list[object]) -> None:
    assert main(["replay", str(save(tmp_path / "game.zvl", played))]) == 0
    [first] = opened
    assert isinstance(first, nav.Watch) and first.replay.complete and first.replay.last == len(played.records) - 1


def test_cmd_replay_refuses_a_damaged_file_in_one_line(tmp_path: Path, played: Played, opened: list[object],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = _damage(save(tmp_path / "game.zvl", played), 60)
    assert main(["replay", str(path), "--lang", "en"]) == 1
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.strip().splitlines()) == 1
    assert out.err.startswith(f"zemlevlasnyk replay: {path} is not shown: record 59 (line 61)")
    assert "--partial" in out.err and opened == []
    assert main(["replay", str(path), "--lang", "uk"]) == 1
    assert "не показано: запис 59 (рядок 61)" in capsys.readouterr().err


def test_cmd_replay_partial_shows_a_damaged_file_up_to_its_last_good_record(tmp_path: Path, played: Played,
                                                                            opened: list[object]) -> None:
    path = _damage(save(tmp_path / "game.zvl", played), 60)
    assert main(["replay", str(path), "--partial"]) == 0
    [first] = opened
    assert isinstance(first, nav.Watch) and first.replay.partial and first.replay.last == 58


def test_cmd_replay_a_file_that_is_not_there_or_no_game(tmp_path: Path, opened: list[object],
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "missing.zvl"), "--lang", "en"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "missing.zvl" in err and "Traceback" not in err
    (tmp_path / "junk.zvl").write_text("not a saved game\n")
    assert main(["replay", str(tmp_path / "junk.zvl"), "--partial", "--lang", "en"]) == 1
    assert len(capsys.readouterr().err.strip().splitlines()) == 1 and opened == []

"""The commands' language without --lang: the one kept in the window's settings, else the
system's. Read from the settings file alone (`ui.words.language`), so a command needs neither the
profiles nor the window's settings code; a file whose other fields the window refuses still
names the language the person chose."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from zemlevlasnyk.ui.cli import main
from zemlevlasnyk.ui.shell.settings import Settings, load_settings, save_settings
from zemlevlasnyk.ui.words.language import LOCALE_VARIABLES, preferred_language, saved_language


@pytest.fixture
def english_system(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LOCALE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")


def test_language_follows_the_system_without_settings(tmp_path: Path, english_system: None) -> None:
    assert saved_language(tmp_path) is None
    assert preferred_language(tmp_path) == "en"


def test_language_is_the_one_saved_by_the_window(tmp_path: Path, english_system: None) -> None:
    save_settings(Settings(lang="uk", volume=30), tmp_path)
    assert load_settings(tmp_path).settings.lang == "uk"
    assert saved_language(tmp_path) == "uk"
    assert preferred_language(tmp_path) == "uk"


def test_language_is_kept_when_another_setting_is_refused(tmp_path: Path, english_system: None) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"format": 1, "lang": "uk", "volume": True}), "utf-8")
    assert load_settings(tmp_path).problem is not None
    assert preferred_language(tmp_path) == "uk"


@pytest.mark.parametrize("content", ["{", "[]", "\"uk\"", '{"format": 99, "lang": "uk"}', '{"format": 1, "lang": "de"}',
                                     '{"format": 1, "lang": ["uk"]}', '{"format": 1}', b"\xff\xfe"])
def test_language_from_an_unusable_file_is_the_system_s(tmp_path: Path, english_system: None,
                                                         content: str | bytes) -> None:
    path = tmp_path / "settings.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, "utf-8")
    assert saved_language(tmp_path) is None
    assert preferred_language(tmp_path) == "en"


def test_language_of_a_command_without_lang_is_the_saved_one(tmp_path: Path, english_system: None,
                                                             monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    save_settings(Settings(lang="uk"), tmp_path / "zemlevlasnyk")
    assert main(["simulate", "--games", "0"]) == 2
    assert "--games: щонайменше 1" in capsys.readouterr().err
    save_settings(Settings(lang="en"), tmp_path / "zemlevlasnyk")
    assert main(["simulate", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err

"""Profiles on disk (p2p/store/profiles.py): private folders and files, and bad profiles or
places as clear local errors that change nothing."""
from __future__ import annotations

import stat
from pathlib import Path

import pytest

from zemlevlasnyk.p2p.core.errors import Code, Fault, ProtocolError
from zemlevlasnyk.p2p.store.profiles import load_or_create, private_folder


def test_profiles_are_private(tmp_path: Path) -> None:
    data = tmp_path / "data"
    load_or_create("default", folder=data)
    path = data / "profiles" / "default.json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE((data / "profiles").stat().st_mode) == 0o700
    assert stat.S_IMODE(data.stat().st_mode) == 0o700


def test_a_too_open_data_folder_is_made_private(tmp_path: Path) -> None:
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    data.chmod(0o755)
    (data / "games").chmod(0o777)
    private_folder("games", folder=data)
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / "games").stat().st_mode) == 0o700


@pytest.mark.parametrize("content", ["[1, 2]", '"a string"', "null", "{not json", '{"format": 1}'])
def test_a_bad_profile_is_a_local_error_and_stays_as_it_is(tmp_path: Path, content: str) -> None:
    path = tmp_path / "profiles" / "default.json"
    path.parent.mkdir(parents=True)
    path.write_text(content)
    with pytest.raises(ProtocolError) as err:
        load_or_create("default", folder=tmp_path)
    assert err.value.code is Code.BAD_PROFILE and err.value.fault is Fault.LOCAL
    assert "Traceback" not in err.value.message and str(path) in err.value.message
    assert path.read_text() == content


def test_an_unwritable_data_folder_is_a_local_error(tmp_path: Path) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the data folder should be")
    with pytest.raises(ProtocolError) as err:
        load_or_create("default", folder=blocker)
    assert err.value.code is Code.BAD_PROFILE and err.value.fault is Fault.LOCAL
    assert "cannot save profile" in err.value.message
    assert blocker.read_text() == "a file where the data folder should be"

"""A wheel built from the repo installs one `zemlevlasnyk` package, carries its data and
works from any folder; nothing generic lands at the top of site-packages."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest
from helpers.paths import REPO

ROOT = REPO
# What a source tree holds that is not part of the package (and may be stale: an in-tree
# build/ left by an earlier build would otherwise ship deleted modules).
NOT_SOURCE = shutil.ignore_patterns(".venv*", "build", "dist", "*.egg-info", ".git", "__pycache__",
                                    ".pytest_cache", ".hypothesis", ".mypy_cache", ".ruff_cache", "out")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    src = tmp_path_factory.mktemp("src") / "zemlevlasnyk"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(src)],
        capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    (built,) = out.glob("zemlevlasnyk-*.whl")
    return built


def test_wheel_installs_one_top_level_package(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names}
    assert tops == {"zemlevlasnyk", next(t for t in tops if t.endswith(".dist-info"))}, tops
    # The sdist's extras (MANIFEST.in) stay out of the installed package.
    inside = {n.split("/")[1] for n in names if n.startswith("zemlevlasnyk/") and n.count("/") > 1}
    assert inside == {"engine", "p2p", "ui", "assets"}, inside


def test_wheel_contains_rulesets_assets_and_licences(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "zemlevlasnyk/engine/rulesets/zemlevlasnyk.json" in names
    assert "zemlevlasnyk/engine/bots/landing.json" in names   # the shipped boards' landing tables
    assert {"zemlevlasnyk/assets/text/uk.json", "zemlevlasnyk/assets/text/en.json"} <= names
    # The sounds and the icon the window uses, with the note saying whose they are.
    assert {f"zemlevlasnyk/assets/sounds/{cue}.wav" for cue in ("dice", "money_in", "money_out", "buy", "build",
                                                                 "jail", "card", "your_turn")} <= names
    assert {"zemlevlasnyk/assets/images/icon.png", "zemlevlasnyk/assets/LICENSE-sounds-images.txt"} <= names
    assert {"zemlevlasnyk/ui/cli/__init__.py", "zemlevlasnyk/p2p/__init__.py", "zemlevlasnyk/__main__.py",
            "zemlevlasnyk/py.typed"} <= names
    assert any(n.endswith("licenses/LICENSE") for n in names)
    assert not any("/tests/" in n or "/benchmarks/" in n for n in names)


def test_wheel_metadata_has_an_spdx_licence_expression(wheel: Path) -> None:
    info = next(n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".dist-info/METADATA"))
    metadata = zipfile.ZipFile(wheel).read(info).decode()
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata


def test_wheel_runs_from_another_folder(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("from zemlevlasnyk import engine; from zemlevlasnyk.ui.words import text; r = engine.load_preset(); "
            "print(r.cell_name(39), text.catalogue('en')['bank'], engine.__file__)")
    proc = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(site)!r}); {code}"],
                          cwd=elsewhere, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Маякова коса" in proc.stdout and "the bank" in proc.stdout
    assert str(site) in proc.stdout, "imported the checkout instead of the wheel"


def test_python_dash_m_and_version() -> None:
    proc = subprocess.run([sys.executable, "-m", "zemlevlasnyk", "--version"], capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("zemlevlasnyk ")


def test_sdist_carries_the_docs_tests_and_licences(tmp_path: Path) -> None:
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=NOT_SOURCE)
    out = tmp_path / "dist"
    proc = subprocess.run([sys.executable, "-m", "build", "--sdist", "-o", str(out), str(src)],
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    (built,) = out.glob("zemlevlasnyk-*.tar.gz")
    with tarfile.open(built) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    assert {"LICENSE", "README.md", "pyproject.toml", "MANIFEST.in", "docs/PROTOCOL.md", "docs/PERFORMANCE.md",
            "tests/house/test_packaging.py", ".ci/run", "engine/rulesets/klasyka.json"} <= names
    assert not any("__pycache__" in name or name.endswith(".pyc") for name in names)


def test_wheel_carries_every_module_of_every_room(wheel: Path) -> None:
    """A new folder of code (a room) is listed in pyproject.toml's packages, or the wheel would
    leave it out and the installed game would fail where the checkout works."""
    names = set(zipfile.ZipFile(wheel).namelist())
    tree = {f"zemlevlasnyk/{p.relative_to(ROOT).as_posix()}" for part in ("engine", "p2p", "ui", "assets")
            for p in (ROOT / part).rglob("*.py")}
    assert tree - names == set()

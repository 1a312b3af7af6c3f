"""A wheel built from the repo carries its data and works from any folder."""
from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(ROOT)],
        capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-2000:]
    (built,) = out.glob("zemlevlasnyk-*.whl")
    return built


def test_wheel_contains_rulesets_and_assets(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "engine/rulesets/zemlevlasnyk.json" in names
    assert "assets/text/uk.json" in names and "assets/text/en.json" in names
    assert "ui/cli.py" in names and "p2p/__init__.py" in names
    assert not any(n.startswith("tests/") for n in names)


def test_wheel_runs_from_another_folder(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    code = ("import engine, ui.text; r = engine.load_preset(); "
            "print(r.cell_name(39), ui.text.catalogue('en')['bank'], engine.__file__)")
    proc = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(site)!r}); {code}"],
                          cwd=elsewhere, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "Маякова коса" in proc.stdout and "the bank" in proc.stdout
    assert str(site) in proc.stdout, "imported the checkout instead of the wheel"

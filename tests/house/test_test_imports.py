"""The tests' own house: a test module shares code through tests/helpers/, never through a test
module in another folder. pytest puts a test file's folder on sys.path only once it collects a
file there, so `from test_x import y` across folders works in a whole run and fails when a few
paths run alone (the lowest-versions run of .ci/run did: test_p2p_core imported test_soak_presets)."""
from __future__ import annotations

import ast
from pathlib import Path

from helpers.paths import REPO

TESTS = REPO / "tests"


def _test_module_imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
        elif isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
    return [n for n in names if n.split(".")[0].startswith("test_") or n.split(".")[0].startswith("conftest")]


def offenders(root: Path = TESTS) -> list[str]:
    found = []
    for path in sorted(root.rglob("test_*.py")):
        for name in _test_module_imports(path):
            first = name.split(".")[0]
            if not (path.parent / f"{first}.py").exists():
                found.append(f"{path.relative_to(root)} imports {name}, which is not beside it")
    return found


def test_test_modules_import_no_test_module_from_another_folder() -> None:
    assert offenders() == []


def test_test_imports_checker_catches_an_offender(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "test_one.py").write_text("X = 1\n")
    (tmp_path / "b" / "test_two.py").write_text("from test_one import X\n")
    (tmp_path / "a" / "test_three.py").write_text("from test_one import X\n")
    assert offenders(tmp_path) == ["b/test_two.py imports test_one, which is not beside it"]

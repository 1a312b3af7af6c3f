"""DESIGN.md's layering for the table: p2p imports neither the window (`ui`) nor pygame,
and what p2p's docstrings name as modules exists (issue 12: `host.py` named `p2p.net`)."""
from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
P2P = ROOT / "p2p"
MODULES = sorted(P2P.glob("*.py"))
FORBIDDEN = ("zemlevlasnyk.ui", "ui", "pygame")
_NAMED = re.compile(r"`(p2p|engine|ui)\.([a-z_]+)")


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_layering_finds_the_p2p_modules() -> None:
    assert {"host.py", "records.py", "driver.py", "messages.py"} <= {p.name for p in MODULES}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_layering_p2p_imports_no_window(path: Path) -> None:
    for name in _imports(path):
        assert not any(name == bad or name.startswith(bad + ".") for bad in FORBIDDEN), f"{path.name} imports {name}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_layering_p2p_docstrings_name_modules_that_exist(path: Path) -> None:
    for package, name in _NAMED.findall(path.read_text("utf-8")):
        folder = ROOT / package
        exported = hasattr(importlib.import_module(f"zemlevlasnyk.{package}"), name)
        assert (folder / f"{name}.py").exists() or (folder / name).is_dir() or exported, \
            f"{path.name} names {package}.{name}, which does not exist"

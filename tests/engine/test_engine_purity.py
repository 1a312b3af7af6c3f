"""docs/DESIGN.md, "engine/ — the rules, and nothing else": every engine module (bots included)
imports neither p2p nor ui, nothing that touches the outside world or randomness, and never
calls `open`; only engine/presets.py reads the packaged rulesets, through the package's loader
(pkgutil) and importlib.resources."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest
from helpers.paths import REPO

ENGINE = REPO / "engine"
MODULES = sorted(ENGINE.rglob("*.py"))

FORBIDDEN = {"p2p", "ui", "random", "time", "socket", "threading", "os", "io", "pathlib",
             "subprocess", "asyncio", "trio", "pygame"}
RESOURCE_READER = ENGINE / "presets.py"


def imported_modules(tree: ast.AST, path: Path) -> set[str]:
    """Every absolute module name this file imports (relative imports resolved)."""
    package = ["engine", *path.relative_to(ENGINE).parent.parts]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and \
                node.func.id == "__import__":
            names.add("__import__")
    return names


def test_purity_finds_the_engine_modules() -> None:
    names = {p.relative_to(ENGINE).as_posix() for p in MODULES}
    assert {"game.py", "state.py", "presets.py", "bots/basic.py", "bots/__init__.py"} <= names


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_purity_engine_imports_nothing_impure(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    for name in imported_modules(tree, path):
        top = name.split(".")[0]
        assert top not in FORBIDDEN, f"{path.name} imports {name}"
        assert name != "__import__", f"{path.name} imports dynamically"
        if top == "importlib":
            assert path == RESOURCE_READER, f"{path.name} imports {name}"
            assert name in ("importlib", "importlib.resources", "importlib.resources.files")
        if top == "pkgutil":
            assert path == RESOURCE_READER and name in ("pkgutil", "pkgutil.get_data"), f"{path.name} imports {name}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.relative_to(ENGINE).as_posix())
def test_purity_engine_never_calls_open(path: Path) -> None:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else \
                func.attr if isinstance(func, ast.Attribute) else None
            assert name not in ("open", "exec", "eval"), \
                f"{path.name}:{node.lineno} calls {name}"


def test_purity_checker_catches_offenders() -> None:
    """The checks above can fail: they flag each kind of offence in a sample module."""
    sample = ENGINE / "bots" / "_sample.py"
    samples = ("import random", "from p2p.core.wire import x", "import os.path",
               "from time import monotonic")
    found = {}
    for code in samples:
        names = imported_modules(ast.parse(code), sample)
        found[code] = {n.split(".")[0] for n in names}
    assert "random" in found["import random"]
    assert "p2p" in found["from p2p.core.wire import x"]
    assert "os" in found["import os.path"]
    assert "time" in found["from time import monotonic"]
    calls = [n for n in ast.walk(ast.parse("open('x').read()")) if isinstance(n, ast.Call)]
    assert any(isinstance(c.func, ast.Name) and c.func.id == "open" for c in calls)

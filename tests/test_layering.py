"""Every "never" of the layering (DESIGN.md, issue 12), checked on the source: imports flow
ui -> p2p -> engine only; the engine's core (all of engine/ outside engine/bots) imports no
bot, since the rules never depend on how a computer player thinks (whole bot games,
`match.py`, live beside the bots); ui is the only part that imports pygame; assets hold no code;
scenes import neither the app nor the router nor each other (they name where to go with
`ui.nav`, and `ui.router` opens the scene). Imports anywhere in a module count: at the
top, inside functions, and under `TYPE_CHECKING`.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "zemlevlasnyk"
PARTS = ("engine", "p2p", "ui", "assets")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def imports_of(path: Path) -> set[str]:
    """Every module the file at `path` imports (see `imports_in`)."""
    return imports_in(path.read_text("utf-8"), module_name(path), is_package=path.name == "__init__.py")


def imports_in(code: str, name: str, *, is_package: bool = False) -> set[str]:
    """Every module the code of module `name` imports, as absolute names
    (`zemlevlasnyk.ui.nav`, `pygame`); `from X import y` counts as importing X and X.y
    (y may be a module)."""
    tree = ast.parse(code)
    package = name.split(".")
    if not is_package:
        package.pop()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def sources(part: str) -> list[Path]:
    return sorted(p for p in (ROOT / part).rglob("*.py") if ".venv" not in p.parts)


def _under(name: str, part: str) -> bool:
    prefix = f"{PACKAGE}.{part}"
    return name == prefix or name.startswith(prefix + ".")


def _all_sources() -> list[Path]:
    return [p for part in PARTS for p in sources(part)]


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


@pytest.mark.parametrize("path", _all_sources(), ids=_id)
def test_layering_imports_flow_one_way(path: Path) -> None:
    name = module_name(path)
    for imported in imports_of(path):
        if _under(name, "engine"):
            assert not _under(imported, "p2p") and not _under(imported, "ui"), f"{_id(path)} imports {imported}"
        if _under(name, "p2p"):
            assert not _under(imported, "ui"), f"{_id(path)} imports {imported}"
        if not _under(name, "ui"):
            assert imported.split(".")[0] != "pygame", f"{_id(path)} imports {imported}: only ui may"


ENGINE_CORE = [p for p in sources("engine") if "bots" not in p.relative_to(ROOT / "engine").parts]


def test_layering_finds_the_engine_core() -> None:
    core = {_id(p) for p in ENGINE_CORE}
    assert {"engine/game.py", "engine/state.py", "engine/phases.py", "engine/events.py"} <= core
    assert not any("bots" in name for name in core)
    assert (ROOT / "engine" / "bots" / "match.py").exists() and not (ROOT / "engine" / "match.py").exists()


@pytest.mark.parametrize("path", ENGINE_CORE, ids=_id)
def test_layering_engine_core_imports_no_bots(path: Path) -> None:
    for imported in imports_of(path):
        assert not _under(imported, "engine.bots"), f"{_id(path)} imports {imported}"


def test_layering_assets_hold_no_code() -> None:
    code = [_id(p) for p in sources("assets")]
    assert code == ["assets/__init__.py"]
    assert (ROOT / "assets" / "__init__.py").read_text("utf-8").strip().startswith('"""')
    assert not [n for n in ast.parse((ROOT / "assets" / "__init__.py").read_text("utf-8")).body
                if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]


def _defines_a_scene(path: Path) -> bool:
    tree = ast.parse(path.read_text("utf-8"))
    return any(isinstance(n, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id.endswith("Scene")
                                                   for b in n.bases) for n in tree.body)


SCENES = sources("ui/scenes")
SCENE_MODULES = {module_name(p) for p in SCENES if _defines_a_scene(p)}


def test_layering_finds_the_scenes() -> None:
    assert {f"{PACKAGE}.ui.scenes.{n}" for n in ("menu", "setup", "table", "lobby", "friends", "results")} \
        <= SCENE_MODULES


@pytest.mark.parametrize("path", SCENES, ids=_id)
def test_layering_scenes_import_no_app_and_no_other_scene(path: Path) -> None:
    me = module_name(path)
    for imported in imports_of(path):
        assert not _under(imported, "ui.app") and not _under(imported, "ui.router"), f"{_id(path)} imports {imported}"
        other_scene = next((s for s in SCENE_MODULES if imported == s or imported.startswith(s + ".")), None)
        assert other_scene in (None, me), f"{_id(path)} imports the scene module {other_scene}"


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(component)

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_layering_no_import_cycles_in_ui() -> None:
    modules = {module_name(p): p for p in sources("ui")}
    graph = {name: {m for m in imports_of(path) if m in modules and m != name} for name, path in modules.items()}
    assert _cycles(graph) == []
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


def test_layering_checker_catches_offenders() -> None:
    """The checks above can fail: a scene importing the app or another scene, p2p
    importing ui, and engine importing pygame are each seen."""
    menu, lobby = f"{PACKAGE}.ui.scenes.menu", f"{PACKAGE}.ui.scenes.lobby"
    assert f"{PACKAGE}.ui.app" in imports_in("def f():\n    from ..app import App\n", menu)
    assert f"{PACKAGE}.ui.scenes.table" in imports_in("from .table import TableScene", lobby)
    assert f"{PACKAGE}.ui.scenes.table" in SCENE_MODULES
    assert any(_under(n, "ui") for n in imports_in("from zemlevlasnyk.ui import nav", f"{PACKAGE}.p2p.host"))
    assert "pygame" in imports_in("import pygame", f"{PACKAGE}.engine.game")
    game = f"{PACKAGE}.engine.game"
    for code in ("from .bots import make_bot", "def f():\n    from .bots.match import play_match",
                 "import zemlevlasnyk.engine.bots.heuristic", "from zemlevlasnyk.engine import bots"):
        assert any(_under(n, "engine.bots") for n in imports_in(code, game)), code
    assert not any(_under(n, "engine.bots") for n in imports_in("from .state import BANK", game))

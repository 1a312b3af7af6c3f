"""Every "never" of the layering (docs/DESIGN.md), checked on the source of every module,
recursively: imports anywhere in a module count (at the top, inside functions, under
`TYPE_CHECKING`).

The rooms, from the bottom up: `engine` (the rules; `engine/bots` the computer players),
`p2p.core` (the table's sans-IO core), `p2p.lan` and `p2p.store` beside each other over it,
`p2p.net` (the trio adapters) over them, then the window: `ui.words` and `ui.sessions` (no
pygame), `ui.kit` (drawing), `ui.scenes` (with `ui.scenes.table`), `ui.shell` (the loop and
the router), `ui.shots` and `ui.cli` at the top. `NEVERS` is the one table of what each may
not import; each row says why.
"""
from __future__ import annotations

import ast
import importlib
import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from helpers.paths import REPO

ROOT = REPO
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
    (`zemlevlasnyk.ui.shell.nav`, `pygame`); `from X import y` counts as importing X and X.y
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


def under(name: str, room: str) -> bool:
    """Whether module `name` is `room` or inside it (`room` as `p2p.core` for ours, or `pygame`)."""
    prefix = f"{PACKAGE}.{room}" if room.split(".")[0] in PARTS else room
    return name == prefix or name.startswith(prefix + ".")


def _all_sources() -> list[Path]:
    return [p for part in PARTS for p in sources(part)]


def _id(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# What the sans-IO core may never import: the outside world (sockets, files, clocks, threads,
# processes, mDNS, the OS's interfaces) and the rooms built over it.
IO_MODULES = ("trio", "socket", "selectors", "ssl", "zeroconf", "ifaddr", "threading", "multiprocessing",
              "concurrent", "asyncio", "subprocess", "time", "io", "pathlib", "shutil", "tempfile", "glob",
              "logging", "signal")
_UI_ROOMS = ("ui.words", "ui.sessions", "ui.kit", "ui.scenes", "ui.shell", "ui.shots", "ui.cli")


@dataclass(frozen=True)
class Never:
    """Modules in room `room` (except those in `unless`) never import anything in `banned`."""

    why: str
    room: str
    banned: tuple[str, ...]
    unless: tuple[str, ...] = ()

    def applies(self, name: str) -> bool:
        return under(name, self.room) and not any(under(name, u) for u in self.unless)

    def broken_by(self, imported: str) -> bool:
        return any(under(imported, b) for b in self.banned)


NEVERS = (
    Never("the rules know neither the table nor the window", "engine", ("p2p", "ui")),
    Never("the rules never depend on how a computer player thinks (whole bot games live beside "
          "the bots)", "engine", ("engine.bots",), unless=("engine.bots",)),
    Never("the table knows no window", "p2p", ("ui", "pygame")),
    Never("the table's core does no IO and knows no room built over it", "p2p.core",
          (*IO_MODULES, "p2p.lan", "p2p.store", "p2p.net")),
    Never("discovery keeps no files and runs no table", "p2p.lan", ("p2p.store", "p2p.net")),
    Never("what is kept on disk needs no network", "p2p.store",
          ("p2p.lan", "p2p.net", "trio", "zeroconf", "socket", "ifaddr")),
    Never("the window reaches the table through its public face (zemlevlasnyk.p2p)", "ui",
          ("p2p.core", "p2p.lan", "p2p.store", "p2p.net")),
    Never("the words draw nothing and know no table", "ui.words",
          ("pygame", *(r for r in _UI_ROOMS if r != "ui.words"))),
    Never("a table session draws nothing and knows no scene", "ui.sessions",
          ("pygame", *(r for r in _UI_ROOMS if r not in ("ui.words", "ui.sessions")))),
    Never("the drawing kit knows no scene, session or shell", "ui.kit",
          tuple(r for r in _UI_ROOMS if r not in ("ui.words", "ui.kit"))),
    Never("a scene opens no scene itself: it names where to go (ui.shell.nav) and the router opens it",
          "ui.scenes", ("ui.shell.app", "ui.shell.router", "ui.shots", "ui.cli")),
    Never("the shell runs scenes, never the command line or the screenshots", "ui.shell", ("ui.shots", "ui.cli")),
    Never("the screenshots are made from the window, never from the command line", "ui.shots", ("ui.cli",)),
)


def _outside_ui(name: str) -> bool:
    return not under(name, "ui")


@pytest.mark.parametrize("path", _all_sources(), ids=_id)
def test_layering_every_never_holds(path: Path) -> None:
    name = module_name(path)
    imported = imports_of(path)
    for never in NEVERS:
        if never.applies(name):
            broken = sorted(m for m in imported if never.broken_by(m))
            assert not broken, f"{_id(path)} imports {', '.join(broken)}: {never.why}"
    if _outside_ui(name):
        assert not any(m.split(".")[0] == "pygame" for m in imported), f"{_id(path)} imports pygame: only ui may"


# The one call of the operating system the core makes: fresh entropy for secrets and table
# ids, from the OS's generator (a caller may pass its own, as tests do).
CORE_OS_CALLS = {"urandom"}
# Path methods that touch the disk (those that share a name with str's or a cipher's, such as
# `replace` or `open`, cannot be told apart here: `os` and `open` are caught above).
_FILE_METHODS = {"read_text", "write_text", "read_bytes", "write_bytes", "mkdir", "unlink", "rmdir", "touch",
                 "iterdir", "rglob", "symlink_to", "chmod"}


def _io_calls(code: str) -> list[str]:
    """Calls in `code` that reach the outside world: `open(...)`, any `os.X` but the allowed
    ones, and path methods that touch the disk."""
    found = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ("open", "__import__", "print", "input"):
                found.append(func.id)
            elif isinstance(func, ast.Attribute):
                if isinstance(func.value, ast.Name) and func.value.id == "os":
                    if func.attr not in CORE_OS_CALLS:
                        found.append(f"os.{func.attr}")
                elif func.attr in _FILE_METHODS:
                    found.append(f".{func.attr}()")
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os" \
                and node.attr in ("environ", "getenv"):
            found.append(f"os.{node.attr}")
    return found


CORE = sources("p2p/core")


def test_layering_finds_the_rooms() -> None:
    names = {module_name(p) for p in _all_sources()}
    for room in ("p2p.core.host", "p2p.core.peer", "p2p.core.records", "p2p.lan.mdns", "p2p.store.savegame",
                 "p2p.net.driver", "ui.cli", "ui.shell.app", "ui.scenes.table.scene", "ui.sessions.local",
                 "ui.kit.widgets", "ui.words.narrate", "ui.shots.render", "engine.game", "engine.bots.match"):
        assert f"{PACKAGE}.{room}" in names, room
    assert len(CORE) >= 20


@pytest.mark.parametrize("path", CORE, ids=_id)
def test_layering_the_core_opens_no_file_and_reads_no_environment(path: Path) -> None:
    assert _io_calls(path.read_text("utf-8")) == [], f"{_id(path)} reaches the outside world"


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
    assert {f"{PACKAGE}.ui.scenes.{n}" for n in ("menu", "setup", "table.scene", "lobby", "friends", "results")} \
        <= SCENE_MODULES


@pytest.mark.parametrize("path", SCENES, ids=_id)
def test_layering_scenes_import_no_other_scene(path: Path) -> None:
    me = module_name(path)
    for imported in imports_of(path):
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


@pytest.mark.parametrize("part", ["engine", "p2p", "ui"])
def test_layering_no_import_cycles(part: str) -> None:
    modules = {module_name(p): p for p in sources(part)}
    # A package's face (`p2p/__init__.py`) imports its rooms lazily, never at import time.
    # (`_dependencies` below.)
    graph = {name: _dependencies(imports_of(path), modules, name) for name, path in modules.items()
             if path.name != "__init__.py" or name.count(".") > 1}
    assert _cycles(graph) == []


def _dependencies(imported: set[str], modules: dict[str, Path], me: str) -> set[str]:
    """The modules of `modules` that `me` needs: `from package import submodule` needs the
    submodule, not the package's own code."""
    found = {m for m in imported if m in modules and m != me}
    return {m for m in found if not any(other.startswith(m + ".") for other in found)}


_NAMED = re.compile(r"`((?:p2p|engine|ui)(?:\.[a-z_]+)+)")


@pytest.mark.parametrize("path", _all_sources(), ids=_id)
def test_layering_docstrings_name_modules_that_exist(path: Path) -> None:
    """What a docstring or comment names as a module (`p2p.core.host`, `ui.shell.nav.Go`) exists:
    the longest module prefix of the name is a file or a package, and what follows it is in it."""
    for dotted in _NAMED.findall(path.read_text("utf-8")):
        parts = dotted.split(".")
        for n in range(len(parts), 0, -1):
            base = ROOT.joinpath(*parts[:n])
            if base.with_suffix(".py").exists() or (base / "__init__.py").exists():
                module = importlib.import_module(".".join([PACKAGE, *parts[:n]]))
                rest = parts[n:]
                if rest:
                    assert hasattr(module, rest[0]) or base.joinpath(*rest).exists(), \
                        f"{_id(path)} names {dotted}: {'.'.join(parts[:n])} has no {rest[0]}"
                break
        else:
            raise AssertionError(f"{_id(path)} names {dotted}, which does not exist")


def test_layering_p2p_face_names_what_its_rooms_hold() -> None:
    """Every name of the table's public face is found in the room it points at, and what
    type checkers see (its `TYPE_CHECKING` imports) is the same list."""
    face = importlib.import_module(f"{PACKAGE}.p2p")
    tree = ast.parse((ROOT / "p2p" / "__init__.py").read_text("utf-8"))
    typed = {f"{node.module}:{alias.name}" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
             and node.module and node.module.startswith(f"{PACKAGE}.p2p.") for alias in node.names}
    assert typed == {f"{PACKAGE}.p2p.{module}:{name}" for name, module in face.FACE.items()}
    for name, module in face.FACE.items():
        assert getattr(face, name) is getattr(importlib.import_module(f"{PACKAGE}.p2p.{module}"), name)


def test_layering_checker_catches_offenders() -> None:
    """The checks above can fail: each kind of offender is seen."""
    menu, lobby = f"{PACKAGE}.ui.scenes.menu", f"{PACKAGE}.ui.scenes.lobby"

    def offends(code: str, module: str) -> bool:
        imported = imports_in(code, module)
        return any(n.applies(module) and any(n.broken_by(m) for m in imported) for n in NEVERS)

    assert offends("def f():\n    from ..shell.app import App\n", menu)
    assert f"{PACKAGE}.ui.scenes.table.scene" in imports_in("from .table.scene import TableScene", lobby)
    assert f"{PACKAGE}.ui.scenes.table.scene" in SCENE_MODULES
    assert offends("from zemlevlasnyk.ui.shell import nav", f"{PACKAGE}.p2p.core.host")
    assert offends("import trio", f"{PACKAGE}.p2p.core.host")
    assert offends("def f():\n    import time", f"{PACKAGE}.p2p.core.clock")
    assert offends("from zemlevlasnyk.p2p.store import savegame", f"{PACKAGE}.p2p.core.handover")
    assert offends("from zemlevlasnyk.p2p.core.host import TableHost", f"{PACKAGE}.ui.sessions.host")
    assert not offends("from zemlevlasnyk.p2p import TableHost", f"{PACKAGE}.ui.sessions.host")
    assert offends("import pygame", f"{PACKAGE}.ui.words.narrate")
    assert offends("from zemlevlasnyk.ui.scenes.base import Scene", f"{PACKAGE}.ui.kit.widgets")
    assert offends("from ..shots import render", f"{PACKAGE}.ui.shell.app")
    assert offends("from zemlevlasnyk.engine.bots import make_bot", f"{PACKAGE}.engine.game")
    assert not offends("from zemlevlasnyk.engine.bots import make_bot", f"{PACKAGE}.engine.bots.match")
    assert _io_calls("with open(p) as f: pass") == ["open"]
    assert _io_calls("os.replace(a, b)\nx = os.urandom(8)\np.write_text('x')") == ["os.replace", ".write_text()"]
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]

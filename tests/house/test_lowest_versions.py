"""The lower bounds in pyproject.toml are the versions CI tests against (.ci/lowest.txt),
and no dependency installed here is older than its bound."""
from __future__ import annotations

import re
import tomllib
from importlib import metadata

from helpers.paths import REPO

ROOT = REPO


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.findall(r"\d+", text)[:3])


def lower_bounds() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    bounds = {}
    for requirement in project["dependencies"]:
        name, bound = re.fullmatch(r"([A-Za-z0-9_.-]+)>=([0-9.]+)", requirement).groups()  # type: ignore[union-attr]
        bounds[name.lower()] = bound
    return bounds


def pinned_lowest() -> dict[str, str]:
    pins = {}
    for line in (ROOT / ".ci" / "lowest.txt").read_text("utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, version = line.split("==")
            pins[name.lower()] = version
    return pins


def test_every_dependency_has_a_lower_bound_that_ci_tests() -> None:
    assert lower_bounds() == pinned_lowest()


def test_installed_dependencies_meet_their_lower_bounds() -> None:
    for name, bound in lower_bounds().items():
        assert _version(metadata.version(name)) >= _version(bound), name

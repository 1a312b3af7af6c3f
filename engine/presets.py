"""The rulesets shipped with the game, read from the package's own data files.

This is the engine's one reader of files: it reads packaged, read-only ruleset data by
name (never a path from the outside world), so play stays deterministic.
"""
from __future__ import annotations

import json
from importlib import resources

from .errors import RulesetError
from .rules import Ruleset

DEFAULT_PRESET = "zemlevlasnyk"
_cache: dict[str, Ruleset] = {}


def preset_names() -> list[str]:
    folder = resources.files(__package__) / "rulesets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json"))


def load_preset(name: str = DEFAULT_PRESET) -> Ruleset:
    if name not in _cache:
        if name not in preset_names():
            raise RulesetError(f"no ruleset preset named {name!r}; known: {', '.join(preset_names())}")
        text = (resources.files(__package__) / "rulesets" / f"{name}.json").read_text("utf-8")
        _cache[name] = Ruleset(json.loads(text))
    return _cache[name]

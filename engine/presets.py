"""The rulesets shipped with the game, read from the package's own data files, and a preset
with house-rule options made into one Ruleset.

This is the engine's one reader of files: it reads packaged, read-only ruleset data by
name (never a path from the outside world), so play stays deterministic; and the bots'
landing tables computed from those rulesets. A preset is read
through the package's loader (`pkgutil.get_data`); importlib.resources, which costs every
command about 10 ms to import, only lists the folder (`preset_names`).
"""
from __future__ import annotations

import json
import pkgutil
from collections.abc import Mapping
from typing import TypedDict

from .canonical import JSONObject, canonical_json
from .errors import PresetError, RulesetError
from .options import OptionSpec, apply_options, option_specs_of, refused_options
from .rules import Ruleset

DEFAULT_PRESET = "zemlevlasnyk"
# Presets still being built: the engine, the bots and `simulate` play them and `load_rules`
# loads them by name, but they are not listed for a table or the window to offer until the
# window has a dialog for each of their decisions («Ярмарок» has been listed since issue 22's
# window slice).
UNLISTED: frozenset[str] = frozenset()
_data: dict[str, JSONObject] = {}
_cache: dict[tuple[str, bytes], Ruleset] = {}


def preset_names() -> list[str]:
    from importlib import resources

    folder = resources.files(__package__) / "rulesets"
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".json") and p.name[:-5] not in UNLISTED)


def _plain_name(name: object) -> bool:
    """A name that can only be a file of the rulesets folder: letters, digits, `_` and `-`."""
    return isinstance(name, str) and name.isascii() and name.replace("_", "").replace("-", "").isalnum()


def _preset_data(name: str) -> JSONObject:
    if name not in _data:
        raw = None
        if _plain_name(name):
            try:
                raw = pkgutil.get_data(__package__, f"rulesets/{name}.json")
            except OSError:
                raw = None
        if raw is None:
            raise PresetError(f"no ruleset preset named {name!r}; presets: {', '.join(preset_names())}")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise RulesetError(f"ruleset preset {name!r}: expected an object")
        _data[name] = data
    return _data[name]


def load_rules(preset: str = DEFAULT_PRESET, options: Mapping[str, object] | None = None) -> Ruleset:
    """The preset `preset` with the house-rule `options` (name -> bool, int or str; only the
    ones a table changes). `rules.preset` and `rules.options` (the options that differ from
    the preset's defaults, canonical) say how to rebuild it; `rules.digest` covers both.
    Raises OptionError (PresetError for the preset) with a one-line message naming the
    valid names or values."""
    data = _preset_data(preset)
    effective, changed = apply_options(data, options)
    key = (preset, canonical_json(changed))
    if key not in _cache:
        rules = Ruleset(effective)
        rules.options = changed
        _cache[key] = rules
    return _cache[key]


def load_preset(name: str = DEFAULT_PRESET) -> Ruleset:
    """The preset as it ships, with no option changed (`load_rules(name)`)."""
    return load_rules(name)


class BoardTable(TypedDict):
    """One board's landing chain, as tools/landing_tables.py computed it."""
    landing: list[float]       # per cell, the share of turns that end there
    rolls_per_turn: float


class LandingTables(TypedDict):
    format: int
    boards: dict[str, BoardTable]   # by the bots' chain key of a board


def landing_tables() -> LandingTables | None:
    """The bots' shipped landing tables (`engine/bots/landing.json`, written by
    tools/landing_tables.py), or None when the file is missing. Packaged data of the
    shape above, read as it is (tests/engine/test_landing_tables.py checks every entry)."""
    try:
        raw = pkgutil.get_data(__package__, "bots/landing.json")
    except OSError:
        raw = None
    if raw is None:
        return None
    data: LandingTables = json.loads(raw.decode("utf-8"))
    return data


def option_specs(preset: str = DEFAULT_PRESET) -> list[OptionSpec]:
    """The house-rule options of `preset` with its defaults, in the order a table shows them."""
    return option_specs_of(_preset_data(preset))


def refused_option_reasons(preset: str = DEFAULT_PRESET) -> dict[str, str]:
    """The options `preset` refuses because they make no sense with its rules, each with the
    reason its data gives (in English: the window and the command say it in the reader's
    words, `ui/words/ruleset.refusal`)."""
    return dict(refused_options(_preset_data(preset)))


__all__ = ["DEFAULT_PRESET", "PresetError", "RulesetError", "load_preset", "load_rules", "option_specs",
           "preset_names", "refused_option_reasons"]

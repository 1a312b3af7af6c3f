"""The rules a table is played by, as the window shows and chooses them: a preset and the
house-rule options that differ from its defaults (`engine.option_specs`, `load_rules`).

`RulesChoice` is what the rules dialog edits and the setup and friends scenes read; the
words (preset names, option names, values) come from the catalogues' `presets`,
`rule_options` and `ui.rules`. `summary` is the read-only line a lobby shows everyone;
`summary_to_fit` the same shortened to a box (the first changes and how many more).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from zemlevlasnyk.engine import DEFAULT_PRESET, OptionKind, OptionSpec, OptionValue, Ruleset, load_rules, option_specs

from .text import catalogue, form, money


@dataclass
class RulesChoice:
    """A preset and the options changed from its defaults (kept canonical: an option set
    back to its default is dropped)."""

    preset: str = DEFAULT_PRESET
    options: dict[str, OptionValue] = field(default_factory=dict)

    def specs(self) -> list[OptionSpec]:
        return option_specs(self.preset)

    def value(self, spec: OptionSpec) -> OptionValue:
        return self.options.get(spec.name, spec.default)

    def set(self, spec: OptionSpec, value: OptionValue) -> None:
        if value == spec.default:
            self.options.pop(spec.name, None)
        else:
            self.options[spec.name] = spec.check(value)

    def choose_preset(self, preset: str) -> None:
        """Another preset: its own defaults, the options changed so far dropped."""
        if preset != self.preset:
            self.preset, self.options = preset, {}

    def rules(self) -> Ruleset:
        return load_rules(self.preset, self.options)


def step_of(spec: OptionSpec) -> int:
    """How much − and + change a number: a round tenth of its size (1 000 on 20 000, 100 on
    1 500, 5 on a 30-second clock), so that every value reached is a round one."""
    size = max(1, int(spec.default) if isinstance(spec.default, int) else 1, spec.minimum or 1)
    if spec.maximum is not None and spec.maximum <= 200:
        return 5 if size >= 10 else 1
    step = 1
    while step * 100 <= size:
        step *= 10
    return step


def shown(lang: str, spec: OptionSpec, value: OptionValue) -> str:
    """An option's value in words."""
    words: dict[str, Any] = catalogue(lang)["ui"]["rules"]
    if spec.kind is OptionKind.SWITCH:
        return str(words["on"] if value else words["off"])
    if spec.kind is OptionKind.CHOICE:
        return str(catalogue(lang)["rule_options"][spec.name]["values"][str(value)])
    if spec.name == "clock":
        return str(words["seconds"].format(n=value))
    if spec.name == "turn_cap" and value == 0:
        return str(words["no_cap"])
    return money(int(value)) if spec.name in ("start_cash", "start_salary") else str(value)


def preset_name(lang: str, preset: str) -> str:
    presets: dict[str, Any] = catalogue(lang)["presets"]
    return str(presets[preset]["name"]) if preset in presets else preset


def _changes(lang: str, preset: str, options: dict[str, Any]) -> list[str]:
    names: dict[str, Any] = catalogue(lang)["rule_options"]
    specs = {s.name: s for s in option_specs(preset)}
    return [f"{names[name]['name']}: {shown(lang, specs[name], value)}"
            for name, value in options.items() if name in specs]


def summary(lang: str, preset: str, options: dict[str, Any]) -> str:
    """The rules in one line: the preset's name and each changed option with its value."""
    return " · ".join([preset_name(lang, preset), *_changes(lang, preset, options)])


def summary_to_fit(lang: str, preset: str, options: dict[str, Any], fits: Callable[[str], bool]) -> str:
    """`summary`, or as many of its changes as `fits` allows and how many more («Класика ·
    Аукціони: ні · ще 2 зміни»), never a change cut in the middle."""
    changed = _changes(lang, preset, options)
    more = catalogue(lang)["ui"]["rules"]["more"]
    line = ""
    for shown_count in range(len(changed), -1, -1):
        rest = len(changed) - shown_count
        tail = [form(lang, more, n=rest).format(n=rest)] if rest else []
        line = " · ".join([preset_name(lang, preset), *changed[:shown_count], *tail])
        if fits(line):
            break
    return line

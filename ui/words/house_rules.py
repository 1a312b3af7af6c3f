"""The rules a table is played by, as the window shows and chooses them: a preset and the
house-rule options that differ from its defaults (`engine.option_specs`, `load_rules`).

`RulesChoice` is what the rules dialog edits and the setup and friends scenes read (and
what their «Швидка гра» / "Quick game" button switches: `toggle_quick`); the
words (preset names, option names, values) come from the catalogues' `presets`,
`rule_options` and the catalogues' `rules`. `summary` is the read-only line a lobby shows everyone;
`summary_to_fit` the same shortened to a box (the first changes and how many more).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from zemlevlasnyk.engine import DEFAULT_PRESET, OptionKind, OptionSpec, OptionValue, Ruleset, load_rules, option_specs
from zemlevlasnyk.engine.options import QUICK_GAME
from zemlevlasnyk.ui.words.ruleset import preset_name
from zemlevlasnyk.ui.words.text import Words, catalogue, form, money


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
        if spec.kind is OptionKind.NUMBER and isinstance(value, int):
            value = spec.nearest(value)   # typed digits between the values a number may take
        if value == spec.default:
            self.options.pop(spec.name, None)
        else:
            self.options[spec.name] = spec.check(value)

    @property
    def quick(self) -> bool:
        """The quick game's options are all chosen (engine/options.py `QUICK_GAME`)."""
        return all(self.options.get(name) == value for name, value in QUICK_GAME.items())

    def toggle_quick(self) -> None:
        """«Швидка гра»: choose the quick game's options, or set them back to the preset's
        defaults when they are all chosen already; every other option stays as it was."""
        specs = {s.name: s for s in self.specs()}
        back = self.quick
        for name, value in QUICK_GAME.items():
            spec = specs[name]
            self.set(spec, spec.default if back else value)

    def choose_preset(self, preset: str) -> None:
        """Another preset: its own defaults, the options changed so far dropped."""
        if preset != self.preset:
            self.preset, self.options = preset, {}

    def rules(self) -> Ruleset:
        return load_rules(self.preset, self.options)


def step_of(spec: OptionSpec) -> int:
    """How much − and + change a number: a round tenth of its size (1 000 on 20 000, 100 on
    1 500, 5 on a 30-second clock), so that every value reached is a round one. A number
    off by default (a turn cap of 0) takes its size from a tenth of its range (10 turns on
    0-5 000, not 1)."""
    if spec.off is not None and spec.minimum is not None:
        return spec.minimum - spec.off   # off, then the least limit and its multiples: 0, 15, 30 …
    default = int(spec.default) if isinstance(spec.default, int) else 1
    size = max(1, default, spec.minimum or 1)
    if default == 0 and spec.maximum is not None:
        size = max(size, spec.maximum // 10)
    if spec.maximum is not None and spec.maximum <= 200:
        return 5 if size >= 10 else 1
    step = 1
    while step * 100 <= size:
        step *= 10
    return step


def shown(lang: str, spec: OptionSpec, value: OptionValue) -> str:
    """An option's value in words."""
    words: Words = catalogue(lang)["ui"]["rules"]
    if spec.kind is OptionKind.SWITCH:
        return str(words["on"] if value else words["off"])
    if spec.kind is OptionKind.CHOICE:
        return str(catalogue(lang)["rule_options"][spec.name]["values"][str(value)])
    if spec.name == "clock":
        return str(words["seconds"].format(n=value))
    if spec.name == "turn_cap" and value == 0:
        return str(words["no_cap"])
    if spec.name == "time_limit":
        return str(words["no_limit"] if value == 0 else words["minutes"].format(n=value))
    return money(int(value)) if spec.name in ("start_cash", "start_salary") else str(value)


def _changes(lang: str, preset: str, options: Mapping[str, OptionValue], *, detail: bool = True) -> list[str]:
    """Each changed option in words; the quick game's options all chosen are one change,
    first: «Швидка гра: кубик швидкості, по 2 ділянки, 45 хв» (`detail`), or its name alone."""
    words = catalogue(lang)
    names: Words = words["rule_options"]
    specs = {s.name: s for s in option_specs(preset)}
    quick = all(options.get(name) == value for name, value in QUICK_GAME.items())
    changes = [f"{names[name]['name']}: {shown(lang, specs[name], value)}"
               for name, value in options.items() if name in specs and not (quick and name in QUICK_GAME)]
    if not quick:
        return changes
    rules = words["ui"]["rules"]
    named = rules["quick_detail"].format(deeds=QUICK_GAME["deal_deeds"], minutes=QUICK_GAME["time_limit"]) \
        if detail else rules["quick"]
    return [str(named), *changes]


def summary(lang: str, preset: str, options: Mapping[str, OptionValue]) -> str:
    """The rules in one line: the preset's name and each changed option with its value."""
    return " · ".join([preset_name(preset, lang), *_changes(lang, preset, options)])


def summary_to_fit(lang: str, preset: str, options: Mapping[str, OptionValue], fits: Callable[[str], bool]) -> str:
    """`summary`, or as many of its changes as `fits` allows and how many more («Класика ·
    Аукціони: ні · ще 2 зміни»), never a change cut in the middle; the quick game named
    alone when what it holds does not fit."""
    whole = summary(lang, preset, options)
    if fits(whole):
        return whole
    changed = _changes(lang, preset, options, detail=False)
    more = catalogue(lang)["ui"]["rules"]["more"]
    line = ""
    for shown_count in range(len(changed), -1, -1):
        rest = len(changed) - shown_count
        tail = [form(lang, more, n=rest).format(n=rest)] if rest else []
        line = " · ".join([preset_name(preset, lang), *changed[:shown_count], *tail])
        if fits(line):
            break
    return line

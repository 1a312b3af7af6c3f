"""`zemlevlasnyk rules`: the rule presets and the house-rule options, with each preset's
defaults, the values an option takes and what it means (the words `--rules` and `--option`
of `simulate`, `play` and `host` accept)."""
from __future__ import annotations

import argparse

from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli.rules_args import quick_pairs
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.text import LANGUAGES

# Columns of the options table: wide enough for the longest name and value range.
NAME_WIDTH = 26
VALUES_WIDTH = 16
DEFAULT_WIDTH = 9


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str) -> None:
    words = help_words(lang)
    said = words["rules"]
    p = subparsers.add_parser("rules", help=command_help("rules", lang), description=said["description"])
    p.add_argument("--rules", metavar=words["metavars"]["preset"], help=said["rules"])
    p.add_argument("--lang", choices=LANGUAGES, help=words["lang"])
    p.set_defaults(func=run)


def describe(lang: str, only: str | None = None) -> str:
    """The text `rules` prints."""
    from zemlevlasnyk.engine import PresetError, option_specs, preset_names, refused_option_reasons
    from zemlevlasnyk.ui.words.ruleset import option_help, option_name, preset_help, preset_name, refusal
    from zemlevlasnyk.ui.words.text import catalogue

    t = catalogue(lang)["commands"]["rules"]
    presets = preset_names()
    if only is not None:
        # Any preset `--rules` plays may be described, listed or not yet (engine/presets.UNLISTED).
        try:
            option_specs(only)
        except PresetError:
            raise UserError(t["no_preset"].format(preset=only, presets=", ".join(presets))) from None
    lines = [t["presets"]]
    for preset in presets:
        lines.append(f"  {preset:<{NAME_WIDTH - 2}}{preset_name(preset, lang)}: {preset_help(preset, lang)}")
    for preset in [only] if only else presets:
        specs = option_specs(preset)
        # A choice's values may be longer than the column (a preset's own layouts): it widens.
        width = max([VALUES_WIDTH, *(len(spec.values_text()) + 2 for spec in specs)])
        lines += ["", t["options"].format(preset=preset),
                  f"  {'':<{NAME_WIDTH - 2}}{t['values']:<{width}}{t['default']:<{DEFAULT_WIDTH}}"]
        for spec in specs:
            lines.append(f"  {spec.name:<{NAME_WIDTH - 2}}{spec.values_text():<{width}}"
                         f"{spec.show(spec.default):<{DEFAULT_WIDTH}}{option_name(spec, lang)}: "
                         f"{option_help(spec, lang)}")
        for name in sorted(refused_option_reasons(preset)):
            lines.append(f"  {name:<{NAME_WIDTH - 2}}{t['refused']}: {refusal(preset, name, lang)}")
    lines += ["", t["quick"].format(options=quick_pairs()), t["usage"]]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from zemlevlasnyk.ui.words.language import preferred_language

    print(describe(args.lang or preferred_language(), args.rules))
    return 0

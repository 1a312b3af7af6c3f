"""`zemlevlasnyk rules`: the rule presets and the house-rule options, with each preset's
defaults, the values an option takes and what it means (the words `--rules` and `--option`
of `simulate`, `play` and `host` accept)."""
from __future__ import annotations

import argparse

from zemlevlasnyk.ui.cli import UserError, command_help
from zemlevlasnyk.ui.cli_words import help_words
from zemlevlasnyk.ui.text import LANGUAGES

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
    from zemlevlasnyk.engine import option_specs, preset_names
    from zemlevlasnyk.ui.ruleset_text import option_help, option_name, preset_help, preset_name
    from zemlevlasnyk.ui.text import catalogue

    t = catalogue(lang)["commands"]["rules"]
    presets = preset_names()
    if only is not None and only not in presets:
        raise UserError(t["no_preset"].format(preset=only, presets=", ".join(presets)))
    lines = [t["presets"]]
    for preset in presets:
        lines.append(f"  {preset:<{NAME_WIDTH - 2}}{preset_name(preset, lang)}: {preset_help(preset, lang)}")
    for preset in [only] if only else presets:
        specs = option_specs(preset)
        lines += ["", t["options"].format(preset=preset),
                  f"  {'':<{NAME_WIDTH - 2}}{t['values']:<{VALUES_WIDTH}}{t['default']:<{DEFAULT_WIDTH}}"]
        for spec in specs:
            lines.append(f"  {spec.name:<{NAME_WIDTH - 2}}{spec.values_text():<{VALUES_WIDTH}}"
                         f"{spec.show(spec.default):<{DEFAULT_WIDTH}}{option_name(spec, lang)}: "
                         f"{option_help(spec, lang)}")
    lines += ["", t["usage"]]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from zemlevlasnyk.ui.language import preferred_language

    print(describe(args.lang or preferred_language(), args.rules))
    return 0

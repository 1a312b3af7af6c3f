"""`--rules PRESET` and `--option NAME=VALUE`: the rule flags that `simulate`, `play` and
`host` share, parsed into a Ruleset, with one-line errors (in the catalogue's words) that name
the valid presets, options or values."""
from __future__ import annotations

import argparse
from typing import Any

from zemlevlasnyk.engine import DEFAULT_PRESET, OptionError, OptionValue, Ruleset

from .cli import UserError
from .cli_words import help_words
from .text import catalogue


def add_rules_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    """`--rules` and `--option`, with their help in `lang`."""
    words = help_words(lang)
    said, metavars = words["rule_flags"], words["metavars"]
    parser.add_argument("--rules", default=DEFAULT_PRESET, metavar=metavars["preset"],
                        help=said["rules"].format(default=DEFAULT_PRESET))
    parser.add_argument("--option", action="append", default=[], metavar=metavars["pair"], help=said["option"])


def parse_options(preset: str, pairs: list[str], lang: str) -> dict[str, OptionValue]:
    """`NAME=VALUE` texts as typed option values of `preset`; UserError names what is valid."""
    from zemlevlasnyk.engine import PresetError, option_specs, preset_names

    words = catalogue(lang)["commands"]["rules"]
    try:
        specs = {s.name: s for s in option_specs(preset)}
    except PresetError:
        # Listing the presets (importlib.resources) only when the name is not one of them.
        raise UserError(words["no_preset"].format(preset=preset, presets=", ".join(preset_names()))) from None
    out: dict[str, OptionValue] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise UserError(words["not_a_pair"].format(text=pair))
        spec = specs.get(name)
        if spec is None:
            raise UserError(words["no_option"].format(name=name, names=", ".join(specs)))
        try:
            out[name] = spec.parse(text)
        except OptionError:
            raise UserError(words["bad_value"].format(name=name, value=text, values=spec.values_text())) from None
    return out


def rules_from_args(args: Any, lang: str | None = None) -> Ruleset:
    """The Ruleset that `--rules` and `--option` name; `lang`: the language of the errors
    (default: the settings')."""
    from zemlevlasnyk.engine import load_rules

    if lang is None:
        from .language import preferred_language
        lang = preferred_language()
    return load_rules(args.rules, parse_options(args.rules, list(args.option), lang))

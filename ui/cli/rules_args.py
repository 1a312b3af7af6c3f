"""`--rules PRESET`, `--option NAME=VALUE` and `--quick`: the rule flags that `simulate`,
`play` and `host` share, parsed into a Ruleset, with one-line errors (in the catalogue's words)
that name the valid presets, options or values. `--quick` is the quick game's options
(`engine.options.QUICK_GAME`), which `--option` may still change."""
from __future__ import annotations

import argparse
from typing import Any

from zemlevlasnyk.engine import DEFAULT_PRESET, OptionError, OptionValue, Ruleset
from zemlevlasnyk.ui.cli import UserError
from zemlevlasnyk.ui.cli.words import help_words
from zemlevlasnyk.ui.words.ruleset import preset_name, refusal
from zemlevlasnyk.ui.words.text import catalogue


def add_rules_arguments(parser: argparse.ArgumentParser, lang: str) -> None:
    """`--rules` and `--option`, with their help in `lang`."""
    words = help_words(lang)
    said, metavars = words["rule_flags"], words["metavars"]
    parser.add_argument("--rules", default=DEFAULT_PRESET, metavar=metavars["preset"],
                        help=said["rules"].format(default=DEFAULT_PRESET))
    parser.add_argument("--option", action="append", default=[], metavar=metavars["pair"], help=said["option"])
    parser.add_argument("--quick", action="store_true", help=said["quick"].format(options=quick_pairs()))


def quick_pairs() -> str:
    """The quick game's options as `--option` would take them (speed_die=on, ...)."""
    from zemlevlasnyk.engine.options import QUICK_GAME
    return ", ".join(f"{name}={'on' if value is True else value}" for name, value in QUICK_GAME.items())


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
        why = refusal(preset, name, lang) if spec is None else None
        if why is not None:
            raise UserError(words["refused_option"].format(name=name, preset=preset_name(preset, lang), why=why))
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
        from zemlevlasnyk.ui.words.language import preferred_language
        lang = preferred_language()
    options = parse_options(args.rules, list(args.option), lang)
    if args.quick:
        from zemlevlasnyk.engine.options import QUICK_GAME
        options = {**QUICK_GAME, **options}
    return load_rules(args.rules, options)

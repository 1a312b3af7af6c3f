"""The command line's words in the person's language: the language `--help` and argparse's
errors speak (`--lang` if typed, else the settings', else the system's), the catalogue's
`commands.cli` part where every command's help comes from, and argparse's own words
(«usage:», «options», its error lines) put into that language while a parser is built and
parses."""
from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from zemlevlasnyk.ui.words.text import LANGUAGES, Words, catalogue

# argparse's own words (Python 3.11 to 3.13 write them so), each with its entry in the
# catalogue's `commands.cli.argparse`. Only those our parsers can show: no command uses
# `FileType`, a mutually exclusive group or `nargs=<number>` (whose words are argparse's
# `ngettext`, left as it is).
ARGPARSE_WORDS = {
    "usage: ": "usage",
    "positional arguments": "positionals",
    "options": "options",
    "show this help message and exit": "help",
    "%(prog)s: error: %(message)s\n": "error",
    "argument %(argument_name)s: %(message)s": "argument",
    "the following arguments are required: %s": "required",
    "invalid choice: %(value)r (choose from %(choices)s)": "choice",
    "invalid %(type)s value: %(value)r": "invalid_value",
    "unrecognized arguments: %s": "unrecognized",
    "expected one argument": "one_value",
    "expected at most one argument": "at_most_one",
    "expected at least one argument": "at_least_one",
    "ambiguous option: %(option)s could match %(matches)s": "ambiguous",
    "ignored explicit argument %r": "no_value_here",
}
LANG_FLAG = "--lang"


def help_words(lang: str) -> Words:
    """The catalogue's words for the command line's help (`commands.cli`)."""
    words: Words = catalogue(lang)["commands"]["cli"]
    return words


def typed_language(argv: Sequence[str]) -> str | None:
    """The `--lang` typed anywhere on the command line (before `--`), or None. Read before
    argparse, whose help and errors it decides."""
    for n, arg in enumerate(argv):
        if arg == "--":
            break
        value = argv[n + 1] if arg == LANG_FLAG and n + 1 < len(argv) else arg.partition("=")[2]
        if (arg == LANG_FLAG or arg.startswith(LANG_FLAG + "=")) and value in LANGUAGES:
            return value
    return None


def command_line_language(argv: Sequence[str]) -> str:
    """The language `--help` and argparse's errors speak: the `--lang` typed, else the
    settings', else the system's."""
    from zemlevlasnyk.ui.words.language import preferred_language

    return typed_language(argv) or preferred_language()


@contextmanager
def argparse_speaks(lang: str) -> Iterator[None]:
    """argparse's own words in `lang` while the block builds parsers and parses.

    argparse looks each of its words up when it needs it, through the module-level `_` it
    imported from gettext (`_('usage: ')`); the argparse HOWTO's «How to translate the
    argparse output» names these words as the ones to translate. gettext's own way to that
    `_` is a compiled `.mo` file for the process-wide domain, found by the environment's
    locale: ours is the settings' language, and the words live in our JSON catalogues. So
    the block rebinds that one module-level name to a lookup in the catalogue (a word not
    in ARGPARSE_WORDS stays argparse's) and puts argparse's back afterwards, error or not:
    no copy of argparse's code, and nothing after the parse sees the change."""
    words: dict[str, str] = help_words(lang)["argparse"]

    def translated(message: str) -> str:
        key = ARGPARSE_WORDS.get(message)
        return message if key is None else words[key]

    # Through the module's namespace: the stubs do not declare argparse's private `_`.
    namespace = vars(argparse)
    original: Callable[[str], str] = namespace["_"]
    namespace["_"] = translated
    try:
        yield
    finally:
        namespace["_"] = original

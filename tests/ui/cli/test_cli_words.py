"""The command line's help and argparse's errors speak the person's language (issue 10):
under a Ukrainian locale `zemlevlasnyk --help`, every command's `--help` and the usage
errors hold no English word but what is typed (option and command names, choices, the
program's name, example values, file names) and a few technical names; under an English
locale they are English; `--lang` typed decides too; exit codes stay argparse's."""
from __future__ import annotations

import argparse
import importlib.util
import os
import re
import subprocess
import sys
from collections.abc import Collection
from pathlib import Path

import pytest

from zemlevlasnyk.engine import option_specs, preset_names
from zemlevlasnyk.engine.bots import LEVELS, Temperament
from zemlevlasnyk.p2p.core.identity import COLOURS
from zemlevlasnyk.ui.cli import COMMANDS, main
from zemlevlasnyk.ui.cli.screenshot import SCENES
from zemlevlasnyk.ui.cli.words import ARGPARSE_WORDS, command_line_language
from zemlevlasnyk.ui.words.text import LANGUAGES

IN_BUILD = [c.name for c in COMMANDS if importlib.util.find_spec(c.module)]
# What a person types, so the help shows it as it is: option names (`--rules`), whatever a
# `{choice,set}` or backticks hold (`zemlevlasnyk rules`), an environment variable and the
# invite link's scheme.
TYPED = re.compile(r"--?[a-z][a-z-]*|\{[^}]*\}|`[^`]*`|\$[A-Z_]+|zemlevlasnyk://\S*")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
# Words the Ukrainian help may hold: the program's and the commands' names, the values a
# person types (levels and temperaments, presets, house rules and their values, colours, scenes, languages),
# the files `simulate --plots` writes and the saved game's suffix, and technical names that
# Ukrainian writes as they are.
TYPED_WORDS = ({"zemlevlasnyk", "off", "png", "zvl"} | set(IN_BUILD) | set(LEVELS) | {t.value for t in Temperament}
               | set(preset_names())
               | {s.name for p in preset_names() for s in option_specs(p)} | set(COLOURS) | set(SCENES)
               | set(LANGUAGES) | {"landings", "wins"})
TECHNICAL = {"IPv4", "TCP", "PNG", "JSON", "mDNS", "Wi", "Fi"}


def english_words(text: str, typed: Collection[str] = ()) -> list[str]:
    """The Latin-letter words of `text` that are none of the above (nor in `typed`: what the
    test itself typed, echoed back by an error)."""
    return [w for w in LATIN_WORD.findall(TYPED.sub(" ", text))
            if sum(c.isalpha() for c in w) >= 2 and w not in TYPED_WORDS | TECHNICAL and w not in typed]


@pytest.fixture
def ukrainian(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A Ukrainian locale and no settings file (which could name another language)."""
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))


@pytest.fixture
def english(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | str | None, str, str]:
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    out, err = capsys.readouterr()
    return exit_.value.code, out, err


@pytest.mark.parametrize("command", ["", *IN_BUILD])
def test_cli_help_is_ukrainian_under_a_ukrainian_locale(command: str, ukrainian: None,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run([command, "--help"] if command else ["--help"], capsys)
    assert code == 0
    assert out.startswith(f"використання: zemlevlasnyk {command}".rstrip())
    assert "показати цю довідку й вийти" in out
    assert english_words(out) == [], out


@pytest.mark.parametrize("argv,typed,said", [
    (["screenshot"], set(), "бракує обов'язкових аргументів: СЦЕНА, --out"),
    (["screenshot", "nowhere", "--out", "x.png"], {"nowhere"}, "СЦЕНА: немає такого варіанта: 'nowhere'"),
    (["simulate", "--lang", "fr"], {"fr"}, "--lang: немає такого варіанта: 'fr'"),
    (["simulate", "--games", "many"], {"many"}, "--games: неприйнятне значення: 'many'"),
    (["simulate", "--games"], set(), "--games: бракує значення"),
    (["simulate", "--frobnicate"], set(), "незрозумілі аргументи: --frobnicate"),
    (["frobnicate"], {"frobnicate"}, "КОМАНДА: немає такого варіанта: 'frobnicate'"),
])
def test_cli_usage_errors_are_ukrainian_and_exit_2(argv: list[str], typed: set[str], said: str, ukrainian: None,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith("використання: zemlevlasnyk")
    assert "помилка: " + said in err
    assert english_words(err, typed) == [], err


def test_cli_help_is_english_under_an_english_locale(english: None, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(["--help"], capsys)
    assert code == 0
    assert " ".join(out.split()).startswith(
        "usage: zemlevlasnyk [-h] [--interface ADDR] [--lang {uk,en}] [--version] COMMAND ...")
    assert "\noptions:\n" in out and "show this help message and exit" in out
    # Cyrillic only in the game's own name.
    assert set(re.findall(r"[А-Яа-яІіЇїЄєҐґ][А-Яа-яІіЇїЄєҐґ']*", out)) == {"Землевласник"}
    code, _, err = _run(["simulate", "--games", "many"], capsys)
    assert code == 2
    assert "zemlevlasnyk simulate: error: argument --games: invalid int value: 'many'" in err


def test_cli_english_check_finds_english(english: None, capsys: pytest.CaptureFixture[str]) -> None:
    """The check above can fail: the English help is full of words it does not let by."""
    _, out, _ = _run(["simulate", "--help"], capsys)
    assert {"usage", "options", "show", "many", "seed"} <= set(english_words(out))
    assert english_words("помилка: invalid choice: 'fr'", {"fr"}) == ["invalid", "choice"]


def test_cli_typed_lang_decides_the_help(english: None, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = _run(["simulate", "--lang", "uk", "--help"], capsys)
    assert out.startswith("використання: zemlevlasnyk simulate")
    _, out, _ = _run(["--lang=uk", "--help"], capsys)
    assert out.startswith("використання: zemlevlasnyk")
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    _, out, _ = _run(["rules", "--lang", "en", "--help"], capsys)
    assert out.startswith("usage: zemlevlasnyk rules")
    # A language we have not, or one after `--`, is not the help's.
    assert command_line_language(["--lang", "fr"]) == "uk"
    assert command_line_language(["join", "--", "--lang", "en"]) == "uk"


def test_cli_argparse_speaks_its_own_words_again_afterwards(ukrainian: None,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Ukrainian for the command line's parse only: argparse's words are its own after it,
    error or not."""
    _run(["simulate", "--games"], capsys)
    assert argparse._("usage: ") == "usage: "  # type: ignore[attr-defined]
    assert argparse.ArgumentParser(prog="x").format_usage() == "usage: x [-h]\n"


def test_cli_argparse_words_are_the_ones_argparse_uses() -> None:
    """Every word translated is one this Python's argparse asks for (a changed wording
    would otherwise go on in English unnoticed)."""
    source = Path(argparse.__file__).read_text("utf-8")
    missing = [m for m in ARGPARSE_WORDS if f"_({m!r})" not in source]
    assert missing == []


def test_cli_help_is_ukrainian_from_the_installed_command(tmp_path: Path) -> None:
    """The real entry point in its own process, its language from the environment."""
    env = {**os.environ, "LANG": "uk_UA.UTF-8", "XDG_DATA_HOME": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "zemlevlasnyk", "host", "--help"], capture_output=True,
                          text=True, timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("використання: zemlevlasnyk host")
    assert english_words(proc.stdout) == [], proc.stdout
    proc = subprocess.run([sys.executable, "-m", "zemlevlasnyk", "verify"], capture_output=True,
                          text=True, timeout=60, env=env)
    assert proc.returncode == 2
    assert proc.stderr.endswith("zemlevlasnyk verify: помилка: бракує обов'язкових аргументів: файл\n")


def _said(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """What a command that returns prints: its exit code and its output and errors."""
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out + err


@pytest.mark.parametrize("argv,said,values", [
    (["--lang", "uk", "games"], "Незавершених ігор немає", set()),
    (["games", "--lang=uk"], "Незавершених ігор немає", set()),
    (["--lang", "uk", "verify", "/nowhere/at/all.zvl"], "не вдається прочитати файл /nowhere/at/all.zvl", set()),
    (["--lang", "uk", "play", "--opponents", "9"], "--opponents 9: можна 1, 2 або 3", set()),
    # The house rules' values, which a person types as they are.
    (["--lang", "uk", "rules"], "Набори правил (--rules):", {"on", "return", "auction", "none", "beginner", "loyal",
                                                            "aggressive"}),
])
def test_cli_typed_lang_is_the_whole_commands_language(argv: list[str], said: str, values: set[str], english: None,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A `--lang` typed before the command's name, or after it, is what the command's own
    lines speak, not only argparse's (it used to be the settings' language: `zemlevlasnyk
    --lang uk games` answered in English), and only while that command runs."""
    code, text = _said(argv, capsys)
    assert said in text, text
    # Paths name folders in whatever words they have.
    assert english_words(re.sub(r"\S*/\S*", " ", text), set(argv) | values) == [], text
    assert code in (0, 1, 2)
    _, text = _said(["rules"], capsys)
    assert text.startswith("Rule presets (--rules):")


def test_cli_typed_lang_words_a_bad_seed(english: None, capsys: pytest.CaptureFixture[str]) -> None:
    """`--seed` is checked while argparse parses, before the command runs: its error speaks
    the `--lang` typed too, wherever it stands."""
    for argv in (["--lang", "uk", "play", "--seed", "abc"], ["play", "--seed", "abc", "--lang", "uk"]):
        code, _, err = _run(argv, capsys)
        assert code == 2
        assert "--seed: 'abc' — не ціле число" in err, err
    code, _, err = _run(["play", "--seed", "abc"], capsys)
    assert "--seed: 'abc' is not a whole number" in err

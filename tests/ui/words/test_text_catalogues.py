"""The text catalogues: every key in both languages with the same fields, plural and gender
forms as the languages need them, no key that nothing uses, and no words a player sees
written anywhere in ui/ outside the catalogues.

The literal scan reads every module of ui/ and looks at what reaches a player: the text
of `draw_text`, `wrap`, `fit`, `fit_line`, a `Button`'s label, the window's caption,
`print`, `UserError` and argparse's `ArgumentTypeError` and `error`, the command line's
help (`help`, `description` and `metavar` of argparse's parsers and arguments), and strings
stored in the attributes the scenes show (`message`, `error`, `notice`, `refusal`, ...). A
string there counts as words when it has two letters in a row; catalogue keys (subscripts,
`.get`, `Say` paths) and the few non-words in `ALLOWED` do not count.
"""
from __future__ import annotations

import ast
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.paths import REPO

from zemlevlasnyk.ui.words.text import (
    GENDER_FORMS,
    PLURAL_FORMS,
    Say,
    catalogue,
    form,
    is_gendered,
    is_plural,
    plural_category,
)

ROOT = REPO
UI = ROOT / "ui"
WORD = re.compile(r"[A-Za-zА-Яа-яІіЇїЄєҐґ]{2,}")
# Not words: the program's own name (as commands print it before a message).
ALLOWED = {"zemlevlasnyk"}
# Calls whose argument at this position (None: every argument) reaches the player.
SINKS: dict[str, int | None] = {"draw_text": 1, "wrap": 0, "fit": 0, "fit_line": 0, "text_surface": 0,
                                "set_caption": 0, "Button": 0, "print": None, "UserError": None,
                                "ArgumentTypeError": None, "error": None}
SINK_KEYWORDS = {"label", "text"}
# argparse's calls, and their keywords that `--help` shows (tests/ui/cli/test_cli_words.py reads
# the help itself, in Ukrainian).
ARGPARSE_CALLS = {"ArgumentParser", "add_parser", "add_argument", "add_subparsers", "add_argument_group"}
ARGPARSE_KEYWORDS = {"help", "description", "metavar", "epilog", "title", "usage"}
# Attributes whose strings the scenes show as they are.
SHOWN_ATTRIBUTES = {"message", "error", "notice", "refusal", "note", "trouble", "problem", "cheated", "label"}
# Strings that are never words: where a text is anchored.
ANCHORS = {"topleft", "midtop", "topright", "midleft", "center", "midright", "bottomleft", "midbottom", "bottomright"}
# Calls whose first argument is a catalogue key or path, not words.
KEY_CALLS = {"get", "Say", "ui_words", "catalogue", "form", "error_words", "command_help", "help_words"}
# Calls whose arguments only go to the window's log (what is shown is their `Say`).
LOG_CALLS = {"trouble", "explain", "refused", "cheating"}
# Modules other helpers are rewriting now; their texts move into the catalogues when they
# land (each entry names who). The scan still runs on them in `test_..._pending_are_still_pending`.
PENDING: dict[str, str] = {}


# --- the shape of the catalogues -----------------------------------------------------------

def _is_form_set(entry: object) -> bool:
    return is_plural(entry) or is_gendered(entry)


def _fields(text: str) -> set[str]:
    return {f.split(".")[0].split("[")[0] for _, f, _, _ in string.Formatter().parse(text) if f}


def _leaves(value: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, entry) for every entry: a string, a set of forms, or a list's item."""
    if isinstance(value, dict) and not _is_form_set(value):
        for key, sub in value.items():
            yield from _leaves(sub, f"{path}.{key}" if path else key)
    elif isinstance(value, list):
        for n, sub in enumerate(value):
            yield from _leaves(sub, f"{path}[{n}]")
    else:
        yield path, value


def _entry_fields(entry: object) -> set[str]:
    if isinstance(entry, str):
        return _fields(entry)
    assert isinstance(entry, dict)
    found: set[str] = set()
    for sub in entry.values():
        found |= _entry_fields(sub)
    return found


def _forms_of(lang: str, entry: object) -> None:
    """A set of forms has exactly the forms the language needs."""
    if is_gendered(entry):
        assert isinstance(entry, dict)
        for sub in entry.values():
            _forms_of(lang, sub)
    elif is_plural(entry):
        assert isinstance(entry, dict)
        assert tuple(entry) == PLURAL_FORMS[lang], f"{lang}: plural forms {tuple(entry)}"


UK = dict(_leaves(catalogue("uk")))
EN = dict(_leaves(catalogue("en")))


def test_catalogues_have_the_same_keys() -> None:
    assert sorted(set(UK) - set(EN)) == [], "missing in English"
    assert sorted(set(EN) - set(UK)) == [], "missing in Ukrainian"


@pytest.mark.parametrize("path", sorted(UK), ids=str)
def test_catalogues_entries_have_the_same_fields(path: str) -> None:
    uk, en = UK[path], EN.get(path)
    assert isinstance(uk, (str, dict)) and isinstance(en, (str, dict)), f"{path}: not text"
    assert _entry_fields(uk) == _entry_fields(en), f"{path}: fields differ"
    _forms_of("uk", uk)
    _forms_of("en", en)
    if isinstance(uk, dict) and is_gendered(uk):
        assert set(uk) == set(GENDER_FORMS)


# --- forms ----------------------------------------------------------------------------------

@pytest.mark.parametrize("n,category", [(1, "one"), (2, "few"), (4, "few"), (5, "many"), (11, "many"),
                                        (12, "many"), (14, "many"), (21, "one"), (22, "few"), (25, "many"),
                                        (111, "many"), (101, "one"), (0, "many")])
def test_catalogues_ukrainian_plural_forms(n: int, category: str) -> None:
    assert plural_category("uk", n) == category


def test_catalogues_plural_and_gender_words() -> None:
    cards = catalogue("uk")["deck_reshuffled"]
    assert [form("uk", cards, n=n).format(cards=n) for n in (1, 2, 5)] == [
        "Колоду Фортуни перетасовано (1 картка)", "Колоду Фортуни перетасовано (2 картки)",
        "Колоду Фортуни перетасовано (5 карток)"]
    assert form("en", catalogue("en")["deck_reshuffled"], n=1).format(cards=1).endswith("(1 card)")
    out = catalogue("uk")["ui"]["out"]
    assert [form("uk", out, gender=g) for g in ("f", "m", None)] == ["вибула", "вибув", "поза грою"]
    assert form("en", catalogue("en")["ui"]["out"], gender="f") == "out"
    assert Say("friends.seats", {"taken": 1, "all": 4}, n=4).text("uk") == "1 з 4 місць"
    assert Say("friends.seats", {"taken": 1, "all": 1}, n=1).text("en") == "1 of 1 seat"


# --- keys nothing uses ----------------------------------------------------------------------

def _source_strings() -> set[str]:
    found: set[str] = set()
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
                found.update(node.value.split("."))
    return found


# Parts of the catalogues looked up by a value, not by a key written in the code: engine
# events by their type, payment and jail reasons, decisions, levels, deed kinds, table
# phases, languages, genders, each with why it is complete.
LOOKED_UP = {
    "": "narrate: an engine event's TYPE names its line",
    "reasons": "narrate: a payment's reason", "jail_reasons": "narrate: why someone went to jail",
    "jail_how": "narrate: how someone left jail",
    "offer_kinds": "narrate: what a square offers (engine.offers.OfferKind)",
    "privilege_by": "narrate: what a privilege was (a donation, a card)",
    "privilege_against": "narrate: what a privilege cancelled (a jailing, a credit)",
    "ui.prompts": "decisions.prompt: the pending decision's kind",
    "ui.actions": "decisions: the action's kind", "ui.levels": "a computer player's level",
    "ui.level_notes": "a computer player's level",
    "ui.temperaments": "a computer player's temperament (engine.bots.Temperament)",
    "ui.offer_reasons": "words.offers: an offer's reason kind (engine.bots.reasons.ReasonKind)",
    "ui.offer_reasons.sets": "words.offers: stations or utilities (engine.bots.reasons.STATIONS, UTILITIES)",
    "rulesets.klasyka.groups": "words.ruleset.group_name: a colour group's id",
    "ui.trade_why": "the trade rule the engine names (decisions.why_not)",
    "ui.deed.kinds": "a cell's kind", "ui.deed.about": "a cell's kind",
    "ui.friends.phase": "a table's phase", "ui.settings.languages": "text.LANGUAGES",
    "ui.settings.genders": "settings.Gender", "ui.samples": "screenshot sample data, read as a whole",
    "commands.savegame": "a saved game's Problem (p2p.store.savegame)",
    "commands.os_errors": "text.os_reason: an OSError's errno name (checked in test_text)",
    "commands.table.phases": "a table's phase (p2p.core.host.TablePhase)",
    "commands.table.want": "what a knock asks for (p2p.core.handshake PLAYING, WATCHING)",
    "commands.table.whose": "whose fault (p2p.core.errors.Fault)",
    "ui.errors": "a table error's code (every p2p.core.errors.Code has words: see below)",
    "ui.reasons": "an error's reason (p2p.core.errors.Explained; every reason p2p gives has words: see below)",
    "rule_options.bankrupt_deeds.values": "the option's choices (engine.option_specs)",
    "rule_options.plates.values": "the option's choices (engine.option_specs)",
    "presets.yarmarok.refused": "ruleset_text.refusal: an option the preset refuses (engine.refused_option_reasons)",
    "commands.verify": "`zemlevlasnyk verify`, which arrives with the records of protocol v2",
    "rulesets.klasyka.cells": "ruleset_text.cell_name: a cell's index",
    "rulesets.klasyka.short": "ruleset_text.short_cell_name: a cell's index",
    "rulesets.zemlevlasnyk.short": "ruleset_text.short_cell_name: a cell's index",
    "rulesets.klasyka.cards": "ruleset_text.card_words: a card's id",
    "rulesets.klasyka.decks": "ruleset_text.deck_name: a deck's id",
    "rulesets.kazka.cells": "ruleset_text.cell_name: a cell's index",
    "rulesets.kazka.short": "ruleset_text.short_cell_name: a cell's index",
    "rulesets.kazka.cards": "ruleset_text.card_words: a card's id",
    "rulesets.kazka.decks": "ruleset_text.deck_name: a deck's id",
    "rulesets.kazka.card_names": "ruleset_text.card_name: a kept card's id",
    "rulesets.kazka.choice_names": "ruleset_text.choice_name: a card's id and a choice's",
    "rulesets.kazka.choices": "ruleset_text.choice_words: a card's id and a choice's",
    "rulesets.yarmarok.cells": "ruleset_text.cell_name: a cell's index",
    "rulesets.yarmarok.short": "ruleset_text.short_cell_name: a cell's index",
    "rulesets.yarmarok.cards": "ruleset_text.card_words: a card's id",
    "rulesets.yarmarok.decks": "ruleset_text.deck_name: a deck's id",
    "rulesets.yarmarok.card_names": "ruleset_text.card_name: a kept card's id",
    "rulesets.yarmarok.figures": "ruleset_text.figure_name: a casino figure's index",
    "ui.pick": "ui.scenes.table.pick: a kind of choice (pick.KINDS)",
    "ui.prompts.offers": "ui.scenes.table.choices: an offer's kind (engine OfferKind)",
    "presets": "ruleset_text.preset_name: a preset's name (engine.preset_names)",
    "rule_options": "ruleset_text.option_name: an option's name (engine.option_specs)",
    "speed_faces": "narrate: the speed die's face (engine.state.SPEED_FACES)",
}


def _looked_up(path: str) -> bool:
    parent = path.rsplit(".", 1)[0] if "." in path else ""
    return parent in LOOKED_UP or (parent == "" and "[" not in path)


def test_catalogues_have_no_unused_keys() -> None:
    used = _source_strings()
    unused = []
    for path in UK:
        key = re.sub(r"\[\d+\]$", "", path).rsplit(".", 1)[-1]
        if key not in used and not _looked_up(path.split("[")[0]):
            unused.append(path)
    assert unused == []


def test_catalogues_every_table_error_has_words() -> None:
    from zemlevlasnyk.p2p.core.errors import Code
    for lang in ("uk", "en"):
        missing = [c.value for c in Code if c.value not in catalogue(lang)["ui"]["errors"]]
        assert missing == [], f"{lang}: no words for {missing}"


def _p2p_reasons() -> set[str]:
    """Every reason p2p/ gives an error: `reason="..."` written out, a link's and an evidence
    line's reason by its helper (`bad(why, "...")`), a cheat's by its kind."""
    from zemlevlasnyk.p2p.core.errors import Cheat
    found = {f"cheat_{kind.value}" for kind in Cheat}
    for path in (ROOT / "p2p").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            for keyword in node.keywords:
                if keyword.arg == "reason" and isinstance(keyword.value, ast.Constant):
                    found.add(keyword.value.value)
            if _name(node.func) == "bad" and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant):
                prefix = {"links.py": "link_", "verify.py": "evidence_"}[path.name]
                found.add(prefix + node.args[1].value)
    return found


def test_catalogues_every_p2p_error_reason_has_words() -> None:
    reasons = _p2p_reasons()
    assert {"link_no_port", "cannot_reach", "interface_not_here", "cheat_clock", "evidence_not_ours"} <= reasons
    for lang in ("uk", "en"):
        missing = sorted(reasons - set(catalogue(lang)["ui"]["reasons"]))
        assert missing == [], f"{lang}: no words for {missing}"


def test_catalogues_engine_events_all_have_a_line_or_are_silent() -> None:
    from zemlevlasnyk.engine import events
    from zemlevlasnyk.ui.words.narrate import SILENT
    kinds = {c.TYPE for c in vars(events).values() if isinstance(c, type) and getattr(c, "TYPE", "")}
    top = {k for k in catalogue("uk") if not isinstance(catalogue("uk")[k], dict) or _is_form_set(catalogue("uk")[k])}
    assert kinds - SILENT <= top, sorted(kinds - SILENT - top)


# --- words written outside the catalogues -----------------------------------------------------

def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _words_in(node: ast.expr) -> Iterator[str]:
    """The string constants in `node` that are words (see the module docstring)."""
    keys: set[int] = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Subscript):
            keys.update(id(k) for k in ast.walk(sub.slice))
        elif isinstance(sub, ast.Dict):
            keys.update(id(k) for k in sub.keys if k is not None)   # a format's field names
        elif isinstance(sub, ast.Call) and _name(sub.func) in KEY_CALLS:
            keys.update(id(k) for a in sub.args[:1] for k in ast.walk(a))
        elif isinstance(sub, ast.Call) and _name(sub.func) in LOG_CALLS:
            keys.update(id(k) for a in sub.args for k in ast.walk(a) if not _is_say(a))
    for sub in ast.walk(node):
        if id(sub) in keys or not (isinstance(sub, ast.Constant) and isinstance(sub.value, str)):
            continue
        text = sub.value
        if text in ANCHORS:
            continue
        for word in WORD.findall(text):
            if word not in ALLOWED:
                yield text
                break


def _is_say(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and _name(node.func) == "Say"


def literal_words(code: str) -> list[tuple[int, str]]:
    """(line, text) of every word written where a player would see it."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(code)):
        shown: list[ast.expr] = []
        if isinstance(node, ast.Call) and _name(node.func) in SINKS:
            position = SINKS[_name(node.func) or ""]
            shown += node.args if position is None else node.args[position:position + 1]
            shown += [k.value for k in node.keywords if position is None or k.arg in SINK_KEYWORDS]
        elif isinstance(node, ast.Call) and _name(node.func) in ARGPARSE_CALLS:
            shown += [k.value for k in node.keywords if k.arg in ARGPARSE_KEYWORDS]
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Attribute) and t.attr in SHOWN_ATTRIBUTES
                                                  for t in node.targets):
            shown.append(node.value)
        for expr in shown:
            found += [(expr.lineno, text) for text in _words_in(expr)]
    return found


def _modules() -> list[Path]:
    return sorted(UI.rglob("*.py"))


@pytest.mark.parametrize("path", _modules(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_catalogues_no_words_outside_them(path: str | Path) -> None:
    name = Path(path).relative_to(ROOT).as_posix()
    if name in PENDING:
        pytest.skip(f"pending: {PENDING[name]}")
    assert literal_words(Path(path).read_text("utf-8")) == []


def test_catalogues_pending_are_still_pending() -> None:
    """Each module listed as pending still has words to move (else it leaves the list)."""
    for name in PENDING:
        path = ROOT / name
        assert path.exists() and literal_words(path.read_text("utf-8")), f"{name} is done: remove it from PENDING"


def test_catalogues_scan_catches_offenders() -> None:
    caught = literal_words('''
draw_text(surface, "Ready", (0, 0), 12)
b = Button(f"Roll {n}", ROLL)
self.message = "cannot open the table"
print(f"zemlevlasnyk: {why} (interrupted)")
raise UserError(f"--level {x!r}: no such level")
p.add_argument("--games", type=int, help="how many games")
sub.add_parser("rules", help=command_help("rules", lang), description="List the rule presets")
''')
    assert sorted({line for line, _ in caught}) == [2, 3, 4, 5, 6, 7, 8]
    assert literal_words('''
draw_text(surface, self.t["lobby"]["ready"], (0, 0), 12, anchor="midleft")
b = Button(t["actions"].get("roll", "x"), ("roll", 1))
self.message = Say("friends.bad_link")
print(f"zemlevlasnyk: {words['x']}")
draw_text(surface, "✓ " + money(5), (0, 0), 12)
p.add_argument("--games", metavar=words["metavars"]["games"], help=said["games"].format(default=100))
''') == []


def test_a_trade_line_tells_money_from_names() -> None:
    """Money in a trade's line says it is money (««Пекарня», «Електроенергія», 12» read as a
    third name), on whichever side pays it, in both languages."""
    from zemlevlasnyk.engine import load_preset
    from zemlevlasnyk.engine.events import TradeProposed
    from zemlevlasnyk.ui.words.narrate import narrate
    rules = load_preset()
    names = ["Марія", "Богдан"]
    asks = narrate(rules, TradeProposed(1, 0, (), (3, 1), -12), "uk", names)
    assert asks is not None and asks.endswith("«Кожум'яки», «Млинська», 12 готівкою"), asks
    gives = narrate(rules, TradeProposed(1, 0, (3,), (), 12_000), "en", names)
    assert gives is not None and "gives Tanners' Row, 12\u00a0000 in cash, asks for nothing" in gives, gives


def test_catalogues_feed_lines_read_as_sentences() -> None:
    """A line that begins with the bank begins with a capital; a trade with nothing given
    (or asked) says so in the language's order («нічого не віддає», not «віддає нічого»),
    and money given is given, not «nothing»."""
    from zemlevlasnyk.engine import load_preset
    from zemlevlasnyk.engine.events import Built, Paid, TradeProposed
    from zemlevlasnyk.ui.words.narrate import narrate
    rules = load_preset()
    names = ["Марія", "Богдан"]
    assert narrate(rules, Paid(None, 0, 20_000, "start_salary"), "uk", names) == "Банк → Марія: 20\u00a0000 (Старт)"
    assert str(narrate(rules, Paid(None, 0, 20_000, "start_salary"), "en", names)).startswith("The bank → Марія: ")
    asks = narrate(rules, TradeProposed(1, 0, (), (3,), 0), "uk", names)
    assert asks is not None and "нічого не віддає, просить «Кожум'яки»" in asks and "віддає нічого" not in asks
    # Money is a thing given: «віддає 16 900 готівкою», not «нічого не віддає … доплачує 16 900».
    paid = narrate(rules, TradeProposed(1, 0, (), (3,), 16_900), "uk", names)
    assert paid is not None and "віддає 16\u00a0900 готівкою, просить «Кожум'яки»" in paid and "нічого" not in paid
    gives = narrate(rules, TradeProposed(1, 0, (3,), (), 0), "uk", names)
    assert gives is not None and "віддає «Кожум'яки», нічого не просить" in gives
    assert "gives nothing, asks for Tanners' Row" in str(narrate(rules, TradeProposed(1, 0, (), (3,), 0), "en", names))
    # The last building is a hotel, not a fifth house.
    assert narrate(rules, Built(0, 3, 2), "uk", names) == "Марія будує будинок на «Кожум'яки» (будинків: 2)"
    assert narrate(rules, Built(0, 3, rules.max_buildings), "uk", names) == "Марія будує готель на «Кожум'яки»"
    assert narrate(rules, Built(0, 3, rules.max_buildings), "en", names) == "Марія builds a hotel on Tanners' Row"


def test_catalogues_mortgage_words_agree_with_every_deed() -> None:
    """A deed's name may be masculine («Північний вокзал»), feminine («Годинникова площа»),
    plural («Кожум'яки»): the Ukrainian words for a mortgaged deed take no gender
    («під заставою», not «закладена»)."""
    from zemlevlasnyk.engine import load_preset
    from zemlevlasnyk.engine.events import DeedTransferred
    from zemlevlasnyk.ui.words.narrate import narrate
    uk = catalogue("uk")
    for text in (uk["still_mortgaged"], uk["ui"]["mortgaged_mark"], uk["ui"]["deed"]["mortgaged"]):
        assert "заклад" not in text.lower(), text
    line = narrate(load_preset(), DeedTransferred(5, 0, 1, True), "uk", ["Оксана", "Богдан"])
    assert line == "«Північний вокзал» переходить: Богдан (під заставою)"


def test_catalogues_trade_partner_out_of_the_game_takes_no_gender() -> None:
    """The trade dialog says why a partner is disabled without knowing their gender: «Олена ·
    поза грою», not «Олена · вибув»."""
    assert catalogue("uk")["ui"]["trade_out"] == "поза грою"


def test_catalogues_offline_players_take_no_gender() -> None:
    """The banner naming who is offline at a friends table does not know their gender: it
    speaks of the seat, not «за нього» (the table once said so of Ірина)."""
    offline = catalogue("uk")["ui"]["connection"]["offline"]
    for n in (1, 2, 5):
        said = Say("connection.offline", {"names": "Ірина"}, n=n).text("uk")
        assert said.startswith("Не на зв'язку: Ірина.")
        words = set(said.rstrip(".").replace(",", " ").split())
        assert not words & {"нього", "неї", "він", "вона", "його", "її"}, said
    assert set(offline) == {"one", "few", "many"}


# The masculine past tense of what a player does: a line naming a player whose gender it does
# not know must not use it (the saved game's verify line once said «переміг Олена»).
MASCULINE_PAST = {"переміг", "виграв", "програв", "вибув", "пішов", "купив", "продав", "заплатив", "запропонував",
                  "зробив", "відмовився", "погодився", "здався", "отримав", "потрапив", "вийшов"}


def _plain_strings(entry: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every plain (not gendered) string of a catalogue, with its path."""
    if isinstance(entry, str):
        yield path, entry
    elif isinstance(entry, dict) and not is_gendered(entry):
        for key, value in entry.items():
            yield from _plain_strings(value, f"{path}.{key}" if path else key)


def test_catalogues_a_player_named_without_a_gender_takes_no_masculine_verb() -> None:
    found = [(path, text) for path, text in _plain_strings(catalogue("uk"))
             if "{name}" in text and set(re.findall(r"[а-яіїєґ']+", text.lower())) & MASCULINE_PAST]
    assert found == []

"""House rules: the options a table may switch or set, their checks, and how they change a
preset's data.

Every option lives in a ruleset's data, so that an option is played exactly like a rule of
the preset and the ruleset's digest covers it: `start_cash` and `start_salary` are the
preset's own top-level numbers, the others sit in its `options` object (absent there: the
engine's default below, which is how Землевласник has always played). A table names only the
options it changes; `apply_options` writes them into a copy of the preset's data and gives
back the canonical set of changes (values equal to the preset's are dropped), so the same
rules always have the same data, the same digest and the same description.
"""
from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Final

from .canonical import JSON, JSONObject
from .errors import OptionError, RulesetError
from .values import Value

OptionValue = bool | int | str


class OptionKind(StrEnum):
    SWITCH = "switch"    # on or off
    NUMBER = "number"    # a whole number within a range
    CHOICE = "choice"    # one of a few names


# How far the money options may go, as a multiple of the preset's own amount: ten times the
# starting cash already makes a game of hours, and keeps the numbers readable.
MONEY_RANGE_FACTOR = 10
# The decision clock's range in seconds (issue 11): under 15 s nobody can read a trade offer;
# over two minutes a table waits too long for someone who walked away.
CLOCK_SECONDS = (15, 120)
# The clock the table rules name (shared/RULES.md: a 30-second clock).
DEFAULT_CLOCK_SECONDS = 30
# A turn cap of 0 means no cap; beyond this a cap changes nothing in practice (a game of
# four players rarely lasts 1 000 turns), and a bound keeps typing errors out.
MAX_TURN_CAP = 5_000
# Deeds dealt to each player at the start (option `deal_deeds`): six each leaves four
# players 24 of a board's 28 deeds, a few still to buy; more would leave nothing to play for.
MAX_DEALT_DEEDS = 6
# The time limit's range in minutes (issue 19), 0 being off: under a quarter of an hour no
# group is built before the end; beyond three hours a limit does not shorten a game.
TIME_LIMIT_MINUTES = (15, 180)
# The quick game (issue 19: «Швидка гра»): the speed die, two deeds each and 45 minutes, the
# length of the official timed modes; docs/BOTS.md measures it against the standard game.
QUICK_GAME: dict[str, OptionValue] = {"speed_die": True, "deal_deeds": 2, "time_limit": 45}
# Switch values as typed on a command line.
_ON = ("on", "true", "yes", "1")
_OFF = ("off", "false", "no", "0")


class OptionSpec(Value):
    """One option: its name, kind, the preset's default and the values it may take (a value
    class, `engine/values.py`): a number within `minimum`..`maximum`, or `off` when the
    number has a value outside that range that switches it off (a time limit of 0).
    `text_key` names its texts in the catalogues: `rule_options.<name>.name` and `.help`."""
    __slots__ = __match_args__ = ("name", "kind", "default", "minimum", "maximum", "choices", "off")

    def __init__(self, name: str, kind: OptionKind, default: OptionValue, minimum: int | None = None,
                 maximum: int | None = None, choices: tuple[str, ...] = (), off: int | None = None) -> None:
        self.name: Final = name
        self.kind: Final = kind
        self.default: Final = default
        self.minimum: Final = minimum
        self.maximum: Final = maximum
        self.choices: Final = choices
        self.off: Final = off

    @property
    def text_key(self) -> str:
        return f"rule_options.{self.name}"

    def values_text(self) -> str:
        """The values it may take, for help and error messages: `on/off`, `15-120`, `a/b`."""
        if self.kind is OptionKind.SWITCH:
            return "on/off"
        if self.kind is OptionKind.NUMBER:
            span = f"{self.minimum}-{self.maximum}"
            return span if self.off is None else f"{self.off}/{span}"
        return "/".join(self.choices)

    def show(self, value: OptionValue) -> str:
        """A value as a command line writes it."""
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def check(self, value: object) -> OptionValue:
        """`value` if this option may take it (typed: bool, int or str); else OptionError."""
        if self.kind is OptionKind.SWITCH:
            if isinstance(value, bool):
                return value
        elif self.kind is OptionKind.NUMBER:
            if (isinstance(value, int) and not isinstance(value, bool)
                    and self.minimum is not None and self.maximum is not None
                    and (self.minimum <= value <= self.maximum or value == self.off)):
                return value
        elif isinstance(value, str) and value in self.choices:
            return value
        raise OptionError(f"option {self.name}: {value!r} is not one of its values ({self.values_text()})")

    def nearest(self, value: int) -> int:
        """The number this option may take nearest to `value` (a stepper's typed digits):
        within the range, or `off` when that is nearer."""
        assert self.minimum is not None and self.maximum is not None, "a number has a range"
        inside = min(max(value, self.minimum), self.maximum)
        if self.off is not None and abs(value - self.off) < abs(value - inside):
            return self.off
        return inside

    def parse(self, text: str) -> OptionValue:
        """A value typed as text (a command line's `NAME=VALUE`)."""
        word = text.strip().lower()
        if self.kind is OptionKind.SWITCH:
            if word in _ON:
                return True
            if word in _OFF:
                return False
        elif self.kind is OptionKind.NUMBER:
            digits = word.replace("_", "").replace(" ", "")
            if digits.lstrip("-").isdigit():
                return self.check(int(digits))
        elif word in self.choices:
            return word
        raise OptionError(f"option {self.name}: {text!r} is not one of its values ({self.values_text()})")


# The options kept in a ruleset's `options` object, with the engine's default (today's
# Землевласник) for a preset that does not name them; `start_cash` and `start_salary` come
# first, from the preset's own numbers.
_SWITCHES: tuple[tuple[str, bool], ...] = (
    ("start_bonus", False),             # double the Старт money for landing exactly on Старт
    ("pot", False),                     # taxes and fines into a pot on the free corner, the lander takes it
    ("auctions", True),                 # a declined deed is auctioned (off: it stays with the bank)
    ("even_building", True),            # build and sell evenly within a group
    ("building_limits", False),         # the bank has a limited supply of houses and hotels
    ("no_rent_in_jail", False),         # an owner in jail collects no rent
    ("mortgage_breaks_double", False),  # no double rent for a full group with a mortgaged street
    ("mortgage_fee", False),            # a mortgaged deed received costs 10% at once
    ("speed_die", False),               # a third die from the second lap (engine/speed_die.py)
)
BANKRUPT_DEEDS = ("return", "auction")
# Options that are the preset's own top-level numbers rather than entries of `options`.
_TOP_LEVEL = ("start_cash", "start_salary")


def refused_options(data: Mapping[str, JSON]) -> dict[str, str]:
    """The options a preset refuses (they make no sense with its rules), each with the reason
    its data gives: `refused_options` {name: reason}."""
    refused = data.get("refused_options") or {}
    if not isinstance(refused, dict) or not all(isinstance(v, str) and v for v in refused.values()):
        raise RulesetError("refused_options: expected reasons by option name")
    return {k: v for k, v in refused.items() if isinstance(v, str)}


def option_specs_of(data: Mapping[str, JSON]) -> list[OptionSpec]:
    """The options of a preset's data, with that preset's defaults (without those it refuses)."""
    own = data.get("options") or {}
    if not isinstance(own, dict):
        raise RulesetError("options: expected an object")
    refused = refused_options(data)
    cash = _whole(data.get("start_cash"), "start_cash")
    salary = _whole(data.get("start_salary"), "start_salary")
    specs = [
        OptionSpec("start_cash", OptionKind.NUMBER, cash, 1, max(1, cash) * MONEY_RANGE_FACTOR),
        OptionSpec("start_salary", OptionKind.NUMBER, salary, 0, max(1, salary) * MONEY_RANGE_FACTOR),
    ]
    specs += [OptionSpec(name, OptionKind.SWITCH, default) for name, default in _SWITCHES]
    specs += [
        OptionSpec("bankrupt_deeds", OptionKind.CHOICE, "return", choices=BANKRUPT_DEEDS),
        OptionSpec("clock", OptionKind.NUMBER, DEFAULT_CLOCK_SECONDS, *CLOCK_SECONDS),
        OptionSpec("turn_cap", OptionKind.NUMBER, 0, 0, MAX_TURN_CAP),
        OptionSpec("deal_deeds", OptionKind.NUMBER, 0, 0, MAX_DEALT_DEEDS),
        OptionSpec("time_limit", OptionKind.NUMBER, 0, *TIME_LIMIT_MINUTES, off=0),
    ]
    # A preset's own choice: which of its named layouts of add-on plates (seed 004) lies on
    # the board.
    layouts = data.get("plate_layouts")
    if layouts:
        if not isinstance(layouts, dict) or not all(isinstance(k, str) and k for k in layouts):
            raise RulesetError("plate_layouts: expected layouts by name")
        specs.append(OptionSpec("plates", OptionKind.CHOICE, next(iter(layouts)), choices=tuple(layouts)))
    # Only switches can be refused: the rules then play them at the engine's default.
    bad = sorted(set(refused) - {name for name, _ in _SWITCHES} | set(refused) & set(own))
    if bad:
        raise RulesetError(f"refused_options: {', '.join(bad)} cannot be refused here")
    out = []
    for spec in specs:
        if spec.name in refused:
            continue
        if spec.name in own and spec.name not in _TOP_LEVEL:
            spec = OptionSpec(spec.name, spec.kind, _checked(spec, own[spec.name]), spec.minimum,
                              spec.maximum, spec.choices, spec.off)
        out.append(spec)
    unknown = sorted(set(own) - {s.name for s in out} | set(own) & set(_TOP_LEVEL))
    if unknown:
        raise RulesetError(f"options: unknown option(s) {', '.join(unknown)}; "
                           f"known: {', '.join(s.name for s in out)}")
    return out


def option_values(data: Mapping[str, JSON]) -> dict[str, OptionValue]:
    """Every option's value in this data (the preset's own, or the engine's default; a
    refused option keeps the engine's default)."""
    values: dict[str, OptionValue] = {name: default for name, default in _SWITCHES}
    values["plates"] = ""        # no plates where the preset has no layouts
    values.update({s.name: s.default for s in option_specs_of(data)})
    return values


def apply_options(data: Mapping[str, JSON], options: Mapping[str, object] | None
                  ) -> tuple[JSONObject, dict[str, OptionValue]]:
    """The preset's data with `options` written in, and the options that differ from the
    preset's defaults (canonical: sorted by name, typed values). OptionError names the
    valid names or values when one is wrong."""
    specs = {s.name: s for s in option_specs_of(data)}
    refused = refused_options(data)
    changed: dict[str, OptionValue] = {}
    for name in sorted(options or {}):
        spec = specs.get(name) if isinstance(name, str) else None
        if spec is None and name in refused:
            raise OptionError(f"option {name}: not for these rules ({refused[name]})")
        if spec is None:
            raise OptionError(f"no option named {name!r}; options: {', '.join(specs)}")
        value = spec.check((options or {})[name])
        if value != spec.default or type(value) is not type(spec.default):
            changed[name] = value
    # A new top level and a new `options`, the only parts written: the rest is the preset's
    # own, shared as it is when no option changes (nothing changes a ruleset's data).
    out = dict(data)
    if not changed:
        return out, {}
    for name, value in changed.items():
        if name in _TOP_LEVEL:
            out[name] = value
        else:
            own = out.get("options")
            out["options"] = {**(own if isinstance(own, dict) else {}), name: value}
    return out, changed


def _checked(spec: OptionSpec, value: object) -> OptionValue:
    try:
        return spec.check(value)
    except OptionError as exc:
        raise RulesetError(f"options.{spec.name}: {exc}") from None


def _whole(value: object, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RulesetError(f"{where}: expected a whole number, got {value!r}")
    return value

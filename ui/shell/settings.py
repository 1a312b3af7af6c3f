"""The window's settings, kept between runs: language, the person's name, token colour and
grammatical gender, sound and its volume, the pace of the table (`Pace`), full screen, and
the decision clock of the tables they host.

They live in `<data dir>/settings.json` (the data dir of `p2p.store.folders`), private to the
user (folder 0700, file 0600), written whole and atomically; the commands read only the
language from it (`ui.words.language`). The name and colour are also
written into the default profile (`p2p.store.profiles`), which the `host` and `join` commands
read. A first run has no file: the language follows the system's locale (Ukrainian for
uk_*, else English), and the name and colour come from a default profile made before, if
any. A file that cannot be read gives the defaults and says why (`Loaded.problem`), never
a traceback.
"""
from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeVar

from zemlevlasnyk.p2p import COLOURS, MAX_NAME, ProtocolError, data_dir, load_or_create, private_folder
from zemlevlasnyk.ui.sessions.playback import Pace
from zemlevlasnyk.ui.words.language import SETTINGS_FILE, SETTINGS_FORMAT, settings_path, system_language
from zemlevlasnyk.ui.words.text import LANGUAGES

# Volume in whole percent, changed in tens: finer steps are not heard.
VOLUME_STEP = 10
DEFAULT_VOLUME = 70


class Gender(StrEnum):
    """How sentences about the person agree with them (Ukrainian has it in past tenses,
    adjectives and some nouns); NEUTRAL words them so that no gender is needed."""

    FEMININE = "f"
    MASCULINE = "m"
    NEUTRAL = "x"


@dataclass(frozen=True)
class Settings:
    lang: str
    name: str | None = None           # None: not chosen (shown as the catalogue's default name)
    colour: str = COLOURS[0]
    gender: Gender | None = None      # None: not asked yet (asked once, on the first run)
    sound: bool = True
    volume: int = DEFAULT_VOLUME      # percent, 0-100
    pace: Pace = Pace.NORMAL          # how fast dice, tokens, cards and computer players go
    fullscreen: bool = False
    clock: bool = True                # the decision clock on the tables this person hosts

    def __post_init__(self) -> None:
        if self.lang not in LANGUAGES:
            raise ValueError(f"no language {self.lang!r}")
        if not 0 <= self.volume <= 100:
            raise ValueError(f"volume {self.volume} is not 0-100")
        if self.colour not in COLOURS:
            raise ValueError(f"no token colour {self.colour!r}")
        if self.name is not None and not 0 < len(self.name) <= MAX_NAME:
            raise ValueError(f"a name has 1 to {MAX_NAME} characters, not {len(self.name)}")


@dataclass(frozen=True)
class Loaded:
    settings: Settings
    first_run: bool          # there was no settings file
    problem: str | None      # why the file could not be used (the defaults are used instead)


def load_settings(folder: Path | None = None, *, environ: Mapping[str, str] | None = None) -> Loaded:
    """The saved settings, or the first run's defaults (see the module docstring)."""
    path = settings_path(folder)
    defaults = Settings(lang=system_language(environ))
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded(_from_profile(defaults, folder), first_run=True, problem=None)
    except OSError as exc:
        return Loaded(defaults, first_run=False, problem=f"{path}: {exc.strerror or exc}")
    try:
        return Loaded(_parse(json.loads(text), defaults), first_run=False, problem=None)
    except (ValueError, TypeError) as exc:
        return Loaded(defaults, first_run=False, problem=f"{path}: {exc}")


_T = TypeVar("_T", bool, int, str)


def _field(data: dict[str, Any], key: str, kind: type[_T], default: _T) -> _T:
    value = data.get(key, default)
    # JSON true is a Python bool, which is also an int: a volume of `true` is refused.
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"{key}: {value!r} is not a {kind.__name__}")
    return value


def _from_profile(defaults: Settings, folder: Path | None) -> Settings:
    """The first run's settings, with the name and colour of a default profile made
    before (by `host`, `join` or an older window), if there is one."""
    if not ((folder or data_dir()) / "profiles" / "default.json").exists():
        return defaults
    try:
        profile = load_or_create("default", folder=folder)
    except ProtocolError:
        return defaults
    return Settings(lang=defaults.lang, name=profile.name, colour=profile.colour)


def _parse(data: object, defaults: Settings) -> Settings:
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    if data.get("format") != SETTINGS_FORMAT:
        raise ValueError(f"unknown settings format {data.get('format')!r}")
    gender = data.get("gender")
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise ValueError(f"name: {name!r} is not a string")
    return Settings(lang=_field(data, "lang", str, defaults.lang),
                    name=name,
                    colour=_field(data, "colour", str, defaults.colour),
                    gender=None if gender is None else Gender(gender),
                    sound=_field(data, "sound", bool, defaults.sound),
                    volume=_field(data, "volume", int, defaults.volume),
                    pace=Pace(_field(data, "pace", str, defaults.pace.value)),
                    fullscreen=_field(data, "fullscreen", bool, defaults.fullscreen),
                    clock=_field(data, "clock", bool, defaults.clock))


def save_settings(settings: Settings, folder: Path | None = None) -> None:
    """Write the settings privately and atomically, and the name and colour into the
    default profile; OSError when either cannot be written."""
    path = private_folder("", folder=folder) / SETTINGS_FILE
    data = {"format": SETTINGS_FORMAT, **asdict(settings)}
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    os.replace(tmp, path)
    if settings.name is not None:
        try:
            load_or_create("default", name=settings.name, colour=settings.colour, folder=folder)
        except ProtocolError as exc:
            raise OSError(exc.message) from exc

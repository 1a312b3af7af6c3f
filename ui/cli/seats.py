"""A computer player's seat as the commands take it: a level, or a level and its temperament
after a colon (`hard:bold`): `simulate --bots`, `host --bots` and `play --level`."""
from __future__ import annotations

from collections.abc import Mapping

from zemlevlasnyk.engine.bots import TEMPERAMENT_MARK, TEMPERED_LEVELS, Temperament
from zemlevlasnyk.ui.cli import UserError


def split_seat(spec: str, words: Mapping[str, str]) -> tuple[str, Temperament | None]:
    """The level of a seat's spec and its temperament (None: none given, the level plays
    balanced). A temperament on a level that has none, or one that does not exist, is a
    UserError in `words` (the catalogue's `commands.seats`); the level itself is the
    command's to check, against the levels it offers."""
    level, mark, mood = spec.partition(TEMPERAMENT_MARK)
    if not mark:
        return level, None
    if level not in TEMPERED_LEVELS:
        raise UserError(words["no_temperament"].format(level=repr(level), levels=", ".join(TEMPERED_LEVELS)))
    try:
        return level, Temperament(mood)
    except ValueError:
        known = ", ".join(t.value for t in Temperament)
        raise UserError(words["unknown_temperament"].format(temperament=repr(mood), known=known)) from None

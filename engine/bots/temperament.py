"""The three temperaments of a computer player offered to people: a value of its own, so that
naming one (the table, the window, the factory) loads none of the bots' thinking; what each
does to a level is in `style.py`."""
from __future__ import annotations

from enum import StrEnum


class Temperament(StrEnum):
    CAUTIOUS = "cautious"
    BALANCED = "balanced"
    BOLD = "bold"

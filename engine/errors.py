"""The engine's typed errors: whose fault, and which rule."""
from __future__ import annotations


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""


# Why an action is illegal: (rule, message), or None when it is legal (legality.py).
Why = tuple[str, str] | None


class IllegalAction(EngineError):
    """The action is well formed but breaks a rule; `.rule` names the rule (see docs/RULES.md)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.message = message


class BadAction(EngineError):
    """The data is not an action at all (unknown type, missing or mistyped field)."""


class BadState(EngineError):
    """Serialised state that cannot be a game of this ruleset."""


class RulesetError(EngineError):
    """A ruleset file that is not a playable ruleset; the message says what is wrong where."""


class OptionError(RulesetError):
    """A house-rule option that does not exist or a value it cannot take; the message is one
    line that names the valid names or values."""


class PresetError(RulesetError):
    """No ruleset preset of that name; the message names the presets there are."""


class ChanceRequired(EngineError):
    """The caller applied an action that needs chance without giving a chance source."""

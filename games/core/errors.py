"""The errors every game raises, each with a sentence a learner can read."""

from __future__ import annotations


class GameError(Exception):
    """Base class of every error raised by the rules package."""


class IllegalAction(GameError, ValueError):
    """The action is well formed but the rules do not allow it now.

    The state is left exactly as it was. ``reason`` is the learner-facing sentence.
    """

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"{action}: {reason}")
        self.action = action
        self.reason = reason


class InvalidNotation(GameError, ValueError):
    """A text could not be read as an action (a typo, not a rules question)."""


class ConfigError(GameError, ValueError):
    """A game configuration names an unknown option or a value out of range."""


class SaveFileError(GameError, ValueError):
    """A save file is malformed, from another game, or disagrees with its own action log."""


class DataError(GameError, ValueError):
    """A component data file (price table, tiles, ...) does not follow its schema."""

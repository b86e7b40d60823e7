"""The errors every game raises, each with a sentence a learner can read."""

from __future__ import annotations

import json
from typing import Any


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
    """A save file is malformed, from another game, or disagrees with its own action log: one sentence, at most
    :data:`MAX_SENTENCE` characters (what it quotes from the file is cut, see :func:`excerpt`)."""

    def __init__(self, message: str) -> None:
        super().__init__(message if len(message) <= MAX_SENTENCE else message[:MAX_SENTENCE - 1] + "…")


#: Most characters of a save error's sentence.
MAX_SENTENCE = 300


class DataError(GameError, ValueError):
    """A component data file (price table, tiles, ...) does not follow its schema."""


#: Most characters of a value quoted back in an error sentence.
QUOTE_LIMIT = 80


def excerpt(value: object, limit: int = QUOTE_LIMIT, ellipsis: str = "…") -> str:
    """``value`` as an error sentence quotes it: its repr cut to ``limit`` characters ending in ``ellipsis`` (a save
    or a click may carry a megabyte; the sentence stays one line). A whole number too long to write out is named by
    its size."""
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # the repr of the part shown only
    try:
        text = repr(value)
    except ValueError:  # an int over sys.get_int_max_str_digits() digits
        text = f"a number of about {int(value.bit_length() * 0.30103):,} digits"  # type: ignore[attr-defined]
    except RecursionError:  # lists or objects nested thousands deep
        text = f"a {type(value).__name__} nested too deep to write out"
    return text if len(text) <= limit else text[:limit - len(ellipsis)] + ellipsis


def read_json(text: str | bytes, error: type[GameError], what: str) -> Any:
    """``text`` (a str, or bytes in UTF-8) read as JSON, or ``error`` with one sentence naming what is wrong with
    ``what`` (``"a save"``): not text, not UTF-8, not JSON, nested deeper than Python reads, or a number of more
    digits than Python reads (``sys.get_int_max_str_digits``). Every loader of user text reads it here, so none of
    them lets ``RecursionError``, ``UnicodeDecodeError`` or ``ValueError`` out."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise error(f"{what} is JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise error(f"{what} is not JSON: {err}") from None
    except UnicodeDecodeError as err:
        raise error(f"{what} is not UTF-8 text: byte {err.start} cannot be read") from None
    except RecursionError:
        raise error(f"{what} nests lists or objects deeper than any game's data") from None
    except ValueError:  # json's own errors are caught above: this is an int over the digits Python reads
        raise error(f"{what} holds a number too long to read (thousands of digits)") from None

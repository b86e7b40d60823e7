"""Small text helpers every view's messages use."""

from __future__ import annotations

import re
from typing import Any

_WHOLE = re.compile(r"[+-]?[0-9]+\Z")


def short(value: Any) -> str:
    """A value as a message quotes it: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def plural(n: int, word: str, many: str | None = None) -> str:
    """``plural(1, "card")`` → ``1 card``; ``plural(3, "card")`` → ``3 cards``; ``many`` for irregular plurals."""
    return f"{n} {word if n == 1 else many or word + 's'}"


def seat_label(seat: int) -> str:
    """Seat 0 is ``Player 1``: the words every view and log uses."""
    return f"Player {seat + 1}"


def is_whole(value: Any) -> bool:
    """A whole number, and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def whole_number(answer: Any) -> int | None:
    """``answer`` read as a whole number (an int, a float without fraction, or its text), else ``None``."""
    if isinstance(answer, bool):
        return None
    if isinstance(answer, float):
        return int(answer) if answer.is_integer() else None
    if isinstance(answer, str):
        return int(answer.strip()) if _WHOLE.match(answer.strip()) else None
    return answer if isinstance(answer, int) else None

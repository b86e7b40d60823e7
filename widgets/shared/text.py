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


def notebook_name(obj: Any, fallback: str, parts: tuple[str, ...] = ()) -> str:
    """The name a notebook gave ``obj``, so a message can point at it (``finished.game.log``): a global of the
    IPython session bound to it (``_``-names aside), or ``name.part`` for a global whose attribute ``part`` (one of
    ``parts``) is ``obj`` (``app.stand``); ``fallback`` outside a notebook or when nothing names it."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return fallback
    names = [(k, v) for k, v in list((getattr(get_ipython(), "user_ns", None) or {}).items()) if not k.startswith("_")]
    found = [name for name, value in names if value is obj]
    found += [f"{name}.{part}" for name, value in names for part in parts if getattr(value, part, None) is obj]
    return found[0] if found else fallback


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

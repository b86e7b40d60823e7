"""Named data sets of one kind (a game's component sets, a card game's decks): the built-in set is loaded on first
use, others are checked by the game and registered by name."""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

from .errors import DataError

T = TypeVar("T")


class Registry(Generic[T]):
    """``Registry("deck", "decks", "approx_v1", load)``: ``get(name)`` gives a registered set or the built-in one
    (``load(name)`` on first use); any other name is a :class:`DataError` that lists the known names."""

    def __init__(self, noun: str, plural: str, default: str, load_default: Callable[[str], T]) -> None:
        self.noun, self.plural, self.default = noun, plural, default
        self._load_default = load_default
        self._sets: dict[str, T] = {}

    def register(self, name: str, value: T) -> T:
        self._sets[name] = value
        return value

    def get(self, name: str) -> T:
        if name not in self._sets:
            if name != self.default:
                known = ", ".join(sorted({self.default, *self._sets}))
                raise DataError(f"unknown {self.noun} {name!r}; known {self.plural}: {known}")
            self._sets[name] = self._load_default(name)
        return self._sets[name]

"""Actions: small immutable values with a text form that parses back.

An action is a verb and a few arguments, written the way a player would say it: ``advance ore 2``,
``build beer``, ``income``. ``str(action)`` gives that text and :meth:`Action.parse` reads it back.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Iterator, Union

from .errors import InvalidNotation, excerpt

Arg = Union[int, str]

_WORD = re.compile(r"[a-z][a-z0-9_\-]*\Z")
_INT = re.compile(r"-?[0-9]+\Z")
#: Most characters of an action's text (the longest action of any game is a few dozen).
MAX_TEXT = 200
#: Most digits of a number in an action (every number in any game is small; Python refuses to read 4,300+).
MAX_DIGITS = 18


@dataclass(frozen=True, slots=True)
class Action:
    """One decision, e.g. ``Action("advance", ("ore", 2))`` written ``advance ore 2``."""

    verb: str
    args: tuple[Arg, ...] = ()
    sort_key: tuple = field(init=False, repr=False, compare=False, hash=False)
    """Numbers before words, numbers by value: ``advance ore 2`` before ``advance ore 10``."""
    _hash: int = field(init=False, repr=False, compare=False, hash=False)
    _text: str = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        if not _WORD.match(self.verb):
            raise InvalidNotation(f"{excerpt(self.verb)} is not an action verb (lower-case letters, digits, '-', '_')")
        for arg in self.args:
            if isinstance(arg, bool) or not isinstance(arg, (int, str)):
                raise InvalidNotation(f"action arguments are words or whole numbers, not {excerpt(arg)}")
            if isinstance(arg, str) and not _WORD.match(arg):
                raise InvalidNotation(f"{excerpt(arg)} is not a word an action can carry")
        key = (self.verb, tuple((0, a, "") if isinstance(a, int) else (1, 0, a) for a in self.args))
        object.__setattr__(self, "sort_key", key)
        object.__setattr__(self, "_hash", hash((self.verb, self.args)))
        object.__setattr__(self, "_text", " ".join([self.verb, *map(str, self.args)]))

    def __hash__(self) -> int:  # cached: legal-action sets hash every action of every position
        return self._hash

    def __eq__(self, other: object) -> bool:  # the cached hashes tell most unequal actions apart at once
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._hash == other._hash and self.verb == other.verb and self.args == other.args  # type: ignore

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> "Action":
        """Read an action from its text form. Raises :class:`InvalidNotation` naming the bad part (a text over
        :data:`MAX_TEXT` characters or a number over :data:`MAX_DIGITS` digits is no action of any game)."""
        if not isinstance(text, str):
            raise InvalidNotation(f"an action is written as text, not {type(text).__name__}")
        if len(text) > MAX_TEXT:
            raise InvalidNotation(f"an action is a few words, at most {MAX_TEXT} characters, not {len(text):,} "
                                  f"({excerpt(text, 40)})")
        return _parse(cls, text)


@functools.lru_cache(maxsize=4096)
def _parse(cls: type[Action], text: str) -> Action:
    """``Action.parse``: actions are immutable values, and replays and saves read the same texts again and again."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidNotation("an empty text is not an action")
    verb, *rest = words
    too_long = next((w for w in rest if _INT.match(w) and len(w.lstrip("-")) > MAX_DIGITS), None)
    if too_long is not None:
        raise InvalidNotation(f"{excerpt(too_long, 30)} is too long a number for an action (at most {MAX_DIGITS} "
                              "digits)")
    args: list[Arg] = [int(w) if _INT.match(w) else w for w in rest]
    return cls(verb, tuple(args))


def as_action(action: "Action | str") -> Action:
    """Accept an :class:`Action` or its text form."""
    return action if isinstance(action, Action) else Action.parse(action)


class LegalActions(tuple):
    """The legal actions of a position: a sorted tuple that also answers ``"income" in legal``."""

    def __new__(cls, actions: Iterable[Action]) -> "LegalActions":
        return super().__new__(cls, sorted(set(actions), key=_key))

    @classmethod
    def presorted(cls, actions: Iterable[Action]) -> "LegalActions":
        """Wrap actions a game already lists sorted and unique (its ``legal_is_sorted`` promise; the conformance
        checks verify it on every position they visit)."""
        return tuple.__new__(cls, actions)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = Action.parse(item)
            except InvalidNotation:
                return False
        if len(self) <= 8:
            return tuple.__contains__(self, item)
        members = self.__dict__.get("_members")  # a long listing is asked again and again: hashed once
        if members is None:
            members = self.__dict__["_members"] = frozenset(self)
        try:
            return item in members
        except TypeError:  # an unhashable item is in no listing
            return False

    def texts(self) -> list[str]:
        return [str(a) for a in self]

    if TYPE_CHECKING:  # the type of its items, for type checkers only: iterating stays the tuple's own, no Python call
        def __iter__(self) -> Iterator[Action]: ...

    def __repr__(self) -> str:
        return f"<{len(self)} legal actions: {', '.join(self.texts())}>"


def _key(action: Action) -> tuple:
    return action.sort_key

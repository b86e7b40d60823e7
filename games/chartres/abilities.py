"""Card and location abilities, written with the rule text's symbol glossary.

An ability is ``times`` × the atoms in ``do`` ("N×": up to N times), or once per ``per`` resource in the action
row ("condition ▶ effect"). Atoms:

* costs: ``discard:yellow|red|purple|any`` (one card, of that colour if coloured), ``discard_same:N`` (N cards of
  one colour);
* gains: ``window:yellow|red|purple|white|any``, ``gain_citizen`` (common supply → personal supply),
  ``place_citizen`` (personal supply → a path), ``shield``, ``cross``, ``barrel``, ``score_windows``,
  ``score_cross``, ``draw:N``, ``reputation:N``, ``ip:N``, ``tavern`` (the placeholder tavern card stays).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from games.core import DataError

from .data import rulebook

COSTS = ("discard", "discard_same")
_ATOM = re.compile(
    r"(discard:(yellow|red|purple|any)|discard_same:[1-9]|window:(yellow|red|purple|white|any)|gain_citizen|"
    r"place_citizen|shield|cross|barrel|score_windows|score_cross|draw:[1-9]|reputation:[1-9]|ip:[1-9][0-9]?|"
    r"tavern)\Z")

#: Words for atoms, for prompts and the event log.
WORDS = {
    "gain_citizen": "take a citizen from the common supply", "place_citizen": "put a citizen on a path",
    "shield": "shield up 1", "cross": "cross up 1", "barrel": "barrel marker right 1",
    "score_windows": "score your windows", "score_cross": "score your cross height", "tavern": "keep the tavern",
}


def atom_words(atom: str) -> str:
    kind, _, arg = atom.partition(":")
    if kind == "discard":
        return "discard a card" if arg == "any" else f"discard a {arg} card"
    if kind == "discard_same":
        return f"discard {arg} cards of one colour"
    if kind == "window":
        return f"build a {arg} window" if arg != "any" else "build a window of any colour"
    if kind in ("draw", "reputation", "ip"):
        unit = {"draw": "card", "reputation": "reputation token", "ip": "IP"}[kind]
        return f"{'draw ' if kind == 'draw' else '+'}{arg} {unit}{'s' if arg != '1' and kind != 'ip' else ''}"
    return WORDS[kind]


@dataclass(frozen=True, slots=True)
class Ability:
    times: int
    per: str
    do: tuple[str, ...]
    #: Derived from ``do`` once (the engine asks for them at every step of an ability): its discards and its gains.
    costs: tuple[str, ...] = field(init=False, repr=False, compare=False)
    gains: tuple[str, ...] = field(init=False, repr=False, compare=False)
    #: How many citizens one repetition puts on a path, and takes from the common supply.
    places: int = field(init=False, repr=False, compare=False)
    takes: int = field(init=False, repr=False, compare=False)
    #: How many cards one repetition discards (``resolution.cards_needed`` of ``costs``).
    cards: int = field(init=False, repr=False, compare=False)
    _words: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "costs", tuple(a for a in self.do if a.partition(":")[0] in COSTS))
        object.__setattr__(self, "gains", tuple(a for a in self.do if a.partition(":")[0] not in COSTS))
        object.__setattr__(self, "places", self.do.count("place_citizen"))
        object.__setattr__(self, "takes", self.do.count("gain_citizen"))
        object.__setattr__(self, "cards", sum(int(arg) if kind == "discard_same" else 1
                                              for kind, _, arg in (a.partition(":") for a in self.costs)))
        object.__setattr__(self, "_words", self._wording())

    def words(self) -> str:
        """The ability in words (prompts and the log)."""
        return self._words

    def _wording(self) -> str:
        body = ", ".join(atom_words(a) for a in self.do)
        if self.per:
            return f"per {self.per} in your action row ▶ {body}"
        return f"{self.times}× {body}" if self.times > 1 else body


def parse_ability(raw: object, where: str) -> Ability:
    if not isinstance(raw, dict) or set(raw) != {"times", "per", "do"}:
        raise DataError(f"{where}: an ability is an object with exactly times, per and do")
    times, per, do = raw["times"], raw["per"], raw["do"]
    if isinstance(times, bool) or not isinstance(times, int) or not 1 <= times <= 9:
        raise DataError(f"{where}: times must be a whole number 1–9, not {times!r}")
    if per not in ("", *rulebook.RESOURCES):
        raise DataError(f"{where}: per must be '' or one of {', '.join(rulebook.RESOURCES)}, not {per!r}")
    if per and times != 1:
        raise DataError(f"{where}: an ability counted per {per} has times 1")
    if not isinstance(do, list) or not do or not all(isinstance(a, str) and _ATOM.match(a) for a in do):
        raise DataError(f"{where}: do must be a non-empty list of glossary atoms, not {do!r}")
    costs_first = [a.partition(":")[0] in COSTS for a in do]
    if costs_first != sorted(costs_first, reverse=True):
        raise DataError(f"{where}: discards come before the effects they pay for ({do})")
    return Ability(times, per, tuple(do))


def can_pay(costs: tuple[str, ...], colours: list[str]) -> bool:
    """Whether a hand with these card colours can pay every discard in ``costs`` (one repetition). Exact: every
    colour is tried for each "N of one colour"."""
    if not costs:
        return True
    left = {c: colours.count(c) for c in rulebook.WINDOW_COLOURS}
    anys, sames = 0, []
    for atom in costs:
        kind, _, arg = atom.partition(":")
        if kind == "discard" and arg == "any":
            anys += 1
        elif kind == "discard":
            if left.get(arg, 0) < 1:
                return False
            left[arg] -= 1
        else:
            sames.append(int(arg))
    return _pay_same(left, sames, anys)


def _pay_same(left: dict[str, int], sames: list[int], anys: int) -> bool:
    if not sames:
        return sum(left.values()) >= anys
    need, rest = sames[0], sames[1:]
    for colour in rulebook.WINDOW_COLOURS:
        if left[colour] >= need:
            left[colour] -= need
            ok = _pay_same(left, rest, anys)
            left[colour] += need
            if ok:
                return True
    return False

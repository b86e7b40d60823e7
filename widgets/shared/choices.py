"""The human's choices as every board draws them: one click contract for every table.

With each redraw Python sends, under ``status.choices``, every legal action of the human's decision with its words
and the board places it names, in order (``each``); the browser draws them and sends the named action back. Nothing
in the browser composes an action text, knows a verb or a rule:

* ``each``: ``[{action, words, title, places, look, mark, button}]``, one per legal action in the game's order.
  ``places`` are the ids of the board places the action names, in the order a learner clicks them (``["node:17"]``,
  ``["hand:a12", "slot:3"]``); none (left out): a button of the action bar. ``title`` (the tooltip, default ``words``),
  ``look`` and ``mark`` (how its place is drawn) and ``button`` (also a button of the bar) are left out when empty,
  ``words`` when they are the action text or the words of its look (``looks``: look -> words, for the many choices
  that share them).
* ``selects``: place id -> ``{title, look, mark, hint}``: how a place is drawn when a click there only narrows the
  choices (several actions start there, or one with more places), and the hint line once it is clicked.
* ``tries``: place id -> an action the rules refuse now: a board place that still sends it, so that Python's reason
  comes back in the message line; ``try_words``: the kind of place (the id's part before ``:``) -> what such a click
  tries, in words.
* ``tries_after``: a place that starts a choice of several clicks -> {place id -> an action the rules refuse}: once
  that place is picked, a second click on one of these sends its action, so a refused second place (a taken position
  of the activation row once a card is picked, a plot that is not yours once a tile is picked) says why too.
* ``hint``: the line under the choices when some of them take more than one click; ``auto``: a lone first place of
  the choices of several places counts as clicked already.

The runtime (``static/choices.js``: ``choose``, ``pickPlaces``) keeps the places clicked so far in the browser (never
sent), narrows ``each`` by them and sends ``{intent: "act", action}`` once one choice is complete.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable


@dataclass(frozen=True)
class Choice:
    """One legal action as the board draws it (module docstring)."""

    action: str
    words: str
    places: tuple[str, ...] = ()
    title: str = ""
    look: str = ""
    mark: str = ""
    #: Also a button of the bar, besides its places (a Chartres path: the path on the board or its button).
    button: bool = False

    def to_json(self, looks: dict[str, str] | None = None) -> dict[str, Any]:
        """The choice as sent: what it shares with others is left out (its words when they are its action text or
        its look's words, an empty title, look or mark), so that a step stays small."""
        out: dict[str, Any] = {"action": self.action}
        if self.places:
            out["places"] = list(self.places)
        if self.words != self.action and self.words != (looks or {}).get(self.look):
            out["words"] = self.words
        for name in ("title", "look", "mark", "button"):
            value = getattr(self, name)
            if value:
                out[name] = value
        return out


@dataclass
class Choices:
    """The human's choices of one redraw (module docstring); empty when it is not their decision."""

    each: list[Choice] = field(default_factory=list)
    selects: dict[str, dict[str, str]] = field(default_factory=dict)
    tries: dict[str, str] = field(default_factory=dict)
    try_words: dict[str, str] = field(default_factory=dict)
    #: first place -> {second place -> refused action} (module docstring).
    tries_after: dict[str, dict[str, str]] = field(default_factory=dict)
    hint: str = ""
    #: look -> the words of every choice with that look that has none of its own (a card's "take this card").
    looks: dict[str, str] = field(default_factory=dict)
    #: When every choice of more than one place starts at the same place, that place counts as clicked already (a
    #: lone drawn tile is kept by itself: its spaces are the clicks).
    auto: bool = False

    @classmethod
    def buttons(cls, legal: Iterable[str], words: Any = None) -> Choices:
        """Every action a button of the bar, its words ``words[action]`` (``[label, tooltip]`` or a label) or its
        text."""
        words = words or {}
        out = []
        for action in legal:
            said = words.get(action, action)
            label, title = (said, "") if isinstance(said, str) else (said[0], said[1])
            out.append(Choice(action, label, title=title if title != label else ""))
        return cls(each=out)

    def to_json(self) -> dict[str, Any]:
        return {"each": [c.to_json(self.looks) for c in self.each], "selects": self.selects, "tries": self.tries,
                "try_words": self.try_words, "tries_after": self.tries_after, "hint": self.hint, "looks": self.looks,
                "auto": self.auto}


def refused_after(each: Iterable[Choice], candidates: Callable[[str], Iterable[tuple[str, str]]]
                  ) -> dict[str, dict[str, str]]:
    """``Choices.tries_after`` for the choices ``each``: for every place that starts a choice of two places, the
    ``(place, action)`` pairs ``candidates(first)`` names whose place is not a legal second place after it (the
    actions the rules refuse, so that a click there says why)."""
    seconds: dict[str, set[str]] = {}
    for choice in each:
        if len(choice.places) == 2:
            seconds.setdefault(choice.places[0], set()).add(choice.places[1])
    out = {}
    for first, legal in seconds.items():
        refused = {place: action for place, action in candidates(first) if place not in legal}
        if refused:
            out[first] = refused
    return out


__all__ = ["Choice", "Choices", "refused_after"]

"""Kardinal & König's scoring exercises: country points, crest points, road points. The rules package works out
every answer (:mod:`games.kardinal_koenig.scoring`); the feedback says which rule gave it (:mod:`.words`)::

    CountryExercise("Three in France", "france", {"A": 5, "B": 2, "C": 1}, ask="C").show()

A broken exercise (an impossible table, an unknown player) raises ``ValueError`` when it is made, so it fails when
its notebook runs, not when a learner answers.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from games.kardinal_koenig import country_points, crest_points, road_points
from games.kardinal_koenig.data.approx import CREST_KINDS
from games.kardinal_koenig.data.rulebook import COUNTRY_CARDS
from widgets.shared.exercises import Exercise
from widgets.shared.text import is_whole, plural

from .chart import country_label
from .sandbox import LETTERS, MAX_CRESTS_PER_CARD, MAX_PLAYERS, MIN_PLAYERS, ScoringSandbox
from .words import crest_words, explain_country, explain_crests, explain_roads


class ScoringExercise(Exercise):
    """A scoring question about player ``ask`` (see :class:`CountryExercise`, :class:`CrestExercise`,
    :class:`RoadExercise`)."""

    unit = "points"
    ask: str

    def statement(self, truth: Any) -> str:
        return f"{self.ask} scores {truth}"

    def correction(self, truth: Any) -> str:
        return self.statement(truth)

    def say(self, value: Any) -> str:
        return str(value)

    def below_minimum(self, value: int) -> str:
        return f"Country, crest and road points are never negative: there are no negative points, so {value} " \
               "cannot be right. Try again."


def _table(title: str, given: Mapping[str, Any] | Sequence[Any]) -> tuple[list[str], list[Any]]:
    if isinstance(given, Mapping):
        names, values = [str(k) for k in given], list(given.values())
    else:
        values = list(given)
        names = list(LETTERS[: len(values)])
    if not MIN_PLAYERS - 1 <= len(values) <= MAX_PLAYERS or len(set(names)) != len(names):
        raise ValueError(f"exercise {title!r}: give 2 to {MAX_PLAYERS} players with different names")
    return names, values


def _whole(title: str, value: Any, what: str) -> int:
    if not is_whole(value) or value < 0:
        raise ValueError(f"exercise {title!r}: {what} must be a whole number 0 or more, not {value!r}")
    return value


def _asked(title: str, ask: str, names: Sequence[str]) -> str:
    if ask not in names:
        raise ValueError(f"exercise {title!r}: ask about one of {', '.join(names)}, not {ask!r}")
    return ask


class CountryExercise(ScoringExercise):
    """"How many country points does ``ask`` score in ``country``?" ``counts``: ``{"A": 5, "B": 2, "C": 1}``
    (or a list, named A, B, C…)."""

    def __init__(self, title: str, country: str, counts: Mapping[str, int] | Sequence[int], ask: str,
                 hint: str = "") -> None:
        self.title, self.hint = title, hint
        self.country = ScoringSandbox._country_id(country)
        self.names, values = _table(title, counts)
        self.counts = [_whole(title, v, "a card count") for v in values]
        total = COUNTRY_CARDS.value[self.country]
        if sum(self.counts) > total:
            raise ValueError(f"exercise {title!r}: {country_label(self.country)} has only {total} cards, not "
                             f"{sum(self.counts)}")
        self.ask = _asked(title, ask, self.names)

    @property
    def question(self) -> str:
        land = country_label(self.country)
        held = ", ".join(f"{nm} {plural(c, 'card')}" for nm, c in zip(self.names, self.counts, strict=True))
        return (f"{land} has {COUNTRY_CARDS.value[self.country]} cards. At the end: {held}. "
                f"How many country points does {self.ask} score in {land}?")

    def answer(self) -> int:
        return country_points(self.counts, COUNTRY_CARDS.value[self.country])[self.names.index(self.ask)]

    def explain(self) -> str:
        return " ".join(explain_country(self.country, self.counts, self.names))


class CrestExercise(ScoringExercise):
    """"How many crest points does ``ask`` score in ``country``?" ``crests``:
    ``{"A": {"cross": 4}, "B": {"fan": 3}}`` (or a list of tallies, named A, B, C…)."""

    def __init__(self, title: str, country: str, crests: Mapping[str, Mapping[str, int]] | Sequence[Mapping[str, int]],
                 ask: str, hint: str = "") -> None:
        self.title, self.hint = title, hint
        self.country = ScoringSandbox._country_id(country)
        self.names, tallies = _table(title, crests)
        self.crests: list[dict[str, int]] = []
        for tally in tallies:
            if not isinstance(tally, Mapping) or set(tally) - set(CREST_KINDS.value):
                raise ValueError(f"exercise {title!r}: crests by kind, of {', '.join(CREST_KINDS.value)}; not "
                                 f"{tally!r}")
            self.crests.append({k: _whole(title, v, "a crest count") for k, v in tally.items() if v})
        room = MAX_CRESTS_PER_CARD * COUNTRY_CARDS.value[self.country]
        if sum(sum(t.values()) for t in self.crests) > room:
            raise ValueError(f"exercise {title!r}: {country_label(self.country)}'s cards show at most {room} "
                             f"crests, by our inference of {MAX_CRESTS_PER_CARD} a card")
        self.ask = _asked(title, ask, self.names)

    @property
    def question(self) -> str:
        def tally(t: Mapping[str, int]) -> str:
            return " and ".join(crest_words(k, v) for k, v in t.items()) if t else "no crests"

        held = "; ".join(f"{nm}: {tally(t)}" for nm, t in zip(self.names, self.crests, strict=True))
        land = country_label(self.country)
        return f"Crests in {land} at the end: {held}. How many crest points does {self.ask} score in {land}?"

    def answer(self) -> int:
        return crest_points(self.crests)[self.names.index(self.ask)]

    def explain(self) -> str:
        return " ".join(explain_crests(self.country, self.crests, self.names))


class RoadExercise(ScoringExercise):
    """"How many road points do ``ships`` ships and ``carriages`` carriages score?" (player ``ask``)."""

    def __init__(self, title: str, ships: int, carriages: int, ask: str = "A", hint: str = "") -> None:
        self.title, self.hint, self.ask = title, hint, str(ask)
        self.ships = _whole(title, ships, "ships")
        self.carriages = _whole(title, carriages, "carriages")

    @property
    def question(self) -> str:
        return (f"{self.ask} ends with {plural(self.ships, 'ship')} and {plural(self.carriages, 'carriage')}. "
                f"How many road points does {self.ask} score?")

    def answer(self) -> int:
        return road_points(self.ships, self.carriages)

    def explain(self) -> str:
        return explain_roads(self.ships, self.carriages, self.ask)


__all__ = ["CountryExercise", "CrestExercise", "RoadExercise", "ScoringExercise"]

"""How the search bot searches Chartres (``ChartresGame.search_settings``): its budget and its own evaluation, whose
weights ``bench/tune_search.py`` tunes by self-play (not yet run for this game: ``docs/bots.md``).

The evaluation weighs the parts of the greedy bot's estimate of a seat's final IP (:func:`.evaluation.terms`, the
same parts the coach names) with :data:`WEIGHTS` (designed: tagged ``approx``), for every seat of a deal
the search made (every hand and face-down play is known there).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Sourced
from games.core.search_settings import SearchSettings

from .evaluation import terms

if TYPE_CHECKING:
    from .game import ChartresGame

#: The parts of a seat's value (the names of :func:`.evaluation.terms`), in the order of :data:`WEIGHTS`.
FEATURES = ("IP", "windows", "reputation", "citizens and cards", "tracks", "wine", "paths and resources",
            "this round's play")

#: The weights of :data:`FEATURES`: 1 each to begin with, the greedy estimate (tuning replaces them).
WEIGHTS = Sourced((1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0), "approx", "the greedy evaluation: every part at 1")


def features(game: ChartresGame, p: int) -> tuple[float, ...]:
    """Seat ``p``'s parts of its value (:data:`FEATURES`)."""
    parts = terms(game, p)
    return tuple(parts[name] for name in FEATURES)


def values(game: ChartresGame, weights: tuple[float, ...] = WEIGHTS.value) -> list[float]:
    """Each seat's value: its :func:`features` weighed by ``weights``."""
    return [sum(w * f for w, f in zip(weights, features(game, p), strict=True)) for p in range(game.players)]


SETTINGS = SearchSettings(iterations=500, depth=0, scale=10.0, evaluation=values)

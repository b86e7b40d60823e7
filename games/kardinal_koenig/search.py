"""How the search bot searches the card game (``CardGame.search_settings``): its budget and its own evaluation,
whose weights ``bench/tune_search.py`` tunes by self-play (not yet run for this game: ``docs/bots.md``).

The evaluation weighs the parts of the greedy bot's (the chart total as if the game ended now, claim stones still
owned, law chips held: the counts of :mod:`.evaluation`) with :data:`WEIGHTS` (designed: tagged
``approx``), for every seat of a deal the search made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Sourced
from games.core.search_settings import SearchSettings

from .scoring import score_chart

if TYPE_CHECKING:
    from .game import CardGame

#: The parts of a seat's value, in the order of :data:`WEIGHTS`.
FEATURES = ("points", "claim stones", "law chips")

#: The weights of :data:`FEATURES`: the greedy evaluation's to begin with (tuning replaces them).
WEIGHTS = Sourced((1.0, 0.5, 0.3), "approx", "the greedy evaluation's weights (games/kardinal_koenig/evaluation.py)")


def features(game: CardGame) -> list[tuple[float, ...]]:
    """Every seat's parts of its value (:data:`FEATURES`); the chart is scored once for all."""
    s = game.state
    totals = score_chart(game.displays(), None, game.design.chart).total
    return [(float(totals[p]), float(s.hand[p] + s.placed[p]), float(len(s.chips[p]))) for p in range(game.players)]


def values(game: CardGame, weights: tuple[float, ...] = WEIGHTS.value) -> list[float]:
    """Each seat's value: its :func:`features` weighed by ``weights``."""
    return [sum(w * f for w, f in zip(weights, seat, strict=True)) for seat in features(game)]


SETTINGS = SearchSettings(iterations=600, depth=0, scale=5.0, evaluation=values)

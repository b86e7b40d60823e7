"""How the search bot searches Cities & Knights (``CKGame.search_settings``): its budget, the root candidates from
the greedy rating, and its own evaluation, whose weights ``bench/tune_search.py`` tunes by self-play (not yet run
for this game: ``docs/bots.md``, "Tuning the evaluation").

The evaluation reads the parts of the greedy bot's (:mod:`.evaluation`, by calling its functions) for every seat of
a deal the search made and weighs them with :data:`WEIGHTS` (designed: tagged ``approx``).

The order children are added in below the root (for progressive widening) is base Catan's
:func:`games.catan.search.order`: random play's weights, which every Catan game, this one too, has.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.catan.evaluation import hand_memo
from games.catan.search import own_parts, weighed
from games.core import Sourced
from games.core.search_settings import SearchSettings

from .evaluation import active_strengths, parts

if TYPE_CHECKING:
    from .game import CKGame

#: The parts of a seat's value, in the order of :data:`WEIGHTS`: the greedy evaluation's parts
#: (:func:`.evaluation.parts`) but the best other player's points (the search rates each seat's lead over the best
#: other seat's value instead).
FEATURES = ("points", "production", "cards", "improvement levels", "levels of 3 or more", "progress cards",
            "knight strength", "active strength", "barbarian threat", "road length", "harbours", "free spots reached",
            "sites ahead")

#: The weights of :data:`FEATURES`: the greedy evaluation's. Points count 1.6: the greedy evaluation counts a seat's
#: own points at 1 and takes 0.6 of the best other's off, which in a lead between two seats is 1.6 a point.
WEIGHTS = Sourced((1.6, 2.4, 1.0, 0.45, 0.3, 0.5, 0.12, 0.1, -1.6, 0.06, 0.1, 0.25, 1.0), "approx",
                  "the greedy evaluation's weights (games/catan/cities_knights/evaluation.py), points as in a lead")


def features(game: CKGame, p: int) -> list[float]:
    """Seat ``p``'s parts of its value (:data:`FEATURES`), from the deal (every hand is known there)."""
    return own_parts(parts(game, p, hand_memo(game)))


def values(game: CKGame, weights: tuple[float, ...] = WEIGHTS.value) -> list[float]:
    """Each seat's value: its :func:`features` weighed by ``weights`` (the active knights' strengths counted once
    for every seat)."""
    memo, actives = hand_memo(game), active_strengths(game)
    return [weighed(parts(game, p, memo, actives), weights) for p in range(game.players)]


#: As base Catan's (:mod:`games.catan.search`): 1,000 iterations (at most 200 per root action), random playouts of 4
#: moves, the 5 best actions by the greedy rating, leads squashed at 3 points (of 13 to win).
SETTINGS = SearchSettings(iterations=1000, per_action=200, depth=4, candidates=5, scale=3.0, evaluation=values)

"""How the search bot searches Catan (``CatanGame.search_settings``): its budget, the root candidates from the greedy
rating, and its own evaluation, whose weights ``bench/tune_search.py`` tunes by self-play (not yet run for this
game: ``docs/bots.md``, "Tuning the evaluation").

The evaluation reads the parts of the greedy bot's (:mod:`.evaluation`, by calling its functions) for every seat of
a deal the search made, and weighs them with :data:`WEIGHTS` (designed: tagged ``approx``). A seat's
value is its weighted sum; the search rates a position by each seat's lead over the best other seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.core import Action, Sourced
from games.core.search_settings import SearchSettings

from .evaluation import OTHER, hand_memo, parts

if TYPE_CHECKING:
    from .game import CatanGame

#: The parts of a seat's value, in the order of :data:`WEIGHTS`: the greedy evaluation's parts
#: (:func:`.evaluation.parts`) but the best other player's points (the search rates each seat's lead over the best
#: other seat's value instead).
FEATURES = ("points", "production", "hand", "development cards", "knights held", "knights played", "road length",
            "harbours", "free spots reached", "sites ahead")

#: The weights of :data:`FEATURES`: the greedy evaluation's. Points count 1.6: the greedy evaluation counts a seat's
#: own points at 1 and takes 0.6 of the best other's off, which in a lead between two seats is 1.6 a point.
WEIGHTS = Sourced((1.6, 2.2, 1.0, 0.45, 0.25, 0.4, 0.06, 0.1, 0.25, 1.0), "approx",
                  "the greedy evaluation's weights (games/catan/evaluation.py), points as in a lead")


def own_parts(found: list[float]) -> list[float]:
    """A seat's parts of the greedy evaluation (base Catan's or Cities & Knights': both put the best other player's
    points at :data:`OTHER`) without that one: the search rates each seat's lead over the best other seat's value
    instead. ``found`` is the caller's fresh list, cut in place."""
    del found[OTHER]
    return found


def weighed(found: list[float], weights: tuple[float, ...]) -> float:
    """A seat's value: its :func:`own_parts` of the greedy parts ``found`` weighed by ``weights``."""
    return sum(w * f for w, f in zip(weights, own_parts(found), strict=True))


def features(game: CatanGame, p: int) -> list[float]:
    """Seat ``p``'s parts of its value (:data:`FEATURES`), from the deal (every hand is known there)."""
    return own_parts(parts(game, p, hand_memo(game)))


def values(game: CatanGame, weights: tuple[float, ...] = WEIGHTS.value) -> list[float]:
    """Each seat's value: its :func:`features` weighed by ``weights``."""
    memo = hand_memo(game)
    return [weighed(parts(game, p, memo), weights) for p in range(game.players)]


def order(game: CatanGame, legal: Sequence[Action]) -> list[int]:
    """The order a node's children are added in below the root: random play's weights (``random_weights``), which
    put building, buying and playing cards before composing trade offers and ending the turn."""
    return list(game.random_weights(legal))


#: 1,000 iterations (at most 200 per root action considered), random playouts of 4 moves, the 5 best actions by the
#: greedy rating at the root, each seat's lead squashed at 3 points: docs/bots.md says how they were found.
SETTINGS = SearchSettings(iterations=1000, per_action=200, depth=4, candidates=5, scale=3.0, evaluation=values)

"""How the search bot searches Kutná Hora and its price sandbox (``KutnaHoraGame.search_settings``,
``EconomyGame.search_settings``): budgets, the pull towards the greedy rating, and the search's own evaluations,
whose weights were tuned by self-play (``bench/bench_search.py``, ``docs/bots.md``).

Both evaluations weigh the parts of the greedy bot's (:mod:`.evaluation`, by calling its functions) with weights
designed, then tuned (tagged ``approx``), for every seat of a deal the search made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Sourced
from games.core.search_settings import SearchSettings

from .evaluation import _OWN_STEP_ENDS, _finals, _weights
from .income import income

if TYPE_CHECKING:
    from .economy import EconomyGame
    from .game import KutnaHoraGame

#: The parts of a seat's value in the full game (the names of :func:`.evaluation.terms`), in the order of
#: :data:`WEIGHTS`.
FEATURES = ("points", "town", "mines", "income at the end", "reputation", "pieces left", "groschen",
            "income to come")

#: The weights of :data:`FEATURES`: 1 each to begin with, the greedy evaluation (tuning replaces them).
WEIGHTS = Sourced((1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0), "approx", "the greedy evaluation: every part at 1")


def features(game: KutnaHoraGame) -> list[tuple[float, ...]]:
    """Every seat's parts of its value (:data:`FEATURES`): the final scoring as things stand is read once for all."""
    money, per_income = _weights(game)
    finals = _finals(game)
    now = game.prices()
    out = []
    for p, seat in enumerate(game.state.seats):
        final = finals[p]
        out.append((float(seat.score), float(final["town"]), float(final["mines"]), float(final["income"]),
                    float(final["reputation"]), float(final["leftovers"]), seat.groschen * money,
                    income(seat.production, now, seat.mine_ore) * per_income))
    return out


def values(game: KutnaHoraGame, weights: tuple[float, ...] = WEIGHTS.value) -> list[float]:
    """Each seat's value: its :func:`features` weighed by ``weights``."""
    return [sum(w * f for w, f in zip(weights, seat, strict=True)) for seat in features(game)]


#: The parts of a seat's value in the price sandbox, in the order of :data:`ECONOMY_WEIGHTS`: groschen now, the
#: income its production brings at today's prices times the turns it has left, and the tiles it holds unbuilt.
ECONOMY_FEATURES = ("groschen", "income times turns left", "tiles held")

#: The weights of :data:`ECONOMY_FEATURES`: the greedy evaluation's to begin with (a third of the turns left taken
#: as Income, held tiles not counted; tuning replaces them).
ECONOMY_WEIGHTS = Sourced((1.0, 1 / 3, 0.0), "approx", "the greedy evaluation (EconomyGame.heuristic)")


def economy_features(game: EconomyGame) -> list[tuple[float, ...]]:
    """Every seat's parts of its value in the price sandbox (:data:`ECONOMY_FEATURES`)."""
    left = max(0, game.config.turns - game.state.turn // game.config.players)
    now = game.prices()
    return [(float(purse.groschen), float(income(purse.production, now, purse.mine_ore) * left),
             float(len(purse.held))) for purse in game.state.players]


def economy_values(game: EconomyGame, weights: tuple[float, ...] = ECONOMY_WEIGHTS.value) -> list[float]:
    """Each seat's value in the price sandbox: its :func:`economy_features` weighed by ``weights``."""
    return [sum(w * f for w, f in zip(weights, seat, strict=True)) for seat in economy_features(game)]


def settled(game: KutnaHoraGame) -> bool:
    """Whether a position is ready to rate: no seat is in the middle of its card's follow-up choices (which mine,
    plot, tile or Rights)."""
    stack = game.state.stack
    return not stack or stack[-1].kind in _OWN_STEP_ENDS


SETTINGS = SearchSettings(iterations=300, prior=10 / 3)
ECONOMY_SETTINGS = SearchSettings(iterations=1000, depth=0, scale=5.0, evaluation=economy_values)

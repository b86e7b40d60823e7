"""How the search bot searches Kutná Hora and its price sandbox (``KutnaHoraGame.search_settings``,
``EconomyGame.search_settings``): budgets, the pull towards the greedy rating, and the search's own evaluations,
whose weights ``bench/tune_search.py`` tunes by self-play (the weights here are still the greedy evaluation's:
``docs/bots.md``, "Tuning the evaluation").

Both evaluations weigh the parts of the greedy bot's (:mod:`.evaluation`, by calling its functions) with weights
designed (tagged ``approx``), for every seat of a deal the search made. The full game's search reads the greedy
evaluation itself (:data:`SETTINGS` names no evaluation): :func:`values` at :data:`WEIGHTS` gives the same leads, the
starting point of a tuning run.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import Sourced
from games.core.search_settings import SearchSettings

from .economy_turn import build_plan
from .evaluation import OWN_STEP_ENDS, _finals, _weights
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
#: income its production brings at today's prices times the turns it has left, the tiles it holds unbuilt, and what
#: one more building would add to that: the best of building one now (what it costs against the income it adds in
#: the turns after) or none (0).
ECONOMY_FEATURES = ("groschen", "income times turns left", "tiles held", "one more building")

#: The weights of :data:`ECONOMY_FEATURES`: the greedy evaluation's to begin with (a third of the turns left taken
#: as Income, held tiles and the next building not counted; tuning replaces them).
ECONOMY_WEIGHTS = Sourced((1.0, 1 / 3, 0.0, 0.0), "approx", "the greedy evaluation (EconomyGame.heuristic)")


def economy_features(game: EconomyGame) -> list[tuple[float, ...]]:
    """Every seat's parts of its value in the price sandbox (:data:`ECONOMY_FEATURES`). A seat's turns left are its
    own (the seats before the one to move have had one more)."""
    s, n, turns = game.state, game.config.players, game.config.turns
    now = game.prices()
    out = []
    for p, purse in enumerate(s.players):
        left = max(0, turns - (s.turn - p + n - 1) // n)
        earned = income(purse.production, now, purse.mine_ore)
        out.append((float(purse.groschen), float(earned * left), float(len(purse.held)),
                    float(_next_building(game, p, purse, now, earned, left))))
    return out


def _next_building(game: EconomyGame, p: int, purse: Any, now: dict[str, int], earned: int, left: int) -> int:
    """What building one more now adds for seat ``p`` against taking Income: the income it adds over the turns after
    it, less its cost now and the Income turn it takes (0 when none pays, or none can be paid for)."""
    if left < 2:
        return 0
    best = 0
    for good in game.table.goods:
        plan = build_plan(game, p, good)
        if isinstance(plan, str) or plan.total > purse.groschen:
            continue
        production = dict(purse.production)
        production[good] = production.get(good, 0) + game.tiles[plan.tile].production
        after = income(production, now, purse.mine_ore)
        best = max(best, after * (left - 1) - plan.total - earned * left)
    return best


def economy_values(game: EconomyGame, weights: tuple[float, ...] = ECONOMY_WEIGHTS.value) -> list[float]:
    """Each seat's value in the price sandbox: its :func:`economy_features` weighed by ``weights``."""
    return [sum(w * f for w, f in zip(weights, seat, strict=True)) for seat in economy_features(game)]


def settled(game: KutnaHoraGame) -> bool:
    """Whether a position is ready to rate: no seat is in the middle of its card's follow-up choices (which mine,
    plot, tile or Rights)."""
    stack = game.state.stack
    return not stack or stack[-1].kind in OWN_STEP_ENDS


SETTINGS = SearchSettings(iterations=300, prior=10 / 3)
#: The price sandbox's search (docs/bots.md, "The price sandbox"): greedy playouts to the end rated by the final lead,
#: and below the root the other seat expected to reply as greedy (``prior_below``: children tried best first by the
#: one-step rating) with few children per node (``widening`` 0.3: a node, the root too, has a second child after its
#: first visit, a third after 12, a fourth after 45, a fifth after 100: the greedy rating's best few). Without
#: those two, children below the root were added at random: only 6 % of the visits under a root action went to the
#: reply greedy makes, so each action's mean was an average over replies nobody plays, and 100 iterations did worse
#: than 25 (which leave each of the 19 root actions about one exact greedy line).
ECONOMY_SETTINGS = SearchSettings(iterations=100, depth=100, playout="greedy", by_score=True, scale=20.0, prior=0.1,
                                  prior_below=0.1, widening=0.3, evaluation=economy_values)

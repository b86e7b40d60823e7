"""How the search bot searches Cities & Knights (``CKGame.search_settings``): its budget, the root candidates from
the greedy rating, and its own evaluation, whose weights were tuned by self-play (``bench/bench_search.py``,
``docs/bots.md``).

The evaluation reads the parts of the greedy bot's (:mod:`.evaluation`, by calling its functions) for every seat of
a deal the search made and weighs them with :data:`WEIGHTS` (designed, then tuned: tagged ``approx``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.catan.evaluation import hand_value, sites_ahead
from games.core import Action, Sourced
from games.core.search_settings import SearchSettings

from . import barbarians, knights
from .evaluation import production, threat
from .state import CARD_KINDS, RESOURCE_KINDS, TRACK_CARD

if TYPE_CHECKING:
    from .game import CKGame

#: The parts of a seat's value, in the order of :data:`WEIGHTS`.
FEATURES = ("points", "production", "hand", "commodities towards improvements", "commodities", "improvement levels",
            "levels of 3 or more", "progress cards", "knight strength", "active strength", "barbarian threat",
            "road length", "harbours", "free spots reached", "sites ahead")

#: The weights of :data:`FEATURES`: the greedy evaluation's to begin with (tuning replaces them).
WEIGHTS = Sourced((1.0, 2.4, 1.0, 0.25, 0.08, 0.45, 0.3, 0.5, 0.12, 0.1, -1.6, 0.06, 0.1, 0.25, 1.0), "approx",
                  "the greedy evaluation's weights (games/catan/cities_knights/evaluation.py)")


def features(game: CKGame, p: int) -> tuple[float, ...]:
    """Seat ``p``'s parts of its value (:data:`FEATURES`), from the deal (every hand is known there)."""
    s = game.state
    design = game.design
    hand = s.hands[p * CARD_KINDS:p * CARD_KINDS + CARD_KINDS]
    levels = s.levels[p * 3:p * 3 + 3]
    towards = 0.0
    for t in range(3):
        need = levels[t] + 1
        if levels[t] < 5:
            towards += min(hand[TRACK_CARD[t]], need) / need
    start = design.start_rates
    return (float(s.points[p]), production(game, p),
            hand_value(hand[:RESOURCE_KINDS], game.safe_hand(p) - sum(hand[RESOURCE_KINDS:]), design.build_bonus),
            towards, float(sum(hand[RESOURCE_KINDS:])), float(sum(levels)),
            float(sum(1 for level in levels if level >= 3)), float(len(s.progress[p])),
            float(barbarians.knight_strength(game, p, knights.own(s, p))),
            float(barbarians.knight_strength(game, p, s.active[p])), threat(game, p), float(s.road_length[p]),
            float(sum(1 for r in range(CARD_KINDS) if s.rates[p * CARD_KINDS + r] < start[r])),
            float(min((s.free & s.reach[p]).bit_count(), 3)), sites_ahead(game, p))


def values(game: CKGame, weights: tuple[float, ...] = WEIGHTS.value) -> list[float]:
    """Each seat's value: its :func:`features` weighed by ``weights``."""
    return [sum(w * f for w, f in zip(weights, features(game, p), strict=True)) for p in range(game.players)]


def order(game: CKGame, legal: Sequence[Action]) -> list[int]:
    """The order a node's children are added in below the root: random play's weights (``random_weights``), which
    put building, buying and playing cards before composing trade offers and ending the turn."""
    return list(game.random_weights(legal))


SETTINGS = SearchSettings(candidates=5)

"""Building roads, settlements and cities in the main part of a turn (``build.*``).

* Road: 1 brick + 1 lumber, on an open path that touches your road, settlement or city, never through an
  opponent's settlement or city (``build.road``, ``build.road-blocked``).
* Settlement: its own module, :mod:`.settlement`.
* City: 2 grain + 3 ore, replacing one of your settlements, which returns to your supply (``build.city``).
* Pieces: 5 settlements, 4 cities, 15 roads each (``build.pieces``).

These are the printed numbers; a game reads its own from ``game.design`` (a variant may change them).

Options come straight from the maintained masks (``road_ok``), already in ascending order. The verbs ``road`` and
``city`` of the main part of the turn are the :class:`Road` and :class:`City` units.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import Action

from . import pieces
from .board import EDGE_BIT, EDGE_NODES, N_EDGES, N_NODES, NODE_BIT, bits
from .choice import TurnVerb, no_intersection, place_of
from .design import cost_text
from .pieces import can_pay, name
from .setup import ROAD

if TYPE_CHECKING:
    from .game import CatanGame

CITY = tuple(Action("city", (v,)) for v in range(N_NODES))


def build_road(game: CatanGame, p: int, e: int, free: bool = False) -> None:
    if not free:
        pieces.pay(game, p, game.design.road_cost)
    game.emit("build.road", f"{name(p)} builds a road at {e}" + (" (free)." if free else "."), player=p, edge=e)
    pieces.place_road(game, p, e)


def build_city(game: CatanGame, p: int, v: int) -> None:
    pieces.pay(game, p, game.design.city_cost)
    game.emit("build.city", f"{name(p)} builds a city at {v}; the settlement returns to their supply.",
              player=p, node=v)
    pieces.place_city(game, p, v)


def road_refusal(game: CatanGame, p: int, e: object, free: bool = False) -> str:
    s = game.state
    if not isinstance(e, int) or not 0 <= e < N_EDGES:
        return f"there is no path {e}; paths are numbered 0 to {N_EDGES - 1}."
    if not s.open_edges & EDGE_BIT[e]:
        return f"path {e} already has a road."
    if not s.roads_left[p]:
        return f"you have no road pieces left ({game.design.roads} each, build.pieces)."
    if not free and not can_pay(game, p, game.design.road_cost):
        return f"a road costs {cost_text(game.design.road_cost)} (build.road)."
    a, b = EDGE_NODES[e]
    blocked = [v for v in (a, b) if s.reach[p] & game.breakers(p) & NODE_BIT[v]]
    if blocked:
        v = blocked[0]
        return (f"path {e} meets your roads only at intersection {v}, where {_piece_at(game, v)} stands: a road "
                "cannot pass another player's piece (build.road-blocked).")
    return f"path {e} touches none of your roads, settlements or cities (build.road)."


def _piece_at(game: CatanGame, v: int) -> str:
    """Whose piece stands on intersection ``v`` (one that cuts roads), in words."""
    s = game.state
    for q in range(game.players):
        if s.settlements[q] & NODE_BIT[v]:
            return f"{name(q)}'s settlement"
        if s.cities[q] & NODE_BIT[v]:
            return f"{name(q)}'s city"
    return "another player's knight"  # the only other piece that cuts a road (Cities & Knights)


def city_refusal(game: CatanGame, p: int, v: object) -> str:
    s = game.state
    if missing := no_intersection(v):
        return missing
    if not s.settlements[p] & NODE_BIT[v]:
        return f"a city replaces one of your settlements, and there is none of yours at intersection {v} (build.city)."
    if not s.cities_left[p]:
        return f"you have no city pieces left ({game.design.cities} each, build.pieces)."
    return f"a city costs {cost_text(game.design.city_cost)} (build.city)."


class Road(TurnVerb):
    """``road EDGE`` after the roll: a road on an open path touching your pieces, for its cost."""

    verb = "road"
    form = "road EDGE"

    def options(self, game: CatanGame, at: Any, hand: list[int]) -> list[Action]:
        s, p = game.state, at.player
        if not game.design.can_road(hand) or not s.roads_left[p] or not s.road_ok[p]:
            return []
        return [ROAD[e] for e in bits(s.road_ok[p])]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return road_refusal(game, at.player, action.args[0])

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        build_road(game, at.player, place_of(action))


class City(TurnVerb):
    """``city NODE`` after the roll: one of your settlements becomes a city, for its cost."""

    verb = "city"
    form = "city NODE"

    def options(self, game: CatanGame, at: Any, hand: list[int]) -> list[Action]:
        s, p = game.state, at.player
        if not game.design.can_city(hand) or not s.cities_left[p]:
            return []
        return [CITY[v] for v in bits(s.settlements[p])]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return city_refusal(game, at.player, action.args[0])

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        build_city(game, at.player, place_of(action))

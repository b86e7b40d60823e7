"""How a settlement works: where it may stand, what it costs, why it is refused and what building it does.

* In the set-up (step ``setup-settlement``, ``setup.snake``): on any free intersection, without a road and without
  paying; the second one takes one resource from each land hex next to it (``setup.income``).
* After the roll (the ``settle`` verb of the main part of the turn, ``build.settlement``): on a free intersection one
  of the player's roads touches, paying the settlement's cost (``game.design.settlement_cost``, read from the rule
  book's data or a variant's parameters), while a settlement piece is left (``build.pieces``).
* Free intersection (``build.distance``): nothing built on it or on any neighbouring intersection (``state.free``,
  kept up to date as pieces land); Cities & Knights adds: no knight on it (``knights.settlement-blocked``).
* Building it (:func:`games.catan.pieces.place_settlement`, which every piece's placement shares): the piece leaves the
  supply, the distance rule closes the neighbours, the player scores its points, may now extend roads from it, trades
  at a harbour there, and cuts the roads of others that pass through it.

The refusal names the one reason that holds, in the order a player would check them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import Action

from . import pieces
from .board import N_NODES, NODE_BIT, bits
from .choice import PlaceChoice, TurnVerb, no_intersection, place_of
from .design import cost_text
from .pieces import name
from .production import second_settlement_income
from .state import waiting

if TYPE_CHECKING:
    from .game import CatanGame

SETTLE = tuple(Action("settle", (v,)) for v in range(N_NODES))


class Settle(TurnVerb):
    """``settle NODE`` after the roll: a settlement on a free intersection your road touches, for its cost."""

    verb = "settle"
    form = "settle NODE"

    def options(self, game: CatanGame, at: Any, hand: list[int]) -> list[Action]:
        s, p = game.state, at.player
        if not game.design.can_settle(hand) or not s.settlements_left[p]:
            return []
        return [SETTLE[v] for v in bits(s.free & s.reach[p])]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        return settle_refusal(game, at.player, action.args[0])

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        p, v = at.player, place_of(action)
        pieces.pay(game, p, game.design.settlement_cost)
        game.emit("build.settlement", f"{name(p)} builds a settlement at {v}.", player=p, node=v)
        pieces.place_settlement(game, p, v)


def settle_refusal(game: CatanGame, p: int, v: object) -> str:
    """Why ``p`` may not build a settlement at ``v`` (as written) now: the first reason that holds."""
    s = game.state
    if missing := no_intersection(v):
        return missing
    if s.built & NODE_BIT[v]:
        return f"intersection {v} is already taken."
    if not s.free & NODE_BIT[v]:
        return f"intersection {v} is next to a settlement or city: the distance rule (build.distance) forbids it."
    if not s.reach[p] & NODE_BIT[v]:
        return f"a new settlement must touch one of your roads, and intersection {v} does not (build.settlement)."
    if not s.settlements_left[p]:
        return f"you have no settlement pieces left ({game.design.settlements} each, build.pieces)."
    return f"a settlement costs {cost_text(game.design.settlement_cost)} (build.settlement)."


class SetupSettlement(PlaceChoice):
    """A set-up settlement on any free intersection (the distance rule holds; no road is needed)."""

    kind = "setup-settlement"
    forms = {"settle": "settle NODE"}
    actions = SETTLE
    #: What the distance rule keeps a set-up piece away from, in the refusal sentence.
    neighbours = "a settlement"

    def prompt(self, game: CatanGame, at: Any) -> str:
        rnd = 1 if game.state.setup_step < game.players else 2
        return f"{name(at.player)}: place a settlement (set-up, round {rnd})"

    def places(self, game: CatanGame, at: Any) -> int:
        return game.state.free

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        if missing := no_intersection(action.args[0]):
            return missing
        v = place_of(action)
        if game.state.built & NODE_BIT[v]:
            return f"intersection {v} is already taken."
        return f"intersection {v} is next to {self.neighbours}: the distance rule (build.distance) forbids it."

    def choose(self, game: CatanGame, p: int, v: int) -> None:
        s = game.state
        game.emit("setup.snake", f"{name(p)} places a settlement at {v}.", player=p, node=v)
        pieces.place_settlement(game, p, v)
        s.last_settlement = v
        if s.setup_step >= game.players:
            second_settlement_income(game, p, v)
        game.push(waiting("setup-road", p))

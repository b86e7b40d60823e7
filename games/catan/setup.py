"""The set-up: settlements and roads in snake order (``setup.snake``).

Clockwise from the start player each places a settlement and a road next to it, then in reverse order a second
settlement and road; the second settlement takes one resource from each land hex next to it (``setup.income``). The
distance rule holds from the first settlement on (``build.distance``); no road connection is needed for the set-up
settlements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.core import Action

from . import pieces
from .board import EDGE_BIT, N_EDGES, N_NODES, NODE_BIT, NODE_EDGES
from .choice import CatanStep, PlaceChoice, no_intersection, place_of
from .pieces import name
from .production import second_settlement_income
from .state import ROLL, SETUP_ROAD

if TYPE_CHECKING:
    from .game import CatanGame

SETTLE = tuple(Action("settle", (v,)) for v in range(N_NODES))
ROAD = tuple(Action("road", (e,)) for e in range(N_EDGES))


def seat_of(game: CatanGame, placement: int) -> int:
    """Who makes set-up placement number ``placement`` (0-based): clockwise from the start player, then back."""
    n = game.players
    offset = placement if placement < n else 2 * n - 1 - placement
    return (game.state.start + offset) % n


def edge_arg(action: Action) -> int | None:
    e = action.args[0]
    return e if isinstance(e, int) and 0 <= e < N_EDGES else None


class SetupSettlement(PlaceChoice):
    """A set-up settlement on any free intersection (the distance rule holds; no road is needed)."""

    kind = "setup-settlement"
    forms = {"settle": "settle NODE"}
    actions = SETTLE
    #: What the distance rule keeps a set-up piece away from, in the refusal sentence.
    neighbours = "a settlement"

    def prompt(self, game: CatanGame, at: Any) -> str:
        rnd = 1 if at.setup_step < game.players else 2
        return f"{name(at.decider)}: place a settlement (set-up, round {rnd})"

    def places(self, game: CatanGame, at: Any) -> int:
        return at.free

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        if missing := no_intersection(action.args[0]):
            return missing
        v = place_of(action)
        if at.built & NODE_BIT[v]:
            return f"intersection {v} is already taken."
        return f"intersection {v} is next to {self.neighbours}: the distance rule (build.distance) forbids it."

    def choose(self, game: CatanGame, p: int, v: int) -> None:
        s = game.state
        game.emit("setup.snake", f"{name(p)} places a settlement at {v}.", player=p, node=v)
        pieces.place_settlement(game, p, v)
        s.last_settlement = v
        if s.setup_step >= game.players:
            second_settlement_income(game, p, v)
        s.phase = SETUP_ROAD


def just_placed(at: Any) -> str:
    """The set-up piece the road goes next to, as the learner placed it: a settlement, or (Cities & Knights' second
    round) a city."""
    return "city" if at.cities[at.decider] & NODE_BIT[at.last_settlement] else "settlement"


class SetupRoad(CatanStep):
    kind = "setup-road"
    forms = {"road": "road EDGE"}

    def prompt(self, game: CatanGame, at: Any) -> str:
        return f"{name(at.decider)}: place a road next to the {just_placed(at)} at {at.last_settlement}"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        return [ROAD[e] for e in NODE_EDGES[at.last_settlement] if at.open_edges & EDGE_BIT[e]]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        e = edge_arg(action)
        if e is None:
            return f"there is no path {action.args[0]}; paths are numbered 0 to {N_EDGES - 1}."
        return f"in the set-up the road goes next to the {just_placed(at)} just placed (at {at.last_settlement})."

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        p, e = s.decider, place_of(action)
        game.emit("setup.snake", f"{name(p)} places a road at {e}.", player=p, edge=e)
        pieces.place_road(game, p, e)
        s.setup_step += 1
        if s.setup_step == 2 * game.players:
            s.phase, s.turn, s.player, s.decider = ROLL, 1, s.start, s.start
            game.emit("turn.order", f"The set-up is done. {name(s.start)} takes the first turn; turns go clockwise.",
                      player=s.start)
        else:
            s.decider = s.player = seat_of(game, s.setup_step)
            s.phase = game.next_setup_phase()

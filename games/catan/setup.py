"""The set-up: settlements and roads in snake order (``setup.snake``); the set-up settlement is in :mod:`.settlement`.

Clockwise from the start player each places a settlement and a road next to it, then in reverse order a second
settlement and road; the second settlement takes one resource from each land hex next to it (``setup.income``). The
distance rule holds from the first settlement on (``build.distance``); no road connection is needed for the set-up
settlements.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.core import Action

from . import pieces
from .board import EDGE_BIT, N_EDGES, NODE_BIT, NODE_EDGES
from .choice import CatanStep, place_of
from .pieces import name
from .state import waiting

if TYPE_CHECKING:
    from .game import CatanGame

ROAD = tuple(Action("road", (e,)) for e in range(N_EDGES))


def seat_of(game: CatanGame, placement: int) -> int:
    """Who makes set-up placement number ``placement`` (0-based): clockwise from the start player, then back."""
    n = game.players
    offset = placement if placement < n else 2 * n - 1 - placement
    return (game.state.start + offset) % n


def edge_arg(action: Action) -> int | None:
    e = action.args[0]
    return e if isinstance(e, int) and 0 <= e < N_EDGES else None


def just_placed(game: CatanGame, at: Any) -> str:
    """The set-up piece the road goes next to, as the learner placed it: a settlement, or (Cities & Knights' second
    round) a city."""
    return "city" if game.state.cities[at.player] & NODE_BIT[game.state.last_settlement] else "settlement"


class SetupRoad(CatanStep):
    kind = "setup-road"
    forms = {"road": "road EDGE"}

    def prompt(self, game: CatanGame, at: Any) -> str:
        return f"{name(at.player)}: place a road next to the {just_placed(game, at)} at {game.state.last_settlement}"

    def options(self, game: CatanGame, at: Any) -> Sequence[Action]:
        return [ROAD[e] for e in NODE_EDGES[game.state.last_settlement] if game.state.open_edges & EDGE_BIT[e]]

    def refusal(self, game: CatanGame, at: Any, action: Action) -> str | None:
        e = edge_arg(action)
        if e is None:
            return f"there is no path {action.args[0]}; paths are numbered 0 to {N_EDGES - 1}."
        return (f"in the set-up the road goes next to the {just_placed(game, at)} just placed "
                f"(at intersection {game.state.last_settlement}).")

    def apply(self, game: CatanGame, at: Any, action: Action) -> None:
        s = game.state
        p, e = at.player, place_of(action)
        game.emit("setup.snake", f"{name(p)} places a road at {e}.", player=p, edge=e)
        pieces.place_road(game, p, e)
        s.setup_step += 1
        if s.setup_step == 2 * game.players:
            s.turn, s.player = 1, s.start
            game.push(waiting("roll", s.start))
            game.emit("turn.order", f"The set-up is done. {name(s.start)} takes the first turn; turns go clockwise.",
                      player=s.start)
        else:
            s.player = seat_of(game, s.setup_step)
            game.push(waiting(game.next_setup_step(), s.player))

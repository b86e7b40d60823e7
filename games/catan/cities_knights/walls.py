"""City walls (``walls.*``): the wall's cost (parameter ``costs``), under one of your cities (a metropolis city too),
one per city, at most ``walls``.

Each wall lets its owner hold ``wall_safe_cards`` more cards on a 7 (``walls.safe-hand``, through
:meth:`CKGame.safe_hand`); a city pillaged by the barbarians loses its wall (``walls.lost``, in :mod:`.barbarians`).
The Engineer builds one free (``progress.engineer``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.catan.board import N_NODES, NODE_BIT, bits
from games.catan.choice import TurnVerb, place_of
from games.catan.design import cost_text
from games.catan.pieces import name, pay
from games.core import Action

from .state import CARDS

if TYPE_CHECKING:
    from .game import CKGame

WALL = tuple(Action("wall", (v,)) for v in range(N_NODES))


def sites(game: CKGame, p: int) -> int:
    """``p``'s cities where a wall may go now (none once all their walls stand)."""
    s = game.state
    if s.walls[p].bit_count() >= game.design.walls:
        return 0
    return s.cities[p] & ~s.walls[p]


def build(game: CKGame, p: int, v: int, free: bool = False) -> None:
    s = game.state
    if not free:
        pay(game, p, game.design.wall_cost)
    s.walls[p] |= NODE_BIT[v]
    game.emit("walls.build", f"{name(p)} builds a city wall under the city at {v}" + (" (free)" if free else "") +
              f": they may hold {game.safe_hand(p)} cards on a {game.robber_roll} (walls.safe-hand).", player=p,
              node=v)


class Wall(TurnVerb):
    """``wall NODE`` in the main part of the turn: a city wall under one of your cities, for its cost (``walls.build``,
    ``walls.limit``)."""

    verb = "wall"
    form = "wall NODE"

    def options(self, game: CKGame, at: Any, hand: list[int]) -> list[Action]:
        if not game.design.can_wall(hand):
            return []
        return [WALL[v] for v in bits(sites(game, at.player))]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        s, p = game.state, at.player
        v = action.args[0]
        if s.walls[p].bit_count() >= game.design.walls:
            return f"you have built all {game.design.walls} walls (walls.limit)."
        if not isinstance(v, int) or not 0 <= v < N_NODES or not s.cities[p] & NODE_BIT[v]:
            return (f"a wall goes under one of your cities, and there is none of yours at intersection {v} "
                    "(walls.build).")
        if s.walls[p] & NODE_BIT[v]:
            return f"the city at {v} has a wall already: one per city (walls.build)."
        return f"a wall costs {cost_text(game.design.wall_cost, CARDS)} (walls.build)."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        build(game, at.player, place_of(action))

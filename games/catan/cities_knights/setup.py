"""The set-up of Cities & Knights (``ck.setup-city``, ``ck.setup-income``): clockwise from the start player a
settlement and a road (the base game's first round), then in reverse order a **city** and a road; each player takes
one resource for each land hex next to their city (resources only, no commodity)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from games.catan import pieces
from games.catan.board import NODE_BIT, NODE_HEXES, bits
from games.catan.pieces import name
from games.catan.setup import node_arg
from games.catan.state import SETUP_ROAD
from games.core import Action, Step

from .state import CARDS, K, W

if TYPE_CHECKING:
    from .game import CKGame

CITY = tuple(Action("city", (v,)) for v in range(len(NODE_HEXES)))


class SetupCity(Step):
    kind = "setup-city"
    forms = {"city": "city NODE"}
    presorted = True

    def prompt(self, game: CKGame, at: Any) -> str:
        return f"{name(at.decider)}: place a city (set-up, round 2)"

    def options(self, game: CKGame, at: Any) -> Sequence[Action]:
        return [CITY[v] for v in bits(at.free)]

    def refusal(self, game: CKGame, at: Any, action: Action) -> str | None:
        v = node_arg(action)
        if v is None:
            return f"there is no intersection {action.args[0]}."
        if at.built & NODE_BIT[v]:
            return f"intersection {v} is already taken."
        return f"intersection {v} is next to a settlement or city: the distance rule (build.distance) forbids it."

    def apply(self, game: CKGame, at: Any, action: Action) -> None:
        s = game.state
        p, v = s.decider, action.args[0]
        assert isinstance(v, int)
        game.emit("ck.setup-city", f"{name(p)} places a city at {v}.", player=p, node=v)
        pieces.place_settlement(game, p, v)
        pieces.place_city(game, p, v)
        s.last_settlement = v
        taken = []
        for h in NODE_HEXES[v]:
            r = s.terrain[h]
            if r < K and s.bank[r] > 0:
                s.hands[p * W + r] += 1
                s.bank[r] -= 1
                taken.append(CARDS[r])
        game.emit("ck.setup-income", f"{name(p)}'s city at {v} takes " + (", ".join(taken) if taken else
                  "nothing (desert)") + " (resources only).", player=p, node=v, cards=len(taken))
        s.phase = SETUP_ROAD

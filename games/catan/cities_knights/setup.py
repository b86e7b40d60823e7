"""The set-up of Cities & Knights (``ck.setup-city``, ``ck.setup-income``): clockwise from the start player a
settlement and a road (the base game's first round), then in reverse order a **city** and a road; each player takes
one resource for each land hex next to their city (resources only, no commodity)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.catan import pieces
from games.catan.board import NODE_HEXES
from games.catan.choice import CatanStep
from games.catan.pieces import name
from games.catan.production import income_next_to
from games.catan.settlement import SetupSettlement
from games.catan.state import waiting
from games.core import Action

if TYPE_CHECKING:
    from .game import CKGame

CITY = tuple(Action("city", (v,)) for v in range(len(NODE_HEXES)))


class SetupCity(SetupSettlement):
    """The second set-up round's city: placed as a set-up settlement is, then raised to a city with its income."""

    kind = "setup-city"
    forms = {"city": "city NODE"}
    actions = CITY
    neighbours = "a settlement or city"
    ask = "place a city (set-up, round 2)"
    prompt = CatanStep.prompt  # the question above, not the set-up settlement's

    def choose(self, game: CKGame, p: int, v: int) -> None:
        s = game.state
        game.emit("ck.setup-city", f"{name(p)} places a city at {v}.", player=p, node=v)
        pieces.place_settlement(game, p, v)
        pieces.place_city(game, p, v)
        s.last_settlement = v
        taken = income_next_to(game, p, v)
        game.emit("ck.setup-income", f"{name(p)}'s city at {v} takes " + (", ".join(taken) if taken else
                  "nothing (desert)") + " (resources only).", player=p, node=v, cards=len(taken))
        game.push(waiting("setup-road", p))

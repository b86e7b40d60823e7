"""Wine making in Phase F (ワイン作り): each player, in initiative order, pours the grapes of the action row into the
barrels of their cellar and scores them (the formulas are :mod:`.wine`'s).

When both colours fill a barrel of the same kind the player says which colour pours first (``pour white|red``,
``decision.wine-first``); it never changes the IP. Otherwise the wine is made without a question.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Sequence

from games.core import Action, Automatic, seat_label

from .decisions import TurnStep, action, begin_turns
from .influence import gain_ip
from .state import ERA_END, NOBODY, POUR, WINE, Pending
from .wine import GRAPES, has_order_choice, pour

if TYPE_CHECKING:
    from .game import ChartresGame

_POUR_ACTIONS = {c: action("pour", c) for c in GRAPES}


class MakeWine(Automatic):
    """Wine making, after the last seat's turn of the bonus tiles: the seats pour in initiative order."""

    kind = WINE

    def run(self, game: ChartresGame, at: Pending) -> None:
        begin_turns(game, POUR)


def make_wine(game: ChartresGame, p: int, first: str) -> None:
    """Fill ``p``'s barrels from the marker rightwards, ``first`` colour first, and score them."""
    s = game.state
    grapes = game.resources(p)
    cellar = game.parts.cellars[s.cellar[p]]
    numbers = game.numbers
    poured, explained, ip = _poured(cellar.values, s.barrel[p], grapes["white"], grapes["red"], first,
                                    numbers.full_barrel, numbers.half_barrel)
    barrels = [list(b) for b in poured]  # every event its own lists
    game.emit("wine.order", f"{seat_label(p)} makes wine from {grapes['white']} white and {grapes['red']} red grapes, "
              f"marker on barrel {s.barrel[p] + 1} of cellar {cellar.id}: " + explained,
              player=p, barrels=barrels, white=grapes["white"], red=grapes["red"], marker=s.barrel[p],
              cellar=cellar.id)
    gain_ip(game, p, ip, "wine.score", "wine")


@functools.lru_cache(maxsize=4096)
def _poured(values: Sequence[int], marker: int, white: int, red: int, first: str, full: int,
            half: int) -> tuple[tuple[tuple[int, int, str, str, int], ...], str, int]:
    """The barrels :func:`.wine.pour` fills (space, printed IP, colour, fill, IP), its explanation and its IP, worked
    out once per cellar, marker and grapes (they repeat from game to game)."""
    result = pour(values, marker, white, red, first, full, half)
    return (tuple((b.space, b.value, b.colour, b.fill, b.ip) for b in result.barrels), "; ".join(result.explain()),
            result.ip)


class PourFirst(TurnStep):
    """Which colour pours first, when both colours fill a barrel of the same kind."""

    kind = POUR
    forms = {"pour": "pour white|red"}
    asks = "which grapes pour first into the barrels (the IP is the same either way)"

    def options(self, game: ChartresGame, at: Pending) -> list[Action]:
        return [_POUR_ACTIONS["red"], _POUR_ACTIONS["white"]]

    def apply(self, game: ChartresGame, at: Pending, action: Action) -> None:
        p = at.player
        game.emit("decision.wine-first", f"{seat_label(p)} pours {action.args[0]} grapes first.", player=p)
        make_wine(game, p, str(action.args[0]))
        game.state.turn += 1

    def settle(self, game: ChartresGame, p: int) -> bool:
        grapes = game.resources(p)
        numbers = game.numbers
        if has_order_choice(grapes["white"], grapes["red"], numbers.full_barrel, numbers.half_barrel):
            return False
        make_wine(game, p, "white")
        game.state.turn += 1
        return True

    def done(self, game: ChartresGame) -> None:
        game.push(Pending(kind=ERA_END, player=NOBODY))

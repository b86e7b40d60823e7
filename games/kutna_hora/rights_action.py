"""The Rights action (独占権アクション): take the top tile of a town hall stack of one of your guilds (or a public
building) into a free slot of your board, for 1 groschen in the leftmost column or 1/2/3 permits in the others;
the stack moves to the end of its row. A house effect gives a free Rights to a public building."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action

from . import town_hall
from .choice import PASS, Passable, act, name
from .data.components import HELD_SLOTS
from .effects import pay
from .state import Frame

if TYPE_CHECKING:
    from .game import KutnaHoraGame


def rights_options(game: KutnaHoraGame, p: int, free: bool, public_only: bool) -> dict[str, tuple[int, int, int]]:
    """Tile id -> (row, column, groschen) for every top tile ``p`` may take now."""
    seat = game.state.seats[p]
    if len(seat.held) >= HELD_SLOTS.value:
        return {}
    out = {}
    permit = game.price("permits")
    tiles, costs = game.tiles, game.design.rights_costs
    for r, row in enumerate(game.hall.rows):
        for c, stack in enumerate(row):
            tile = tiles[stack.tiles[-1]]
            if tile.guild == "public" or (not public_only and tile.guild in seat.guilds):
                kind, amount = costs[c]
                cost = 0 if free else amount if kind == "groschen" else amount * permit  # paying N permits
                if cost <= seat.groschen:
                    out[tile.id] = (r, c, cost)
    return out


class Rights(Passable):
    """Take the top tile of a stack, or pass."""

    form = "rights TILE"

    def prompt(self, game: KutnaHoraGame, at: Frame) -> str:
        only = " (public buildings only)" if at.public_only else ""
        return f"{name(at.player)}: take the top tile of a stack{only}{' for free' if at.free else ''}, or pass"

    def options(self, game: KutnaHoraGame, at: Frame) -> list[Action]:
        return [PASS] + [act("rights", t) for t in rights_options(game, at.player, at.free, at.public_only)]

    def refusal(self, game: KutnaHoraGame, at: Frame, action: Action) -> str:
        a = action.args
        return (f"{a[0] if a else '?'} is not a top tile you may take now (own guilds only"
                f"{', public only here' if at.public_only else ''}, {HELD_SLOTS.value} slots, money "
                f"{game.state.seats[at.player].groschen}).")

    def take(self, game: KutnaHoraGame, at: Frame, action: Action) -> None:
        p, tile_id = at.player, str(action.args[0])
        r, c, cost = rights_options(game, p, at.free, at.public_only)[tile_id]
        kind, amount = town_hall.rights_cost(c, game.design.rights_costs)
        pay(game, p, cost)
        price = "free" if at.free else f"{cost} groschen" if kind == "groschen" else \
            f"{amount} permit{'s' if amount != 1 else ''} at {game.price('permits')} = {cost} groschen"
        game.emit("rights.cost", f"{name(p)} takes the rights to {tile_id} in column {c + 1} ({price}).",
                  player=p, tile=tile_id, groschen=cost)
        guild = game.hall.rows[r][c].name
        town_hall.take_top(game.hall, r, c)
        game.state.seats[p].held.append(tile_id)
        game.emit("rights.stack-to-end", f"The {guild} stack moves to the end of row {r + 1}; the others shift left.")

"""The Rights action (独占権アクション): take the top tile of a town hall stack of one of your guilds (or a public
building) into a free slot of your board, for 1 groschen in the leftmost column or 1/2/3 permits in the others;
the stack moves to the end of its row. A house effect gives a free Rights to a public building."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, seat_label

from . import town_hall
from .choice import PASS, Passable, act
from .data.components import HELD_SLOTS
from .effects import pay
from .state import Pending

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


def rights_offer(game: KutnaHoraGame, p: int, free: bool, tile_id: str) -> tuple[int, int, int]:
    """``rights_options(...)[tile_id]`` for a tile ``p`` may take now: where it lies and what it costs."""
    for r, row in enumerate(game.hall.rows):
        for c, stack in enumerate(row):
            if stack.tiles[-1] == tile_id:
                kind, amount = game.design.rights_costs[c]
                return r, c, 0 if free else amount if kind == "groschen" else amount * game.price("permits")
    raise KeyError(tile_id)


def rights_refusal(game: KutnaHoraGame, p: int, public_only: bool, tile_id: object) -> str:
    """Why ``p`` may not take the rights to ``tile_id`` (as written) now: the one reason that holds (a free Rights
    is never refused for its cost)."""
    seat = game.state.seats[p]
    if len(seat.held) >= HELD_SLOTS.value:
        return f"all your {HELD_SLOTS.value} slots hold a tile already: build one of them first."
    top = next(((c, stack) for row in game.hall.rows for c, stack in enumerate(row)
                if stack.tiles[-1] == tile_id), None)
    if top is None:
        return f"{tile_id} is not the top tile of a stack in the town hall: only top tiles may be taken."
    column, _ = top
    tile = game.tiles[str(tile_id)]
    if tile.guild != "public" and public_only:
        return f"{tile_id} is a {tile.guild} building: this free Rights takes public buildings only."
    if tile.guild != "public" and tile.guild not in seat.guilds:
        return f"{tile_id} is a {tile.guild} building, and you do not belong to the {tile.guild} guild."
    kind, amount = game.design.rights_costs[column]
    cost = amount if kind == "groschen" else amount * game.price("permits")
    how = f"{cost} groschen" if kind == "groschen" else \
        f"{amount} permit{'s' if amount != 1 else ''} at {game.price('permits')} = {cost} groschen"
    return f"{tile_id} in column {column + 1} costs {how} and you have {seat.groschen}."


class Rights(Passable):
    """Take the top tile of a stack, or pass."""

    form = "rights TILE"
    presorted = True  # pass, then the tiles by id: the kernel's sort of every listing is skipped

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        only = " (public buildings only)" if at.public_only else ""
        return f"{seat_label(at.player)}: take the top tile of a stack{only}{' for free' if at.free else ''}, or pass"

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        return [PASS] + [act("rights", t) for t in sorted(rights_options(game, at.player, at.free, at.public_only))]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        return rights_refusal(game, at.player, at.public_only, action.args[0])

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        if action.verb == "pass":
            return self.passed(game, at)
        p, tile_id = at.player, str(action.args[0])
        r, c, cost = rights_offer(game, p, at.free, tile_id)
        kind, amount = town_hall.rights_cost(c, game.design.rights_costs)
        pay(game, p, cost)
        price = "free" if at.free else f"{cost} groschen" if kind == "groschen" else \
            f"{amount} permit{'s' if amount != 1 else ''} at {game.price('permits')} = {cost} groschen"
        game.emit("rights.cost", f"{seat_label(p)} takes the rights to {tile_id} in column {c + 1} ({price}).",
                  player=p, tile=tile_id, groschen=cost)
        guild = game.hall.rows[r][c].name
        town_hall.take_top(game.hall, r, c)
        game.state.seats[p].held.append(tile_id)
        game.emit("rights.stack-to-end", f"The {guild} stack moves to the end of row {r + 1}; the others shift left.")

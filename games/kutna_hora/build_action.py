"""The Build action (建物アクション, ギルド建物, 公共建物): build a held tile on one of your plots for its wood. A guild
building needs demand (no red ✗ on its good) and a house left in its guild's row; it raises production, moves its
good's slider, and the house it takes uncovers a bonus. A public building brings a noble to the pool and a bonus.
Icons on the tile add population, tax, a St. Barbara flip or a technology tile."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action

from . import barbara_action, prices
from .choice import PASS, Passable, act, name
from .data import approx
from .data.components import GUILD_GOOD, TILES
from .effects import gain, pay
from .mine_action import technology_level
from .plot_action import plots_in_town
from .state import HOUSES_PER_ROW, Frame
from .tax import raise_tax

if TYPE_CHECKING:
    from .game import KutnaHoraGame


def build_blocker(game: KutnaHoraGame, p: int, tile_id: str) -> str | None:
    """Why ``p`` cannot build ``tile_id`` now regardless of money, or ``None``."""
    tile = TILES[tile_id]
    if tile.guild == "public":
        return None
    good = GUILD_GOOD.value[tile.guild]
    if prices.cell_now(game.table, game.stands, good).no_demand:
        return f"no demand: the {good} price shows a red ✗, so nobody may build {good} buildings now"
    seat = game.state.seats[p]
    if seat.houses_taken[seat.guilds.index(tile.guild)] >= HOUSES_PER_ROW:
        return f"no house is left in your {tile.guild} row"
    return None


def build_options(game: KutnaHoraGame, p: int, free: bool) -> list[tuple[str, int, int]]:
    """(tile, plot, groschen) for every building ``p`` may build now."""
    seat = game.state.seats[p]
    plots = plots_in_town(game.state, p)
    wood = game.price("wood")
    out = []
    for tile_id in seat.held:
        if build_blocker(game, p, tile_id) is None:
            cost = 0 if free else TILES[tile_id].wood * wood
            if cost <= seat.groschen:
                out += [(tile_id, i, cost) for i in plots]
    return out


class Build(Passable):
    """Build a held tile on one of your plots, or pass."""

    form = "build TILE PLOT"

    def prompt(self, game: KutnaHoraGame, at: Frame) -> str:
        return (f"{name(at.player)}: build a held tile on one of your plots"
                f"{' without paying wood' if at.free else ''}, or pass")

    def options(self, game: KutnaHoraGame, at: Frame) -> list[Action]:
        return [PASS] + [act("build", t, i) for t, i, _ in build_options(game, at.player, at.free)]

    def refusal(self, game: KutnaHoraGame, at: Frame, action: Action) -> str:
        p, a = at.player, action.args
        seat = game.state.seats[p]
        if len(a) == 2 and a[0] in seat.held:
            why = build_blocker(game, p, str(a[0]))
            if why:
                return f"you cannot build {a[0]}: {why}."
            if a[1] not in plots_in_town(game.state, p):
                return f"plot {a[1]} does not carry your plot marker."
            return f"{a[0]} costs {TILES[str(a[0])].wood} wood × {game.price('wood')}; you have {seat.groschen}."
        return f"build one of your held tiles {seat.held} on one of your plots {plots_in_town(game.state, p)}."

    def take(self, game: KutnaHoraGame, at: Frame, action: Action) -> None:
        s, p = game.state, at.player
        tile_id, where = str(action.args[0]), int(action.args[1])
        tile = TILES[tile_id]
        cost = 0 if at.free else tile.wood * game.price("wood")
        s.markers[where] = -1
        game.emit("build.marker", f"{name(p)}'s plot marker on plot {where} returns to the board.", player=p)
        s.seats[p].held.remove(tile_id)
        pay(game, p, cost)
        s.town[where] = tile_id
        game.emit("barbara.8" if at.free else "build.pay-wood",
                  f"{name(p)} builds {tile_id} on plot {where}" + (" without paying wood." if at.free else
                                                                   f": {tile.wood} wood, {cost} groschen."),
                  player=p, tile=tile_id, plot=where, groschen=cost)
        if tile.guild == "public":
            _public_building(game, p, tile_id)
        else:
            s.town_owner[where] = p
            _guild_building(game, p, tile_id)


def _guild_building(game: KutnaHoraGame, p: int, tile_id: str) -> None:
    s = game.state
    seat = s.seats[p]
    tile = TILES[tile_id]
    good = GUILD_GOOD.value[tile.guild]
    seat.production[good] = seat.production.get(good, 0) + tile.production
    game.emit("build.production", f"{name(p)}'s {good} production rises by {tile.production} to "
              f"{seat.production[good]}.", player=p, good=good)
    prices.building_demand(game, good, tile.production)
    prices.draws_people(game, tile.population, "build.population", "building")
    if tile.extra == "tax+1":
        raise_tax(game, 1, "build.tax", f"the tax icon on {tile_id}")
    elif tile.extra == "st-barbara":
        barbara_action.flip(game, "build.flip-barbara")
    row = seat.guilds.index(tile.guild)
    col = seat.houses_taken[row]
    seat.houses_taken[row] += 1
    kind, n = approx.HOUSE_EFFECTS.value[row][col]
    game.emit("build.house", f"{name(p)} puts the leftmost house of the {tile.guild} row on {tile_id}; the "
              f"space it left shows {kind} +{n}.", player=p, row=row, column=col)
    # Resolved in this order: the technology tile (a tile effect) before the house's free public Rights.
    if kind == "public-rights":
        s.stack.append(Frame("rights", p, free=True, public_only=True))
    else:
        gain(game, p, kind, n, "build.house", "house effect")
    if tile.technology:
        if s.tech_stack:
            s.stack.append(Frame("tech", p, tile=s.tech_stack.pop()))
            game.emit("guild.technology-take", f"{name(p)} takes the top technology tile: everyone now draws "
                      f"{technology_level(s)} mine tiles.", player=p)
        else:
            game.emit("guild.technology-none", "No technology tile is left; the icon has no effect.")


def _public_building(game: KutnaHoraGame, p: int, tile_id: str) -> None:
    s = game.state
    tile = TILES[tile_id]
    game.emit("public.no-house", f"{tile_id} is a public building: no house, no owner, no production.")
    if s.bank[tile.colour]:
        s.bank[tile.colour] -= 1
        s.pool[tile.colour] += 1
        game.emit("public.noble", f"A {tile.colour} noble moves from the bank to the noble pool.",
                  colour=tile.colour)
    else:
        game.emit("pieces.nobles", f"No {tile.colour} noble is left in the bank; that part is ignored.")
    kind, n = tile.bonus
    gain(game, p, kind, n, "public.bonus", f"{tile.colour} public building")
    prices.draws_people(game, tile.population, "build.population", "building")

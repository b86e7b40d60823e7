"""The Build action (建物アクション, ギルド建物, 公共建物): build a held tile on one of your plots for its wood. A guild
building needs demand (no red ✗ on its good) and a house left in its guild's row.

In the text's order: the tile's printed effects are resolved (step 3: production, slider, decks, points,
reputation, pelicans, tax, nobles, a St. Barbara flip at once; a technology tile and a house to remove as
decisions, the technology tile 即座に), then a guild building takes the leftmost house of its row and resolves what
the space it left shows (step 5: points, reputation, pelicans, a free public building; several on one space). A
public building takes no house (公共建物を建設した場合には家効果を得ません)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, Automatic, seat_label

from . import barbara_action, prices
from .choice import PASS, Choice, Passable, act
from .data.components import GUILD_GOOD, Effect
from .effects import gain, pay
from .mine_action import technology_level
from .plot_action import plots_in_town
from .state import HOUSES_PER_ROW, Pending
from .tax import raise_tax

if TYPE_CHECKING:
    from .game import KutnaHoraGame


def build_blocker(game: KutnaHoraGame, p: int, tile_id: str) -> str | None:
    """Why ``p`` cannot build ``tile_id`` now regardless of money, or ``None``."""
    tile = game.tiles[tile_id]
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
    tiles = game.tiles
    out = []
    for tile_id in seat.held:
        if build_blocker(game, p, tile_id) is None:
            cost = 0 if free else tiles[tile_id].wood * wood
            if cost <= seat.groschen:
                out += [(tile_id, i, cost) for i in plots]
    return out


class Build(Passable):
    """Build a held tile on one of your plots, or pass."""

    form = "build TILE PLOT"
    presorted = True  # the builds by tile and plot, then pass: the kernel's sort of every listing is skipped

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        return (f"{seat_label(at.player)}: build a held tile on one of your plots"
                f"{' without paying wood' if at.free else ''}, or pass")

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        builds = sorted({(t, i) for t, i, _ in build_options(game, at.player, at.free)})  # a tile id, then a plot
        return [act("build", t, i) for t, i in builds] + [PASS]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        p, a = at.player, action.args
        seat = game.state.seats[p]
        if len(a) == 2 and a[0] in seat.held:
            why = build_blocker(game, p, str(a[0]))
            if why:
                return f"you cannot build {a[0]}: {why}."
            if a[1] not in plots_in_town(game.state, p):
                return f"plot {a[1]} does not carry your plot marker."
            return (f"{a[0]} costs {game.tiles[str(a[0])].wood} wood × {game.price('wood')}; you have "
                    f"{seat.groschen}.")
        return f"build one of your held tiles {seat.held} on one of your plots {plots_in_town(game.state, p)}."

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        if action.verb == "pass":
            return self.passed(game, at)
        s, p = game.state, at.player
        tile_id, where = str(action.args[0]), int(action.args[1])
        tile = game.tiles[tile_id]
        cost = 0 if at.free else tile.wood * game.price("wood")
        s.markers[where] = -1
        game.emit("build.marker", f"{seat_label(p)}'s plot marker on plot {where} returns to the board.", player=p)
        s.seats[p].held.remove(tile_id)
        pay(game, p, cost)
        s.town[where] = tile_id
        game.emit("barbara.8" if at.free else "build.pay-wood",
                  f"{seat_label(p)} builds {tile_id} on plot {where}" + (" without paying wood." if at.free else
                                                                   f": {tile.wood} wood, {cost} groschen."),
                  player=p, tile=tile_id, plot=where, groschen=cost)
        if tile.guild == "public":
            game.emit("public.no-house", f"{tile_id} is a public building: no house, no owner, no production.")
        else:
            s.town_owner[where] = p
            # Step 5 waits under the tile's own decisions (step 3): the house is taken once they are resolved.
            game.push(Pending("house-place", p, tile=tile_id))
        resolve_tile(game, p, tile_id)


def resolve_tile(game: KutnaHoraGame, p: int, tile_id: str) -> None:
    """Step 3: the tile's printed effects in printed order; those that ask a choice (a technology tile to place, a
    house to remove) wait on the stack in the same order, above step 5."""
    tile = game.tiles[tile_id]
    good = GUILD_GOOD.value.get(tile.guild, "")
    later: list[Pending] = []
    for effect in tile.effects:
        later += _tile_effect(game, p, tile_id, good, effect)
    game.state.stack += reversed(later)


def _tile_effect(game: KutnaHoraGame, p: int, tile_id: str, good: str, effect: Effect) -> list[Pending]:
    """One printed effect of a new building; returns the decisions it asks, in order."""
    s, kind, n = game.state, effect.kind, effect.amount
    seat = s.seats[p]
    if kind == "production":
        seat.production[good] = seat.production.get(good, 0) + n
        game.emit("build.production", f"{seat_label(p)}'s {good} production rises by {n} to {seat.production[good]}.",
                  player=p, good=good)
    elif kind in prices.STAND_EFFECTS:
        prices.stand_effect(game, good, kind, n)
    elif kind in ("points", "reputation", "pelicans"):
        gain(game, p, kind, n, "public.bonus" if not good else "build.bonus", f"{tile_id}")
    elif kind == "tax":
        raise_tax(game, n, "build.tax", f"the tax icon on {tile_id}")
    elif kind == "noble":
        _nobles_to_pool(game, effect.colour, n, "build.noble" if good else "public.noble")
    elif kind == "st-barbara":
        for _ in range(n):
            barbara_action.flip(game, "build.flip-barbara")
    elif kind == "technology":
        return _technology_tiles(game, p, n)
    elif kind == "remove-house":
        return [Pending("house-icon", p, tile=tile_id) for _ in range(n)]
    return []


def _nobles_to_pool(game: KutnaHoraGame, colour: str, n: int, rule: str) -> None:
    s = game.state
    for _ in range(n):
        if s.bank[colour]:
            s.bank[colour] -= 1
            s.pool[colour] += 1
            game.emit(rule, f"A {colour} noble moves from the bank to the noble pool.", colour=colour)
        else:
            game.emit("pieces.nobles", f"No {colour} noble is left in the bank; that part is ignored.")


def _technology_tiles(game: KutnaHoraGame, p: int, n: int) -> list[Pending]:
    """The top technology tile is taken (everyone's technology rises at once) and played at once (即座に)."""
    s = game.state
    out = []
    for _ in range(n):
        if s.tech_stack:
            out.append(Pending("tech", p, tile=s.tech_stack.pop()))
            game.emit("guild.technology-take", f"{seat_label(p)} takes the top technology tile: everyone now draws "
                      f"{technology_level(game)} mine tiles.", player=p)
        else:
            game.emit("guild.technology-none", "No technology tile is left; the icon has no effect.")
    return out


def house_rows(game: KutnaHoraGame, p: int, building: str) -> list[str]:
    """The guilds whose row can lose its leftmost house to a building's remove-house icon: any row with a house
    left, but the row of the guild building being built keeps the house that building still takes in step 5
    (``decision.remove-house-keeps-own``)."""
    seat = game.state.seats[p]
    own = game.tiles[building].guild if building else ""
    return [g for r, g in enumerate(seat.guilds)
            if seat.houses_taken[r] < HOUSES_PER_ROW - (1 if g == own else 0)]


class HouseIcon(Automatic):
    """A building's remove-house icon: the player chooses the row, unless no row can lose a house (then the icon
    has no effect)."""

    kind = "house-icon"

    def run(self, game: KutnaHoraGame, at: Pending) -> None:
        if house_rows(game, at.player, at.tile):
            game.push(Pending("remove-house", at.player, tile=at.tile))
        else:
            game.emit("build.remove-house", f"{seat_label(at.player)} has no house that {at.tile}'s icon "
                                            f"could remove; it "
                      "has no effect.", player=at.player)


class RemoveHouse(Choice):
    """A building's icon: remove the leftmost house of one of your rows (its effect ignored). Not optional: only
    actions and St. Barbara effects may be ignored (アクションと聖バルボラ効果の無視)."""

    kind = "remove-house"
    forms = {"house": "house GUILD"}
    written = "house GUILD"
    asks = "the building's icon - remove the leftmost house of one of your guild rows (its effect is ignored)"
    presorted = True  # the guilds by name

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        return [act("house", g) for g in sorted(house_rows(game, at.player, at.tile))]

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        p, guild = at.player, str(action.args[0])
        seat = game.state.seats[p]
        row = seat.guilds.index(guild)
        col = seat.houses_taken[row]
        seat.houses_taken[row] += 1
        seat.houses_removed += 1
        shown = ", ".join(e.words() for e in game.design.house_effects[row][col])
        game.emit("build.remove-house", f"{seat_label(p)} removes the leftmost {guild} house ({at.tile}'s icon); the "
                  f"space it leaves ({shown}) is ignored.", player=p, row=row, column=col)


class HousePlace(Automatic):
    """Step 5 of a guild building: the leftmost house of its row goes on the tile; the effects shown right of the
    space it left are resolved (a free public building waits as a decision; the points of that space come anyway)."""

    kind = "house-place"

    def run(self, game: KutnaHoraGame, at: Pending) -> None:
        s, p = game.state, at.player
        seat = s.seats[p]
        tile = game.tiles[at.tile]
        row = seat.guilds.index(tile.guild)
        col = seat.houses_taken[row]
        if col >= HOUSES_PER_ROW:  # cannot happen: a build needs a house and the icon keeps it (see house_rows)
            game.emit("pieces.out", f"No {tile.guild} house is left for {at.tile}.", player=p)
            return
        seat.houses_taken[row] += 1
        effects = game.design.house_effects[row][col]
        game.emit("build.house", f"{seat_label(p)} puts the leftmost house of the {tile.guild} row on {at.tile}; the "
                  f"space it left shows {', '.join(e.words() for e in effects)}.", player=p, row=row, column=col)
        rights = []
        for effect in effects:
            if effect.kind == "public-rights":
                rights += [Pending("rights", p, free=True, public_only=True) for _ in range(effect.amount)]
            else:
                gain(game, p, effect.kind, effect.amount, "build.house", "house effect")
        s.stack += rights

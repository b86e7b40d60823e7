"""The St. Barbara action (聖バルボラアクション, 聖バルボラ): spend a pelican to resolve the current St. Barbara tile
(its tax icon ignored), then turn it face down; after tile 11 the action gives 2 reputation. A tile can also be
flipped without effect (the marked guild buildings), which does raise the tax. Three tiles ask a choice: remove
a house (3), put a noble from the bank in the council (6), score one of your buildings (10)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from games.core import Action, Automatic, seat_label

from . import nobles, town
from .choice import PASS, Passable, act
from .data import rulebook
from .data.components import GUILD_GOOD
from .effects import points, reputation
from .pieces import can_take
from .state import HOUSES_PER_ROW, Pending
from .tax import raise_tax

if TYPE_CHECKING:
    from .game import KutnaHoraGame

#: The noble colours by name: the order a listing is sorted in.
_COLOURS_SORTED = tuple(sorted(rulebook.NOBLE_COLOURS))


def start(game: KutnaHoraGame, p: int) -> None:
    """Spend a pelican; the current tile is resolved next (after tile 11: 2 reputation instead)."""
    s = game.state
    seat = s.seats[p]
    seat.pelicans -= 1
    seat.used_pelicans += 1
    game.emit("barbara.pelican", f"{seat_label(p)} spends a pelican (turned to its silver side).", player=p)
    if s.barbara >= rulebook.ST_BARBARA_TILES.value:
        reputation(game, p, rulebook.TILE_11_REPUTATION.value, "barbara.after-11",
                   "St. Barbara after tile 11 was turned over")
    else:
        tile = s.barbara + 1
        game.emit("barbara.current", f"St. Barbara tile {tile} is resolved (its tax icon ignored); then it is turned "
                  "face down.", player=p, tile=tile)
        # The tile stays current while its effect (and every choice of it) is resolved; it is turned after.
        s.stack += [Pending("barbara-turn", p, barbara=tile), Pending("barbara", p, barbara=tile)]


def flip(game: KutnaHoraGame, rule: str) -> None:
    """Turn the current tile face down with no effect for anyone; its tax icon counts."""
    s = game.state
    if s.barbara >= rulebook.ST_BARBARA_TILES.value:
        game.emit("barbara.flip-none", f"All {rulebook.ST_BARBARA_TILES.value} St. Barbara tiles are done: flipping "
                  "has no effect.")
        return
    tile = s.barbara + 1
    s.barbara = tile
    game.emit(rule, f"St. Barbara tile {tile} is turned face down; nobody gets its effect.", tile=tile)
    raise_tax(game, game.design.st_barbara_tax[tile - 1], "barbara.flip-tax", f"the tax icon on tile {tile}")


# ---------------------------------------------------------------- the eleven tiles (rule ids barbara.1 ... 11)
def _reputation_2(game: KutnaHoraGame, p: int) -> None:
    reputation(game, p, 2, "barbara.1", "St. Barbara 1")


def _free_rights(game: KutnaHoraGame, p: int) -> None:
    reputation(game, p, 1, "barbara.2", "St. Barbara 2")
    if can_take(game, p, "rights"):
        game.push(Pending("rights", p, free=True))


def _remove_house(game: KutnaHoraGame, p: int) -> None:
    reputation(game, p, -1, "barbara.3", "St. Barbara 3")
    if any(t < HOUSES_PER_ROW for t in game.state.seats[p].houses_taken):
        game.push(Pending("house", p))


def _free_plot_anywhere(game: KutnaHoraGame, p: int) -> None:
    reputation(game, p, 1, "barbara.4", "St. Barbara 4")
    if can_take(game, p, "plot"):
        game.push(Pending("plot", p, free=True, anywhere=True))


def _two_incomes(game: KutnaHoraGame, p: int) -> None:
    reputation(game, p, -2, "barbara.5", "St. Barbara 5")
    game.state.stack += [Pending("income", p), Pending("income", p)]


def _noble_from_the_bank(game: KutnaHoraGame, p: int) -> None:
    points(game, p, 2, "barbara.6", "St. Barbara 6")
    if any(game.state.bank.values()):
        game.push(Pending("noble", p))


def _public_neighbours(game: KutnaHoraGame, p: int) -> None:
    s = game.state
    n = nobles.green(s.town, s.town_owner, game.size, p)
    reputation(game, p, n, "barbara.7", f"{n} public building{'s' if n != 1 else ''} next to your buildings")
    if not n:
        game.emit("barbara.7", f"{seat_label(p)} has no building next to a public building: no reputation.", player=p)


def _free_build(game: KutnaHoraGame, p: int) -> None:
    points(game, p, 1, "barbara.8", "St. Barbara 8")
    if can_take(game, p, "build"):
        game.push(Pending("build", p, free=True))


def _two_free_mines(game: KutnaHoraGame, p: int) -> None:
    game.emit("barbara.9", f"{seat_label(p)} takes 2 Mine actions without paying wood, with miners from the reserve.",
              player=p)
    game.state.stack += [Pending("mine-draw", p, free=True, reserve_first=True) for _ in range(2)]


def _score_a_building(game: KutnaHoraGame, p: int) -> None:
    if p in game.state.town_owner:
        game.push(Pending("score", p))


def _points_5(game: KutnaHoraGame, p: int) -> None:
    points(game, p, 5, "barbara.11", "St. Barbara 11; the tile is turned over")


_TILES: dict[int, Callable[[KutnaHoraGame, int], None]] = {
    1: _reputation_2, 2: _free_rights, 3: _remove_house, 4: _free_plot_anywhere, 5: _two_incomes,
    6: _noble_from_the_bank, 7: _public_neighbours, 8: _free_build, 9: _two_free_mines, 10: _score_a_building,
    11: _points_5}


class Barbara(Automatic):
    """The effect of the St. Barbara tile being resolved (the tile is still the current one)."""

    kind = "barbara"

    def run(self, game: KutnaHoraGame, at: Pending) -> None:
        _TILES[at.barbara](game, at.player)


class BarbaraTurn(Automatic):
    """The tile's effect is resolved: the tile is turned face down and the next one becomes current. A guild
    building may have turned it already while its effect was resolved (tile 8's free build); then nothing is left
    to turn (``decision.barbara-flip-during-effect``)."""

    kind = "barbara-turn"

    def run(self, game: KutnaHoraGame, at: Pending) -> None:
        s = game.state
        if s.barbara < at.barbara:
            s.barbara = at.barbara
            after = (f"tile {at.barbara + 1} is now current" if at.barbara < rulebook.ST_BARBARA_TILES.value
                     else f"all {rulebook.ST_BARBARA_TILES.value} tiles are done")
            game.emit("barbara.current", f"St. Barbara tile {at.barbara} is turned face down; {after}.",
                      player=at.player, tile=at.barbara, turned=True)
        else:
            game.emit("decision.barbara-flip-during-effect", f"St. Barbara tile {at.barbara} was already turned "
                      "face down by a building during its effect; the next tile stays face up.",
                      player=at.player, tile=at.barbara)


# ---------------------------------------------------------------- the choices of tiles 3, 6 and 10
class House(Passable):
    """Tile 3: remove the leftmost house of a guild row (no house effect; that good's production +2), or pass."""

    form = "house GUILD"
    presorted = True  # the guilds by name, then pass: the kernel's sort of every listing is skipped
    asks = "St. Barbara 3 - remove the leftmost house of a guild row (production +2), or pass"

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        seat = game.state.seats[at.player]
        rows = sorted({g for r, g in enumerate(seat.guilds) if seat.houses_taken[r] < HOUSES_PER_ROW})
        return [act("house", g) for g in rows] + [PASS]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        guild = action.args[0]
        if guild not in game.state.seats[at.player].guilds:
            return f"your board has no {guild} row."
        return f"your {guild} row has no house left."

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        if action.verb == "pass":
            return self.passed(game, at)
        p, guild = at.player, str(action.args[0])
        seat = game.state.seats[p]
        seat.houses_taken[seat.guilds.index(guild)] += 1
        seat.houses_removed += 1
        good = GUILD_GOOD.value[guild]
        seat.production[good] = seat.production.get(good, 0) + 2
        game.emit("barbara.3", f"{seat_label(p)} removes the leftmost {guild} house (no house effect); "
                               f"{good} production "
                  f"+2 to {seat.production[good]}.", player=p)


class Noble(Passable):
    """Tile 6: put a noble from the bank in the council, or pass."""

    form = "noble COLOUR"
    presorted = True  # the colours by name, then pass: the kernel's sort of every listing is skipped
    asks = "St. Barbara 6 - put a noble from the bank in the council, or pass"

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        return [act("noble", c) for c in _COLOURS_SORTED if game.state.bank[c]] + [PASS]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        colour = action.args[0]
        if colour not in rulebook.NOBLE_COLOURS:
            return f"there are no {colour} nobles: the nobles are {', '.join(rulebook.NOBLE_COLOURS)}."
        return f"there is no {colour} noble left in the bank."

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        if action.verb == "pass":
            return self.passed(game, at)
        colour = str(action.args[0])
        game.state.bank[colour] -= 1
        game.state.council[colour] += 1
        game.emit("barbara.6", f"{seat_label(at.player)} puts a {colour} noble from the bank into the council.",
                  player=at.player)


class Score(Passable):
    """Tile 10: one of your buildings scores its icon matching now, as at the end of the game; or pass."""

    form = "score PLOT"
    asks = "St. Barbara 10 - score one of your buildings, or pass"
    presorted = True  # pass, then the plots by number

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        return [PASS] + [act("score", i) for i, o in enumerate(game.state.town_owner) if o == at.player]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        plot, s = action.args[0], game.state
        if not isinstance(plot, int) or not 0 <= plot < len(s.town):
            return f"there is no plot {plot}; the plots are numbered 0 to {len(s.town) - 1}."
        return f"plot {plot} holds no building of yours." if s.town[plot] else f"plot {plot} holds no building."

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        if action.verb == "pass":
            return self.passed(game, at)
        s, plot = game.state, int(action.args[0])
        match = town.matching(plot, s.town, game.size)
        points(game, at.player, match.points, "barbara.10", f"{s.town[plot]} scored as at game end")

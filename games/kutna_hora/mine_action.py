"""The Mine action (鉱山アクション, 採掘規則): with a miner in the pool (or a permit bought for 1-2 more), draw as
many mine tiles as the technology level says, keep one and build it on an open space for its wood, discard the
rest. A mine brings ore production, population and points. Technology tiles (from miners' buildings) are placed
the same way as free mines, or removed from the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core import Action, Automatic, seat_label

from . import mines, prices
from .choice import PASS, Choice, Passable, act
from .data import rulebook
from .effects import pay, points
from .state import Pending

if TYPE_CHECKING:
    from .game import KutnaHoraGame

_DISCARD = act("discard")
_TECH_REMOVE = act("tech-remove")


def technology_level(game: KutnaHoraGame) -> int:
    """Mine tiles each Mine action draws now."""
    return mines.technology_level(rulebook.TECHNOLOGY_TILES.value - len(game.state.tech_stack),
                                  game.design.tech_draws)


def mine_options(game: KutnaHoraGame, p: int, free: bool) -> dict[int, int]:
    """Space -> groschen for every space a mine may go on now."""
    wood = game.price("wood")
    money = game.state.seats[p].groschen
    spaces = mines.open_spaces(game.state.mine)
    if free:
        return dict.fromkeys(spaces, 0)
    return {i: w * wood for i, w in spaces.items() if w * wood <= money}


def closed_space(game: KutnaHoraGame, where: object) -> str:
    """Why no mine may go on ``where`` (as written), a space that is not open now: the one reason that holds."""
    cells = game.state.mine
    if isinstance(where, bool) or not isinstance(where, int) or not 0 <= where < len(cells):
        return f"there is no space {where}; the mine's spaces are numbered 0 to {len(cells) - 1}."
    cell = cells[where]
    if cell in mines.ROCKS:
        return f"space {where} is a rock: no mine goes on a rock."
    if cell:
        owner = game.state.mine_owner[where]
        return (f"space {where} is taken: " + (f"{seat_label(owner)}'s mine {cell}" if owner >= 0 else f"mine {cell}")
                + " is on it.")
    return (f"space {where} is not next to a mine: a space needs a mine left or right of it or above it (a mine never "
            "opens the space above it), unless it is an entrance.")


def can_top_up(game: KutnaHoraGame, p: int) -> bool:
    """With the ``top_up`` option: a pool holding a miner but not yet 2 may be filled by a permit first."""
    seat = game.state.seats[p]
    return (game.config.top_up and 0 < seat.pool < rulebook.POOL_MAX.value and seat.reserve > 0
            and game.price("permits") <= seat.groschen)


def start(game: KutnaHoraGame, p: int) -> None:
    """Mine needs a miner in the pool; with none there, the player may first buy a permit for more (with the
    ``top_up`` option also while the pool holds one miner)."""
    if game.state.seats[p].pool == 0 or can_top_up(game, p):
        game.push(Pending("miners", p))
    else:
        game.push(Pending("mine-draw", p))


class Miners(Passable):
    """Step 1 of Mine: buy a permit to move up to 2 miners from the reserve into the pool (never more than 2 there),
    or pass. With the ``top_up`` option and a miner already in the pool, ``miners 0`` goes on without a permit."""

    form = "miners 0|1|2"
    written = "miners 1, miners 2 or pass"
    presorted = True  # (miners 0,) miners 1, miners 2, pass

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        permit = f"a permit ({game.price('permits')} groschen)"
        pool = game.state.seats[at.player].pool
        if pool:  # only with the top_up option: a pool short of its limit
            return (f"{seat_label(at.player)}: your miner pool holds {pool} miner - buy {permit} for "
                    f"{rulebook.POOL_MAX.value - pool} more (miners 1), go on without (miners 0), or pass")
        return (f"{seat_label(at.player)}: your miner pool is empty - buy {permit} for 1 or "
                f"{rulebook.MINERS_PER_PERMIT.value} miners, or pass")

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        seat = game.state.seats[at.player]
        keep = [act("miners", 0)] if seat.pool else []
        if game.price("permits") > seat.groschen:
            return keep + [PASS]
        room = min(seat.reserve, rulebook.MINERS_PER_PERMIT.value, rulebook.POOL_MAX.value - seat.pool)
        return keep + [act("miners", m) for m in range(1, room + 1)] + [PASS]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        seat = game.state.seats[at.player]
        return (f"a permit costs {game.price('permits')} (you have {seat.groschen}); 1 or "
                f"{rulebook.MINERS_PER_PERMIT.value} miners, reserve {seat.reserve}.")

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        if action.verb == "pass":
            return self.passed(game, at)
        p, n = at.player, int(action.args[0])
        seat = game.state.seats[p]
        if n == 0:
            game.emit("decision.pool-top-up", f"{seat_label(p)} buys no permit and mines with the miner in the pool.",
                      player=p)
            game.push(Pending("mine-draw", p))
            return
        cost = game.price("permits")
        pay(game, p, cost)
        seat.reserve -= n
        seat.pool += n
        game.emit("mine.permit", f"{seat_label(p)} buys a permit for {cost} groschen and moves {n} miner"
                  f"{'s' if n > 1 else ''} into the pool.", player=p, groschen=cost)
        game.push(Pending("mine-draw", p))


class MineDraw(Automatic):
    """Draw mine tiles (the discards are reshuffled when the stack runs out); then the player keeps one."""

    kind = "mine-draw"

    def run(self, game: KutnaHoraGame, at: Pending) -> None:
        s, p = game.state, at.player
        seat = s.seats[p]
        if (seat.pool == 0 and not at.reserve_first) or seat.pool + seat.reserve == 0:
            game.emit("pieces.out", f"{seat_label(p)} has no miner to place: the Mine action has no effect.", player=p)
            return
        want = technology_level(game)
        drawn = []
        for _ in range(want):
            if not s.mine_stack:
                if not s.mine_discard:
                    break
                s.mine_stack = list(s.mine_discard)
                s.mine_discard = []
                game.rng.shuffle(s.mine_stack)
                game.emit("mine.reshuffle", "The mine tile stack is empty: the discards are shuffled into a new "
                          "stack (I, II and III now mixed).")
            drawn.append(s.mine_stack.pop())
        if not drawn:
            game.emit("pieces.out", "No mine tile is left to draw: the Mine action has no effect.", player=p)
            return
        s.mine_drawn = drawn
        game.emit("mine.draw", f"{seat_label(p)} draws {len(drawn)} mine tile{'s' if len(drawn) > 1 else ''} "
                  f"(technology level {want}).", player=p, tiles=len(drawn))
        game.push(Pending("mine", p, free=at.free, reserve_first=at.reserve_first))


class KeepMine(Choice):
    """Keep one drawn tile and build it on an open space (paying its wood unless free), or discard them all."""

    kind = "mine"
    forms = {"mine": "mine TILE SPACE", "discard": "discard"}
    written = "mine TILE SPACE or discard"
    presorted = True  # discard, then by tile and space

    def prompt(self, game: KutnaHoraGame, at: Pending) -> str:
        # The prompt is public: it says how many tiles were drawn, never which (observe shows the drawer).
        n = len(game.state.mine_drawn)
        return (f"{seat_label(at.player)}: keep one of {n} drawn mine tile{'s' if n > 1 else ''} and choose its space, "
                "or discard all")

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        spaces = mine_options(game, at.player, at.free)
        return [_DISCARD] + [act("mine", t, i) for t in sorted(game.state.mine_drawn) for i in spaces]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        s, a = game.state, action.args
        if len(a) != 2 or a[0] not in s.mine_drawn:
            return f"keep one of the drawn tiles {s.mine_drawn}: 'mine TILE SPACE'."
        spaces = mines.open_spaces(s.mine)
        if a[1] not in spaces:
            return f"no mine may go on space {a[1]}: {closed_space(game, a[1])}"
        return (f"space {a[1]} costs {spaces[a[1]]} wood × {game.price('wood')} and you have "
                f"{s.seats[at.player].groschen}.")

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        s, p = game.state, at.player
        drawn, s.mine_drawn = s.mine_drawn, []
        if action.verb == "discard":
            s.mine_discard += drawn
            game.emit("mine.discard-all", f"{seat_label(p)} discards every drawn tile and builds no mine.", player=p)
            return
        tile_id, where = str(action.args[0]), int(action.args[1])
        drawn.remove(tile_id)
        s.mine_discard += drawn
        wood = mines.space_wood(s.mine, where)
        if at.free:
            game.emit("barbara.9", f"{seat_label(p)} builds the mine without paying wood.", player=p)
        else:
            cost = wood * game.price("wood")
            pay(game, p, cost)
            rule = "mine.entrance" if where in mines.ENTRANCE_SPACES else "mine.neighbour-cost"
            game.emit(rule, f"{seat_label(p)} pays {wood} wood × {game.price('wood')} = {cost} groschen for space "
                      f"{where}.", player=p, groschen=cost)
        put_mine(game, p, tile_id, where, reserve_first=at.reserve_first)


class Tech(Choice):
    """Place the technology tile just taken as a free mine, or remove it from the game."""

    kind = "tech"
    forms = {"tech": "tech SPACE", "tech-remove": "tech-remove"}
    written = "tech SPACE or tech-remove"
    asks = "place the technology tile as a free mine, or remove it from the game"
    presorted = True  # the spaces by number, then tech-remove

    def options(self, game: KutnaHoraGame, at: Pending) -> list[Action]:
        seat = game.state.seats[at.player]
        if not seat.pool + seat.reserve:
            return [_TECH_REMOVE]
        return [act("tech", i) for i in mines.open_spaces(game.state.mine)] + [_TECH_REMOVE]

    def refusal(self, game: KutnaHoraGame, at: Pending, action: Action) -> str:
        seat = game.state.seats[at.player]
        if not seat.pool + seat.reserve:
            return "you have no miner left to put on the tile: remove it from the game instead."
        return f"no mine may go on space {action.args[0]}: {closed_space(game, action.args[0])}"

    def apply(self, game: KutnaHoraGame, at: Pending, action: Action) -> None:
        p = at.player
        if action.verb == "tech-remove":
            game.state.tech_removed.append(at.tile)
            game.emit("mine.tech-remove", f"{seat_label(p)} removes technology tile {at.tile} from the game.", player=p)
            return
        game.emit("guild.technology", f"{seat_label(p)} plays technology tile {at.tile} as a free mine.", player=p)
        put_mine(game, p, at.tile, int(action.args[0]), reserve_first=True)


def put_mine(game: KutnaHoraGame, p: int, tile_id: str, where: int, reserve_first: bool) -> None:
    """A mine goes on the board with one of ``p``'s miners, and its ore, population and points take effect."""
    s = game.state
    seat = s.seats[p]
    if reserve_first and seat.reserve:
        seat.reserve -= 1
    elif seat.pool:
        seat.pool -= 1
    else:
        seat.reserve -= 1
    s.mine[where], s.mine_owner[where] = tile_id, p
    tile = mines.TILES[tile_id]
    r, c = mines.row_col(where)
    game.emit("mine.place", f"{seat_label(p)} puts mine {tile_id} on row {r + 1}, column {c + 1} with a miner.",
              player=p, tile=tile_id, space=where)
    if tile.ore:
        seat.mine_ore += tile.ore
        game.emit("mine.ore", f"{seat_label(p)}'s ore production from mines rises by {tile.ore} to {seat.mine_ore}; "
                  f"the ore deck advances {tile.ore}.", player=p)
        prices.advance(game, "ore", tile.ore)
    prices.draws_people(game, tile.population, "mine.population", "mine")
    points(game, p, tile.points, "mine.points", f"mine {tile_id}")

"""The town hall board: rows of building stacks and the cost of Rights (JA 独占権アクション, ゲームの準備 4-5).

Each row is a list of stacks from left to right; a stack's tiles are listed bottom first, so ``tiles[-1]`` is the
top, the only tile that can be taken. Taking a tile (or a town-builds discard) moves its stack to the end of the
row and the others shift left. A stack that runs out leaves the row (our reading: an empty stack is no stack).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from games.core import Record, Rng

from .data.components import GUILD_BUILDINGS, GUILD_COLUMNS, PUBLIC_BUILDINGS, PUBLIC_STACK_ROWS, RIGHTS_COSTS


@dataclass(slots=True)
class Stack(Record):
    """One stack of building tiles. Never changed in place (a tile taken leaves a new stack of the rest), so copies
    of the town hall share their stacks. (Not a frozen dataclass: making one costs several times as much, and the
    price sandbox makes one at every Rights.)"""

    kind: str  # "guild" or "public"
    name: str  # the guild, or the noble colour of a public stack
    tiles: tuple[str, ...]  # bottom first; tiles[-1] is on top


@dataclass(slots=True)
class TownHall(Record):
    rows: list[list[Stack]]
    discards: list[str]

    def copy(self) -> TownHall:
        """A copy with rows of its own holding the same stacks (a stack never changes: :class:`Stack`). Every
        position a bot looks at copies the town hall, and copying each stack was half of a state's copy."""
        return TownHall([[*row] for row in self.rows], [*self.discards])


#: Each guild's marked tiles and its other tiles, in the order of the component list (read once).
_GUILD_TILES = {guild: ([t.id for t in GUILD_BUILDINGS if t.guild == guild and t.marked],
                        [t.id for t in GUILD_BUILDINGS if t.guild == guild and not t.marked])
                for guild in sorted({t.guild for t in GUILD_BUILDINGS})}
#: Each public stack's tiles, in the order of the component list.
_PUBLIC_TILES = {colour: [t.id for t in PUBLIC_BUILDINGS if t.colour == colour] for colour in PUBLIC_STACK_ROWS.value}


def new_town_hall(rng: Rng) -> TownHall:
    """Setup: marked guild tiles shuffled onto the two left columns with the other three of their guild shuffled
    on top; green, silver and yellow public stacks (each shuffled) in the third column."""
    guilds = list(_GUILD_TILES)  # sorted
    rng.shuffle(guilds)  # which marked tile lands on which of the 6 spaces
    stacks = []
    for guild in guilds:
        marked, others = _GUILD_TILES[guild]
        others = list(others)
        rng.shuffle(others)
        stacks.append(Stack("guild", guild, (*marked, *others)))
    per_row = GUILD_COLUMNS.value
    rows = [stacks[r * per_row:(r + 1) * per_row] for r in range(len(PUBLIC_STACK_ROWS.value))]
    for row, colour in zip(rows, PUBLIC_STACK_ROWS.value, strict=True):
        tiles = list(_PUBLIC_TILES[colour])
        rng.shuffle(tiles)
        row.append(Stack("public", colour, tuple(tiles)))
    return TownHall(rows, [])


def find(hall: TownHall, name: str) -> tuple[int, int] | None:
    """(row, column) of the stack of a guild or public colour, or ``None`` when it has run out."""
    for r, row in enumerate(hall.rows):
        for c, stack in enumerate(row):
            if stack.name == name:
                return r, c
    return None


def rights_cost(column: int, costs: Sequence[tuple[str, int]] = RIGHTS_COSTS.value) -> tuple[str, int]:
    """What Rights to a tile in ``column`` costs: ``("groschen", 1)`` or ``("permits", n)`` (``costs``: by column, a
    game's designed costs or the printed ones)."""
    return costs[column]


def take_top(hall: TownHall, row: int, column: int) -> str:
    """Remove the top tile of a stack and move the stack to the end of its row."""
    stack = hall.rows[row].pop(column)
    if len(stack.tiles) > 1:
        hall.rows[row].append(Stack(stack.kind, stack.name, stack.tiles[:-1]))
    return stack.tiles[-1]


def discard_top(hall: TownHall, guild: str) -> str | None:
    """Town builds: discard the top tile of ``guild``'s stack (``None`` if it has run out)."""
    where = find(hall, guild)
    if where is None:
        return None
    tile = take_top(hall, *where)
    hall.discards.append(tile)
    return tile

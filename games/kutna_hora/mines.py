"""The mine board: where a mine may go and what it costs, stars per row, and final mine scoring (JA 鉱山アクション,
忘れやすいルール, 最終得点計算 鉱山).

The board is a flat list of cells, row by row from the top: ``""`` for an empty space, ``"rock-N"`` for a rock,
or a mine tile id (``"ii-3"``; ``"t-1"`` for a technology tile; lower case so actions can name them). A
parallel list holds each mine's owner (-1 for none). Spaces are numbered ``row * columns + column``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .data.approx import ENTRANCES, MINE_GRID, MINE_TILES, ROCK_STARS, TECH_DRAWS, TECH_TILES, row_values
from .data.rulebook import ENTRANCE_WOOD

ROWS, COLUMNS = MINE_GRID.value
TILES = {t.id: t for t in MINE_TILES + TECH_TILES}
ROCKS = {f"rock-{i}": stars for i, stars in enumerate(ROCK_STARS.value, 1)}
ENTRANCE_SPACES = frozenset(r * COLUMNS + c for r, c in ENTRANCES.value)


def space(row: int, column: int) -> int:
    return row * COLUMNS + column


def row_col(index: int) -> tuple[int, int]:
    return divmod(index, COLUMNS)


def technology_level(taken: int, draws: Sequence[int] = TECH_DRAWS.value) -> int:
    """Mine tiles drawn per Mine action once ``taken`` technology tiles have left their stack (in a game: placed,
    removed or being placed; on a board of its own: those on it): 1 at the start, one more per tile (approx).
    ``draws`` is the draw by tiles taken (a game's designed ``tech_draws``)."""
    return draws[taken]


def stars(cell: str) -> int:
    """Stars on a cell: a rock's or a mine tile's (0 for an empty space)."""
    if not cell:
        return 0
    if cell in ROCKS:
        return ROCKS[cell]
    return TILES[cell].stars


def is_mine(cell: str) -> bool:
    return bool(cell) and cell not in ROCKS


def open_spaces(cells: Sequence[str]) -> dict[int, int]:
    """Every space where a mine may be built now, with its cost in wood.

    An entrance costs 2 wood. Any other empty space needs a mine left of it, right of it or above it (a mine
    gives access to the space below it, never above), and costs the highest of those mines' printed costs, not
    their sum. Rocks and existing mines are never open."""
    out: dict[int, int] = {}
    for i, cell in enumerate(cells):
        if cell:
            continue
        if i in ENTRANCE_SPACES:
            out[i] = ENTRANCE_WOOD.value
            continue
        costs = [TILES[near].cost for j in _ACCESS[i] if (near := cells[j]) and near not in ROCKS]  # is_mine(near)
        if costs:
            out[i] = max(costs)
    return out


def space_wood(cells: Sequence[str], index: int) -> int:
    """What :func:`open_spaces` asks for space ``index``, one of the spaces it lists (its wood alone)."""
    if index in ENTRANCE_SPACES:
        return ENTRANCE_WOOD.value
    return max(TILES[cells[j]].cost for j in _ACCESS[index] if is_mine(cells[j]))


def _access_neighbours(r: int, c: int) -> list[int]:
    out = []
    if c > 0:
        out.append(space(r, c - 1))
    if c < COLUMNS - 1:
        out.append(space(r, c + 1))
    if r > 0:
        out.append(space(r - 1, c))  # the mine above opens the space below it
    return out


#: The spaces whose mines open each space (:func:`_access_neighbours`), by space number.
_ACCESS = tuple(tuple(_access_neighbours(*divmod(i, COLUMNS))) for i in range(ROWS * COLUMNS))


def row_stars(cells: Sequence[str], row: int) -> int:
    """All stars in a row, rocks included: they set the row's value."""
    return sum(stars(cells[space(row, c)]) for c in range(COLUMNS))


def rank_points(player_stars: Sequence[int], values: Sequence[int]) -> list[int]:
    """Points per player for one row: rank by stars; tied players all score their rank in full and the next
    ranks are skipped; a player with no stars scores nothing.

    >>> rank_points([2, 2, 1, 0], (3, 2, 1))   # the rulebook's 6-star row: purple, blue, green, orange
    [3, 3, 1, 0]
    """
    out = []
    for mine in player_stars:
        if mine <= 0:
            out.append(0)
            continue
        rank = sum(1 for other in player_stars if other > mine)
        out.append(values[rank] if rank < len(values) else 0)
    return out


@dataclass(frozen=True, slots=True)
class RowScore:
    row: int
    stars: int
    values: tuple[int, int, int]
    player_stars: tuple[int, ...]
    points: tuple[int, ...]


def score_rows(cells: Sequence[str], owners: Sequence[int], players: int) -> list[RowScore]:
    """Final mine scoring, row by row."""
    return [score_row(cells, owners, players, row) for row in range(ROWS)]


def score_row(cells: Sequence[str], owners: Sequence[int], players: int, row: int) -> RowScore:
    """Final mine scoring of one row (it reads that row's cells only)."""
    total, mine = 0, [0] * players
    for i in range(row * COLUMNS, (row + 1) * COLUMNS):
        n = stars(cells[i])
        total += n
        if owners[i] >= 0:
            mine[owners[i]] += n
    values = row_values(total)
    return RowScore(row=row, stars=total, values=values, player_stars=tuple(mine),
                    points=tuple(rank_points(mine, values)))


def mines_per_row(owners: Sequence[int], player: int) -> list[int]:
    """How many mines ``player`` has in each row (the yellow noble's count)."""
    return [sum(1 for c in range(COLUMNS) if owners[space(r, c)] == player) for r in range(ROWS)]


def snapshot(cells: Sequence[str], owners: Sequence[int]) -> dict:
    """The board as views draw it: every cell with its tile numbers, owner and whether a mine may go there now."""
    costs = open_spaces(cells)
    out_cells = []
    for i, cell in enumerate(cells):
        entry: dict = {"tile": cell, "owner": owners[i], "entrance": i in ENTRANCE_SPACES,
                       "open": i in costs, "cost_here": costs.get(i, 0)}
        if cell in ROCKS:
            entry.update(kind="rock", stars=ROCKS[cell])
        elif cell:
            t = TILES[cell]
            entry.update(kind="tech" if t.back == "tech" else "mine", back=t.back, cost=t.cost, ore=t.ore,
                         population=t.population, points=t.points, stars=t.stars)
        else:
            entry.update(kind="", stars=0)
        out_cells.append(entry)
    totals = [row_stars(cells, r) for r in range(ROWS)]
    rows = [{"row": r, "stars": n, "values": list(row_values(n))} for r, n in enumerate(totals)]
    return {"rows": ROWS, "columns": COLUMNS, "cells": out_cells, "row_info": rows}

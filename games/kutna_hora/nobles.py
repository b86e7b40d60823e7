"""Noble scoring at the end of each of the last three rounds (JA 貴族の得点計算).

Every noble in the council scores for every player; a colour's points are its formula times the nobles of that
colour in the council. The four formulas:

* green: for each of your buildings, 1 point per adjacent public building;
* silver: 3 points per 2 used pelicans (rounded down);
* yellow: 2 points with at least 1 mine in every mine row, 4 with at least 2 in every row (2 or 4, never 6);
* red: 3 points per column of your player board emptied of houses.
"""

from __future__ import annotations

from typing import Mapping, Protocol, Sequence

from .data.rulebook import NOBLE_COLOURS, RED_NOBLE, SILVER_NOBLE, YELLOW_NOBLE
from .town import adjacent_public


class NobleNumbers(Protocol):
    """The noble numbers a game is played with (``parameters.Design``)."""

    silver_noble: tuple[int, int]
    yellow_noble: Sequence[tuple[int, int]]
    red_noble: int


def green(buildings: Sequence[str], owners: Sequence[int], size: int, player: int) -> int:
    return sum(adjacent_public(i, buildings, size) for i in range(size * size) if owners[i] == player)


def silver(used_pelicans: int, rule: tuple[int, int] = SILVER_NOBLE.value) -> int:
    """``rule``: (used pelicans, points) - the printed 3 points per 2 pelicans, or a game's designed numbers."""
    per, points = rule
    return used_pelicans // per * points


def yellow(mines_per_row: Sequence[int], steps: Sequence[tuple[int, int]] = YELLOW_NOBLE.value) -> int:
    """``steps``: (mines in every row, points), the last step reached counts."""
    best = 0
    for need, points in steps:
        if mines_per_row and min(mines_per_row) >= need:
            best = points
    return best


def red(houses_taken_per_row: Sequence[int], points: int = RED_NOBLE.value) -> int:
    """Houses leave a row from the left, so column k is empty once every row has lost more than k houses."""
    return points * (min(houses_taken_per_row) if houses_taken_per_row else 0)


def per_noble(buildings: Sequence[str], owners: Sequence[int], size: int, player: int, used_pelicans: int,
              mines_per_row: Sequence[int], houses_taken_per_row: Sequence[int],
              design: NobleNumbers | None = None) -> dict[str, int]:
    """What one noble of each colour scores for ``player`` now (``design``: a game's designed noble numbers, by
    default the printed ones)."""
    if design is None:
        return {"green": green(buildings, owners, size, player), "silver": silver(used_pelicans),
                "yellow": yellow(mines_per_row), "red": red(houses_taken_per_row)}
    return {"green": green(buildings, owners, size, player), "silver": silver(used_pelicans, design.silver_noble),
            "yellow": yellow(mines_per_row, design.yellow_noble), "red": red(houses_taken_per_row, design.red_noble)}


def total(per: Mapping[str, int], council: Mapping[str, int]) -> int:
    return sum(per[c] * council.get(c, 0) for c in NOBLE_COLOURS)
